"""The Scorer: a ``maxmatch serve`` process and the requests it answers."""

import collections
import errno
import hashlib
import json
import os
import re
import shutil
import subprocess
import threading


class MaxmatchError(Exception):
    """Base of the package's errors."""


class BinaryNotFoundError(MaxmatchError, FileNotFoundError):
    """No ``maxmatch`` command: not in MAXMATCH_BIN, not on PATH, and not buildable with Go."""


class GoldFileError(MaxmatchError, ValueError):
    """The service refused to start on the gold file; the message is the command's, with the
    file, line and column of what was wrong."""


class ServiceError(MaxmatchError, RuntimeError):
    """The service died, or answered something that is not an answer."""


class RequestError(MaxmatchError, ValueError):
    """The service could not answer a request; the message says why."""


class SentenceIndexError(RequestError, IndexError):
    """A sentence index outside the gold file."""


Edit = collections.namedtuple("Edit", "start end original correction")
Edit.__doc__ = """A system edit: source tokens [start:end] (original) replaced by correction."""

AnnotatorCounts = collections.namedtuple("AnnotatorCounts", "annotator correct proposed gold")
AnnotatorCounts.__doc__ = """A sentence's counts against one annotator."""


class SentenceScore:
    """A hypothesis scored on its own against its sentence.

    ``annotator`` is the annotator the official scorer would choose for a corpus of this
    sentence alone (the best F_beta of its own counts; ties: more correct edits, then fewer
    proposed + beta²·gold, then the first visited). ``tp``, ``fp``, ``fn``, ``precision``,
    ``recall`` and ``f_beta`` are that annotator's, with the official conventions: precision 1
    when nothing is proposed, recall 1 when nothing is to be found, F 0 when both are 0.
    ``edits`` are the system edits as counted against that annotator, ``correct_edits`` those
    that match, ``annotators`` every annotator's counts; ``bounded`` says the sentence was too
    large for the official search and was scored by the bounded one.
    """

    __slots__ = ("annotator", "correct", "proposed", "gold", "precision", "recall", "f_beta",
                 "bounded", "_annotators", "_edits", "_correct_edits")

    def __init__(self, result):
        # result: the service's compact form (maxmatch serve, "compact": true)
        (self.annotator, self.correct, self.proposed, self.gold, p, r, f, self._annotators,
         self._edits, self._correct_edits, bounded) = result
        self.precision, self.recall, self.f_beta = float(p), float(r), float(f)
        self.bounded = bool(bounded)

    @property
    def tp(self):
        return self.correct

    @property
    def fp(self):
        return self.proposed - self.correct

    @property
    def fn(self):
        return self.gold - self.correct

    @property
    def edits(self):
        """The chosen annotator's view of the system edits, as ``Edit`` tuples (None when the
        request asked for counts only)."""
        if self._edits is None:
            return None
        return [Edit(*e) for e in self._edits]

    @property
    def correct_edits(self):
        if self._correct_edits is None:
            return None
        return [Edit(*e) for e in self._correct_edits]

    @property
    def annotators(self):
        a = self._annotators
        return [AnnotatorCounts(*a[k:k + 4]) for k in range(0, len(a), 4)]

    def __repr__(self):
        return ("SentenceScore(annotator=%d, tp=%d, fp=%d, fn=%d, precision=%.4f, recall=%.4f, "
                "f_beta=%.4f)" % (self.annotator, self.tp, self.fp, self.fn, self.precision,
                                  self.recall, self.f_beta))


class CorpusScore(collections.namedtuple(
        "CorpusScore", "precision recall f_beta tp fp fn correct proposed gold sentences bounded")):
    """The official corpus score: what ``maxmatch score`` (and the official scorer) prints,
    with the counts. ``bounded`` is the number of sentences scored by the bounded search."""

    __slots__ = ()

    def __str__(self):
        return "Precision   : %.4f\nRecall      : %.4f\nF_beta      : %.4f" % (
            self.precision, self.recall, self.f_beta)


_built = {}  # source directory → the binary built from it, once per process
_build_lock = threading.Lock()


def _source_dir():
    """The Go module this package came from: the one recorded when it was installed, or the
    repository around this file."""
    candidates = []
    try:
        from . import _source  # written by the installer
        candidates.append(_source.SOURCE_DIR)
    except ImportError:
        pass
    candidates.append(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    for d in candidates:
        try:
            with open(os.path.join(d, "go.mod"), encoding="utf-8") as f:
                if f.readline().split() == ["module", "maxmatch"]:
                    return d
        except OSError:
            continue
    return None


def find_binary(build=True):
    """Returns the path of the ``maxmatch`` command: ``$MAXMATCH_BIN``, else ``maxmatch`` on
    PATH, else (when build is true) one built with Go from the package's repository into
    ``$XDG_CACHE_HOME/maxmatch`` (default ``~/.cache/maxmatch``), once per process."""
    env = os.environ.get("MAXMATCH_BIN")
    if env:
        if not (os.path.isfile(env) and os.access(env, os.X_OK)):
            raise BinaryNotFoundError(errno.ENOENT, "MAXMATCH_BIN is not an executable file", env)
        return env
    found = shutil.which("maxmatch")
    if found:
        return found
    src = _source_dir()
    go = shutil.which("go")
    if not build or src is None or go is None:
        why = []
        if src is None:
            why.append("the package's Go source is not here")
        if go is None:
            why.append("go is not on PATH")
        raise BinaryNotFoundError(
            "no maxmatch command: set MAXMATCH_BIN to its path, or put it on PATH "
            "(go build ./cmd/maxmatch in the repository)" + ("; cannot build it: " + ", ".join(why) if why else ""))
    with _build_lock:
        if src not in _built:
            cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
            out = os.path.join(cache, "maxmatch", hashlib.sha1(src.encode()).hexdigest()[:12], "maxmatch")
            os.makedirs(os.path.dirname(out), exist_ok=True)
            done = subprocess.run([go, "build", "-o", out, "./cmd/maxmatch"], cwd=src,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            if done.returncode != 0:
                raise BinaryNotFoundError("building maxmatch with Go in %s failed:\n%s" % (
                    src, done.stderr.decode("utf-8", "replace")))
            _built[src] = out
        return _built[src]


def _message(error):
    """An error of the service without the request's line number, which means nothing here."""
    return re.sub(r"^line \d+(, byte \d+)?: ", "", error)


def _check_hyp(hyp, what="hypothesis"):
    if not isinstance(hyp, str):
        raise TypeError("%s must be a str, not %s" % (what, type(hyp).__name__))
    return hyp


def _check_hyps(hyps, what="hyps"):
    if isinstance(hyps, str):
        raise TypeError("%s must be a list of str, not one str" % what)
    hyps = list(hyps)
    for h in hyps:
        _check_hyp(h, "every hypothesis in " + what)
    return hyps


class Scorer:
    """Scores hypotheses against an M2 gold file, as the official scorer (release 3.2) does.

    ``Scorer(gold_path, **options)`` starts ``maxmatch serve`` on the file; the options are the
    command's: ``beta`` (0.5), ``max_unchanged_words`` (2), ``ignore_whitespace_casing``,
    ``compat`` ("3.2", "master" or "fixed"), ``fixes`` (names of quirks to correct),
    ``accept_bad_spans``, ``max_edges``, ``max_work``, ``workers`` (default one per CPU) and
    ``binary`` (the command; default :func:`find_binary`). Use it as a context manager, or call
    :meth:`close`. A Scorer may be shared by threads: requests take turns.
    """

    def __init__(self, gold_path, *, beta=0.5, max_unchanged_words=2, ignore_whitespace_casing=False,
                 compat="3.2", fixes=(), accept_bad_spans=False, max_edges=None, max_work=None,
                 workers=None, binary=None):
        self._proc = None
        if not os.path.exists(gold_path):
            raise FileNotFoundError(errno.ENOENT, "gold file not found", gold_path)
        if isinstance(beta, bool) or not isinstance(beta, (int, float)) or not beta >= 0 or beta == float("inf"):
            raise ValueError("beta must be a non-negative number, not %r" % (beta,))
        for name, value in (("max_unchanged_words", max_unchanged_words), ("max_edges", max_edges),
                            ("max_work", max_work), ("workers", workers)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise TypeError("%s must be an int, not %r" % (name, value))
        if max_unchanged_words < 0:
            raise ValueError("max_unchanged_words must be non-negative, not %d" % max_unchanged_words)
        if compat not in ("3.2", "master", "fixed"):
            raise ValueError('compat must be "3.2", "master" or "fixed", not %r' % (compat,))
        if isinstance(fixes, str):
            fixes = [fixes]
        args = [binary or find_binary(), "serve", "--gold", os.fspath(gold_path),
                "--beta", repr(float(beta)), "--max_unchanged_words", str(max_unchanged_words),
                "--compat", compat]
        if ignore_whitespace_casing:
            args.append("--ignore_whitespace_casing")
        if fixes:
            args += ["--fix", ",".join(fixes)]
        if accept_bad_spans:
            args.append("--accept-bad-spans")
        for flag, value in (("--max-edges", max_edges), ("--max-work", max_work), ("-j", workers)):
            if value is not None:
                args += [flag, str(value)]
        self._args = args
        self._lock = threading.Lock()
        self._stderr = collections.deque(maxlen=50)
        try:
            self._proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=subprocess.PIPE)
        except OSError as e:
            raise ServiceError("cannot start %s: %s" % (args[0], e)) from e
        self._stderr_thread = threading.Thread(target=self._drain_stderr, daemon=True)
        self._stderr_thread.start()
        try:
            self.info = self._one({"info": True})
        except ServiceError as e:
            message = self._stderr_text() or str(e)
            self.close()
            raise GoldFileError(message) from None
        self._sentences = self.info["sentences"]

    # The process.

    def _drain_stderr(self):
        for line in self._proc.stderr:
            self._stderr.append(line.decode("utf-8", "replace").rstrip("\n"))

    def _stderr_text(self):
        self._stderr_thread.join(timeout=1)
        return "\n".join(self._stderr)

    def _dead(self, what):
        code = self._proc.poll()
        if code is None:
            try:
                code = self._proc.wait(timeout=1)
            except subprocess.TimeoutExpired:
                code = None
        status = "still running" if code is None else "exit status %d" % code
        text = self._stderr_text()
        return ServiceError("the maxmatch service %s (%s)%s" % (what, status, ":\n" + text if text else ""))

    def _send(self, data):
        try:
            self._proc.stdin.write(data)
            self._proc.stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            raise self._dead("is gone") from None

    def _receive(self):
        line = self._proc.stdout.readline()
        if not line:
            raise self._dead("stopped answering")
        try:
            return json.loads(line)
        except ValueError:
            raise ServiceError("the maxmatch service answered something that is not JSON: %r" % line[:200]) from None

    @staticmethod
    def _encode(request):
        return (json.dumps(request, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")

    def _one(self, request):
        """Sends one request and returns its answer."""
        with self._lock:
            if self._proc is None:
                raise ServiceError("the Scorer is closed")
            self._send(self._encode(request))
            answer = self._receive()
        if "error" in answer:
            raise RequestError(_message(answer["error"]))
        return answer

    def _many(self, requests):
        """Sends requests (already encoded) while reading their answers, and returns the answers
        in order; raises the first error after reading every answer."""
        requests = list(requests)
        answers = []
        with self._lock:
            if self._proc is None:
                raise ServiceError("the Scorer is closed")
            failure = []

            def write():
                try:
                    for start in range(0, len(requests), 256):
                        self._proc.stdin.write(b"".join(requests[start:start + 256]))
                    self._proc.stdin.flush()
                except (BrokenPipeError, ValueError, OSError) as e:
                    failure.append(e)

            writer = threading.Thread(target=write, daemon=True)
            writer.start()
            try:
                for _ in requests:
                    answers.append(self._receive())
            finally:
                writer.join()
        for k, answer in enumerate(answers):
            if "error" in answer:
                raise RequestError("request %d of %d: %s" % (k, len(answers), _message(answer["error"])))
        return answers

    def close(self):
        """Stops the service; the Scorer cannot be used afterwards."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stdout.close()
        self._stderr_thread.join(timeout=1)
        proc.stderr.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def __len__(self):
        """The number of sentences of the gold file."""
        return self._sentences

    def __repr__(self):
        return "Scorer(%r, %d sentences)" % (self._args[3], self._sentences)

    # Requests.

    def _index(self, i):
        if isinstance(i, bool) or not isinstance(i, int):
            raise TypeError("sentence index must be an int, not %s" % type(i).__name__)
        if not 0 <= i < self._sentences:
            raise SentenceIndexError("sentence index %d is out of range: the gold file has %d sentences "
                                     "(0 to %d)" % (i, self._sentences, self._sentences - 1))
        return i

    def score(self, hyps, ids=None):
        """The official corpus score of hyps, one hypothesis per gold sentence in order (or, with
        ids, of the corpus made of those gold sentences in that order)."""
        hyps = _check_hyps(hyps)
        request = {"corpus": hyps}
        if ids is not None:
            request["ids"] = [self._index(i) for i in ids]
            if len(request["ids"]) != len(hyps):
                raise ValueError("ids has %d sentences and hyps %d" % (len(request["ids"]), len(hyps)))
        elif len(hyps) != self._sentences:
            raise ValueError("hyps has %d hypotheses and the gold file %d sentences: expected one per "
                             "sentence (or ids)" % (len(hyps), self._sentences))
        a = self._one(request)
        return CorpusScore(float(a["p"]), float(a["r"]), float(a["f"]), a["tp"], a["fp"], a["fn"],
                           a["correct"], a["proposed"], a["gold"], a["sentences"], a.get("bounded", 0))

    def sentence(self, i, hyp, edits=True):
        """Hypothesis hyp of gold sentence i (0-based) scored on its own: a SentenceScore."""
        return SentenceScore(self._one({"id": self._index(i), "hyp": _check_hyp(hyp), "edits": edits,
                                        "compact": True})["results"][0])

    def nbest(self, i, hyps, edits=True):
        """The hypotheses hyps of gold sentence i, each scored on its own: a list of SentenceScore
        (identical hypotheses are scored once)."""
        a = self._one({"id": self._index(i), "hyps": _check_hyps(hyps), "edits": edits, "compact": True})
        return [SentenceScore(r) for r in a["results"]]

    def sentence_many(self, items, edits=True):
        """sentence() for many (i, hyp) pairs at once, scored in parallel: a list."""
        requests = [self._encode({"id": self._index(i), "hyp": _check_hyp(h), "edits": edits, "compact": True})
                    for i, h in items]
        return [SentenceScore(a["results"][0]) for a in self._many(requests)]

    def nbest_many(self, items, edits=True):
        """nbest() for many (i, hyps) pairs at once, scored in parallel: a list of lists."""
        requests = [self._encode({"id": self._index(i), "hyps": _check_hyps(h), "edits": edits, "compact": True})
                    for i, h in items]
        return [[SentenceScore(r) for r in a["results"]] for a in self._many(requests)]

    def pair(self, source, gold_edits, hyp, edits=True):
        """hyp (a str, or a list of them) scored against a sentence that is not in the gold file:
        source (tokenised, tokens separated by spaces) and gold_edits, a list of
        (start, end, correction) or (start, end, [corrections...], annotator, type) with token
        offsets; "" deletes. Returns a SentenceScore, or a list of them for a list."""
        _check_hyp(source, "source")
        gold = []
        for e in gold_edits:
            e = list(e)
            if len(e) == 4:
                e.append("-")
            gold.append(e)
        request = {"source": source, "gold": gold, "edits": edits, "compact": True}
        if isinstance(hyp, str):
            request["hyp"] = hyp
            return SentenceScore(self._one(request)["results"][0])
        request["hyps"] = _check_hyps(hyp, "hyp")
        return [SentenceScore(r) for r in self._one(request)["results"]]
