package main

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"gonum.org/v1/gonum/floats"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

var (
	officialColor = color.RGBA{R: 0xc0, G: 0x39, B: 0x2b, A: 0xff}
	commandColor  = color.RGBA{R: 0x29, G: 0x80, B: 0xb9, A: 0xff}
	inProcColor   = color.RGBA{R: 0x27, G: 0xae, B: 0x60, A: 0xff}
)

// scalingPlots returns one log–log plot per family: the official command's median time (and
// its time-outs, as lower bounds), our command's and our in-process time per sentence, the
// sizes scored by the bounded search (over a budget) with hollow marks, as their cost differs.
func scalingPlots(r *Report) ([]*plot.Plot, error) {
	var plots []*plot.Plot
	for i := range r.Families {
		f := &r.Families[i]
		p := plot.New()
		p.Title.Text = f.Name
		p.X.Label.Text = "source tokens n"
		p.Y.Label.Text = "time"
		p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
		p.Y.Tick.Marker = timeDecades{}
		var sizes fixedTicks
		for _, pt := range f.Points {
			sizes = append(sizes, float64(pt.N))
		}
		p.X.Tick.Marker = sizes
		p.Add(plotter.NewGrid())
		p.Legend.Top, p.Legend.Left = true, true
		p.Legend.TextStyle.Font.Size = vg.Points(9)
		var off, timeouts, cmd, inproc, inprocBounded plotter.XYs
		for _, pt := range f.Points {
			if w := walls(pt.Official); len(w) > 0 && len(w) == len(pt.Official) {
				off = append(off, plotter.XY{X: float64(pt.N), Y: spreadOf(w).Median})
			} else if len(pt.Official) > 0 && pt.Official[0].Status == StatusTimeout {
				timeouts = append(timeouts, plotter.XY{X: float64(pt.N), Y: pt.Official[0].Wall.Seconds()})
			}
			if w := walls(pt.Ours); len(w) > 0 {
				cmd = append(cmd, plotter.XY{X: float64(pt.N), Y: spreadOf(w).Median})
			}
			if len(pt.InProcess) > 0 {
				xy := plotter.XY{X: float64(pt.N), Y: spreadOf(seconds(pt.InProcess)).Median}
				inproc = append(inproc, xy)
				if pt.Bounded {
					inprocBounded = append(inprocBounded, xy)
				}
			}
		}
		for _, err := range []error{
			series(p, off, "official 3.2", officialColor, draw.CircleGlyph{}, true, nil),
			series(p, timeouts, "official: > "+fmtSeconds(r.Timeout.Seconds())+" (killed)", officialColor, draw.TriangleGlyph{}, false, nil),
			series(p, cmd, "maxmatch command", commandColor, draw.SquareGlyph{}, true, nil),
			series(p, inproc, "maxmatch in-process", inProcColor, draw.PyramidGlyph{}, true, nil),
			// Over the filled marks of the same points: white inside, a ring of the series' colour.
			series(p, inprocBounded, "", color.White, draw.PyramidGlyph{}, false, nil),
			series(p, inprocBounded, "maxmatch in-process, bounded search", inProcColor, draw.TriangleGlyph{}, false, nil),
		} {
			if err != nil {
				return nil, err
			}
		}
		// Room at the top for the legend: a third more decades above the data.
		if p.Y.Min > 0 && p.Y.Max > p.Y.Min {
			p.Y.Max *= math.Pow(p.Y.Max/p.Y.Min, 0.35)
		}
		plots = append(plots, p)
	}
	return plots, nil
}

// series adds a line through xys with marks (or marks only), named in the legend when name is
// not empty.
func series(p *plot.Plot, xys plotter.XYs, name string, c color.Color, shape draw.GlyphDrawer, line bool, dashes []vg.Length) error {
	if len(xys) == 0 {
		return nil
	}
	s, err := plotter.NewScatter(xys)
	if err != nil {
		return err
	}
	s.GlyphStyle.Color, s.GlyphStyle.Shape, s.GlyphStyle.Radius = c, shape, vg.Points(3)
	p.Add(s)
	if !line || len(xys) < 2 {
		if name != "" {
			p.Legend.Add(name, s)
		}
		return nil
	}
	l, err := plotter.NewLine(xys)
	if err != nil {
		return err
	}
	l.LineStyle.Color, l.LineStyle.Dashes = c, dashes
	p.Add(l)
	if name != "" {
		p.Legend.Add(name, l, s)
	}
	return nil
}

// timeDecades marks the powers of ten of a logarithmic time axis, labelled as durations
// ("10 µs", "1 s"), with unlabelled minor ticks between them.
type timeDecades struct{}

func (timeDecades) Ticks(lo, hi float64) []plot.Tick {
	var out []plot.Tick
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		dec := math.Pow(10, e)
		for k := 1.0; k < 10; k++ {
			v := k * dec
			if v < lo || v > hi {
				continue
			}
			t := plot.Tick{Value: v}
			if k == 1 {
				t.Label = durationLabel(e)
			}
			out = append(out, t)
		}
	}
	return out
}

// durationLabel names 10^e seconds.
func durationLabel(e float64) string {
	units := []struct {
		exp  int
		name string
	}{{0, "s"}, {-3, "ms"}, {-6, "µs"}, {-9, "ns"}}
	n := int(e)
	for _, u := range units {
		if n >= u.exp {
			return fmt.Sprintf("%g %s", math.Pow(10, float64(n-u.exp)), u.name)
		}
	}
	return fmt.Sprintf("1e%d s", n)
}

// speedupPlot returns the per-system bars: the official's time over ours, wall (with the
// min–max of the pairs) and CPU; nil when the official was not run.
func speedupPlot(r *Report) (*plot.Plot, error) {
	var names []string
	var wall, cpu plotter.Values
	var errs errorBars
	for i := range r.Systems {
		s := &r.Systems[i]
		w, c := s.WallRatio(), s.CPURatio()
		if w.N == 0 {
			continue
		}
		names = append(names, s.Name)
		wall, cpu = append(wall, w.Median), append(cpu, c.Median)
		errs = append(errs, errorBar{x: float64(len(names)-1) - 0.2, y: w.Median, lo: w.Min, hi: w.Max})
	}
	if len(names) == 0 {
		return nil, nil
	}
	p := plot.New()
	p.Title.Text = "Speed-up over the official scorer, CoNLL-2014 (official time / maxmatch time)"
	p.Y.Label.Text = "speed-up (×)"
	p.Y.Min = 0
	p.Y.Tick.Marker = plainTicks{}
	width := vg.Points(11)
	bw, err := plotter.NewBarChart(wall, width)
	if err != nil {
		return nil, err
	}
	bw.Color, bw.LineStyle.Width, bw.XMin = commandColor, 0, -0.2
	bc, err := plotter.NewBarChart(cpu, width)
	if err != nil {
		return nil, err
	}
	bc.Color, bc.LineStyle.Width, bc.XMin = inProcColor, 0, 0.2
	eb, err := plotter.NewYErrorBars(errs)
	if err != nil {
		return nil, err
	}
	p.Add(bw, bc, eb, plotter.NewGrid())
	p.Legend.Add("wall time (bar: median pair; line: min–max)", bw)
	p.Legend.Add("CPU time (median pair)", bc)
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.XOffs = vg.Millimeter * 3
	p.NominalX(names...)
	// Room above the bars for the legend.
	p.Y.Max = 1.25 * max(p.Y.Max, floats.Max(wall), floats.Max(cpu))
	return p, nil
}

// fixedTicks labels exactly these values (those within the axis range).
type fixedTicks []float64

func (t fixedTicks) Ticks(lo, hi float64) []plot.Tick {
	var out []plot.Tick
	for _, v := range t {
		if v >= lo && v <= hi {
			out = append(out, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'g', -1, 64)})
		}
	}
	return out
}

// plainTicks are the default ticks with labels in the shortest form ("250", not "250.00").
type plainTicks struct{}

func (plainTicks) Ticks(lo, hi float64) []plot.Tick {
	ts := plot.DefaultTicks{}.Ticks(lo, hi)
	for i := range ts {
		if ts[i].Label != "" {
			ts[i].Label = strconv.FormatFloat(ts[i].Value, 'g', -1, 64)
		}
	}
	return ts
}

type errorBar struct{ x, y, lo, hi float64 }

type errorBars []errorBar

func (e errorBars) Len() int                    { return len(e) }
func (e errorBars) XY(i int) (float64, float64) { return e[i].x, e[i].y }
func (e errorBars) YError(i int) (float64, float64) {
	return e[i].y - e[i].lo, e[i].hi - e[i].y
}

// savePlots draws plots side by side (in a row) as base.svg and base.png in dir.
func savePlots(dir, base string, plots []*plot.Plot, w, h vg.Length) error {
	draw1 := func(c vg.CanvasSizer) {
		dc := draw.New(c)
		tiles := draw.Tiles{Rows: 1, Cols: len(plots), PadX: vg.Millimeter * 4, PadTop: vg.Millimeter * 2, PadBottom: vg.Millimeter * 2, PadLeft: vg.Millimeter * 2, PadRight: vg.Millimeter * 2}
		canvases := plot.Align([][]*plot.Plot{plots}, tiles, dc)
		for i, p := range plots {
			p.Draw(canvases[0][i])
		}
	}
	svg := vgsvg.New(w, h)
	draw1(svg)
	if err := writeFile(filepath.Join(dir, base+".svg"), svg); err != nil {
		return err
	}
	img := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(120))
	draw1(img)
	return writeFile(filepath.Join(dir, base+".png"), vgimg.PngCanvas{Canvas: img})
}

func writeFile(path string, w io.WriterTo) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := w.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// freshMemoryPlot returns our command's time beyond its start-up against the fresh pages it
// touched beyond the start-up's, one point per input (CoNLL files and generated cases apart),
// with the line of the first-touch cost measured on the machine; nil without such figures.
func freshMemoryPlot(r *Report) (*plot.Plot, error) {
	rows := freshMemoryRows(r)
	touch := r.Machine.FirstTouch.Seconds()
	if len(rows) == 0 || !(touch > 0) {
		return nil, nil
	}
	var conll, generated plotter.XYs
	maxPages := 0.0
	for _, f := range rows {
		xy := plotter.XY{X: f.Pages, Y: max(0, f.Extra) * 1e3}
		if f.Generated {
			generated = append(generated, xy)
		} else {
			conll = append(conll, xy)
		}
		maxPages = max(maxPages, f.Pages)
	}
	p := plot.New()
	p.Title.Text = "maxmatch command: time beyond start-up against fresh memory"
	p.X.Label.Text = "fresh 4 KiB pages beyond start-up's (minor page faults)"
	p.Y.Label.Text = "command time less start-up (ms)"
	p.X.Min, p.Y.Min = 0, 0
	p.X.Tick.Marker, p.Y.Tick.Marker = plainTicks{}, plainTicks{}
	p.Add(plotter.NewGrid())
	line, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: maxPages, Y: maxPages * touch * 1e3}})
	if err != nil {
		return nil, err
	}
	line.LineStyle.Color, line.LineStyle.Dashes = officialColor, []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(line)
	p.Legend.Add(fmt.Sprintf("pages × first-touch cost (%s each)", fmtSeconds(touch)), line)
	for _, series := range []struct {
		xys   plotter.XYs
		name  string
		c     color.Color
		glyph draw.GlyphDrawer
	}{{conll, "CoNLL-2014 files", commandColor, draw.CircleGlyph{}}, {generated, "generated cases", inProcColor, draw.TriangleGlyph{}}} {
		if len(series.xys) == 0 {
			continue
		}
		s, err := plotter.NewScatter(series.xys)
		if err != nil {
			return nil, err
		}
		s.GlyphStyle.Color, s.GlyphStyle.Shape, s.GlyphStyle.Radius = series.c, series.glyph, vg.Points(3)
		p.Add(s)
		p.Legend.Add(series.name, s)
	}
	if f, ok := fitPages(rows); ok {
		fit, err := plotter.NewLine(plotter.XYs{{X: 0, Y: f.Intercept * 1e3}, {X: maxPages, Y: (f.Intercept + f.PerPage*maxPages) * 1e3}})
		if err != nil {
			return nil, err
		}
		fit.LineStyle.Color = commandColor
		p.Add(fit)
		p.Legend.Add(fmt.Sprintf("least squares: %s per page", fmtSeconds(f.PerPage)), fit)
	}
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.XOffs = vg.Millimeter * 3
	// Room for the legend above the points, and for the last point's mark.
	p.X.Max *= 1.04
	p.Y.Max *= 1.3
	return p, nil
}
