package main

import (
	"errors"
	"math"
	"math/rand"
	"testing"
)

func TestFitPowerLawRecoversExponent(t *testing.T) {
	cases := []struct {
		name     string
		c, k     float64
		noise    float64 // multiplicative, uniform in [1-noise, 1+noise]
		tol      float64
		sizes    []int
		minR2    float64
		wantPts  int
		wantMinN int
	}{
		{"exact quartic, as the closure of an unrelated pair", 2e-9, 4, 0, 1e-9, []int{10, 20, 40, 80}, 1, 4, 10},
		{"exact linear", 3e-6, 1, 0, 1e-9, []int{10, 14, 20, 28, 40, 56, 80, 113, 160, 226, 320}, 1, 11, 10},
		{"sixth power with 10% noise, as the official on unrelated pairs", 1e-8, 6, 0.1, 0.15, []int{10, 14, 20, 28, 40}, 0.99, 5, 10},
		{"two points give the slope between them", 5, 2.5, 0, 1e-9, []int{7, 9}, 1, 2, 7},
	}
	rng := rand.New(rand.NewSource(1))
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ts := make([]float64, len(c.sizes))
			for i, n := range c.sizes {
				ts[i] = c.c * math.Pow(float64(n), c.k) * (1 + c.noise*(2*rng.Float64()-1))
			}
			f, err := fitPowerLaw(c.sizes, ts)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(f.Exponent-c.k) > c.tol {
				t.Errorf("exponent %.4f, want %.4f ± %g", f.Exponent, c.k, c.tol)
			}
			if f.R2 < c.minR2-1e-9 {
				t.Errorf("R² %.4f, want ≥ %.4f", f.R2, c.minR2)
			}
			if f.Points != c.wantPts || f.MinN != c.wantMinN || f.MaxN != c.sizes[len(c.sizes)-1] {
				t.Errorf("points %d, sizes %d–%d", f.Points, f.MinN, f.MaxN)
			}
		})
	}
}

func TestFitPowerLawRejectsDegenerateInput(t *testing.T) {
	if _, err := fitPowerLaw([]int{10}, []float64{1}); !errors.Is(err, errTooFewPoints) {
		t.Errorf("one point: got %v, want errTooFewPoints", err)
	}
	if _, err := fitPowerLaw([]int{10, 10}, []float64{1, 2}); !errors.Is(err, errTooFewPoints) {
		t.Errorf("one distinct size: got %v, want errTooFewPoints", err)
	}
	if _, err := fitPowerLaw([]int{10, 20}, []float64{1, 0}); err == nil {
		t.Error("a zero time: want an error (log of zero)")
	}
}
