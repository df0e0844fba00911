"""Tests of maxmatch.corpus_score: sentences scored apart, merged into the official corpus score."""

import json
import os
import pickle
import random
import shutil
import subprocess
import tempfile
import threading
import unittest

import maxmatch

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CONLL = os.path.join(os.path.dirname(REPO), "shared", "data", "conll14")
CONLL_GOLD = os.path.join(CONLL, "gold", "official-2014.combined.m2")
# The 12 CoNLL-2014 submissions and INPUT, the source.
CONLL_SYSTEMS = ["AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN", "NTHU", "PKU", "POST", "RAC", "SJTU", "UFC", "UMC"]


def run_maxmatch(*args):
    """Runs the command the package uses and returns its stdout."""
    done = subprocess.run([maxmatch.find_binary()] + list(args), stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, check=True)
    return done.stdout.decode()


def read_system(name, n):
    with open(os.path.join(CONLL, "systems", name), encoding="utf-8") as f:
        return f.read().split("\n")[:n]


def score_in_parts(scorers, hyps, parts, rng):
    """Scores hyps (one per gold sentence) cut into parts at random places, the parts shared out
    among scorers, each scorer working through its share in a thread of its own (a worker), and
    each part's results pickled and read back (as they cross from a worker process); returns the
    parts, (first sentence, results), in the order they come back: shuffled."""
    cuts = sorted(rng.sample(range(1, len(hyps)), parts - 1))
    bounds = list(zip([0] + cuts, cuts + [len(hyps)]))
    done = []

    def work(scorer, share):
        for a, b in share:
            scores = scorer.sentence_many([(i, hyps[i]) for i in range(a, b)], edits=False)
            done.append((a, pickle.loads(pickle.dumps(scores))))

    workers = [threading.Thread(target=work, args=(m2, bounds[k::len(scorers)])) for k, m2 in enumerate(scorers)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    rng.shuffle(done)
    return done


def in_gold_order(parts):
    return [s for _, scores in sorted(parts, key=lambda p: p[0]) for s in scores]


def as_command_prints(s):
    return "Precision   : %.4f\nRecall      : %.4f\nF_0.5       : %.4f\nTP          : %d\nFP          : %d\nFN          : %d\n" % (
        s.precision, s.recall, s.f_beta, s.tp, s.fp, s.fn)


@unittest.skipUnless(os.path.isdir(CONLL), "the shared CoNLL-2014 data is not beside the repository")
class TestCoNLL(unittest.TestCase):
    def test_parts_merge_to_the_corpus_score(self):
        # The 13 files in 1, 2, 7 and 100 random parts scored by three Scorers (three workers),
        # shuffled as results come back, put back in order: Scorer.score's CorpusScore exactly,
        # which is what the command prints.
        rng = random.Random(29)
        with maxmatch.Scorer(CONLL_GOLD, workers=1) as a, maxmatch.Scorer(CONLL_GOLD, workers=1) as b, \
                maxmatch.Scorer(CONLL_GOLD, workers=1) as c:
            for name in CONLL_SYSTEMS:
                hyps = read_system(name, len(a))
                want = a.score(hyps)
                if name == "CAMB":  # Scorer.score is the command's (test_maxmatch checks it more)
                    self.assertEqual(as_command_prints(want), run_maxmatch(
                        "score", "--counts", os.path.join(CONLL, "systems", name), CONLL_GOLD))
                for parts in (1, 2, 7, 100):
                    merged = maxmatch.corpus_score(in_gold_order(score_in_parts([a, b, c], hyps, parts, rng)),
                                                   signature=a.signature())
                    self.assertEqual(merged, want, "%s in %d parts" % (name, parts))
                    self.assertEqual([type(x) for x in merged], [type(x) for x in want])

    def test_the_dask_users_failure(self):
        # Issue 29: CAMB's sentences scored on their own sum to TP 771, FP 1172, FN 1792; the
        # official corpus score is 772, 1172, 1793, which corpus_score gives.
        with maxmatch.Scorer(CONLL_GOLD) as m2:
            scores = m2.sentence_many(enumerate(read_system("CAMB", len(m2))), edits=False)
        self.assertEqual((sum(s.tp for s in scores), sum(s.fp for s in scores), sum(s.fn for s in scores)),
                         (771, 1172, 1792))
        merged = maxmatch.corpus_score(scores)
        self.assertEqual((merged.tp, merged.fp, merged.fn), (772, 1172, 1793))
        self.assertEqual("%.4f %.4f %.4f" % (merged.precision, merged.recall, merged.f_beta), "0.3971 0.3010 0.3733")


# Sentences of several annotators each, whose random hypotheses make the annotator choice tie
# often: equal F, equal correct counts; and a first sentence that no hypothesis corrects, where
# the choice goes to the smaller proposed + beta²·gold (annotator 1), not the first visited.
TIES_GOLD = """S x y
A 0 1|||X|||Q|||REQUIRED|||-NONE-|||0
A 1 2|||X|||R|||REQUIRED|||-NONE-|||0
A 0 1|||X|||Q|||REQUIRED|||-NONE-|||1

S a b c d e f
A 0 1|||X|||A|||REQUIRED|||-NONE-|||0
A 2 3|||X|||C|||REQUIRED|||-NONE-|||0
A 0 1|||X|||A|||REQUIRED|||-NONE-|||1
A 4 5|||X|||E|||REQUIRED|||-NONE-|||1
A 1 2|||X|||B|||REQUIRED|||-NONE-|||2
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||3

S a b c d
A 1 2|||X|||B|||REQUIRED|||-NONE-|||0
A 1 2|||X|||B|||REQUIRED|||-NONE-|||1
A 3 4|||X|||D|||REQUIRED|||-NONE-|||1

S a b c
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A 0 1|||X|||A|||REQUIRED|||-NONE-|||1
A 2 3|||X|||-NONE-|||REQUIRED|||-NONE-|||2
"""


def random_hypothesis(rng, source):
    out = []
    for tok in source.split():
        roll = rng.random()
        if roll < 0.25:
            out.append(tok.upper())
        elif roll < 0.35:
            continue
        elif roll < 0.45:
            out += [tok, "z"]
        else:
            out.append(tok)
    return " ".join(out)


class TestAgainstTheCommand(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.gold = os.path.join(self.dir, "gold.m2")
        with open(self.gold, "w", encoding="utf-8") as f:
            f.write(TIES_GOLD * 20)

    def tearDown(self):
        shutil.rmtree(self.dir)

    def test_ties_and_betas(self):
        # Random outputs of a gold file made for ties, at several betas: corpus_score gives
        # Scorer.score's CorpusScore and the figures of the Go merge (maxmatch merge on the
        # same sentences' nbest --jsonl rows), bit for bit; and, given another beta, the score
        # of a Scorer of that beta.
        rng = random.Random(2)
        sources = [b.split("\n")[0][2:] for b in TIES_GOLD.strip().split("\n\n")] * 20
        with maxmatch.Scorer(self.gold, beta=0.7) as other:
            for beta in (0.5, 1.0, 2.0, 0.3, 1e-3):
                with maxmatch.Scorer(self.gold, beta=beta) as m2:
                    for _ in range(2):
                        hyps = [random_hypothesis(rng, s) for s in sources]
                        scores = m2.sentence_many(enumerate(hyps), edits=False)
                        merged = maxmatch.corpus_score(scores)
                        self.assertEqual(merged, m2.score(hyps))
                        self.assertEqual(figures(merged), self.go_merge(hyps, beta))
                        self.assertEqual(maxmatch.corpus_score(scores, beta=0.7), other.score(hyps))

    def test_a_tie_broken_by_rounding(self):
        # At beta 0.3, after a first sentence of totals (0, 0, 2), the second sentence's
        # annotators give the totals (2, 2, 4) and (3, 3, 6), whose F are the same number,
        # 1.09·2/(0.09·4+2) = 1.09·3/(0.09·6+3); computed in the official's order, (1+beta²)·c
        # first, the second is not below the first and has more correct edits: the official 3.2
        # chooses annotator 1 (its -v output on these sentences), and so must corpus_score and
        # the Go merge. Dividing c by the denominator first would choose annotator 0 (TP 2).
        with open(self.gold, "w", encoding="utf-8") as f:
            f.write("S x y\nA 0 1|||X|||Q|||REQUIRED|||-NONE-|||0\nA 1 2|||X|||R|||REQUIRED|||-NONE-|||0\n\n"
                    "S a b c d e\nA 0 1|||X|||A|||REQUIRED|||-NONE-|||0\nA 1 3|||X|||B C|||REQUIRED|||-NONE-|||0\n"
                    "A 0 1|||X|||A|||REQUIRED|||-NONE-|||1\nA 1 2|||X|||B|||REQUIRED|||-NONE-|||1\n"
                    "A 2 3|||X|||C|||REQUIRED|||-NONE-|||1\nA 3 4|||X|||D|||REQUIRED|||-NONE-|||1\n")
        hyps = ["x y", "A B C d e"]
        with maxmatch.Scorer(self.gold, beta=0.3) as m2:
            scores = m2.sentence_many(enumerate(hyps))
            merged = maxmatch.corpus_score(scores)
            self.assertEqual([list(a) for a in scores[1].annotators], [[0, 2, 2, 2], [1, 3, 3, 4]])
            self.assertEqual((merged.tp, merged.fp, merged.fn), (3, 0, 3))
            self.assertEqual(merged, m2.score(hyps))
            self.assertEqual(figures(merged), self.go_merge(hyps, 0.3))

    def go_merge(self, hyps, beta):
        """The figures of maxmatch merge over nbest --jsonl's rows of hyps."""
        nbest = os.path.join(self.dir, "list")
        with open(nbest, "w", encoding="utf-8") as f:
            f.writelines("%d ||| %s\n" % (i, h) for i, h in enumerate(hyps))
        rows = os.path.join(self.dir, "rows.jsonl")
        with open(rows, "w", encoding="utf-8") as f:
            f.write(run_maxmatch("nbest", "--jsonl", "--beta", repr(beta), nbest, self.gold))
        t = json.loads(run_maxmatch("merge", "--jsonl", "--counts", "--beta", repr(beta), rows, self.gold))["total"]
        return (t["p"], t["r"], t["f"], t["tp"], t["fp"], t["fn"])


def figures(s):
    """A CorpusScore's P, R, F_beta, TP, FP and FN."""
    return (s.precision, s.recall, s.f_beta, s.tp, s.fp, s.fn)


class TestRefused(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.gold = os.path.join(self.dir, "gold.m2")
        with open(self.gold, "w", encoding="utf-8") as f:
            f.write(TIES_GOLD)
        self.other = os.path.join(self.dir, "other.m2")
        with open(self.other, "w", encoding="utf-8") as f:
            f.write(TIES_GOLD.replace("A 3 4|||X|||D", "A 2 4|||X|||D"))
        self.hyps = ["x y", "a B c d e f", "a b c D", "a b"]

    def tearDown(self):
        shutil.rmtree(self.dir)

    def refused(self, scores, message, error=ValueError, **kw):
        with self.assertRaises(error) as cm:
            maxmatch.corpus_score(scores, **kw)
        self.assertIn(message, str(cm.exception))

    def test_refused(self):
        with maxmatch.Scorer(self.gold) as m2, maxmatch.Scorer(self.other) as other:
            s = m2.sentence_many(enumerate(self.hyps))
            self.assertEqual(maxmatch.corpus_score(s), m2.score(self.hyps))
            self.refused(s[:3], "3 results for a gold file of 4 sentences: expected one per sentence, in gold "
                         "order; sentence 3 is missing")
            self.refused([s[0], s[2], s[1]], "scores[1] is gold sentence 2: expected sentence 1, which is missing, "
                         "or the results are not in gold order")
            self.refused([s[0], s[1], s[1]], "scores[2] is gold sentence 1 again: expected sentence 2")
            self.refused(s + s[2:], "scores[4] is gold sentence 2 again: expected sentence 4")
            self.refused([], "no results")
            self.refused(s[:2] + [m2.pair("a b c", [], "a b")], "scores[2] is the score of a sentence of your own")
            self.refused(s[:2] + [(2, 1, 0, 0)], "scores[2] is a tuple, not a SentenceScore", TypeError)
            # A worker whose gold file differs (the same number of sentences, one edit other).
            o = other.sentence_many(enumerate(self.hyps))
            self.assertNotEqual(m2.signature(), other.signature())
            self.refused(s[:2] + o[2:], "scores[2] was scored by a Scorer whose signature is m2|")
            self.refused(o, "the results were scored by Scorers whose signature is %s, and the one given is %s"
                         % (other.signature(), m2.signature()), signature=m2.signature())
            self.assertEqual(maxmatch.corpus_score(o, signature=other.signature()), other.score(self.hyps))
            self.refused(s, "beta=0: expected a number above 0", beta=0)


class TestPickle(unittest.TestCase):
    def test_round_trip(self):
        # Results cross process boundaries (Dask, Spark, Ray, multiprocessing): every protocol.
        with tempfile.TemporaryDirectory() as d:
            gold = os.path.join(d, "gold.m2")
            with open(gold, "w", encoding="utf-8") as f:
                f.write(TIES_GOLD)
            with maxmatch.Scorer(gold) as m2:
                results = m2.sentence_many([(1, "A b c d e f"), (2, "a B c d"), (3, "a b z")]) + \
                    m2.nbest(3, ["a b", "a b c"], edits=False) + [m2.pair("a b", [(0, 1, "x")], "x b")]
                corpus = m2.score(["x y", "A b c d e f", "a B c d", "a b z"])
                signature = m2.signature()
        names = ("annotator", "correct", "proposed", "gold", "precision", "recall", "f_beta", "bounded",
                 "sentence", "signature")
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            for r in results:
                back = pickle.loads(pickle.dumps(r, protocol=protocol))
                self.assertIs(type(back), maxmatch.SentenceScore)
                for name in names:
                    self.assertEqual(getattr(back, name), getattr(r, name), "protocol %d: %s" % (protocol, name))
                self.assertEqual((back.edits, back.annotators, back.tp, repr(back)), (r.edits, r.annotators, r.tp, repr(r)))
            back = pickle.loads(pickle.dumps(corpus, protocol=protocol))
            self.assertEqual((type(back), back, str(back)), (maxmatch.CorpusScore, corpus, str(corpus)))
            back = pickle.loads(pickle.dumps(signature, protocol=protocol))
            self.assertEqual((type(back), back, back.fields), (maxmatch.Signature, signature, signature.fields))
        self.assertEqual(results[0].sentence, 1)
        self.assertEqual(results[3].sentence, 3)
        self.assertIsNone(results[5].sentence)
        self.assertEqual(results[0].signature, signature)


if __name__ == "__main__":
    unittest.main()
