"""Tests of the maxmatch package (run by "go test ./..." through python/python_test.go, or with
"python3 -m unittest discover -s tests" in python/, MAXMATCH_BIN naming the command)."""

import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import unittest

import maxmatch

GOLD = """S The cat sat on mat .
A 4 4|||ArtOrDet|||the|||REQUIRED|||-NONE-|||0
A 1 2|||Nn|||cats|||REQUIRED|||-NONE-|||1

S A dog barks .

S They was happy .
A 1 2|||SVA|||were|||REQUIRED|||-NONE-|||0
"""

SYSTEM = ["The cat sat on the mat .", "A dog barked .", "They were happy ."]

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.path.join(os.path.dirname(REPO), "shared", "data", "conll14")


def run_maxmatch(*args):
    """Runs the command the package uses and returns its stdout."""
    done = subprocess.run([maxmatch.find_binary()] + list(args), stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, check=True)
    return done.stdout.decode()


class Files(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.gold = self.write("gold.m2", GOLD)

    def tearDown(self):
        shutil.rmtree(self.dir)

    def write(self, name, text):
        path = os.path.join(self.dir, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path


class TestScores(Files):
    def test_corpus_score_is_the_commands(self):
        system = self.write("system.txt", "\n".join(SYSTEM) + "\n")
        want = run_maxmatch("score", "--counts", system, self.gold)
        with maxmatch.Scorer(self.gold) as m2:
            self.assertEqual(len(m2), 3)
            s = m2.score(SYSTEM)
        got = "Precision   : %.4f\nRecall      : %.4f\nF_0.5       : %.4f\nTP          : %d\nFP          : %d\nFN          : %d\n" % (
            s.precision, s.recall, s.f_beta, s.tp, s.fp, s.fn)
        self.assertEqual(got, want)
        self.assertEqual((s.correct, s.proposed, s.gold, s.sentences), (2, 3, 2, 3))

    def test_corpus_of_chosen_sentences(self):
        with maxmatch.Scorer(self.gold) as m2:
            s = m2.score(["They were happy .", "The cat sat on the mat ."], ids=[2, 0])
            self.assertEqual((s.tp, s.fp, s.fn, s.f_beta), (2, 0, 0, 1.0))

    def test_sentence(self):
        with maxmatch.Scorer(self.gold) as m2:
            r = m2.sentence(0, "The cats sat on mat .")
        # Annotator 1 wants "cats", annotator 0 "the": on its own the sentence takes annotator 1.
        self.assertEqual((r.annotator, r.tp, r.fp, r.fn), (1, 1, 0, 0))
        self.assertEqual((r.precision, r.recall, r.f_beta), (1.0, 1.0, 1.0))
        self.assertEqual(r.edits, [maxmatch.Edit(1, 2, "cat", "cats")])
        self.assertEqual(r.correct_edits, r.edits)
        self.assertEqual(r.annotators, [maxmatch.AnnotatorCounts(0, 0, 1, 1), maxmatch.AnnotatorCounts(1, 1, 1, 1)])
        self.assertFalse(r.bounded)

    def test_conventions_for_zero(self):
        with maxmatch.Scorer(self.gold) as m2:
            unchanged, nothing_to_do, spurious = m2.nbest(0, ["The cat sat on mat ."]) + m2.nbest(1, ["A dog barks .", "A dog barked ."])
        self.assertEqual((unchanged.precision, unchanged.recall, unchanged.f_beta), (1.0, 0.0, 0.0))
        self.assertEqual((nothing_to_do.precision, nothing_to_do.recall, nothing_to_do.f_beta), (1.0, 1.0, 1.0))
        self.assertEqual((spurious.precision, spurious.recall, spurious.f_beta, spurious.fp), (0.0, 1.0, 0.0, 1))

    def test_nbest_and_batches_agree(self):
        hyps = ["The cat sat on the mat .", "The cats sat on mat .", "The cat sat on the mat .", "The mat ."]
        with maxmatch.Scorer(self.gold) as m2:
            one_by_one = [m2.sentence(0, h) for h in hyps]
            listed = m2.nbest(0, hyps)
            many = m2.nbest_many([(0, hyps), (2, ["They were happy ."])])
            pairs = m2.sentence_many([(0, h) for h in hyps])
            counts_only = m2.nbest(0, hyps, edits=False)
        for k in range(len(hyps)):
            for other in (listed[k], many[0][k], pairs[k]):
                self.assertEqual(repr(other), repr(one_by_one[k]))
                self.assertEqual(other.edits, one_by_one[k].edits)
            self.assertEqual(repr(counts_only[k]), repr(one_by_one[k]))
            self.assertIsNone(counts_only[k].edits)
        self.assertEqual(many[1][0].tp, 1)

    def test_pair(self):
        with maxmatch.Scorer(self.gold) as m2:
            r = m2.pair("a b c", [(1, 2, "x"), (0, 1, ["y", "z"], 1, "Det")], "z b c")
            self.assertEqual((r.annotator, r.tp, r.fp, r.fn), (1, 1, 0, 0))
            deleted = m2.pair("a b c", [(1, 2, "")], ["a c", "a b c"])
            self.assertEqual([(d.tp, d.fp, d.fn) for d in deleted], [(1, 0, 0), (0, 0, 1)])
            self.assertEqual(deleted[0].edits, [maxmatch.Edit(1, 2, "b", "")])
            none = m2.pair("a b", [], "a b")
            self.assertEqual((none.precision, none.recall, none.f_beta), (1.0, 1.0, 1.0))

    def test_options(self):
        with maxmatch.Scorer(self.gold, beta=1.0, max_unchanged_words=0, workers=1) as m2:
            self.assertEqual((m2.info["beta"], m2.info["max_unchanged_words"], m2.info["workers"]), (1.0, 0, 1))
            r = m2.sentence(0, "The cat sat on the mat .")
            self.assertEqual(r.f_beta, 1.0)
        with maxmatch.Scorer(self.gold, compat="fixed", fixes=["gold-order"], ignore_whitespace_casing=True) as m2:
            self.assertEqual(m2.info["compat"], "fixed")

    def test_threads_share_a_scorer(self):
        with maxmatch.Scorer(self.gold) as m2:
            want = repr(m2.sentence(2, "They were happy ."))
            got = []

            def work():
                for _ in range(50):
                    got.append(repr(m2.sentence(2, "They were happy .")))

            threads = [threading.Thread(target=work) for _ in range(4)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
        self.assertEqual(got, [want] * 200)


class TestErrors(Files):
    def test_bad_index(self):
        with maxmatch.Scorer(self.gold) as m2:
            for i in (3, -1):
                with self.assertRaises(IndexError) as cm:
                    m2.sentence(i, "x")
                self.assertIsInstance(cm.exception, maxmatch.SentenceIndexError)
                self.assertIn("out of range", str(cm.exception))
            with self.assertRaises(TypeError):
                m2.sentence("0", "x")
            with self.assertRaises(TypeError):
                m2.sentence(0, 3)
            with self.assertRaises(TypeError):
                m2.nbest(0, "one string")
            with self.assertRaises(ValueError):
                m2.score(["too", "few"])
            # The service goes on after each of them.
            self.assertEqual(m2.sentence(2, "They were happy .").tp, 1)

    def test_bad_request_answered_by_the_service(self):
        with maxmatch.Scorer(self.gold) as m2:
            with self.assertRaises(maxmatch.RequestError) as cm:
                m2.pair("a b", [(0, 5, "x")], "a")
            self.assertIn("outside the sentence's 2 tokens", str(cm.exception))
            with self.assertRaises(maxmatch.RequestError) as cm:
                m2.nbest_many([(0, ["The cat sat on the mat ."]), (1, ["x"])] + [(2, ["y"])])
                m2.pair("a b", [(0, 1)], "a")
            with self.assertRaises(maxmatch.RequestError):
                m2.pair("a b", [(0, 1)], "a")
            self.assertEqual(m2.sentence(2, "They were happy .").tp, 1)

    def test_bad_gold_file(self):
        bad = self.write("bad.m2", "S a b\nA 0 x|||T|||c|||REQUIRED|||-NONE-|||0\n")
        with self.assertRaises(maxmatch.GoldFileError) as cm:
            maxmatch.Scorer(bad)
        self.assertIn("bad.m2:2:5: span (field 1): expected an integer end offset", str(cm.exception))
        self.assertIsInstance(cm.exception, ValueError)
        with self.assertRaises(FileNotFoundError):
            maxmatch.Scorer(os.path.join(self.dir, "nonexistent.m2"))

    def test_bad_options(self):
        for kwargs in ({"beta": -1}, {"compat": "4.0"}, {"max_unchanged_words": -2}):
            with self.assertRaises(ValueError):
                maxmatch.Scorer(self.gold, **kwargs)
        with self.assertRaises(TypeError):
            maxmatch.Scorer(self.gold, workers="2")
        with self.assertRaises(maxmatch.GoldFileError) as cm:
            maxmatch.Scorer(self.gold, fixes=["no-such-fix"])
        self.assertIn("unknown fix", str(cm.exception))

    def test_dead_binary(self):
        m2 = maxmatch.Scorer(self.gold)
        m2._proc.kill()
        m2._proc.wait()
        with self.assertRaises(maxmatch.ServiceError) as cm:
            m2.sentence(0, "The cat sat on the mat .")
        self.assertIn("maxmatch service", str(cm.exception))
        m2.close()
        with self.assertRaises(maxmatch.ServiceError):
            m2.sentence(0, "x")

    def test_binary_not_found(self):
        saved = os.environ.get("MAXMATCH_BIN")
        os.environ["MAXMATCH_BIN"] = os.path.join(self.dir, "no-maxmatch")
        try:
            with self.assertRaises(maxmatch.BinaryNotFoundError) as cm:
                maxmatch.Scorer(self.gold)
            self.assertIn("MAXMATCH_BIN", str(cm.exception))
            self.assertIsInstance(cm.exception, FileNotFoundError)
        finally:
            if saved is None:
                del os.environ["MAXMATCH_BIN"]
            else:
                os.environ["MAXMATCH_BIN"] = saved
        # A program that is not maxmatch: it never answers.
        with self.assertRaises(maxmatch.GoldFileError):
            maxmatch.Scorer(self.gold, binary="/bin/true")

    def test_closed_by_the_context_manager(self):
        with maxmatch.Scorer(self.gold) as m2:
            proc = m2._proc
        self.assertEqual(proc.returncode, 0)


@unittest.skipUnless(os.environ.get("MAXMATCH_TEST_BUILD"), "set MAXMATCH_TEST_BUILD=1 to test building the command with Go")
class TestBuild(Files):
    def test_builds_with_go(self):
        saved = dict(os.environ)
        gocache = subprocess.run(["go", "env", "GOCACHE"], stdout=subprocess.PIPE, check=True).stdout.decode().strip()
        try:
            # Go's build cache defaults to $XDG_CACHE_HOME/go-build: keep the one we have.
            os.environ["GOCACHE"] = gocache
            os.environ.pop("MAXMATCH_BIN", None)
            os.environ["PATH"] = os.pathsep.join(p for p in os.environ["PATH"].split(os.pathsep)
                                                 if not os.path.exists(os.path.join(p, "maxmatch")))
            os.environ["XDG_CACHE_HOME"] = self.dir
            path = maxmatch.find_binary()
            self.assertTrue(path.startswith(self.dir), path)
            with maxmatch.Scorer(self.gold, binary=path) as m2:
                self.assertEqual(m2.sentence(2, "They were happy .").tp, 1)
        finally:
            os.environ.clear()
            os.environ.update(saved)


def readme_example():
    """The README's reranking example and the output it states, or None without the README."""
    try:
        with open(os.path.join(REPO, "README.md"), encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return None
    m = re.search(r"<!-- python-example -->\s*```python\n(.*?)```\s*prints\s*```\n(.*?)```", text, re.S)
    return m.groups() if m else ("", "")


@unittest.skipUnless(readme_example() is not None, "not in the repository: no README")
class TestReadme(unittest.TestCase):
    def test_reranking_example_runs(self):
        code, want = readme_example()
        self.assertTrue(code, "README.md has no python example after <!-- python-example -->")
        self.assertLessEqual(len(code.strip().splitlines()), 10, "the example is more than ten lines")
        done = subprocess.run([sys.executable, "-c", code], cwd=REPO, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
        self.assertEqual(done.returncode, 0, done.stderr.decode())
        self.assertEqual(done.stdout.decode(), want)


@unittest.skipUnless(os.path.isdir(SHARED), "the shared CoNLL-2014 data is not beside the repository")
class TestCoNLL(unittest.TestCase):
    def test_agrees_with_the_command(self):
        gold = os.path.join(SHARED, "gold", "official-2014.combined.m2")
        names = sorted(os.listdir(os.path.join(SHARED, "systems")))[:4]
        files = []
        for n in names:
            with open(os.path.join(SHARED, "systems", n), encoding="utf-8") as f:
                files.append(f.read().split("\n"))
        with open(os.path.join(SHARED, "expected", "scores.tsv"), encoding="utf-8") as f:
            official = {tuple(l.split("\t")[:2]): l.split("\t")[2:5] for l in f.read().strip().split("\n")[1:]}
        with maxmatch.Scorer(gold) as m2:
            n = len(m2)
            for name, lines in zip(names, files):
                s = m2.score(lines[:n])
                self.assertEqual(["%.4f" % s.precision, "%.4f" % s.recall, "%.4f" % s.f_beta],
                                 official[("official-2014.combined", name)], name)
            items = [(i, [lines[i] for lines in files]) for i in range(n)]
            results = m2.nbest_many(items)
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "list.jsonl.gz")
            with gzip.open(path, "wt", encoding="utf-8") as f:
                for i, hyps in items:
                    f.write(json.dumps({"id": i, "hyps": hyps}) + "\n")
            rows = [json.loads(l) for l in run_maxmatch("nbest", "--jsonl", path, gold).splitlines()]
        flat = [r for rs in results for r in rs]
        self.assertEqual(len(rows), len(flat))
        for row, r in zip(rows, flat):
            self.assertEqual((row["annotator"], row["tp"], row["fp"], row["fn"], row["f"]),
                             (r.annotator, r.tp, r.fp, r.fn, r.f_beta))
            self.assertEqual([maxmatch.Edit(*e) for e in row["edits"]], r.edits)


if __name__ == "__main__":
    unittest.main()
