"""Glicko-2, as published by Mark Glickman ("Example of the Glicko-2 system", steps 1-8).

Pure functions, no Django. Why our own: the PyPI `glicko2` package (2.1.0) evaluates the
volatility function f(x) with the player's rating where the paper has the rating deviation
(phi), which changes every volatility update of a player not rated exactly 1500; the paper's
own example (a 1500 player) cannot show it. This module is tested on that example and on
properties of the algorithm (tests/social/test_glicko2.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178  # the Glicko-2 scale factor: 400 / ln(10)
BASE = 1500.0
CONVERGENCE = 1e-6


@dataclass(frozen=True, slots=True)
class Glicko:
    """A rating on the Glicko scale: rating, rating deviation (RD) and volatility."""

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06


@dataclass(frozen=True, slots=True)
class Result:
    """One game against one opponent: score 1 (won), 0.5 (drew) or 0 (lost)."""

    opponent: Glicko
    score: float


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Glicko, results: Sequence[Result], tau: float = 0.5) -> Glicko:
    """The player's rating after one rating period with `results` (steps 2 to 8)."""
    mu = (player.rating - BASE) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results:  # step 6 only: the deviation grows, nothing else changes
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Glicko(player.rating, phi_star * SCALE, sigma)
    inv_v = 0.0
    gain = 0.0
    for result in results:
        mu_j = (result.opponent.rating - BASE) / SCALE
        phi_j = result.opponent.deviation / SCALE
        e = _expected(mu, mu_j, phi_j)
        g = _g(phi_j)
        inv_v += g * g * e * (1.0 - e)
        gain += g * (result.score - e)
    v = 1.0 / inv_v
    delta = v * gain
    sigma_new = _volatility(phi, sigma, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * gain
    return Glicko(mu_new * SCALE + BASE, phi_new * SCALE, sigma_new)


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois variant of regula falsi."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        d = phi * phi + v + ex
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > CONVERGENCE:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)
