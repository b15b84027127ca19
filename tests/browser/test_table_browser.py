"""The card table in a real browser (issue 20): cards chosen by clicking them, a grouped hand
that wraps, the Supply's layout and card texts, creating a game from the kingdom picker,
kingdoms that wait for cards in the admin, small things, keyboard use, and axe-core finding no
serious accessibility violation on any of these pages (desktop and phone)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games import catalogue, selectors, services
from games.models import Game, Kingdom
from tests.browser.actions import STRIP, card_control
from tests.browser.conftest import start_game
from tests.browser.table_helpers import (
    SCREENSHOTS,
    advance,
    play_to_end,
    serious_violations,
)

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
MILITIA_MEETS_MOAT = "seed-15"  # a Militia makes a player discard within the first turns


def _open(page, game) -> None:
    page.goto(f"/games/{game.pk}/play/")
    expect(page.locator("#game")).to_have_attribute("data-socket", "open")


def _discard_table(make_user):
    """Two people; returns (game, the discarding seat's user, the open discard decision)."""
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, ["me", "open"], joiners=[bob], seed=MILITIA_MEETS_MOAT)
    decision = advance(game, lambda d: d["kind"] == "ChooseCards" and d["max"] > 1)
    return game, [alice, bob][decision["seat"]], decision


def test_discarding_to_a_militia_is_clicking_two_cards_in_the_hand(catalog, make_user,
                                                                  new_page):
    game, user, decision = _discard_table(make_user)
    page = new_page(user)
    _open(page, game)
    form = page.locator(f"#decision-{decision['id']}")
    confirm = form.locator("button.confirm")
    expect(form.locator('input[name="card"]')).to_have_count(0)  # no second row of names
    expect(confirm).to_have_text("Choose 2 cards to discard")
    first, second = (card_control(page, decision, c["id"]) for c in decision["cards"][-2:])
    first.click(position=STRIP)
    expect(confirm).to_have_text("Discard 1 card")
    second.click(position=STRIP)
    expect(confirm).to_have_text("Discard 2 cards")
    for card in (first, second):  # a chosen card lifts and shows a tick: not colour alone
        assert card.evaluate("e => getComputedStyle(e).transform") != "none"
        expect(card.locator(".picked-mark")).to_be_visible()
    assert serious_violations(page) == []
    page.mouse.move(5, 5)  # no card's text over the table in the picture
    page.screenshot(path=str(SCREENSHOTS / "table-choose.png"), full_page=False)
    with page.expect_response(lambda r: "/play/decide/" in r.url):
        confirm.click()
    expect(page.locator(".log-lines")).to_contain_text("You discarded")
    game.refresh_from_db()
    assert not any(d["id"] == decision["id"] for d in game.decisions)


def test_without_javascript_the_hand_cards_are_still_the_choices(catalog, make_user, new_page):
    game, user, decision = _discard_table(make_user)
    page = new_page(user, javascript=False)
    page.goto(f"/games/{game.pk}/play/")
    for card in decision["cards"][:2]:
        card_control(page, decision, card["id"]).click(position=STRIP)
    confirm = page.locator(f"#decision-{decision['id']} button.confirm")
    expect(confirm).to_have_text("Discard the chosen cards")
    with page.expect_navigation():
        confirm.click()
    expect(page.locator(".log-lines")).to_contain_text("You discarded")
    game.refresh_from_db()
    log = selectors.game_view(game, decision["seat"])["log"]
    assert any(e["type"] == "discard" and e["seat"] == decision["seat"] for e in log)


def _hand_fits(page) -> None:
    """Every card of the hand is on screen: nothing clipped, no hidden scrolling row."""
    box = page.locator("#my-hand-cards").bounding_box()
    lists = page.locator("#my-hand-cards")
    assert lists.evaluate("e => e.scrollWidth <= e.clientWidth")
    for card in page.locator("#my-hand-cards .hand-card").all():
        b = card.bounding_box()
        assert b["x"] >= box["x"] - 1 and b["x"] + b["width"] <= box["x"] + box["width"] + 1


def test_the_hand_groups_copies_shows_values_and_wraps(catalog, make_user, new_page):
    alice = make_user("alice")
    game = start_game(alice, ["me", "bmu"])
    for viewport in ({"width": 1280, "height": 900}, PHONE):
        page = new_page(alice, viewport=viewport)
        _open(page, game)
        coppers = page.locator('#my-hand-cards .stack:has(.card[data-name="Copper"])')
        count = coppers.locator(".hand-card").count()
        assert count >= 2  # 7 Coppers in 10 cards: a hand of 5 has at least two
        expect(coppers.locator(".stack-count")).to_have_text(f"{count} ×")
        value = coppers.locator(".card-value").last
        expect(value).to_have_text("$1")
        big = value.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
        small = coppers.locator(".card-cost").last.evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize)")
        assert big > 1.5 * small  # its value, not its $0 cost, is the big coin
        _hand_fits(page)
        # A long hand (as after a Smithy) wraps onto a second row instead of being clipped.
        page.evaluate("""() => { const ul = document.getElementById("my-hand-cards");
            const first = ul.querySelector(".stack");
            for (let i = 0; i < 6; i++) ul.appendChild(first.cloneNode(true)); }""")
        _hand_fits(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        if viewport == PHONE:
            assert serious_violations(page) == []


def test_the_supply_layout_and_the_full_text_on_hover_or_long_press(catalog, make_user,
                                                                    new_page):
    alice = make_user("alice")
    game = start_game(alice, ["me", "bmu"])
    page = new_page(alice)
    _open(page, game)
    base = page.locator(".base-piles").bounding_box()
    kingdom = page.locator(".supply-grid.kingdom")
    assert base["x"] + base["width"] <= kingdom.bounding_box()["x"]  # base piles at the side
    piles = kingdom.locator(".card").all()
    rows = sorted({round(p.bounding_box()["y"]) for p in piles})
    assert len(piles) == 10 and len(rows) == 2
    costs = [int(p.locator(".card-cost").inner_text().strip("$")) for p in piles]
    assert costs == sorted(costs)
    moat = kingdom.locator('.card:has(.card-name:text-is("Moat"))')
    tip = moat.locator(".card-tip")
    expect(tip).to_be_hidden()
    moat.hover()
    expect(tip).to_be_visible()
    expect(tip).to_contain_text("unaffected by it")  # the end of the text the tile cuts off
    phone = new_page(alice, viewport=PHONE)
    _open(phone, game)
    dialog = phone.locator("#card-dialog")
    phone.locator('.supply-grid.kingdom .card:has(.card-name:text-is("Moat"))').dispatch_event(
        "pointerdown", {"pointerType": "touch", "bubbles": True})  # held: a long press
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("unaffected by it")
    size = dialog.locator(".card-tip-text").evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 14  # readable on a phone
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()


def test_a_dark_ages_board_keeps_ruins_knights_and_non_supply_apart(catalog, make_user,
                                                                    new_page):
    alice = make_user("alice")
    game = services.game_create(creator=alice, seats=["me", "heuristic"], shelters="always",
                                kingdom=["Marauder", "Cultist", "Knights", "Hermit",
                                         "Market Square", "Fortress", "Squire", "Rats",
                                         "Bandit Camp", "Death Cart"])
    game = services.game_start(game=game, user=alice)
    page = new_page(alice)
    _open(page, game)
    ruins = page.locator(".ruins-group")
    non_supply = page.locator(".non-supply-group")
    expect(ruins.locator("h3")).to_contain_text("Ruins")
    expect(non_supply.locator("h3")).to_contain_text("Not in the Supply")
    expect(non_supply).to_contain_text("Spoils")
    knights = page.locator(".supply-grid.kingdom .card.mixed")
    expect(knights).to_contain_text("Knights pile · top card")
    for group in (ruins, non_supply):  # apart from the Kingdom, below it
        assert group.bounding_box()["y"] > page.locator(".supply-grid.kingdom").bounding_box()["y"]
    assert serious_violations(page) == []  # (test_dark_ages_browser takes its picture)


def test_creating_a_game_from_the_kingdom_picker_lands_on_the_game_page(catalog, make_user,
                                                                       new_page):
    catalogue.kingdoms_load()
    alice = make_user("alice")
    page = new_page(alice)
    page.goto("/games/new/")
    expect(page.locator(".create-game")).to_contain_text("first player is chosen at random")
    options = page.locator(".kingdom-options > li")
    total = options.count()
    page.get_by_label("has an Attack").check()
    page.get_by_label("has +Buy").check()
    shown = page.locator(".kingdom-options > li:visible")
    assert 0 < shown.count() < total
    for item in shown.all():
        assert item.get_attribute("data-attack") == "1" and item.get_attribute("data-buy") == "1"
    page.locator('select[data-filter="set"]').select_option("base")
    first = page.locator(".kingdom-option", has=page.locator("strong", has_text=re.compile(
        r"^First Game$")))
    expect(first).to_contain_text("Militia")
    assert serious_violations(page) == []
    first.click()
    expect(page.locator('input[name="kingdom_mode"][value="recommended"]')).to_be_checked()
    page.locator('select[name="seat_2"]').select_option("bmu")
    page.get_by_label("VP counter").check()
    page.get_by_role("button", name="Create game").click()
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/\d+/play/$"))
    game = Game.objects.latest("pk")
    assert game.kingdom == Kingdom.objects.get(name="First Game") and game.vp_counter
    expect(page.locator(".tag.score").first).to_have_text(re.compile(r"\d+ VP"))


def test_staff_save_unlist_and_annotate_a_kingdom_waiting_for_cards(catalog, make_user,
                                                                    new_page):
    catalogue.kingdoms_load()
    staff = get_user_model().objects.create_superuser("root", "root@example.com", "pw-42-x")
    waiting = Kingdom.objects.filter(playable=False, recommended=True).first()
    page = new_page(staff)
    page.goto(f"/admin/games/kingdom/{waiting.pk}/change/")
    expect(page.locator(".messagelist")).to_contain_text("not implemented yet")
    page.get_by_label("Listed as recommended").uncheck()
    page.locator("#id_note").fill("Waits for its other expansion.")
    page.locator('input[name="_save"]').click()
    expect(page.locator(".messagelist")).to_contain_text("is saved but not playable")
    waiting.refresh_from_db()
    assert not waiting.recommended and waiting.note == "Waits for its other expansion."


def test_a_turn_by_keyboard_with_visible_focus_and_clear_labels(catalog, make_user, new_page):
    alice = make_user("alice")
    game = start_game(alice, ["me", "bmu"])
    page = new_page(alice)
    _open(page, game)
    game.refresh_from_db()
    decision = game.decisions[0]
    assert decision["kind"] == "BuyPhase"
    copper = page.locator('#my-hand-cards button[name="play"]').first
    expect(copper).to_have_attribute("aria-label", re.compile(r"^Play Copper"))
    copper.focus()
    outline = copper.evaluate("e => getComputedStyle(e).outlineStyle")
    assert outline != "none"  # focus is visible
    with page.expect_response(lambda r: "/play/decide/" in r.url):
        page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement && document.activeElement.tagName")
    assert focused in ("BUTTON", "A", "DIV", "LABEL", "INPUT", "SUMMARY", "H2")
    pile = page.locator(".supply-grid.basic .card").first
    label = pile.get_attribute("aria-label")
    assert re.match(r"^(Buy )?Copper", label) and "$0" in label and "left" in label
    assert serious_violations(page) == []


def test_small_things(catalog, make_user, new_page):
    alice = make_user("alice")
    game = start_game(alice, ["me", "bmu"])
    page = new_page(alice)
    _open(page, game)
    icon = page.locator('link[rel="icon"]').get_attribute("href")
    assert page.request.get(icon).ok and page.request.get("/favicon.ico").ok
    expect(page.locator(".log-lines")).not_to_contain_text("(turn")
    expect(page.locator(".play-panel .seat-clocks")).to_have_count(0)  # no unlabelled list
    page.goto("/profile/api-tokens/")
    expect(page.get_by_role("link", name="the API documentation")).to_have_attribute(
        "href", "/api/v1/docs/")
    expect(page.locator("main")).not_to_contain_text("docs/api.md")


def test_a_normal_turn_takes_three_clicks(catalog, make_user, new_page):
    """Play an Action, play the Treasures, buy: the turn ends by itself with the last Buy.
    (Before the card table it was three clicks too, on buttons apart from the cards.)"""
    alice = make_user("alice")
    game = start_game(alice, ["me", "bmu"], seed="clicks-1")
    decision = advance(game, lambda d: d["seat"] == 0 and d["kind"] == "PlayAction"
                       and any(c["name"] == "Militia" for c in d["cards"]))
    turns = selectors.game_view(game, 0)["players"][0]["turns"]
    page = new_page(alice)
    _open(page, game)
    militia = next(c for c in decision["cards"] if c["name"] == "Militia")
    clicks = [lambda: card_control(page, decision, militia["id"]).click(position=STRIP),
              lambda: page.get_by_role("button", name=re.compile("Play all Treasures")).click(),
              lambda: page.locator(".supply button.pickable").last.click()]
    for click in clicks:
        with page.expect_response(lambda r: "/play/decide/" in r.url):
            click()
    game.refresh_from_db()
    me = selectors.game_view(game, 0)["players"][0]
    log = selectors.game_view(game, 0)["log"]
    assert any(e["type"] == "buy" and e["seat"] == 0 for e in log[-30:])
    assert me["turns"] == turns + 1 or selectors.game_view(game, 0)["turn"]["player"] == 1


def test_the_main_pages_have_no_serious_accessibility_violation(catalog, make_user, new_page,
                                                                live_asgi, browser):
    """axe-core over the pages a player goes through, signed in and out, desktop and phone."""
    alice, bob = make_user("alice"), make_user("bob")
    waiting = services.game_create(creator=alice, seats=["me", "open"],
                                   kingdom=["Cellar", "Market", "Merchant", "Militia", "Mine",
                                            "Moat", "Remodel", "Smithy", "Village", "Workshop"])
    finished = play_to_end(start_game(alice, ["me", "bmu"]))
    pages = ["/", "/games/new/", "/games/mine/", f"/games/{waiting.pk}/",
             f"/games/{finished.pk}/play/", f"/games/{finished.pk}/replay/", "/leaderboard/",
             "/players/alice/", "/profile/", "/profile/api-tokens/", "/play/notifications/",
             "/play/settings/", "/social/settings/"]
    found = {}
    for viewport in ({"width": 1280, "height": 900}, PHONE):
        page = new_page(alice, viewport=viewport)
        for url in pages:
            assert page.goto(url).ok, url
            found[(url, viewport["width"])] = serious_violations(page)
    stranger = browser.new_context(base_url=live_asgi.url).new_page()
    for url in ("/", "/accounts/login/", "/accounts/signup/", f"/games/{waiting.pk}/"):
        assert stranger.goto(url).ok, url
        found[(url, "signed out")] = serious_violations(stranger)
    stranger.context.close()
    assert {k: v for k, v in found.items() if v} == {}
    keyboard = new_page(bob)
    keyboard.goto(f"/games/{waiting.pk}/")
    reached = []
    for _ in range(40):  # every control reached by Tab shows where the focus is
        keyboard.keyboard.press("Tab")
        focus = keyboard.evaluate("""() => { const e = document.activeElement;
            const s = getComputedStyle(e);
            return [e.tagName, e.textContent.trim().slice(0, 30), s.outlineStyle, s.boxShadow];
        }""")
        if focus[0] == "BODY":
            break
        reached.append(focus[1])
        assert focus[2] != "none" or focus[3] != "none", focus
    assert "Join this game" in reached, reached  # the main control is reached by keyboard
