"""Times the maxmatch Python package on an n-best list (bench/nbest runs it; our own code).

Usage: package.py GOLD LIST.jsonl ROUNDS
Prints {"hyps": n, "runs": {way: [seconds…]}} as JSON.
"""
import json
import sys
import time

import maxmatch

gold, path, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
with open(path, encoding="utf-8") as f:
    items = [(d["id"], d["hyps"]) for d in map(json.loads, f)]
hyps = sum(len(h) for _, h in items)
runs = {}


def timed(way, fn, n=rounds):
    for _ in range(n):
        start = time.perf_counter()
        fn()
        runs.setdefault(way, []).append(time.perf_counter() - start)


with maxmatch.Scorer(gold) as m2:
    m2.nbest_many(items)  # warm up: the service's buffers, the page cache
    timed("batched (nbest_many)", lambda: m2.nbest_many(items))
    timed("batched, counts only (nbest_many, edits=False)", lambda: m2.nbest_many(items, edits=False))
    timed("call by call (nbest per sentence)", lambda: [m2.nbest(i, h) for i, h in items], n=max(1, rounds // 2))
    timed("call by call (sentence per hypothesis)", lambda: [m2.sentence(i, x) for i, h in items for x in h], n=1)

json.dump({"hyps": hyps, "runs": runs}, sys.stdout)
