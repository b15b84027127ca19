"""Dark Ages: Beggar, Catacombs, Feodum, Fortress, Hermit, Hunting Grounds, Market Square,
Rats and Squire: each part of their text and every ruling of 004's card descriptions and
cards.md section 4. Their "when you trash this" abilities work on any turn, for the player
told to trash the card, whoever's card trashed it. Madman, the Shelters and the rules for
cards trashed together are in test_dark_ages_trash_rules.py; the bot in ..._bot.py.
"""
from __future__ import annotations

import pytest

from engine import new_game
from engine.cardbase import ACTION, REGISTRY, card
from tests.engine.helpers import (
    answer,
    buy,
    count,
    decision,
    end_turn,
    events,
    offered,
    open_kinds,
    owned,
    play,
    position,
    reload,
    seat,
    treasures,
    zone,
)

K = ["Beggar", "Catacombs", "Feodum", "Fortress", "Hermit", "Hunting Grounds",
     "Market Square", "Rats", "Squire", "Chapel", "Swindler", "Militia", "Remodel", "Lurker",
     "Throne Room", "Workshop", "Bridge"]
COPPERS = ["Copper"] * 10


def game(*players, kingdom_extra=(), **kw):
    return position(*players, kingdom=K + list(kingdom_extra), **kw)


@pytest.fixture
def test_cards():
    """Cards that exist only for one test (to move a card where no real card would)."""
    made = []

    def make(name, cost, types, **kw):
        made.append(name)
        return card(name, cost, types, "test", is_kingdom=False, **kw)

    yield make
    for name in made:
        del REGISTRY[name]


# ----- Beggar -------------------------------------------------------------------------------
def test_beggar_gains_three_coppers_to_hand():
    g = game(seat(hand=["Beggar"]), seat())
    before = count(g, "Copper")
    play(g, "Beggar")
    assert zone(g, 0, "hand") == ["Copper"] * 3
    assert count(g, "Copper") == before - 3 and zone(g, 0, "discard") == []


@pytest.mark.parametrize("left", [2, 0])
def test_beggar_gains_only_the_coppers_left(left):
    g = game(seat(hand=["Beggar"]), seat(), supply={"Copper": left})
    play(g, "Beggar")
    assert zone(g, 0, "hand") == ["Copper"] * left and count(g, "Copper") == 0


def test_beggar_reaction_discards_it_for_a_silver_on_the_deck_and_one_in_the_discard():
    g = game(seat(hand=["Militia"]), seat(hand=["Beggar", "Copper", "Copper", "Estate", "Gold"],
                                          deck=["Duchy"]))
    play(g, "Militia")
    d = decision(g, 1)
    assert d.kind == "Reveal" and offered(g, 1) == ["Beggar"]
    answer(g, 1, ["Beggar"])
    assert zone(g, 1, "deck") == ["Silver", "Duchy"]
    assert zone(g, 1, "discard") == ["Beggar", "Silver"]
    # not a Moat: the Attack still hits, on the hand without the Beggar
    assert decision(g, 1).kind == "ChooseCards" and decision(g, 1).min == 1
    answer(g, 1, ["Estate"])
    assert sorted(zone(g, 1, "hand")) == ["Copper", "Copper", "Gold"]


def test_beggar_reaction_with_one_silver_left_puts_it_on_the_deck():
    g = game(seat(hand=["Militia"]), seat(hand=["Beggar", "Copper"], deck=["Duchy"]),
             supply={"Silver": 1})
    play(g, "Militia")
    answer(g, 1, ["Beggar"])
    assert zone(g, 1, "deck") == ["Silver", "Duchy"] and zone(g, 1, "discard") == ["Beggar"]


def test_beggar_reaction_with_no_silvers_left_gains_nothing():
    g = game(seat(hand=["Militia"]), seat(hand=["Beggar", "Copper"]), supply={"Silver": 0})
    play(g, "Militia")
    answer(g, 1, ["Beggar"])
    assert zone(g, 1, "discard") == ["Beggar"] and owned(g, 1)["Silver"] == 0


def test_beggar_silver_put_on_the_deck_is_what_swindler_then_trashes():
    g = game(seat(hand=["Swindler"]), seat(hand=["Beggar"], deck=["Gold"]))
    play(g, "Swindler")
    answer(g, 1, ["Beggar"])
    assert zone(g, None, "trash") == ["Silver"] and zone(g, 1, "deck") == ["Gold"]
    answer(g, 0, "Silver")
    assert zone(g, 1, "discard") == ["Beggar", "Silver", "Silver"]


def test_beggar_reaction_is_optional():
    g = game(seat(hand=["Militia"]), seat(hand=["Beggar", "Copper", "Copper", "Copper", "Gold"]))
    play(g, "Militia")
    answer(g, 1, [])
    answer(g, 1, ["Copper", "Copper"])
    assert "Beggar" in zone(g, 1, "hand") and owned(g, 1)["Silver"] == 0


def test_two_beggars_in_hand_may_both_be_discarded_to_one_attack():
    g = game(seat(hand=["Militia"]), seat(hand=["Beggar", "Beggar", "Copper"]))
    play(g, "Militia")
    answer(g, 1, ["Beggar"])
    assert decision(g, 1).kind == "Reveal"
    answer(g, 1, ["Beggar"])
    assert owned(g, 1)["Silver"] == 4 and zone(g, 1, "hand") == ["Copper"]


def test_beggar_cannot_react_to_its_owners_own_attack():
    g = game(seat(hand=["Militia", "Beggar"]), seat(hand=["Copper"] * 3))
    play(g, "Militia")
    assert open_kinds(g) == [(0, "BuyPhase")] and "Beggar" in zone(g, 0, "hand")


def three_beggars_position():
    hand = ["Beggar", "Copper", "Copper", "Copper", "Copper"]
    return game(seat(hand=["Militia"]), seat(hand=hand, deck=["Estate"]),
                seat(hand=hand, deck=["Estate"]), supply={"Silver": 2})


def test_beggars_compete_for_the_last_silvers_in_turn_order_when_the_later_player_answers_first():
    g = three_beggars_position()
    play(g, "Militia")
    # each player decides at once, without waiting for the others
    assert open_kinds(g) == [(1, "Reveal"), (2, "Reveal")]
    answer(g, 2, ["Beggar"])  # the later player (in turn order from the attacker) answers first
    assert count(g, "Silver") == 2 and "Beggar" in zone(g, 2, "hand")  # it waits for seat 1
    assert (1, "Reveal") in open_kinds(g)
    g = reload(g)  # a game parked at the Gate saves and loads like any other
    answer(g, 1, ["Beggar"])
    assert zone(g, 1, "deck") == ["Silver", "Estate"] and zone(g, 1, "discard") == ["Beggar"] + [
        "Silver"]
    assert owned(g, 2)["Silver"] == 0 and zone(g, 2, "discard") == ["Beggar"]
    answer(g, 1, ["Copper"])
    answer(g, 2, ["Copper"])
    assert open_kinds(g) == [(0, "BuyPhase")]


def test_beggars_earlier_player_declining_leaves_the_silvers_to_the_later_one():
    g = three_beggars_position()
    play(g, "Militia")
    answer(g, 2, ["Beggar"])
    answer(g, 1, [])
    assert owned(g, 1)["Silver"] == 0 and owned(g, 2)["Silver"] == 2


# ----- Catacombs ----------------------------------------------------------------------------
def test_catacombs_puts_the_three_cards_into_hand():
    g = game(seat(hand=["Catacombs"], deck=["Gold", "Silver", "Estate", "Copper"]), seat())
    play(g, "Catacombs")
    assert zone(g, 0, "looking") == ["Gold", "Silver", "Estate"]
    assert offered(g, 0) == ["hand", "discard"]
    answer(g, 0, "hand")
    assert zone(g, 0, "hand") == ["Gold", "Silver", "Estate"]
    assert zone(g, 0, "deck") == ["Copper"] and zone(g, 0, "looking") == []


def test_catacombs_discards_them_and_draws_three_more():
    g = game(seat(hand=["Catacombs"], deck=["Estate", "Curse", "Estate", "Gold", "Gold", "Silver"]),
             seat())
    play(g, "Catacombs")
    answer(g, 0, "discard")
    assert zone(g, 0, "discard") == ["Estate", "Curse", "Estate"]
    assert zone(g, 0, "hand") == ["Gold", "Gold", "Silver"]


def test_catacombs_discarded_cards_are_shuffled_in_when_drawing_needs_a_shuffle():
    g = game(seat(hand=["Catacombs"], deck=["Estate", "Curse", "Estate", "Gold"]), seat())
    play(g, "Catacombs")
    answer(g, 0, "discard")
    hand = zone(g, 0, "hand")
    assert hand[0] == "Gold" and len(hand) == 3
    assert sorted(hand[1:] + zone(g, 0, "deck")) == ["Curse", "Estate", "Estate"]


def test_catacombs_shuffles_to_look_at_three_when_the_deck_is_short():
    g = game(seat(hand=["Catacombs"], deck=["Gold"], discard=["Silver", "Silver"]), seat())
    play(g, "Catacombs")
    assert sorted(zone(g, 0, "looking")) == ["Gold", "Silver", "Silver"]
    assert zone(g, 0, "looking")[0] == "Gold"


def test_catacombs_with_no_cards_to_look_at_does_nothing():
    g = game(seat(hand=["Catacombs"]), seat())
    play(g, "Catacombs")
    assert open_kinds(g) == [(0, "BuyPhase")]


def test_catacombs_cards_are_seen_only_by_their_player():
    g = game(seat(hand=["Catacombs"], deck=["Gold", "Province", "Feodum"]), seat())
    play(g, "Catacombs")
    mine, theirs = g.view(0), g.view(1)
    assert [c["name"] for c in mine["looking"]] == ["Gold", "Province", "Feodum"]
    assert theirs["players"][0]["looking_size"] == 3 and theirs["pending"] == []
    look = [e for e in theirs["log"] if e["type"] == "look"]
    assert look and "cards" not in look[-1]
    assert [e for e in mine["log"] if e["type"] == "look"][-1]["cards"] == [
        "Gold", "Province", "Feodum"]


def test_catacombs_saved_in_the_middle_goes_on_the_same():
    g = game(seat(hand=["Catacombs"], deck=["Gold", "Silver", "Estate", "Copper"]), seat())
    play(g, "Catacombs")
    g2 = reload(g)
    answer(g, 0, "hand")
    answer(g2, 0, "hand")
    assert g.state_dict() == g2.state_dict()


def test_catacombs_trashed_gains_a_cheaper_card():
    g = game(seat(hand=["Chapel", "Catacombs"]), seat())
    play(g, "Chapel")
    answer(g, 0, ["Catacombs"])
    d = decision(g, 0, "ChoosePile")
    assert d.source == "Catacombs" and not d.optional
    assert max(d.costs) == 4 and "Catacombs" not in d.piles and "Fortress" in d.piles
    answer(g, 0, "Fortress")
    assert zone(g, 0, "discard") == ["Fortress"] and zone(g, None, "trash") == ["Catacombs"]


def test_catacombs_cheaper_means_than_its_current_cost():
    g = game(seat(hand=["Fortress", "Bridge", "Chapel", "Catacombs"], deck=["Copper"]), seat())
    play(g, "Fortress")
    play(g, "Bridge")
    play(g, "Chapel")
    answer(g, 0, ["Catacombs"])
    d = decision(g, 0, "ChoosePile")
    assert max(d.costs) == 3 and "Fortress" in d.piles and "Catacombs" not in d.piles


def test_catacombs_trashed_on_another_players_turn_its_owner_gains():
    g = game(seat(hand=["Swindler"]), seat(deck=["Catacombs"]))
    play(g, "Swindler")
    d = decision(g)
    assert (d.seat, d.source) == (1, "Catacombs")
    assert max(d.costs) == 4
    answer(g, 1, "Silver")
    answer(g, 0, "Duchy")  # then Swindler goes on: a card costing $5 for the victim
    assert zone(g, 1, "discard") == ["Silver", "Duchy"]


# ----- Feodum -------------------------------------------------------------------------------
@pytest.mark.parametrize("silvers, each", [(0, 0), (2, 0), (3, 1), (8, 2), (11, 3)])
def test_feodum_is_worth_one_vp_per_three_silvers_rounded_down(silvers, each):
    g = game(seat(hand=["Feodum", "Feodum"], deck=["Silver"] * silvers), seat())
    assert g.score(0) == 2 * each


@pytest.mark.parametrize("players, size", [(2, 8), (3, 12), (4, 12)])
def test_feodum_pile_is_a_victory_pile(players, size):
    g = new_game({"players": players, "kingdom": K[:10]}, "feodum")
    assert len(g.piles["Feodum"]) == size


def test_feodum_trashed_gains_three_silvers():
    g = game(seat(hand=["Chapel", "Feodum"]), seat())
    play(g, "Chapel")
    answer(g, 0, ["Feodum"])
    assert zone(g, 0, "discard") == ["Silver"] * 3


def test_feodum_trashed_gains_as_many_silvers_as_are_left():
    g = game(seat(hand=["Chapel", "Feodum"]), seat(), supply={"Silver": 2})
    play(g, "Chapel")
    answer(g, 0, ["Feodum"])
    assert zone(g, 0, "discard") == ["Silver"] * 2 and count(g, "Silver") == 0


def test_feodum_trashed_on_another_players_turn_its_owner_gains_the_silvers():
    g = game(seat(hand=["Swindler"]), seat(deck=["Feodum"]))
    play(g, "Swindler")
    answer(g, 0, "Rats")  # Swindler's card costing $4 comes after the Silvers
    assert zone(g, 1, "discard") == ["Silver"] * 3 + ["Rats"]


# ----- Fortress -----------------------------------------------------------------------------
def test_fortress_draws_one_and_gives_two_actions():
    g = game(seat(hand=["Fortress"], deck=["Gold"]), seat())
    play(g, "Fortress")
    assert zone(g, 0, "hand") == ["Gold"] and g.actions == 2


def test_fortress_returns_to_hand_when_trashed():
    g = game(seat(hand=["Chapel", "Fortress", "Estate"]), seat())
    play(g, "Chapel")
    answer(g, 0, ["Fortress", "Estate"])
    assert sorted(zone(g, 0, "hand")) == ["Fortress"] and zone(g, None, "trash") == ["Estate"]
    trashed = events(g, "trash")[-1]
    assert trashed["cards"] == ["Fortress", "Estate"]  # it was trashed, then came back


def test_fortress_returns_to_hand_when_trashed_on_another_players_turn():
    g = game(seat(hand=["Swindler"]), seat(hand=["Copper"], deck=["Fortress"]))
    play(g, "Swindler")
    assert zone(g, 1, "hand") == ["Copper", "Fortress"]
    answer(g, 0, "Rats")
    assert zone(g, 1, "discard") == ["Rats"] and zone(g, None, "trash") == []


def test_fortress_still_counts_as_trashed_for_if_you_did():
    """Mercenary trashing Fortress and a Copper did trash 2 cards: +2 Cards, +$2."""
    g = game(seat(hand=["Mercenary", "Fortress", "Copper"], deck=["Silver", "Silver"]),
             seat(hand=["Copper"] * 3))
    play(g, "Mercenary")
    answer(g, 0, ["Fortress", "Copper"])
    assert sorted(zone(g, 0, "hand")) == ["Fortress", "Silver", "Silver"]
    assert g.coins == 2 and zone(g, None, "trash") == ["Copper"]


def test_fortress_already_taken_from_the_trash_is_lost_track_of(test_cards):
    def take_action_from_trash(g, p, me):
        actions = [c for c in g.trash_pile if c != me and g.is_type(c, ACTION)]
        if actions:
            yield from g.gain_from(p, actions[0], g.trash_pile)

    test_cards("Vulture", 3, ACTION, triggers={"trash": take_action_from_trash})
    g = game(seat(hand=["Chapel", "Fortress", "Vulture"]), seat())
    play(g, "Chapel")
    answer(g, 0, ["Fortress", "Vulture"])
    d = decision(g, 0)
    assert d.labels == ["Fortress", "Vulture"]
    answer(g, 0, "1")  # Vulture first: it gains the Fortress from the trash
    assert zone(g, 0, "discard") == ["Fortress"] and zone(g, 0, "hand") == []
    assert zone(g, None, "trash") == ["Vulture"]


# ----- Hermit and Madman --------------------------------------------------------------------
def test_hermit_offers_non_treasures_from_the_discard_pile_and_the_hand():
    g = game(seat(hand=["Hermit", "Estate", "Copper"], discard=["Curse", "Silver", "Duchy"]),
             seat())
    play(g, "Hermit")
    d = decision(g, 0)
    assert d.source == "Hermit" and (d.min, d.max) == (0, 1)
    assert offered(g, 0) == ["Curse", "Duchy", "Estate"]


def test_hermit_trashes_a_card_from_the_discard_pile_then_gains_up_to_three():
    g = game(seat(hand=["Hermit", "Estate"], discard=["Curse", "Silver"]), seat())
    play(g, "Hermit")
    answer(g, 0, ["Curse"])
    assert zone(g, None, "trash") == ["Curse"] and zone(g, 0, "hand") == ["Estate"]
    d = decision(g, 0, "ChoosePile")
    assert not d.optional and max(d.costs) == 3 and "Hermit" in d.piles
    answer(g, 0, "Silver")
    assert zone(g, 0, "discard") == ["Silver", "Silver"]


def test_hermit_trashes_a_card_from_the_hand():
    g = game(seat(hand=["Hermit", "Estate"], discard=["Curse"]), seat())
    play(g, "Hermit")
    answer(g, 0, ["Estate"])
    assert zone(g, 0, "hand") == [] and zone(g, 0, "discard") == ["Curse"]


def test_hermit_trashing_is_optional_but_the_gain_is_not():
    g = game(seat(hand=["Hermit", "Estate"]), seat())
    play(g, "Hermit")
    answer(g, 0, [])
    assert zone(g, None, "trash") == []
    assert not decision(g, 0, "ChoosePile").optional
    answer(g, 0, "Hermit")
    assert zone(g, 0, "discard") == ["Hermit"]


def test_hermit_saved_in_the_middle_goes_on_the_same():
    g = game(seat(hand=["Hermit", "Estate"], discard=["Curse", "Overgrown Estate"],
                  deck=["Gold"]), seat())
    play(g, "Hermit")
    g2 = reload(g)
    for x in (g, g2):
        answer(x, 0, ["Overgrown Estate"])
        answer(x, 0, "Silver")
    assert g.state_dict() == g2.state_dict() and zone(g2, 0, "hand") == ["Estate", "Gold"]


def test_hermit_with_nothing_to_trash_goes_straight_to_the_gain():
    g = game(seat(hand=["Hermit", "Copper"], discard=["Silver"]), seat())
    play(g, "Hermit")
    assert decision(g, 0).kind == "ChoosePile"


def test_hermit_trashing_overgrown_estate_draws_before_the_gain():
    """The rulebook's example: Necropolis, Hermit trashes an Overgrown Estate from the
    discard pile, draws a Copper at once, then gains another Hermit."""
    g = game(seat(hand=["Necropolis", "Hermit", "Silver"], deck=["Copper", "Gold"],
                  discard=["Overgrown Estate", "Copper"]), seat())
    play(g, "Necropolis")
    play(g, "Hermit")
    answer(g, 0, ["Overgrown Estate"])
    assert zone(g, 0, "hand") == ["Silver", "Copper"]
    assert decision(g, 0).kind == "ChoosePile"
    answer(g, 0, "Hermit")
    assert zone(g, 0, "discard") == ["Copper", "Hermit"] and g.actions == 1


def test_hermit_discard_pile_is_shown_to_its_player_only():
    g = game(seat(hand=["Hermit"], discard=["Province", "Gold", "Curse"]), seat())
    play(g, "Hermit")
    mine, theirs = g.view(0), g.view(1)
    assert [c["name"] for c in mine["pending"][0]["cards"]] == ["Province", "Curse"]
    assert theirs["pending"] == [] and theirs["players"][0]["discard_top"] == "Curse"
    assert [e for e in mine["log"] if e["type"] == "look"][-1]["cards"] == [
        "Province", "Gold", "Curse"]
    look = [e for e in theirs["log"] if e["type"] == "look"][-1]
    assert "cards" not in look and look["count"] == 3
    assert "Gold" not in str(theirs["log"])


def test_hermit_brings_the_madman_pile_which_is_not_in_the_supply():
    g = new_game({"players": 2, "kingdom": K[:10]}, "madman")
    assert len(g.piles["Madman"]) == 10 and "Madman" not in g.supply


def hermit_turn(**kw):
    """Hermit played (trashing nothing, gaining a Silver); then the Buy phase."""
    g = game(seat(hand=["Hermit", "Copper", "Copper", "Copper"], deck=COPPERS), seat(), **kw)
    play(g, "Hermit")
    answer(g, 0, "Silver")
    return g


def test_hermit_without_a_buy_is_trashed_for_a_madman_even_after_gaining():
    g = hermit_turn()
    end_turn(g)  # gained a Silver, bought nothing
    assert zone(g, None, "trash") == ["Hermit"]
    assert zone(g, 0, "discard")[:2] == ["Silver", "Madman"] and count(g, "Madman") == 9


def test_hermit_after_a_buy_stays():
    g = hermit_turn()
    treasures(g)
    buy(g, "Silver")
    assert zone(g, None, "trash") == [] and "Hermit" in zone(g, 0, "discard")
    assert owned(g, 0)["Madman"] == 0


def test_hermit_with_no_madman_left_is_still_trashed():
    g = hermit_turn(supply={"Madman": 0})
    end_turn(g)
    assert zone(g, None, "trash") == ["Hermit"] and owned(g, 0)["Madman"] == 0


def test_hermit_not_discarded_from_play_does_nothing(test_cards):
    def tuck(g, p, me):
        hermits = [c for c in g.players[p].play if g.names[c] == "Hermit"]
        g.topdeck(p, hermits[0], "play")
        return
        yield

    test_cards("Tuck", 2, ACTION, effect=tuck)
    g = game(seat(hand=["Fortress", "Hermit", "Tuck"], deck=COPPERS), seat())
    play(g, "Fortress")
    play(g, "Hermit")
    answer(g, 0, [])
    answer(g, 0, "Silver")
    play(g, "Tuck")  # puts the Hermit from play onto the deck, as Scheme would
    end_turn(g)
    assert zone(g, None, "trash") == [] and owned(g, 0)["Madman"] == 0
    assert "Hermit" in zone(g, 0, "hand")


def test_hermit_played_twice_by_throne_room_gives_one_madman():
    g = game(seat(hand=["Throne Room", "Hermit"], deck=COPPERS), seat())
    play(g, "Throne Room")
    answer(g, 0, ["Hermit"])
    answer(g, 0, "Silver")
    answer(g, 0, "Silver")
    end_turn(g)
    assert zone(g, None, "trash") == ["Hermit"] and owned(g, 0)["Madman"] == 1


# ----- Hunting Grounds ----------------------------------------------------------------------
def test_hunting_grounds_draws_four():
    g = game(seat(hand=["Hunting Grounds"], deck=["Gold"] * 5), seat())
    play(g, "Hunting Grounds")
    assert zone(g, 0, "hand") == ["Gold"] * 4


def trash_hunting_grounds(**kw):
    g = game(seat(hand=["Chapel", "Hunting Grounds"]), seat(), **kw)
    play(g, "Chapel")
    answer(g, 0, ["Hunting Grounds"])
    return g


def test_hunting_grounds_trashed_gains_a_duchy():
    g = trash_hunting_grounds()
    assert offered(g, 0) == ["duchy", "estates"]
    answer(g, 0, "duchy")
    assert zone(g, 0, "discard") == ["Duchy"]


def test_hunting_grounds_trashed_gains_three_estates():
    g = trash_hunting_grounds()
    answer(g, 0, "estates")
    assert zone(g, 0, "discard") == ["Estate"] * 3


def test_hunting_grounds_gains_as_many_estates_as_are_left():
    g = trash_hunting_grounds(supply={"Estate": 2})
    answer(g, 0, "estates")
    assert zone(g, 0, "discard") == ["Estate"] * 2


def test_hunting_grounds_with_no_duchy_or_estate_left_asks_nothing():
    g = trash_hunting_grounds(supply={"Estate": 0, "Duchy": 0})
    assert open_kinds(g) == [(0, "BuyPhase")]


# ----- Market Square ------------------------------------------------------------------------
def test_market_square_card_action_and_buy():
    g = game(seat(hand=["Market Square"], deck=["Gold"]), seat())
    play(g, "Market Square")
    assert zone(g, 0, "hand") == ["Gold"] and (g.actions, g.buys) == (1, 2)


def test_market_square_discarded_for_a_gold_when_your_card_is_trashed():
    g = game(seat(hand=["Chapel", "Market Square", "Estate", "Copper"]), seat())
    play(g, "Chapel")
    answer(g, 0, ["Estate"])
    d = decision(g, 0)
    assert d.source == "Market Square" and offered(g, 0) == ["discard", "keep"]
    answer(g, 0, "discard")
    assert zone(g, 0, "discard") == ["Market Square", "Gold"]
    assert zone(g, 0, "hand") == ["Copper"]


def test_market_square_may_be_kept():
    g = game(seat(hand=["Chapel", "Market Square", "Estate"]), seat())
    play(g, "Chapel")
    answer(g, 0, ["Estate"])
    answer(g, 0, "keep")
    assert zone(g, 0, "hand") == ["Market Square"] and owned(g, 0)["Gold"] == 0


def test_several_market_squares_for_one_trashed_card():
    g = game(seat(hand=["Chapel", "Market Square", "Market Square", "Estate"]), seat())
    play(g, "Chapel")
    answer(g, 0, ["Estate"])
    answer(g, 0, "discard")
    assert decision(g, 0).source == "Market Square"
    answer(g, 0, "discard")
    assert owned(g, 0)["Gold"] == 2 and zone(g, 0, "hand") == []


def test_market_square_one_trashing_of_several_cards_asks_once_per_market_square():
    g = game(seat(hand=["Chapel", "Market Square", "Estate", "Estate", "Copper"]), seat())
    play(g, "Chapel")
    answer(g, 0, ["Estate", "Estate", "Copper"])
    answer(g, 0, "discard")
    assert open_kinds(g) == [(0, "BuyPhase")] and owned(g, 0)["Gold"] == 1


def test_market_square_reacts_when_your_card_is_trashed_on_another_players_turn():
    g = game(seat(hand=["Swindler"]), seat(hand=["Market Square"], deck=["Silver"]))
    play(g, "Swindler")
    d = decision(g)
    assert (d.seat, d.source) == (1, "Market Square")
    answer(g, 1, "discard")
    answer(g, 0, "Silver")  # then Swindler: a card costing $3 for the victim
    assert zone(g, 1, "discard") == ["Market Square", "Gold", "Silver"]


def test_market_square_with_no_gold_left_gains_nothing():
    g = game(seat(hand=["Chapel", "Market Square", "Estate"]), seat(), supply={"Gold": 0})
    play(g, "Chapel")
    answer(g, 0, ["Estate"])
    answer(g, 0, "discard")
    assert zone(g, 0, "discard") == ["Market Square"]


def test_market_square_trashed_itself_cannot_react():
    g = game(seat(hand=["Chapel", "Market Square", "Market Square", "Estate"]), seat())
    play(g, "Chapel")
    answer(g, 0, ["Market Square", "Estate"])
    answer(g, 0, "discard")  # the other one, still in hand
    assert open_kinds(g) == [(0, "BuyPhase")] and owned(g, 0)["Gold"] == 1


def test_market_square_ignores_cards_trashed_from_the_supply():
    """Lurker trashes a card of the Supply, not one of yours."""
    g = game(seat(hand=["Lurker", "Market Square"]), seat())
    play(g, "Lurker")
    answer(g, 0, "trash")
    answer(g, 0, "Squire")
    assert decision(g, 0).source == "Squire"  # Squire's own ability: not Market Square


def test_market_square_and_a_when_trashed_ability_are_ordered_by_their_owner():
    g = game(seat(hand=["Chapel", "Market Square", "Fortress"]), seat())
    play(g, "Chapel")
    answer(g, 0, ["Fortress"])
    assert decision(g, 0).labels == ["Fortress", "Market Square"]
    answer(g, 0, "0")
    answer(g, 0, "discard")
    assert zone(g, 0, "hand") == ["Fortress"] and owned(g, 0)["Gold"] == 1


# ----- Rats ---------------------------------------------------------------------------------
def test_rats_draws_gains_a_rats_then_trashes_a_card_other_than_rats():
    g = game(seat(hand=["Rats", "Rats", "Estate", "Copper"], deck=["Silver"]), seat())
    play(g, "Rats")
    assert zone(g, 0, "discard") == ["Rats"] and count(g, "Rats") == 19
    assert offered(g, 0) == ["Estate", "Copper", "Silver"]
    answer(g, 0, ["Estate"])
    assert zone(g, None, "trash") == ["Estate"] and g.actions == 1
    assert sorted(zone(g, 0, "hand")) == ["Copper", "Rats", "Silver"]


def test_rats_with_no_rats_left_still_trashes():
    g = game(seat(hand=["Rats", "Estate", "Copper"], deck=["Silver"]), seat(),
             supply={"Rats": 0})
    play(g, "Rats")
    answer(g, 0, ["Copper"])
    assert zone(g, 0, "discard") == [] and zone(g, None, "trash") == ["Copper"]


def test_rats_with_only_one_kind_of_card_to_trash_trashes_it_unasked():
    g = game(seat(hand=["Rats", "Copper", "Rats"], deck=["Copper"]), seat())
    play(g, "Rats")
    assert zone(g, None, "trash") == ["Copper"] and zone(g, 0, "hand") == ["Rats", "Copper"]


def test_rats_with_a_hand_of_all_rats_reveals_it_and_trashes_nothing():
    g = game(seat(hand=["Rats", "Rats"], deck=["Rats"]), seat())
    play(g, "Rats")
    assert zone(g, None, "trash") == [] and zone(g, 0, "hand") == ["Rats", "Rats"]
    shown = events(g, "reveal")[-1]
    assert shown["cards"] == ["Rats", "Rats"]


def test_rats_trashed_draws_a_card():
    g = game(seat(hand=["Chapel", "Rats"], deck=["Gold"]), seat())
    play(g, "Chapel")
    answer(g, 0, ["Rats"])
    assert zone(g, 0, "hand") == ["Gold"]


def test_rats_trashed_on_another_players_turn_its_owner_draws():
    g = game(seat(hand=["Swindler"]), seat(hand=["Copper"], deck=["Rats", "Gold"]))
    play(g, "Swindler")
    assert zone(g, 1, "hand") == ["Copper", "Gold"]
    answer(g, 0, "Rats")


@pytest.mark.parametrize("players", [2, 4])
def test_rats_pile_has_twenty_cards_for_any_number_of_players(players):
    g = new_game({"players": players, "kingdom": K[:10]}, "rats")
    assert len(g.piles["Rats"]) == 20


# ----- Squire -------------------------------------------------------------------------------
@pytest.mark.parametrize("choice, actions, buys, silvers", [
    ("actions", 2, 1, 0), ("buys", 0, 3, 0), ("silver", 0, 1, 1)])
def test_squire_gives_a_coin_and_one_choice(choice, actions, buys, silvers):
    g = game(seat(hand=["Squire"]), seat())
    play(g, "Squire")
    assert offered(g, 0) == ["actions", "buys", "silver"]
    answer(g, 0, choice)
    assert (g.coins, g.actions, g.buys) == (1, actions, buys)
    assert owned(g, 0)["Silver"] == silvers


def test_squire_trashed_gains_an_attack_card():
    g = game(seat(hand=["Chapel", "Squire"]), seat())
    play(g, "Chapel")
    answer(g, 0, ["Squire"])
    d = decision(g, 0, "ChoosePile")
    assert sorted(d.piles) == ["Militia", "Swindler"] and not d.optional
    answer(g, 0, "Militia")
    assert zone(g, 0, "discard") == ["Militia"]


def test_squire_trashed_with_no_attack_card_available_gains_nothing():
    g = game(seat(hand=["Chapel", "Squire"]), seat(), supply={"Militia": 0, "Swindler": 0})
    play(g, "Chapel")
    answer(g, 0, ["Squire"])
    assert open_kinds(g) == [(0, "BuyPhase")] and zone(g, 0, "discard") == []
