package main

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// The page's plots: each figure's function draws its panels from the report, and plots writes
// every figure that has one.

var (
	officialColor = color.RGBA{R: 0xc0, G: 0x39, B: 0x2b, A: 0xff}
	commandColor  = color.RGBA{R: 0x29, G: 0x80, B: 0xb9, A: 0xff}
	inProcColor   = color.RGBA{R: 0x27, G: 0xae, B: 0x60, A: 0xff}
	// longColors tell the long families apart; a family's series share its colour.
	longColors = []color.Color{commandColor, color.RGBA{R: 0xe6, G: 0x7e, B: 0x22, A: 0xff}, color.RGBA{R: 0x8e, G: 0x44, B: 0xad, A: 0xff}}
	dashed     = []vg.Length{vg.Points(4), vg.Points(3)}
)

// A figure is one SVG file: its panels in a row, each w wide, all h high.
type figure struct {
	base   string
	w, h   vg.Length
	panels []*panel
}

// A panel is one plot as it is drawn: the names its legend has, the first error met.
type panel struct {
	*plot.Plot
	named map[string]bool
	err   error
}

// A series is points drawn as marks (shape), a line through them (line), or both (a line
// alone has no shape); named in the legend unless name is "" or an earlier series of the
// panel has the name.
type series struct {
	xys    plotter.XYs
	name   string
	color  color.Color
	shape  draw.GlyphDrawer
	line   bool
	dashes []vg.Length
}

// points gathers a series' points; add keeps those a log axis can show (y > 0).
type points plotter.XYs

func (p *points) add(x, y float64) {
	if y > 0 {
		*p = append(*p, plotter.XY{X: x, Y: y})
	}
}

// plots draws the page's figures into files as base.svg (the page links the SVG alone), each
// only when the run measured what it shows.
func plots(r *Report, files map[string][]byte) error {
	for _, f := range []figure{scalingFigure(r), speedupFigure(r), freshFigure(r), longFigure(r), joinedFigure(r)} {
		var ps []*plot.Plot
		for _, pn := range f.panels {
			if pn.err != nil {
				return fmt.Errorf("%s: %v", f.base, pn.err)
			}
			ps = append(ps, pn.Plot)
		}
		if len(ps) == 0 {
			continue
		}
		svg := vgsvg.New(vg.Length(len(ps))*f.w, f.h)
		pad := vg.Millimeter * 2
		tiles := draw.Tiles{Rows: 1, Cols: len(ps), PadX: 2 * pad, PadTop: pad, PadBottom: pad, PadLeft: pad, PadRight: pad}
		for i, c := range plot.Align([][]*plot.Plot{ps}, tiles, draw.New(svg))[0] {
			ps[i].Draw(c)
		}
		var b bytes.Buffer
		if _, err := svg.WriteTo(&b); err != nil {
			return fmt.Errorf("%s: %v", f.base, err)
		}
		files[f.base+".svg"] = b.Bytes()
	}
	return nil
}

// logPanel is a log–log panel, time on y (labelled by decades), its x axis marked at xTicks,
// its legend at the top left, in type of legendSize, over a grid.
func logPanel(title, x, y string, xTicks plot.Ticker, legendSize vg.Length) *panel {
	pn := newPanel(title, x, y)
	pn.X.Scale, pn.Y.Scale = plot.LogScale{}, plot.LogScale{}
	pn.X.Tick.Marker, pn.Y.Tick.Marker = xTicks, plot.TickerFunc(timeDecades)
	pn.Legend.TextStyle.Font.Size = legendSize
	pn.Add(plotter.NewGrid())
	return pn
}

// linearPanel is a panel of linear axes from 0, its legend at the top left.
func linearPanel(title, x, y string) *panel {
	pn := newPanel(title, x, y)
	pn.X.Min, pn.Y.Min = 0, 0
	pn.X.Tick.Marker, pn.Y.Tick.Marker = plot.TickerFunc(plainTicks), plot.TickerFunc(plainTicks)
	pn.Legend.XOffs = vg.Millimeter * 3
	return pn
}

func newPanel(title, x, y string) *panel {
	p := plot.New()
	p.Title.Text, p.X.Label.Text, p.Y.Label.Text = title, x, y
	p.Legend.Top, p.Legend.Left = true, true
	return &panel{Plot: p, named: map[string]bool{"": true}}
}

// add draws each series that has points: its marks, then its line (under the marks in the
// legend), named in the legend unless it is named.
func (pn *panel) add(ss ...series) {
	for _, s := range ss {
		if len(s.xys) == 0 || pn.err != nil {
			continue
		}
		var legend []plot.Thumbnailer
		if s.shape != nil {
			sc, err := plotter.NewScatter(s.xys)
			if !pn.ok(err) {
				return
			}
			sc.GlyphStyle.Color, sc.GlyphStyle.Shape, sc.GlyphStyle.Radius = s.color, s.shape, vg.Points(3)
			pn.Add(sc)
			legend = append(legend, sc)
		}
		if s.line && (len(s.xys) >= 2 || s.shape == nil) {
			l, err := plotter.NewLine(s.xys)
			if !pn.ok(err) {
				return
			}
			l.LineStyle.Color, l.LineStyle.Dashes = s.color, s.dashes
			pn.Add(l)
			legend = append([]plot.Thumbnailer{l}, legend...)
		}
		if !pn.named[s.name] {
			pn.Legend.Add(s.name, legend...)
			pn.named[s.name] = true
		}
	}
}

// ok keeps err as the panel's error unless it has one, and reports whether err is nil.
func (pn *panel) ok(err error) bool {
	if pn.err == nil {
		pn.err = err
	}
	return err == nil
}

// room widens the x axis by xPad each way (when xPad > 0) and leaves room above the data for
// the legend: a share of the y axis's decades (log), or of its height (linear).
func (pn *panel) room(xPad, share float64) *panel {
	if xPad > 0 {
		pn.X.Min, pn.X.Max = pn.X.Min/xPad, pn.X.Max*xPad
	}
	switch _, log := pn.Y.Scale.(plot.LogScale); {
	case log && pn.Y.Min > 0 && pn.Y.Max > pn.Y.Min:
		pn.Y.Max *= math.Pow(pn.Y.Max/pn.Y.Min, share)
	case !log:
		pn.Y.Max *= 1 + share
	}
	return pn
}

// scalingFigure is one log–log panel per family: the official command's median time (and its
// time-outs, as lower bounds), our command's and our in-process time per sentence, the sizes
// scored by the bounded search (over a budget) with hollow marks, as their cost differs.
func scalingFigure(r *Report) figure {
	f := figure{base: scalingFile, w: 9 * vg.Centimeter, h: 10 * vg.Centimeter}
	for _, fam := range r.Families {
		var sizes []float64
		var off, timeouts, cmd, inproc, bounded points
		for _, pt := range fam.Points {
			x, in := float64(pt.N), medianOf(pt.InProcess)
			sizes = append(sizes, x)
			off.add(x, finishedMedian(pt.Official))
			if finishedMedian(pt.Official) == 0 && len(pt.Official) > 0 && pt.Official[0].Status == StatusTimeout {
				timeouts.add(x, pt.Official[0].Wall.Seconds())
			}
			cmd.add(x, median(pt.Ours))
			inproc.add(x, in)
			if pt.Bounded {
				bounded.add(x, in)
			}
		}
		pn := logPanel(fam.Name, "source tokens n", "time", sizeTicks(sizes, plainLabel), vg.Points(9))
		pn.add(series{plotter.XYs(off), "official 3.2", officialColor, draw.CircleGlyph{}, true, nil},
			series{plotter.XYs(timeouts), "official: > " + fmtSeconds(r.Timeout.Seconds()) + " (killed)", officialColor, draw.TriangleGlyph{}, false, nil},
			series{plotter.XYs(cmd), "maxmatch command", commandColor, draw.SquareGlyph{}, true, nil},
			series{plotter.XYs(inproc), "maxmatch in-process", inProcColor, draw.PyramidGlyph{}, true, nil},
			// Over the filled marks of the same points: white inside, a ring of the series' colour.
			series{plotter.XYs(bounded), "", color.White, draw.PyramidGlyph{}, false, nil},
			series{plotter.XYs(bounded), "maxmatch in-process, bounded search", inProcColor, draw.TriangleGlyph{}, false, nil})
		f.panels = append(f.panels, pn.room(0, 0.35))
	}
	return f
}

// speedupFigure is the per-system bars: the official's time over ours, wall (with the min–max
// of the pairs as error bars) and CPU; none when the official was not run.
func speedupFigure(r *Report) figure {
	f := figure{base: speedupFile, w: 24 * vg.Centimeter, h: 11 * vg.Centimeter}
	var names []string
	var wall, cpu plotter.Values
	var wallXY plotter.XYs
	var wallErrs plotter.YErrors
	for i := range r.Systems {
		w := r.Systems[i].WallRatio()
		if w.N == 0 {
			continue
		}
		names = append(names, r.Systems[i].Name)
		wall, cpu = append(wall, w.Median), append(cpu, r.Systems[i].CPURatio().Median)
		wallXY = append(wallXY, plotter.XY{X: float64(len(wallXY)) - 0.2, Y: w.Median})
		wallErrs = append(wallErrs, struct{ Low, High float64 }{w.Median - w.Min, w.Max - w.Median})
	}
	if names == nil {
		return f
	}
	pn := linearPanel("Speed-up over the official scorer, CoNLL-2014 (official time / maxmatch time)", "", "speed-up (×)")
	for _, b := range []struct {
		values plotter.Values
		name   string
		color  color.Color
		at     float64
	}{{wall, "wall time (bar: median pair; line: min–max)", commandColor, -0.2}, {cpu, "CPU time (median pair)", inProcColor, 0.2}} {
		bc, err := plotter.NewBarChart(b.values, vg.Points(11))
		if !pn.ok(err) {
			break
		}
		bc.Color, bc.LineStyle.Width, bc.XMin = b.color, 0, b.at
		pn.Add(bc)
		pn.Legend.Add(b.name, bc)
	}
	eb, err := plotter.NewYErrorBars(struct {
		plotter.XYs
		plotter.YErrors
	}{wallXY, wallErrs})
	if pn.ok(err) {
		pn.Add(eb, plotter.NewGrid())
	}
	pn.NominalX(names...)
	f.panels = []*panel{pn.room(0, 0.25)}
	return f
}

// freshFigure is our command's time beyond its start-up against the fresh pages it touched
// beyond the start-up's, one point per input (CoNLL files and generated cases apart), with the
// line of the first-touch cost measured on the machine; none without such figures.
func freshFigure(r *Report) figure {
	f := figure{base: freshFile, w: 18 * vg.Centimeter, h: 11 * vg.Centimeter}
	rows := freshMemoryRows(r)
	if len(rows) == 0 {
		return f
	}
	touch := r.Machine.FirstTouch.Seconds()
	var conll, generated plotter.XYs
	maxPages := 0.0
	for _, row := range rows {
		xy := plotter.XY{X: row.Pages, Y: max(0, row.Extra) * 1e3}
		if row.Generated {
			generated = append(generated, xy)
		} else {
			conll = append(conll, xy)
		}
		maxPages = max(maxPages, row.Pages)
	}
	pn := linearPanel("maxmatch command: time beyond start-up against fresh memory", "fresh 4 KiB pages beyond start-up's (minor page faults)", "command time less start-up (ms)")
	pn.Add(plotter.NewGrid())
	pn.add(series{plotter.XYs{{X: 0, Y: 0}, {X: maxPages, Y: maxPages * touch * 1e3}}, fmt.Sprintf("pages × first-touch cost (%s each)", fmtSeconds(touch)), officialColor, nil, true, dashed},
		series{conll, "CoNLL-2014 files", commandColor, draw.CircleGlyph{}, false, nil},
		series{generated, "generated cases", inProcColor, draw.TriangleGlyph{}, false, nil})
	if fit, ok := fitPages(rows); ok {
		pn.add(series{plotter.XYs{{X: 0, Y: fit.Intercept * 1e3}, {X: maxPages, Y: (fit.Intercept + fit.PerPage*maxPages) * 1e3}},
			fmt.Sprintf("least squares: %s per page", fmtSeconds(fit.PerPage)), commandColor, nil, true, nil})
	}
	f.panels = []*panel{pn.room(1.04, 0.3)}
	return f
}

// longFigure is the long lines' panels: time (the command's median, in-process, the
// official's) and the command's peak memory, against the line's tokens; none without long
// lines.
func longFigure(r *Report) figure {
	f := figure{base: longFile, w: 12 * vg.Centimeter, h: 11 * vg.Centimeter}
	if len(r.Long) == 0 {
		return f
	}
	var sizes []float64
	var time, memory []series
	for i, l := range r.Long {
		col := longColors[i%len(longColors)]
		var cmd, inproc, mem, off, offMem, unfinished points
		for _, pt := range l.Points {
			x := float64(pt.N)
			sizes = append(sizes, x)
			if finishedMedian(pt.Ours) > 0 {
				cmd.add(x, finishedMedian(pt.Ours))
				mem.add(x, peakMB(pt.Ours))
			}
			inproc.add(x, medianOf(pt.InProcess))
			if finishedMedian(pt.Official) > 0 {
				off.add(x, finishedMedian(pt.Official))
				offMem.add(x, peakMB(pt.Official))
			}
			unfinished.add(x, unfinishedAt(pt.Official))
		}
		time = append(time,
			series{plotter.XYs(cmd), l.Name + ": command", col, draw.SquareGlyph{}, true, nil},
			series{plotter.XYs(inproc), l.Name + ": in-process", col, draw.PyramidGlyph{}, true, dashed},
			series{plotter.XYs(off), "official 3.2", officialColor, draw.CircleGlyph{}, true, nil},
			series{plotter.XYs(unfinished), unfinishedName, officialColor, draw.TriangleGlyph{}, false, nil})
		memory = append(memory,
			series{plotter.XYs(mem), l.Name + ": command", col, draw.SquareGlyph{}, true, nil},
			series{plotter.XYs(offMem), "official 3.2", officialColor, draw.CircleGlyph{}, true, nil})
	}
	ticks := sizeTicks(sizes, tokenScale.format)
	// Short y labels: gonum centres an axis label at the arithmetic middle of the range, near
	// the top of a logarithmic axis, and a long one pushes the data area down.
	timePanel := logPanel("Long lines: time", "source tokens n", "time", ticks, vg.Points(8))
	timePanel.add(time...)
	memPanel := logPanel("Long lines: peak memory of the command (MB)", "source tokens n", "MB", ticks, vg.Points(8))
	memPanel.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	memPanel.add(memory...)
	f.panels = []*panel{timePanel.room(0, 0.5), memPanel.room(0, 0.5)}
	return f
}

// joinedFigure is the joined files' time against the sentences per line, one line per file:
// our in-process scoring and command, the official where it finished; none without joined
// files.
func joinedFigure(r *Report) figure {
	f := figure{base: joinedFile, w: 16 * vg.Centimeter, h: 11 * vg.Centimeter}
	if len(r.Joined) == 0 {
		return f
	}
	var groups []float64
	for _, g := range append([]int{1}, r.joinedGroups()...) {
		groups = append(groups, float64(g))
	}
	pn := logPanel("CoNLL-2014 files: time per file against sentences per line", "sentences per line g", "time", sizeTicks(groups, plainLabel), vg.Points(8))
	per, _ := r.joinedGrowth()
	for _, g := range per {
		var in, cmd, off, unfinished points
		for k, grp := range g.Groups {
			in.add(float64(grp), g.InProcess[k])
			cmd.add(float64(grp), g.Command[k])
			off.add(float64(grp), g.Official[k])
		}
		for _, jr := range r.Joined {
			if jr.Name == g.Name {
				unfinished.add(float64(jr.Group), unfinishedAt(jr.Official))
			}
		}
		pn.add(series{plotter.XYs(cmd), "maxmatch command, per file", commandColor, draw.SquareGlyph{}, true, nil},
			series{plotter.XYs(in), "maxmatch in-process, per file", inProcColor, draw.PyramidGlyph{}, true, dashed},
			series{plotter.XYs(off), "official 3.2, per file", officialColor, draw.CircleGlyph{}, true, nil},
			series{plotter.XYs(unfinished), unfinishedName, officialColor, draw.TriangleGlyph{}, false, nil})
	}
	f.panels = []*panel{pn.room(1.3, 0.5)}
	return f
}

const unfinishedName = "official: did not finish (its time at the kill or the memory error)"

// unfinishedAt is the time of an official run that did not finish (killed at its time limit,
// or out of its memory limit): a lower bound of the time it needs; 0 for one that finished.
func unfinishedAt(official []Sample) float64 {
	if len(official) == 0 || (official[0].Status != StatusTimeout && official[0].Status != StatusFailed) {
		return 0
	}
	return official[0].Wall.Seconds()
}

// decadeScale names 10^e seconds ("10 µs", "1 s").
var decadeScale = scale{{1, 1, "%.0f s"}, {1e-3, 1e3, "%.0f ms"}, {1e-6, 1e6, "%.0f µs"}, {1e-9, 1e9, "%.0f ns"}, {math.Inf(-1), 1, "%g s"}}

// timeDecades marks the powers of ten of a logarithmic time axis, labelled as durations, with
// unlabelled minor ticks between them.
func timeDecades(lo, hi float64) []plot.Tick {
	var out []plot.Tick
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		for k := 1.0; k < 10; k++ {
			if v := k * math.Pow(10, e); v >= lo && v <= hi {
				t := plot.Tick{Value: v}
				if k == 1 {
					t.Label = decadeScale.format(v)
				}
				out = append(out, t)
			}
		}
	}
	return out
}

// plainTicks are the default ticks with labels in the shortest form ("250", not "250.00").
func plainTicks(lo, hi float64) []plot.Tick {
	ts := plot.DefaultTicks{}.Ticks(lo, hi)
	for i := range ts {
		if ts[i].Label != "" {
			ts[i].Label = plainLabel(ts[i].Value)
		}
	}
	return ts
}

func plainLabel(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

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
