package main

import (
	"bytes"
	"os"
	"path/filepath"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// writeOutputs writes the report, the CSV and the plots into cfg.Out and, when set, cfg.Docs.
func writeOutputs(cfg *Config, r *Report) error {
	var md, csvData bytes.Buffer
	if err := writeMarkdown(&md, r); err != nil {
		return err
	}
	if err := writeCSV(&csvData, r); err != nil {
		return err
	}
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
	for _, dir := range []string{cfg.Out, cfg.Docs} {
		if dir == "" {
			continue
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, reportName), md.Bytes(), 0o644); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, csvName), csvData.Bytes(), 0o644); err != nil {
			return err
		}
		if len(scaling) > 0 {
			if err := savePlots(dir, scalingFile, scaling, vg.Length(len(scaling))*9*vg.Centimeter, 10*vg.Centimeter); err != nil {
				return err
			}
		}
		if speedup != nil {
			if err := savePlots(dir, speedupFile, []*plot.Plot{speedup}, 24*vg.Centimeter, 11*vg.Centimeter); err != nil {
				return err
			}
		}
		if fresh != nil {
			if err := savePlots(dir, freshFile, []*plot.Plot{fresh}, 18*vg.Centimeter, 11*vg.Centimeter); err != nil {
				return err
			}
		}
		if long != nil {
			if err := savePlots(dir, longFile, long, 2*12*vg.Centimeter, 11*vg.Centimeter); err != nil {
				return err
			}
		}
		if joined != nil {
			if err := savePlots(dir, joinedFile, []*plot.Plot{joined}, 16*vg.Centimeter, 11*vg.Centimeter); err != nil {
				return err
			}
		}
		logf("wrote %s", filepath.Join(dir, reportName))
	}
	return nil
}
