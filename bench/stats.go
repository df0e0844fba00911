package main

import (
	"errors"
	"math"
	"slices"

	"gonum.org/v1/gonum/stat"
)

// Spread is the median, minimum and maximum of some values.
type Spread struct {
	Median, Min, Max float64
	N                int
}

// spreadOf summarises xs; the zero Spread (N = 0) when xs is empty.
func spreadOf(xs []float64) Spread {
	if len(xs) == 0 {
		return Spread{}
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	m := s[len(s)/2]
	if len(s)%2 == 0 {
		m = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return Spread{Median: m, Min: s[0], Max: s[len(s)-1], N: len(s)}
}

// Fit is a power law t = C·n^Exponent fitted by least squares on log t against log n.
type Fit struct {
	Exponent float64
	C        float64 // t at n = 1, in the unit of the times fitted
	R2       float64 // coefficient of determination, on the log–log data
	Points   int
	MinN     int // the smallest and largest n fitted
	MaxN     int
}

// errTooFewPoints: a fit needs two distinct sizes.
var errTooFewPoints = errors.New("fewer than two distinct sizes to fit")

// fitPowerLaw fits t = C·n^k to the points (n[i], t[i]), all positive.
func fitPowerLaw(n []int, t []float64) (Fit, error) {
	if len(n) != len(t) {
		panic("fitPowerLaw: lengths differ")
	}
	x, y := make([]float64, len(n)), make([]float64, len(n))
	distinct := map[int]bool{}
	f := Fit{Points: len(n), MinN: math.MaxInt}
	for i := range n {
		if n[i] <= 0 || !(t[i] > 0) {
			return Fit{}, errors.New("fitPowerLaw: sizes and times must be positive")
		}
		x[i], y[i] = math.Log(float64(n[i])), math.Log(t[i])
		distinct[n[i]] = true
		f.MinN, f.MaxN = min(f.MinN, n[i]), max(f.MaxN, n[i])
	}
	if len(distinct) < 2 {
		return Fit{}, errTooFewPoints
	}
	alpha, beta := stat.LinearRegression(x, y, nil, false)
	f.Exponent, f.C = beta, math.Exp(alpha)
	f.R2 = stat.RSquared(x, y, nil, alpha, beta)
	return f, nil
}
