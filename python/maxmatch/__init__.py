"""MaxMatch (M²) scores from Python: the official NUS M² scorer's numbers (release 3.2), for a
corpus, a sentence, an n-best list or a sentence of your own, hundreds of times faster.

The scoring runs in the ``maxmatch`` command (Go), started once per :class:`Scorer` as a
service (``maxmatch serve``) that loads the gold file once and answers requests over a pipe.
A wheel of the package carries the command; ``$MAXMATCH_BIN`` overrides it, and a source
checkout finds it on ``PATH`` or builds it with Go. ``python -m maxmatch ARGS`` runs the
command itself.

    >>> import maxmatch
    >>> with maxmatch.Scorer("gold.m2") as m2:           # doctest: +SKIP
    ...     print(m2.score(open("system.txt").read().splitlines()))
    ...     best = max(m2.nbest(0, ["hyp a", "hyp b"]), key=lambda r: r.f_beta)

Standard library only.
"""

from ._binary import find_binary, version as _version
from ._errors import (
    BinaryNotFoundError,
    GoldFileError,
    InvalidTextError,
    MaxmatchError,
    MaxmatchWarning,
    OptionError,
    ProtocolError,
    RequestError,
    SentenceIndexError,
    ServiceError,
    ServiceTimeoutError,
)
from ._examples import examples_dir
from ._merge import corpus_score
from ._scorer import AnnotatorCounts, CorpusScore, Edit, Scorer, SentenceScore, Signature

__all__ = [
    "AnnotatorCounts",
    "BinaryNotFoundError",
    "CorpusScore",
    "Edit",
    "GoldFileError",
    "InvalidTextError",
    "MaxmatchError",
    "MaxmatchWarning",
    "OptionError",
    "ProtocolError",
    "RequestError",
    "Scorer",
    "SentenceIndexError",
    "SentenceScore",
    "ServiceError",
    "ServiceTimeoutError",
    "Signature",
    "examples_dir",
    "corpus_score",
    "find_binary",
]

__version__ = _version()
