"""Times the maxmatch Python package on an n-best list (bench/nbest runs it; our own code).

Usage: package.py GOLD LIST.jsonl ROUNDS [LIBMAXMATCH.so]
Prints {"hyps": n, "runs": {way: [seconds…]}} as JSON.
"""
import ctypes
import json
import os
import sys
import time

import maxmatch

gold, path, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
lib = sys.argv[4] if len(sys.argv) > 4 else None
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

if lib:
    so = ctypes.CDLL(lib)
    so.maxmatch_open.restype = ctypes.c_void_p
    so.maxmatch_request.restype = ctypes.c_void_p
    so.maxmatch_free.argtypes = [ctypes.c_void_p]
    err = so.maxmatch_open(gold.encode(), os.cpu_count())
    if err:
        sys.exit("maxmatch_open: " + ctypes.string_at(err).decode())

    def call(requests):
        p = so.maxmatch_request(requests)
        answers = ctypes.string_at(p)
        so.maxmatch_free(p)
        return answers

    encoded = [(json.dumps({"id": i, "hyps": h, "compact": True}, ensure_ascii=False, separators=(",", ":")) + "\n").encode() for i, h in items]

    def all_at_once():
        answers = call(b"".join(encoded)).split(b"\n")[:-1]
        return [[maxmatch.SentenceScore(r) for r in json.loads(a)["results"]] for a in answers]

    def one_by_one():
        return [[maxmatch.SentenceScore(r) for r in json.loads(call(e))["results"]] for e in encoded]

    def per_hypothesis():
        return [maxmatch.SentenceScore(json.loads(call((json.dumps({"id": i, "hyp": x, "compact": True}, ensure_ascii=False) + "\n").encode()))["results"][0])
                for i, h in items for x in h]

    all_at_once()
    timed("ctypes, one call for the list", all_at_once)
    timed("ctypes, a call per sentence", one_by_one, n=max(1, rounds // 2))
    timed("ctypes, a call per hypothesis", per_hypothesis, n=1)

json.dump({"hyps": hyps, "runs": runs}, sys.stdout)
