"""Learning a combined metric (docs/meta.md §4). MCT (Liu & Gildea 2007): weights maximising Pearson's
r with the humans, by gradient ascent with backtracking on standardised features from every
single-feature start and seeded random starts, so never worse than the best single feature on its
training data. Stepwise OLS (Russo-Lassner et al. 2005): the most significant partial F enters below
``p_enter``, features above ``p_remove`` leave.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..errors import InputError, ParameterError
from ..params import number
from .correlation import pearson
from .corrtests import t_sf


def check_training(x: np.ndarray, h: np.ndarray, minimum: int, method: str, features: bool = True) -> None:
    """Refuse data nothing can be learned from: fewer than ``minimum`` rows, non-finite values,
    constant human scores (every correlation with them is undefined) or, with ``features``, only
    constant features."""
    n = len(h)
    if n < minimum:
        raise InputError(f"{method} needs at least {minimum} judged rows, got {n}.")
    if not (np.all(np.isfinite(x)) and np.all(np.isfinite(h))):
        raise InputError(f"{method}: the features or human scores contain NaN or infinite values.")
    if np.ptp(h) == 0:
        raise InputError(
            f"{method}: the human scores are constant (all {float(h[0])!r}), so no correlation with them is defined."
        )
    if features and x.shape[1] and np.all(np.ptp(x, axis=0) == 0):
        raise InputError(f"{method}: every feature is constant on the {n} rows, so none can be weighted.")


def pearson_and_gradient(w: np.ndarray, xc: np.ndarray, hc: np.ndarray) -> tuple[float, np.ndarray]:
    """Pearson's r of ``xc @ w`` with ``hc`` (both centred) and its gradient in ``w``."""
    a = xc @ w
    na = float(np.linalg.norm(a))
    nb = float(np.linalg.norm(hc))
    if na == 0.0 or nb == 0.0:
        return math.nan, np.zeros_like(w)
    r = float(a @ hc) / (na * nb)
    grad = xc.T @ hc / (na * nb) - r * (xc.T @ a) / (na * na)
    return r, grad


def _ascend(w: np.ndarray, xc: np.ndarray, hc: np.ndarray, iters: int, tol: float) -> tuple[float, np.ndarray]:
    r, g = pearson_and_gradient(w, xc, hc)
    step = 1.0
    for _ in range(iters):
        gn = float(np.linalg.norm(g))
        if gn < tol or math.isnan(r):
            break
        while step > 1e-12:
            cand = w + step * g / gn * np.linalg.norm(w)
            rc, gc = pearson_and_gradient(cand, xc, hc)
            if rc > r:
                break
            step /= 2.0
        else:
            break
        improved = rc - r
        w, r, g = cand / np.linalg.norm(cand), rc, gc
        step = min(step * 2.0, 1.0)
        if improved < tol * 1e-3:
            break
    return r, w


@dataclass
class MctResult:
    """Learned weights (raw feature scale), training r, and the best single feature's r."""

    weights: list[float]
    r: float
    best_single: float
    best_single_feature: int


def mct(
    x: np.ndarray, h: np.ndarray, restarts: int = 10, seed: int = 12345, iters: int = 500, check: bool = True
) -> MctResult:
    """Maximum correlation training of ``x`` (n × d features) against ``h``.

    Data nothing can be learned from (:func:`check_training`) is an :class:`~mtmetrics.InputError`;
    ``check=False`` (the folds of :func:`leave_one_system_out`) skips that check.
    """
    x = np.asarray(x, dtype=np.float64)
    h = np.asarray(h, dtype=np.float64)
    if check:
        check_training(x, h, 3, "meta mct")
    mu = x.mean(axis=0)
    sd = x.std(axis=0)
    sd_safe = np.where(sd > 0, sd, 1.0)
    xc = (x - mu) / sd_safe
    hc = h - h.mean()
    d = x.shape[1]
    singles = [pearson(x[:, j], h) if sd[j] > 0 else -math.inf for j in range(d)]
    best_j = int(np.nanargmax(np.nan_to_num(np.array(singles), nan=-np.inf)))
    best = (singles[best_j], np.eye(d)[best_j])
    rng = np.random.default_rng(seed)
    starts = [np.eye(d)[j] for j in range(d) if sd[j] > 0] + [rng.normal(size=d) for _ in range(restarts)]
    for w0 in starts:
        w0 = w0 / np.linalg.norm(w0)
        r, w = _ascend(w0, xc, hc, iters, 1e-10)
        if not math.isnan(r) and r > best[0]:
            best = (r, w)
    w_raw = best[1] / sd_safe
    w_raw = np.where(sd > 0, w_raw, 0.0)
    return MctResult(w_raw.tolist(), float(best[0]), float(singles[best_j]), best_j)


def leave_one_system_out(
    x: np.ndarray, h: np.ndarray, systems: Sequence[str], restarts: int = 10, seed: int = 12345
) -> dict[str, object]:
    """Train on all systems but one, correlate on the one left out; average over systems.

    Also gives each single feature's correlation on the same held-out systems, for comparison.
    """
    systems_arr = np.asarray(systems)
    names = list(dict.fromkeys(systems_arr.tolist()))
    per_system = []
    for s in names:
        test = systems_arr == s
        if np.count_nonzero(test) < 3 or np.count_nonzero(~test) < 3:
            continue
        model = mct(x[~test], h[~test], restarts, seed, check=False)
        r = pearson(x[test] @ np.array(model.weights), h[test])
        singles = [pearson(x[test][:, j], h[test]) for j in range(x.shape[1])]
        per_system.append({"system": s, "segments": int(np.count_nonzero(test)), "r": r, "single": singles})
    rs = [float(p["r"]) for p in per_system if not math.isnan(float(p["r"]))]
    singles_mean = [float(np.nanmean([p["single"][j] for p in per_system])) for j in range(x.shape[1])]
    return {"mean_r": float(np.mean(rs)) if rs else math.nan, "single_mean_r": singles_mean, "systems": per_system}


# ------------------------------------------------------------------------------ stepwise OLS
def _rss(x: np.ndarray, h: np.ndarray, cols: Sequence[int]) -> float:
    a = np.column_stack([np.ones(len(h)), *(x[:, c] for c in cols)])
    coef, *_ = np.linalg.lstsq(a, h, rcond=None)
    resid = h - a @ coef
    return float(resid @ resid)


def f_p_value(f: float, df_den: int) -> float:
    """p-value of a partial F with (1, df_den) degrees of freedom (= two-sided t with t² = F)."""
    if df_den <= 0 or math.isnan(f):
        return math.nan
    if f <= 0:
        return 1.0
    return 2.0 * t_sf(math.sqrt(f), df_den)


def partial_f(x: np.ndarray, h: np.ndarray, base: Sequence[int], extra: int) -> float:
    """Partial F of adding ``extra`` to a model with ``base`` (and an intercept)."""
    n = len(h)
    rss_small = _rss(x, h, base)
    rss_big = _rss(x, h, [*base, extra])
    df = n - len(base) - 2
    if df <= 0:
        return math.nan
    if rss_big <= 0:
        return math.inf
    return (rss_small - rss_big) / (rss_big / df)


@dataclass
class StepwiseResult:
    """Chosen features (indices, in entry order), OLS coefficients, r of the fit, the steps taken."""

    features: list[int]
    intercept: float
    coefficients: list[float]
    r: float
    steps: list[dict[str, object]]


def stepwise(x: np.ndarray, h: np.ndarray, p_enter: float = 0.05, p_remove: float = 0.10) -> StepwiseResult:
    """Stepwise OLS feature selection by partial F tests (``p_remove >= p_enter`` avoids cycles)."""
    p_enter = number(p_enter, "p_enter (--p-enter)", float, (0, 1))
    p_remove = number(p_remove, "p_remove (--p-remove)", float, (0, 1))
    if p_remove < p_enter:
        raise ParameterError(f"p_remove (--p-remove, {p_remove}) must be at least p_enter (--p-enter, {p_enter}).")
    x = np.asarray(x, dtype=np.float64)
    h = np.asarray(h, dtype=np.float64)
    check_training(x, h, 3, "stepwise regression", features=False)
    n, d = x.shape
    chosen: list[int] = []
    steps: list[dict[str, object]] = []
    for _ in range(4 * d + 4):
        changed = False
        best: tuple[float, int, float] | None = None
        for j in range(d):
            if j in chosen or np.ptp(x[:, j]) == 0:
                continue
            f = partial_f(x, h, chosen, j)
            p = f_p_value(f, n - len(chosen) - 2)
            if best is None or p < best[0]:
                best = (p, j, f)
        if best is not None and best[0] < p_enter:
            chosen.append(best[1])
            steps.append({"action": "enter", "feature": best[1], "F": best[2], "p": best[0]})
            changed = True
        for j in list(chosen):
            others = [c for c in chosen if c != j]
            f = partial_f(x, h, others, j)
            p = f_p_value(f, n - len(chosen) - 1)
            if p > p_remove:
                chosen.remove(j)
                steps.append({"action": "remove", "feature": j, "F": f, "p": p})
                changed = True
        if not changed:
            break
    a = np.column_stack([np.ones(n), *(x[:, c] for c in chosen)])
    coef, *_ = np.linalg.lstsq(a, h, rcond=None)
    r = pearson(a @ coef, h) if chosen else math.nan
    return StepwiseResult(chosen, float(coef[0]), [float(c) for c in coef[1:]], r, steps)


# ------------------------------------------------------------------------------ over groups
#: The methods of :func:`grouped_combination`.
GROUPED_METHODS = ("ols-raw", "ols", "nnls", "mct", "mean")


def standardise_columns(x: np.ndarray) -> np.ndarray:
    """Each column as z-scores (population standard deviation); a constant column → 0."""
    sd = x.std(axis=0)
    return (x - x.mean(axis=0)) / np.where(sd > 0, sd, 1.0)


def grouped_combination(method: str, xs: Sequence[np.ndarray], hs: Sequence[np.ndarray]) -> tuple[np.ndarray, bool]:
    """Weights of a linear combination learned on several groups at once (e.g. the systems of
    several language pairs: ``xs[k]`` is systems × features, ``hs[k]`` their human scores), and
    whether they weigh features standardised within a group (:func:`standardise_columns`).

    ``method`` (:data:`GROUPED_METHODS`): ``ols-raw``, least squares on the raw features pooled
    over groups with an intercept (dropped: it does not change a correlation); ``ols`` / ``nnls``,
    least squares (unconstrained / weights ≥ 0) on features and human scores standardised per
    group; ``mct``, weights ≥ 0 (scaled to sum 1) maximising the mean over groups of Pearson's r
    (:func:`pearson_and_gradient`; L-BFGS-B from equal weights and from each feature); ``mean``,
    equal weights (no training).
    """
    from scipy.optimize import minimize, nnls

    if method == "ols-raw":
        x = np.vstack(xs)
        return np.linalg.lstsq(np.hstack([x, np.ones((len(x), 1))]), np.concatenate(hs), rcond=None)[0][:-1], False
    zs = [standardise_columns(x) for x in xs]
    nf = zs[0].shape[1]
    if method in ("ols", "nnls"):
        z, zh = np.vstack(zs), np.concatenate([standardise_columns(h) for h in hs])
        return (np.linalg.lstsq(z, zh, rcond=None)[0] if method == "ols" else nnls(z, zh)[0]), True
    if method == "mean":
        return np.full(nf, 1.0 / nf), True
    if method != "mct":
        raise ParameterError(f"unknown combination method '{method}'; one of {', '.join(GROUPED_METHODS)}.")
    hcs = [h - h.mean() for h in hs]

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        rs = [pearson_and_gradient(w, z, hc) for z, hc in zip(zs, hcs, strict=True)]
        r = [(0.0, np.zeros(nf)) if math.isnan(x) else (x, g) for x, g in rs]
        return -float(np.mean([x for x, _ in r])), -np.mean([g for _, g in r], axis=0)

    starts = [np.ones(nf) / nf] + [np.eye(nf)[i] + 1e-3 for i in range(nf)]
    fits = [minimize(loss, s, jac=True, method="L-BFGS-B", bounds=[(0, None)] * nf) for s in starts]
    best = min(fits, key=lambda f: f.fun).x
    return best / max(best.sum(), 1e-12), True
