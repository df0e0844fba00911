"""``python -m maxmatch ARGS`` (and the ``maxmatch`` script a wheel installs) runs the maxmatch
command with ARGS: its output, its messages and its exit status are the command's."""

import os
import subprocess
import sys

from ._binary import find_binary
from ._errors import BinaryNotFoundError


def main(argv=None):
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        binary = find_binary()
    except BinaryNotFoundError as e:
        sys.stderr.write("maxmatch: %s\n" % e)
        return 2
    if os.name == "posix":
        sys.stdout.flush()
        sys.stderr.flush()
        os.execv(binary, [binary] + args)  # the command takes this process's place
    return subprocess.call([binary] + args)


if __name__ == "__main__":
    sys.exit(main())
