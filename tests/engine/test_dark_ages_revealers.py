"""Dark Ages "revealers": Band of Misfits, Procession, Rebuild, Rogue, Sage, Scavenger,
Storeroom, Vagrant and Wandering Minstrel. Each part of each text, and every ruling of the
Dark Ages rulebook's card descriptions (seed 004) and cards.md section 4.

Knights, Hermit, Death Cart and Cultist belong to other groups of cards: where a ruling names
one of them, a test-only card with the same shape stands in for it (`test_cards`).
"""
from __future__ import annotations

import pytest

from engine.cardbase import ACTION, ATTACK, KNIGHT, REGISTRY, VICTORY, card
from engine.positions import build
from tests.engine.helpers import (
    answer,
    buy,
    count,
    decision,
    end_turn,
    events,
    illegal,
    offered,
    open_kinds,
    play,
    reload,
    seat,
    spec,
    total_cards,
    treasures,
    zone,
)

K = ["Band of Misfits", "Procession", "Rebuild", "Rogue", "Sage", "Scavenger", "Storeroom",
     "Vagrant", "Wandering Minstrel", "Village", "Smithy", "Market", "Moat", "Militia",
     "Gardens", "Festival"]


def game(*players, extra_piles=(), **kw):
    """A position (seat 0 to play) with the extra non-Kingdom piles asked for."""
    kw.setdefault("kingdom", K)
    return build({**spec(*players, **kw), "extra_piles": list(extra_piles)})


@pytest.fixture
def test_cards():
    """Register test-only cards for one test (stand-ins for other groups' cards)."""
    made = []

    def make(name, cost, types, **kw):
        made.append(name)
        return card(name, cost, types, "test", **kw)

    yield make
    for name in made:
        del REGISTRY[name]


@pytest.fixture
def knights(test_cards):
    """A Knights-like split pile, "Paladins": Sir Cheap ($4, +2 Buys) and Dame Vera ($5, an
    Action-Attack-Knight-Victory worth 2VP, like Dame Josephine)."""
    test_cards("Sir Cheap", 4, ACTION | ATTACK | KNIGHT, plus_buys=2, is_kingdom=False)
    test_cards("Dame Vera", 5, ACTION | ATTACK | KNIGHT | VICTORY, vp=2, is_kingdom=False)
    test_cards("Paladins", 5, ACTION | ATTACK | KNIGHT, members=("Sir Cheap", "Dame Vera"))


def bom(g, p=0) -> int:
    """The id of the (first) Band of Misfits seat p has, wherever it is."""
    pl = g.players[p]
    for c in pl.all_cards() + g.trash_pile:
        if g.disguised.get(str(c), g.names[c]) == "Band of Misfits":
            return c
    raise AssertionError("no Band of Misfits")


# ===== Band of Misfits =======================================================================
def test_band_of_misfits_played_as_village_is_village_until_it_leaves_play():
    g = game(seat(hand=["Band of Misfits", "Smithy"], deck=["Copper"] * 6), seat())
    me = bom(g)
    play(g, "Band of Misfits")
    assert decision(g, 0).kind == "ChoosePile" and decision(g, 0).source == "Band of Misfits"
    answer(g, 0, "Village")
    assert zone(g, 0, "in_play") == ["Village"]
    assert g.actions == 2 and zone(g, 0, "hand") == ["Smithy", "Copper"]
    assert g.cost_of(me) == 3 and g.is_type(me, ACTION)


def test_band_of_misfits_played_as_smithy_draws_three():
    g = game(seat(hand=["Band of Misfits"], deck=["Gold", "Silver", "Copper", "Estate"]), seat())
    play(g, "Band of Misfits")
    answer(g, 0, "Smithy")
    assert zone(g, 0, "hand") == ["Gold", "Silver", "Copper"]
    assert zone(g, 0, "in_play") == ["Smithy"]


def test_band_of_misfits_offers_only_cheaper_action_cards_on_top_of_supply_piles():
    g = game(seat(hand=["Band of Misfits"]), seat(),
             kingdom=["Band of Misfits", "Village", "Smithy", "Market", "Festival", "Gardens",
                      "Moat", "Laboratory"],
             supply={"Moat": 0})
    play(g, "Band of Misfits")
    # not Market/Festival/Laboratory ($5), Gardens (not an Action), Moat (empty pile),
    # Band of Misfits itself ($5), nor Treasures
    assert sorted(offered(g, 0)) == ["Smithy", "Village"]


def test_band_of_misfits_cannot_be_played_as_a_non_supply_card():
    g = game(seat(hand=["Band of Misfits"]), seat(), kingdom=["Band of Misfits", "Village"],
             extra_piles=["Madman", "Mercenary"])
    play(g, "Band of Misfits")
    assert offered(g, 0) == ["Village"]


def test_band_of_misfits_is_judged_against_its_cost_with_cost_changes():
    """With $2 of cost reduction, Band of Misfits costs $3: Smithy ($2) qualifies, Market
    ($3) does not."""
    g = game(seat(hand=["Band of Misfits"]), seat(),
             kingdom=["Band of Misfits", "Smithy", "Market"], turn={"cost_reduction": 2})
    play(g, "Band of Misfits")
    assert offered(g, 0) == ["Smithy"]


def test_band_of_misfits_can_be_the_top_knight_only(knights):
    g = game(seat(hand=["Band of Misfits"]), seat(), kingdom=["Band of Misfits", "Paladins"],
             supply={"Paladins": ["Sir Cheap", "Dame Vera"]})
    play(g, "Band of Misfits")
    assert offered(g, 0) == ["Paladins"]
    answer(g, 0, "Paladins")
    assert zone(g, 0, "in_play") == ["Sir Cheap"] and g.buys == 3
    assert count(g, "Paladins") == 2  # it stays in the Supply: only played as it

    covered = game(seat(hand=["Band of Misfits", "Village"]), seat(),
                   kingdom=["Band of Misfits", "Paladins", "Village"],
                   supply={"Paladins": ["Dame Vera", "Sir Cheap"]})
    play(covered, "Band of Misfits")
    assert offered(covered, 0) == ["Village"]  # Sir Cheap is under Dame Vera


def test_band_of_misfits_can_be_the_top_ruins():
    g = game(seat(hand=["Band of Misfits"], deck=["Copper"]), seat(),
             kingdom=["Band of Misfits"], extra_piles=["Ruins"],
             supply={"Ruins": ["Ruined Village", "Survivors"]})
    play(g, "Band of Misfits")
    assert offered(g, 0) == ["Ruins"]
    answer(g, 0, "Ruins")
    assert zone(g, 0, "in_play") == ["Ruined Village"] and g.actions == 1


def test_choosing_no_card_is_allowed_when_none_qualifies():
    g = game(seat(hand=["Band of Misfits", "Copper"]), seat(),
             kingdom=["Band of Misfits", "Market", "Festival"])
    play(g, "Band of Misfits")
    assert open_kinds(g) == [(0, "BuyPhase")]  # nothing to choose: it did nothing
    assert zone(g, 0, "in_play") == ["Band of Misfits"] and g.disguised == {}


def test_band_of_misfits_must_be_played_as_a_card_when_one_qualifies():
    g = game(seat(hand=["Band of Misfits"]), seat(), kingdom=["Band of Misfits", "Village"])
    play(g, "Band of Misfits")
    d = decision(g, 0)
    assert d.optional is False
    assert "must choose" in illegal(g, 0, d.id, None)
    illegal(g, 0, d.id, "Market")


def test_band_of_misfits_as_mining_village_trashing_itself_trashes_band_of_misfits():
    """Played as a card that moves itself, Band of Misfits moves (the Death Cart ruling)."""
    g = game(seat(hand=["Band of Misfits"], deck=["Copper"]), seat(),
             kingdom=["Band of Misfits", "Mining Village"])
    me = bom(g)
    play(g, "Band of Misfits")
    answer(g, 0, "Mining Village")
    answer(g, 0, "trash")
    assert zone(g, None, "trash") == ["Band of Misfits"] and g.coins == 2
    assert g.cost_of(me) == 5 and g.disguised == {}
    assert events(g, "trash")[-1]["cards"] == ["Band of Misfits"]


def test_band_of_misfits_as_feast_trashes_itself_and_gains():
    g = game(seat(hand=["Band of Misfits"]), seat(), kingdom=["Band of Misfits", "Feast"],
             edition=1)
    play(g, "Band of Misfits")
    answer(g, 0, "Feast")
    answer(g, 0, "Duchy")
    assert zone(g, None, "trash") == ["Band of Misfits"]
    assert zone(g, 0, "discard") == ["Duchy"] and zone(g, 0, "in_play") == []


def test_band_of_misfits_as_a_card_with_a_trash_ability_does_that_ability(test_cards):
    """Trashed while it is that card, the card's "when you trash this" happens."""
    def firebird(g, p, me):
        yield from g.trash(p, [me], "play")

    def firebird_trashed(g, p, cid):
        g.draw(p, 2)
        return
        yield

    test_cards("Firebird", 4, ACTION, effect=firebird, triggers={"trash": firebird_trashed})
    g = game(seat(hand=["Band of Misfits"], deck=["Gold", "Gold"]), seat(),
             kingdom=["Band of Misfits", "Firebird"])
    play(g, "Band of Misfits")
    answer(g, 0, "Firebird")
    assert zone(g, None, "trash") == ["Band of Misfits"]
    assert zone(g, 0, "hand") == ["Gold", "Gold"]


def _hermitage(test_cards):
    """A Hermit-like card: when discarded from play with no card bought, trash it and gain a
    Madman. (The real Hermit test is added when the Hermit group is merged.)"""
    def cleanup(g, p, cid):
        if g.bought:
            return
        if (yield from g.trash(p, [cid], "discard")):
            yield from g.gain(p, "Madman")

    test_cards("Hermitage", 3, ACTION, triggers={"discard_from_play": cleanup},
               needs=("Madman",))


def test_band_of_misfits_as_hermit_without_a_buy_is_trashed_in_cleanup_for_a_madman(test_cards):
    _hermitage(test_cards)
    g = game(seat(hand=["Band of Misfits", "Copper"], deck=["Copper"] * 5), seat(),
             kingdom=["Band of Misfits", "Hermitage"])
    play(g, "Band of Misfits")
    answer(g, 0, "Hermitage")
    end_turn(g)
    assert zone(g, None, "trash") == ["Band of Misfits"]
    assert "Madman" in zone(g, 0, "discard") and count(g, "Madman") == 9
    assert g.disguised == {} and g.active == 1


def test_band_of_misfits_as_hermit_with_a_buy_stays(test_cards):
    _hermitage(test_cards)
    g = game(seat(hand=["Band of Misfits", "Copper"], deck=["Copper"] * 5), seat(),
             kingdom=["Band of Misfits", "Hermitage"])
    play(g, "Band of Misfits")
    answer(g, 0, "Hermitage")
    treasures(g)
    buy(g, "Copper")
    assert zone(g, None, "trash") == [] and "Band of Misfits" in zone(g, 0, "discard")
    assert "Hermitage" not in zone(g, 0, "discard")


def test_band_of_misfits_is_itself_again_in_hand_deck_discard_and_trash():
    g = game(seat(hand=["Band of Misfits", "Copper"], deck=["Copper"] * 10), seat(),
             kingdom=["Band of Misfits", "Village"])
    me = bom(g)
    assert g.cost_of(me) == 5 and g.names[me] == "Band of Misfits"  # in hand
    play(g, "Band of Misfits")
    answer(g, 0, "Village")
    assert g.names[me] == "Village" and g.cost_of(me) == 3
    end_turn(g)
    assert me in g.players[0].discard and g.names[me] == "Band of Misfits"
    assert g.cost_of(me) == 5 and g.disguised == {}
    assert zone(g, 0, "discard").count("Band of Misfits") == 1


def test_band_of_misfits_cost_in_play_is_the_chosen_cards_with_cost_changes():
    g = game(seat(hand=["Band of Misfits", "Copper"]), seat(),
             kingdom=["Band of Misfits", "Smithy"], turn={"cost_reduction": 1})
    me = bom(g)
    assert g.cost_of(me) == 4
    play(g, "Band of Misfits")
    answer(g, 0, "Smithy")
    assert g.cost_of(me) == 3  # Smithy's $4, less $1


def test_the_views_show_band_of_misfits_as_the_chosen_card_while_in_play():
    g = game(seat(hand=["Band of Misfits"], deck=["Copper"] * 2), seat(),
             kingdom=["Band of Misfits", "Village"])
    play(g, "Band of Misfits")
    answer(g, 0, "Village")
    for viewer in (None, 0, 1):
        v = g.view(viewer)
        assert v["players"][0]["in_play"] == ["Village"]
        played_as = [e for e in v["log"] if e["type"] == "play_as"]
        assert played_as == [{"type": "play_as", "seat": 0, "card": "Band of Misfits",
                              "as": "Village"}]


def test_throne_room_on_band_of_misfits_chooses_only_the_first_time():
    g = game(seat(hand=["Throne Room", "Band of Misfits"], deck=["Copper"] * 4), seat(),
             kingdom=["Band of Misfits", "Village", "Throne Room"])
    play(g, "Throne Room")
    answer(g, 0, ["Band of Misfits"])
    answer(g, 0, "Village")
    assert open_kinds(g) == [(0, "BuyPhase")]  # no second choice
    assert g.actions == 4 and len(zone(g, 0, "hand")) == 2
    assert zone(g, 0, "in_play") == ["Throne Room", "Village"]


def test_throne_room_on_band_of_misfits_as_feast_plays_feast_twice():
    """It left play on the first play (trashed as Feast); the second play is Feast again
    without a new choice: Feast fails to trash it again but still gains."""
    g = game(seat(hand=["Throne Room", "Band of Misfits"]), seat(),
             kingdom=["Band of Misfits", "Feast", "Throne Room", "Market"], edition=1)
    play(g, "Throne Room")
    answer(g, 0, ["Band of Misfits"])
    answer(g, 0, "Feast")
    answer(g, 0, "Duchy")
    h = reload(g)  # in the middle: the choice is remembered across a save
    d = decision(h, 0)
    assert d.kind == "ChoosePile" and d.source == "Feast"
    answer(h, 0, "Market")
    assert zone(h, None, "trash") == ["Band of Misfits"]
    assert zone(h, 0, "discard") == ["Duchy", "Market"]
    assert [e["as"] for e in events(h, "play_as")] == ["Feast", "Feast"]
    assert open_kinds(h) == [(0, "BuyPhase")]


def test_band_of_misfits_played_as_an_attack_is_an_attack_in_play(test_cards):
    """Cards that look at the cards in play see the chosen card's types."""
    def warband(g, p, me):
        g.coins += sum(1 for c in g.players[p].play if g.is_type(c, ATTACK))
        return
        yield

    test_cards("Warband", 2, ACTION, effect=warband)
    g = game(seat(hand=["Village", "Band of Misfits", "Warband"], deck=["Copper"]),
             seat(hand=["Copper"] * 3), kingdom=["Band of Misfits", "Militia", "Village",
                                                 "Warband"])
    play(g, "Village")
    play(g, "Band of Misfits")
    answer(g, 0, "Militia")
    play(g, "Warband")
    assert g.coins == 3  # Militia's +$2 and +$1 for the one Attack in play


def test_band_of_misfits_as_militia_can_be_blocked_by_moat():
    g = game(seat(hand=["Band of Misfits"]),
             seat(hand=["Moat", "Copper", "Copper", "Estate", "Estate"]))
    play(g, "Band of Misfits")
    answer(g, 0, "Militia")
    assert decision(g, 1).kind == "Reveal"
    answer(g, 1, ["Moat"])
    assert len(zone(g, 1, "hand")) == 5 and g.coins == 2


def test_band_of_misfits_played_as_an_attack_sets_off_cards_watching_for_attacks(test_cards):
    """Like Urchin: playing it as an Attack is playing an Attack card."""
    def noticed(g, p, cid, attack):
        g.note("noticed", p, {"attack": g.names[attack]})
        return
        yield

    test_cards("Lookout Post", 3, ACTION, plus_actions=2, triggers={"play_attack": noticed})
    g = game(seat(hand=["Lookout Post", "Band of Misfits"]), seat(hand=["Copper"] * 3),
             kingdom=["Band of Misfits", "Militia", "Lookout Post"])
    play(g, "Lookout Post")
    play(g, "Band of Misfits")
    answer(g, 0, "Militia")
    assert [e["attack"] for e in events(g, "noticed")] == ["Militia"]


def test_save_and_load_with_a_disguised_band_of_misfits_in_play_gives_the_same_game():
    def start():
        g = game(seat(hand=["Band of Misfits", "Copper"], deck=["Copper"] * 5),
                 seat(hand=["Copper", "Copper", "Estate", "Estate", "Silver"],
                      deck=["Copper"] * 5))
        play(g, "Band of Misfits")
        answer(g, 0, "Militia")
        return g

    g = start()
    h = reload(g)  # in the middle of Militia: the victim's discard is open
    assert h.state_dict() == g.state_dict()
    for x in (g, h):
        answer(x, 1, ["Estate", "Estate"])
    assert h.state_dict() == g.state_dict()
    k = reload(h)  # between cards, in the Buy phase: saved as a state
    assert k.state_dict() == g.state_dict() and k.view(1) == g.view(1)
    assert zone(k, 0, "in_play") == ["Militia"] and k.cost_of(bom(k)) == 4
    for x in (g, k):
        end_turn(x)
    assert k.state_dict() == g.state_dict() and zone(k, 0, "discard").count("Band of Misfits")


# ===== Procession ============================================================================
def test_procession_plays_a_card_twice_trashes_it_and_gains_an_action_costing_one_more():
    g = game(seat(hand=["Procession", "Smithy"], deck=["Copper"] * 6), seat())
    play(g, "Procession")
    answer(g, 0, ["Smithy"])
    assert len(zone(g, 0, "hand")) == 6 and zone(g, None, "trash") == ["Smithy"]
    d = decision(g, 0)
    assert d.kind == "ChoosePile" and d.optional is False
    # exactly $5 and an Action: not Duchy, not Laboratory-less piles, not the $4 ones
    assert sorted(offered(g, 0)) == ["Band of Misfits", "Festival", "Market", "Rebuild",
                                     "Rogue"]
    answer(g, 0, "Market")
    assert zone(g, 0, "discard") == ["Market"] and zone(g, 0, "in_play") == ["Procession"]


def test_procession_is_optional():
    g = game(seat(hand=["Procession", "Smithy"]), seat())
    play(g, "Procession")
    assert decision(g, 0).min == 0
    answer(g, 0, [])
    assert zone(g, 0, "hand") == ["Smithy"] and zone(g, None, "trash") == []
    assert open_kinds(g) == [(0, "BuyPhase")]


def test_procession_with_no_action_in_hand_does_nothing():
    g = game(seat(hand=["Procession", "Copper"]), seat())
    play(g, "Procession")
    assert open_kinds(g) == [(0, "BuyPhase")]


def test_procession_on_a_plus_one_action_card_leaves_two_actions():
    g = game(seat(hand=["Procession", "Vagrant"], deck=["Copper"] * 4), seat())
    play(g, "Procession")
    answer(g, 0, ["Vagrant"])
    answer(g, 0, "Village")  # exactly $3
    assert g.actions == 2


def test_procession_uses_no_actions_for_the_two_plays():
    g = game(seat(hand=["Procession", "Village"], deck=["Copper"] * 4), seat())
    play(g, "Procession")
    answer(g, 0, ["Village"])
    assert g.actions == 4
    assert sorted(offered(g, 0)) == ["Militia", "Procession", "Scavenger", "Smithy",
                                     "Wandering Minstrel"]


def test_procession_gain_fails_when_no_action_costs_exactly_one_more():
    g = game(seat(hand=["Procession", "Festival"]), seat())
    play(g, "Procession")
    answer(g, 0, ["Festival"])  # nothing costs exactly $6
    assert open_kinds(g) == [(0, "BuyPhase")] and g.actions == 4 and g.coins == 4
    assert zone(g, None, "trash") == ["Festival"] and zone(g, 0, "discard") == []


def test_procession_on_a_card_that_trashed_itself_still_gains():
    """The gain happens even if Procession failed to trash the card."""
    g = game(seat(hand=["Procession", "Mining Village"], deck=["Copper"] * 2), seat(),
             kingdom=["Procession", "Mining Village", "Market", "Village"])
    play(g, "Procession")
    answer(g, 0, ["Mining Village"])
    answer(g, 0, "trash")  # the first play trashes it for +$2; the second cannot
    assert g.coins == 2 and g.actions == 4
    assert zone(g, None, "trash") == ["Mining Village"]
    answer(g, 0, "Market")
    assert zone(g, 0, "discard") == ["Market"]


def test_procession_on_madman_loses_track_and_still_gains(test_cards):
    """The rulebook's example: +2 Actions, return, draw per card in hand; +2 Actions, no
    return so no draw; no trash; then an Action costing exactly $1."""
    test_cards("Penny Cart", 1, ACTION)
    g = game(seat(hand=["Procession", "Madman", "Copper", "Copper"], deck=["Silver"] * 5),
             seat(), kingdom=["Procession", "Penny Cart", "Village"], extra_piles=["Madman"])
    play(g, "Procession")
    answer(g, 0, ["Madman"])
    assert g.actions == 4 and zone(g, 0, "hand") == ["Copper", "Copper", "Silver", "Silver"]
    assert count(g, "Madman") == 11 and zone(g, None, "trash") == []
    assert offered(g, 0) == ["Penny Cart"]
    answer(g, 0, "Penny Cart")
    assert zone(g, 0, "discard") == ["Penny Cart"]


def test_procession_on_procession():
    """The rulebook's example: one Action twice, trash, gain; another Action twice, trash,
    gain; then the first Procession trashes the second and gains a $5 Action."""
    g = game(seat(hand=["Procession", "Procession", "Vagrant", "Smithy"],
                  deck=["Copper"] * 10), seat())
    play(g, "Procession")
    answer(g, 0, ["Procession"])
    answer(g, 0, ["Vagrant"])
    answer(g, 0, "Village")           # exactly $3
    answer(g, 0, ["Smithy"])
    answer(g, 0, "Market")            # exactly $5
    assert zone(g, None, "trash") == ["Vagrant", "Smithy", "Procession"]
    assert decision(g, 0).kind == "ChoosePile"
    assert "Festival" in offered(g, 0) and "Smithy" not in offered(g, 0)
    answer(g, 0, "Festival")          # exactly $5, for the trashed Procession
    assert zone(g, 0, "discard") == ["Village", "Market", "Festival"]
    assert len(zone(g, 0, "hand")) == 8 and g.actions == 2


def test_procession_trash_abilities_resolve_before_the_gain(test_cards):
    def draw_two(g, p, cid):
        g.draw(p, 2)
        return
        yield

    test_cards("Phoenix", 3, ACTION, triggers={"trash": draw_two})
    g = game(seat(hand=["Procession", "Phoenix"], deck=["Gold", "Gold"]), seat(),
             kingdom=["Procession", "Phoenix", "Smithy"])
    play(g, "Procession")
    answer(g, 0, ["Phoenix"])
    assert zone(g, 0, "hand") == ["Gold", "Gold"]
    assert decision(g, 0).kind == "ChoosePile" and offered(g, 0) == ["Procession", "Smithy"]


def test_procession_can_play_a_ruins():
    """Ruins are Action cards, e.g. for Procession."""
    g = game(seat(hand=["Procession", "Ruined Market"]), seat(), extra_piles=["Ruins"])
    play(g, "Procession")
    assert offered(g, 0) == ["Ruined Market"]
    answer(g, 0, ["Ruined Market"])
    assert g.buys == 3 and zone(g, None, "trash") == ["Ruined Market"]


def test_procession_on_band_of_misfits_gains_an_action_costing_exactly_six():
    """Ruling chosen here: once trashed, Band of Misfits is Band of Misfits again ($5), so the
    gain costs exactly $1 more than $5, whatever it was played as (Village, $3)."""
    g = game(seat(hand=["Procession", "Band of Misfits"], deck=["Copper"] * 2), seat(),
             kingdom=["Procession", "Band of Misfits", "Village", "Market", "Artisan"])
    play(g, "Procession")
    answer(g, 0, ["Band of Misfits"])
    answer(g, 0, "Village")
    assert g.actions == 4 and len(zone(g, 0, "hand")) == 2  # Village twice, one choice
    assert zone(g, None, "trash") == ["Band of Misfits"]
    assert offered(g, 0) == ["Artisan"]
    answer(g, 0, "Artisan")
    assert zone(g, 0, "discard") == ["Artisan"]


def test_procession_hidden_information_others_see_the_plays_and_the_gain():
    g = game(seat(hand=["Procession", "Smithy"], deck=["Gold", "Gold", "Gold"] * 2), seat())
    play(g, "Procession")
    answer(g, 0, ["Smithy"])
    answer(g, 0, "Market")
    log = g.view(1)["log"]
    assert [e["card"] for e in log if e["type"] == "play"] == ["Procession", "Smithy", "Smithy"]
    assert any(e["type"] == "gain" and e["card"] == "Market" for e in log)
    assert all("cards" not in e for e in log if e["type"] == "draw")
    assert total_cards(g) == total_cards(reload(g))


# ===== Rebuild ===============================================================================
def test_rebuild_trashes_the_first_victory_card_not_named_and_gains_one_up_to_3_more():
    g = game(seat(hand=["Rebuild"], deck=["Copper", "Province", "Silver", "Duchy", "Estate"]),
             seat())
    play(g, "Rebuild")
    assert g.actions == 1
    d = decision(g, 0)
    assert d.kind == "NameCard" and d.source == "Rebuild"
    answer(g, 0, "Province")
    assert zone(g, None, "trash") == ["Duchy"]
    assert zone(g, 0, "discard") == ["Copper", "Province", "Silver"]
    assert zone(g, 0, "deck") == ["Estate"]
    d = decision(g, 0)
    assert d.kind == "ChoosePile" and d.optional is False
    assert sorted(offered(g, 0)) == ["Duchy", "Estate", "Gardens", "Province"]
    answer(g, 0, "Province")
    assert zone(g, 0, "discard")[-1] == "Province" and count(g, "Province") == 7


def test_rebuild_gains_only_victory_cards_costing_up_to_3_more():
    g = game(seat(hand=["Rebuild"], deck=["Estate"]), seat())
    play(g, "Rebuild")
    answer(g, 0, "Province")
    assert sorted(offered(g, 0)) == ["Duchy", "Estate", "Gardens"]  # up to $5; no Actions


def test_rebuild_the_named_card_is_validated():
    g = game(seat(hand=["Rebuild"], deck=["Estate"]), seat())
    play(g, "Rebuild")
    d = decision(g, 0)
    assert "not the name of a card" in illegal(g, 0, d.id, "Provinces")
    illegal(g, 0, d.id, 5)
    illegal(g, 0, d.id, "Ruins")  # the Ruins pile is not a card


def test_rebuild_may_name_any_card_even_one_not_in_the_game_or_not_a_victory_card():
    g = game(seat(hand=["Rebuild"], deck=["Harem", "Estate"]), seat())
    play(g, "Rebuild")
    d = decision(g, 0)
    assert {"Harem", "Copper", "Hovel", "Madman"} <= set(d.choices)
    g = reload(g)  # in the middle of Rebuild, waiting for the name
    answer(g, 0, "Farm")  # a later printing's name for Harem
    assert zone(g, None, "trash") == ["Estate"] and zone(g, 0, "discard") == ["Harem"]


def test_rebuild_naming_the_pile_does_not_match_an_individual_knight(knights):
    """Names must match exactly: "Paladins" (like "Knights") is not Dame Vera (like Dame
    Josephine, a Victory Knight), so she is trashed."""
    g = game(seat(hand=["Rebuild"], deck=["Dame Vera", "Estate"]), seat(),
             kingdom=["Rebuild", "Paladins"])
    play(g, "Rebuild")
    assert "Paladins" in decision(g, 0).choices and "Dame Vera" in decision(g, 0).choices
    answer(g, 0, "Paladins")
    assert zone(g, None, "trash") == ["Dame Vera"]
    assert "Province" in offered(g, 0)  # up to $8

    named = game(seat(hand=["Rebuild"], deck=["Dame Vera", "Estate"]), seat(),
                 kingdom=["Rebuild", "Paladins"])
    play(named, "Rebuild")
    answer(named, 0, "Dame Vera")
    assert zone(named, None, "trash") == ["Estate"]


def test_rebuild_shuffles_the_discard_without_the_revealed_cards():
    g = game(seat(hand=["Rebuild"], deck=["Copper", "Silver"], discard=["Estate"]), seat())
    play(g, "Rebuild")
    answer(g, 0, "Province")
    assert zone(g, None, "trash") == ["Estate"]
    assert zone(g, 0, "deck") == [] and zone(g, 0, "discard") == ["Copper", "Silver"]
    assert len(events(g, "shuffle")) == 1 and events(g, "shuffle")[0]["count"] == 1


def test_rebuild_with_no_victory_card_left_discards_everything_and_stops():
    g = game(seat(hand=["Rebuild"], deck=["Copper", "Province", "Silver"]), seat())
    play(g, "Rebuild")
    answer(g, 0, "Province")
    assert zone(g, None, "trash") == [] and open_kinds(g) == [(0, "BuyPhase")]
    assert zone(g, 0, "discard") == ["Copper", "Province", "Silver"]
    assert zone(g, 0, "set_aside") == []


def test_rebuild_trashing_overgrown_estate_draws_before_the_gain():
    g = game(seat(hand=["Rebuild"], deck=["Overgrown Estate", "Gold"]), seat())
    play(g, "Rebuild")
    answer(g, 0, "Province")
    assert zone(g, 0, "hand") == ["Gold"] and decision(g, 0).kind == "ChoosePile"
    assert sorted(offered(g, 0)) == ["Estate", "Gardens"]  # up to $1 + $3


def test_rebuild_reveals_publicly():
    g = game(seat(hand=["Rebuild"], deck=["Copper", "Estate"]), seat())
    play(g, "Rebuild")
    answer(g, 0, "Province")
    reveal = [e for e in g.view(1)["log"] if e["type"] == "reveal"]
    assert reveal[-1]["cards"] == ["Copper", "Estate"]


# ===== Rogue =================================================================================
def test_rogue_gains_a_card_costing_3_to_6_from_the_trash():
    g = game(seat(hand=["Rogue"]), seat(),
             trash=["Copper", "Estate", "Silver", "Province", "Gold", "Curse"])
    play(g, "Rogue")
    assert g.coins == 2
    d = decision(g, 0)
    assert d.kind == "ChooseCards" and d.zone == "trash" and (d.min, d.max) == (1, 1)
    assert sorted(offered(g, 0)) == ["Gold", "Silver"]
    assert "between 1 and 1" in illegal(g, 0, d.id, [])  # gaining one is not optional
    answer(g, 0, ["Gold"])
    assert zone(g, 0, "discard") == ["Gold"] and "Gold" not in zone(g, None, "trash")
    gain = [e for e in g.view(1)["log"] if e["type"] == "gain"]
    assert gain[-1]["card"] == "Gold" and gain[-1]["seat"] == 0  # public


def test_rogue_with_one_kind_of_card_to_gain_takes_it_without_asking():
    g = game(seat(hand=["Rogue"]), seat(), trash=["Silver", "Silver", "Copper"])
    play(g, "Rogue")
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert zone(g, 0, "discard") == ["Silver"] and zone(g, None, "trash") == ["Silver", "Copper"]


def test_rogue_gains_a_knight_from_the_trash(knights):
    g = game(seat(hand=["Rogue"]), seat(hand=["Copper"] * 5, deck=["Silver", "Gold"]),
             kingdom=["Rogue", "Paladins"], trash=["Dame Vera"])
    play(g, "Rogue")
    assert zone(g, 0, "discard") == ["Dame Vera"] and zone(g, None, "trash") == []
    assert zone(g, 1, "deck") == ["Silver", "Gold"]  # no attack when it gains


def test_rogue_gain_uses_current_costs():
    """With $2 of cost reduction a Province costs $6 and a Silver $1."""
    g = game(seat(hand=["Rogue"]), seat(), trash=["Silver", "Province"],
             turn={"cost_reduction": 2})
    play(g, "Rogue")
    assert zone(g, 0, "discard") == ["Province"]


def test_rogue_attacks_when_the_trash_has_no_card_costing_3_to_6():
    g = game(seat(hand=["Rogue"]),
             seat(deck=["Silver", "Copper", "Estate"]),
             seat(deck=["Gold", "Smithy"]),
             seat(deck=["Copper", "Province"]),
             trash=["Copper", "Province", "Curse"])
    play(g, "Rogue")
    assert g.coins == 2
    assert zone(g, 1, "discard") == ["Copper"] and zone(g, 1, "deck") == ["Estate"]
    d = decision(g, 2)  # both qualify and differ: the victim chooses
    assert d.source == "Rogue" and d.zone == "revealed" and sorted(offered(g, 2)) == [
        "Gold", "Smithy"]
    answer(g, 2, ["Smithy"])
    assert zone(g, 2, "discard") == ["Gold"]
    assert zone(g, 3, "discard") == ["Copper", "Province"]
    assert zone(g, None, "trash") == ["Copper", "Province", "Curse", "Silver", "Smithy"]
    assert zone(g, 0, "discard") == []  # Rogue gains nothing from its attack


def test_rogue_attack_goes_in_turn_order():
    g = game(seat(hand=["Rogue"]), seat(deck=["Gold", "Silver"]), seat(deck=["Gold", "Silver"]))
    play(g, "Rogue")
    assert [d.seat for d in g.pending()] == [1]
    answer(g, 1, ["Silver"])
    assert [d.seat for d in g.pending()] == [2]
    answer(g, 2, ["Gold"])
    assert zone(g, None, "trash") == ["Silver", "Gold"]


def test_rogue_victim_with_an_empty_deck_shuffles_and_with_nothing_reveals_nothing():
    g = game(seat(hand=["Rogue"]), seat(discard=["Silver"]), seat())
    play(g, "Rogue")
    assert zone(g, None, "trash") == ["Silver"] and zone(g, 1, "discard") == []


def test_rogue_moat_blocks_the_attack():
    g = game(seat(hand=["Rogue"]),
             seat(hand=["Moat", "Copper", "Copper", "Copper", "Copper"], deck=["Gold", "Gold"]))
    play(g, "Rogue")
    answer(g, 1, ["Moat"])
    assert zone(g, 1, "deck") == ["Gold", "Gold"] and zone(g, None, "trash") == []


def test_rogue_reveals_are_public():
    g = game(seat(hand=["Rogue"]), seat(deck=["Silver", "Estate"]))
    play(g, "Rogue")
    for viewer in (0, None):
        reveal = [e for e in g.view(viewer)["log"] if e["type"] == "reveal"]
        assert reveal[-1]["cards"] == ["Silver", "Estate"] and reveal[-1]["seat"] == 1


# ===== Sage ==================================================================================
def test_sage_rulebook_example_copper_copper_curse_province():
    g = game(seat(hand=["Sage"], deck=["Copper", "Copper", "Curse", "Province", "Gold"]), seat())
    play(g, "Sage")
    assert g.actions == 1
    assert zone(g, 0, "hand") == ["Province"]
    assert zone(g, 0, "discard") == ["Copper", "Copper", "Curse"]
    assert zone(g, 0, "deck") == ["Gold"]


def test_sage_shuffles_without_the_revealed_cards():
    g = game(seat(hand=["Sage"], deck=["Copper", "Estate"], discard=["Gold"]), seat())
    play(g, "Sage")
    assert zone(g, 0, "hand") == ["Gold"]
    assert zone(g, 0, "discard") == ["Copper", "Estate"] and zone(g, 0, "deck") == []


def test_sage_finding_nothing_with_an_empty_discard_discards_everything():
    g = game(seat(hand=["Sage"], deck=["Copper", "Estate", "Curse"]), seat())
    play(g, "Sage")
    assert zone(g, 0, "hand") == [] and zone(g, 0, "set_aside") == []
    assert zone(g, 0, "discard") == ["Copper", "Estate", "Curse"]


def test_sage_uses_current_costs():
    g = game(seat(hand=["Sage"], deck=["Silver", "Duchy"]), seat(), turn={"cost_reduction": 1})
    play(g, "Sage")
    assert zone(g, 0, "hand") == ["Duchy"] and zone(g, 0, "discard") == ["Silver"]


# ===== Scavenger =============================================================================
def test_scavenger_may_put_the_deck_into_the_discard_then_topdecks_a_card():
    g = game(seat(hand=["Scavenger"], deck=["Gold", "Estate"], discard=["Copper", "Silver"]),
             seat())
    play(g, "Scavenger")
    assert g.coins == 2
    d = decision(g, 0)
    assert d.kind == "ChooseOption" and d.source == "Scavenger"
    answer(g, 0, "yes")
    d = decision(g, 0)
    assert d.zone == "discard" and (d.min, d.max) == (1, 1)
    assert sorted(offered(g, 0)) == ["Copper", "Estate", "Gold", "Silver"]
    answer(g, 0, ["Gold"])
    assert zone(g, 0, "deck") == ["Gold"]
    assert sorted(zone(g, 0, "discard")) == ["Copper", "Estate", "Silver"]


def test_scavenger_topdeck_is_mandatory_even_if_the_deck_is_kept():
    g = game(seat(hand=["Scavenger"], deck=["Estate"], discard=["Copper", "Silver"]), seat())
    play(g, "Scavenger")
    answer(g, 0, "no")
    d = decision(g, 0)
    illegal(g, 0, d.id, [])
    assert sorted(offered(g, 0)) == ["Copper", "Silver"]
    answer(g, 0, ["Silver"])
    assert zone(g, 0, "deck") == ["Silver", "Estate"] and zone(g, 0, "discard") == ["Copper"]


def test_scavenger_with_an_empty_discard_pile_topdecks_nothing():
    g = game(seat(hand=["Scavenger"], deck=["Estate"]), seat())
    play(g, "Scavenger")
    answer(g, 0, "no")
    assert open_kinds(g) == [(0, "BuyPhase")] and zone(g, 0, "deck") == ["Estate"]


def test_scavenger_with_an_empty_deck_only_topdecks():
    g = game(seat(hand=["Scavenger"], discard=["Copper", "Gold"]), seat())
    play(g, "Scavenger")
    assert decision(g, 0).kind == "ChooseCards"
    answer(g, 0, ["Gold"])
    assert zone(g, 0, "deck") == ["Gold"]


def test_scavenger_with_one_kind_of_card_in_the_discard_does_not_ask():
    g = game(seat(hand=["Scavenger"], discard=["Copper", "Copper"]), seat())
    play(g, "Scavenger")
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert zone(g, 0, "deck") == ["Copper"] and zone(g, 0, "discard") == ["Copper"]


def test_scavenger_topdecked_card_is_hidden_from_the_others():
    g = game(seat(hand=["Scavenger"], discard=["Copper", "Gold", "Estate"]), seat())
    play(g, "Scavenger")
    answer(g, 0, ["Gold"])
    other = g.view(1)
    assert "Gold" not in str([e for e in other["log"] if e["type"] == "topdeck"])
    assert other["players"][0]["deck_size"] == 1
    own = [e for e in g.view(0)["log"] if e["type"] == "topdeck"]
    assert own[-1]["card"] == "Gold"


# ===== Storeroom =============================================================================
def test_storeroom_discards_and_draws_then_discards_for_coins_including_drawn_cards():
    g = game(seat(hand=["Storeroom", "Estate", "Duchy", "Copper"],
                  deck=["Curse", "Gold", "Silver"]), seat())
    play(g, "Storeroom")
    assert g.buys == 2
    d = decision(g, 0)
    assert (d.min, d.max) == (0, 3) and d.source == "Storeroom"
    answer(g, 0, ["Estate", "Duchy"])
    assert zone(g, 0, "hand") == ["Copper", "Curse", "Gold"]
    d = decision(g, 0)
    assert (d.min, d.max) == (0, 3) and "+$1" in d.prompt
    answer(g, 0, ["Curse", "Copper"])  # Curse was just drawn
    assert g.coins == 2 and zone(g, 0, "hand") == ["Gold"]
    assert zone(g, 0, "discard") == ["Estate", "Duchy", "Curse", "Copper"]


def test_storeroom_discarding_nothing_draws_nothing():
    g = game(seat(hand=["Storeroom", "Copper"], deck=["Gold"]), seat())
    play(g, "Storeroom")
    answer(g, 0, [])
    answer(g, 0, [])
    assert zone(g, 0, "hand") == ["Copper"] and g.coins == 0 and g.buys == 2


def test_storeroom_draw_may_shuffle_in_the_cards_just_discarded():
    g = game(seat(hand=["Storeroom", "Estate", "Estate"]), seat())
    play(g, "Storeroom")
    answer(g, 0, ["Estate", "Estate"])
    assert zone(g, 0, "hand") == ["Estate", "Estate"]


def test_storeroom_with_an_empty_hand_asks_nothing():
    g = game(seat(hand=["Storeroom"]), seat())
    play(g, "Storeroom")
    assert open_kinds(g) == [(0, "BuyPhase")] and g.buys == 2


# ===== Vagrant ===============================================================================
def test_vagrant_draws_before_revealing():
    g = game(seat(hand=["Vagrant"], deck=["Estate", "Duchy", "Gold"]), seat())
    play(g, "Vagrant")
    assert g.actions == 1
    assert zone(g, 0, "hand") == ["Estate", "Duchy"] and zone(g, 0, "deck") == ["Gold"]


@pytest.mark.parametrize("top", ["Curse", "Estate", "Gardens", "Ruined Library", "Necropolis",
                                 "Hovel", "Overgrown Estate", "Harem"])
def test_vagrant_takes_a_curse_ruins_shelter_or_victory_card(top):
    g = game(seat(hand=["Vagrant"], deck=["Copper", top]), seat())
    play(g, "Vagrant")
    assert zone(g, 0, "hand") == ["Copper", top] and zone(g, 0, "deck") == []


@pytest.mark.parametrize("top", ["Copper", "Gold", "Village"])
def test_vagrant_leaves_any_other_card_on_top(top):
    g = game(seat(hand=["Vagrant"], deck=["Copper", top]), seat())
    play(g, "Vagrant")
    assert zone(g, 0, "hand") == ["Copper"] and zone(g, 0, "deck") == [top]
    reveal = [e for e in g.view(1)["log"] if e["type"] == "reveal"]
    assert reveal[-1]["cards"] == [top]


def test_vagrant_shuffles_to_reveal_and_reveals_nothing_without_cards():
    g = game(seat(hand=["Vagrant"], deck=["Copper"], discard=["Estate"]), seat())
    play(g, "Vagrant")
    assert zone(g, 0, "hand") == ["Copper", "Estate"]
    empty = game(seat(hand=["Vagrant"]), seat())
    play(empty, "Vagrant")
    assert zone(empty, 0, "hand") == [] and open_kinds(empty) == [(0, "BuyPhase")]


# ===== Wandering Minstrel ====================================================================
def test_wandering_minstrel_puts_the_actions_back_in_any_order_and_discards_the_rest():
    g = game(seat(hand=["Wandering Minstrel"],
                  deck=["Copper", "Village", "Estate", "Smithy", "Gold"]), seat())
    play(g, "Wandering Minstrel")
    assert g.actions == 2 and zone(g, 0, "hand") == ["Copper"]
    d = decision(g, 0)
    assert d.kind == "OrderCards" and sorted(offered(g, 0)) == ["Smithy", "Village"]
    answer(g, 0, ["Smithy", "Village"])
    assert zone(g, 0, "deck") == ["Smithy", "Village", "Gold"]
    assert zone(g, 0, "discard") == ["Estate"]


def test_wandering_minstrel_with_no_actions_puts_nothing_back():
    g = game(seat(hand=["Wandering Minstrel"], deck=["Copper", "Gold", "Estate", "Silver",
                                                     "Duchy"]), seat())
    play(g, "Wandering Minstrel")
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert zone(g, 0, "deck") == ["Duchy"]
    assert zone(g, 0, "discard") == ["Gold", "Estate", "Silver"]


def test_wandering_minstrel_does_not_ask_the_order_of_identical_cards():
    g = game(seat(hand=["Wandering Minstrel"], deck=["Copper", "Village", "Copper", "Village"]),
             seat())
    play(g, "Wandering Minstrel")
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert zone(g, 0, "deck") == ["Village", "Village"] and zone(g, 0, "discard") == ["Copper"]


def test_wandering_minstrel_shuffles_if_needed_and_reveals_what_it_can():
    g = game(seat(hand=["Wandering Minstrel"], deck=["Copper", "Smithy"],
                  discard=["Estate"]), seat())
    play(g, "Wandering Minstrel")
    reveal = events(g, "reveal")[-1]
    assert sorted(reveal["cards"]) == ["Estate", "Smithy"]  # only 2 cards to reveal
    assert zone(g, 0, "deck") == ["Smithy"] and zone(g, 0, "discard") == ["Estate"]


def test_wandering_minstrel_reveal_is_public_but_the_order_put_back_is_not():
    g = game(seat(hand=["Wandering Minstrel"],
                  deck=["Copper", "Village", "Smithy", "Estate"]), seat())
    play(g, "Wandering Minstrel")
    answer(g, 0, ["Village", "Smithy"])
    other = g.view(1)["log"]
    assert [e["cards"] for e in other if e["type"] == "reveal"] == [
        ["Village", "Smithy", "Estate"]]
    put = [e for e in other if e["type"] == "topdeck"][-1]
    assert put["count"] == 2 and "cards" not in put
