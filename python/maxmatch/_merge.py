"""The official corpus score of sentences scored apart (in several processes or machines)."""

from ._replay import replayed
from ._scorer import SentenceScore, Signature, _corpus_score


def corpus_score(scores, *, beta=None, signature=None):
    """The official corpus score of a system output whose sentences were scored apart: the
    CorpusScore that ``Scorer.score`` gives for the same hypotheses.

    ``scores`` are the SentenceScore results of every gold sentence, one each, in gold order (as
    ``Scorer.sentence_many`` returns them, from any number of Scorers in any number of processes
    or machines, the parts put back in order). The official chooses each sentence's annotator by
    the totals of the sentences before it, so a corpus's counts are not the sum of its
    sentences': this replays that choice over each sentence's annotators' counts, with the same
    tie rules and the same float arithmetic as the command (``scorer.Merge``, in Go). It costs
    O(sentences × annotators).

    ``beta`` is that of the Scorers that scored them (their signature's) when not given; another
    gives ``Scorer(..., beta=beta).score`` (each annotator's counts do not depend on β).
    ``signature``, the merger's ``Scorer.signature()``, when given must be the results'.

    Raises ValueError, saying which result and what was expected, for results of a sentence of
    your own (``pair()``), results missing, repeated or out of order, a number of results other
    than the gold file's sentences, and results of Scorers whose signatures differ (another gold
    file, other options or another version); TypeError for anything but SentenceScore.
    """
    if isinstance(scores, (str, bytes)) or not hasattr(scores, "__iter__"):
        raise TypeError("scores must be a list of SentenceScore, not %s" % type(scores).__name__)
    scores = list(scores)
    if not scores:
        raise ValueError("no results: expected the SentenceScore of every gold sentence, in gold order")
    sig = _check(scores, signature)
    if beta is None:
        beta = float(sig.fields["beta"])
    elif isinstance(beta, bool) or not isinstance(beta, (int, float)) or not 0 < beta <= 1e100:
        raise ValueError("beta=%r: expected a number above 0 and at most 1e100" % (beta,))
    return _corpus_score(replayed(scores, beta), float(beta))


def _check(scores, signature):
    """Checks that scores are one result per gold sentence, in gold order, of Scorers of one
    signature (signature's, when given); returns that signature."""
    first = scores[0]
    for k, s in enumerate(scores):
        if not isinstance(s, SentenceScore):
            raise TypeError("scores[%d] is a %s, not a SentenceScore" % (k, type(s).__name__))
        if s.sentence is None:
            raise ValueError("scores[%d] is the score of a sentence of your own (pair()): expected the "
                             "results of gold sentences (sentence, sentence_many, nbest, nbest_many)" % k)
        if s.signature != first.signature:
            raise ValueError("scores[%d] was scored by a Scorer whose signature is %s, scores[0] by one whose "
                             "signature is %s: a worker's gold file, options or version differ"
                             % (k, s.signature, first.signature))
        if s.sentence != k:
            if s.sentence < k:
                raise ValueError("scores[%d] is gold sentence %d again: expected sentence %d, one result per "
                                 "gold sentence in gold order (put the parts back in order)" % (k, s.sentence, k))
            raise ValueError("scores[%d] is gold sentence %d: expected sentence %d, which is missing, or the "
                             "results are not in gold order (put the parts back in order)" % (k, s.sentence, k))
    sig = first.signature
    if sig is None:
        raise ValueError("the results carry no signature (the maxmatch service gave none): the number of "
                         "gold sentences cannot be checked")
    if signature is not None and Signature(signature) != sig:
        raise ValueError("the results were scored by Scorers whose signature is %s, and the one given is %s: "
                         "the workers' gold file, options or version differ from the merger's" % (sig, signature))
    n = int(sig.fields["sentences"])
    if len(scores) != n:
        missing = ""
        if len(scores) == n - 1:
            missing = "; sentence %d is missing" % len(scores)
        elif len(scores) < n:
            missing = "; sentences %d to %d are missing" % (len(scores), n - 1)
        raise ValueError("%d results for a gold file of %d sentences: expected one per sentence, in gold order%s"
                         % (len(scores), n, missing))
    return sig
