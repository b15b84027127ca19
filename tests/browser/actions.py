"""Click an answer into the game page, the way a player would, for the browser tests."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, Page


def click_answer(page: Page, decision: dict, answer: Any) -> None:
    """Perform `answer` to `decision` with the page's own controls; return once the server
    has answered the POST (by then any bot that had to move after it has moved)."""
    posted = page.expect_response(
        lambda r: r.request.method == "POST" and "/play/decide/" in r.url)
    with posted:
        _click(page, decision, answer)


# Identical cards in the hand are stacked: only a strip of each lower copy shows, on its left.
STRIP = {"x": 12, "y": 40}


def card_control(page: Page, decision: dict, card_id: int) -> Locator:
    """The control a player clicks to choose card `card_id`: the card in the hand (a button, or
    the card whose checkbox it holds), or a card drawn in the decision's own form. A Reveal
    shows one choice per card name, so another copy of that name stands for it."""
    form = f"decision-{decision['id']}"
    ids = [card_id] + [c["id"] for c in decision.get("cards", ())
                       if decision["kind"] == "Reveal" and c["name"] == _name(decision, card_id)]
    for cid in ids:
        box = f'input[name="card"][value="{cid}"]'
        loc = page.locator(f'button[form="{form}"][name="card"][value="{cid}"], '
                           f'label:has(> {box}[form="{form}"]), #{form} label:has(> {box}), '
                           f'#{form} button[name="card"][value="{cid}"]')
        if loc.count():
            return loc.first
    raise AssertionError(f"no control for card {card_id} of {decision['id']}")


def _name(decision: dict, card_id: int) -> str | None:
    return next((c["name"] for c in decision.get("cards", ()) if c["id"] == card_id), None)


def _click(page: Page, decision: dict, answer: Any) -> None:
    form = page.locator(f"#decision-{decision['id']}")
    kind = decision["kind"]
    if kind == "BuyPhase":
        if answer == {"play": "all"}:
            form.get_by_role("button", name="Play all Treasures").click()
        elif "play" in answer:  # one Treasure from the hand (the first the answer names)
            page.locator(f'#my-hand-cards button[name="play"][value="{answer["play"][0]}"]'
                         ).click(position=STRIP)
        elif "buy" in answer:  # one click on the Supply pile itself
            page.locator(f'.supply button.pickable[value="{answer["buy"]}"]').click()
        else:
            form.get_by_role("button", name="End turn").click()
    elif kind in ("PlayAction", "Reveal", "ChooseCards") and decision["max"] > 1:
        for card_id in answer:
            card_control(page, decision, card_id).click(position=STRIP)
        form.locator("button.confirm").click()
    elif kind in ("PlayAction", "Reveal", "ChooseCards"):
        if answer:
            card_control(page, decision, answer[0]).click(position=STRIP)
        else:
            form.locator('button[name="decline"]').click()
    elif kind == "ChoosePile":
        selector = f'button[name="pile"][value="{answer}"]' if answer else 'button[name="decline"]'
        form.locator(selector).click()
    elif kind == "ChooseOption" and decision["max"] > 1:
        for key in answer:
            form.locator(f'input[name="option"][value="{key}"]').check()
        form.get_by_role("button", name="Done").click()
    elif kind == "ChooseOption":
        form.locator(f'button[name="option"][value="{answer}"]').click()
    elif kind == "OrderCards":
        for place, card_id in enumerate(answer, start=1):
            form.locator(f'select[name="order-{card_id}"]').select_option(str(place))
        form.get_by_role("button", name="Done").click()
    elif kind == "NameCard":
        form.locator('input[name="name"]').fill(answer)
        form.get_by_role("button", name="Name it").click()
    else:
        raise AssertionError(f"the browser tests do not click {kind} decisions")
