"""Run by "go test ./python" (TestDaskRecipe) with Debian's Dask: the Dask recipe of
docs/scaling-out.md (its text in the file argv[1]) on a cluster of two worker processes on the
loopback interface, one of which is killed (SIGKILL) once the first part is scored. Dask runs
the tasks it lost again on the worker its nanny starts in its place (which sets up its own
Scorer), and the merge gives the same figures, which this prints as the recipe does; what
happened goes to stderr.

    python3 dask_worker_killed.py RECIPE GOLD SYSTEM PARTS
"""

import os
import runpy
import signal
import sys
import time

from distributed import Client, LocalCluster, as_completed, wait


def main(recipe_path, gold_path, system_path, parts):
    recipe = runpy.run_path(recipe_path, run_name="dask_recipe")
    hyps = recipe["read_system"](system_path)
    start = time.monotonic()
    with LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None) as cluster, \
            Client(cluster) as client:
        addresses = [cluster.scheduler_address] + list(client.scheduler_info()["workers"])
        if not all(a.startswith("tcp://127.0.0.1:") for a in addresses):
            sys.exit("the cluster listens beyond the loopback interface: %s" % addresses)
        client.register_worker_plugin(recipe["M2Scorer"](gold_path))
        pids = client.run(os.getpid)
        futures = recipe["submit_parts"](client, hyps, int(parts))
        next(as_completed(futures))
        done = sum(f.done() for f in futures)
        address, victim = sorted(pids.items())[0]
        os.kill(victim, signal.SIGKILL)
        wait(futures, timeout=240)
        score = recipe["merge_parts"](client, futures)
        after = client.run(os.getpid)
    if victim in after.values():
        sys.exit("worker %s (pid %d) still runs after SIGKILL" % (address, victim))
    print(recipe["figures"](score))
    print("killed worker %s (pid %d) with %d of %d parts done; the workers are then %s; %.1f s" % (
        address, victim, done, len(futures), sorted(after.values()), time.monotonic() - start), file=sys.stderr)


if __name__ == "__main__":
    main(*sys.argv[1:])
