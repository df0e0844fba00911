"""Tests of the batched path (nbest_many, sentence_many): the requests put together by joins are
json.dumps's bytes, and the results are those of the service whatever the text holds."""

import json
import unittest
import unittest.mock

import maxmatch
from maxmatch import _scorer

from test_maxmatch import Files

# Hypotheses holding what JSON escapes, and what it does not.
TRICKY = ['The "cat" sat on the mat .', "The cat \\ sat on mat .", 'A \\" dog barks .', "é ü 中 😀 .",
          "a\x7fb \u2028 c", "", "\\", '"', "The cat sat on the mat ."]


def dumped(first, batch, edits):
    return (json.dumps({"id": first, "batch": batch, "edits": edits, "split": True}, ensure_ascii=False,
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


if __name__ == "__main__":
    unittest.main()
