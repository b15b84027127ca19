"""The Knights (Dark Ages): the common attack [K] and each Knight's own text. The pile itself
is tested in test_dark_ages_knights_pile.py, the bot in test_dark_ages_knights_bot.py.

Rulings are from the Dark Ages rulebook (seed 004: Additional Rules, Preparation and the
Knights card description) and cards.md section 4a.
"""
from __future__ import annotations

import json

import pytest

from engine.cardbase import ACTION
from tests.engine.helpers import (
    answer,
    buy,
    decision,
    events,
    offered,
    open_kinds,
    play,
    position,
    reload,
    seat,
    treasures,
    zone,
)

K = ["Knights", "Village", "Bridge", "Throne Room", "Moat", "Workshop", "Chapel", "Smithy",
     "Market", "Cellar"]
FIVE = ["Copper", "Copper", "Copper", "Estate", "Estate"]


def attack(knight: str, *victims: dict, hand=(), deck=(), **kw):
    """Seat 0 with `knight` (and `hand`) against the victims, at the start of its turn."""
    kw.setdefault("kingdom", K)
    return position(seat(hand=[knight, *hand], deck=deck), *victims, **kw)



# ----- [K]: reveal 2, trash one costing $3 to $6, discard the rest ---------------------------


def test_k_trashes_the_only_revealed_card_costing_3_to_6_without_asking():
    g = attack("Dame Sylvia", seat(deck=["Copper", "Silver", "Gold"]))
    play(g, "Dame Sylvia")
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert zone(g, None, "trash") == ["Silver"]
    assert zone(g, 1, "discard") == ["Copper"] and zone(g, 1, "deck") == ["Gold"]
    assert zone(g, 0, "in_play") == ["Dame Sylvia"]


def test_k_victim_chooses_which_to_trash_when_both_cost_3_to_6():
    g = attack("Dame Sylvia", seat(deck=["Silver", "Duchy", "Copper"]))
    play(g, "Dame Sylvia")
    d = decision(g, 1, "ChooseCards")
    assert d.source == "Dame Sylvia" and d.zone == "revealed" and (d.min, d.max) == (1, 1)
    assert offered(g, 1) == ["Silver", "Duchy"]
    answer(g, 1, ["Duchy"])
    assert zone(g, None, "trash") == ["Duchy"] and zone(g, 1, "discard") == ["Silver"]


def test_k_two_copies_of_one_card_need_no_choice():
    g = attack("Dame Sylvia", seat(deck=["Silver", "Silver"]))
    play(g, "Dame Sylvia")
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert zone(g, None, "trash") == ["Silver"] and zone(g, 1, "discard") == ["Silver"]


def test_k_neither_card_costs_3_to_6_so_both_are_discarded():
    g = attack("Dame Sylvia", seat(deck=["Copper", "Province", "Silver"]))
    play(g, "Dame Sylvia")
    assert zone(g, None, "trash") == []
    assert zone(g, 1, "discard") == ["Copper", "Province"] and zone(g, 1, "deck") == ["Silver"]


@pytest.mark.parametrize("low, high", [("Curse", "Estate"), ("Copper", "Province")])
def test_k_cards_costing_below_3_or_above_6_are_safe(low, high):
    g = attack("Dame Sylvia", seat(deck=[low, high]))
    play(g, "Dame Sylvia")
    assert zone(g, None, "trash") == [] and zone(g, 1, "discard") == [low, high]


def test_k_uses_the_current_cost_a_bridge_takes_silver_out_and_leaves_gold_in():
    """Silver ($3) costs $2 under one Bridge, so only Gold ($6 → $5) can be trashed."""
    g = attack("Dame Sylvia", seat(deck=["Silver", "Gold"]), hand=["Village", "Bridge"])
    play(g, "Village")
    play(g, "Bridge")
    play(g, "Dame Sylvia")
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert zone(g, None, "trash") == ["Gold"] and zone(g, 1, "discard") == ["Silver"]


def test_k_two_bridges_bring_a_province_down_to_six_so_it_can_be_trashed():
    g = attack("Dame Sylvia", seat(deck=["Province", "Copper"]),
               hand=["Village", "Throne Room", "Bridge"])
    play(g, "Village")
    play(g, "Throne Room")
    answer(g, 0, ["Bridge"])
    play(g, "Dame Sylvia")
    assert g.cost("Province") == 6
    assert zone(g, None, "trash") == ["Province"] and zone(g, 1, "discard") == ["Copper"]


def test_k_a_knight_trashing_a_knight_trashes_the_attacking_knight():
    g = attack("Sir Destry", seat(deck=["Sir Bailey", "Copper"]), deck=["Copper", "Copper"])
    play(g, "Sir Destry")
    assert zone(g, None, "trash") == ["Sir Bailey", "Sir Destry"]
    assert zone(g, 0, "in_play") == [] and zone(g, 0, "hand") == ["Copper", "Copper"]


def test_k_the_attacking_knight_is_trashed_only_after_every_victim_has_resolved():
    g = attack("Dame Sylvia", seat(deck=["Sir Bailey", "Copper"]),
               seat(deck=["Silver", "Duchy"]))
    play(g, "Dame Sylvia")
    assert zone(g, None, "trash") == ["Sir Bailey"]
    assert zone(g, 0, "in_play") == ["Dame Sylvia"]  # seat 2 still has to choose
    g = reload(g)
    answer(g, 2, ["Silver"])
    assert zone(g, None, "trash") == ["Sir Bailey", "Silver", "Dame Sylvia"]
    assert [e["seat"] for e in events(g, "trash")] == [1, 2, 0]


def test_k_victim_who_picks_the_non_knight_saves_the_attacking_knight():
    """004: if both cost $3-$6 and the victim picks the non-Knight, your Knight stays."""
    g = attack("Dame Sylvia", seat(deck=["Sir Bailey", "Silver"]))
    play(g, "Dame Sylvia")
    assert offered(g, 1) == ["Sir Bailey", "Silver"]
    answer(g, 1, ["Silver"])
    assert zone(g, None, "trash") == ["Silver"] and zone(g, 0, "in_play") == ["Dame Sylvia"]
    assert zone(g, 1, "discard") == ["Sir Bailey"]


def test_k_two_different_knights_revealed_are_different_cards_so_the_victim_chooses():
    g = attack("Dame Sylvia", seat(deck=["Sir Martin", "Sir Destry"]))
    play(g, "Dame Sylvia")
    assert offered(g, 1) == ["Sir Martin", "Sir Destry"]
    answer(g, 1, ["Sir Martin"])
    assert zone(g, None, "trash") == ["Sir Martin", "Dame Sylvia"]


def test_k_victims_sir_vander_gives_the_victim_a_gold_and_trashes_the_attacker():
    """004: the player who had Sir Vander gains the Gold, whoever's card trashed him."""
    g = attack("Dame Sylvia", seat(deck=["Sir Vander", "Copper"]))
    play(g, "Dame Sylvia")
    assert zone(g, 1, "discard") == ["Gold", "Copper"]
    assert zone(g, None, "trash") == ["Sir Vander", "Dame Sylvia"]
    assert zone(g, 0, "discard") == [] and zone(g, 0, "in_play") == []


def test_k_an_attacking_sir_vander_trashed_by_his_own_attack_gives_his_owner_a_gold():
    g = attack("Sir Vander", seat(deck=["Dame Anna", "Copper"]))
    play(g, "Sir Vander")
    assert zone(g, None, "trash") == ["Dame Anna", "Sir Vander"]
    assert zone(g, 0, "discard") == ["Gold"] and zone(g, 1, "discard") == ["Copper"]


def test_k_resolves_in_turn_order_from_the_attackers_left():
    g = position(seat(deck=["Silver", "Copper"]), seat(hand=["Dame Sylvia"]),
                 seat(deck=["Gold", "Copper"]), seat(deck=["Duchy", "Estate"]), kingdom=K,
                 turn={"player": 1})
    play(g, "Dame Sylvia")
    assert zone(g, None, "trash") == ["Gold", "Duchy", "Silver"]
    assert [e["seat"] for e in events(g, "reveal")] == [2, 3, 0]


def test_k_a_victim_with_one_card_left_reveals_just_that_one():
    g = attack("Dame Sylvia", seat(deck=["Silver"]))
    play(g, "Dame Sylvia")
    assert zone(g, None, "trash") == ["Silver"]
    assert events(g, "reveal")[-1]["cards"] == ["Silver"]


def test_k_a_victim_with_one_card_in_deck_shuffles_the_discard_to_reveal_two():
    g = attack("Dame Sylvia", seat(deck=["Copper"], discard=["Gold"]))
    play(g, "Dame Sylvia")
    assert events(g, "reveal")[-1]["cards"] == ["Copper", "Gold"]
    assert zone(g, None, "trash") == ["Gold"] and zone(g, 1, "discard") == ["Copper"]


def test_k_a_victim_with_no_cards_in_deck_or_discard_reveals_nothing():
    g = attack("Dame Sylvia", seat(hand=["Silver"]))
    play(g, "Dame Sylvia")
    assert events(g, "reveal") == [] and zone(g, None, "trash") == []


def test_k_revealed_cards_are_public_in_every_view_and_the_deck_order_stays_hidden():
    g = attack("Dame Sylvia", seat(deck=["Sir Bailey", "Copper", "Witch", "Laboratory"]),
               seat(hand=["Copper"]))
    play(g, "Dame Sylvia")
    for viewer in (None, 0, 1, 2):
        v = g.view(viewer)
        reveals = [e for e in v["log"] if e["type"] == "reveal"]
        assert reveals == [{"type": "reveal", "seat": 1, "cards": ["Sir Bailey", "Copper"],
                            "what": "top of deck"}]
        discards = [e for e in v["log"] if e["type"] == "discard"]
        assert discards[0]["cards"] == ["Copper"]
        assert v["trash"] == ["Sir Bailey", "Dame Sylvia"]
        text = json.dumps(v)
        assert "Witch" not in text and "Laboratory" not in text
        assert v["players"][1]["deck_size"] == 2


def test_k_moat_blocks_the_attack():
    g = attack("Dame Sylvia", seat(hand=["Moat"], deck=["Silver", "Copper"]),
               seat(deck=["Gold", "Copper"]))
    play(g, "Dame Sylvia")
    answer(g, 1, ["Moat"])
    assert zone(g, 1, "deck") == ["Silver", "Copper"]
    assert zone(g, None, "trash") == ["Gold"] and g.coins == 2


def test_k_reactions_come_before_the_reveal():
    """A Secret Chamber (1st edition) puts 2 cards on the deck: those are what is revealed."""
    g = attack("Dame Sylvia", seat(hand=["Secret Chamber", "Gold", "Copper"],
                                   deck=["Estate", "Estate"]),
               kingdom=["Knights", "Secret Chamber"], edition=1)
    play(g, "Dame Sylvia")
    answer(g, 1, ["Secret Chamber"])
    answer(g, 1, ["Gold", "Copper"])
    assert zone(g, None, "trash") == ["Gold"]
    assert sorted(zone(g, 1, "discard")) == ["Copper"]


def test_throne_room_on_a_knight_trashed_by_its_first_play_loses_track_of_it():
    """The second play still attacks; its "trash this" finds the Knight gone (Lose Track)."""
    g = attack("Sir Destry", seat(deck=["Sir Bailey", "Copper", "Dame Molly", "Copper"]),
               hand=["Throne Room"], deck=["Copper"] * 4)
    play(g, "Throne Room")
    answer(g, 0, ["Sir Destry"])
    assert zone(g, None, "trash") == ["Sir Bailey", "Sir Destry", "Dame Molly"]
    assert zone(g, 0, "in_play") == ["Throne Room"] and len(zone(g, 0, "hand")) == 4
    assert [e["cards"] for e in events(g, "trash")] == [["Sir Bailey"], ["Sir Destry"],
                                                         ["Dame Molly"]]


def test_throne_room_on_sir_vander_trashed_by_the_first_play_gains_one_gold():
    g = attack("Sir Vander", seat(deck=["Sir Bailey", "Copper", "Dame Molly", "Copper"]),
               hand=["Throne Room"])
    play(g, "Throne Room")
    answer(g, 0, ["Sir Vander"])
    assert zone(g, None, "trash") == ["Sir Bailey", "Sir Vander", "Dame Molly"]
    assert zone(g, 0, "discard") == ["Gold"]


def test_a_trashed_card_that_draws_3_when_trashed_does_not_draw_the_other_revealed_card(
        test_cards):
    """004 (Cultist): trashed while revealed by a Knight, it draws 3, but not the revealed card
    about to be discarded; shown with a test-only card that has the same trigger."""
    def draw_three(g, p, cid):
        g.draw(p, 3)
        return
        yield

    test_cards("Zealot", 5, ACTION, triggers={"trash": draw_three}, is_kingdom=False)
    g = attack("Dame Sylvia", seat(hand=["Estate"], deck=["Zealot", "Silver", "Gold", "Gold"],
                                   discard=["Province"]))
    play(g, "Dame Sylvia")
    answer(g, 1, ["Zealot"])
    assert zone(g, None, "trash") == ["Zealot"]
    # 2 Golds from the deck, then a shuffle of the discard (not of the revealed Silver)
    assert sorted(zone(g, 1, "hand")) == ["Estate", "Gold", "Gold", "Province"]
    assert zone(g, 1, "discard") == ["Silver"]


# ----- each Knight's own text ----------------------------------------------------------------


@pytest.mark.parametrize("n", [0, 1, 2])
def test_dame_anna_may_trash_zero_one_or_two_cards(n):
    g = attack("Dame Anna", seat(deck=["Copper", "Estate"]), hand=["Curse", "Estate", "Gold"])
    play(g, "Dame Anna")
    d = decision(g, 0, "ChooseCards")
    assert (d.min, d.max, d.source) == (0, 2, "Dame Anna")
    answer(g, 0, ["Curse", "Estate"][:n])
    assert zone(g, None, "trash") == ["Curse", "Estate"][:n]
    assert len(zone(g, 0, "hand")) == 3 - n


def test_dame_anna_trashes_before_the_attack_and_with_one_card_may_trash_just_it():
    g = attack("Dame Anna", seat(deck=["Silver", "Copper"]), hand=["Curse"])
    play(g, "Dame Anna")
    d = decision(g, 0, "ChooseCards")
    assert (d.min, d.max) == (0, 1) and events(g, "reveal") == []
    answer(g, 0, ["Curse"])
    assert zone(g, None, "trash") == ["Curse", "Silver"]


def test_dame_anna_with_an_empty_hand_asks_nothing():
    g = attack("Dame Anna", seat(deck=["Silver", "Copper"]))
    play(g, "Dame Anna")
    assert open_kinds(g) == [(0, "BuyPhase")] and zone(g, None, "trash") == ["Silver"]


def test_dame_anna_trashing_sir_vander_from_hand_gains_a_gold():
    g = attack("Dame Anna", seat(deck=["Copper", "Copper"]), hand=["Sir Vander"])
    play(g, "Dame Anna")
    answer(g, 0, ["Sir Vander"])
    assert zone(g, 0, "discard") == ["Gold"]


def test_dame_josephine_attacks_and_is_worth_2vp_at_the_end():
    g = attack("Dame Josephine", seat(deck=["Silver", "Copper"]))
    play(g, "Dame Josephine")
    assert zone(g, None, "trash") == ["Silver"]
    assert g.score(0) == 2
    g2 = position(seat(hand=["Gold", "Gold", "Silver"], discard=["Dame Josephine"]), seat(),
                  kingdom=K, supply={"Province": 1})
    treasures(g2)
    buy(g2, "Province")
    assert g2.over and g2.result["scores"] == [8, 0]


def test_dame_molly_gives_two_actions():
    g = attack("Dame Molly", seat(deck=["Silver", "Copper"]), hand=["Village"])
    play(g, "Dame Molly")
    assert g.actions == 2 and zone(g, None, "trash") == ["Silver"]
    assert open_kinds(g) == [(0, "PlayAction")]


def test_dame_natalie_may_gain_a_card_costing_up_to_3():
    g = attack("Dame Natalie", seat(deck=["Silver", "Copper"]),
               supply={"Knights": ["Sir Martin", "Dame Anna"]})
    play(g, "Dame Natalie")
    d = decision(g, 0, "ChoosePile")
    assert d.optional and d.source == "Dame Natalie"
    assert set(d.piles) == {"Copper", "Silver", "Estate", "Curse", "Village", "Cellar", "Moat",
                            "Workshop", "Chapel"}
    assert events(g, "reveal") == []  # her gain comes before the attack
    answer(g, 0, "Silver")
    assert zone(g, 0, "discard") == ["Silver"] and zone(g, None, "trash") == ["Silver"]


def test_dame_natalie_may_decline_the_gain():
    g = attack("Dame Natalie", seat(deck=["Silver", "Copper"]))
    play(g, "Dame Natalie")
    answer(g, 0, None)
    assert zone(g, 0, "discard") == [] and zone(g, None, "trash") == ["Silver"]


def test_dame_natalie_gains_sir_martin_when_a_bridge_makes_him_cost_3():
    g = attack("Dame Natalie", seat(), hand=["Village", "Bridge"],
               supply={"Knights": ["Sir Martin", "Dame Anna"]})
    play(g, "Village")
    play(g, "Bridge")
    play(g, "Dame Natalie")
    answer(g, 0, "Knights")
    assert zone(g, 0, "discard") == ["Sir Martin"]


def test_dame_sylvia_gives_two_coins():
    g = attack("Dame Sylvia", seat(deck=["Copper", "Copper"]))
    play(g, "Dame Sylvia")
    assert g.coins == 2


def test_sir_bailey_gives_a_card_and_an_action():
    g = attack("Sir Bailey", seat(deck=["Silver", "Copper"]), deck=["Gold", "Copper"])
    play(g, "Sir Bailey")
    assert zone(g, 0, "hand") == ["Gold"] and g.actions == 1
    assert zone(g, None, "trash") == ["Silver"]


def test_sir_destry_draws_two_cards():
    g = attack("Sir Destry", seat(deck=["Silver", "Copper"]), deck=["Gold", "Copper", "Estate"])
    play(g, "Sir Destry")
    assert zone(g, 0, "hand") == ["Gold", "Copper"] and g.actions == 0


def test_sir_martin_gives_two_buys():
    g = attack("Sir Martin", seat(deck=["Silver", "Copper"]))
    play(g, "Sir Martin")
    assert g.buys == 3 and zone(g, None, "trash") == ["Silver"]


def test_sir_michael_victims_discard_down_to_3_before_the_trashing():
    g = attack("Sir Michael", seat(hand=FIVE, deck=["Silver", "Gold"]),
               seat(hand=FIVE + ["Copper"], deck=["Duchy", "Copper"]))
    play(g, "Sir Michael")
    assert open_kinds(g) == [(1, "ChooseCards"), (2, "ChooseCards")]  # at the same time
    assert events(g, "reveal") == [] and zone(g, None, "trash") == []
    answer(g, 2, ["Estate", "Estate", "Copper"])
    assert events(g, "reveal") == []
    answer(g, 1, ["Estate", "Estate"])
    assert zone(g, 1, "hand") == ["Copper"] * 3
    answer(g, 1, ["Silver"])
    assert zone(g, None, "trash") == ["Silver", "Duchy"]
    assert zone(g, 1, "discard") == ["Estate", "Estate", "Gold"]


def test_sir_michael_is_one_attack_so_moat_is_asked_once_and_blocks_both_parts():
    g = attack("Sir Michael", seat(hand=["Moat"] + FIVE, deck=["Silver", "Copper"]),
               seat(hand=["Copper"] * 3, deck=["Silver", "Copper"]))
    play(g, "Sir Michael")
    assert open_kinds(g) == [(1, "Reveal")]
    answer(g, 1, ["Moat"])
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert len(zone(g, 1, "hand")) == 6 and zone(g, 1, "deck") == ["Silver", "Copper"]
    assert zone(g, None, "trash") == ["Silver"]  # seat 2 had 3 cards: no discard, just [K]
    assert len(events(g, "reveal")) == 2  # the Moat, then seat 2's two cards


def test_sir_vander_trashed_on_his_owners_turn_gains_a_gold():
    g = position(seat(hand=["Chapel", "Sir Vander"]), seat(), kingdom=K)
    play(g, "Chapel")
    answer(g, 0, ["Sir Vander"])
    assert zone(g, 0, "discard") == ["Gold"] and len(g.piles["Gold"]) == 29


def test_sir_vander_gains_nothing_when_the_gold_pile_is_empty():
    g = attack("Dame Sylvia", seat(deck=["Sir Vander", "Copper"]), supply={"Gold": 0})
    play(g, "Dame Sylvia")
    assert zone(g, 1, "discard") == ["Copper"]
    assert zone(g, None, "trash") == ["Sir Vander", "Dame Sylvia"]


def test_sir_vander_trashed_by_another_players_swindler_gains_its_owner_a_gold():
    """004: on anyone's turn, whoever's card trashed him, the player who had him gains Gold."""
    g = position(seat(hand=["Swindler"]), seat(deck=["Sir Vander", "Copper"]),
                 kingdom=["Swindler", "Knights", "Market"],
                 supply={"Knights": ["Dame Anna", "Sir Bailey"]})
    play(g, "Swindler")
    assert zone(g, 1, "discard") == ["Gold"]
    assert "Knights" in offered(g, 0, "ChoosePile")  # the top Knight costs $5 too
    answer(g, 0, "Knights")
    assert zone(g, 1, "discard") == ["Gold", "Dame Anna"] and zone(g, 0, "discard") == []
    assert g.pile_top("Knights") == "Sir Bailey"


def test_throne_room_on_sir_michael_attacks_twice_and_discards_only_once():
    g = attack("Sir Michael", seat(hand=FIVE, deck=["Silver", "Copper", "Gold", "Copper"]),
               hand=["Throne Room"])
    play(g, "Throne Room")
    answer(g, 0, ["Sir Michael"])
    answer(g, 1, ["Estate", "Estate"])
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert zone(g, None, "trash") == ["Silver", "Gold"]
    assert [e["cards"] for e in events(g, "reveal")] == [["Silver", "Copper"], ["Gold", "Copper"]]


# ----- Knights with different names are different cards --------------------------------------


def test_tribute_counts_two_different_knights_as_two_differently_named_cards():
    g = position(seat(hand=["Tribute"]), seat(deck=["Sir Martin", "Dame Anna"]),
                 kingdom=["Tribute", "Knights"], edition=1)
    play(g, "Tribute")
    assert g.actions == 4


def test_wishing_well_naming_another_knight_misses():
    g = position(seat(hand=["Wishing Well"], deck=["Copper", "Sir Martin"]), seat(),
                 kingdom=["Wishing Well", "Knights"])
    play(g, "Wishing Well")
    answer(g, 0, "Sir Destry")
    assert zone(g, 0, "deck") == ["Sir Martin"]
    g = position(seat(hand=["Wishing Well"], deck=["Copper", "Sir Martin"]), seat(),
                 kingdom=["Wishing Well", "Knights"])
    play(g, "Wishing Well")
    answer(g, 0, "Sir Martin")
    assert zone(g, 0, "hand") == ["Copper", "Sir Martin"]


# ----- saving in the middle ----------------------------------------------------------------


def test_a_game_saved_while_a_victim_chooses_goes_on_the_same():
    def run(save: bool):
        g = attack("Sir Michael", seat(hand=FIVE, deck=["Sir Bailey", "Silver"]),
                   seat(deck=["Gold", "Copper"]))
        play(g, "Sir Michael")
        if save:
            g = reload(g)
        answer(g, 1, ["Estate", "Estate"])
        if save:
            g = reload(g)
        answer(g, 1, ["Sir Bailey"])
        return g

    a, b = run(False), run(True)
    assert a.state_dict() == b.state_dict()
    assert zone(a, None, "trash") == ["Sir Bailey", "Gold", "Sir Michael"]
