package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// The scale targets are a test, TestTargets (targets_test.go), which judges a run's
// benchmarks.json; the page lists the verdicts of its subtests.

// judgeTargets writes the run into cfg.Out, has TestTargets judge it, and sets r.Targets from
// the test's subtests, in order: passed is met, failed not met, skipped not measured, each with
// the goal and the figures it logged ("goal: …", "measured: …").
func judgeTargets(cfg *Config, r *Report) error {
	path, err := filepath.Abs(filepath.Join(cfg.Out, jsonName))
	if err != nil {
		return err
	}
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return err
	}
	cmd := exec.Command("go", "test", "-json", "-count=1", "-run=^TestTargets$", "./bench", "-results="+path)
	cmd.Dir = cfg.Root
	out, runErr := cmd.Output() // a target not met fails the test: its verdict, not an error
	r.Targets = nil
	index, logs := map[string]int{}, map[string]string{}
	for dec := json.NewDecoder(bytes.NewReader(out)); dec.More(); {
		var e struct{ Action, Test, Output string }
		if err := dec.Decode(&e); err != nil {
			return fmt.Errorf("reading TestTargets's events: %v", err)
		}
		name, ok := strings.CutPrefix(e.Test, "TestTargets/")
		if !ok {
			continue
		}
		if _, ok := index[name]; !ok {
			index[name] = len(r.Targets)
			r.Targets = append(r.Targets, Target{})
		}
		t := &r.Targets[index[name]]
		switch e.Action {
		case "output":
			logs[name] += e.Output
		case "pass":
			t.Status = "met"
		case "fail":
			t.Status = "not met"
		case "skip":
			t.Status = "not measured"
		}
	}
	for name, k := range index {
		for _, line := range strings.Split(logs[name], "\n") {
			if _, goal, ok := strings.Cut(line, ": goal: "); ok {
				r.Targets[k].Goal = goal
			} else if _, measured, ok := strings.Cut(line, ": measured: "); ok {
				r.Targets[k].Measured = measured
			}
		}
		if r.Targets[k].Goal == "" || r.Targets[k].Status == "" {
			return fmt.Errorf("TestTargets/%s: no goal or no verdict:\n%s", name, logs[name])
		}
	}
	if len(r.Targets) == 0 {
		return fmt.Errorf("TestTargets judged no target (%v):\n%s", runErr, out)
	}
	return nil
}
