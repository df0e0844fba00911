"""MaxMatch (M²) scores from Python: the official NUS M² scorer's numbers (release 3.2), for a
corpus, a sentence, an n-best list or a sentence of your own, hundreds of times faster.

The scoring runs in the ``maxmatch`` command (Go), started once per :class:`Scorer` as a
service (``maxmatch serve``) that loads the gold file once and answers requests over a pipe.
The command is found through the environment variable ``MAXMATCH_BIN``, then ``PATH``, then by
building it with Go from the repository this package came from.

    >>> import maxmatch
    >>> with maxmatch.Scorer("gold.m2") as m2:           # doctest: +SKIP
    ...     print(m2.score(open("system.txt").read().splitlines()))
    ...     best = max(m2.nbest(0, ["hyp a", "hyp b"]), key=lambda r: r.f_beta)

Standard library only.
"""

from ._scorer import (
    AnnotatorCounts,
    BinaryNotFoundError,
    CorpusScore,
    Edit,
    GoldFileError,
    MaxmatchError,
    RequestError,
    Scorer,
    SentenceIndexError,
    SentenceScore,
    ServiceError,
    find_binary,
)

__all__ = [
    "AnnotatorCounts",
    "BinaryNotFoundError",
    "CorpusScore",
    "Edit",
    "GoldFileError",
    "MaxmatchError",
    "RequestError",
    "Scorer",
    "SentenceIndexError",
    "SentenceScore",
    "ServiceError",
    "find_binary",
]

__version__ = "0.1.0"
