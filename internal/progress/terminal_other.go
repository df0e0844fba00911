//go:build !linux

package progress

import "os"

// isTerminalFile reports whether f is a character device: a terminal, or something as harmless
// to write a progress line to (/dev/null), where the terminal attributes cannot be asked for.
func isTerminalFile(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
