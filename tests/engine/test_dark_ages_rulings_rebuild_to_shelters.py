"""More Dark Ages rulings (seed 004) for Rebuild, Rogue, Sage, Scavenger, Squire, Storeroom,
Urchin/Mercenary, Vagrant, Wandering Minstrel, the Shelters, the Ruins and Spoils, and the
general rules (setup, "when you trash", Lose Track): rulings and interactions that the other
test files do not already cover.
"""
from __future__ import annotations

from engine.setup import new_game
from tests.engine.helpers import (
    answer,
    buy,
    count,
    decision,
    end_turn,
    illegal,
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

K = ["Urchin", "Rogue", "Procession", "Squire", "Rebuild", "Sage", "Vagrant",
     "Wandering Minstrel", "Militia", "Band of Misfits", "Throne Room", "Swindler", "Chapel",
     "Scavenger", "Storeroom", "Feodum", "Harem", "Death Cart"]


def game(*players, **kw):
    kw.setdefault("kingdom", K)
    return position(*players, **kw)


# ===== Urchin / Mercenary ====================================================================
def test_procession_on_urchin_does_not_let_that_urchin_trash_itself():
    """Urchin (004): "If you play the same Urchin twice in one turn, such as via Procession,
    that does not let you trash it for a Mercenary." Procession then trashes it and gains an
    Action costing exactly $4."""
    g = game(seat(hand=["Procession", "Urchin"], deck=["Copper"] * 4),
             seat(hand=["Copper"] * 3))
    play(g, "Procession")
    answer(g, 0, ["Urchin"])
    d = decision(g, 0)
    assert d.kind == "ChoosePile" and d.source == "Procession"
    assert zone(g, None, "trash") == ["Urchin"] and count(g, "Mercenary") == 10
    assert g.actions == 2 and zone(g, 0, "hand") == ["Copper", "Copper"]
    assert "Militia" in offered(g, 0) and "Urchin" not in offered(g, 0)


def test_procession_on_a_second_urchin_offers_the_first_at_each_play():
    """Urchin (004): "If you play two different Urchins however, playing the second one will
    let you trash the first one." Each play of the second is playing another Attack."""
    g = game(seat(hand=["Procession", "Urchin"], in_play=["Urchin"], deck=["Copper"] * 4),
             seat(hand=["Copper"] * 3))
    play(g, "Procession")
    answer(g, 0, ["Urchin"])
    assert decision(g, 0).source == "Urchin"
    answer(g, 0, "keep")
    assert decision(g, 0).source == "Urchin"  # the second play: asked again
    answer(g, 0, "trash")
    assert zone(g, 0, "discard") == ["Mercenary"]
    assert decision(g, 0).source == "Procession"
    assert zone(g, None, "trash") == ["Urchin", "Urchin"]
    assert zone(g, 0, "in_play") == ["Procession"]


def test_urchin_trashed_when_rogue_is_played_is_then_gained_by_rogue():
    """Urchin: "before resolving it, you may trash the Urchin"; Rogue: "If there is a card in
    the trash costing from $3 to $6, you have to gain one of them" - the Urchin ($3)."""
    g = game(seat(hand=["Rogue"], in_play=["Urchin"]), seat(deck=["Silver", "Gold"]))
    play(g, "Rogue")
    answer(g, 0, "trash")
    assert zone(g, None, "trash") == []
    assert zone(g, 0, "discard") == ["Mercenary", "Urchin"]
    assert zone(g, 1, "deck") == ["Silver", "Gold"]  # no attack: Rogue gained instead
    assert g.coins == 2


def test_band_of_misfits_as_urchin_may_trash_itself_for_a_mercenary():
    """Band of Misfits "is that card until it leaves play": as Urchin it has Urchin's ability;
    trashing "itself" puts Band of Misfits into the trash."""
    g = game(seat(hand=["Band of Misfits", "Militia"], deck=["Copper"] * 3),
             seat(hand=["Copper"] * 3))
    play(g, "Band of Misfits")
    answer(g, 0, "Urchin")
    assert g.actions == 1 and zone(g, 0, "hand") == ["Militia", "Copper"]
    play(g, "Militia")
    assert decision(g, 0).source == "Urchin"
    answer(g, 0, "trash")
    assert zone(g, None, "trash") == ["Band of Misfits"]
    assert zone(g, 0, "discard") == ["Mercenary"] and zone(g, 0, "in_play") == ["Militia"]


def test_band_of_misfits_played_as_urchin_lets_an_urchin_in_play_trash_itself():
    """A second, different Urchin (here a Band of Misfits played as Urchin) lets the first be
    trashed for a Mercenary."""
    g = game(seat(hand=["Band of Misfits"], in_play=["Urchin"], deck=["Copper"] * 3),
             seat(hand=["Copper"] * 3))
    play(g, "Band of Misfits")
    answer(g, 0, "Urchin")
    assert decision(g, 0).source == "Urchin"
    answer(g, 0, "trash")
    assert zone(g, None, "trash") == ["Urchin"] and zone(g, 0, "discard") == ["Mercenary"]


def test_urchin_trashed_on_the_first_play_of_a_throne_roomed_attack_is_not_asked_again():
    """Lose Track / Urchin: once trashed, it is no longer in play, so the second play of the
    Throne-Roomed Attack offers nothing (and gains no second Mercenary)."""
    g = game(seat(hand=["Throne Room", "Militia"], in_play=["Urchin"]),
             seat(hand=["Copper"] * 5))
    play(g, "Throne Room")
    answer(g, 0, ["Militia"])
    answer(g, 0, "trash")
    answer(g, 1, ["Copper", "Copper"])
    assert [d.source for d in g.pending() if d.source == "Urchin"] == []
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert count(g, "Mercenary") == 9 and g.coins == 4


# ===== Squire ================================================================================
def test_squire_trashed_cannot_gain_the_non_supply_mercenary():
    """Non-Supply cards "cannot be gained by cards that gain cards from the Supply"; Squire:
    "You can gain any Attack card available in the Supply"."""
    g = game(seat(hand=["Chapel", "Squire"]), seat(),
             kingdom=["Chapel", "Squire", "Urchin", "Village"])
    play(g, "Chapel")
    answer(g, 0, ["Squire"])
    assert offered(g, 0, "ChoosePile") == ["Urchin"]


def test_squire_trashed_by_swindler_on_another_turn_its_owner_gains_an_attack_first():
    """General rule: "when you trash" abilities "function no matter whose turn the card is
    trashed on", for "the player told to trash the card", and "happen directly after the card
    is put into the trash" - before Swindler's gain."""
    g = game(seat(hand=["Swindler"]), seat(deck=["Squire", "Copper"]))
    play(g, "Swindler")
    assert zone(g, None, "trash") == ["Squire"]
    d = decision(g, 1, "ChoosePile")
    assert d.source == "Squire" and "Militia" in d.piles
    assert not [x for x in g.pending() if x.seat == 0]
    answer(g, 1, "Militia")
    answer(g, 0, "Vagrant")  # Swindler: a card costing $2
    assert zone(g, 1, "discard") == ["Militia", "Vagrant"]


def test_procession_on_squire_gains_the_attack_before_the_action_costing_three():
    """Procession: "If something happens due to trashing the card ... that will resolve before
    you gain a card"; Squire: "When you trash this, gain an Attack card"."""
    g = game(seat(hand=["Procession", "Squire"]), seat())
    play(g, "Procession")
    answer(g, 0, ["Squire"])
    answer(g, 0, "actions")
    answer(g, 0, "buys")
    assert g.coins == 2 and g.actions == 2 and g.buys == 3
    d = decision(g, 0, "ChoosePile")
    assert d.source == "Squire"
    answer(g, 0, "Militia")
    d = decision(g, 0, "ChoosePile")
    assert d.source == "Procession" and sorted(d.piles) == [
        "Sage", "Storeroom", "Swindler", "Urchin"]
    answer(g, 0, "Sage")
    assert zone(g, 0, "discard") == ["Militia", "Sage"]


def test_squire_silver_with_an_empty_silver_pile_gains_nothing():
    """Squire: "or gaining a Silver" - a gain from an empty pile fails."""
    g = game(seat(hand=["Squire"]), seat(), supply={"Silver": 0})
    play(g, "Squire")
    answer(g, 0, "silver")
    assert zone(g, 0, "discard") == [] and g.coins == 1


# ===== Rogue =================================================================================
def test_throne_room_on_rogue_trashes_then_gains_the_trashed_card():
    """Rogue: with nothing $3-$6 in the trash the first play attacks (the victim trashes a
    Silver); the second play finds the Silver in the trash and must gain it."""
    g = game(seat(hand=["Throne Room", "Rogue"]), seat(deck=["Silver", "Copper", "Estate"]))
    play(g, "Throne Room")
    answer(g, 0, ["Rogue"])
    assert zone(g, 1, "discard") == ["Copper"]
    assert zone(g, None, "trash") == []
    assert zone(g, 0, "discard") == ["Silver"] and g.coins == 4
    assert zone(g, 1, "deck") == ["Estate"]


def test_rogue_gaining_a_death_cart_from_the_trash_sets_off_its_gain_ability():
    """Rogue gains the card ("The gained card goes into your discard pile"); a gain from the
    trash is a gain, so Death Cart's "When you gain this, gain 2 Ruins" happens."""
    g = game(seat(hand=["Rogue"]), seat(), trash=["Death Cart"])
    ruins = count(g, "Ruins")
    play(g, "Rogue")
    assert zone(g, 0, "discard")[0] == "Death Cart" and len(zone(g, 0, "discard")) == 3
    assert count(g, "Ruins") == ruins - 2 and zone(g, None, "trash") == []


def test_rogue_attack_trashing_a_victims_feodum_gives_the_victim_the_silvers():
    """General rule: the "when you trash" ability functions "for the player told to trash the
    card, regardless of whose card trashed the card" (Rogue's victim trashes)."""
    g = game(seat(hand=["Rogue"]), seat(deck=["Feodum", "Copper"]))
    play(g, "Rogue")
    assert zone(g, None, "trash") == ["Feodum"]
    assert sorted(zone(g, 1, "discard")) == ["Copper", "Silver", "Silver", "Silver"]
    assert owned(g, 0)["Silver"] == 0


def test_rogue_victim_revealing_no_card_costing_3_to_6_discards_both():
    """Rogue: "trash one of them of their choice that costs from $3 to $6 (if possible), and
    discard the rest"."""
    g = game(seat(hand=["Rogue"]), seat(deck=["Province", "Squire", "Gold"]))
    play(g, "Rogue")
    assert zone(g, None, "trash") == [] and zone(g, 1, "discard") == ["Province", "Squire"]
    assert zone(g, 1, "deck") == ["Gold"]


# ===== Rebuild ===============================================================================
def test_rebuild_trashes_a_treasure_victory_card():
    """Rebuild reveals "until you reveal a Victory card you did not name": Harem is one ($6),
    so the gain may cost up to $9."""
    g = game(seat(hand=["Rebuild"], deck=["Copper", "Harem", "Estate"]), seat())
    play(g, "Rebuild")
    answer(g, 0, "Province")
    assert zone(g, None, "trash") == ["Harem"] and zone(g, 0, "discard") == ["Copper"]
    assert "Province" in offered(g, 0)


def test_rebuild_naming_overgrown_estate_passes_over_it():
    """Rebuild: "You can name any card"; the named Victory card is revealed and discarded."""
    g = game(seat(hand=["Rebuild"], deck=["Overgrown Estate", "Estate", "Gold"]), seat())
    play(g, "Rebuild")
    answer(g, 0, "Overgrown Estate")
    assert zone(g, None, "trash") == ["Estate"]
    assert zone(g, 0, "discard") == ["Overgrown Estate"] and zone(g, 0, "hand") == []
    assert zone(g, 0, "deck") == ["Gold"]


def test_rebuild_discards_the_rest_before_trashing_so_an_overgrown_draw_can_shuffle_them():
    """Rebuild: "you discard the other revealed cards, trash the Victory card, and gain";
    Overgrown Estate draws "right then": with an empty deck the discarded Copper is shuffled
    in and drawn, before the gain."""
    g = game(seat(hand=["Rebuild"], deck=["Copper", "Overgrown Estate"]), seat())
    play(g, "Rebuild")
    answer(g, 0, "Province")
    assert zone(g, 0, "hand") == ["Copper"]
    assert decision(g, 0).kind == "ChoosePile"


def test_rebuild_trashing_feodum_gains_the_silvers_then_a_victory_card_up_to_seven():
    """"When you trash" abilities "can function in the middle of resolving effects for an Action
    card": Feodum's 3 Silvers come before Rebuild's gain (up to $4 + $3)."""
    g = game(seat(hand=["Rebuild"], deck=["Feodum"]), seat())
    play(g, "Rebuild")
    answer(g, 0, "Province")
    assert zone(g, 0, "discard") == ["Silver", "Silver", "Silver"]
    assert sorted(offered(g, 0)) == ["Duchy", "Estate", "Feodum", "Harem"]
    answer(g, 0, "Duchy")
    assert zone(g, 0, "discard")[-1] == "Duchy"


def test_throne_room_on_rebuild_names_and_rebuilds_twice():
    """Rebuild: +1 Action and the whole text, each play: two names, two trashes, two gains."""
    g = game(seat(hand=["Throne Room", "Rebuild"], deck=["Estate", "Copper", "Estate"]),
             seat())
    play(g, "Throne Room")
    answer(g, 0, ["Rebuild"])
    answer(g, 0, "Province")
    answer(g, 0, "Duchy")
    answer(g, 0, "Province")
    answer(g, 0, "Duchy")
    assert zone(g, None, "trash") == ["Estate", "Estate"]
    assert zone(g, 0, "discard") == ["Duchy", "Copper", "Duchy"] and g.actions == 2


# ===== Sage / Scavenger / Storeroom =========================================================
def test_sage_passes_over_ruins_and_shelters():
    """Sage: "Reveal cards ... until you reveal one costing $3 or more" (Ruins $0, Shelters
    $1 do not qualify)."""
    g = game(seat(hand=["Sage"], deck=["Survivors", "Necropolis", "Overgrown Estate", "Silver",
                                       "Gold"]), seat())
    play(g, "Sage")
    assert zone(g, 0, "hand") == ["Silver"] and g.actions == 1
    assert zone(g, 0, "discard") == ["Survivors", "Necropolis", "Overgrown Estate"]
    assert zone(g, 0, "deck") == ["Gold"]


def test_scavenger_card_put_on_the_deck_is_the_next_card_drawn():
    """Scavenger: "put one card from it onto your deck" - it is then the top card (Vagrant's
    draw takes it)."""
    g = game(seat(hand=["Scavenger", "Vagrant"], deck=["Copper"], discard=["Gold", "Silver"]),
             seat())
    g.actions = 2
    play(g, "Scavenger")
    answer(g, 0, "yes")
    answer(g, 0, ["Gold"])
    assert zone(g, 0, "deck") == ["Gold"]
    assert sorted(zone(g, 0, "discard")) == ["Copper", "Silver"]
    play(g, "Vagrant")
    assert zone(g, 0, "hand") == ["Gold"]


def test_storeroom_second_discard_counts_each_card_for_a_coin():
    """Storeroom: "discard any number of cards ... and you get +$1 per card you discarded that
    time" (the first discard gives no coins)."""
    g = game(seat(hand=["Storeroom", "Estate", "Estate", "Copper"],
                  deck=["Curse", "Curse", "Gold"]), seat())
    play(g, "Storeroom")
    answer(g, 0, ["Estate", "Estate"])
    assert sorted(zone(g, 0, "hand")) == ["Copper", "Curse", "Curse"] and g.coins == 0
    answer(g, 0, ["Curse", "Curse", "Copper"])
    assert g.coins == 3 and g.buys == 2 and zone(g, 0, "hand") == []


# ===== Vagrant / Wandering Minstrel ==========================================================
def test_wandering_minstrel_puts_back_necropolis_and_ruins_as_action_cards():
    """Wandering Minstrel: "Put the revealed Action cards on top of your deck in any order";
    Necropolis "is an Action card" and Ruins "count as Actions"; Hovel is not one."""
    g = game(seat(hand=["Wandering Minstrel"],
                  deck=["Copper", "Necropolis", "Hovel", "Ruined Village", "Gold"]), seat())
    play(g, "Wandering Minstrel")
    assert sorted(offered(g, 0)) == ["Necropolis", "Ruined Village"]
    answer(g, 0, ["Ruined Village", "Necropolis"])
    assert zone(g, 0, "deck") == ["Ruined Village", "Necropolis", "Gold"]
    assert zone(g, 0, "discard") == ["Hovel"]


def test_procession_on_vagrant_leaves_two_actions_and_takes_victory_cards_each_time():
    """Procession: "If you Procession a card that gives you +1 Action, such as Vagrant, you
    will end up with two Actions"; each Vagrant play draws then takes a Victory card on top."""
    g = game(seat(hand=["Procession", "Vagrant"],
                  deck=["Copper", "Estate", "Copper", "Hovel", "Gold"]), seat())
    play(g, "Procession")
    answer(g, 0, ["Vagrant"])
    assert zone(g, 0, "hand") == ["Copper", "Estate", "Copper", "Hovel"]
    assert zone(g, 0, "deck") == ["Gold"]
    answer(g, 0, "Sage")
    assert g.actions == 2


# ===== Shelters ==============================================================================
def test_procession_on_necropolis_gives_four_actions_and_gains_an_action_costing_two():
    """Necropolis: "This is an Action card; when you play it, you get +2 Actions"; Procession
    plays it twice, trashes it ($1) and gains an Action costing exactly $2."""
    g = game(seat(hand=["Procession", "Necropolis"]), seat())
    play(g, "Procession")
    answer(g, 0, ["Necropolis"])
    assert g.actions == 4 and zone(g, None, "trash") == ["Necropolis"]
    assert sorted(offered(g, 0)) == ["Chapel", "Squire", "Vagrant"]


def test_shelters_cannot_be_bought():
    """Shelters "have no corresponding Supply pile; they can never be bought"."""
    g = game(seat(hand=["Gold"]), seat(), turn={"phase": "buy"})
    treasures(g)
    d = decision(g, 0, "BuyPhase")
    for shelter in ("Hovel", "Necropolis", "Overgrown Estate"):
        illegal(g, 0, d.id, {"buy": shelter})


def test_hovel_reacts_to_buying_a_victory_card_of_another_type():
    """Hovel: "When you buy a Victory card, if Hovel is in your hand, you may trash it" -
    Harem is a Victory card; "You don't get anything for trashing Hovel"."""
    g = game(seat(hand=["Hovel", "Gold", "Gold", "Copper"]), seat(), turn={"buys": 2})
    treasures(g)
    buy(g, "Harem")
    assert decision(g, 0).source == "Hovel"
    answer(g, 0, "trash")
    assert zone(g, None, "trash") == ["Hovel"] and zone(g, 0, "discard") == ["Harem"]
    assert zone(g, 0, "hand") == []


def test_two_hovels_in_hand_may_both_be_trashed_for_one_buy():
    """Hovel: each Hovel in hand may be trashed when you buy a Victory card."""
    g = game(seat(hand=["Hovel", "Hovel", "Silver"]), seat(), turn={"buys": 2})
    treasures(g)
    buy(g, "Estate")
    answer(g, 0, "trash")
    answer(g, 0, "trash")
    assert zone(g, None, "trash") == ["Hovel", "Hovel"] and zone(g, 0, "discard") == ["Estate"]


def test_overgrown_estate_trash_draw_shuffles_when_the_deck_is_empty():
    """Overgrown Estate: "If this is trashed, you draw a card, right then" (a normal draw,
    shuffling the discard pile if the deck is empty)."""
    g = game(seat(hand=["Chapel", "Overgrown Estate"], discard=["Gold"]), seat())
    play(g, "Chapel")
    answer(g, 0, ["Overgrown Estate"])
    assert zone(g, 0, "hand") == ["Gold"]


# ===== Ruins =================================================================================
def test_throne_room_on_survivors_looks_twice():
    """Survivors: "You either discard both cards, or put both cards back on top"; played twice
    it looks at the top 2 each time."""
    g = game(seat(hand=["Throne Room", "Survivors"], deck=["Estate", "Curse", "Gold", "Silver"]),
             seat())
    play(g, "Throne Room")
    answer(g, 0, ["Survivors"])
    answer(g, 0, "discard")
    answer(g, 0, "back")
    answer(g, 0, ["Silver", "Gold"])
    assert zone(g, 0, "discard") == ["Estate", "Curse"]
    assert zone(g, 0, "deck") == ["Silver", "Gold"]


def test_squire_trashed_cannot_gain_a_ruins():
    """Ruins are Action–Ruins, not Attacks: Squire's "gain an Attack card" never offers the
    Ruins pile."""
    g = game(seat(hand=["Chapel", "Squire"]), seat())
    play(g, "Chapel")
    answer(g, 0, ["Squire"])
    assert "Ruins" not in offered(g, 0, "ChoosePile")


# ===== Setup and non-Supply piles ============================================================
def test_urchin_game_has_a_ten_card_mercenary_pile_outside_the_supply():
    """"Six cards in Dark Ages are never part of the Supply: Spoils, Madman, Mercenary..." -
    Mercenary (10 in the box) is set out when Urchin is used."""
    g = new_game({"players": 3, "kingdom": ["Urchin", "Village", "Smithy", "Market", "Moat",
                                            "Militia", "Chapel", "Cellar", "Festival",
                                            "Witch"]}, "merc")
    assert len(g.piles["Mercenary"]) == 10 and "Mercenary" not in g.supply


def test_dark_ages_only_kingdom_with_auto_shelters_deals_shelters_and_keeps_eight_estates():
    """"If only Kingdom cards from Dark Ages are being used this game, then the Shelter cards
    replace starting Estates"; "it still contains eight Estates for two players"."""
    g = new_game({"players": 2, "shelters": "auto",
                  "kingdom": ["Urchin", "Rogue", "Sage", "Squire", "Rebuild", "Vagrant",
                              "Storeroom", "Scavenger", "Procession", "Death Cart"]}, "s")
    for p in range(2):
        got = owned(g, p)
        assert got == {"Copper": 7, "Hovel": 1, "Necropolis": 1, "Overgrown Estate": 1}
    assert len(g.piles["Estate"]) == 8 and len(g.piles["Ruins"]) == 10
    assert not any(s in g.piles for s in ("Hovel", "Necropolis", "Overgrown Estate"))


def test_empty_mercenary_pile_with_two_empty_supply_piles_does_not_end_the_game():
    """Non-Supply "piles being empty does not count towards the end condition"."""
    g = game(seat(hand=["Urchin"]), seat(hand=["Copper"] * 3),
             supply={"Mercenary": 0, "Sage": 0, "Squire": 0})
    play(g, "Urchin")
    end_turn(g)
    assert g.result is None and open_kinds(g) != []


# ===== More interactions =====================================================================
def test_hovel_is_not_a_reaction_to_attacks():
    """Hovel is a Reaction only to buying a Victory card: a Militia victim holding Hovel is not
    offered to reveal it, and just discards down to 3."""
    g = game(seat(hand=["Militia"]), seat(hand=["Hovel", "Copper", "Copper", "Copper",
                                                "Estate"]))
    play(g, "Militia")
    d = decision(g, 1)
    assert d.kind != "Reveal"
    answer(g, 1, ["Hovel", "Estate"])
    assert zone(g, 1, "hand") == ["Copper"] * 3


def test_hovel_decision_survives_save_and_load():
    """Hovel's "you may trash it" choice, open while the buy resolves, reloads the same."""
    g = game(seat(hand=["Hovel", "Silver"]), seat(), turn={"buys": 2})
    treasures(g)
    buy(g, "Estate")
    g = reload(g)
    answer(g, 0, "trash")
    assert zone(g, None, "trash") == ["Hovel"] and zone(g, 0, "discard") == ["Estate"]


def test_procession_on_mercenary_with_urchin_in_play():
    """Urchin may be trashed when "you play another Attack card" (Mercenary, played by
    Procession); Mercenary may trash 2 cards on each play; Procession then trashes it ($0) and
    gains an Action costing exactly $1 if it can (none here)."""
    g = game(seat(hand=["Procession", "Mercenary", "Copper", "Copper", "Estate", "Estate"],
                  in_play=["Urchin"], deck=["Silver"] * 4),
             seat(hand=["Copper"] * 3))
    play(g, "Procession")
    answer(g, 0, ["Mercenary"])
    answer(g, 0, "keep")
    answer(g, 0, ["Copper", "Copper"])
    assert g.coins == 2
    answer(g, 0, "trash")  # the second play: Urchin offered again
    answer(g, 0, ["Estate", "Estate"])
    assert g.coins == 4 and zone(g, 0, "hand") == ["Silver"] * 4
    assert sorted(zone(g, None, "trash")) == ["Copper", "Copper", "Estate", "Estate",
                                              "Mercenary", "Urchin"]
    assert zone(g, 0, "discard") == ["Mercenary"] and open_kinds(g) == [(0, "BuyPhase")]
