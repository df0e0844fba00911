"""The Scorer: a ``maxmatch serve`` process and the requests it answers."""

import collections
import errno
import json
import math
import os
import re
import threading
import time
import warnings

from ._binary import find_binary, version
from ._errors import (GoldFileError, InvalidTextError, OptionError, ProtocolError, RequestError,
                      SentenceIndexError, ServiceError, ServiceTimeoutError)
from ._service import PROTOCOL, Ended, Process, Timeout, exit_status

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

    ``sentence`` is the 0-based index of the gold sentence scored (None for a sentence of your
    own, ``pair()``) and ``signature`` the :class:`Signature` of the Scorer that scored it: with
    them, :func:`maxmatch.corpus_score` checks the results it merges. A SentenceScore pickles.
    """

    __slots__ = ("annotator", "correct", "proposed", "gold", "precision", "recall", "f_beta",
                 "bounded", "_annotators", "_edits", "_correct_edits", "sentence", "signature")

    def __init__(self, result, sentence=None, signature=None):
        # result: the service's compact form (maxmatch serve, "compact": true)
        (self.annotator, self.correct, self.proposed, self.gold, p, r, f, self._annotators,
         self._edits, self._correct_edits, bounded) = result
        self.precision, self.recall, self.f_beta = float(p), float(r), float(f)
        self.bounded = bool(bounded)
        self.sentence, self.signature = sentence, signature

    # Pickling (results cross process boundaries: Dask, Spark, Ray, multiprocessing) under
    # every protocol: the slots, by name.
    def __getstate__(self):
        return {k: getattr(self, k) for k in self.__slots__ if hasattr(self, k)}

    def __setstate__(self, state):
        for k, v in state.items():
            object.__setattr__(self, k, v)

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


def _corpus_score(a):
    """The CorpusScore of a corpus answer of the service (or of its counts merged: corpus_score)."""
    return CorpusScore(float(a["p"]), float(a["r"]), float(a["f"]), a["tp"], a["fp"], a["fn"],
                       a["correct"], a["proposed"], a["gold"], a["sentences"], a.get("bounded", 0))


class Signature(str):
    """The signature of a Scorer's figures, the line ``maxmatch score --signature-only`` prints
    for the same options and gold (``m2|compat:3.2|u:2|beta:0.5|…|version:…``): two figures
    with equal signatures were made the same way on the same gold standard. It is a str;
    ``fields`` are its ``name:value`` fields as a dict."""

    __slots__ = ()

    @property
    def fields(self):
        return dict(f.split(":", 1) for f in self.split("|") if ":" in f)


_INT64_MAX = 2 ** 63 - 1
_DEFAULT = object()  # a call's timeout when not given: the Scorer's

# The command's flags for each option, to name the option when the command refuses its value.
_FLAGS = {"beta": "beta", "max_unchanged_words": "max_unchanged_words", "compat": "compat",
          "fix": "fixes", "max-memory": "max_memory", "max-edges": "max_edges",
          "max-work": "max_work", "j": "workers"}
_FLAG_NAMED = re.compile(r"(?<![\w-])--?(%s)(?![\w-])" % "|".join(re.escape(f) for f in _FLAGS))


def _int_option(name, value, low, none=True):
    if value is None and none:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s must be an int%s, not %r" % (name, " or None" if none else "", value))
    if not low <= value <= _INT64_MAX:
        raise OptionError("%s=%d: expected an integer from %d to %d" % (name, value, low, _INT64_MAX))
    return value


def _timeout_option(name, value):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError("%s must be a number of seconds or None, not %r" % (name, value))
    if not (value > 0 and math.isfinite(value)):
        raise OptionError("%s=%r: expected a positive number of seconds (or None: no limit)" % (name, value))
    return float(value)


def _check_text(text, what):
    if isinstance(text, (bytes, bytearray, memoryview)):
        raise TypeError("%s must be a str, not %s: decode it first" % (what, type(text).__name__))
    if not isinstance(text, str):
        raise TypeError("%s must be a str, not %s" % (what, type(text).__name__))
    return text


def _check_texts(texts, what):
    if isinstance(texts, str):
        raise TypeError("%s must be a list of str, not one str" % what)
    if isinstance(texts, (bytes, bytearray, memoryview)):
        raise TypeError("%s must be a list of str, not %s" % (what, type(texts).__name__))
    texts = list(texts)
    for k, t in enumerate(texts):
        _check_text(t, "%s[%d]" % (what, k))
    return texts


def _unencodable(value, where):
    """The first str in value (a request's JSON value) that UTF-8 cannot encode, described."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as e:
            return ("%s is not valid text: a lone surrogate %r at character %d, which UTF-8 cannot "
                    "encode" % (where, value[e.start], e.start))
    elif isinstance(value, dict):
        for k, v in value.items():
            found = _unencodable(v, "%s" % k if not where else "%s[%r]" % (where, k))
            if found:
                return found
    elif isinstance(value, (list, tuple)):
        for k, v in enumerate(value):
            found = _unencodable(v, "%s[%d]" % (where, k))
            if found:
                return found
    return None


def _encode(request, what=""):
    text = json.dumps(request, ensure_ascii=False, separators=(",", ":")) + "\n"
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidTextError(what + (_unencodable(request, "") or "the request cannot be encoded as UTF-8")) from None


def _message(error):
    """An error of the service without the request's line number, which means nothing here."""
    return re.sub(r"^line \d+(, byte \d+)?: ", "", error)


class Scorer:
    """Scores hypotheses against an M2 gold file, as the official scorer (release 3.2) does.

    ``Scorer(gold_path, **options)`` starts ``maxmatch serve`` on the file; the options are the
    command's: ``beta`` (0.5; above 0, at most 1e100), ``max_unchanged_words`` (2),
    ``ignore_whitespace_casing``, ``compat`` ("3.2", "master" or "fixed"), ``fixes`` (names of
    quirks to correct), ``accept_bad_spans``, ``max_edges``, ``max_work``, ``max_memory``
    (bytes, or a size such as "2G"), ``workers`` (default one per CPU; more are clamped to the
    CPUs); ``timeout``, the most seconds any call (this one included) may wait for the service
    (None: no limit), after which the call raises ServiceTimeoutError, the service is stopped
    and the next call starts a new one; and ``binary`` (the command; default
    :func:`find_binary`). Every call takes ``timeout=`` too, for itself.

    Use it as a context manager, or call :meth:`close`. A Scorer may be shared by threads:
    requests take turns. A service that ended between calls is started again by the next one.
    """

    def __init__(self, gold_path, *, beta=0.5, max_unchanged_words=2, ignore_whitespace_casing=False,
                 compat="3.2", fixes=(), accept_bad_spans=False, max_edges=None, max_work=None,
                 max_memory=None, workers=None, timeout=None, binary=None):
        self._process = None
        self._closed = False
        gold = os.fspath(gold_path)
        if isinstance(gold, bytes):
            gold = os.fsdecode(gold)
        if not os.path.exists(gold):
            raise FileNotFoundError(errno.ENOENT, "gold file not found", gold)
        if isinstance(beta, bool) or not isinstance(beta, (int, float)):
            raise TypeError("beta must be a number, not %r" % (beta,))
        if not 0 < beta <= 1e100:
            raise OptionError("beta=%r: expected a number above 0 and at most 1e100 (beyond, F_beta's "
                              "formula overflows)" % (beta,))
        max_unchanged_words = _int_option("max_unchanged_words", max_unchanged_words, 0, none=False)
        max_edges = _int_option("max_edges", max_edges, 1)
        max_work = _int_option("max_work", max_work, 1)
        workers = _int_option("workers", workers, 1)
        if compat not in ("3.2", "master", "fixed"):
            raise OptionError('compat=%r: expected "3.2", "master" or "fixed"' % (compat,))
        given_fixes = fixes
        fixes = [fixes] if isinstance(fixes, str) else list(fixes)
        for f in fixes:
            if not isinstance(f, str) or not f or "," in f:
                raise OptionError("fixes=%r: expected names of fixes (see maxmatch score -h)" % (given_fixes,))
        if max_memory is not None:
            if isinstance(max_memory, bool) or not isinstance(max_memory, (int, str)):
                raise TypeError("max_memory must be a number of bytes, a size such as \"2G\", or None, "
                                "not %r" % (max_memory,))
            if isinstance(max_memory, int) and not 0 < max_memory <= _INT64_MAX:
                raise OptionError("max_memory=%d: expected a positive number of bytes" % max_memory)
        self._timeout = _timeout_option("timeout", timeout)
        self._options = {"beta": beta, "max_unchanged_words": max_unchanged_words, "compat": compat,
                         "fixes": given_fixes, "max_memory": max_memory, "max_edges": max_edges,
                         "max_work": max_work, "workers": workers}
        self._gold = gold
        args = [binary or find_binary(), "serve", "--gold", gold, "--beta", repr(float(beta)),
                "--max_unchanged_words", str(max_unchanged_words), "--compat", compat]
        if ignore_whitespace_casing:
            args.append("--ignore_whitespace_casing")
        if fixes:
            args += ["--fix", ",".join(fixes)]
        if accept_bad_spans:
            args.append("--accept-bad-spans")
        if workers is not None:
            workers = min(workers, os.cpu_count() or 1)
        for flag, value in (("--max-edges", max_edges), ("--max-work", max_work),
                            ("--max-memory", max_memory), ("-j", workers)):
            if value is not None:
                args += [flag, str(value)]
        self._args = args
        self._lock = threading.Lock()
        self.info = None
        with self._lock:
            self._start(self._deadline(_DEFAULT))

    # The process.

    def _deadline(self, timeout):
        timeout = self._timeout if timeout is _DEFAULT else _timeout_option("timeout", timeout)
        return None if timeout is None else time.monotonic() + timeout

    def _start(self, deadline):
        """Starts the service and checks that it speaks this package's protocol."""
        try:
            process = Process(self._args)
        except OSError as e:
            raise ServiceError("cannot start %s: %s" % (self._args[0], e)) from None
        try:
            process.send(_encode({"info": True}))
            info = process.receive(deadline)
        except Timeout:
            process.kill()
            raise ServiceTimeoutError("the maxmatch service %s did not start within the timeout "
                                      "(reading %s); it was stopped" % (self._args[0], self._gold)) from None
        except Ended:
            process.kill()
            raise self._start_error(process) from None
        except ServiceError:
            process.kill()
            raise
        if info.get("protocol") != PROTOCOL:
            process.kill()
            raise ProtocolError(
                "the maxmatch command %s (version %s) speaks %s of the service, and this package "
                "(maxmatch %s) speaks protocol %d: they are of different releases; use the command "
                "of the package's release (a wheel of the package carries it), or the package of "
                "the command's" % (self._args[0], info.get("version", "unknown"),
                                    "protocol %s" % info["protocol"] if "protocol" in info
                                    else "no versioned protocol", version(), PROTOCOL))
        self._process = process
        self.info = info
        self._sentences = info["sentences"]
        self._signature = Signature(info["signature"]) if "signature" in info else None

    def _start_error(self, process):
        """The error of a service that ended before it answered: GoldFileError when its message
        is about the gold file, OptionError when it names an option's flag, ServiceError
        otherwise."""
        ended = process.ended()
        text = process.messages()
        code = process.exit_code()
        if text and self._gold + ":" in text:
            return GoldFileError(text)
        named = _FLAG_NAMED.search(text)
        if named and code is not None and code > 0:
            option = _FLAGS[named.group(1)]
            return OptionError("%s=%r: the maxmatch command refused it: %s" % (option, self._options[option], text))
        if not text:
            return ServiceError("%s ended (%s) without answering the service's first request: is it the "
                                "maxmatch command?" % (self._args[0], exit_status(code)))
        return ended

    def _call(self, requests, timeout):
        """Sends requests (encoded) and returns their answers, in order."""
        with self._lock:
            if self._closed:
                raise ServiceError("the Scorer is closed")
            deadline = self._deadline(timeout)
            if self._process is not None and self._process.exit_code() is not None:
                ended = self._process
                self._process = None
                ended.kill()
                text = ended.messages()
                warnings.warn("the maxmatch service had ended (%s)%s; a new one is started" % (
                    exit_status(ended.exit_code()), ":\n" + text if text else ""), RuntimeWarning, stacklevel=4)
            if self._process is None:
                self._start(deadline)
            process = self._process
            try:
                process.send(b"".join(requests))
                return [process.receive(deadline) for _ in requests]
            except Timeout:
                self._process = None
                process.kill()
                raise ServiceTimeoutError("no answer within the timeout: the maxmatch service (pid %d) was "
                                          "stopped, and the next call starts a new one" % process.pid) from None
            except Ended:
                self._process = None
                error = process.ended()
                process.kill()
                raise error from None
            except ServiceError:
                self._process = None
                process.kill()
                raise

    def _one(self, request, timeout):
        """Sends one request and returns its answer."""
        answer = self._call([_encode(request)], timeout)[0]
        if "error" in answer:
            raise RequestError(_message(answer["error"]))
        return answer

    def _many(self, requests, timeout):
        """Sends requests (encoded) and returns their answers in order; raises the first error
        after reading every answer."""
        answers = self._call(requests, timeout)
        for k, answer in enumerate(answers):
            if "error" in answer:
                raise RequestError("request %d of %d: %s" % (k, len(answers), _message(answer["error"])))
        return answers

    def close(self):
        """Stops the service; the Scorer cannot be used afterwards."""
        self._closed = True
        process, self._process = self._process, None
        if process is not None:
            process.close()

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
        return "Scorer(%r, %d sentences)" % (self._gold, self._sentences)

    def signature(self):
        """The signature of the figures this Scorer gives (a Signature, a str): what
        ``maxmatch score --signature-only SYSTEM GOLD`` prints with the same options."""
        if "signature" not in self.info:
            raise ServiceError("the maxmatch service %s gives no signature" % self._args[0])
        return Signature(self.info["signature"])

    # Requests.

    def _index(self, i):
        if isinstance(i, bool) or not isinstance(i, int):
            raise TypeError("sentence index must be an int, not %s" % type(i).__name__)
        if not 0 <= i < self._sentences:
            raise SentenceIndexError("sentence index %d is out of range: the gold file has %d sentences "
                                     "(0 to %d)" % (i, self._sentences, self._sentences - 1))
        return i

    def score(self, hyps, ids=None, *, timeout=_DEFAULT):
        """The official corpus score of hyps, one hypothesis per gold sentence in order (or, with
        ids, of the corpus made of those gold sentences in that order)."""
        hyps = _check_texts(hyps, "hyps")
        request = {"corpus": hyps}
        if ids is not None:
            request["ids"] = [self._index(i) for i in ids]
            if len(request["ids"]) != len(hyps):
                raise ValueError("ids has %d sentences and hyps %d" % (len(request["ids"]), len(hyps)))
        elif len(hyps) != self._sentences:
            raise ValueError("hyps has %d hypotheses and the gold file %d sentences: expected one per "
                             "sentence (or ids)" % (len(hyps), self._sentences))
        return _corpus_score(self._one(request, timeout))

    def sentence(self, i, hyp, edits=True, *, timeout=_DEFAULT):
        """Hypothesis hyp of gold sentence i (0-based) scored on its own: a SentenceScore."""
        request = {"id": self._index(i), "hyp": _check_text(hyp, "hyp"), "edits": edits, "compact": True}
        return SentenceScore(self._one(request, timeout)["results"][0], i, self._signature)

    def nbest(self, i, hyps, edits=True, *, timeout=_DEFAULT):
        """The hypotheses hyps of gold sentence i, each scored on its own: a list of SentenceScore
        (identical hypotheses are scored once)."""
        request = {"id": self._index(i), "hyps": _check_texts(hyps, "hyps"), "edits": edits, "compact": True}
        return [SentenceScore(r, i, self._signature) for r in self._one(request, timeout)["results"]]

    def sentence_many(self, items, edits=True, *, timeout=_DEFAULT):
        """sentence() for many (i, hyp) pairs at once, scored in parallel: a list."""
        requests = [_encode({"id": self._index(i), "hyp": _check_text(h, "items[%d]'s hyp" % k), "edits": edits,
                             "compact": True}, "items[%d]: " % k)
                    for k, (i, h) in enumerate(items)]
        return [SentenceScore(a["results"][0], a["id"], self._signature) for a in self._many(requests, timeout)]

    def nbest_many(self, items, edits=True, *, timeout=_DEFAULT):
        """nbest() for many (i, hyps) pairs at once, scored in parallel: a list of lists."""
        requests = [_encode({"id": self._index(i), "hyps": _check_texts(h, "items[%d]'s hyps" % k), "edits": edits,
                             "compact": True}, "items[%d]: " % k)
                    for k, (i, h) in enumerate(items)]
        return [[SentenceScore(r, a["id"], self._signature) for r in a["results"]]
                for a in self._many(requests, timeout)]

    def pair(self, source, gold_edits, hyp, edits=True, *, timeout=_DEFAULT):
        """hyp (a str, or a list of them) scored against a sentence that is not in the gold file:
        source (tokenised, tokens separated by spaces) and gold_edits, a list of
        (start, end, correction) or (start, end, [corrections...], annotator, type) with token
        offsets; "" deletes. Returns a SentenceScore, or a list of them for a list."""
        _check_text(source, "source")
        gold = []
        for e in gold_edits:
            e = list(e)
            if len(e) == 4:
                e.append("-")
            gold.append(e)
        request = {"source": source, "gold": gold, "edits": edits, "compact": True}
        if isinstance(hyp, str):
            request["hyp"] = hyp
            return SentenceScore(self._one(request, timeout)["results"][0])
        request["hyps"] = _check_texts(hyp, "hyp")
        return [SentenceScore(r) for r in self._one(request, timeout)["results"]]
