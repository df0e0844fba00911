"""The Scorer: a ``maxmatch serve`` process and the requests it answers."""

import atexit
import binascii
import errno
import json
import math
import os
import re
import sys
import tempfile
import threading
import time
import warnings
import weakref
from array import array
from itertools import chain, islice, repeat
from typing import Any, Callable, Dict, Iterable, List, NamedTuple, Optional, Sequence, Tuple, Union

from ._binary import find_binary, version
from ._errors import (GoldFileError, InvalidTextError, MaxmatchWarning, OptionError, ProtocolError,
                      RequestError, SentenceIndexError, ServiceError, ServiceTimeoutError)
from ._replay import replayed
from ._service import PROTOCOL, Ended, Process, Timeout, exit_status


class Edit(NamedTuple):
    """A system edit: source tokens [start:end] (original) replaced by correction."""
    start: int
    end: int
    original: str
    correction: str


class AnnotatorCounts(NamedTuple):
    """A sentence's counts against one annotator (see SentenceScore for the names)."""
    annotator: int
    correct: int
    proposed: int
    gold: int


# The other names of SentenceScore's and CorpusScore's counts, computed from the official's.
def _true_positives(self) -> int:
    """True positives: ``correct``."""
    return self.correct


def _false_positives(self) -> int:
    """False positives: ``proposed - correct``."""
    return self.proposed - self.correct


def _false_negatives(self) -> int:
    """False negatives: ``gold - correct``."""
    return self.gold - self.correct


class _Results:
    """The results of one request, which its SentenceScores read: counts, five integers a result
    (annotator, correct, proposed, gold, bounded) and scores, three floats a result (p, r, f),
    as lists or as the arrays of a packed answer; each result's gold sentence and the
    signature; and three lists a result (every annotator's counts, flat; the edits; the correct
    edits: None without edits), each list of them either decoded or the JSON text of a packed
    answer (docs/serving-protocol.md), decoded when one of them is first asked for. A batch's
    results are made in one piece, rather than a Python object a value: that building was a
    third of nbest_many's own time, and the lists are seldom read."""

    __slots__ = ("counts", "scores", "sentences", "signature", "_lists")

    def __init__(self, counts, scores, sentences, signature, lists):
        self.counts, self.scores, self.sentences, self.signature, self._lists = counts, scores, sentences, signature, lists

    def lists(self, which, k):
        """List which (0, 1 or 2) of result k."""
        column = self._lists[which]
        if isinstance(column, str):
            column = self._lists[which] = json.loads(column)
        return None if column is None else column[k]


def _packed(text, typecode, n):
    """The n numbers of a packed answer's member text (base64 of little-endian 64-bit integers,
    typecode "q", or floats, "d"), as an array; None when it does not hold n."""
    numbers = array(typecode)
    try:
        numbers.frombytes(binascii.a2b_base64(text))
    except (TypeError, ValueError):  # not a string, not base64, or not whole numbers
        return None
    if len(numbers) != n:
        return None
    if sys.byteorder == "big":
        numbers.byteswap()
    return numbers


class SentenceScore:
    """A hypothesis scored on its own against its sentence.

    ``annotator`` is the annotator the official scorer would choose for a corpus of this
    sentence alone (the best F_beta of its own counts; ties: more correct edits, then fewer
    proposed + beta²·gold, then the first visited). The counts are that annotator's, by the
    official's names: ``correct`` (system edits that match a gold edit), ``proposed`` (system
    edits), ``gold`` (gold edits); ``tp`` is another name of ``correct``, and ``fp`` (proposed
    − correct) and ``fn`` (gold − correct) follow from them. ``precision``, ``recall`` and
    ``f_beta`` follow the official conventions: precision 1 when nothing is proposed, recall 1
    when nothing is to be found, F 0 when both are 0. ``edits`` are the system edits as counted
    against that annotator, ``correct_edits`` those that match, ``annotators`` every
    annotator's counts; ``bounded`` says the sentence was too large for the official search and
    was scored by the bounded one.

    ``sentence`` is the 0-based index of the gold sentence scored (None for a sentence of your
    own, ``pair()``) and ``signature`` the :class:`Signature` of the Scorer that scored it: with
    them, :func:`maxmatch.corpus_score` checks the results it merges. A SentenceScore pickles.
    """

    __slots__ = ("_of", "_k")  # the _Results this is one of, and which

    def __init__(self, result: Sequence[Any], sentence: Optional[int] = None,
                 signature: Optional["Signature"] = None) -> None:
        if type(result) is _Results:  # the package's own: result k=sentence of a batch's
            self._of, self._k = result, sentence
            return
        # result: the service's compact form, or its flat form (docs/serving-protocol.md), whose
        # annotators and edits are strings.
        (annotator, correct, proposed, gold, p, r, f, annotators, edits, correct_edits, bounded) = result
        if isinstance(annotators, str):
            annotators = [int(x) for x in annotators.split()]
        if isinstance(edits, str):
            edits = json.loads(edits)
        if isinstance(correct_edits, str):
            correct_edits = json.loads(correct_edits)
        self._of = _Results([annotator, correct, proposed, gold, bool(bounded)], [float(p), float(r), float(f)],
                            [sentence], signature, [[annotators], [edits], [correct_edits]])
        self._k = 0

    # Pickling (results cross process boundaries: Dask, Spark, Ray, multiprocessing) under
    # every protocol: the values by name, as the package's releases before 0.1.0's split
    # answers kept them in their slots (a pickle reads back in either).
    def __getstate__(self) -> Dict[str, Any]:
        return {"annotator": self.annotator, "correct": self.correct, "proposed": self.proposed,
                "gold": self.gold, "precision": self.precision, "recall": self.recall,
                "f_beta": self.f_beta, "bounded": self.bounded,
                "_annotators": self._of.lists(0, self._k), "_edits": self._of.lists(1, self._k),
                "_correct_edits": self._of.lists(2, self._k), "sentence": self.sentence,
                "signature": self.signature}

    def __setstate__(self, state: Dict[str, Any]) -> None:
        self.__init__([state[k] for k in ("annotator", "correct", "proposed", "gold", "precision", "recall",
                                          "f_beta", "_annotators", "_edits", "_correct_edits", "bounded")],
                      state["sentence"], state["signature"])

    # The values, read from the results' counts (five a result) and scores (three).
    @property
    def annotator(self) -> int:
        return self._of.counts[5 * self._k]

    @property
    def correct(self) -> int:
        return self._of.counts[5 * self._k + 1]

    @property
    def proposed(self) -> int:
        return self._of.counts[5 * self._k + 2]

    @property
    def gold(self) -> int:
        return self._of.counts[5 * self._k + 3]

    @property
    def precision(self) -> float:
        return self._of.scores[3 * self._k]

    @property
    def recall(self) -> float:
        return self._of.scores[3 * self._k + 1]

    @property
    def f_beta(self) -> float:
        return self._of.scores[3 * self._k + 2]

    @property
    def bounded(self) -> bool:
        return bool(self._of.counts[5 * self._k + 4])

    @property
    def sentence(self) -> Optional[int]:
        return self._of.sentences[self._k]

    @property
    def signature(self) -> Optional["Signature"]:
        return self._of.signature

    tp = property(_true_positives)
    fp = property(_false_positives)
    fn = property(_false_negatives)

    @property
    def edits(self) -> Optional[List[Edit]]:
        """The chosen annotator's view of the system edits, as ``Edit`` tuples (None when the
        request asked for counts only)."""
        edits = self._of.lists(1, self._k)
        return None if edits is None else [Edit(*e) for e in edits]

    @property
    def correct_edits(self) -> Optional[List[Edit]]:
        """Those of ``edits`` that match a gold edit (None when the request asked for counts
        only)."""
        edits = self._of.lists(2, self._k)
        return None if edits is None else [Edit(*e) for e in edits]

    @property
    def annotators(self) -> List[AnnotatorCounts]:
        """Every annotator's counts, in the official's visiting order."""
        a = self._of.lists(0, self._k)
        return [AnnotatorCounts(*a[k:k + 4]) for k in range(0, len(a), 4)]

    def __repr__(self) -> str:
        return ("SentenceScore(annotator=%d, correct=%d, proposed=%d, gold=%d, precision=%.4f, "
                "recall=%.4f, f_beta=%.4f)" % (self.annotator, self.correct, self.proposed, self.gold,
                                               self.precision, self.recall, self.f_beta))


class CorpusScore(NamedTuple):
    """The official corpus score: what ``maxmatch score`` (and the official scorer) prints, and
    its counts, by the official's names as in SentenceScore (``tp``, ``fp`` and ``fn`` follow
    from them). ``bounded`` is the number of sentences scored by the bounded search; ``beta``
    the β of F_β. ``str()`` gives the official's three lines."""
    precision: float
    recall: float
    f_beta: float
    correct: int
    proposed: int
    gold: int
    sentences: int
    bounded: int
    beta: float

    # Methods, not property(…) as SentenceScore's: a NamedTuple's body takes only those.
    @property
    def tp(self) -> int:
        return _true_positives(self)

    @property
    def fp(self) -> int:
        return _false_positives(self)

    @property
    def fn(self) -> int:
        return _false_negatives(self)

    def __str__(self) -> str:
        return "Precision   : %.4f\nRecall      : %.4f\nF_%.1f       : %.4f" % (
            self.precision, self.recall, self.beta, self.f_beta)


def _corpus_score(a: Dict[str, Any], beta: float) -> CorpusScore:
    """The CorpusScore of a corpus answer of the service (or of its counts merged: corpus_score)."""
    return CorpusScore(float(a["p"]), float(a["r"]), float(a["f"]), a["correct"], a["proposed"], a["gold"],
                       a["sentences"], a.get("bounded", 0), beta)


class Signature(str):
    """The signature of a Scorer's figures, the line ``maxmatch score --signature-only`` prints
    for the same options and gold (``m2|compat:3.2|u:2|beta:0.5|…|version:…``): two figures
    with equal signatures were made the same way on the same gold standard. It is a str;
    ``fields`` are its ``name:value`` fields as a dict."""

    __slots__ = ()

    @property
    def fields(self) -> Dict[str, str]:
        return dict(f.split(":", 1) for f in self.split("|") if ":" in f)


_INT64_MAX = 2 ** 63 - 1
_DEFAULT: Any = object()  # a call's timeout when not given: the Scorer's

# The command's flags for each option, to name the option when the command refuses its value.
_FLAGS = {"beta": "beta", "max_unchanged_words": "max_unchanged_words", "compat": "compat",
          "fix": "fixes", "max-memory": "max_memory", "max-edges": "max_edges",
          "max-work": "max_work", "j": "workers"}
_FLAG_NAMED = re.compile(r"(?<![\w-])--?(%s)(?![\w-])" % "|".join(re.escape(f) for f in _FLAGS))

# The most hypotheses sent in one "batch" request: enough that a request costs little beside its
# scoring, few enough that the service's workers share a list and that the answers of the first
# requests are read while the next are scored.
BATCH_HYPS = 512

# The most characters of hypotheses sent in one "batch" request (one hypothesis longer is sent
# alone): the request's line must stay within the service's --max-request-bytes, 16 MiB (a 32nd
# of a max_memory below 512 MiB), which 512 hypotheses of more than 32,768 characters passed,
# where each alone was answered. A character is at most 6 bytes of the line (a control
# character JSON escapes), 1 for ASCII; the CoNLL-2014 n-best list's batches hold 36,000 to
# 109,000 characters.
BATCH_CHARS = 1 << 20

# The indexes of a batch's results, made once: range() would make an int for each above 256.
_INDEXES = tuple(range(BATCH_HYPS))

# Item: a gold sentence's index and a hypothesis (sentence_many) or hypotheses (nbest_many).
GoldEdit = Union[Tuple[int, int, str], Tuple[int, int, Sequence[str], int, str]]
Timeout_ = Optional[float]


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
    if isinstance(texts, (bytes, bytearray, memoryview)) or not hasattr(texts, "__iter__"):
        raise TypeError("%s must be a list of str, not %s" % (what, type(texts).__name__))
    texts = list(texts)
    if not all(map(isinstance, texts, repeat(str))):  # one call for the list: the loop is for the message
        for k, t in enumerate(texts):
            if not isinstance(t, str):
                _check_text(t, "%s[%d]" % (what, k))
    return texts


def _check_edits(edits):
    """edits, True or False (1, 0 and numpy's bools too), as a bool: a string or None would be
    taken as its truth, silently."""
    if isinstance(edits, (bool, int)) or type(edits).__name__ == "bool_":
        if edits in (True, False):
            return bool(edits)
    raise TypeError("edits must be True or False, not %r" % (edits,))


def _described(value):
    """What a value that is not what was expected is, for a message: its type, and its length."""
    try:
        n = len(value)
    except TypeError:
        return type(value).__name__
    return "a %s of %d value%s" % (type(value).__name__, n, "" if n == 1 else "s")


def _iterable(items, what):
    """items, the argument of a *_many call, when it is an iterable (of what)."""
    if isinstance(items, (str, bytes, bytearray, memoryview)) or not hasattr(items, "__iter__"):
        raise TypeError("items must be an iterable of %s, not %s" % (what, type(items).__name__))
    return items


def _unpack(item, k, n, what):
    """Item k of a *_many call, which must be n values (what names them)."""
    if not isinstance(item, (str, bytes, bytearray)):
        try:
            values = tuple(item)
        except TypeError:
            values = ()
        if len(values) == n:
            return values
    raise TypeError("items[%d] must be %s, not %s" % (k, what, _described(item)))


def _pairs(items, hyps, texts):
    """The (sentence index, hypotheses) pairs of the items of sentence_many or nbest_many, each
    a pair of an index and hyps (as messages name it), item k's hypotheses texts(h, k)."""
    pairs = []
    for k, item in enumerate(_iterable(items, "(sentence index, %s) pairs" % hyps)):
        try:
            i, h = item
        except (TypeError, ValueError):
            i, h = _unpack(item, k, 2, "a pair (sentence index, %s)" % hyps)
        pairs.append((i, texts(h, k)))
    return pairs


# The forms of a gold edit, in messages.
_GOLD_EDIT = "(start, end, correction) or (start, end, [corrections], annotator, type)"


def _not_json(value, where):
    """What a gold edit's value (a leaf) is when a JSON request cannot carry it, described (None
    when it can): json.dumps writes NaN and the infinities as no JSON reads them, and refuses a
    set or an object."""
    if isinstance(value, float) and not math.isfinite(value):
        return "%s is %r: expected an integer or a str" % (where, value)
    if value is None or isinstance(value, (int, float, str)):
        return None
    return "%s is a %s: expected an integer, a str or a list of str" % (where, type(value).__name__)


def _gold_edits(gold_edits, what):
    """gold_edits as a request has them, each a list (an edit of four values given the type "-");
    what a JSON request cannot carry is refused here, named as the caller's (TypeError)."""
    if isinstance(gold_edits, (str, bytes, bytearray)) or not hasattr(gold_edits, "__iter__"):
        raise TypeError("%sgold_edits must be a list of %s, not %s" % (what, _GOLD_EDIT, type(gold_edits).__name__))
    gold = []
    for n, e in enumerate(gold_edits):
        where = "%sgold_edits[%d]" % (what, n)
        if isinstance(e, (str, bytes, bytearray)) or not hasattr(e, "__iter__"):
            raise TypeError("%s must be %s, not %s" % (where, _GOLD_EDIT, type(e).__name__))
        e = list(e)
        found = _first_problem(e, where, _not_json)
        if found:
            raise TypeError(found)
        if len(e) == 4:
            e.append("-")
        gold.append(e)
    return gold


def _first_problem(value, where, problem):
    """The first description that problem(leaf, where) gives of the leaves of value, a
    request's JSON value (a dict's values named by key, a list's by index), or None."""
    if isinstance(value, dict):
        named = (("%s" % k if not where else "%s[%r]" % (where, k), v) for k, v in value.items())
    elif isinstance(value, (list, tuple)):
        named = (("%s[%d]" % (where, k), v) for k, v in enumerate(value))
    else:
        return problem(value, where)
    for w, v in named:
        found = _first_problem(v, w, problem)
        if found:
            return found
    return None


def _not_encodable(value, where):
    """A str that UTF-8 cannot encode, described (None for another leaf)."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as e:
            return ("%s is not valid text: a lone surrogate %r at character %d, which UTF-8 cannot "
                    "encode" % (where, value[e.start], e.start))
    return None


def _unencodable(value, where):
    """The first str in value (a request's JSON value) that UTF-8 cannot encode, described."""
    return _first_problem(value, where, _not_encodable)


def _encode(request, what=""):
    text = json.dumps(request, ensure_ascii=False, separators=(",", ":")) + "\n"
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidTextError(what + (_unencodable(request, "") or "the request cannot be encoded as UTF-8")) from None


# A packed "batch" request put together by joins (_plain_batch), with NULs for its quotes: its
# head and its tail, and the NULs they hold with the line feed.
_BATCH_HEAD = '{\0id\0:%d,\0batch\0:['
_BATCH_TAIL = '],\0edits\0:%s,\0packed\0:true}\n'
_BATCH_NULS = 9
_CONTROL = bytes(range(0x20))  # the control characters, which JSON escapes as \uXXXX


def _plain_batch(first, batch, edits):
    """The packed "batch" request of batch, (sentence index, [hypotheses]) pairs, as json.dumps
    writes it (without spaces, not ASCII-escaped), or None when a hypothesis holds a control
    character (or a lone surrogate): json.dumps writes that one. Joins write it in a fraction of
    json.dumps's time, which escapes and copies each hypothesis alone: the request is joined
    with NULs where its quotes go, encoded, checked in one pass (its only control characters
    are those NULs and the line feed), its quotes and backslashes escaped, and the NULs made
    quotes (each a pass of bytes over the whole, which memchr makes fast)."""
    hyps = 0
    items = []
    for i, h in batch:
        hyps += len(h)
        items.append("[%d,[\0%s\0]]" % (i, "\0,\0".join(h)) if h else "[%d,[]]" % i)
    if not items:
        items.append("")
    items[0] = _BATCH_HEAD % first + items[0]
    items[-1] += _BATCH_TAIL % ("true" if edits else "false")
    try:
        data = ",".join(items).encode("utf-8")
    except UnicodeEncodeError:
        return None
    if len(data) - len(data.translate(None, _CONTROL)) != 2 * hyps + _BATCH_NULS:
        return None
    if b"\\" in data:
        data = data.replace(b"\\", b"\\\\")
    if b'"' in data:
        data = data.replace(b'"', b'\\"')
    return data.replace(b"\0", b'"')


def _answer(line):
    """A line of the service as the answer it must be, a JSON object."""
    try:
        answer = json.loads(line)
    except ValueError:
        answer = None
    if not isinstance(answer, dict):
        raise _NotAnAnswer(line)
    return answer


class _NotAnAnswer(Exception):
    """A line of the service that is not an answer."""


def _error_message(answer):
    """The message of an error answer: its "message" (protocol 2 gives where in the request
    it was as members, which mean nothing to a caller who wrote no request line)."""
    error = answer["error"]
    return error.get("message", "") if isinstance(error, dict) else str(error)


# Every Scorer not closed, to close them at exit and to forget them after a fork.
_live: "weakref.WeakSet[Scorer]" = weakref.WeakSet()


def _close_all_at_exit():
    """Ends the services of this process's Scorers while the interpreter can still do it
    cleanly (atexit): nothing is left for finalization to close."""
    for scorer in list(_live):
        scorer._release_at_exit()


def _forget_after_fork():
    """In a forked child: every Scorer's service is the parent's (os.register_at_fork)."""
    for scorer in list(_live):
        scorer._forget_service()


atexit.register(_close_all_at_exit)
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_after_fork)


def _user_stacklevel():
    """The stacklevel that makes a warning name the first caller outside this package."""
    here = os.path.dirname(os.path.abspath(__file__))
    frame, level = sys._getframe(1), 1
    while frame is not None and os.path.dirname(os.path.abspath(frame.f_code.co_filename)) == here:
        frame, level = frame.f_back, level + 1
    return level


class Scorer:
    """Scores hypotheses against an M2 gold standard, as the official scorer (release 3.2) does.

    ``Scorer(gold, **options)`` starts ``maxmatch serve`` on the gold standard: a path, or a
    file-like object whose ``read()`` gives its text (``Scorer.from_m2_text(text)`` takes the
    text itself), which is written to a temporary file for the service to read and deleted once
    read. The options are the command's: ``beta`` (0.5; above 0, at most 1e100),
    ``max_unchanged_words`` (2), ``ignore_whitespace_casing``, ``compat`` ("3.2", "master" or
    "fixed"), ``fixes`` (names of quirks to correct), ``accept_bad_spans``, ``max_edges``,
    ``max_work``, ``max_memory`` (bytes, or a size such as "2G"), ``workers`` (default one per
    CPU; more are clamped to the CPUs); ``timeout``, the most seconds any call (this one
    included) may wait for the service (None: no limit), after which the call raises
    ServiceTimeoutError, the service is stopped and the next call starts a new one; ``binary``
    (the command; default :func:`find_binary`); and ``name``, what messages call a gold
    standard that is not a file (default: the object's ``name``, else "<m2 text>"). Every call
    takes ``timeout=`` too, for itself. The command's warnings (about the gold standard) are
    given as :class:`MaxmatchWarning`.

    Use it as a context manager, or call :meth:`close`; one still open when the interpreter
    exits is closed then. A Scorer may be shared by threads: requests take turns. A service
    that ended between calls is started again by the next one, and so is one made by another
    process (a Scorer used in a process forked from the one that made it starts its own
    service there, and never touches its parent's).
    """

    def __init__(self, gold: Any = None, *, beta: float = 0.5, max_unchanged_words: int = 2,
                 ignore_whitespace_casing: bool = False, compat: str = "3.2",
                 fixes: Union[str, Sequence[str]] = (), accept_bad_spans: bool = False,
                 max_edges: Optional[int] = None, max_work: Optional[int] = None,
                 max_memory: Union[int, str, None] = None, workers: Optional[int] = None,
                 timeout: Optional[float] = None, binary: Optional[str] = None,
                 name: Optional[str] = None, gold_path: Any = None) -> None:
        self._process: Optional[Process] = None
        self._closed = False
        if gold_path is not None:  # the argument's name before gold standards from memory
            warnings.warn("Scorer(gold_path=…) is deprecated: the argument is gold (a path or a file-like "
                          "object)", DeprecationWarning, stacklevel=2)
            if gold is not None:
                raise TypeError("Scorer() got both gold and gold_path")
            gold = gold_path
        if gold is None:
            raise TypeError("Scorer() needs gold: the gold standard's path, or a file-like object")
        self._gold, self._gold_text = self._gold_source(gold, name)
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
        if not isinstance(fixes, str) and (isinstance(fixes, bytes) or not hasattr(fixes, "__iter__")):
            raise TypeError("fixes must be a fix's name or a list of them, not %s" % type(fixes).__name__)
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
        if binary is not None and not isinstance(binary, (str, bytes, os.PathLike)):
            raise TypeError("binary must be the maxmatch command's path or None, not %s" % type(binary).__name__)
        args = [os.fspath(binary) if binary else find_binary(), "serve", "--beta", repr(float(beta)),
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
        self._owner = os.getpid()
        self._lock = threading.Lock()
        self.info: Dict[str, Any] = {}
        self._sentences = 0
        self._signature: Optional[Signature] = None
        self._beta = float(beta)
        self._run((), self._deadline(_DEFAULT), None)
        _live.add(self)

    @classmethod
    def from_m2_text(cls, text: Union[str, bytes], *, name: str = "<m2 text>", **options: Any) -> "Scorer":
        """A Scorer of the gold standard text (M2, a str or UTF-8 bytes) held in memory; name
        is what messages call it. The options are those of Scorer()."""
        if not isinstance(text, (str, bytes, bytearray)):
            raise TypeError("text must be a str or bytes, not %s" % type(text).__name__)
        return cls(_Text(text), name=name, **options)

    @staticmethod
    def _gold_source(gold, name):
        """The gold standard's name in messages, and its bytes when it is not a file."""
        if hasattr(gold, "read"):
            text = gold.read()
            if isinstance(text, str):
                try:
                    text = text.encode("utf-8")
                except UnicodeEncodeError:
                    raise InvalidTextError(_unencodable(text, "the gold text")) from None
            if not isinstance(text, (bytes, bytearray)):
                raise TypeError("the gold standard's read() gave %s: expected str or bytes" % type(text).__name__)
            label = name or getattr(gold, "name", None)
            return (label if isinstance(label, str) else "<m2 text>"), bytes(text)
        if not isinstance(gold, (str, bytes, os.PathLike)):
            raise TypeError("gold must be a path or a file-like object, not %s" % type(gold).__name__)
        path = os.fspath(gold)
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        if not os.path.exists(path):
            raise FileNotFoundError(errno.ENOENT, "gold file not found", path)
        return path, None

    # The process.

    def _deadline(self, timeout):
        timeout = self._timeout if timeout is _DEFAULT else _timeout_option("timeout", timeout)
        return None if timeout is None else time.monotonic() + timeout

    def _forget_service(self):
        """Forgets a service that another process (the parent of a fork) owns, without
        touching it: this process starts its own when it needs one."""
        self._owner = os.getpid()
        self._lock = threading.Lock()  # the parent's may have been held by one of its threads
        process, self._process = self._process, None
        if process is not None:
            process.abandon()

    def _run(self, requests, deadline, take):
        """Sends requests (an iterable of them, encoded) and hands each answer line to take,
        under the lock, starting a service first when there is none; then gives the command's
        warnings."""
        if self._owner != os.getpid():
            self._forget_service()  # forked without os.register_at_fork's hook
        with self._lock:
            if self._closed:
                raise ServiceError("the Scorer is closed")
            process = self._process
            if process is not None and process.exit_code() is not None:
                text = process.messages()
                self._drop(process)
                warnings.warn("the maxmatch service had ended (%s)%s; a new one is started" % (
                    exit_status(process.exit_code()), ":\n" + text if text else ""), RuntimeWarning,
                    stacklevel=_user_stacklevel())
            self._said: List[str] = []
            try:
                if self._process is None:
                    self._start(deadline)
                if take is not None:
                    self._exchange(requests, deadline, take)
            finally:
                if self._process is not None:
                    self._said += self._process.take_warnings()
                said, self._said = self._said, []
        for text in said:
            warnings.warn(self._named(text), MaxmatchWarning, stacklevel=_user_stacklevel())

    def _drop(self, process):
        """Stops a service that will not be used again, keeping its warnings to give."""
        self._process = None
        self._said += process.take_warnings()
        process.kill()

    def _exchange(self, requests, deadline, take):
        process = self._process
        try:
            failure = process.exchange(requests, deadline, take)
        except Timeout:
            self._drop(process)
            raise ServiceTimeoutError("no answer within the timeout: the maxmatch service (pid %d) was "
                                      "stopped, and the next call starts a new one" % process.pid) from None
        except Ended:
            error = process.ended()
            self._drop(process)
            raise error from None
        except _NotAnAnswer as e:
            self._drop(process)
            raise ServiceError("%s answered something that is not an answer of the maxmatch service: %r"
                               % (self._args[0], e.args[0][:200])) from None
        except BaseException:
            # Interrupted (KeyboardInterrupt) with requests unanswered: their answers would be
            # taken for the next call's.
            self._drop(process)
            raise
        if failure is not None:
            raise failure

    def _start(self, deadline):
        """Starts the service and checks that it speaks this package's protocol."""
        args, text_file = self._args, None
        if self._gold_text is not None:
            fd, text_file = tempfile.mkstemp(prefix="maxmatch-gold-", suffix=".m2")
            with os.fdopen(fd, "wb") as f:
                f.write(self._gold_text)
        gold = text_file or self._gold
        if gold == "-":
            gold = os.path.join(os.curdir, gold)  # the file named "-", not the service's standard input
        args = args[:2] + ["--gold", gold] + args[2:]
        try:
            try:
                process = Process(args)
            except OSError as e:
                raise ServiceError("cannot start %s: %s" % (args[0], e)) from None
            self._process = process
            self._gold_file = text_file
            info = self._info(process, deadline)
        finally:
            if text_file is not None:
                os.remove(text_file)  # the service has read it, or has ended
        self.info = info
        self._sentences = info["sentences"]
        self._signature = Signature(info["signature"]) if "signature" in info else None

    def _info(self, process, deadline):
        """The service's "info" answer, once it is known to speak this package's protocol."""
        answers = []
        try:
            process.exchange([_encode({"info": True})], deadline, answers.append)
            info = _answer(answers[0])
        except Timeout:
            self._drop(process)
            raise ServiceTimeoutError("the maxmatch service %s did not start within the timeout "
                                      "(reading %s); it was stopped" % (self._args[0], self._gold)) from None
        except Ended:
            error = self._start_error(process)
            self._drop(process)
            raise error from None
        except _NotAnAnswer as e:
            self._drop(process)
            raise ServiceError("%s answered something that is not an answer of the maxmatch service: %r"
                               % (self._args[0], e.args[0][:200])) from None
        except BaseException:
            # Interrupted (KeyboardInterrupt) with requests unanswered: their answers would be
            # taken for the next call's.
            self._drop(process)
            raise
        if info.get("protocol") != PROTOCOL:
            self._drop(process)
            raise ProtocolError(
                "the maxmatch command %s (version %s) speaks %s of the service, and this package "
                "(maxmatch %s) speaks protocol %d: they are of different releases; use the command "
                "of the package's release (a wheel of the package carries it), or the package of "
                "the command's" % (self._args[0], info.get("version", "unknown"),
                                    "protocol %s" % info["protocol"] if "protocol" in info
                                    else "no versioned protocol", version(), PROTOCOL))
        return info

    def _named(self, text):
        """A message of the service with the temporary file of a gold text called by its name."""
        if self._gold_text is not None and getattr(self, "_gold_file", None):
            return text.replace(self._gold_file, self._gold)
        return text

    def _start_error(self, process):
        """The error of a service that ended before it answered: GoldFileError when its message
        is about the gold file, OptionError when it names an option's flag, ServiceError
        otherwise."""
        ended = process.ended()
        text = self._named(process.messages())
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
        return ServiceError(self._named(str(ended)))

    def close(self) -> None:
        """Stops the service; the Scorer cannot be used afterwards."""
        self._closed = True
        _live.discard(self)
        if self._owner != os.getpid():
            self._forget_service()
            return
        process, self._process = self._process, None
        if process is not None:
            process.close()

    def _release_at_exit(self):
        """At exit: ends the service (a later call would start another, which the end of this
        process's pipes ends). One that a daemon thread is still calling is left to end with
        this process's pipes."""
        if self._owner != os.getpid():
            self._forget_service()
            return
        if not self._lock.acquire(timeout=1):
            return
        try:
            process, self._process = self._process, None
            if process is not None:
                process.close(timeout=5)
        finally:
            self._lock.release()

    def __enter__(self) -> "Scorer":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self):
        # At the interpreter's finalization there is nothing left to do (the Scorers open then
        # were closed at exit) and nothing safe to do; in a forked child the service is not ours.
        if sys.is_finalizing() or getattr(self, "_owner", None) != os.getpid():
            return
        try:
            self.close()
        except Exception:
            pass

    def __reduce__(self):
        raise TypeError("a Scorer cannot be pickled: it is a process of this one; make one in each "
                        "process (docs/scaling-out.md)")

    def __len__(self) -> int:
        """The number of sentences of the gold standard."""
        return self._sentences

    def __repr__(self) -> str:
        return "Scorer(%r, %d sentences)" % (self._gold, self._sentences)

    def signature(self) -> Signature:
        """The signature of the figures this Scorer gives (a Signature, a str): what
        ``maxmatch score --signature-only SYSTEM GOLD`` prints with the same options."""
        if "signature" not in self.info:
            raise ServiceError("the maxmatch service %s gives no signature" % self._args[0])
        return Signature(self.info["signature"])

    # Requests.

    def _index(self, i, what="sentence index"):
        if isinstance(i, bool) or not isinstance(i, int):
            raise TypeError("%s must be an int, not %s" % (what, type(i).__name__))
        if not 0 <= i < self._sentences:
            raise SentenceIndexError("%s %d is out of range: the gold file has %d sentences "
                                     "(0 to %d)" % (what, i, self._sentences, self._sentences - 1))
        return i

    def _answers(self, requests, timeout):
        """Sends requests (encoded) and returns their answers, in order; raises the first error
        after reading every answer."""
        answers: List[Dict[str, Any]] = []
        self._run(requests, self._deadline(timeout), lambda line: answers.append(_answer(line)))
        for k, answer in enumerate(answers):
            if "error" in answer:
                where = "request %d of %d: " % (k, len(answers)) if len(answers) > 1 else ""
                raise RequestError(where + _error_message(answer))
        return answers

    def _rows(self, items, where, edits, timeout):
        """Scores items, (i, hyps) pairs, in "batch" requests (_batches); returns every
        hypothesis's SentenceScore, in order. where(k, j) names hypothesis j of item k in
        messages, where(k, None) the item."""
        edits = _check_edits(edits)
        batches = self._batches(items)
        requests = (self._encode_batch(batch, places, where, edits) for batch, places in batches)
        scores: List[SentenceScore] = []
        errors: List[str] = []
        answered = [0]

        def take(line):
            answer = _answer(line)
            batch, places = batches[answered[0]]
            answered[0] += 1
            if "error" in answer:
                errors.append(self._batch_error(places, answer, where))
                return
            # Each hypothesis's gold sentence, and its result.
            sentences = list(chain.from_iterable(repeat(i, len(hyps)) for i, hyps in batch))
            n = len(sentences)
            try:
                results = _Results(_packed(answer["counts"], "q", 5 * n), _packed(answer["scores"], "d", 3 * n),
                                   sentences, self._signature,
                                   [answer["annotators"], answer["edits"], answer["correct_edits"]])
            except KeyError:
                raise _NotAnAnswer(line) from None
            if results.counts is None or results.scores is None:
                raise _NotAnAnswer(line)
            scores.extend(map(SentenceScore, repeat(results, n), islice(_INDEXES, n)))

        self._run(requests, self._deadline(timeout), take)
        if errors:
            raise RequestError(errors[0])
        return scores

    def _batches(self, items):
        """items, (i, hyps) pairs, as "batch" requests of at most BATCH_HYPS hypotheses and
        BATCH_CHARS characters (a longer hypothesis alone): an item that does not fit in what is
        left of a batch starts the next, and one that does not fit in a batch of its own is cut
        over several. Each (batch, places): the (i, hyps) pairs of one request, and where each
        pair's hypotheses start among the caller's, (item k, hypothesis j)."""
        batches, batch, places, size, chars = [], [], [], 0, 0
        for k, (i, hyps) in enumerate(items):
            i = self._index(i)
            n = sum(map(len, hyps))
            if batch and (size + len(hyps) > BATCH_HYPS or chars + n > BATCH_CHARS):
                batches.append((batch, places))
                batch, places, size, chars = [], [], 0, 0
            if len(hyps) <= BATCH_HYPS and n <= BATCH_CHARS:  # the usual case: it fits whole
                batch.append((i, hyps))
                places.append((k, 0))
                size, chars = size + len(hyps), chars + n
                continue
            j = 0  # cut: each part a batch of its own, the last one open to the next items
            while j < len(hyps):
                if batch:
                    batches.append((batch, places))
                    batch, places, size, chars = [], [], 0, 0
                end = j
                while end < len(hyps) and size < BATCH_HYPS and (not size or chars + len(hyps[end]) <= BATCH_CHARS):
                    size, chars, end = size + 1, chars + len(hyps[end]), end + 1
                batch.append((i, hyps[j:end]))
                places.append((k, j))
                j = end
        if batch:
            batches.append((batch, places))
        return batches

    @staticmethod
    def _encode_batch(batch, places, where, edits):
        first = places[0][0]  # the request's id: its first item
        data = _plain_batch(first, batch, edits)
        if data is not None:
            return data
        request = {"id": first, "batch": batch, "edits": edits, "packed": True}
        try:
            return (json.dumps(request, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
        except UnicodeEncodeError:
            for (k, start), (_, hyps) in zip(places, batch):
                for j, h in enumerate(hyps, start):
                    found = _unencodable(h, where(k, j))
                    if found:
                        raise InvalidTextError(found) from None
            raise

    @staticmethod
    def _batch_error(places, answer, where):
        """An error answered to the batch request of the pairs at places, its item named as the
        caller's."""
        message = _error_message(answer)
        item = answer["error"].get("item") if isinstance(answer["error"], dict) else None
        if isinstance(item, int) and 0 <= item < len(places):
            message = "%s: %s" % (where(places[item][0], None), message)
        return message

    def score(self, hyps: Sequence[str], ids: Optional[Sequence[int]] = None, *,
              timeout: Timeout_ = _DEFAULT) -> CorpusScore:
        """The official corpus score of hyps, one hypothesis per gold sentence in order (or, with
        ids, of the corpus made of those gold sentences in that order)."""
        hyps = _check_texts(hyps, "hyps")
        request: Dict[str, Any] = {"corpus": hyps}
        if ids is not None:
            request["ids"] = [self._index(i) for i in ids]
            if len(request["ids"]) != len(hyps):
                raise ValueError("ids has %d sentences and hyps %d" % (len(request["ids"]), len(hyps)))
        elif len(hyps) != self._sentences:
            raise ValueError("hyps has %d hypotheses and the gold file %d sentences: expected one per "
                             "sentence (or ids)" % (len(hyps), self._sentences))
        if sum(map(len, hyps)) > BATCH_CHARS:
            # One request would pass the service's longest line (16 MiB) for a large corpus: its
            # sentences are scored in batches, and the official's choice of their annotators
            # replayed over their counts, as corpus_score does.
            order = request.get("ids", range(self._sentences))
            results = self._rows([(i, [h]) for i, h in zip(order, hyps)], _corpus_hyp, False, timeout)
            return _corpus_score(replayed(results, self._beta), self._beta)
        return _corpus_score(self._answers([_encode(request)], timeout)[0], self._beta)

    def sentence(self, i: int, hyp: str, edits: bool = True, *, timeout: Timeout_ = _DEFAULT) -> SentenceScore:
        """Hypothesis hyp of gold sentence i (0-based) scored on its own: a SentenceScore."""
        return self._rows([(self._index(i), [_check_text(hyp, "hyp")])], _one_hyp, edits, timeout)[0]

    def nbest(self, i: int, hyps: Sequence[str], edits: bool = True, *,
              timeout: Timeout_ = _DEFAULT) -> List[SentenceScore]:
        """The hypotheses hyps of gold sentence i, each scored on its own: a list of SentenceScore
        (identical hypotheses are scored once)."""
        return self._rows([(self._index(i), _check_texts(hyps, "hyps"))], _one_list, edits, timeout)

    def sentence_many(self, items: Iterable[Tuple[int, str]], edits: bool = True, *,
                      timeout: Timeout_ = _DEFAULT) -> List[SentenceScore]:
        """sentence() for many (i, hyp) pairs at once, scored in parallel: a list."""
        pairs = _pairs(items, "hypothesis", lambda h, k: [_check_text(h, "items[%d]'s hyp" % k)])
        return self._rows(pairs, _items_hyp, edits, timeout)

    def nbest_many(self, items: Iterable[Tuple[int, Sequence[str]]], edits: bool = True, *,
                   timeout: Timeout_ = _DEFAULT) -> List[List[SentenceScore]]:
        """nbest() for many (i, hyps) pairs at once, scored in parallel: a list of lists."""
        pairs = _pairs(items, "[hypotheses]", lambda h, k: _check_texts(h, "items[%d]'s hyps" % k))
        flat = self._rows(pairs, _items_hyps, edits, timeout)
        out, k = [], 0
        for _, hyps in pairs:
            out.append(flat[k:k + len(hyps)])
            k += len(hyps)
        return out

    @staticmethod
    def _own(source, gold_edits, edits, what=""):
        """A request's own sentence: source and gold_edits as the protocol has them."""
        _check_text(source, what + "source")
        return {"source": source, "gold": _gold_edits(gold_edits, what), "edits": _check_edits(edits), "compact": True}

    def pair(self, source: str, gold_edits: Iterable[GoldEdit], hyp: str, edits: bool = True, *,
             timeout: Timeout_ = _DEFAULT) -> SentenceScore:
        """hyp scored against a sentence that is not in the gold standard: source (tokenised,
        tokens separated by spaces) and gold_edits, a list of (start, end, correction) or (start,
        end, [corrections...], annotator, type) with token offsets; "" deletes. A SentenceScore.
        (A list of hypotheses, deprecated, gives a list: use pair_nbest.)"""
        if not isinstance(hyp, (str, bytes, bytearray, memoryview)) and hasattr(hyp, "__iter__"):
            warnings.warn("pair() with a list of hypotheses is deprecated: pair_nbest() scores them and "
                          "always returns a list", DeprecationWarning, stacklevel=2)
            return self.pair_nbest(source, gold_edits, hyp, edits, timeout=timeout)  # type: ignore[return-value]
        request = self._own(source, gold_edits, edits)
        request["hyp"] = _check_text(hyp, "hyp")
        return SentenceScore(self._answers([_encode(request)], timeout)[0]["results"][0])

    def pair_nbest(self, source: str, gold_edits: Iterable[GoldEdit], hyps: Sequence[str],
                   edits: bool = True, *, timeout: Timeout_ = _DEFAULT) -> List[SentenceScore]:
        """The hypotheses hyps scored, each on its own, against a sentence that is not in the
        gold standard (as pair()): a list of SentenceScore."""
        request = self._own(source, gold_edits, edits)
        request["hyps"] = _check_texts(hyps, "hyps")
        return [SentenceScore(r) for r in self._answers([_encode(request)], timeout)[0]["results"]]

    def pair_many(self, items: Iterable[Tuple[str, Iterable[GoldEdit], str]], edits: bool = True, *,
                  timeout: Timeout_ = _DEFAULT) -> List[SentenceScore]:
        """pair() for many (source, gold_edits, hyp) at once, scored in parallel: a list."""
        requests = []
        for k, item in enumerate(_iterable(items, "(source, gold_edits, hypothesis) triples")):
            source, gold_edits, hyp = _unpack(item, k, 3, "a triple (source, gold_edits, hypothesis)")
            request = self._own(source, gold_edits, edits, "items[%d]'s " % k)
            request["hyp"] = _check_text(hyp, "items[%d]'s hyp" % k)
            requests.append(_encode(request, "items[%d]: " % k))
        if not requests:
            return []
        return [SentenceScore(a["results"][0]) for a in self._answers(requests, timeout)]


# How _rows names hypothesis j of item k (j None: the item) for each kind of call.
def _one_hyp(k, j):
    return "hyp"


def _one_list(k, j):
    return "hyps" if j is None else "hyps[%d]" % j


def _corpus_hyp(k, j):
    return "hyps[%d]" % k


def _items_hyp(k, j):
    return "items[%d]" % k if j is None else "items[%d]: hyp" % k


def _items_hyps(k, j):
    return "items[%d]" % k if j is None else "items[%d]: hyps[%d]" % (k, j)


class _Text:
    """Gold text held in memory, read as a file-like object is."""

    def __init__(self, text):
        self._text = text

    def read(self):
        return self._text
