"""Turn structure, the end of the game, scoring and shuffle timing."""
import pytest

from engine import IllegalAnswer
from engine.positions import build

KINGDOM = ["Cellar", "Library", "Bureaucrat", "Village", "Smithy", "Market", "Gardens",
           "Militia", "Moat", "Workshop"]


def position(p0: dict, p1: dict | None = None, **kw):
    return build({"kingdom": KINGDOM, "players": [p0, p1 or {}], **kw})


def answer(g, seat, value):
    d = next(d for d in g.pending() if d.seat == seat)
    return g.answer(seat, d.id, value)


def names(g, seat, zone):
    return [g.names[c] for c in getattr(g.players[seat], zone)]


def test_action_phase_is_skipped_without_actions_in_hand():
    g = position({"hand": ["Copper"] * 5})
    assert g.pending()[0].kind == "BuyPhase"


def test_treasures_cannot_be_played_after_the_first_buy():
    g = position({"hand": ["Copper"] * 3 + ["Silver", "Silver"]}, turn={"buys": 2})
    answer(g, 0, {"play": ["Copper", "Copper", "Copper"]})
    answer(g, 0, {"buy": "Silver"})
    d = g.pending()[0]
    assert d.treasures == []
    before = g.state_dict()
    with pytest.raises(IllegalAnswer):
        answer(g, 0, {"play": ["Silver"]})
    assert g.state_dict() == before


def test_coins_are_split_among_buys_and_unused_ones_vanish():
    g = position({"hand": ["Gold", "Gold", "Copper", "Estate", "Estate"]},
                 turn={"buys": 2})
    answer(g, 0, {"play": "all"})
    assert g.coins == 7
    answer(g, 0, {"buy": "Silver"})
    answer(g, 0, {"buy": "Silver"})
    assert g.active == 1 and (g.actions, g.buys, g.coins) == (1, 1, 0)


def test_clean_up_discards_play_and_hand_and_draws_five():
    g = position({"hand": ["Village", "Copper", "Estate"], "deck": ["Gold"] * 6})
    answer(g, 0, ["Village"])
    answer(g, 0, {"end": True})
    assert names(g, 0, "hand") == ["Gold"] * 5
    assert sorted(names(g, 0, "discard")) == ["Copper", "Estate", "Gold", "Village"]


def test_clean_up_shuffles_only_when_the_deck_runs_out():
    g = position({"hand": ["Estate"] * 5, "deck": ["Gold", "Gold"],
                  "discard": ["Silver"] * 4})
    answer(g, 0, {"end": True})
    hand = names(g, 0, "hand")
    assert hand[:2] == ["Gold", "Gold"]  # the old deck is drawn first
    # the hand was discarded first, so the shuffle held 4 Silvers and 5 Estates
    assert len(g.players[0].deck) == 6 and not g.players[0].discard


def test_game_ends_when_the_province_pile_is_empty():
    g = position({"hand": ["Gold", "Gold", "Silver"]}, supply={"Province": 1})
    answer(g, 0, {"play": "all"})
    answer(g, 0, {"buy": "Province"})
    assert g.over
    assert g.result["winners"] == [0]


def test_game_ends_at_end_of_turn_not_when_the_pile_empties():
    g = position({"hand": ["Gold", "Gold", "Gold", "Gold", "Gold"]},
                 supply={"Province": 1}, turn={"buys": 2})
    answer(g, 0, {"play": "all"})
    answer(g, 0, {"buy": "Province"})
    assert not g.over  # still my turn: one Buy left
    answer(g, 0, {"buy": "Gold"})
    assert g.over


def test_three_empty_supply_piles_end_the_game():
    g = position({"hand": ["Silver"]}, supply={"Curse": 0, "Village": 0, "Estate": 1})
    answer(g, 0, {"play": "all"})
    answer(g, 0, {"buy": "Estate"})
    assert g.over


def test_five_players_need_four_empty_piles():
    g = build({"kingdom": KINGDOM, "players": [{"hand": ["Silver"]}] + [{}] * 4,
               "supply": {"Curse": 0, "Village": 0, "Estate": 1}})
    answer(g, 0, {"play": "all"})
    answer(g, 0, {"buy": "Estate"})
    assert not g.over


def test_victory_points_come_from_every_zone():
    g = position({"hand": ["Province"], "deck": ["Duchy"], "discard": ["Estate", "Curse"],
                  "in_play": []}, supply={"Province": 0})
    assert g.score(0) == 6 + 3 + 1 - 1


def test_gardens_counts_all_cards_rounded_down():
    g = position({"hand": ["Gardens"], "deck": ["Copper"] * 36})
    assert g.score(0) == 3  # 37 cards


def test_tie_goes_to_the_player_with_fewer_turns():
    g = position({"hand": ["Gold", "Gold", "Silver"], "discard": []},
                 {"discard": ["Province", "Estate"]}, supply={"Province": 1},
                 turn={"player": 0})
    g.players[0].turns = 3
    g.players[1].turns = 2
    answer(g, 0, {"play": "all"})
    answer(g, 0, {"buy": "Province"})
    assert g.result["scores"] == [6, 7]
    # a different split: equal points, the player who had fewer turns wins
    g = position({"hand": ["Gold", "Gold", "Silver"]}, {"discard": ["Province"]},
                 supply={"Province": 1})
    g.players[0].turns = 2
    g.players[1].turns = 1
    answer(g, 0, {"play": "all"})
    answer(g, 0, {"buy": "Province"})
    assert g.result["scores"] == [6, 6] and g.result["winners"] == [1]


def test_equal_points_and_turns_share_the_victory():
    g = position({"hand": ["Gold", "Gold", "Silver"]}, {"discard": ["Province"]},
                 supply={"Province": 1})
    g.players[1].turns = g.players[0].turns
    answer(g, 0, {"play": "all"})
    answer(g, 0, {"buy": "Province"})
    assert g.result["winners"] == [0, 1]


def test_cellar_discards_are_shuffled_in_when_drawing_needs_a_shuffle():
    g = position({"hand": ["Cellar", "Gold", "Gold", "Gold", "Gold"], "deck": []})
    answer(g, 0, ["Cellar"])
    answer(g, 0, ["Gold", "Gold", "Gold", "Gold"])
    assert names(g, 0, "hand") == ["Gold"] * 4


def test_library_set_aside_cards_are_not_shuffled_in():
    g = position({"hand": ["Library", "Copper", "Copper", "Copper"], "deck": ["Village"],
                  "discard": ["Silver", "Silver"]})
    answer(g, 0, ["Library"])
    answer(g, 0, "skip")  # set the Village aside
    # deck ran out: the discard (2 Silvers) is shuffled, but not the Village
    assert sorted(names(g, 0, "hand")) == ["Copper"] * 3 + ["Silver"] * 2
    assert names(g, 0, "discard") == ["Village"]


def test_card_put_on_an_empty_deck_becomes_the_only_card():
    g = position({"hand": ["Bureaucrat"], "deck": [], "discard": ["Copper"] * 3})
    answer(g, 0, ["Bureaucrat"])
    assert names(g, 0, "deck") == ["Silver"]
    assert names(g, 0, "discard") == ["Copper"] * 3


def test_no_shuffle_until_a_card_is_needed():
    g = position({"hand": ["Copper"] * 5, "deck": [], "discard": ["Silver"]})
    assert not any(e[0] == "shuffle" for e in g.log)
    answer(g, 0, {"end": True})
    assert any(e[0] == "shuffle" for e in g.log)
