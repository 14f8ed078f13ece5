"""From per-reference matches to a segment's [F, P, R]: F-measure, rounding, several references.

For every segment ``s`` and reference ``k`` a variant supplies ``hit[s, k]`` (matches), ``pbase``
and ``rbase`` (the hypothesis-side and reference-side totals), optionally passed through an
``inverse`` (``f^-1`` of ROUGE-W); missing references are NaN. Then

* ``P = inverse(hit / pbase)``, ``R = inverse(hit / rbase)``, ``F = (1 + b^2) P R / (R + b^2 P)``;
* ``best``: the reference with the best F (``impl=rouge155``: ROUGE-1.5.5's ``-f B``: the script
  walks the references in order from a best score of -1 and takes one only if its score is
  strictly higher, so the *first* reference with the highest ``key`` wins ties; the key is the
  recall rounded to 5 decimals for ROUGE-N, -S and -SU, unrounded for -L and, for -W,
  ``f^-1(hit / f(r))``, as each variant supplies it);
* ``average``: ROUGE-1.5.5's ``-f A``: hits and both totals are summed over the references, then
  scored once;
* ``jackknife``: the mean, over the leave-one-out subsets of the references, of the best
  reference's [F, P, R] (with one reference, the best).

``impl=rouge155`` also copies the script's rounding: P and R are rounded to 5 decimals, then F is
computed from the rounded values as ``P R / ((1 - a) P + a R)`` with ``a = 1 / (1 + b^2)`` and
rounded again (``sprintf("%7.5f")``, reproduced by Python's correctly rounded formatting).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

Inverse = Callable[["np.ndarray"], "np.ndarray"]


def round5(values: np.ndarray) -> np.ndarray:
    """Round like Perl's ``sprintf("%7.5f", v)`` (exact decimal rounding of the binary value)."""
    flat = [float(f"{v:.5f}") for v in values.ravel().tolist()]
    return np.array(flat, dtype=np.float64).reshape(values.shape)


def _ratio(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(den > 0, num / np.where(den > 0, den, 1.0), 0.0)


@dataclass(frozen=True)
class Scorer:
    """How one metric instance turns hits and totals into [F, P, R]."""

    beta: float
    rouge155: bool
    inverse: Inverse | None = None

    def prf(self, hit: np.ndarray, pbase: np.ndarray, rbase: np.ndarray) -> np.ndarray:
        """``[..., 3]`` array of F, P, R for hits and totals of any (same) shape."""
        p = _ratio(hit, pbase)
        r = _ratio(hit, rbase)
        if self.inverse is not None:
            p = self.inverse(p)
            r = self.inverse(r)
        b2 = self.beta * self.beta
        if self.rouge155:
            p = round5(p)
            r = round5(r)
            alpha = 1.0 / (1.0 + b2)
            den = (1 - alpha) * p + alpha * r
            f = round5(_ratio(p * r, den))
        else:
            f = _ratio((1 + b2) * p * r, r + b2 * p)
        return np.stack([f, p, r], axis=-1)

    def combine(
        self,
        hit: np.ndarray,
        pbase: np.ndarray,
        rbase: np.ndarray,
        multiref: str,
        key: np.ndarray | None = None,
    ) -> np.ndarray:
        """``(S, 3)`` [F, P, R] from ``(S, K)`` arrays; NaN marks a missing reference.

        ``key`` (``(S, K)``) is what ``best`` maximises under ``impl=rouge155``; otherwise F.
        """
        present = ~np.isnan(hit)
        if multiref == "average":
            sums = [np.where(present, a, 0.0).sum(axis=1) for a in (hit, pbase, rbase)]
            return self.prf(*sums)
        scores = self.prf(np.nan_to_num(hit), np.nan_to_num(pbase), np.nan_to_num(rbase))
        rank = key if (self.rouge155 and key is not None) else scores[..., 0]
        rank = np.where(present, rank, -np.inf)
        rows = np.arange(hit.shape[0])
        best = scores[rows, np.argmax(rank, axis=1)]
        if multiref == "best":
            return best
        nrefs = present.sum(axis=1)
        total = np.zeros_like(best)
        for left_out in range(hit.shape[1]):
            masked = rank.copy()
            masked[:, left_out] = -np.inf
            total += np.where((nrefs > left_out)[:, None], scores[rows, np.argmax(masked, axis=1)], 0.0)
        return np.where((nrefs > 1)[:, None], total / np.maximum(nrefs, 1)[:, None], best)
