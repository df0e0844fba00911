package progress

import (
	"os"
	"syscall"
	"unsafe"
)

// isTerminalFile reports whether f is a terminal: whether it has terminal attributes (the
// TCGETS ioctl, what isatty does). /dev/null, a character device too, is not one.
func isTerminalFile(f *os.File) bool {
	rc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	var errno syscall.Errno
	if err := rc.Control(func(fd uintptr) {
		var t syscall.Termios
		_, _, errno = syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TCGETS, uintptr(unsafe.Pointer(&t)))
	}); err != nil {
		return false
	}
	return errno == 0
}
