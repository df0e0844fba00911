"""Scores an n-best list sentence by sentence with a Python M2 scorer's own function, as a
reranker that imports it does (bench/nbest runs it; our own code, for Python 2.7 and 3).

Usage: anchor.py SCORER_DIR MODULE GOLD LIST.jsonl
MODULE is the scorer's module with batch_multi_pre_rec_f1 ("levenshtein" for the official's
scripts/, "m2scorer.levenshtein" for the port), imported from SCORER_DIR. Each hypothesis is
scored as a corpus of its one sentence: the official's sentence-level P, R and F. Prints
{"seconds": s, "results": [[p, r, f], ...]} as JSON; only the scoring loop is timed.
"""
from __future__ import print_function

import importlib
import io
import json
import sys
import time

sys.path.insert(0, sys.argv[1])
lev = importlib.import_module(sys.argv[2])
gold_path, list_path = sys.argv[3], sys.argv[4]


def load_gold(path):
    """M2 as the official reads it: per block, the source and, per annotator, its edits
    (start, end, original, corrections); noop edits at -1 -1; -NONE- is the empty correction."""
    sources, golds = [], []
    with io.open(path, encoding="utf-8") as f:
        blocks = f.read().split("\n\n")
    for block in blocks:
        lines = [l for l in block.split("\n") if l.strip()]
        if not lines:
            continue
        source = lines[0][2:].strip()
        tokens = source.split()
        annotators = {}
        for line in lines[1:]:
            fields = line[2:].split("|||")
            start, end = [int(x) for x in fields[0].split()]
            if fields[1] == "noop":
                start = end = -1
            corrections = [c.strip() if c != "-NONE-" else "" for c in fields[2].split("||")]
            original = " ".join(tokens[start:end])
            annotators.setdefault(int(fields[5]), []).append((start, end, original, corrections))
        edits = {}
        for a, es in annotators.items():
            edits[a] = [e for e in es if 0 <= e[0] <= len(tokens) and 0 <= e[1] <= len(tokens)]
        if not edits:
            edits[0] = []
        sources.append(source)
        golds.append(edits)
    return sources, golds


sources, golds = load_gold(gold_path)
items = []
with io.open(list_path, encoding="utf-8") as f:
    for line in f:
        d = json.loads(line)
        items.extend((d["id"], h.strip()) for h in d["hyps"])

results = []
start = time.time()
for i, hyp in items:
    p, r, f = lev.batch_multi_pre_rec_f1([hyp], [sources[i]], [golds[i]], 2, 0.5, False, False, False)
    results.append([p, r, f])
seconds = time.time() - start
json.dump({"seconds": seconds, "results": results}, sys.stdout)
