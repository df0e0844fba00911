"""Run by "go test ./python" (TestDaskRecipe) with Debian's Dask: the Dask recipe of
docs/scaling-out.md (its text in the file argv[1]) run as the page runs it, a program given GOLD
SYSTEM [PARTS], on its cluster of two worker processes on the loopback interface, one of which is
killed (SIGKILL) once the first part is scored: Client.gather, which the recipe's merge_parts
calls, does that first. Dask runs the tasks it lost again on the worker its nanny starts in its
place (which sets up its own Scorer), and the recipe prints the figures of the merge; what
happened goes to stderr.

    python3 dask_worker_killed.py RECIPE GOLD SYSTEM [PARTS]
"""

import os
import runpy
import signal
import sys
import time

from distributed import Client, as_completed, wait

gather = Client.gather
killed = []  # (address, pid, parts done, parts) of the worker killed


def gather_after_a_kill(client, futures, *args, **kwargs):
    """Client.gather, once a worker is killed, the first time it is called."""
    if killed:
        return gather(client, futures, *args, **kwargs)
    info = client.scheduler_info()
    addresses = [info["address"]] + list(info["workers"])
    if not all(a.startswith("tcp://127.0.0.1:") for a in addresses):
        sys.exit("the cluster listens beyond the loopback interface: %s" % addresses)
    pids = client.run(os.getpid)
    next(as_completed(futures))
    done = sum(f.done() for f in futures)
    address, victim = sorted(pids.items())[0]
    os.kill(victim, signal.SIGKILL)
    killed.append((address, victim, done, len(futures)))
    wait(futures, timeout=240)
    parts = gather(client, futures, *args, **kwargs)
    after = client.run(os.getpid)
    if victim in after.values():
        sys.exit("worker %s (pid %d) still runs after SIGKILL" % (address, victim))
    killed.append(sorted(after.values()))
    return parts


def main(recipe_path, *args):
    start = time.monotonic()
    Client.gather = gather_after_a_kill
    sys.argv = [recipe_path] + list(args)
    runpy.run_path(recipe_path, run_name="__main__")
    if not killed:
        sys.exit("the recipe never gathered its parts: no worker was killed")
    (address, victim, done, parts), after = killed
    print("killed worker %s (pid %d) with %d of %d parts done; the workers are then %s; %.1f s" % (
        address, victim, done, parts, after, time.monotonic() - start), file=sys.stderr)


if __name__ == "__main__":
    main(*sys.argv[1:])
