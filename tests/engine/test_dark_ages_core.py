"""The machinery Dark Ages needs, each shown with the smallest card that uses it: Reactions of
different players taking effect in turn order (the Gate), a card that is another card until
it leaves play (Band of Misfits), the Shelters rule, the Ruins pile, reactions to a trashing
and to playing an Attack, later printings' names, and scripted mixed piles."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from engine import IllegalAnswer, loads, new_game
from engine.cardbase import ACTION, ATTACK, DARK_AGES, REACTION
from engine.decisions import ChooseCards
from tests.engine.helpers import (
    answer,
    buy,
    decision,
    end_turn,
    owned,
    play,
    position,
    reload,
    seat,
    total_cards,
    treasures,
    zone,
)

KINGDOM = ["Village", "Smithy", "Remodel", "Workshop", "Militia", "Moat", "Chapel",
           "Throne Room", "Market", "Cellar"]
VICTIM_HAND = ["Copper", "Copper", "Copper", "Estate"]


# ----- Reactions of different players take effect in turn order -------------------------
def _alms_reaction(g, v, cid, attacker):
    """A test Reaction that competes for a pile: discard it to gain a Silver."""
    g.discard(v, [cid], public=True)
    yield from g.gain(v, "Silver")
    return False


@pytest.fixture
def alms(test_cards):
    test_cards("Alms", 2, ACTION | REACTION, reaction=_alms_reaction)
    return ["Alms", *KINGDOM[:9]]


def _three_with_alms(kingdom, silvers=1):
    return position(seat(hand=["Militia"]), seat(hand=["Alms", *VICTIM_HAND]),
                    seat(hand=["Alms", *VICTIM_HAND]), kingdom=kingdom,
                    supply={"Silver": silvers})


def test_a_later_players_reaction_waits_for_the_earlier_players_choice(alms):
    g = _three_with_alms(alms)
    play(g, "Militia")
    assert sorted(d.seat for d in g.pending()) == [1, 2]  # both decide at once
    answer(g, 2, ["Alms"])  # seat 2 (second from the attacker's left) answers first
    assert [d.seat for d in g.pending()] == [1]  # its Alms waits for seat 1
    assert zone(g, 2, "hand").count("Alms") == 1
    answer(g, 1, ["Alms"])
    assert Counter(zone(g, 1, "discard"))["Silver"] == 1  # seat 1 first: the last Silver
    assert "Silver" not in zone(g, 2, "discard")
    assert zone(g, None, "Silver") == []


def test_in_turn_order_the_result_does_not_depend_on_the_answer_order(alms):
    first, second = _three_with_alms(alms), _three_with_alms(alms)
    for g, order in ((first, (1, 2)), (second, (2, 1))):
        play(g, "Militia")
        for v in order:
            answer(g, v, ["Alms"])
        for v in (1, 2):
            answer(g, v, ["Estate"])
    assert first.state_dict()["players"] == second.state_dict()["players"]
    assert first.state_dict()["piles"] == second.state_dict()["piles"]


def test_declining_lets_the_next_player_go_on_at_once(alms):
    g = _three_with_alms(alms)
    play(g, "Militia")
    answer(g, 2, ["Alms"])
    answer(g, 1, [])  # seat 1 declines: seat 2's Alms goes ahead
    assert "Silver" in zone(g, 2, "discard")
    assert sorted((d.seat, d.kind) for d in g.pending()) == [(1, "ChooseCards"),
                                                            (2, "ChooseCards")]


def test_a_waiting_reaction_survives_save_and_load(alms):
    g = _three_with_alms(alms)
    play(g, "Militia")
    answer(g, 2, ["Alms"])
    g = reload(g)
    assert [d.seat for d in g.pending()] == [1]
    answer(g, 1, [])
    assert "Silver" in zone(g, 2, "discard")


def test_reactions_of_one_player_still_come_one_at_a_time_with_a_gate(alms):
    g = position(seat(hand=["Militia"]), seat(hand=["Alms", "Moat", *VICTIM_HAND[:3]]),
                 seat(hand=["Alms", *VICTIM_HAND]), kingdom=alms, supply={"Silver": 5})
    play(g, "Militia")
    answer(g, 1, ["Alms"])
    assert decision(g, 1).kind == "Reveal"  # Moat may follow
    answer(g, 1, ["Moat"])
    answer(g, 2, [])
    assert "Silver" in zone(g, 1, "discard") and len(zone(g, 1, "hand")) == 4  # Moat blocked


# ----- a card that is another card until it leaves play (Band of Misfits) -----------------
def _mimic(target):
    def effect(g, p, me):
        g.disguise(me, target)
        yield from g.resolve(p, me)
    return effect


def test_a_disguised_card_is_that_card_in_play_and_itself_again_after(test_cards):
    test_cards("Mimic", 5, ACTION, effect=_mimic("Village"))
    g = position(seat(hand=["Mimic", "Smithy"], deck=["Gold", "Silver"]), seat(),
                 kingdom=["Mimic", *KINGDOM[:9]])
    play(g, "Mimic")
    assert zone(g, 0, "in_play") == ["Village"] and g.actions == 2
    assert zone(g, 0, "hand") == ["Smithy", "Gold"]
    me = g.players[0].play[0]
    assert g.cost_of(me) == 3
    assert g.view(1)["players"][0]["in_play"] == ["Village"]
    g = reload(g)  # the disguise is part of the saved state
    assert zone(g, 0, "in_play") == ["Village"]
    end_turn(g)
    assert "Mimic" in zone(g, 0, "discard") + zone(g, 0, "hand") + zone(g, 0, "deck")
    assert g.disguised == {} and g.cost_of(me) == 5


def test_a_disguised_card_that_moves_itself_is_itself_where_it_lands(test_cards):
    test_cards("Mimic2", 5, ACTION, effect=_mimic("Mining Village"))
    g = position(seat(hand=["Mimic2"], deck=["Copper"]), seat(), kingdom=["Mimic2", *KINGDOM[:9]])
    play(g, "Mimic2")
    answer(g, 0, "trash", card="Mining Village")
    assert zone(g, None, "trash") == ["Mimic2"] and g.coins == 2
    assert g.disguised == {}


def test_throne_room_plays_a_disguised_card_twice_as_the_same_card(test_cards):
    test_cards("Mimic3", 5, ACTION, effect=_mimic("Village"))
    g = position(seat(hand=["Throne Room", "Mimic3"], deck=["Copper", "Copper", "Copper"]),
                 seat(), kingdom=["Mimic3", *KINGDOM[:9]])
    play(g, "Throne Room")
    answer(g, 0, ["Mimic3"])
    assert g.actions == 4 and len(zone(g, 0, "hand")) == 2


# ----- reactions to a trashing and to playing an Attack ------------------------------------
def test_a_hand_reaction_to_trashing_is_asked_once_per_trashing(test_cards):
    seen = []

    def watch(g, p, cid, trashed):
        seen.append([g.names[c] for c in trashed])
        return
        yield

    test_cards("Rook", 3, ACTION | REACTION, triggers={"hand_trash": watch})
    g = position(seat(hand=["Chapel", "Rook", "Rook", "Copper", "Estate", "Curse"]), seat(),
                 kingdom=["Rook", *KINGDOM[:9]])
    play(g, "Chapel")
    answer(g, 0, ["Copper", "Estate", "Curse"])
    # two Rooks, one trashing of three cards: each Rook once, no "which first?" between twins
    assert seen == [["Copper", "Estate", "Curse"]] * 2
    assert [d.kind for d in g.pending()] == ["PlayAction"] or g.phase == "buy"


def test_a_card_in_play_acts_when_its_owner_plays_another_attack(test_cards):
    calls = []

    def on_attack(g, p, cid, attack):
        calls.append(g.names[attack])
        return
        yield

    test_cards("Scout Camp", 3, ACTION, plus_actions=2, triggers={"play_attack": on_attack})
    g = position(seat(hand=["Scout Camp", "Militia", "Throne Room"]), seat(),
                 kingdom=["Scout Camp", *KINGDOM[:9]])
    play(g, "Scout Camp")
    play(g, "Militia")
    assert calls == ["Militia"]


def test_choose_cards_can_allow_only_some_counts():
    d = ChooseCards(0, [1, 2, 3], 0, 2, sizes=(0, 2))
    d.names = ["a", "b", "c", "d"]
    assert d.validate([1, 2]) == [1, 2] and d.validate([]) == []
    with pytest.raises(IllegalAnswer, match="0 or 2"):
        d.validate([1])


# ----- Shelters: always, never, or the rulebook's random card ------------------------------
@pytest.fixture
def dark_kingdom(test_cards):
    for i in range(10):
        test_cards(f"Gloom {i}", 3, ACTION, sets=DARK_AGES)
    return [f"Gloom {i}" for i in range(10)]


def test_auto_shelters_with_only_dark_ages_cards_always_uses_them(dark_kingdom):
    g = new_game({"players": 2, "kingdom": dark_kingdom, "shelters": "auto"}, "s")
    assert g.options["shelters"] is True and g.options["shelters_card"] in dark_kingdom
    assert "Hovel" in g.names
    start = next(e for e in g.log_for(0) if e["type"] == "start")
    assert start["shelters"] is True and start["shelters_card"] in dark_kingdom
    assert g.view(None)["options"]["shelters_card"] == g.options["shelters_card"]


def test_auto_shelters_follow_a_random_kingdom_card_recorded_by_the_game(dark_kingdom):
    kingdom = [dark_kingdom[0], *KINGDOM[:9]]
    seen = set()
    for i in range(40):
        g = new_game({"players": 2, "kingdom": kingdom, "shelters": "auto"}, f"seed{i}")
        decider = g.options["shelters_card"]
        assert g.options["shelters"] == (decider == dark_kingdom[0])
        assert ("Hovel" in g.names) == g.options["shelters"]
        seen.add(g.options["shelters"])
        again = new_game({"players": 2, "kingdom": kingdom, "shelters": "auto"}, f"seed{i}")
        assert again.options == g.options  # the seed decides, so a replay agrees
    assert seen == {True, False}


def test_a_setup_that_names_no_rule_follows_the_rulebook():
    """The rulebook's rule is the default: with only Dark Ages Kingdom cards each starting
    deck is seven Coppers and the three Shelters (the Estate pile unchanged)."""
    dark = ["Altar", "Armory", "Band of Misfits", "Bandit Camp", "Beggar", "Catacombs",
            "Count", "Counterfeit", "Cultist", "Death Cart"]
    g = new_game({"players": 2, "kingdom": dark}, "no-rule")
    assert g.options["shelters"] is True
    for p in range(2):
        assert owned(g, p) == Counter({"Copper": 7, "Hovel": 1, "Necropolis": 1,
                                       "Overgrown Estate": 1})
    assert len(g.piles["Estate"]) == 8
    plain = new_game({"players": 2, "kingdom": KINGDOM}, "no-rule")
    assert owned(plain, 0) == Counter({"Copper": 7, "Estate": 3})
    # the decision has its own draw of the stream: the deal is the same either way
    forced = new_game({"players": 2, "kingdom": dark, "shelters": False}, "no-rule")
    assert zone(forced, 0, "hand").count("Copper") == zone(g, 0, "hand").count("Copper")


def test_auto_shelters_without_dark_ages_cards_never_uses_them():
    g = new_game({"players": 2, "kingdom": KINGDOM, "shelters": "auto"}, "s")
    assert g.options["shelters"] is False and g.options["shelters_card"] in KINGDOM


# ----- the Ruins pile --------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_the_ruins_pile_is_ten_per_player_after_the_first_from_ten_of_each(n):
    g = new_game({"players": n, "kingdom": KINGDOM, "extra_piles": ["Ruins"]}, f"r{n}")
    ruins = Counter(zone(g, None, "Ruins"))
    assert sum(ruins.values()) == 10 * (n - 1) and max(ruins.values()) <= 10
    assert "Ruins" in g.supply


def test_only_the_top_ruins_shows_in_every_view():
    g = new_game({"players": 4, "kingdom": KINGDOM, "extra_piles": ["Ruins"]}, "r")
    top = g.pile_top("Ruins")
    for viewer in (None, 0, 1):
        pile = next(p for p in g.view(viewer)["supply"] if p["pile"] == "Ruins")
        assert (pile["top"], pile["count"], pile["cost"]) == (top, 30, 0)
        hidden = set(zone(g, None, "Ruins")) - {top}
        text = json.dumps(g.view(viewer))
        assert not any(name in text for name in hidden)


def test_ruins_can_be_bought_for_nothing_and_count_for_the_pile_ending():
    g = position(seat(hand=["Copper"]), seat(), kingdom=KINGDOM, extra_piles=["Ruins"],
                 supply={"Ruins": ["Survivors", "Ruined Market"], "Curse": 0, "Estate": 0})
    buy(g, "Ruins")
    assert owned(g, 0)["Survivors"] == 1 and g.pile_top("Ruins") == "Ruined Market"
    g.piles["Ruins"].clear()
    assert g.empty_supply_piles() == 3 and g._game_ended()


# ----- names: a later printing's name is the same card -----------------------------------
def test_farm_is_harem_everywhere_a_card_name_is_taken():
    g = new_game({"players": 2, "kingdom": ["Farm", *KINGDOM[:9]]}, "f")
    assert "Harem" in g.supply and "Farm" not in g.piles
    g = position(seat(hand=["Cellar", "Farm", "Gold", "Gold"], deck=["Silver"]), seat(),
                 kingdom=["Farm", *KINGDOM[:9]], card_editions={"Farm": 1})
    assert zone(g, 0, "hand") == ["Cellar", "Harem", "Gold", "Gold"]
    assert g.setup["card_editions"] == {"Harem": 1}
    play(g, "Cellar")
    answer(g, 0, ["Farm"])
    assert zone(g, 0, "discard") == ["Harem"]
    treasures(g)
    assert g.coins == 8
    buy(g, "Farm")
    assert owned(g, 0)["Harem"] == 2


# ----- scripted positions can order a mixed pile -----------------------------------------
def test_a_position_lists_a_mixed_pile_top_first_or_keeps_the_dealt_top():
    g = position(seat(), seat(), kingdom=KINGDOM, extra_piles=["Ruins"],
                 supply={"Ruins": ["Survivors", "Ruined Village", "Abandoned Mine"]})
    assert zone(g, None, "Ruins") == ["Abandoned Mine", "Ruined Village", "Survivors"]
    g = position(seat(), seat(), kingdom=KINGDOM, extra_piles=["Ruins"], supply={"Ruins": 3})
    assert len(zone(g, None, "Ruins")) == 3
    total = total_cards(g)
    assert total == len(g.names)


def test_saves_written_before_disguises_existed_still_load():
    g = new_game({"players": 2, "kingdom": KINGDOM}, "old")
    data = json.loads(g.dumps())
    del data["state"]["disguised"]
    again = loads(json.dumps(data))
    assert again.disguised == {} and again.view(0) == g.view(0)


def test_attack_with_no_hit_returns_who_would_be_hit(test_cards):
    got = []

    def spy_attack(g, p, me):
        got.append((yield from g.attack(p, me, None)))

    test_cards("Scry", 3, ACTION | ATTACK, effect=spy_attack)
    g = position(seat(hand=["Scry"]), seat(hand=["Moat"]), seat(hand=["Copper"]),
                 kingdom=["Scry", *KINGDOM[:9]])
    play(g, "Scry")
    answer(g, 1, ["Moat"])
    assert got == [[2]]


def test_the_shelters_decider_does_not_change_the_deal():
    """Draw 0 of the stream decides Shelters: the same seed deals the same decks and first
    player with "auto" as without it (in a kingdom with no Dark Ages card)."""
    a = new_game({"players": 3, "kingdom": KINGDOM, "shelters": "auto"}, "same")
    b = new_game({"players": 3, "kingdom": KINGDOM, "shelters": False}, "same")
    assert a.first == b.first
    assert [p.to_dict() for p in a.players] == [p.to_dict() for p in b.players]
