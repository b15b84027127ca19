"""Each kind of decision becomes a form offering only its legal choices, and a submitted form
becomes exactly the engine's answer format."""

from __future__ import annotations

import pytest
from django.http import QueryDict
from django.template.loader import render_to_string

from games.game_page.forms import BadForm, answer_from_post, decision_ui
from games.models import Game

CARDS = [{"id": 7, "name": "Copper"}, {"id": 9, "name": "Estate"}, {"id": 12, "name": "Moat"}]


def _decision(kind, **kw):
    return {"id": "d5", "seat": 0, "kind": kind, "prompt": "Do it", **kw}


def _post(**fields):
    q = QueryDict(mutable=True)
    for key, value in fields.items():
        q.setlist(key, value if isinstance(value, list) else [value])
    return q


def _form_html(decision):
    d = decision_ui(decision)
    return render_to_string("games/game/_decision.html",
                            {"d": d, "game": Game(pk=1), "step": 4, "looking": []})


def test_discarding_several_cards_is_a_checkbox_form_of_exactly_those_cards():
    d = _decision("ChooseCards", zone="hand", cards=CARDS, min=2, max=2)

    html = _form_html(d)

    assert html.count('type="checkbox" name="card"') == 3
    assert 'data-min="2" data-max="2"' in html and "choose 2" in html
    assert answer_from_post(d, _post(card=["9", "7"])) == [9, 7]


def test_a_single_optional_card_is_one_click_with_a_decline_button():
    d = _decision("Reveal", zone="hand", cards=[CARDS[2]], min=0, max=1)

    html = _form_html(d)

    assert 'name="card" value="12"' in html and "Reveal Moat" in html
    assert "Don&#x27;t reveal" in html
    assert answer_from_post(d, _post(card="12")) == [12]
    assert answer_from_post(d, _post(decline="1")) == []


def test_playing_an_action_offers_only_the_action_cards_and_the_buy_phase():
    d = _decision("PlayAction", zone="hand", cards=[CARDS[2]], min=0, max=1)

    html = _form_html(d)

    assert "Play Moat" in html and "Play Copper" not in html
    assert "Play no Action (go to Buy phase)" in html


def test_gaining_a_card_offers_only_the_legal_piles_with_costs():
    d = _decision("ChoosePile", piles=[{"name": "Silver", "cost": 3},
                                       {"name": "Village", "cost": 3}], optional=False)

    html = _form_html(d)

    assert "Silver ($3)" in html and "Village ($3)" in html and "Gold" not in html
    assert 'name="decline"' not in html
    assert answer_from_post(d, _post(pile="Village")) == "Village"


def test_an_optional_pile_can_be_declined_as_null():
    d = _decision("ChoosePile", piles=[], optional=True)

    assert "Choose nothing" in _form_html(d)
    assert answer_from_post(d, _post(decline="1")) is None


def test_choosing_one_option_is_one_button_each_and_two_options_are_checkboxes():
    one = _decision("ChooseOption", options=[{"key": "cards", "label": "+2 Cards"},
                                             {"key": "coins", "label": "+$2"}], min=1, max=1)
    two = {**one, "min": 2, "max": 2}

    assert 'name="option" value="coins"' in _form_html(one)
    assert answer_from_post(one, _post(option="coins")) == "coins"
    assert _form_html(two).count('type="checkbox" name="option"') == 2
    assert answer_from_post(two, _post(option=["coins", "cards"])) == ["coins", "cards"]


def test_ordering_cards_gives_each_a_position_and_answers_top_first():
    d = _decision("OrderCards", zone="revealed", cards=CARDS, min=3, max=3)

    html = _form_html(d)

    assert html.count("<select") == 3
    answer = answer_from_post(d, _post(**{"order-7": "3", "order-9": "1", "order-12": "2"}))
    assert answer == [9, 12, 7]
    with pytest.raises(BadForm):
        answer_from_post(d, _post(**{"order-7": "1", "order-9": "1", "order-12": "2"}))


def test_naming_a_card_offers_the_card_names():
    d = _decision("NameCard", names=["Copper", "Province"])

    html = _form_html(d)

    assert '<option value="Province">' in html
    assert answer_from_post(d, _post(name="Province")) == "Province"


def test_the_buy_phase_plays_all_treasures_buys_and_ends():
    d = _decision("BuyPhase", treasures=CARDS[:1], piles=[{"name": "Copper", "cost": 0}],
                  coins=1, buys=1)

    html = _form_html(d)

    assert "Play all Treasures" in html and "Buy Copper ($0)" in html and "End turn" in html
    assert answer_from_post(d, _post(play_all="1")) == {"play": "all"}
    assert answer_from_post(d, _post(play="7")) == {"play": [7]}
    assert answer_from_post(d, _post(buy="Copper")) == {"buy": "Copper"}
    assert answer_from_post(d, _post(end="1")) == {"end": True}
    with pytest.raises(BadForm):
        answer_from_post(d, _post())


def test_a_card_that_is_not_a_number_is_refused_before_the_engine():
    d = _decision("ChooseCards", zone="hand", cards=CARDS, min=1, max=2)

    with pytest.raises(BadForm):
        answer_from_post(d, _post(card="Copper"))
