"""Dark Ages "looters" group: Cultist, Death Cart, Marauder, Pillage, Bandit Camp, Urchin.

Here the cards' data and the three Looters (Cultist, Death Cart, Marauder): each card's text
part by part, every ruling of its seed 004 description and its cards.md "Key FAQ notes", and
the interactions the issue names (Throne Room on Death Cart, a card that trashes itself;
Cultist chains; Ruins running out mid-attack; Death Cart gained by other cards and on other
players' turns; Moat). Pillage, Bandit Camp and Urchin are in
test_dark_ages_looters_pillage_camp_urchin.py; Ruins, Spoils and Mercenary themselves in
test_dark_ages_looters_specials.py; the bot in test_dark_ages_looters_bot.py.
"""
from __future__ import annotations

import pytest

from engine.cardbase import ACTION, ATTACK, LOOTER, REGISTRY
from engine.cards.dark_ages.common import reveal_two_trash_one
from tests.engine.helpers import (
    answer,
    count,
    decision,
    events,
    illegal,
    offered,
    open_kinds,
    play,
    position,
    reload,
    seat,
    total_cards,
    zone,
)

K = ["Cultist", "Death Cart", "Marauder", "Pillage", "Bandit Camp", "Urchin", "Moat",
     "Throne Room", "Workshop", "Swindler"]
RUINS5 = ["Survivors", "Ruined Village", "Abandoned Mine", "Ruined Library", "Ruined Market"]


def names(g, ids):
    return [g.names[c] for c in ids]



# ----- the cards' data ----------------------------------------------------------------------


@pytest.mark.parametrize("name, cost, types, needs", [
    ("Cultist", 5, ("Action", "Attack", "Looter"), ("Ruins",)),
    ("Death Cart", 4, ("Action", "Looter"), ("Ruins",)),
    ("Marauder", 4, ("Action", "Attack", "Looter"), ("Spoils", "Ruins")),
    ("Pillage", 5, ("Action", "Attack"), ("Spoils",)),
    ("Bandit Camp", 5, ("Action",), ("Spoils",)),
    ("Urchin", 3, ("Action", "Attack"), ("Mercenary",)),
])
def test_card_data_cost_types_and_the_piles_it_brings(name, cost, types, needs):
    c = REGISTRY[name]
    assert (c.cost, c.types, c.set, c.is_kingdom, c.in_supply) == (
        cost, types, "dark_ages", True, True)
    assert set(c.needs) == set(needs) and c.text
    assert (c.type_bits & LOOTER != 0) == ("Ruins" in needs)


# ----- Cultist ------------------------------------------------------------------------------


def test_cultist_text_two_cards_and_each_other_player_gains_the_top_ruins():
    g = position(seat(hand=["Cultist"], deck=["Gold", "Silver", "Estate"]), seat(), seat(),
                 kingdom=K, supply={"Ruins": RUINS5})
    play(g, "Cultist")
    assert zone(g, 0, "hand") == ["Gold", "Silver"]
    assert zone(g, 1, "discard") == ["Survivors"] and zone(g, 2, "discard") == ["Ruined Village"]
    assert zone(g, 0, "discard") == [] and count(g, "Ruins") == 3
    assert open_kinds(g) == [(0, "BuyPhase")] and g.actions == 0


def test_cultist_ruins_go_in_turn_order_from_the_left_and_stop_when_the_pile_runs_out():
    """004: "each player takes the top Ruins, revealing the next one each time. If the Ruins
    pile runs out, players stop gaining them at that point"."""
    g = position(seat(), seat(), seat(hand=["Cultist"]), seat(), seat(), kingdom=K,
                 supply={"Ruins": ["Ruined Market", "Survivors"]}, turn={"player": 2})
    play(g, "Cultist")
    got = [zone(g, p, "discard") for p in range(5)]
    assert got == [[], [], [], ["Ruined Market"], ["Survivors"]]
    assert count(g, "Ruins") == 0


def test_cultist_ruins_running_out_mid_attack_still_draws_and_offers_the_next_cultist():
    g = position(seat(hand=["Cultist", "Cultist"], deck=["Copper", "Copper"]), seat(), seat(),
                 kingdom=K, supply={"Ruins": ["Ruined Library"]})
    play(g, "Cultist")
    assert zone(g, 1, "discard") == ["Ruined Library"] and zone(g, 2, "discard") == []
    assert zone(g, 0, "hand") == ["Cultist", "Copper", "Copper"]
    assert offered(g, 0) == ["Cultist"]


def test_cultist_with_no_ruins_left_still_draws_two():
    g = position(seat(hand=["Cultist"], deck=["Gold", "Gold"]), seat(), kingdom=K,
                 supply={"Ruins": 0})
    play(g, "Cultist")
    assert zone(g, 0, "hand") == ["Gold", "Gold"] and zone(g, 1, "discard") == []


def test_cultist_may_play_a_cultist_just_drawn_using_no_action():
    """004: "It can be one you just drew from playing Cultist ... does not use up any extra
    Actions"."""
    g = position(seat(hand=["Cultist", "Village"], deck=["Cultist", "Copper", "Gold", "Gold"]),
                 seat(), kingdom=K + ["Village"], supply={"Ruins": RUINS5})
    play(g, "Cultist")
    d = decision(g, 0, "ChooseCards", "Cultist")
    assert (d.min, d.max) == (0, 1) and offered(g, 0) == ["Cultist"]
    answer(g, 0, ["Cultist"])
    assert zone(g, 0, "in_play") == ["Cultist", "Cultist"]
    assert sorted(zone(g, 0, "hand")) == ["Copper", "Gold", "Gold", "Village"]
    assert zone(g, 1, "discard") == ["Survivors", "Ruined Village"]
    assert g.actions == 0 and g.actions_played == 2
    assert open_kinds(g) == [(0, "BuyPhase")]  # no Action left for the Village


def test_cultist_may_play_a_cultist_already_in_hand():
    g = position(seat(hand=["Cultist", "Cultist"], deck=["Copper"] * 4), seat(), kingdom=K)
    play(g, "Cultist")
    answer(g, 0, ["Cultist"])
    assert zone(g, 0, "in_play") == ["Cultist", "Cultist"] and zone(g, 0, "hand") == ["Copper"] * 4
    assert len(zone(g, 1, "discard")) == 2


def test_cultist_playing_another_is_optional():
    g = position(seat(hand=["Cultist", "Cultist"], deck=["Copper"] * 4), seat(), kingdom=K)
    play(g, "Cultist")
    answer(g, 0, [])
    assert zone(g, 0, "hand") == ["Cultist", "Copper", "Copper"]
    assert open_kinds(g) == [(0, "BuyPhase")]


def test_cultist_without_another_cultist_in_hand_asks_nothing():
    g = position(seat(hand=["Cultist", "Smithy"], deck=["Copper"] * 4), seat(),
                 kingdom=K + ["Smithy"], turn={"actions": 2})
    play(g, "Cultist")
    assert [d.kind for d in g.pending()] == ["PlayAction"] and g.actions == 1


def test_cultist_chain_of_three_gives_three_ruins_and_survives_a_reload():
    g = position(seat(hand=["Cultist"], deck=["Cultist", "Copper", "Cultist", "Copper",
                                              "Silver", "Silver"]),
                 seat(), seat(), kingdom=K, supply={"Ruins": RUINS5 * 2})
    play(g, "Cultist")
    answer(g, 0, ["Cultist"])
    g = reload(g)  # in the middle of the chain
    answer(g, 0, ["Cultist"])
    assert zone(g, 0, "in_play") == ["Cultist"] * 3
    assert zone(g, 0, "hand") == ["Copper", "Copper", "Silver", "Silver"]
    assert zone(g, 1, "discard") == ["Survivors", "Abandoned Mine", "Ruined Market"]
    assert zone(g, 2, "discard") == ["Ruined Village", "Ruined Library", "Survivors"]
    assert g.actions == 0


def test_moat_blocks_cultist_ruins_and_is_revealed_before_the_draw():
    """004 example: the victim's Reaction comes before Cultist's +2 Cards."""
    g = position(seat(hand=["Cultist"], deck=["Gold", "Gold"]),
                 seat(hand=["Moat"]), seat(), kingdom=K, supply={"Ruins": RUINS5})
    play(g, "Cultist")
    assert open_kinds(g) == [(1, "Reveal")] and zone(g, 0, "hand") == []
    answer(g, 1, ["Moat"])
    assert zone(g, 0, "hand") == ["Gold", "Gold"]
    assert zone(g, 1, "discard") == [] and zone(g, 2, "discard") == ["Survivors"]


def test_cultist_trashed_on_your_turn_draws_three():
    g = position(seat(hand=["Chapel", "Cultist"], deck=["Gold", "Silver", "Copper", "Estate"]),
                 seat(), kingdom=K + ["Chapel"])
    play(g, "Chapel")
    answer(g, 0, ["Cultist"])
    assert zone(g, 0, "hand") == ["Gold", "Silver", "Copper"] and zone(g, None, "trash") == [
        "Cultist"]


def test_cultist_trashed_on_another_players_turn_draws_its_owner_three():
    """004: "whether or not it is your turn, and whether or not the card that causes Cultist
    to be trashed was yours" (Swindler trashes it from the top of the victim's deck)."""
    g = position(seat(hand=["Swindler"]),
                 seat(hand=["Copper"], deck=["Cultist", "Gold", "Silver", "Estate", "Duchy"]),
                 kingdom=K)
    play(g, "Swindler")
    assert zone(g, 1, "hand") == ["Copper", "Gold", "Silver", "Estate"]
    assert zone(g, 1, "deck") == ["Duchy"] and zone(g, 0, "hand") == []
    answer(g, 0, "Pillage")
    assert zone(g, 1, "discard") == ["Pillage"]


def test_cultist_trashed_while_revealed_does_not_draw_the_revealed_cards(test_cards):
    """004: trashed by a Knight's attack, "you do not draw the revealed cards that are about to
    be discarded" (a test-only Knight-like Attack)."""
    def lancer(g, p, me):
        def hit(v):
            yield from reveal_two_trash_one(g, v, "Lancer")
        yield from g.attack(p, me, hit)

    test_cards("Lancer", 5, ACTION | ATTACK, effect=lancer)
    g = position(seat(hand=["Lancer"]),
                 seat(hand=[], deck=["Cultist", "Silver", "Gold", "Copper", "Estate"]),
                 kingdom=K[:9] + ["Lancer"])
    play(g, "Lancer")
    answer(g, 1, ["Cultist"])
    assert zone(g, None, "trash") == ["Cultist"]
    assert zone(g, 1, "hand") == ["Gold", "Copper", "Estate"]
    assert zone(g, 1, "discard") == ["Silver"] and zone(g, 1, "deck") == []


def test_cultist_trash_draw_shuffles_if_needed():
    g = position(seat(hand=["Chapel", "Cultist"], deck=["Gold"], discard=["Silver", "Silver"]),
                 seat(), kingdom=K + ["Chapel"])
    play(g, "Chapel")
    answer(g, 0, ["Cultist"])
    assert sorted(zone(g, 0, "hand")) == ["Gold", "Silver", "Silver"]


def test_cultist_trashed_by_remodel_draws_before_the_gain():
    """004: on-trash abilities "can function in the middle of resolving effects for an Action
    card" (there, Graverobber: draw three first, then gain)."""
    g = position(seat(hand=["Remodel", "Cultist"], deck=["Gold", "Silver", "Copper"]), seat(),
                 kingdom=K + ["Remodel"])
    play(g, "Remodel")
    answer(g, 0, ["Cultist"])
    assert zone(g, 0, "hand") == ["Gold", "Silver", "Copper"]
    assert decision(g, 0).kind == "ChoosePile" and "Gold" in offered(g, 0)


def test_each_chained_cultist_is_a_new_attack_to_react_to():
    g = position(seat(hand=["Cultist", "Cultist"], deck=["Copper"] * 4),
                 seat(hand=["Moat"]), kingdom=K, supply={"Ruins": RUINS5})
    play(g, "Cultist")
    answer(g, 1, ["Moat"])
    answer(g, 0, ["Cultist"])
    assert decision(g, 1).kind == "Reveal"
    answer(g, 1, [])
    assert zone(g, 1, "discard") == ["Survivors"]


def test_cultist_draws_are_hidden_from_the_other_players():
    g = position(seat(hand=["Cultist"], deck=["Gold", "Province"]), seat(), kingdom=K)
    play(g, "Cultist")
    draw = [e for e in g.view(1)["log"] if e["type"] == "draw" and e["seat"] == 0][-1]
    assert draw["count"] == 2 and "cards" not in draw
    own = [e for e in g.view(0)["log"] if e["type"] == "draw" and e["seat"] == 0][-1]
    assert own["cards"] == ["Gold", "Province"]
    gains = [(e["seat"], e["card"]) for e in g.view(0)["log"] if e["type"] == "gain"]
    assert gains == [(1, g.names[g.players[1].discard[0]])]  # the Ruins gained is public


def test_death_cart_trashing_a_cultist_draws_three():
    g = position(seat(hand=["Death Cart", "Cultist"], deck=["Gold", "Gold", "Gold"]), seat(),
                 kingdom=K)
    play(g, "Death Cart")
    answer(g, 0, ["Cultist"])
    assert zone(g, 0, "hand") == ["Gold"] * 3 and zone(g, 0, "in_play") == ["Death Cart"]


def test_throne_room_on_cultist_attacks_twice():
    g = position(seat(hand=["Throne Room", "Cultist"], deck=["Copper"] * 4), seat(),
                 kingdom=K, supply={"Ruins": RUINS5})
    play(g, "Throne Room")
    answer(g, 0, ["Cultist"])
    assert zone(g, 0, "hand") == ["Copper"] * 4
    assert zone(g, 1, "discard") == ["Survivors", "Ruined Village"]


# ----- Death Cart ---------------------------------------------------------------------------


def test_death_cart_text_five_coins_and_trash_an_action_from_hand():
    g = position(seat(hand=["Death Cart", "Smithy", "Copper"]), seat(), kingdom=K + ["Smithy"])
    play(g, "Death Cart")
    assert g.coins == 5
    d = decision(g, 0, "ChooseCards", "Death Cart")
    assert offered(g, 0) == ["Smithy"] and (d.min, d.max) == (0, 1)
    answer(g, 0, ["Smithy"])
    assert zone(g, None, "trash") == ["Smithy"] and zone(g, 0, "in_play") == ["Death Cart"]


def test_death_cart_trashes_itself_if_you_trash_no_action():
    g = position(seat(hand=["Death Cart", "Smithy"]), seat(), kingdom=K + ["Smithy"])
    play(g, "Death Cart")
    answer(g, 0, [])
    assert zone(g, None, "trash") == ["Death Cart"] and zone(g, 0, "hand") == ["Smithy"]
    assert g.coins == 5 and zone(g, 0, "in_play") == []


def test_death_cart_with_no_action_in_hand_must_trash_itself_unasked():
    g = position(seat(hand=["Death Cart", "Copper", "Estate"]), seat(), kingdom=K)
    play(g, "Death Cart")
    assert zone(g, None, "trash") == ["Death Cart"] and g.coins == 5
    assert open_kinds(g) == [(0, "BuyPhase")]


def test_death_cart_can_trash_a_ruins_from_hand():
    """Ruins are Action cards (004 Additional Rules)."""
    g = position(seat(hand=["Death Cart", "Survivors", "Ruined Market"]), seat(), kingdom=K)
    play(g, "Death Cart")
    assert offered(g, 0) == ["Survivors", "Ruined Market"]
    answer(g, 0, ["Ruined Market"])
    assert zone(g, None, "trash") == ["Ruined Market"] and zone(g, 0, "in_play") == ["Death Cart"]


def test_death_cart_cannot_trash_a_non_action():
    g = position(seat(hand=["Death Cart", "Smithy", "Copper"]), seat(), kingdom=K + ["Smithy"])
    play(g, "Death Cart")
    d = decision(g, 0, "ChooseCards")
    copper = next(c for c in g.players[0].hand if g.names[c] == "Copper")
    illegal(g, 0, d.id, [copper])


def test_death_cart_is_not_an_attack():
    g = position(seat(hand=["Death Cart"]), seat(hand=["Moat"]), kingdom=K)
    play(g, "Death Cart")
    assert open_kinds(g) == [(0, "BuyPhase")]


def test_death_cart_trashing_an_action_that_returns_to_hand_still_counts(test_cards):
    """004 (Fortress): "You still trashed Fortress, even though you get it back ... you do not
    trash Death Cart" (a test-only Fortress-like card)."""
    def comes_back(g, p, me):
        g.to_hand(p, me, "trash")
        return
        yield

    test_cards("Keep", 4, ACTION, plus_cards=1, plus_actions=2, triggers={"trash": comes_back})
    g = position(seat(hand=["Death Cart", "Keep"]), seat(), kingdom=K[:9] + ["Keep"])
    play(g, "Death Cart")
    answer(g, 0, ["Keep"])
    assert zone(g, 0, "hand") == ["Keep"] and zone(g, 0, "in_play") == ["Death Cart"]
    assert zone(g, None, "trash") == []


def test_death_cart_bought_gains_the_top_two_ruins_publicly():
    g = position(seat(hand=["Silver", "Silver"]), seat(), kingdom=K, supply={"Ruins": RUINS5},
                 turn={"buys": 2})
    answer(g, 0, {"play": "all"})
    buy_(g, "Death Cart")
    assert zone(g, 0, "discard") == ["Death Cart", "Survivors", "Ruined Village"]
    assert count(g, "Ruins") == 3
    seen = [e["card"] for e in g.view(1)["log"] if e["type"] == "gain"]
    assert seen == ["Death Cart", "Survivors", "Ruined Village"]


def buy_(g, pile):
    return answer(g, g.active, {"buy": pile}, kind="BuyPhase")


@pytest.mark.parametrize("left, got", [(1, ["Ruined Market"]), (0, [])])
def test_death_cart_gains_as_many_ruins_as_are_left(left, got):
    g = position(seat(hand=["Silver", "Silver"]), seat(), kingdom=K,
                 supply={"Ruins": ["Ruined Market"][:left]}, turn={"buys": 2})
    answer(g, 0, {"play": "all"})
    buy_(g, "Death Cart")
    assert zone(g, 0, "discard") == ["Death Cart", *got]


def test_death_cart_gained_by_workshop_gains_two_ruins():
    g = position(seat(hand=["Workshop"]), seat(), kingdom=K, supply={"Ruins": RUINS5})
    play(g, "Workshop")
    answer(g, 0, "Death Cart")
    assert zone(g, 0, "discard") == ["Death Cart", "Survivors", "Ruined Village"]


def test_death_cart_given_by_swindler_gains_the_victim_two_ruins():
    """004: "It does not matter whose turn it is" (there, Ambassador; here Swindler)."""
    g = position(seat(hand=["Swindler"]), seat(deck=["Smithy", "Copper"]), seat(),
                 kingdom=K + ["Smithy"], supply={"Ruins": RUINS5})
    play(g, "Swindler")
    assert "Death Cart" in offered(g, 0)
    answer(g, 0, "Death Cart")
    assert zone(g, 1, "discard") == ["Death Cart", "Survivors", "Ruined Village"]
    assert zone(g, 0, "discard") == [] and count(g, "Ruins") == 3


def test_death_cart_gain_survives_a_reload_before_the_gain():
    g = position(seat(hand=["Workshop"]), seat(), kingdom=K, supply={"Ruins": RUINS5})
    play(g, "Workshop")
    g = reload(g)
    answer(g, 0, "Death Cart")
    assert count(g, "Ruins") == 3 and total_cards(g) == total_cards(reload(g))


def test_death_cart_passed_with_masquerade_is_not_gained():
    """004: "Passing with Masquerade is not gaining": no Ruins."""
    g = position(seat(hand=["Masquerade"], deck=["Death Cart", "Copper"]), seat(hand=["Estate"]),
                 kingdom=K + ["Masquerade"], supply={"Ruins": RUINS5})
    play(g, "Masquerade")
    answer(g, 0, ["Death Cart"])
    assert zone(g, 1, "hand") == ["Death Cart"] and zone(g, 1, "discard") == []
    assert count(g, "Ruins") == 5


def test_throne_room_on_death_cart_trashes_it_only_once():
    """Lose Track: the second play cannot trash Death Cart again, but still gives +$5 and may
    trash an Action from hand."""
    g = position(seat(hand=["Throne Room", "Death Cart", "Survivors"]), seat(), kingdom=K)
    play(g, "Throne Room")
    answer(g, 0, ["Death Cart"])
    answer(g, 0, [])  # first play: Death Cart is trashed
    assert zone(g, None, "trash") == ["Death Cart"]
    g = reload(g)
    assert offered(g, 0) == ["Survivors"]
    answer(g, 0, [])  # second play: it cannot be trashed again
    assert zone(g, None, "trash") == ["Death Cart"] and g.coins == 10
    assert zone(g, 0, "hand") == ["Survivors"] and zone(g, 0, "in_play") == ["Throne Room"]


def test_throne_room_on_death_cart_may_trash_two_actions_and_keep_it():
    g = position(seat(hand=["Throne Room", "Death Cart", "Survivors", "Ruined Village"]),
                 seat(), kingdom=K)
    play(g, "Throne Room")
    answer(g, 0, ["Death Cart"])
    answer(g, 0, ["Survivors"])
    answer(g, 0, ["Ruined Village"])
    assert sorted(zone(g, None, "trash")) == ["Ruined Village", "Survivors"]
    assert zone(g, 0, "in_play") == ["Throne Room", "Death Cart"] and g.coins == 10


# ----- Marauder -----------------------------------------------------------------------------


def test_marauder_text_gain_a_spoils_then_others_gain_ruins_in_turn_order():
    g = position(seat(hand=["Marauder"]), seat(), seat(), kingdom=K, supply={"Ruins": RUINS5})
    play(g, "Marauder")
    assert zone(g, 0, "discard") == ["Spoils"] and count(g, "Spoils") == 14
    assert zone(g, 1, "discard") == ["Survivors"] and zone(g, 2, "discard") == ["Ruined Village"]
    gains = [(e["seat"], e["card"]) for e in events(g, "gain")]
    assert gains == [(0, "Spoils"), (1, "Survivors"), (2, "Ruined Village")]


def test_marauder_with_no_spoils_left_still_gives_ruins():
    g = position(seat(hand=["Marauder"]), seat(), kingdom=K, supply={"Spoils": 0})
    play(g, "Marauder")
    assert zone(g, 0, "discard") == [] and len(zone(g, 1, "discard")) == 1


def test_marauder_ruins_run_out_mid_attack():
    g = position(seat(hand=["Marauder"]), seat(), seat(), seat(), kingdom=K,
                 supply={"Ruins": ["Abandoned Mine", "Survivors"]})
    play(g, "Marauder")
    assert [zone(g, p, "discard") for p in (1, 2, 3)] == [["Abandoned Mine"], ["Survivors"], []]


def test_moat_blocks_marauder_ruins_but_marauder_still_gains_its_spoils():
    g = position(seat(hand=["Marauder"]), seat(hand=["Moat"]), seat(), kingdom=K,
                 supply={"Ruins": RUINS5})
    play(g, "Marauder")
    assert zone(g, 0, "discard") == []  # nothing happens before the Reaction
    answer(g, 1, ["Moat"])
    assert zone(g, 0, "discard") == ["Spoils"]
    assert zone(g, 1, "discard") == [] and zone(g, 2, "discard") == ["Survivors"]
