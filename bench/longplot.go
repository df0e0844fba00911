package main

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The plots of the scale parts: the long lines' time and peak memory against their length,
// and the joined CoNLL-2014 files' time against the sentences per line.

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
func joinedPlot(r *Report) (*plot.Plot, error) {
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
	return p, nil
}
