package proc

import (
	"errors"
	"os"
	"os/exec"
)

// errUnsupported says why Run cannot measure a run here.
var errUnsupported = errors.New("the benchmark harness measures a run's peak memory by wait4's rusage and kills it by its process group, which Windows has not: run it on Linux")

func inOwnGroup(*exec.Cmd)            {}
func usage(*os.ProcessState, *Sample) {}
