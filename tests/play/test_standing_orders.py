"""Standing orders: for each kind of decision they cover, the answer (or None), and in play."""

from __future__ import annotations

from engine.decisions import ChooseCards, ChooseOption, ChoosePile, NameCard, OrderCards, Reveal
from games.play import services as play
from games.play.standing_orders import only_legal_answer, orders_clean, standing_answer
from tests.play.helpers import actors, answer, card_id, hand, open_for


def _dict(decision, names: dict[int, str]) -> dict:
    decision.id = "d9"
    decision.names = [names.get(i, "?") for i in range(max(names) + 1)]
    return decision.to_dict()


def _reveal(*names: str) -> dict:
    cards = dict(enumerate(names))
    return _dict(Reveal(1, list(cards), 0, 1, "React to Militia?", source="Militia"), cards)


def _discard(excess: int, *names: str) -> dict:
    cards = dict(enumerate(names))
    return _dict(ChooseCards(1, list(cards), excess, excess,
                             f"Discard {excess} card(s), down to 3", source="Militia"), cards)


BUY = {"id": "d3", "seat": 0, "kind": "BuyPhase", "prompt": "Buy",
       "treasures": [{"id": 4, "name": "Copper"}], "piles": [], "coins": 0, "buys": 1}


def test_always_reveal_moat():
    assert standing_answer(_reveal("Moat"), {"moat": "always"}) == [0]


def test_never_reveal_moat():
    assert standing_answer(_reveal("Moat"), {"moat": "never"}) == []


def test_moat_orders_leave_other_reactions_to_the_player():
    assert standing_answer(_reveal("Moat", "Diplomat"), {"moat": "never"}) is None
    assert standing_answer(_reveal("Diplomat"), {"moat": "always"}) is None


def test_asking_about_moat_answers_nothing():
    assert standing_answer(_reveal("Moat"), {"moat": "ask"}) is None


def test_play_all_treasures_when_the_buy_phase_starts():
    assert standing_answer(BUY, {"autoplay_treasures": True}) == {"play": "all"}
    assert standing_answer({**BUY, "treasures": []}, {"autoplay_treasures": True}) is None
    assert standing_answer(BUY, {}) is None


def test_discard_down_drops_victory_cards_and_curses_first_then_the_cheapest():
    decision = _discard(3, "Gold", "Copper", "Estate", "Silver", "Curse", "Village")

    assert standing_answer(decision, {"discard_down": True}) == [4, 2, 1]  # Curse, Estate, Copper


def test_discard_down_keeps_action_victory_cards_out_of_the_junk():
    decision = _discard(1, "Nobles", "Silver", "Gold", "Gold")

    assert standing_answer(decision, {"discard_down": True}) == [1]  # Silver costs less


def test_discard_down_ignores_other_discards():
    cellar = _dict(ChooseCards(1, [0, 1], 0, 2, "Discard any number of cards"),
                   {0: "Estate", 1: "Copper"})
    assert standing_answer(cellar, {"discard_down": True}) is None


def test_only_one_legal_answer_choose_cards():
    same = _discard(2, "Copper", "Copper", "Copper", "Copper", "Copper")
    forced = _dict(ChooseCards(1, [0, 1], 2, 2, "Trash 2"), {0: "Estate", 1: "Copper"})
    free = _discard(2, "Copper", "Estate", "Silver", "Gold", "Copper")

    assert standing_answer(same, {"only_answer": True}) == [0, 1]
    assert standing_answer(forced, {"only_answer": True}) == [0, 1]
    assert standing_answer(free, {"only_answer": True}) is None
    assert standing_answer(same, {}) is None


def test_only_one_legal_answer_for_each_other_kind():
    option = _dict(ChooseOption(0, ["cards"], prompt="Choose"), {0: "x"})
    pile = _dict(ChoosePile(0, ["Silver"], [3], prompt="Gain"), {0: "x"})
    optional_pile = _dict(ChoosePile(0, ["Silver"], [3], optional=True), {0: "x"})
    name = _dict(NameCard(0, ["Copper"]), {0: "x"})
    order_same = _dict(OrderCards(0, [0, 1]), {0: "Copper", 1: "Copper"})
    order_two = _dict(OrderCards(0, [0, 1]), {0: "Copper", 1: "Gold"})

    assert only_legal_answer(option) == "cards"
    assert only_legal_answer(pile) == "Silver"
    assert only_legal_answer(optional_pile) is None
    assert only_legal_answer(name) == "Copper"
    assert only_legal_answer(order_same) == [0, 1]
    assert only_legal_answer(order_two) is None
    assert only_legal_answer(BUY) is None


def test_orders_are_cleaned_of_unknown_keys_and_values():
    assert orders_clean({"moat": "sometimes", "discard_down": 1, "evil": True}) == {
        "discard_down": True}


def test_a_moat_order_answers_the_attack_at_once(position_game, alice, bob, committed):
    play.standing_orders_set(user=bob, orders={"moat": "always"})
    game = position_game(
        [alice, bob],
        hand("Militia", "Copper", "Copper", "Copper", "Copper", deck=["Copper"] * 5),
        hand("Moat", "Estate", "Copper", "Silver", "Gold", deck=["Copper"] * 5),
        kingdom=["Militia", "Moat"])

    game = answer(game, 0, [card_id(game.decisions[0], "Militia")], committed)

    last = game.steps.order_by("number").last()
    assert (last.seat, last.actor) == (1, "standing_order")
    assert open_for(game, 1) is None  # Moat blocked the attack: nothing to discard


def test_a_per_game_override_beats_the_defaults(position_game, alice, bob, committed):
    play.standing_orders_set(user=bob, orders={"moat": "always"})
    game = position_game(
        [alice, bob],
        hand("Militia", "Copper", "Copper", "Copper", "Copper", deck=["Copper"] * 5),
        hand("Moat", "Estate", "Copper", "Silver", "Gold", deck=["Copper"] * 5),
        kingdom=["Militia", "Moat"])
    play.standing_orders_set(user=bob, orders={"moat": "ask"}, game_id=game.pk)

    game = answer(game, 0, [card_id(game.decisions[0], "Militia")], committed)

    assert open_for(game, 1)["kind"] == "Reveal"
    assert actors(game) == ["player"]


def test_treasures_are_played_when_the_buy_phase_starts(position_game, alice, bob, committed):
    game = position_game(
        [alice, bob],
        hand("Village", "Copper", "Copper", "Silver", "Estate", deck=["Copper"] * 5),
        hand("Copper", "Copper", "Copper", "Copper", "Copper", deck=["Copper"] * 5),
        kingdom=["Village"])
    play.standing_orders_set(user=alice, orders={"autoplay_treasures": True})

    game = answer(game, 0, [], committed)  # no Action: on to the Buy phase

    assert actors(game) == ["player", "standing_order"]
    buy = open_for(game, 0)
    assert buy["kind"] == "BuyPhase" and buy["coins"] == 4 and buy["treasures"] == []


def test_setting_an_order_answers_a_decision_already_waiting(position_game, alice, bob,
                                                             committed):
    game = position_game(
        [alice, bob],
        hand("Militia", "Copper", "Copper", "Copper", "Copper", deck=["Copper"] * 5),
        hand("Estate", "Duchy", "Copper", "Silver", "Gold", deck=["Copper"] * 5),
        kingdom=["Militia"])
    game = answer(game, 0, [card_id(game.decisions[0], "Militia")], committed)
    assert open_for(game, 1)["kind"] == "ChooseCards"

    with committed():
        play.standing_orders_set(user=bob, orders={"discard_down": True}, game_id=game.pk)

    assert open_for(game, 1) is None
    assert actors(game)[-1] == "standing_order"


def test_a_decision_with_only_one_legal_answer_is_answered_at_once(position_game, alice, bob,
                                                                   committed):
    game = position_game(
        [alice, bob],
        hand("Militia", "Copper", "Copper", "Copper", "Copper", deck=["Copper"] * 5),
        hand("Copper", "Copper", "Copper", "Copper", "Copper", deck=["Copper"] * 5),
        kingdom=["Militia"])
    play.standing_orders_set(user=bob, orders={"only_answer": True})

    game = answer(game, 0, [card_id(game.decisions[0], "Militia")], committed)

    last = game.steps.order_by("number").last()
    assert (last.seat, last.actor, len(last.answer)) == (1, "standing_order", 2)
    assert open_for(game, 1) is None
