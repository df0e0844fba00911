"""Where the maxmatch command is, and the package's version.

A wheel carries the command in the package (``maxmatch/bin/maxmatch``, ``maxmatch.exe`` on
Windows) and the version in ``maxmatch/_version.py``, both written by the build. The package
can also run from a source checkout (``python/maxmatch`` in the repository, directly or as an
editable install), which has neither: it then reads the version from the repository and builds
the command with Go.
"""

import errno
import hashlib
import os
import shutil
import subprocess
import sys
import threading

from ._errors import BinaryNotFoundError

PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
EXECUTABLE = "maxmatch.exe" if os.name == "nt" else "maxmatch"


def own_binary():
    """The command the package carries (a wheel's), or None."""
    path = os.path.join(PACKAGE_DIR, "bin", EXECUTABLE)
    return path if os.path.isfile(path) else None


def source_checkout():
    """The Go module around the package when it runs from a source checkout, or None."""
    root = os.path.dirname(os.path.dirname(PACKAGE_DIR))
    try:
        with open(os.path.join(root, "go.mod"), encoding="utf-8") as f:
            if f.readline().split() == ["module", "maxmatch"]:
                return root
    except OSError:
        pass
    return None


def version() -> str:
    """The package's version: the wheel's, or in a source checkout the repository's number as a
    development version (NUMBER+devel), as a wheel built from the checkout gives it."""
    try:
        from ._version import VERSION  # type: ignore[import]  # written by the build
        return VERSION
    except ImportError:
        pass
    root = source_checkout()
    if root is not None:
        try:
            with open(os.path.join(root, "version", "VERSION"), encoding="utf-8") as f:
                return f.read().strip() + "+devel"
        except OSError:
            pass
    return "unknown"


_built = {}  # source checkout → the command built from it, once per process
_build_lock = threading.Lock()


def find_binary(build: bool = True) -> str:
    """Returns the path of the ``maxmatch`` command: ``$MAXMATCH_BIN`` when set, else the
    package's own (a wheel's), else ``maxmatch`` on PATH, else (when build is true and the
    package runs from a source checkout) one built with Go from the checkout into
    ``$XDG_CACHE_HOME/maxmatch`` (default ``~/.cache/maxmatch``), once per process, saying so
    on stderr the first time."""
    env = os.environ.get("MAXMATCH_BIN")
    if env:
        if not (os.path.isfile(env) and os.access(env, os.X_OK)):
            raise BinaryNotFoundError(errno.ENOENT, "MAXMATCH_BIN is not an executable file", env)
        return env
    own = own_binary()
    if own is not None:
        if not os.access(own, os.X_OK):
            raise BinaryNotFoundError(errno.EACCES, "the package's maxmatch command is not executable "
                                      "(reinstall the package, or chmod +x it)", own)
        return own
    found = shutil.which("maxmatch")
    if found:
        return found
    src = source_checkout()
    go = shutil.which("go")
    if not build or src is None or go is None:
        why = []
        if src is None:
            why.append("the package holds no command and does not run from a source checkout")
        if go is None:
            why.append("go is not on PATH")
        raise BinaryNotFoundError(
            "no maxmatch command: set MAXMATCH_BIN to its path, or put it on PATH, or install a "
            "wheel of the package, which carries it" + ("; cannot build it: " + ", ".join(why) if why else ""))
    with _build_lock:
        if src not in _built:
            cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
            out = os.path.join(cache, "maxmatch", hashlib.sha1(src.encode()).hexdigest()[:12], EXECUTABLE)
            if not os.path.exists(out):
                sys.stderr.write("maxmatch: building the maxmatch command with Go from %s into %s, once "
                                 "(up to a minute on a cold Go build cache; set MAXMATCH_BIN to use a "
                                 "built one)\n" % (src, out))
                sys.stderr.flush()
            os.makedirs(os.path.dirname(out), exist_ok=True)
            done = subprocess.run([go, "build", "-o", out, "./cmd/maxmatch"], cwd=src,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            if done.returncode != 0:
                raise BinaryNotFoundError("building maxmatch with Go in %s failed:\n%s" % (
                    src, done.stderr.decode("utf-8", "replace")))
            _built[src] = out
        return _built[src]
