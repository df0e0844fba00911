"""The official's choice of annotators replayed over sentences scored apart: the corpus figures
of corpus_score and of Scorer.score on a corpus sent in batches."""

import math


def replayed(scores, beta):
    """The official corpus figures (the service's corpus answer, for _corpus_score) of the corpus
    whose sentences' results are scores, in its order (checked by the caller): the official's
    choice of each sentence's annotator replayed over their counts."""
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
    return {"p": p, "r": r, "f": f, "correct": c, "proposed": e, "gold": g,
            "sentences": len(scores), "bounded": bounded}


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
