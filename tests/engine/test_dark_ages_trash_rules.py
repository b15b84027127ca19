"""Dark Ages: the rules around "when you trash this" (004, Additional Rules) shown with the
cards of test_dark_ages_trash_triggers.py: abilities work on any turn for the player told to
trash the card; cards trashed together are all trashed first, then their owner orders the
abilities; Lurker trashing from the Supply gives them to the Lurker's player. Also the
Shelters (Hovel, Necropolis, Overgrown Estate) and Madman (the cards Hermit needs).
"""
from __future__ import annotations

import pytest

from tests.engine.helpers import (
    answer,
    buy,
    count,
    decision,
    offered,
    open_kinds,
    play,
    seat,
    total_cards,
    treasures,
    zone,
)
from tests.engine.test_dark_ages_trash_triggers import game


# ----- Madman -------------------------------------------------------------------------------
def test_madman_gives_two_actions_returns_and_draws_one_per_card_in_hand():
    g = game(seat(hand=["Madman", "Copper", "Estate", "Copper"], deck=["Gold"] * 5), seat(),
             supply={"Madman": 9})
    play(g, "Madman")
    assert g.actions == 2 and count(g, "Madman") == 10
    assert zone(g, 0, "hand") == ["Copper", "Estate", "Copper"] + ["Gold"] * 3
    assert zone(g, 0, "in_play") == []


def test_madman_played_twice_returns_once_and_draws_only_the_first_time():
    g = game(seat(hand=["Throne Room", "Madman", "Copper", "Copper"], deck=["Gold"] * 6), seat(),
             supply={"Madman": 9})
    play(g, "Throne Room")
    answer(g, 0, ["Madman"])
    assert g.actions == 4 and count(g, "Madman") == 10
    assert zone(g, 0, "hand") == ["Copper", "Copper", "Gold", "Gold"]


# ----- Shelters -----------------------------------------------------------------------------
def test_hovel_may_be_trashed_when_you_buy_a_victory_card():
    g = game(seat(hand=["Hovel", "Silver"]), seat(), turn={"buys": 2})
    treasures(g)
    buy(g, "Estate")
    d = decision(g, 0)
    assert d.source == "Hovel" and offered(g, 0) == ["trash", "keep"]
    answer(g, 0, "trash")
    assert zone(g, None, "trash") == ["Hovel"]
    assert zone(g, 0, "discard") == ["Estate"]  # trashing it gives nothing


def test_hovel_may_be_kept():
    g = game(seat(hand=["Hovel", "Gold", "Copper"]), seat(), turn={"buys": 2})
    treasures(g)
    buy(g, "Feodum")
    answer(g, 0, "keep")
    assert zone(g, None, "trash") == [] and zone(g, 0, "discard")[0] == "Feodum"


def test_hovel_not_asked_when_buying_a_non_victory_card():
    g = game(seat(hand=["Hovel", "Gold"]), seat(), turn={"buys": 2})
    treasures(g)
    buy(g, "Silver")
    assert zone(g, None, "trash") == [] and not any(d.source == "Hovel" for d in g.pending())


def test_hovel_not_asked_when_gaining_a_victory_card_without_buying_it():
    g = game(seat(hand=["Workshop", "Hovel"]), seat())
    play(g, "Workshop")
    answer(g, 0, "Estate")
    assert open_kinds(g) == [(0, "BuyPhase")] and zone(g, None, "trash") == []


def test_necropolis_is_an_action_shelter_giving_two_actions():
    g = game(seat(hand=["Necropolis", "Copper"]), seat())
    assert offered(g, 0, "PlayAction") == ["Necropolis"]
    play(g, "Necropolis")
    assert g.actions == 2
    assert set(g.card(g.players[0].play[0]).types) == {"Action", "Shelter"}


def test_overgrown_estate_is_a_victory_card_worth_nothing():
    g = game(seat(hand=["Overgrown Estate", "Estate"]), seat())
    assert g.score(0) == 1
    assert set(g.card(g.players[0].hand[0]).types) == {"Victory", "Shelter"}


def test_overgrown_estate_trashed_draws_before_remodel_gains():
    g = game(seat(hand=["Remodel", "Overgrown Estate"], deck=["Gold"]), seat())
    play(g, "Remodel")
    answer(g, 0, ["Overgrown Estate"])
    assert zone(g, 0, "hand") == ["Gold"]
    d = decision(g, 0, "ChoosePile")
    assert max(d.costs) == 3


def test_overgrown_estate_trashed_on_another_players_turn_its_owner_draws():
    g = game(seat(hand=["Swindler"]), seat(deck=["Overgrown Estate", "Gold"]))
    play(g, "Swindler")
    assert zone(g, 1, "hand") == ["Gold"]


# ----- "When you trash this": cards trashed together, Lurker ----------------------------
def test_cards_trashed_together_are_all_trashed_then_their_owner_orders_the_abilities():
    g = game(seat(hand=["Chapel", "Fortress", "Rats", "Overgrown Estate"],
                  deck=["Gold", "Silver"]), seat())
    play(g, "Chapel")
    answer(g, 0, ["Fortress", "Rats", "Overgrown Estate"])
    assert zone(g, None, "trash") == ["Fortress", "Rats", "Overgrown Estate"]
    assert decision(g, 0).labels == ["Fortress", "Rats", "Overgrown Estate"]
    answer(g, 0, "1")  # Rats first
    assert zone(g, 0, "hand") == ["Gold"]
    assert decision(g, 0).labels == ["Fortress", "Overgrown Estate"]
    answer(g, 0, "1")
    assert zone(g, 0, "hand") == ["Gold", "Silver", "Fortress"]
    assert zone(g, None, "trash") == ["Rats", "Overgrown Estate"]


def test_mercenary_trashing_two_cards_with_abilities_orders_them_then_draws():
    g = game(seat(hand=["Mercenary", "Rats", "Overgrown Estate"],
                  deck=["Gold", "Silver", "Copper", "Copper"]), seat(hand=["Copper"] * 3))
    play(g, "Mercenary")
    answer(g, 0, ["Rats", "Overgrown Estate"])
    answer(g, 0, "0")
    assert zone(g, 0, "hand") == ["Gold", "Silver", "Copper", "Copper"] and g.coins == 2


@pytest.mark.parametrize("pile", ["Fortress", "Rats", "Catacombs", "Hunting Grounds",
                                  "Squire"])
def test_lurker_trashing_from_the_supply_gives_the_ability_to_the_lurker_player(pile):
    g = game(seat(hand=["Lurker"], deck=["Gold"]), seat(hand=["Market Square"],
                                                        deck=["Gold"]))
    n = total_cards(g)
    play(g, "Lurker")
    answer(g, 0, "trash")
    answer(g, 0, pile)
    if pile == "Fortress":
        assert zone(g, 0, "hand") == ["Fortress"]
    elif pile == "Rats":
        assert zone(g, 0, "hand") == ["Gold"]
    else:
        d = decision(g)
        assert d.seat == 0 and d.source == pile
        answer(g, 0, "duchy" if pile == "Hunting Grounds" else "Silver" if
               pile == "Catacombs" else "Militia")
        assert len(zone(g, 0, "discard")) == 1
    assert zone(g, 1, "hand") == ["Market Square"] and total_cards(g) == n


def test_a_card_passed_with_masquerade_is_not_trashed():
    """Leaving a deck without being trashed (Masquerade's pass) sets nothing off."""
    g = game(seat(hand=["Masquerade", "Fortress"], deck=["Copper", "Copper"]),
             seat(hand=["Market Square", "Estate"]), kingdom_extra=["Masquerade"])
    play(g, "Masquerade")
    answer(g, 0, ["Fortress"])
    answer(g, 1, ["Estate"])
    answer(g, 0, [])  # Masquerade's optional trash: nothing
    assert sorted(zone(g, 1, "hand")) == ["Fortress", "Market Square"]
    assert open_kinds(g) == [(0, "BuyPhase")]


def test_masquerade_trashing_a_passed_fortress_gives_it_to_the_trasher():
    g = game(seat(hand=["Masquerade", "Estate"], deck=["Copper", "Copper"]),
             seat(hand=["Fortress", "Copper"]), kingdom_extra=["Masquerade"])
    play(g, "Masquerade")
    answer(g, 0, ["Estate"])
    answer(g, 1, ["Fortress"])
    answer(g, 0, ["Fortress"])
    assert sorted(zone(g, 0, "hand")) == ["Copper", "Copper", "Fortress"]
    assert zone(g, None, "trash") == []


def test_hermit_trashing_itself_in_clean_up_lets_a_market_square_in_hand_react():
    """Clean-up discards the cards in play (Hermit's trigger) before the hand."""
    g = game(seat(hand=["Hermit", "Market Square"], deck=["Copper"] * 10), seat())
    play(g, "Hermit")
    answer(g, 0, [])
    answer(g, 0, "Silver")
    answer(g, 0, {"end": True}, kind="BuyPhase")
    assert decision(g, 0).source == "Market Square"
    answer(g, 0, "discard")
    assert zone(g, None, "trash") == ["Hermit"]
    assert sorted(zone(g, 0, "discard")) == ["Gold", "Madman", "Market Square", "Silver"]
