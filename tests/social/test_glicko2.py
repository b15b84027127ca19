"""Glicko-2 against Glickman's worked example, and properties of the update."""

from __future__ import annotations

import math

import pytest

from games.social.glicko2 import Glicko, Result, _volatility, update

SCALE = 173.7178


def test_glickmans_example():
    player = Glicko(1500, 200, 0.06)
    after = update(player, [Result(Glicko(1400, 30), 1), Result(Glicko(1550, 100), 0),
                            Result(Glicko(1700, 300), 0)])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_player_who_did_not_play_only_grows_less_certain():
    after = update(Glicko(1700, 100, 0.06), [])
    assert after.rating == 1700
    assert after.deviation == pytest.approx(math.hypot(100 / SCALE, 0.06) * SCALE)


def test_winning_raises_losing_lowers_and_both_grow_more_certain():
    a, b = Glicko(1620, 80, 0.06), Glicko(1480, 120, 0.06)
    a_won, b_lost = update(a, [Result(b, 1)]), update(b, [Result(a, 0)])
    assert a_won.rating > a.rating and b_lost.rating < b.rating
    assert a_won.deviation < a.deviation and b_lost.deviation < b.deviation
    drawn = update(a, [Result(b, 0.5)])
    assert drawn.rating < a.rating  # the favourite drew: a little down


def test_the_new_volatility_solves_the_papers_equation_away_from_1500():
    """f(ln sigma'^2) = 0 with phi the rating deviation (the PyPI package used the rating)."""
    phi, sigma, v, delta, tau = 0.6, 0.06, 1.8, -1.1, 0.5
    new = _volatility(phi, sigma, v, delta, tau)
    x, a = math.log(new * new), math.log(sigma * sigma)
    ex = math.exp(x)
    f = ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / tau**2
    assert abs(f) < 1e-5
