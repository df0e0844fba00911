package main

import (
	"bytes"
	"cmp"
	"fmt"
	"image/color"
	"io"
	"math"
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
	// longColors tell the long families apart; a family's series share its colour.
	longColors = []color.Color{commandColor, color.RGBA{R: 0xe6, G: 0x7e, B: 0x22, A: 0xff}, color.RGBA{R: 0x8e, G: 0x44, B: 0xad, A: 0xff}}
	dashed     = []vg.Length{vg.Points(4), vg.Points(3)}
)

// plots draws the page's plots into files: per family its time against its size, the speed-up
// per system, the command's time against its fresh memory, the long lines' time and memory,
// the joined files' time against their lines' length; each only when the run measured it.
func plots(r *Report, files map[string][]byte) error {
	for _, p := range []struct {
		base string
		draw func(*Report) ([]*plot.Plot, error)
		w, h vg.Length // the height, and the width of one plot
	}{
		{scalingFile, scalingPlots, 9 * vg.Centimeter, 10 * vg.Centimeter},
		{speedupFile, speedupPlot, 24 * vg.Centimeter, 11 * vg.Centimeter},
		{freshFile, freshMemoryPlot, 18 * vg.Centimeter, 11 * vg.Centimeter},
		{longFile, longPlots, 12 * vg.Centimeter, 11 * vg.Centimeter},
		{joinedFile, joinedPlot, 16 * vg.Centimeter, 11 * vg.Centimeter},
	} {
		ps, err := p.draw(r)
		if err != nil {
			return err
		}
		if len(ps) > 0 {
			if err := drawPlots(files, p.base, ps, vg.Length(len(ps))*p.w, p.h); err != nil {
				return err
			}
		}
	}
	return nil
}

// drawPlots draws plots side by side (in a row), w by h, as base.svg and base.png into files.
func drawPlots(files map[string][]byte, base string, plots []*plot.Plot, w, h vg.Length) error {
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
	img := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(120))
	draw1(img)
	for name, canvas := range map[string]io.WriterTo{base + ".svg": svg, base + ".png": vgimg.PngCanvas{Canvas: img}} {
		var b bytes.Buffer
		if _, err := canvas.WriteTo(&b); err != nil {
			return err
		}
		files[name] = b.Bytes()
	}
	return nil
}

// chart is a plot being drawn, and the first error of what was added to it.
type chart struct {
	*plot.Plot
	err error
}

// logLog starts a chart on logarithmic axes, the y axis marked as times.
func logLog(title, x, y string) *chart {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text, p.Y.Label.Text = x, y
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.Y.Tick.Marker = plot.TickerFunc(timeDecades)
	p.Add(plotter.NewGrid())
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.TextStyle.Font.Size = vg.Points(8)
	return &chart{Plot: p}
}

// series adds a line through xys with marks (or marks only), named in the legend when name is
// not empty.
func (c *chart) series(xys plotter.XYs, name string, col color.Color, shape draw.GlyphDrawer, line bool, dashes []vg.Length) {
	if c.err != nil || len(xys) == 0 {
		return
	}
	s, err := plotter.NewScatter(xys)
	if c.err = err; err != nil {
		return
	}
	s.GlyphStyle.Color, s.GlyphStyle.Shape, s.GlyphStyle.Radius = col, shape, vg.Points(3)
	c.Add(s)
	if !line || len(xys) < 2 {
		if name != "" {
			c.Legend.Add(name, s)
		}
		return
	}
	l, err := plotter.NewLine(xys)
	if c.err = err; err != nil {
		return
	}
	l.LineStyle.Color, l.LineStyle.Dashes = col, dashes
	c.Add(l)
	if name != "" {
		c.Legend.Add(name, l, s)
	}
}

// line adds a line without marks, named in the legend.
func (c *chart) line(xys plotter.XYs, name string, col color.Color, dashes []vg.Length) {
	l, err := plotter.NewLine(xys)
	if c.err == nil {
		c.err = err
	}
	if err == nil {
		l.LineStyle.Color, l.LineStyle.Dashes = col, dashes
		c.Add(l)
		c.Legend.Add(name, l)
	}
}

// legendRoom raises a log axis's top by a share of its decades, for the legend.
func legendRoom(a *plot.Axis, share float64) {
	if a.Min > 0 && a.Max > a.Min {
		a.Max *= math.Pow(a.Max/a.Min, share)
	}
}

// scalingPlots returns one log–log plot per family: the official command's median time (and
// its time-outs, as lower bounds), our command's and our in-process time per sentence, the
// sizes scored by the bounded search (over a budget) with hollow marks, as their cost differs.
func scalingPlots(r *Report) ([]*plot.Plot, error) {
	var plots []*plot.Plot
	for i := range r.Families {
		f := &r.Families[i]
		c := logLog(f.Name, "source tokens n", "time")
		c.Legend.TextStyle.Font.Size = vg.Points(9)
		var sizes []float64
		var off, timeouts, cmd, inproc, inprocBounded plotter.XYs
		for _, pt := range f.Points {
			x := float64(pt.N)
			sizes = append(sizes, x)
			if m := finishedMedian(pt.Official); m > 0 {
				off = append(off, plotter.XY{X: x, Y: m})
			} else if len(pt.Official) > 0 && pt.Official[0].Status == StatusTimeout {
				timeouts = append(timeouts, plotter.XY{X: x, Y: pt.Official[0].Wall.Seconds()})
			}
			if w := walls(pt.Ours); len(w) > 0 {
				cmd = append(cmd, plotter.XY{X: x, Y: spreadOf(w).Median})
			}
			if len(pt.InProcess) > 0 {
				xy := plotter.XY{X: x, Y: spreadOf(seconds(pt.InProcess)).Median}
				inproc = append(inproc, xy)
				if pt.Bounded {
					inprocBounded = append(inprocBounded, xy)
				}
			}
		}
		c.X.Tick.Marker = sizeTicks(sizes, func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) })
		c.series(off, "official 3.2", officialColor, draw.CircleGlyph{}, true, nil)
		c.series(timeouts, "official: > "+fmtSeconds(r.Timeout.Seconds())+" (killed)", officialColor, draw.TriangleGlyph{}, false, nil)
		c.series(cmd, "maxmatch command", commandColor, draw.SquareGlyph{}, true, nil)
		c.series(inproc, "maxmatch in-process", inProcColor, draw.PyramidGlyph{}, true, nil)
		// Over the filled marks of the same points: white inside, a ring of the series' colour.
		c.series(inprocBounded, "", color.White, draw.PyramidGlyph{}, false, nil)
		c.series(inprocBounded, "maxmatch in-process, bounded search", inProcColor, draw.TriangleGlyph{}, false, nil)
		if c.err != nil {
			return nil, c.err
		}
		legendRoom(&c.Y, 0.35) // a third more decades above the data
		plots = append(plots, c.Plot)
	}
	return plots, nil
}

// speedupPlot returns the per-system bars: the official's time over ours, wall (with the
// min–max of the pairs) and CPU; nil when the official was not run.
func speedupPlot(r *Report) ([]*plot.Plot, error) {
	var names []string
	var wall, cpu plotter.Values
	var errs errorBars
	for i := range r.Systems {
		w, c := r.Systems[i].WallRatio(), r.Systems[i].CPURatio()
		if w.N == 0 {
			continue
		}
		names = append(names, r.Systems[i].Name)
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
	p.Y.Tick.Marker = plot.TickerFunc(plainTicks)
	bw, err := plotter.NewBarChart(wall, vg.Points(11))
	if err != nil {
		return nil, err
	}
	bc, err := plotter.NewBarChart(cpu, vg.Points(11))
	if err != nil {
		return nil, err
	}
	eb, err := plotter.NewYErrorBars(errs)
	if err != nil {
		return nil, err
	}
	bw.Color, bw.LineStyle.Width, bw.XMin = commandColor, 0, -0.2
	bc.Color, bc.LineStyle.Width, bc.XMin = inProcColor, 0, 0.2
	p.Add(bw, bc, eb, plotter.NewGrid())
	p.Legend.Add("wall time (bar: median pair; line: min–max)", bw)
	p.Legend.Add("CPU time (median pair)", bc)
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.XOffs = vg.Millimeter * 3
	p.NominalX(names...)
	p.Y.Max = 1.25 * max(p.Y.Max, floats.Max(wall), floats.Max(cpu)) // room above the bars for the legend
	return []*plot.Plot{p}, nil
}

type errorBar struct{ x, y, lo, hi float64 }

type errorBars []errorBar

func (e errorBars) Len() int                        { return len(e) }
func (e errorBars) XY(i int) (float64, float64)     { return e[i].x, e[i].y }
func (e errorBars) YError(i int) (float64, float64) { return e[i].y - e[i].lo, e[i].hi - e[i].y }

// freshMemoryPlot returns our command's time beyond its start-up against the fresh pages it
// touched beyond the start-up's, one point per input (CoNLL files and generated cases apart),
// with the line of the first-touch cost measured on the machine; nil without such figures.
func freshMemoryPlot(r *Report) ([]*plot.Plot, error) {
	rows := freshMemoryRows(r)
	if len(rows) == 0 {
		return nil, nil
	}
	touch := r.Machine.FirstTouch.Seconds()
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
	c := &chart{Plot: plot.New()}
	c.Title.Text = "maxmatch command: time beyond start-up against fresh memory"
	c.X.Label.Text = "fresh 4 KiB pages beyond start-up's (minor page faults)"
	c.Y.Label.Text = "command time less start-up (ms)"
	c.X.Min, c.Y.Min = 0, 0
	c.X.Tick.Marker, c.Y.Tick.Marker = plot.TickerFunc(plainTicks), plot.TickerFunc(plainTicks)
	c.Add(plotter.NewGrid())
	c.line(plotter.XYs{{X: 0, Y: 0}, {X: maxPages, Y: maxPages * touch * 1e3}}, fmt.Sprintf("pages × first-touch cost (%s each)", fmtSeconds(touch)), officialColor, dashed)
	c.series(conll, "CoNLL-2014 files", commandColor, draw.CircleGlyph{}, false, nil)
	c.series(generated, "generated cases", inProcColor, draw.TriangleGlyph{}, false, nil)
	if f, ok := fitPages(rows); ok {
		c.line(plotter.XYs{{X: 0, Y: f.Intercept * 1e3}, {X: maxPages, Y: (f.Intercept + f.PerPage*maxPages) * 1e3}}, fmt.Sprintf("least squares: %s per page", fmtSeconds(f.PerPage)), commandColor, nil)
	}
	c.Legend.Top, c.Legend.Left = true, true
	c.Legend.XOffs = vg.Millimeter * 3
	// Room for the legend above the points, and for the last point's mark.
	c.X.Max *= 1.04
	c.Y.Max *= 1.3
	return []*plot.Plot{c.Plot}, c.err
}

// longPlots returns the long lines' plots: time (the command's median, in-process, the
// official's) and the command's peak memory, against the line's tokens; nil without long lines.
func longPlots(r *Report) ([]*plot.Plot, error) {
	if len(r.Long) == 0 {
		return nil, nil
	}
	tp := logLog("Long lines: time", "source tokens n", "time")
	// Short y labels: gonum centres an axis label at the arithmetic middle of the range, near
	// the top of a logarithmic axis, and a long one pushes the data area down.
	mp := logLog("Long lines: peak memory of the command (MB)", "source tokens n", "MB")
	mp.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	var sizes []float64
	var onceT, onceM onceNames // each panel names a series once
	for i := range r.Long {
		l := &r.Long[i]
		col := longColors[i%len(longColors)]
		var cmd, inproc, mem, off, offMem, unfinished plotter.XYs
		for _, pt := range l.Points {
			x := float64(pt.N)
			sizes = append(sizes, x)
			if m := finishedMedian(pt.Ours); m > 0 {
				cmd = append(cmd, plotter.XY{X: x, Y: m})
				mem = append(mem, plotter.XY{X: x, Y: peakMB(pt.Ours)})
			}
			if len(pt.InProcess) > 0 {
				inproc = append(inproc, plotter.XY{X: x, Y: spreadOf(seconds(pt.InProcess)).Median})
			}
			if m := finishedMedian(pt.Official); m > 0 {
				off = append(off, plotter.XY{X: x, Y: m})
				offMem = append(offMem, plotter.XY{X: x, Y: peakMB(pt.Official)})
			} else if xy, ok := unfinishedAt(x, pt.Official); ok {
				unfinished = append(unfinished, xy)
			}
		}
		tp.series(cmd, l.Name+": command", col, draw.SquareGlyph{}, true, nil)
		tp.series(inproc, l.Name+": in-process", col, draw.PyramidGlyph{}, true, dashed)
		tp.series(off, onceT.name(off, "official 3.2"), officialColor, draw.CircleGlyph{}, true, nil)
		tp.series(unfinished, onceT.name(unfinished, unfinishedName), officialColor, draw.TriangleGlyph{}, false, nil)
		mp.series(mem, l.Name+": command", col, draw.SquareGlyph{}, true, nil)
		mp.series(offMem, onceM.name(offMem, "official 3.2"), officialColor, draw.CircleGlyph{}, true, nil)
	}
	if tp.err != nil || mp.err != nil {
		return nil, cmp.Or(tp.err, mp.err)
	}
	tp.X.Tick.Marker = sizeTicks(sizes, tokenLabel)
	mp.X.Tick.Marker = tp.X.Tick.Marker
	legendRoom(&tp.Y, 0.5)
	legendRoom(&mp.Y, 0.5)
	return []*plot.Plot{tp.Plot, mp.Plot}, nil
}

// joinedPlot returns the joined files' time against the sentences per line, one line per
// file: our in-process scoring and command, the official where it finished; nil without
// joined files.
func joinedPlot(r *Report) ([]*plot.Plot, error) {
	if len(r.Joined) == 0 {
		return nil, nil
	}
	per, _ := r.joinedGrowth()
	c := logLog("CoNLL-2014 files: time per file against sentences per line", "sentences per line g", "time")
	var once onceNames
	for _, g := range per {
		var in, cmd, off, unfinished plotter.XYs
		for k, grp := range g.Groups {
			for _, s := range []struct {
				xys *plotter.XYs
				t   float64
			}{{&in, g.InProcess[k]}, {&cmd, g.Command[k]}, {&off, g.Official[k]}} {
				if s.t > 0 {
					*s.xys = append(*s.xys, plotter.XY{X: float64(grp), Y: s.t})
				}
			}
		}
		for i := range r.Joined {
			if jr := &r.Joined[i]; jr.Name == g.Name {
				if xy, ok := unfinishedAt(float64(jr.Group), jr.Official); ok {
					unfinished = append(unfinished, xy)
				}
			}
		}
		c.series(cmd, once.name(cmd, "maxmatch command, per file"), commandColor, draw.SquareGlyph{}, true, nil)
		c.series(in, once.name(in, "maxmatch in-process, per file"), inProcColor, draw.PyramidGlyph{}, true, dashed)
		c.series(off, once.name(off, "official 3.2, per file"), officialColor, draw.CircleGlyph{}, true, nil)
		c.series(unfinished, once.name(unfinished, unfinishedName), officialColor, draw.TriangleGlyph{}, false, nil)
	}
	var groups []float64
	for _, g := range append([]int{1}, r.joinedGroups()...) {
		groups = append(groups, float64(g))
	}
	c.X.Tick.Marker = sizeTicks(groups, func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) })
	c.X.Min, c.X.Max = c.X.Min/1.3, c.X.Max*1.3
	legendRoom(&c.Y, 0.5)
	return []*plot.Plot{c.Plot}, c.err
}

const unfinishedName = "official: did not finish (its time at the kill or the memory error)"

// unfinishedAt places an official run that did not finish (killed at its time limit, or out of
// its memory limit) at its time then, a lower bound of the time it needs.
func unfinishedAt(x float64, official []Sample) (plotter.XY, bool) {
	if len(official) == 0 || (official[0].Status != StatusTimeout && official[0].Status != StatusFailed) {
		return plotter.XY{}, false
	}
	return plotter.XY{X: x, Y: official[0].Wall.Seconds()}, true
}

// onceNames gives each legend name to the first non-empty series that asks for it, "" after.
type onceNames map[string]bool

func (o *onceNames) name(xys plotter.XYs, name string) string {
	if len(xys) == 0 || (*o)[name] {
		return ""
	}
	if *o == nil {
		*o = onceNames{}
	}
	(*o)[name] = true
	return name
}

// timeDecades marks the powers of ten of a logarithmic time axis, labelled as durations
// ("10 µs", "1 s"), with unlabelled minor ticks between them.
func timeDecades(lo, hi float64) []plot.Tick {
	var out []plot.Tick
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		for k := 1.0; k < 10; k++ {
			if v := k * math.Pow(10, e); v >= lo && v <= hi {
				t := plot.Tick{Value: v}
				if k == 1 {
					t.Label = durationLabel(e)
				}
				out = append(out, t)
			}
		}
	}
	return out
}

// durationLabel names 10^e seconds.
func durationLabel(e float64) string {
	n := int(e)
	for _, u := range []struct {
		exp  int
		name string
	}{{0, "s"}, {-3, "ms"}, {-6, "µs"}, {-9, "ns"}} {
		if n >= u.exp {
			return fmt.Sprintf("%g %s", math.Pow(10, float64(n-u.exp)), u.name)
		}
	}
	return fmt.Sprintf("1e%d s", n)
}

// plainTicks are the default ticks with labels in the shortest form ("250", not "250.00").
func plainTicks(lo, hi float64) []plot.Tick {
	ts := plot.DefaultTicks{}.Ticks(lo, hi)
	for i := range ts {
		if ts[i].Label != "" {
			ts[i].Label = strconv.FormatFloat(ts[i].Value, 'g', -1, 64)
		}
	}
	return ts
}

// sizeTicks marks exactly these values (those within the axis range, once each), labelled by
// label.
func sizeTicks(values []float64, label func(float64) string) plot.Ticker {
	return plot.TickerFunc(func(lo, hi float64) []plot.Tick {
		var out []plot.Tick
		seen := map[float64]bool{}
		for _, v := range values {
			if v >= lo && v <= hi && !seen[v] {
				seen[v] = true
				out = append(out, plot.Tick{Value: v, Label: label(v)})
			}
		}
		return out
	})
}

// tokenLabel labels sizes briefly: 1k, 3.2k, 10k, 1M.
func tokenLabel(v float64) string {
	switch {
	case v >= 1e6:
		return fmt.Sprintf("%.3gM", v/1e6)
	case v >= 1e3:
		return fmt.Sprintf("%.3gk", v/1e3)
	}
	return fmt.Sprintf("%g", v)
}
