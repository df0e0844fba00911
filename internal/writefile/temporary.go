package writefile

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
)

// TemporaryPattern is the name of every temporary file or directory this package makes, beside
// the file it will become (filepath.Match's syntax). They are removed on an error and on the
// signals CleanUpOnSignals catches; only SIGKILL or a crash of the machine leaves one, which can
// be removed (find DIR -name '.maxmatch-*.tmp' -delete) when no maxmatch command runs there.
const TemporaryPattern = ".maxmatch-*.tmp"

// temporaries are the temporary files and directories being written, so that a signal can
// remove them; once interrupted, no other is made and none is renamed into place. Creating,
// renaming and removing them take the lock, so that a signal finds each either still a
// temporary, or in place. While there are some, and CleanUpOnSignals asked for it, the signals
// are caught (sigs); at other times they act as they would without it, at once: a process that
// catches a signal acts on it only when a goroutine runs, which a process thrashing its
// garbage collector may not do for seconds.
var temporaries = struct {
	sync.Mutex
	paths       map[string]bool
	interrupted bool
	watch       []os.Signal    // the signals to catch while there are temporaries (CleanUpOnSignals)
	sigs        chan os.Signal // where they are sent
	caught      bool           // signal.Notify is in effect
}{paths: map[string]bool{}}

// added notes a new temporary (the lock held): the signals are caught from the first.
func added(path string) {
	temporaries.paths[path] = true
	if len(temporaries.watch) > 0 && !temporaries.caught {
		signal.Notify(temporaries.sigs, temporaries.watch...)
		temporaries.caught = true
	}
}

// gone notes a temporary removed or renamed (the lock held): the signals act as they would
// once the last is.
func gone(path string) {
	delete(temporaries.paths, path)
	if len(temporaries.paths) == 0 && temporaries.caught {
		signal.Stop(temporaries.sigs)
		temporaries.caught = false
	}
}

// errInterrupted is a write stopped by a signal: its temporary files are gone.
var errInterrupted = errors.New("interrupted by a signal")

// testHook, when set by a test, is called at each stage of a write ("written": the temporary
// files of All are written; "staged": the staging directory of a new directory is).
var testHook = func(stage string) {}

// createTemporary creates a new temporary file (or directory, when dir is true) in parent, with
// mode 0666 (0777) less the umask, where os.CreateTemp gives 0600 (0700), which a rename would
// carry over to the file written; the file is returned open for writing.
func createTemporary(parent string, dir bool) (string, *os.File, error) {
	temporaries.Lock()
	defer temporaries.Unlock()
	if temporaries.interrupted {
		return "", nil, errInterrupted
	}
	var random [6]byte
	for range 100 {
		rand.Read(random[:])
		name := filepath.Join(parent, ".maxmatch-"+hex.EncodeToString(random[:])+".tmp")
		var f *os.File
		var err error
		if dir {
			err = os.Mkdir(name, 0o777)
		} else {
			f, err = os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		}
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err == nil {
			added(name)
		}
		return name, f, err
	}
	return "", nil, fmt.Errorf("no unused temporary name in %s", parent)
}

// removeTemporary removes a temporary file or directory.
func removeTemporary(path string) {
	temporaries.Lock()
	defer temporaries.Unlock()
	os.RemoveAll(path)
	gone(path)
}

// rename is a temporary file (or directory) to rename into place.
type rename struct {
	path     string // the output as given, in messages
	from, to string
}

// commit renames the temporaries into place, one after another under the lock, so that a
// signal comes before all of them or after: on an error, those before are in place and the
// rest are removed.
func commit(renames []rename) error {
	temporaries.Lock()
	defer temporaries.Unlock()
	for i, r := range renames {
		err := errInterrupted
		if !temporaries.interrupted {
			err = os.Rename(r.from, r.to)
		}
		if err != nil {
			for _, rest := range renames[i:] {
				os.RemoveAll(rest.from)
				gone(rest.from)
			}
			return writeError(r.path, err)
		}
		gone(r.from)
	}
	return nil
}

// RemoveTemporaries removes every temporary file and directory being written, and makes every
// write after it fail: for a signal that ends the process.
func RemoveTemporaries() {
	temporaries.Lock()
	defer temporaries.Unlock()
	temporaries.interrupted = true
	for p := range temporaries.paths {
		os.RemoveAll(p)
		gone(p)
	}
}

// CleanUpOnSignals makes SIGINT, SIGTERM and SIGHUP (^C on Windows) that come while outputs are
// being written remove their temporary files (RemoveTemporaries) before they end the process as
// they would have (a shell shows status 128+N: 130, 143, 129); at other times they act as
// without it. A signal the process was started ignoring (SIGHUP under nohup, SIGINT for a job
// started in the background) stays ignored. stop restores the signals.
func CleanUpOnSignals() (stop func()) {
	temporaries.Lock()
	defer temporaries.Unlock()
	var watch []os.Signal
	for _, sig := range interruptions {
		if !signal.Ignored(sig) {
			watch = append(watch, sig)
		}
	}
	sigs := make(chan os.Signal, 1)
	temporaries.watch, temporaries.sigs = watch, sigs
	go func() {
		for sig := range sigs {
			RemoveTemporaries()
			raise(sig)
		}
	}()
	return func() {
		temporaries.Lock()
		defer temporaries.Unlock()
		if temporaries.caught {
			signal.Stop(sigs)
			temporaries.caught = false
		}
		temporaries.watch, temporaries.sigs = nil, nil
		close(sigs)
	}
}

// resetSignal restores sig's default action.
func resetSignal(sig os.Signal) { signal.Reset(sig) }
