package main

import (
	"bytes"
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
func speedupPlot(r *Report) ([]*plot.Plot, error) {
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
	return []*plot.Plot{p}, nil
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

// freshMemoryPlot returns our command's time beyond its start-up against the fresh pages it
// touched beyond the start-up's, one point per input (CoNLL files and generated cases apart),
// with the line of the first-touch cost measured on the machine; nil without such figures.
func freshMemoryPlot(r *Report) ([]*plot.Plot, error) {
	rows := freshMemoryRows(r)
	touch := r.Machine.FirstTouch.Seconds()
	if len(rows) == 0 {
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
	return []*plot.Plot{p}, nil
}

// plots draws the page's plots into files: per family its time against its size, the speed-up
// per system, the command's time against its fresh memory, the long lines' time and memory,
// the joined files' time against their lines' length; each only when the run measured it.
func plots(r *Report, files map[string][]byte) error {
	scaling, err := scalingPlots(r)
	if err != nil {
		return err
	}
	speedup, err := speedupPlot(r)
	if err != nil {
		return err
	}
	fresh, err := freshMemoryPlot(r)
	if err != nil {
		return err
	}
	long, err := longPlots(r)
	if err != nil {
		return err
	}
	joined, err := joinedPlot(r)
	if err != nil {
		return err
	}
	for _, p := range []struct {
		base  string
		plots []*plot.Plot
		w, h  vg.Length
	}{
		{scalingFile, scaling, vg.Length(len(scaling)) * 9 * vg.Centimeter, 10 * vg.Centimeter},
		{speedupFile, speedup, 24 * vg.Centimeter, 11 * vg.Centimeter},
		{freshFile, fresh, 18 * vg.Centimeter, 11 * vg.Centimeter},
		{longFile, long, 2 * 12 * vg.Centimeter, 11 * vg.Centimeter},
		{joinedFile, joined, 16 * vg.Centimeter, 11 * vg.Centimeter},
	} {
		if len(p.plots) > 0 {
			if err := drawPlots(files, p.base, p.plots, p.w, p.h); err != nil {
				return err
			}
		}
	}
	return nil
}

// longColors tell the long families apart; a family's command, in-process and memory series
// share its colour.
var longColors = []color.Color{
	commandColor,
	color.RGBA{R: 0xe6, G: 0x7e, B: 0x22, A: 0xff},
	color.RGBA{R: 0x8e, G: 0x44, B: 0xad, A: 0xff},
}

var dashed = []vg.Length{vg.Points(4), vg.Points(3)}

func logLogPlot(title, x, y string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text, p.Y.Label.Text = x, y
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.Add(plotter.NewGrid())
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.TextStyle.Font.Size = vg.Points(8)
	return p
}

// legendRoom raises a log axis's top by a share of its decades, for the legend.
func legendRoom(a *plot.Axis, share float64) {
	if a.Min > 0 && a.Max > a.Min {
		a.Max *= math.Pow(a.Max/a.Min, share)
	}
}

// longPlots returns the long lines' plots: time (the command's median, in-process, the
// official's) and the command's peak memory, against the line's tokens; nil without long lines.
func longPlots(r *Report) ([]*plot.Plot, error) {
	if len(r.Long) == 0 {
		return nil, nil
	}
	tp := logLogPlot("Long lines: time", "source tokens n", "time")
	tp.Y.Tick.Marker = timeDecades{}
	// Short y labels: gonum centres an axis label at the arithmetic middle of the range, near
	// the top of a logarithmic axis, and a long one pushes the data area down.
	mp := logLogPlot("Long lines: peak memory of the command (MB)", "source tokens n", "MB")
	mp.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	var sizes tokenTicks
	var onceT, onceM onceNames // each panel names a series once
	for i := range r.Long {
		l := &r.Long[i]
		c := longColors[i%len(longColors)]
		var cmd, inproc, mem, off, offMem, unfinished plotter.XYs
		for _, pt := range l.Points {
			x := float64(pt.N)
			sizes = append(sizes, x)
			if w := walls(pt.Ours); len(w) > 0 && len(w) == len(pt.Ours) {
				cmd = append(cmd, plotter.XY{X: x, Y: spreadOf(w).Median})
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
		for _, err := range []error{
			series(tp, cmd, l.Name+": command", c, draw.SquareGlyph{}, true, nil),
			series(tp, inproc, l.Name+": in-process", c, draw.PyramidGlyph{}, true, dashed),
			series(tp, off, onceT.name(off, "official 3.2"), officialColor, draw.CircleGlyph{}, true, nil),
			series(tp, unfinished, onceT.name(unfinished, unfinishedName), officialColor, draw.TriangleGlyph{}, false, nil),
			series(mp, mem, l.Name+": command", c, draw.SquareGlyph{}, true, nil),
			series(mp, offMem, onceM.name(offMem, "official 3.2"), officialColor, draw.CircleGlyph{}, true, nil),
		} {
			if err != nil {
				return nil, err
			}
		}
	}
	tp.X.Tick.Marker, mp.X.Tick.Marker = sizes, sizes
	legendRoom(&tp.Y, 0.5)
	legendRoom(&mp.Y, 0.5)
	return []*plot.Plot{tp, mp}, nil
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

// tokenTicks labels these sizes briefly: 1k, 3.2k, 10k, 1M.
type tokenTicks []float64

func (t tokenTicks) Ticks(lo, hi float64) []plot.Tick {
	var out []plot.Tick
	seen := map[float64]bool{}
	for _, v := range t {
		if v >= lo && v <= hi && !seen[v] {
			seen[v] = true
			out = append(out, plot.Tick{Value: v, Label: tokenLabel(v)})
		}
	}
	return out
}

func tokenLabel(v float64) string {
	switch {
	case v >= 1e6:
		return fmt.Sprintf("%.3gM", v/1e6)
	case v >= 1e3:
		return fmt.Sprintf("%.3gk", v/1e3)
	}
	return fmt.Sprintf("%g", v)
}

// joinedPlot returns the joined files' time against the sentences per line, one line per
// file: our in-process scoring and command, the official where it finished; nil without
// joined files.
func joinedPlot(r *Report) ([]*plot.Plot, error) {
	if len(r.Joined) == 0 {
		return nil, nil
	}
	per, _ := r.joinedGrowth()
	p := logLogPlot("CoNLL-2014 files: time per file against sentences per line", "sentences per line g", "time")
	p.Y.Tick.Marker = timeDecades{}
	var groups fixedTicks
	for _, g := range r.joinedGroups() {
		groups = append(groups, float64(g))
	}
	groups = append(fixedTicks{1}, groups...)
	var once onceNames
	for _, g := range per {
		var in, cmd, off plotter.XYs
		for k, grp := range g.Groups {
			if g.InProcess[k] > 0 {
				in = append(in, plotter.XY{X: float64(grp), Y: g.InProcess[k]})
			}
			if g.Command[k] > 0 {
				cmd = append(cmd, plotter.XY{X: float64(grp), Y: g.Command[k]})
			}
			if g.Official[k] > 0 {
				off = append(off, plotter.XY{X: float64(grp), Y: g.Official[k]})
			}
		}
		var unfinished plotter.XYs
		for i := range r.Joined {
			if jr := &r.Joined[i]; jr.Name == g.Name {
				if xy, ok := unfinishedAt(float64(jr.Group), jr.Official); ok {
					unfinished = append(unfinished, xy)
				}
			}
		}
		for _, err := range []error{
			series(p, cmd, once.name(cmd, "maxmatch command, per file"), commandColor, draw.SquareGlyph{}, true, nil),
			series(p, in, once.name(in, "maxmatch in-process, per file"), inProcColor, draw.PyramidGlyph{}, true, dashed),
			series(p, off, once.name(off, "official 3.2, per file"), officialColor, draw.CircleGlyph{}, true, nil),
			series(p, unfinished, once.name(unfinished, unfinishedName), officialColor, draw.TriangleGlyph{}, false, nil),
		} {
			if err != nil {
				return nil, err
			}
		}
	}
	p.X.Tick.Marker = groups
	p.X.Min, p.X.Max = p.X.Min/1.3, p.X.Max*1.3
	legendRoom(&p.Y, 0.5)
	return []*plot.Plot{p}, nil
}
