"""The chance model's numbers and its arithmetic: a small ensemble of one-hidden-layer networks per kind of
game (suit, grand, null) over the vectors of :mod:`trainer.chances.features`, and a calibration layer on top.

The networks were fit on open-hand results (``scripts/train_chances.py``): for a hand they give three
logits, open-hand win, schneider and schwarz (null: win only). The calibration layer
(``scripts/calibrate_chances.py``) maps the win logit to the share of games the expert bots actually win
with hidden cards: one straight line on the logit scale per kind and moment (before the pickup / when the
game is declared), fit on bootstrap resamples of the experts' games, so that the spread of the lines is
part of the uncertainty shown.

The model file is JSON (``model.json`` next to this module, shipped in the package); numpy does the
arithmetic, so nothing heavy is loaded.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import numpy as np
from numpy.typing import NDArray

from trainer.chances.features import KINDS, NAMES, Kind

MODEL_PATH = Path(__file__).with_name("model.json")
HEADS = ("win", "schneider", "schwarz")
Group = Literal["pre", "play"]
"""The moment a chance is asked at: ``pre`` before the pickup (the auction), ``play`` a game as it will
be played (a hand game, or after the pickup with the discards chosen)."""
GROUPS: tuple[Group, ...] = ("pre", "play")

Array = NDArray[np.float64]


@dataclass(frozen=True)
class Net:
    """An ensemble of small networks: standardise, tanh hidden layer, one logit per head.

    Shapes: ``mean``/``scale`` (F,), ``w1`` (M, F, H), ``b1`` (M, H), ``w2`` (M, H, O), ``b2`` (M, O)."""

    mean: Array
    scale: Array
    w1: Array
    b1: Array
    w2: Array
    b2: Array

    def logits(self, x: Array) -> Array:
        """(M, N, O) logits for N vectors."""
        z = (x - self.mean) / self.scale
        hidden = np.tanh(np.einsum("nf,mfh->mnh", z, self.w1) + self.b1[:, None, :])
        out: Array = np.einsum("mnh,mho->mno", hidden, self.w2) + self.b2[:, None, :]
        return out

    def to_json(self) -> dict[str, Any]:
        return {name: _rounded(getattr(self, name)) for name in ("mean", "scale", "w1", "b1", "w2", "b2")}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Net:
        arrays = {
            name: np.asarray(data[name], dtype=np.float64)
            for name in ("mean", "scale", "w1", "b1", "w2", "b2")
        }
        return cls(**arrays)


@dataclass(frozen=True)
class Calibration:
    """Lines ``logit(chance) = slope × logit(open-hand win) + intercept``, one per bootstrap member, and the
    held-out calibration error of the kind (added to the interval's width)."""

    slope: Array
    intercept: Array
    error: float = 0.0
    games: int = 0

    @classmethod
    def identity(cls) -> Calibration:
        return cls(np.ones(1), np.zeros(1), 0.0, 0)

    def to_json(self) -> dict[str, Any]:
        return {
            "slope": _rounded(self.slope),
            "intercept": _rounded(self.intercept),
            "error": round(float(self.error), 4),
            "games": int(self.games),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Calibration:
        return cls(
            np.asarray(data["slope"], dtype=np.float64),
            np.asarray(data["intercept"], dtype=np.float64),
            float(data.get("error", 0.0)),
            int(data.get("games", 0)),
        )


@dataclass(frozen=True)
class Estimate:
    """Chances for N vectors: ``win`` the calibrated chance (mean over the ensemble), ``low``/``high`` its
    interval, ``open`` the open-hand win chance, ``schneider``/``schwarz`` the open-hand chances of those
    levels scaled by the calibrated win, ``open_schwarz`` the open-hand schwarz chance (each (N,))."""

    win: Array
    low: Array
    high: Array
    open: Array
    schneider: Array
    schwarz: Array
    open_schwarz: Array


CHANCE_FLOOR = 0.01
CHANCE_CEILING = 0.99
"""No figure of the model is certain: chances are kept inside these bounds."""
INTERVAL = (5.0, 95.0)
"""The percentiles of the ensemble that bound the interval shown (widened by the held-out error)."""


CALIBRATION_BINS = 5
"""Equal-width bins of the expected calibration error the model is judged by."""


def calibration_error(p: Array, y: Array, bins: int = CALIBRATION_BINS) -> float:
    """Expected calibration error of the chances ``p`` against the results ``y`` (1 won, 0 lost): over
    ``bins`` equal-width bins, the share of cases in each times how far its mean chance is from its mean
    result (NaN without cases). The calibration script fits by it and the benchmark reports it."""
    if not len(p):
        return float("nan")
    edges = np.minimum((p * bins).astype(int), bins - 1)
    total = 0.0
    for b in range(bins):
        inside = edges == b
        if inside.any():
            total += inside.sum() / len(p) * abs(p[inside].mean() - y[inside].mean())
    return float(total)


def logit_terms(p: Array, y: Array, x: Array) -> tuple[Array, Array, float]:
    """The terms ``w`` (one per column of ``x``) that make ``logit(p) + x @ w`` match the results ``y`` (1
    won, 0 lost), by maximum likelihood (Newton, each term kept within ±5), their standard errors and the
    fit's log-likelihood: how far a group of games lies off the diagonal, and whether a feature of the games
    explains it."""
    clipped = np.clip(p, 1e-4, 1 - 1e-4)
    z = np.log(clipped / (1 - clipped))
    w = np.zeros(x.shape[1])
    q = 1 / (1 + np.exp(-z))
    hessian = np.eye(x.shape[1])
    for _ in range(100):
        q = 1 / (1 + np.exp(-(z + x @ w)))
        hessian = x.T @ (x * np.maximum(q * (1 - q), 1e-12)[:, None])
        step = np.linalg.solve(hessian, x.T @ (y - q))
        w = np.clip(w + step, -5.0, 5.0)
        if np.abs(step).max() < 1e-9:
            break
    likelihood = float(np.sum(y * np.log(q) + (1 - y) * np.log(1 - q)))
    return w, np.sqrt(np.diag(np.linalg.inv(hessian))), likelihood


def logit_shift(p: Array, y: Array) -> tuple[float, float]:
    """The one shift on the logit scale that makes the chances ``p`` match the results ``y``, and its
    standard error (:func:`logit_terms` with a single level): a seat's or a family's distance from the
    diagonal, with the uncertainty that decides whether it earns a term of its own."""
    w, errors, _likelihood = logit_terms(p, y, np.ones((len(p), 1)))
    return float(w[0]), float(errors[0])


def _percentile(ranked: Array, q: float) -> Array:
    """``np.percentile(x, q, axis=0)`` (its linear method) of ``ranked``, ``x`` sorted along axis 0: the
    sort is shared by both ends of the interval, and numpy's general path costs more than the arithmetic on
    the few rows asked about."""
    position = q / 100.0 * (ranked.shape[0] - 1)
    below = int(np.floor(position))
    above = min(below + 1, ranked.shape[0] - 1)
    t = position - below
    a, b = ranked[below], ranked[above]
    out: Array = b - (b - a) * (1 - t) if t >= 0.5 else a + (b - a) * t
    return out


def _sigmoid(z: Array) -> Array:
    out: Array = 1.0 / (1.0 + np.exp(-np.clip(z, -30.0, 30.0)))
    return out


@dataclass(frozen=True)
class ChanceModel:
    """The networks per kind and the calibration per kind and moment, with the training facts (``meta``)."""

    nets: Mapping[Kind, Net]
    calibration: Mapping[tuple[Kind, Group], Calibration]
    meta: Mapping[str, Any]

    def estimate(self, kind: Kind, x: Array, group: Group) -> Estimate:
        """Chances of ``kind`` for the rows of ``x`` at moment ``group``."""
        logits = self.nets[kind].logits(x)  # (M, N, O)
        cal = self.calibration.get((kind, group), Calibration.identity())
        z = logits[:, :, 0]  # (M, N)
        # every network with every calibration line: (M * C, N)
        lines = cal.slope[:, None, None] * z[None, :, :] + cal.intercept[:, None, None]
        members = _sigmoid(lines).reshape(-1, z.shape[1])
        win = np.clip(members.mean(axis=0), CHANCE_FLOOR, CHANCE_CEILING)
        ranked = np.sort(members, axis=0)
        low = _percentile(ranked, INTERVAL[0]) - cal.error
        high = _percentile(ranked, INTERVAL[1]) + cal.error
        low = np.clip(np.minimum(low, win), CHANCE_FLOOR, CHANCE_CEILING)
        high = np.clip(np.maximum(high, win), CHANCE_FLOOR, CHANCE_CEILING)
        probs = _sigmoid(logits).mean(axis=0)  # (N, O)
        open_win = np.clip(probs[:, 0], CHANCE_FLOOR, CHANCE_CEILING)
        if probs.shape[1] >= len(HEADS):
            # the share of open-hand wins that reach the level, applied to the calibrated win
            scale = win / np.maximum(probs[:, 0], 1e-6)
            schneider = np.clip(np.minimum(probs[:, 1], probs[:, 0]) * scale, CHANCE_FLOOR, CHANCE_CEILING)
            schwarz = np.clip(np.minimum(probs[:, 2], probs[:, 1]) * scale, CHANCE_FLOOR, CHANCE_CEILING)
            schneider = np.minimum(schneider, win)
            schwarz = np.minimum(schwarz, schneider)
            open_schwarz = np.clip(np.minimum(probs[:, 2], probs[:, 1]), CHANCE_FLOOR, CHANCE_CEILING)
        else:
            schneider = schwarz = open_schwarz = np.full_like(win, CHANCE_FLOOR)
        return Estimate(win, low, high, open_win, schneider, schwarz, open_schwarz)

    def win(self, kind: Kind, x: Array, group: Group) -> Array:
        """Only the calibrated chance (:attr:`Estimate.win`) of the rows of ``x``: no interval, no levels.
        For ranking many candidates cheaply (the discards after the pickup) before :meth:`estimate` is asked
        about the best of them."""
        z = self.nets[kind].logits(x)[:, :, 0]  # (M, N)
        cal = self.calibration.get((kind, group), Calibration.identity())
        lines = cal.slope[:, None, None] * z[None, :, :] + cal.intercept[:, None, None]
        chance: Array = np.clip(_sigmoid(lines).mean(axis=(0, 1)), CHANCE_FLOOR, CHANCE_CEILING)
        return chance

    def raw_win_logit(self, kind: Kind, x: Array) -> Array:
        """The ensemble's mean open-hand win logit per row (what the calibration lines read)."""
        mean: Array = self.nets[kind].logits(x)[:, :, 0].mean(axis=0)
        return mean

    def to_json(self) -> dict[str, Any]:
        return {
            "meta": dict(self.meta),
            "features": {kind: list(NAMES[kind]) for kind in KINDS},
            "nets": {kind: net.to_json() for kind, net in self.nets.items()},
            "calibration": {
                f"{kind}/{group}": cal.to_json() for (kind, group), cal in self.calibration.items()
            },
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ChanceModel:
        nets = {kind: Net.from_json(data["nets"][kind]) for kind in KINDS}
        calibration: dict[tuple[Kind, Group], Calibration] = {}
        for key, value in data.get("calibration", {}).items():
            kind_name, group_name = key.split("/")
            for kind in KINDS:
                for group in GROUPS:
                    if (kind, group) == (kind_name, group_name):
                        calibration[(kind, group)] = Calibration.from_json(value)
        for kind in KINDS:
            features = data.get("features", {}).get(kind)
            if features is not None and tuple(features) != NAMES[kind]:
                raise ValueError(f"the model file's {kind} features differ from trainer.chances.features")
        return cls(nets, calibration, dict(data.get("meta", {})))

    def save(self, path: Path = MODEL_PATH) -> None:
        path.write_text(json.dumps(self.to_json(), separators=(",", ":")) + "\n", encoding="utf-8")


def _rounded(array: Array | Sequence[float]) -> Any:
    """An array as nested lists rounded to 5 decimals (the file stays small)."""
    return np.round(np.asarray(array, dtype=np.float64), 5).tolist()


@functools.cache
def load_model(path: Path = MODEL_PATH) -> ChanceModel:
    """The shipped model (read once per process)."""
    return ChanceModel.from_json(json.loads(path.read_text(encoding="utf-8")))
