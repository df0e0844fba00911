"""Tests of the batched path (nbest_many, sentence_many): the requests put together by joins are
json.dumps's bytes, and the results are those of the service whatever the text holds."""

import base64
import json
import os
import pickle
import struct
import sys
import tempfile
import unittest
import unittest.mock

import maxmatch
from maxmatch import _scorer

from test_maxmatch import SHARED, Files, run_maxmatch

# Hypotheses holding what JSON escapes, and what it does not.
TRICKY = ['The "cat" sat on the mat .', "The cat \\ sat on mat .", 'A \\" dog barks .', "é ü 中 😀 .",
          "a\x7fb \u2028 c", "", "\\", '"', "The cat sat on the mat ."]


def dumped(first, batch, edits):
    return (json.dumps({"id": first, "batch": batch, "edits": edits, "packed": True}, ensure_ascii=False,
                       separators=(",", ":")) + "\n").encode("utf-8")


class TestPlainBatch(unittest.TestCase):
    def test_json_dumps_bytes(self):
        for batch in ([(0, TRICKY)], [(0, ["a b", "c"]), (5, []), (7, TRICKY[3:5])], [], [(2, [""])],
                      [(k, TRICKY[k:]) for k in range(len(TRICKY))]):
            for edits in (True, False):
                with self.subTest(batch=batch, edits=edits):
                    self.assertEqual(_scorer._plain_batch(3, batch, edits), dumped(3, batch, edits))

    def test_left_to_json_dumps(self):
        # A control character (escaped as \uXXXX), a NUL (the joins' mark) and a lone surrogate.
        for h in ("a\tb", "a\nb", "a\x00b", "\x1f", "a\ud800b"):
            with self.subTest(h=h):
                self.assertIsNone(_scorer._plain_batch(0, [(0, ["x", h])], True))


class TestPacked(unittest.TestCase):
    def test_numbers_of_a_packed_answer(self):
        # Five little-endian 64-bit integers and three floats, as the service writes them
        # (service.AppendPackedResult); anything else is not an answer (None).
        counts = base64.b64encode(struct.pack("<5q", 3, 1, 2, -1, 2 ** 40)).decode()
        scores = base64.b64encode(struct.pack("<3d", 0.5, 1.0, 0.8333333333333334)).decode()
        self.assertEqual(list(_scorer._packed(counts, "q", 5)), [3, 1, 2, -1, 2 ** 40])
        self.assertEqual(list(_scorer._packed(scores, "d", 3)), [0.5, 1.0, 0.8333333333333334])
        self.assertEqual(list(_scorer._packed("", "q", 0)), [])
        for text, n, why in ((counts, 4, "more numbers than results"), (counts[:-4], 5, "a number cut short"),
                             ("not base64!", 5, "not base64"), (None, 5, "not a string")):
            with self.subTest(why=why):
                self.assertIsNone(_scorer._packed(text, "q", n))
        # A big-endian machine reads the little-endian numbers swapped, and swaps them back: on a
        # little-endian one, big-endian numbers read with sys.byteorder saying "big".
        if sys.byteorder == "little":
            with unittest.mock.patch.object(_scorer.sys, "byteorder", "big"):
                swapped = _scorer._packed(base64.b64encode(struct.pack(">2q", 7, -2)).decode(), "q", 2)
            self.assertEqual(list(swapped), [7, -2])


class TestBatchedResults(Files):
    def test_same_results_either_way(self):
        items = [(0, TRICKY + ["The cat\tsat on the mat ."]), (2, ["They were happy .", '"They" was happy .']), (1, [])]
        with maxmatch.Scorer(self.gold) as m2:
            fast = m2.nbest_many(items)
            with unittest.mock.patch.object(_scorer, "_plain_batch", return_value=None):
                slow = m2.nbest_many(items)
            one_by_one = [[m2.sentence(i, h) for h in hyps] for i, hyps in items]
        self.assertEqual([len(x) for x in fast], [10, 2, 0])
        for got in (fast, one_by_one):
            self.assertEqual([[(repr(s), s.edits, s.annotators, s.sentence) for s in x] for x in got],
                             [[(repr(s), s.edits, s.annotators, s.sentence) for s in x] for x in slow])
        self.assertIn(maxmatch.Edit(1, 4, "cat sat on", '"cat" sat on'), fast[0][0].edits)  # the quotes went there and back
        self.assertEqual(fast[1][1].edits, [maxmatch.Edit(0, 2, "They was", '"They" was')])

    def test_long_hypotheses_cut_into_requests_the_service_takes(self):
        # 512 hypotheses of 40,000 characters are 20 MB, over the service's longest request line
        # (--max-request-bytes, 16 MiB): the package cuts its batches by characters too, and an
        # item's hypotheses over several batches, so that each is answered as sentence() would
        # answer it. One long token each: cheap to score.
        long = ["%05d" % k + "x" * 40000 for k in range(600)]
        with maxmatch.Scorer(self.gold) as m2:
            one_by_one = [values(m2.sentence(1, h, edits=False)) for h in long[:3]]
            many = m2.nbest_many([(1, long[:512]), (2, ["They were happy ."])], edits=False)
            one_item = m2.nbest(1, long)
        self.assertEqual([len(x) for x in many], [512, 1])
        self.assertEqual([values(s) for s in many[0][:3]], one_by_one)
        self.assertEqual(many[1][0].f_beta, 1.0)
        self.assertEqual(len(one_item), 600)
        self.assertEqual([s.edits[0].correction for s in one_item], long)
        self.assertEqual({s.sentence for s in one_item}, {1})


# Every value a SentenceScore gives, by its public names.
NAMES = ("annotator", "correct", "proposed", "gold", "precision", "recall", "f_beta", "bounded",
         "sentence", "signature", "tp", "fp", "fn", "annotators", "edits", "correct_edits")


def values(s):
    return [getattr(s, n) for n in NAMES]


@unittest.skipUnless(os.path.isdir(SHARED), "the shared CoNLL-2014 data is not beside the repository")
class TestCoNLLList(unittest.TestCase):
    def test_every_value_is_the_commands(self):
        # The 13 CoNLL-2014 systems as an n-best list of 17,056 hypotheses: every value of every
        # result (packed answers, read in batches) is the one maxmatch nbest --jsonl writes.
        gold = os.path.join(SHARED, "gold", "official-2014.combined.m2")
        files = []
        for n in sorted(os.listdir(os.path.join(SHARED, "systems"))):
            with open(os.path.join(SHARED, "systems", n), encoding="utf-8") as f:
                files.append(f.read().split("\n"))
        with maxmatch.Scorer(gold) as m2:
            items = [(i, [lines[i] for lines in files]) for i in range(len(m2))]
            results = m2.nbest_many(items)
            counts_only = m2.nbest_many(items, edits=False)
            signature = m2.signature()
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "list.jsonl")
            with open(path, "w", encoding="utf-8") as f:
                for i, hyps in items:
                    f.write(json.dumps({"id": i, "hyps": hyps}) + "\n")
            rows = [json.loads(l) for l in run_maxmatch("nbest", "--jsonl", path, gold).splitlines()]
        flat = [(i, r, c) for (i, _), rs, cs in zip(items, results, counts_only) for r, c in zip(rs, cs)]
        self.assertEqual(len(rows), 17056)
        self.assertEqual(len(flat), 17056)
        for row, (i, r, c) in zip(rows, flat):
            want = [row["annotator"], row["correct"], row["proposed"], row["gold"], float(row["p"]), float(row["r"]),
                    float(row["f"]), row.get("bounded", False), i, signature, row["tp"], row["fp"], row["fn"],
                    [maxmatch.AnnotatorCounts(a["annotator"], a["correct"], a["proposed"], a["gold"]) for a in row["annotators"]],
                    [maxmatch.Edit(*e) for e in row["edits"]], [maxmatch.Edit(*e) for e in row["correct_edits"]]]
            self.assertEqual(values(r), want)
            self.assertEqual([type(v) for v in values(r)], [type(v) for v in want])
            self.assertEqual(values(c), want[:-2] + [None, None])


    def test_corpus_in_batches_is_the_corpus_request(self):
        # score() of a corpus over BATCH_CHARS scores its sentences in batches and replays the
        # official's choice of annotators: lowered, the CoNLL-2014 submissions give what one
        # corpus request gives, whole and for chosen sentences in another order.
        gold = os.path.join(SHARED, "gold", "official-2014.combined.m2")
        with maxmatch.Scorer(gold) as m2:
            for n in sorted(os.listdir(os.path.join(SHARED, "systems")))[:4]:
                with open(os.path.join(SHARED, "systems", n), encoding="utf-8") as f:
                    hyps = f.read().split("\n")[:len(m2)]
                ids = list(range(len(m2) - 1, 0, -3))
                one = (m2.score(hyps), m2.score([hyps[i] for i in ids], ids))
                with unittest.mock.patch.object(_scorer, "BATCH_CHARS", 1000):
                    batched = (m2.score(hyps), m2.score([hyps[i] for i in ids], ids))
                self.assertEqual(batched, one, n)


class TestSentenceScore(Files):
    def test_built_from_each_form(self):
        # The compact form (pair's), the flat form (protocol
        # 2's batches) and a packed answer's batch give the same values.
        compact = [1, 1, 1, 2, 1, 0.5, 0.8333333333333334, [0, 0, 1, 1, 1, 1, 1, 2],
                   [[3, 4, "on", "in"]], [[3, 4, "on", "in"]], 0]
        flat = compact[:7] + ["0 0 1 1 1 1 1 2", '[[3,4,"on","in"]]', '[[3,4,"on","in"]]', 1]
        a, b = maxmatch.SentenceScore(compact, 2, "sig"), maxmatch.SentenceScore(flat)
        self.assertEqual(values(a), [1, 1, 1, 2, 1.0, 0.5, 0.8333333333333334, False, 2, "sig", 1, 0, 1,
                                     [maxmatch.AnnotatorCounts(0, 0, 1, 1), maxmatch.AnnotatorCounts(1, 1, 1, 2)],
                                     [maxmatch.Edit(3, 4, "on", "in")], [maxmatch.Edit(3, 4, "on", "in")]])
        self.assertEqual(values(b), values(a)[:7] + [True, None, None] + values(a)[10:])
        self.assertIs(type(a.precision), float)
        with maxmatch.Scorer(self.gold) as m2:
            got = m2.nbest(0, ["The cats sat on the mat .", "The cat sat on mat ."])
            own = m2.pair_nbest("The cat sat on mat .", [(4, 4, "the", 0, "ArtOrDet"), (1, 2, "cats", 1, "Nn")],
                                ["The cats sat on the mat .", "The cat sat on mat ."])
        for g, o in zip(got, own):
            self.assertEqual(values(g)[:8] + values(g)[10:], values(o)[:8] + values(o)[10:])
            self.assertEqual((g.sentence, o.sentence), (0, None))

    def test_pickles_read_back_in_either_release(self):
        # The state is the values by the names of the slots of the releases before split
        # answers, which set them from it; their pickles' states (lists still as the flat
        # form's strings) read back here.
        with maxmatch.Scorer(self.gold) as m2:
            r = m2.sentence(0, "The cats sat on the mat .")
        state = r.__getstate__()
        self.assertEqual(state, {"annotator": r.annotator, "correct": r.correct, "proposed": r.proposed, "gold": r.gold,
                                 "precision": r.precision, "recall": r.recall, "f_beta": r.f_beta, "bounded": False,
                                 "_annotators": [0, 1, 2, 1, 1, 1, 2, 1], "_edits": [[1, 4, "cat sat on", "cats sat on"], [4, 4, "", "the"]],
                                 "_correct_edits": [[4, 4, "", "the"]], "sentence": 0, "signature": m2.signature()})
        old = dict(state, _annotators="0 1 2 1 1 1 2 1", _edits='[[1,4,"cat sat on","cats sat on"],[4,4,"","the"]]',
                   _correct_edits='[[4,4,"","the"]]')
        back = maxmatch.SentenceScore.__new__(maxmatch.SentenceScore)
        back.__setstate__(old)
        self.assertEqual(values(back), values(r))
        self.assertEqual(values(pickle.loads(pickle.dumps(r))), values(r))


if __name__ == "__main__":
    unittest.main()
