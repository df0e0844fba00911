"""The official corpus score of sentences scored apart (in several processes or machines)."""

import math

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
    return _replayed(scores, beta)


def _replayed(scores, beta):
    """The official corpus score of the corpus whose sentences' results are scores, in its
    order (checked by the caller): the official's choice of each sentence's annotator replayed
    over their counts."""
    sq = float(beta) * float(beta)
    correct = proposed = gold = 0.0
    bounded = 0
    for s in scores:
        # The annotator with the best F_beta of the totals plus its counts; ties: more correct,
        # then smaller proposed + beta²·gold, then the first visited (Totals.ChooseCounts).
        f_max, max_c, min_p, min_g = -1.0, -1.0, math.inf, math.inf
        for _, ac, ap, ag in s.annotators:  # AnnotatorCounts(annotator, correct, proposed, gold)
            c, p, g = correct + ac, proposed + ap, gold + ag
            f = _f_beta(c, p, g, sq)
            if f_max < f or (f_max == f and (max_c < c or (max_c == c and min_p + sq * min_g > p + sq * g))):
                f_max, max_c, min_p, min_g = f, c, p, g
        if f_max < 0:
            raise ValueError("scores[%d] has no annotator's counts" % s.sentence)
        correct, proposed, gold = max_c, min_p, min_g
        bounded += s.bounded
    c, e, g = int(correct), int(proposed), int(gold)
    p, r, f = _prf(correct, proposed, gold, sq)
    return _corpus_score({"p": p, "r": r, "f": f, "correct": c, "proposed": e, "gold": g,
                          "sentences": len(scores), "bounded": bounded}, float(beta))


def _f_beta(correct, proposed, gold, sq):
    """The official's F_beta of cumulative counts (scorer.FBeta): 1 for 0/0, 0 for c/0."""
    den = sq * gold + proposed
    if den == 0:
        return 1.0 if correct == 0 else 0.0
    return (1 + sq) * correct / den


def _prf(correct, proposed, gold, sq):
    """P, R and F_beta as the official prints them (Totals.PRF): P = 1 when nothing was
    proposed, R = 1 when there is no gold edit, F = 0 when P = R = 0."""
    p = correct / proposed if proposed else 1.0
    r = correct / gold if gold else 1.0
    den = sq * p + r
    return p, r, ((1 + sq) * p * r / den if den else 0.0)


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
