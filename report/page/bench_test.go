package page

import (
	"context"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
	"time"

	"maxmatch/scorer"
)

// BenchmarkCoNLLPage builds the page of the 13 CoNLL-2014 files (Add for every result, then
// Write): time and allocations per page, the page's size, and the heap the Page holds once
// filled (beyond the scored results, which it refers to rather than copies).
func BenchmarkCoNLLPage(b *testing.B) {
	sc := conll(b)
	opt := scorer.DefaultOptions()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	p := sc.page(b, Options{Scoring: opt, Gold: "official-2014.combined.m2"})
	runtime.GC()
	runtime.ReadMemStats(&after)
	held := after.HeapAlloc - before.HeapAlloc
	runtime.KeepAlive(p)
	var size int64
	for b.Loop() {
		p := sc.page(b, Options{Scoring: opt, Gold: "official-2014.combined.m2"})
		cw := &countingWriter{}
		if err := p.Write(cw); err != nil {
			b.Fatal(err)
		}
		size = cw.n
	}
	b.ReportMetric(float64(size), "page-bytes")
	b.ReportMetric(float64(held), "held-bytes")
}

type countingWriter struct{ n int64 }

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	return io.Discard.Write(p)
}

// BenchmarkCoNLLPageInChromium loads the CoNLL-2014 page in headless Chromium once per
// iteration and reports the page's own timing, read back from the DOM: when its JSON was
// parsed and when its first page of sentences was rendered and laid out, in milliseconds
// after navigation start (performance.now()).
func BenchmarkCoNLLPageInChromium(b *testing.B) {
	sc := conll(b)
	opt := scorer.DefaultOptions()
	p := sc.page(b, Options{Scoring: opt, Gold: "official-2014.combined.m2"})
	p.SetSummary(sc.summary())
	path := filepath.Join(b.TempDir(), "conll14.html")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	if err := p.Write(f); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	br := browser(b)
	var parse, ready float64
	u := url.URL{Scheme: "file", Path: path}
	for b.Loop() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		if _, err := br.Load(ctx, u.String()); err != nil {
			b.Fatal(err)
		}
		for _, m := range []struct {
			attr string
			sum  *float64
		}{{"data-parse-ms", &parse}, {"data-ready-ms", &ready}} {
			v, err := br.Eval(ctx, "document.documentElement.getAttribute('"+m.attr+"')")
			if err != nil {
				b.Fatal(err)
			}
			ms, err := strconv.ParseFloat(v, 64)
			if err != nil {
				b.Fatalf("%s: %q", m.attr, v)
			}
			*m.sum += ms
		}
		cancel()
	}
	b.ReportMetric(parse/float64(b.N), "parse-ms")
	b.ReportMetric(ready/float64(b.N), "ready-ms")
}
