"""Setup for 2 to 6 players, exactly as the rulebooks and cards.md say."""
from collections import Counter

import pytest

from engine import new_game
from engine.kingdoms import by_name

FIRST_GAME = list(by_name("First Game").cards)
WITH_GARDENS = ["Gardens" if c == "Cellar" else c for c in FIRST_GAME]


def game(n: int, kingdom=FIRST_GAME, **kw):
    return new_game({"players": n, "kingdom": kingdom, **kw}, f"setup-{n}")


def counts(g) -> dict[str, int]:
    return {pile: len(cards) for pile, cards in g.piles.items()}


@pytest.mark.parametrize("n, copper, silver, gold, victory, province, curse", [
    (2, 46, 40, 30, 8, 8, 10),
    (3, 39, 40, 30, 12, 12, 20),
    (4, 32, 40, 30, 12, 12, 30),
    (5, 85, 80, 60, 12, 15, 40),
    (6, 78, 80, 60, 12, 18, 50),
])
def test_supply_sizes_by_player_count(n, copper, silver, gold, victory, province, curse):
    c = counts(game(n, WITH_GARDENS))
    assert (c["Copper"], c["Silver"], c["Gold"]) == (copper, silver, gold)
    assert c["Estate"] == c["Duchy"] == c["Gardens"] == victory
    assert c["Province"] == province
    assert c["Curse"] == curse
    assert c["Village"] == 10


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_each_player_starts_with_7_coppers_3_estates_and_draws_5(n):
    g = game(n)
    for p in g.players:
        owned = Counter(g.names[c] for c in p.all_cards())
        assert owned == {"Copper": 7, "Estate": 3}
        assert len(p.hand) == 5 and len(p.deck) == 5 and not p.discard


def test_starting_estates_do_not_come_from_the_estate_pile():
    assert counts(game(3))["Estate"] == 12


def test_starting_player_is_random_but_fixed_by_the_seed():
    firsts = {new_game({"players": 4, "kingdom": FIRST_GAME}, f"s{i}").active
              for i in range(40)}
    assert firsts == {0, 1, 2, 3}
    a = new_game({"players": 4, "kingdom": FIRST_GAME}, "same")
    b = new_game({"players": 4, "kingdom": FIRST_GAME}, "same")
    assert a.active == b.active and a.state_dict() == b.state_dict()


def test_previous_winner_goes_last_in_a_rematch():
    for winner in range(4):
        g = game(4, previous_winner=winner)
        assert g.active == (winner + 1) % 4


def test_kingdom_must_be_implemented_distinct_kingdom_cards():
    with pytest.raises(ValueError, match="not an implemented Kingdom card"):
        game(2, ["Copper"] + FIRST_GAME[1:])
    with pytest.raises(ValueError, match="different"):
        game(2, FIRST_GAME[:9] + FIRST_GAME[:1])
    with pytest.raises(ValueError, match="2 to 6"):
        game(7)
    with pytest.raises(ValueError, match="unknown setup keys"):
        new_game({"players": 2, "kingdom": FIRST_GAME, "colour": "red"}, "x")


def test_first_turn_starts_in_the_action_phase_with_one_action_buy():
    g = game(2)
    assert (g.actions, g.buys, g.coins) == (1, 1, 0)
    assert g.players[g.active].turns == 1


def test_random_kingdom_from_the_real_registry_respects_set_and_edition_filters():
    import random

    from engine import CARDS
    from engine.kingdoms import random_kingdom

    first_edition_base = random_kingdom(random.Random(1), CARDS.values(), sets=["base"],
                                        editions=[1])
    assert len(set(first_edition_base)) == 10
    assert all(CARDS[n].set == "base" and 1 in CARDS[n].editions for n in first_edition_base)
    g = new_game({"players": 3, "kingdom": first_edition_base, "edition": 1}, "random")
    assert set(first_edition_base) <= set(g.supply)


def test_every_recommended_kingdom_of_implemented_sets_can_be_set_up():
    from engine import CARDS
    from engine.kingdoms import RECOMMENDED, missing_cards

    playable = [k for k in RECOMMENDED if not missing_cards(k, CARDS)]
    names = {k.name for k in playable}
    assert {"First Game", "Big Money", "Interaction", "Size Distortion", "Village Square",
            "Deck Top", "Sleight of Hand", "Improvements", "Silver & Gold"} <= names
    for k in playable:
        g = new_game({"players": 2, "kingdom": list(k.cards), "edition": k.edition or 2},
                     k.name)
        assert g.pending()


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_shelters_replace_the_starting_estates_and_leave_the_estate_pile_alone(n):
    g = game(n, shelters=True)
    for p in range(n):
        mine = Counter(g.names[c] for c in g.players[p].all_cards())
        assert mine == {"Copper": 7, "Hovel": 1, "Necropolis": 1, "Overgrown Estate": 1}
    assert counts(g)["Estate"] == (8 if n == 2 else 12)
    assert "Hovel" not in g.piles and "Necropolis" not in g.supply


def test_shelters_never_and_always_by_name():
    assert "Hovel" not in {g_name for g_name in game(2, shelters="never").names}
    assert "Hovel" in game(2, shelters="always").names


def test_a_bad_shelters_rule_is_refused():
    with pytest.raises(ValueError, match="shelters"):
        game(2, shelters="sometimes")
