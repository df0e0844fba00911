package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// The scale targets are a test, TestTargets (targets_test.go), which judges a run's
// benchmarks.json; the page lists the verdicts it writes (-verdicts).

// judgeTargets writes the run into cfg.Out, has TestTargets judge it, and sets r.Targets from
// its verdicts, in order: met, not met or not measured, each with its goal and its figures.
func judgeTargets(cfg *Config, r *Report) error {
	tmp, err := os.MkdirTemp("", "bench-targets")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
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
	verdicts := filepath.Join(tmp, "verdicts.json")
	cmd := exec.Command("go", "test", "-count=1", "-run=^TestTargets$", "./bench", "-results="+path, "-verdicts="+verdicts)
	cmd.Dir = cfg.Root
	out, runErr := cmd.CombinedOutput() // a target not met fails the test: its verdict, not an error
	r.Targets = nil
	if data, err = os.ReadFile(verdicts); err == nil {
		err = json.Unmarshal(data, &r.Targets)
	}
	if err != nil || len(r.Targets) == 0 {
		return fmt.Errorf("TestTargets judged no target (%v, %v):\n%s", runErr, err, out)
	}
	return nil
}
