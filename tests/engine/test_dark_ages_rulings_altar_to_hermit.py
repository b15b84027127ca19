"""More Dark Ages rulings (seed 004, card descriptions; cards.md section 4) for Altar,
Armory, Band of Misfits, Bandit Camp, Beggar, Catacombs, Count, Counterfeit, Cultist,
Death Cart, Feodum, Forager, Fortress, Graverobber, Hermit and Madman: rulings and
interactions not already covered by tests/engine/test_dark_ages_*.py.
"""
from __future__ import annotations

from tests.engine.helpers import (
    answer,
    buy,
    count,
    decision,
    end_turn,
    offered,
    open_kinds,
    owned,
    play,
    position,
    seat,
    total_cards,
    treasures,
    zone,
)

K = ["Altar", "Armory", "Band of Misfits", "Bandit Camp", "Beggar", "Catacombs", "Count",
     "Counterfeit", "Cultist", "Death Cart", "Feodum", "Forager", "Fortress", "Graverobber",
     "Hermit", "Procession", "Throne Room", "Village", "Militia", "Smithy"]
RUINS = ["Survivors", "Ruined Village", "Ruined Market", "Abandoned Mine", "Ruined Library"]


def game(*players, kingdom=K, **kw):
    kw.setdefault("supply", {})
    kw["supply"].setdefault("Ruins", list(RUINS))
    return position(*players, kingdom=kingdom, **kw)


# ===== Altar ===================================================================================
def test_altar_trashing_fortress_returns_it_and_still_gains():
    """Altar: "You trash a card from your hand if you can, and then gain a card"; Fortress:
    "If this is trashed, you take it from the trash and put it into your hand"."""
    g = game(seat(hand=["Altar", "Fortress", "Copper"]), seat())
    play(g, "Altar")
    answer(g, 0, ["Fortress"])
    assert sorted(zone(g, 0, "hand")) == ["Copper", "Fortress"]
    assert zone(g, None, "trash") == []
    d = decision(g, 0, "ChoosePile")
    assert d.source == "Altar"
    answer(g, 0, "Duchy")
    assert zone(g, 0, "discard") == ["Duchy"]


def test_altar_trashing_cultist_draws_three_before_the_gain():
    """004 Additional rules: "when you trash" abilities "happen directly after the card is put
    into the trash, and can function in the middle of resolving effects"."""
    g = game(seat(hand=["Altar", "Cultist"], deck=["Gold", "Silver", "Copper", "Estate"]),
             seat())
    play(g, "Altar")  # only card in hand: trashed unasked
    assert zone(g, None, "trash") == ["Cultist"]
    assert decision(g, 0).kind == "ChoosePile"
    assert zone(g, 0, "hand") == ["Gold", "Silver", "Copper"]


def test_altar_gain_uses_the_current_cost():
    """Altar gains "a card costing up to $5": with $1 of cost reduction Gold costs $5."""
    g = game(seat(hand=["Altar", "Estate"]), seat(), turn={"cost_reduction": 1})
    play(g, "Altar")
    assert "Gold" in offered(g, 0) and "Province" not in offered(g, 0)


def test_altar_trashing_feodum_gains_three_silvers_then_the_altar_card():
    """Feodum: "If Feodum is trashed, you gain three Silvers"; Altar then gains."""
    g = game(seat(hand=["Altar", "Feodum"]), seat())
    play(g, "Altar")
    assert zone(g, 0, "discard") == ["Silver"] * 3
    answer(g, 0, "Duchy")
    assert zone(g, 0, "discard") == ["Silver"] * 3 + ["Duchy"]


def test_throne_room_altar_trashes_and_gains_twice():
    """Altar played twice: each play trashes (if it can) and gains."""
    g = game(seat(hand=["Throne Room", "Altar", "Estate", "Curse"]), seat())
    play(g, "Throne Room")
    answer(g, 0, ["Altar"])
    answer(g, 0, ["Estate"])
    answer(g, 0, "Silver")
    # second play: only the Curse is left, trashed unasked
    answer(g, 0, "Duchy")
    assert sorted(zone(g, None, "trash")) == ["Curse", "Estate"]
    assert zone(g, 0, "discard") == ["Silver", "Duchy"]


# ===== Armory ==================================================================================
def test_armory_gaining_death_cart_puts_it_on_the_deck_and_the_ruins_in_the_discard():
    """Armory: "The card you gain goes directly to the top of your deck"; Death Cart: "When
    you gain a Death Cart, either from buying it or from gaining it some other way, you also
    gain two Ruins" (they go to the discard pile as usual)."""
    g = game(seat(hand=["Armory"], deck=["Copper"]), seat())
    play(g, "Armory")
    answer(g, 0, "Death Cart")
    assert zone(g, 0, "deck") == ["Death Cart", "Copper"]
    assert zone(g, 0, "discard") == ["Survivors", "Ruined Village"]


def test_armory_onto_an_empty_deck():
    """Armory gains onto the deck even when the deck is empty (no shuffle)."""
    g = game(seat(hand=["Armory"], discard=["Gold"]), seat())
    play(g, "Armory")
    answer(g, 0, "Silver")
    assert zone(g, 0, "deck") == ["Silver"] and zone(g, 0, "discard") == ["Gold"]


# ===== Band of Misfits =========================================================================
def test_band_of_misfits_as_death_cart_trashing_an_action_stays_in_play():
    """BoM: "you follow the instructions on the card you picked"; Death Cart: trash an Action
    from your hand, or trash the Death Cart."""
    g = game(seat(hand=["Band of Misfits", "Village"]), seat())
    play(g, "Band of Misfits")
    answer(g, 0, "Death Cart")
    answer(g, 0, ["Village"])
    assert zone(g, None, "trash") == ["Village"]
    assert zone(g, 0, "in_play") == ["Death Cart"] and g.coins == 5


def test_throne_room_band_of_misfits_as_death_cart_second_play_cannot_trash_it_again():
    """BoM: "If you play Band of Misfits multiple times such as via a Throne Room, you will
    only pick what to play it as the first time"; Lose Track when it already left play."""
    g = game(seat(hand=["Throne Room", "Band of Misfits", "Village"]), seat())
    play(g, "Throne Room")
    answer(g, 0, ["Band of Misfits"])
    answer(g, 0, "Death Cart")
    answer(g, 0, [])  # first play: trash the Band of Misfits itself
    assert zone(g, None, "trash") == ["Band of Misfits"]
    assert decision(g, 0).source == "Death Cart"  # the second play is Death Cart again
    answer(g, 0, ["Village"])
    assert sorted(zone(g, None, "trash")) == ["Band of Misfits", "Village"]
    assert g.coins == 10


def test_throne_room_band_of_misfits_as_hermit_is_trashed_once_for_one_madman():
    """BoM as Hermit: "if you play Band of Misfits as Hermit and buy no cards, in Clean-up
    Band of Misfits will be trashed and you will get a Madman"."""
    g = game(seat(hand=["Throne Room", "Band of Misfits"], deck=["Copper"] * 6), seat())
    play(g, "Throne Room")
    answer(g, 0, ["Band of Misfits"])
    answer(g, 0, "Hermit")
    answer(g, 0, "Silver", card="Hermit")
    answer(g, 0, "Silver", card="Hermit")
    end_turn(g)
    assert zone(g, None, "trash") == ["Band of Misfits"]
    assert owned(g, 0)["Madman"] == 1 and owned(g, 0)["Throne Room"] == 1
    assert g.disguised == {}


def test_band_of_misfits_as_armory_gains_onto_the_deck():
    """BoM follows the picked card's instructions: Armory's gain goes onto the deck."""
    g = game(seat(hand=["Band of Misfits"], deck=["Copper"]), seat())
    play(g, "Band of Misfits")
    answer(g, 0, "Armory")
    answer(g, 0, "Silver")
    assert zone(g, 0, "deck") == ["Silver", "Copper"]


def test_band_of_misfits_as_beggar_gains_three_coppers_to_hand():
    """BoM as Beggar: "you gain three Coppers, putting them into your hand"."""
    g = game(seat(hand=["Band of Misfits"]), seat())
    play(g, "Band of Misfits")
    answer(g, 0, "Beggar")
    assert zone(g, 0, "hand") == ["Copper"] * 3 and zone(g, 0, "in_play") == ["Beggar"]


def test_procession_on_band_of_misfits_as_fortress_returns_band_of_misfits_to_hand():
    """BoM: "If you play Band of Misfits as a card that does something when trashed ..., and
    that thing happens, Band of Misfits will do that" (Fortress: back into your hand)."""
    g = game(seat(hand=["Procession", "Band of Misfits"], deck=["Copper"] * 4), seat())
    play(g, "Procession")
    answer(g, 0, ["Band of Misfits"])
    answer(g, 0, "Fortress")
    assert "Band of Misfits" in zone(g, 0, "hand")
    assert zone(g, None, "trash") == [] and g.disguised == {}
    assert g.actions == 4  # two plays as Fortress: +2 Actions each


def test_band_of_misfits_as_procession_on_cultist():
    """BoM as Procession: play Cultist twice, trash it (+3 Cards first), then gain an Action
    costing exactly $1 more ($6: Altar)."""
    g = game(seat(hand=["Band of Misfits", "Cultist"], deck=["Copper"] * 8), seat())
    play(g, "Band of Misfits")
    answer(g, 0, "Procession")
    answer(g, 0, ["Cultist"])
    assert zone(g, None, "trash") == ["Cultist"]
    assert len(zone(g, 0, "hand")) == 7  # 2 + 2 + 3
    assert offered(g, 0) == ["Altar"]
    answer(g, 0, "Altar")
    assert zone(g, 0, "in_play") == ["Procession"] and "Altar" in zone(g, 0, "discard")


# ===== Bandit Camp =============================================================================
def test_throne_room_bandit_camp_gains_two_spoils():
    """Bandit Camp played twice: +1 Card +2 Actions and a Spoils each time."""
    g = game(seat(hand=["Throne Room", "Bandit Camp"], deck=["Copper"] * 3), seat())
    play(g, "Throne Room")
    answer(g, 0, ["Bandit Camp"])
    assert zone(g, 0, "discard") == ["Spoils", "Spoils"]
    assert g.actions == 4 and zone(g, 0, "hand") == ["Copper", "Copper"]


def test_throne_room_bandit_camp_with_one_spoils_left_gains_one():
    """Bandit Camp: "If there are no Spoils cards left, you do not get one"."""
    g = game(seat(hand=["Throne Room", "Bandit Camp"], deck=["Copper"] * 3), seat(),
             supply={"Spoils": 1})
    play(g, "Throne Room")
    answer(g, 0, ["Bandit Camp"])
    assert zone(g, 0, "discard") == ["Spoils"] and count(g, "Spoils") == 0


def test_bandit_camp_draw_shuffles_before_the_spoils_is_gained():
    """Bandit Camp: "Draw a card before gaining a Spoils": a shuffle for the draw does not
    include the Spoils."""
    g = game(seat(hand=["Bandit Camp"], discard=["Gold"]), seat())
    play(g, "Bandit Camp")
    assert zone(g, 0, "hand") == ["Gold"] and zone(g, 0, "discard") == ["Spoils"]


# ===== Beggar ==================================================================================
def test_throne_room_beggar_gains_six_coppers_to_hand():
    """Beggar played twice: three Coppers into the hand each time."""
    g = game(seat(hand=["Throne Room", "Beggar"]), seat())
    play(g, "Throne Room")
    answer(g, 0, ["Beggar"])
    assert zone(g, 0, "hand") == ["Copper"] * 6


def test_beggar_reacts_to_band_of_misfits_played_as_militia():
    """Beggar: "When another player plays an Attack card, you may discard this"; BoM played as
    Militia is an Attack."""
    g = game(seat(hand=["Band of Misfits"]),
             seat(hand=["Beggar", "Copper", "Copper", "Estate", "Estate"], deck=["Gold"]))
    play(g, "Band of Misfits")
    answer(g, 0, "Militia")
    assert decision(g, 1).kind == "Reveal"
    answer(g, 1, ["Beggar"])
    assert zone(g, 1, "deck") == ["Silver", "Gold"]
    assert zone(g, 1, "discard") == ["Beggar", "Silver"]


def test_beggar_reacting_to_cultist_gains_silvers_before_the_ruins():
    """004 example: Kent discards a Beggar, gaining a Silver on his deck and a Silver into his
    discard pile; then he gains the top Ruins."""
    g = game(seat(hand=["Cultist"], deck=["Copper", "Copper"]),
             seat(hand=["Beggar"], deck=["Estate"]))
    play(g, "Cultist")
    answer(g, 1, ["Beggar"])
    assert zone(g, 1, "deck") == ["Silver", "Estate"]
    assert zone(g, 1, "discard") == ["Beggar", "Silver", "Survivors"]


# ===== Catacombs ===============================================================================
def test_throne_room_catacombs_looks_at_three_then_three_more():
    """Catacombs played twice: each play looks at the top three of the deck."""
    deck = ["Gold", "Gold", "Gold", "Silver", "Silver", "Silver", "Estate", "Estate", "Estate"]
    g = game(seat(hand=["Throne Room", "Catacombs"], deck=deck), seat())
    play(g, "Throne Room")
    answer(g, 0, ["Catacombs"])
    answer(g, 0, "hand")
    answer(g, 0, "discard")
    assert sorted(zone(g, 0, "hand")) == ["Estate"] * 3 + ["Gold"] * 3
    assert zone(g, 0, "discard") == ["Silver"] * 3


def test_procession_on_catacombs_gains_a_cheaper_card_then_a_six_dollar_action():
    """Catacombs: "When you trash Catacombs, you gain a card costing less than it"; it happens
    directly after the trash, before Procession's gain."""
    g = game(seat(hand=["Procession", "Catacombs"], deck=["Copper"] * 9), seat())
    play(g, "Procession")
    answer(g, 0, ["Catacombs"])
    answer(g, 0, "hand")
    answer(g, 0, "hand")
    assert zone(g, None, "trash") == ["Catacombs"]
    d = decision(g, 0, "ChoosePile")
    assert d.source == "Catacombs" and max(d.costs) == 4
    answer(g, 0, "Fortress")
    d = decision(g, 0, "ChoosePile")
    assert d.source == "Procession" and offered(g, 0) == ["Altar"]
    answer(g, 0, "Altar")
    assert zone(g, 0, "discard") == ["Fortress", "Altar"]


def test_graverobber_trashing_catacombs_gains_twice():
    """Catacombs' cheaper card comes first; then Graverobber's card costing up to $3 more."""
    g = game(seat(hand=["Graverobber", "Catacombs"]), seat())
    play(g, "Graverobber")
    answer(g, 0, "upgrade")
    d = decision(g, 0, "ChoosePile")
    assert d.source == "Catacombs"
    answer(g, 0, "Silver")
    d = decision(g, 0, "ChoosePile")
    assert d.source == "Graverobber" and "Province" in d.piles
    answer(g, 0, "Province")
    assert zone(g, 0, "discard") == ["Silver", "Province"]


def test_death_cart_trashing_catacombs_keeps_death_cart_and_gains_a_cheaper_card():
    """Death Cart trashes an Action from hand (Catacombs), so Death Cart stays; Catacombs
    gains a cheaper card."""
    g = game(seat(hand=["Death Cart", "Catacombs"]), seat())
    play(g, "Death Cart")
    answer(g, 0, ["Catacombs"])
    answer(g, 0, "Silver")
    assert zone(g, 0, "in_play") == ["Death Cart"] and zone(g, None, "trash") == ["Catacombs"]
    assert zone(g, 0, "discard") == ["Silver"] and g.coins == 5


# ===== Count ===================================================================================
def test_count_topdeck_then_trash_hand_keeps_the_topdecked_card():
    """Count: "first you either ... put a card from your hand on top of your deck ...; after
    resolving that, you either ... trash your hand"."""
    g = game(seat(hand=["Count", "Gold", "Estate", "Curse"]), seat())
    play(g, "Count")
    answer(g, 0, "topdeck")
    answer(g, 0, ["Gold"])
    answer(g, 0, "trash")
    assert zone(g, 0, "deck") == ["Gold"]
    assert sorted(zone(g, None, "trash")) == ["Curse", "Estate"]
    assert zone(g, 0, "hand") == []


def test_count_trashing_two_feodums_gains_six_silvers():
    """Feodum: "If Feodum is trashed, you gain three Silvers" (for each Feodum)."""
    g = game(seat(hand=["Count", "Feodum", "Feodum"]), seat())
    play(g, "Count")
    answer(g, 0, "copper")
    answer(g, 0, "trash")
    assert zone(g, None, "trash") == ["Feodum", "Feodum"]
    assert zone(g, 0, "discard") == ["Copper"] + ["Silver"] * 6


def test_count_trashing_two_feodums_with_four_silvers_left_gains_four():
    """Feodum: "If there are not enough Silvers left, gain as many as you can"."""
    g = game(seat(hand=["Count", "Feodum", "Feodum"]), seat(), supply={"Silver": 4})
    play(g, "Count")
    answer(g, 0, "copper")
    answer(g, 0, "trash")
    assert owned(g, 0)["Silver"] == 4 and count(g, "Silver") == 0


def test_count_trashing_a_cultist_with_the_hand_draws_three_new_cards():
    """Count trashes the hand; Cultist's +3 Cards comes after, so the new cards stay."""
    g = game(seat(hand=["Count", "Cultist", "Estate"], deck=["Gold", "Gold", "Gold"]), seat())
    play(g, "Count")
    answer(g, 0, "copper")
    answer(g, 0, "trash")
    assert zone(g, 0, "hand") == ["Gold"] * 3
    assert sorted(zone(g, None, "trash")) == ["Cultist", "Estate"]


# ===== Counterfeit =============================================================================
def test_counterfeit_doubling_a_counterfeit_with_nothing_left_to_double():
    """Counterfeit: a Treasure that does something special is done twice (here: nothing to
    double either time); the doubled Counterfeit is trashed, coins and Buys kept."""
    g = game(seat(hand=["Counterfeit", "Counterfeit"]), seat())
    first = g.players[0].hand[0]
    treasures(g, [first])
    answer(g, 0, ["Counterfeit"])
    assert (g.coins, g.buys) == (3, 4)
    assert zone(g, None, "trash") == ["Counterfeit"]
    assert zone(g, 0, "in_play") == ["Counterfeit"]


# ===== Cultist =================================================================================
def test_cultist_chain_after_fortress_uses_only_one_action():
    """Cultist: "Playing a Cultist this way does not use up any extra Actions you were allowed
    to play due to cards like Fortress - the original Cultist uses up one Action"."""
    g = game(seat(hand=["Fortress", "Cultist", "Cultist"], deck=["Copper"] * 6),
             seat(), seat())
    play(g, "Fortress")
    assert g.actions == 2
    play(g, "Cultist")
    answer(g, 0, ["Cultist"])
    assert g.actions == 1
    assert zone(g, 1, "discard") == ["Survivors", "Ruined Market"]
    assert zone(g, 2, "discard") == ["Ruined Village", "Abandoned Mine"]


def test_cultist_trashed_by_forager_draws_three_and_forager_still_counts():
    """Cultist: "When you trash a Cultist, you draw three cards"; Forager's coins come either
    way."""
    g = game(seat(hand=["Forager", "Cultist"], deck=["Silver"] * 3), seat(), trash=["Copper"])
    play(g, "Forager")
    assert zone(g, 0, "hand") == ["Silver"] * 3
    assert g.coins == 1 and g.buys == 2 and g.actions == 1


def test_cultist_trashed_draw_reshuffles_the_discard_pile():
    """Cultist's +3 Cards follows the normal draw rules: shuffle when the deck runs out."""
    g = game(seat(hand=["Altar", "Cultist"], deck=["Gold"], discard=["Silver", "Silver"]),
             seat())
    play(g, "Altar")
    assert sorted(zone(g, 0, "hand")) == ["Gold", "Silver", "Silver"]


def test_cultist_ruins_with_an_empty_ruins_pile_still_offers_the_next_cultist():
    """Cultist: "If the Ruins pile runs out, players stop gaining them"; after giving out
    Ruins you may play another Cultist."""
    g = game(seat(hand=["Cultist", "Cultist"], deck=["Copper"] * 4), seat(),
             supply={"Ruins": []})
    play(g, "Cultist")
    assert decision(g, 0).source == "Cultist"
    answer(g, 0, ["Cultist"])
    assert zone(g, 1, "discard") == [] and len(zone(g, 0, "hand")) == 4


# ===== Death Cart ==============================================================================
def test_graverobber_gaining_death_cart_from_the_trash_also_gains_two_ruins():
    """Death Cart: "When you gain a Death Cart, either from buying it or from gaining it some
    other way, you also gain two Ruins"."""
    g = game(seat(hand=["Graverobber"], deck=["Copper"]), seat(), trash=["Death Cart"])
    play(g, "Graverobber")
    answer(g, 0, "gain")
    assert zone(g, 0, "deck") == ["Death Cart", "Copper"]
    assert zone(g, 0, "discard") == ["Survivors", "Ruined Village"]


def test_altar_gaining_death_cart_gains_two_ruins():
    """Death Cart gained some other way (Altar): two Ruins."""
    g = game(seat(hand=["Altar"]), seat())
    play(g, "Altar")
    answer(g, 0, "Death Cart")
    assert zone(g, 0, "discard") == ["Death Cart", "Survivors", "Ruined Village"]


def test_procession_on_death_cart():
    """Death Cart trashes itself on the first play; on the second it may trash an Action from
    hand; Procession fails to trash it (Lose Track) but still gains a $5 Action."""
    g = game(seat(hand=["Procession", "Death Cart", "Village"]), seat())
    play(g, "Procession")
    answer(g, 0, ["Death Cart"])
    answer(g, 0, [])  # first play: trash Death Cart itself
    assert zone(g, None, "trash") == ["Death Cart"]
    answer(g, 0, ["Village"])  # second play: trash the Village instead
    assert sorted(zone(g, None, "trash")) == ["Death Cart", "Village"]
    assert g.coins == 10
    d = decision(g, 0, "ChoosePile")
    assert d.source == "Procession" and set(d.costs) == {5}
    assert "Cultist" in d.piles and "Band of Misfits" in d.piles


def test_death_cart_trashing_band_of_misfits_from_hand():
    """Death Cart: trash "an Action card from your hand": Band of Misfits in hand is one."""
    g = game(seat(hand=["Death Cart", "Band of Misfits"]), seat())
    play(g, "Death Cart")
    assert offered(g, 0) == ["Band of Misfits"]
    answer(g, 0, ["Band of Misfits"])
    assert zone(g, None, "trash") == ["Band of Misfits"]
    assert zone(g, 0, "in_play") == ["Death Cart"]


def test_death_cart_bought_when_ruins_are_out_in_three_player_game():
    """Death Cart: "If there are not enough Ruins left, take as many as you can"."""
    g = game(seat(hand=["Gold", "Copper"]), seat(), seat(),
             supply={"Ruins": ["Ruined Market"]}, turn={"buys": 2})
    treasures(g)
    buy(g, "Death Cart")
    assert zone(g, 0, "discard") == ["Death Cart", "Ruined Market"]
    assert count(g, "Ruins") == 0


# ===== Feodum ==================================================================================
def test_feodum_counts_silvers_in_every_zone():
    """Feodum: "worth 1 for every three Silvers in your deck" (all your cards)."""
    g = game(seat(hand=["Silver", "Feodum"], deck=["Silver", "Feodum"],
                  discard=["Silver", "Silver"], in_play=["Silver", "Silver"]), seat())
    assert g.score(0) == 2 * 2


def test_feodum_with_eleven_silvers_is_worth_three():
    """004: "if you have 11 Silvers, your Feodums are worth 3 each"."""
    g = game(seat(deck=["Silver"] * 11 + ["Feodum", "Feodum"]), seat())
    assert g.score(0) == 6


def test_forager_trashing_feodum_gains_silvers_which_are_not_in_the_trash():
    """Forager counts Treasures in the trash; the Feodum's Silvers are gained, not trashed."""
    g = game(seat(hand=["Forager", "Feodum"]), seat())
    play(g, "Forager")
    assert zone(g, 0, "discard") == ["Silver"] * 3 and g.coins == 0


# ===== Forager =================================================================================
def test_throne_room_forager_counts_after_each_trash():
    """Forager: trash, then +$1 per differently named Treasure in the trash (each play)."""
    g = game(seat(hand=["Throne Room", "Forager", "Copper", "Silver"]), seat())
    play(g, "Throne Room")
    answer(g, 0, ["Forager"])
    answer(g, 0, ["Copper"])  # first play: +$1 (Copper in the trash)
    # second play: the Silver, the only card left, is trashed unasked: +$2
    assert g.coins == 1 + 2 and g.buys == 3 and g.actions == 2


def test_forager_trashing_spoils_counts_it_as_a_treasure():
    """Forager: "+$1 per differently named Treasure in the trash"; a trashed Spoils counts."""
    g = game(seat(hand=["Forager", "Spoils"]), seat(), trash=["Copper"])
    play(g, "Forager")
    assert zone(g, None, "trash") == ["Copper", "Spoils"] and g.coins == 2


def test_forager_trashing_fortress_gets_it_back():
    """Fortress trashed by Forager returns to the hand; Forager still gives its coins."""
    g = game(seat(hand=["Forager", "Fortress"]), seat(), trash=["Gold"])
    play(g, "Forager")
    assert zone(g, 0, "hand") == ["Fortress"] and g.coins == 1


# ===== Fortress ================================================================================
def test_procession_on_fortress_returns_it_to_hand_and_gains_a_five_dollar_action():
    """Fortress: "You still trashed Fortress, even though you get it back"; Procession then
    gains an Action costing exactly $1 more ($5)."""
    g = game(seat(hand=["Procession", "Fortress"], deck=["Copper"] * 4), seat())
    play(g, "Procession")
    answer(g, 0, ["Fortress"])
    assert zone(g, 0, "hand") == ["Copper", "Copper", "Fortress"]
    assert g.actions == 4
    d = decision(g, 0, "ChoosePile")
    assert d.source == "Procession" and set(d.costs) == {5}
    answer(g, 0, "Cultist")
    assert zone(g, 0, "discard") == ["Cultist"]


def test_hermit_trashing_fortress_from_the_discard_pile_puts_it_into_the_hand():
    """Hermit may trash from the discard pile; Fortress then goes into the hand."""
    g = game(seat(hand=["Hermit"], discard=["Fortress", "Copper"]), seat())
    play(g, "Hermit")
    answer(g, 0, ["Fortress"])
    assert zone(g, 0, "hand") == ["Fortress"] and zone(g, None, "trash") == []
    answer(g, 0, "Silver")
    assert zone(g, 0, "discard") == ["Copper", "Silver"]


# ===== Graverobber =============================================================================
def test_graverobber_gain_from_trash_uses_current_costs():
    """Graverobber: "If there is no card in the trash costing from $3 to $6, you will fail to
    gain one": with $2 of cost reduction Province costs $6 and Silver $1."""
    g = game(seat(hand=["Graverobber"]), seat(), trash=["Silver", "Province"],
             turn={"cost_reduction": 2})
    play(g, "Graverobber")
    answer(g, 0, "gain")
    assert zone(g, 0, "deck") == ["Province"] and zone(g, None, "trash") == ["Silver"]


def test_graverobber_upgrading_band_of_misfits_gains_up_to_eight():
    """Graverobber: "trash an Action card from your hand and gain a card costing up to $3 more
    than it" (Band of Misfits in hand costs $5)."""
    g = game(seat(hand=["Graverobber", "Band of Misfits"]), seat())
    play(g, "Graverobber")
    answer(g, 0, "upgrade")
    assert "Province" in offered(g, 0)
    answer(g, 0, "Province")
    assert zone(g, 0, "discard") == ["Province"]


def test_graverobber_gains_fortress_from_the_trash_onto_the_deck():
    """Graverobber: the card from the trash "goes on top of your deck"."""
    g = game(seat(hand=["Graverobber"], deck=["Copper"]), seat(), trash=["Fortress", "Copper"])
    play(g, "Graverobber")
    answer(g, 0, "gain")
    assert zone(g, 0, "deck") == ["Fortress", "Copper"]


# ===== Hermit ==================================================================================
def test_two_hermits_without_a_buy_give_two_madmen():
    """Hermit: when you discard Hermit from play, if you did not buy any cards this turn, you
    trash Hermit and gain a Madman (each Hermit)."""
    g = game(seat(hand=["Village", "Hermit", "Hermit"], deck=["Copper"] * 7), seat())
    play(g, "Village")
    play(g, "Hermit")
    answer(g, 0, [])  # the other Hermit in hand could be trashed: no
    answer(g, 0, "Silver")
    play(g, "Hermit")
    answer(g, 0, "Silver")
    end_turn(g)
    assert zone(g, None, "trash") == ["Hermit", "Hermit"]
    assert owned(g, 0)["Madman"] == 2 and count(g, "Madman") == 8


def test_two_hermits_with_one_madman_left_gain_one():
    """Hermit: "If there are no Madman cards left, you do not gain one"."""
    g = game(seat(hand=["Village", "Hermit", "Hermit"], deck=["Copper"] * 7), seat(),
             supply={"Madman": 1})
    play(g, "Village")
    play(g, "Hermit")
    answer(g, 0, [])  # the other Hermit in hand could be trashed: no
    answer(g, 0, "Silver")
    play(g, "Hermit")
    answer(g, 0, "Silver")
    end_turn(g)
    assert zone(g, None, "trash") == ["Hermit", "Hermit"]
    assert owned(g, 0)["Madman"] == 1


def test_procession_on_hermit_trashes_it_so_no_madman():
    """Hermit is trashed by Procession, so it is not discarded from play in Clean-up: no
    Madman; Procession gains an Action costing exactly $4."""
    g = game(seat(hand=["Procession", "Hermit"], deck=["Copper"] * 5), seat())
    play(g, "Procession")
    answer(g, 0, ["Hermit"])
    answer(g, 0, "Silver")
    answer(g, 0, "Silver")
    assert zone(g, None, "trash") == ["Hermit"]
    d = decision(g, 0, "ChoosePile")
    assert set(d.costs) == {4}
    answer(g, 0, "Fortress")
    end_turn(g)
    assert owned(g, 0)["Madman"] == 0


def test_hermit_trashing_feodum_from_the_discard_pile_gains_silvers_then_the_hermit_card():
    """Hermit may trash a non-Treasure from the discard pile; Feodum then gains 3 Silvers;
    then Hermit's gain."""
    g = game(seat(hand=["Hermit"], discard=["Feodum"]), seat())
    play(g, "Hermit")
    answer(g, 0, ["Feodum"])
    assert zone(g, 0, "discard") == ["Silver"] * 3
    answer(g, 0, "Beggar")
    assert zone(g, 0, "discard") == ["Silver"] * 3 + ["Beggar"]


def test_hermit_cannot_trash_treasures():
    """Hermit: you "cannot trash Treasures"."""
    g = game(seat(hand=["Hermit", "Copper", "Estate"], discard=["Silver", "Curse"]), seat())
    play(g, "Hermit")
    assert sorted(offered(g, 0)) == ["Curse", "Estate"]


def test_hermit_buying_a_ruins_counts_as_buying():
    """Hermit: "only whether you did not buy a card": buying a $0 Ruins is buying a card."""
    g = game(seat(hand=["Hermit"], deck=["Copper"] * 5), seat())
    play(g, "Hermit")
    answer(g, 0, "Silver")
    buy(g, "Ruins")
    assert owned(g, 0)["Hermit"] == 1 and owned(g, 0)["Madman"] == 0


def test_hermit_gaining_without_buying_is_still_trashed():
    """Hermit: "It does not matter whether or not you gained cards other ways"."""
    g = game(seat(hand=["Village", "Hermit", "Armory"], deck=["Copper"] * 6), seat())
    play(g, "Village")
    play(g, "Hermit")
    answer(g, 0, [])
    answer(g, 0, "Silver")
    play(g, "Armory")
    answer(g, 0, "Silver")
    end_turn(g)
    assert zone(g, None, "trash") == ["Hermit"] and owned(g, 0)["Madman"] == 1


# ===== Madman ==================================================================================
def test_madman_with_an_empty_hand_draws_nothing():
    """Madman: "+1 Card per card in your hand" after returning it: zero cards, zero draws."""
    g = game(seat(hand=["Madman"], deck=["Gold"] * 3), seat())
    play(g, "Madman")
    assert zone(g, 0, "hand") == [] and g.actions == 2
    assert count(g, "Madman") == 11  # 10 in the pile, plus this one returned


def test_madman_draw_reshuffles():
    """Madman draws a card per card in hand, shuffling if needed."""
    g = game(seat(hand=["Madman", "Copper", "Copper"], deck=["Gold"], discard=["Silver"]),
             seat())
    play(g, "Madman")
    assert sorted(zone(g, 0, "hand")) == ["Copper", "Copper", "Gold", "Silver"]


def test_total_cards_unchanged_by_a_turn_with_hermit_and_madman():
    """Cards never appear or vanish: Hermit exchanged for a Madman in Clean-up."""
    g = game(seat(hand=["Hermit"], deck=["Copper"] * 5), seat())
    before = total_cards(g)
    play(g, "Hermit")
    answer(g, 0, "Silver")
    end_turn(g)
    assert total_cards(g) == before
    assert open_kinds(g)


# ===== Batch 2: trashing on other players' turns, from the discard pile, with Bridge =========
KNIGHTS = ["Knights", "Feodum", "Catacombs", "Fortress", "Cultist", "Village"]


def test_knight_trashing_feodum_from_the_deck_gives_its_owner_three_silvers():
    """Feodum: "If Feodum is trashed, you gain three Silvers"; 004: these abilities function
    "no matter whose turn the card is trashed on"."""
    g = game(seat(hand=["Sir Destry"], deck=["Copper", "Copper"]),
             seat(deck=["Feodum", "Copper"]), kingdom=KNIGHTS)
    play(g, "Sir Destry")
    assert zone(g, None, "trash") == ["Feodum"]
    assert sorted(zone(g, 1, "discard")) == ["Copper"] + ["Silver"] * 3


def test_knight_trashing_catacombs_from_the_deck_lets_its_owner_gain_a_cheaper_card():
    """Catacombs: "This happens whether Catacombs is trashed on your turn or someone else's,
    and no matter who has the card that trashed it"."""
    g = game(seat(hand=["Sir Destry"], deck=["Copper", "Copper"]),
             seat(deck=["Catacombs", "Copper"]), kingdom=KNIGHTS)
    play(g, "Sir Destry")
    d = decision(g)
    assert (d.seat, d.source, max(d.costs)) == (1, "Catacombs", 4)
    answer(g, 1, "Fortress")
    assert "Fortress" in zone(g, 1, "discard")


def test_knight_trashing_fortress_from_the_deck_puts_it_into_its_owners_hand():
    """Fortress: "This happens no matter whose turn it is when Fortress is trashed"."""
    g = game(seat(hand=["Sir Destry"], deck=["Copper", "Copper"]),
             seat(hand=["Copper"], deck=["Fortress", "Estate"]), kingdom=KNIGHTS)
    play(g, "Sir Destry")
    assert sorted(zone(g, 1, "hand")) == ["Copper", "Fortress"]
    assert zone(g, 1, "discard") == ["Estate"] and zone(g, None, "trash") == []


def test_hermit_trashing_cultist_from_the_discard_pile_draws_three_then_gains():
    """Cultist: "When you trash a Cultist, you draw three cards" (here from the discard pile,
    via Hermit), before Hermit's gain."""
    g = game(seat(hand=["Hermit"], deck=["Gold"] * 3, discard=["Cultist"]), seat())
    play(g, "Hermit")
    answer(g, 0, ["Cultist"])
    assert zone(g, 0, "hand") == ["Gold"] * 3
    assert decision(g, 0).source == "Hermit"


def test_hermit_trashing_catacombs_from_the_hand_gains_twice():
    """Catacombs' cheaper card first, then Hermit's card costing up to $3."""
    g = game(seat(hand=["Hermit", "Catacombs"]), seat())
    play(g, "Hermit")
    answer(g, 0, ["Catacombs"])
    assert decision(g, 0).source == "Catacombs"
    answer(g, 0, "Armory")
    assert decision(g, 0).source == "Hermit"
    answer(g, 0, "Silver")
    assert zone(g, 0, "discard") == ["Armory", "Silver"]


def test_graverobber_upgrading_death_cart_gains_up_to_seven():
    """Graverobber: "gain a card costing up to $3 more than it" (Death Cart $4 -> $7)."""
    g = game(seat(hand=["Graverobber", "Death Cart"]), seat())
    play(g, "Graverobber")
    answer(g, 0, "upgrade")
    d = decision(g, 0, "ChoosePile")
    assert "Gold" in d.piles and "Altar" in d.piles and "Province" not in d.piles


def test_graverobber_upgrading_a_ruins_gains_up_to_three():
    """Ruins are Action cards costing $0: Graverobber may trash one and gain up to $3."""
    g = game(seat(hand=["Graverobber", "Ruined Market"]), seat())
    play(g, "Graverobber")
    answer(g, 0, "upgrade")
    d = decision(g, 0, "ChoosePile")
    assert max(d.costs) == 3 and zone(g, None, "trash") == ["Ruined Market"]


def test_graverobber_upgrade_with_bridge_uses_current_costs():
    """Costs are as they are now: after Bridge, Fortress costs $3, so up to $6, and Province
    costs $7 (not offered) while Gold costs $5."""
    g = game(seat(hand=["Village", "Bridge", "Graverobber", "Fortress"], deck=["Copper"]),
             seat(), kingdom=K + ["Bridge"])
    play(g, "Village")
    play(g, "Bridge")
    play(g, "Graverobber")
    answer(g, 0, "upgrade")
    # Fortress goes back to hand
    d = decision(g, 0, "ChoosePile")
    assert {"Altar", "Gold"} <= set(d.piles) and "Province" not in d.piles


def test_procession_with_bridge_gains_exactly_one_more_than_the_current_cost():
    """Procession (Kevin's example ruling): gain an Action costing exactly $1 more; after
    Bridge, Hermit costs $2, so $3 (Fortress, Armory... now cost $3)."""
    g = game(seat(hand=["Village", "Bridge", "Procession", "Hermit"], deck=["Copper"] * 4),
             seat(), kingdom=K + ["Bridge"])
    play(g, "Village")
    play(g, "Bridge")
    play(g, "Procession")
    answer(g, 0, ["Hermit"])
    answer(g, 0, "Silver")
    answer(g, 0, "Silver")
    d = decision(g, 0, "ChoosePile")
    assert d.source == "Procession" and set(d.costs) == {3}
    assert "Fortress" in d.piles and "Death Cart" in d.piles


def test_hermit_with_bridge_gains_up_to_three_at_current_costs():
    """Hermit gains "a card costing up to $3": after Bridge, Fortress ($4) costs $3."""
    g = game(seat(hand=["Bridge", "Hermit"], deck=["Copper"]), seat(),
             kingdom=K + ["Bridge"], turn={"actions": 2})
    play(g, "Bridge")
    play(g, "Hermit")
    assert "Fortress" in offered(g, 0) and "Catacombs" not in offered(g, 0)


def test_band_of_misfits_as_death_cart_trashing_fortress_keeps_the_band():
    """Fortress: "You still trashed Fortress, even though you get it back" - Death Cart's
    "if you do" is true, even for Band of Misfits played as Death Cart."""
    g = game(seat(hand=["Band of Misfits", "Fortress"]), seat())
    play(g, "Band of Misfits")
    answer(g, 0, "Death Cart")
    answer(g, 0, ["Fortress"])
    assert zone(g, 0, "hand") == ["Fortress"] and zone(g, 0, "in_play") == ["Death Cart"]
    assert zone(g, None, "trash") == [] and g.coins == 5


def test_procession_on_beggar_gains_a_three_dollar_action():
    """Procession on Beggar: six Coppers to hand, trash Beggar, gain an Action costing
    exactly $3."""
    g = game(seat(hand=["Procession", "Beggar"]), seat())
    play(g, "Procession")
    answer(g, 0, ["Beggar"])
    assert zone(g, 0, "hand") == ["Copper"] * 6 and zone(g, None, "trash") == ["Beggar"]
    d = decision(g, 0, "ChoosePile")
    assert sorted(d.piles) == ["Forager", "Hermit", "Village"]


def test_throne_room_count_makes_both_choices_twice():
    """Count played twice: two pairs of choices."""
    g = game(seat(hand=["Throne Room", "Count", "Estate"]), seat())
    play(g, "Throne Room")
    answer(g, 0, ["Count"])
    answer(g, 0, "copper")
    answer(g, 0, "coins")
    answer(g, 0, "copper")
    answer(g, 0, "duchy")
    assert zone(g, 0, "discard") == ["Copper", "Copper", "Duchy"] and g.coins == 3


def test_throne_room_graverobber_gains_from_the_trash_twice():
    """Graverobber played twice, gaining from the trash each time, onto the deck."""
    g = game(seat(hand=["Throne Room", "Graverobber"], deck=["Copper"]), seat(),
             trash=["Silver", "Gold"])
    play(g, "Throne Room")
    answer(g, 0, ["Graverobber"])
    answer(g, 0, "gain")
    answer(g, 0, ["Gold"])
    answer(g, 0, "gain")
    assert zone(g, 0, "deck") == ["Silver", "Gold", "Copper"]
    assert zone(g, None, "trash") == []


def test_rogue_trashing_feodum_gives_its_owner_silvers():
    """Feodum's ability on another player's turn (Rogue's attack trashes it)."""
    g = game(seat(hand=["Rogue"]), seat(deck=["Feodum", "Copper"]),
             kingdom=K + ["Rogue"])
    play(g, "Rogue")
    assert zone(g, None, "trash") == ["Feodum"]
    assert owned(g, 1)["Silver"] == 3


# ===== Batch 3: non-Supply piles, Throne Room variants =========================================
def test_hermit_gain_never_offers_madman_or_spoils():
    """004: Spoils and Madman "cannot be gained by cards that gain cards from the Supply"
    (both cost $0, so they would fit Hermit's "up to $3")."""
    g = game(seat(hand=["Hermit"]), seat())
    play(g, "Hermit")
    assert not {"Madman", "Spoils", "Mercenary"} & set(offered(g, 0))
    assert "Copper" in offered(g, 0)


def test_catacombs_cheaper_card_never_offers_madman_or_spoils():
    """Catacombs' "gain a cheaper card" is from the Supply only."""
    g = game(seat(hand=["Altar", "Catacombs"]), seat())
    play(g, "Altar")
    d = decision(g, 0, "ChoosePile")
    assert d.source == "Catacombs"
    assert not {"Madman", "Spoils"} & set(d.piles)


def test_madman_cannot_be_bought():
    """004: non-Supply cards "cannot be bought"."""
    g = game(seat(hand=["Copper"]), seat())
    treasures(g)
    piles = offered(g, 0)
    assert "Copper" in piles and "Madman" not in piles and "Spoils" not in piles


def test_empty_madman_pile_does_not_count_for_the_game_end():
    """004: non-Supply piles "being empty does not count towards the end condition"."""
    g = game(seat(hand=["Copper"], deck=["Copper"] * 5), seat(deck=["Copper"] * 5),
             supply={"Madman": 0, "Village": 0, "Smithy": 0})
    end_turn(g)
    assert not g.over and g.active == 1


def test_throne_room_militia_lets_a_second_beggar_react_to_the_second_play():
    """Beggar: "When another player plays an Attack card, you may discard this": each play of
    the Attack is a new chance."""
    g = game(seat(hand=["Throne Room", "Militia"]),
             seat(hand=["Beggar", "Beggar", "Copper", "Copper", "Estate"],
                  deck=["Gold", "Gold"]))
    play(g, "Throne Room")
    answer(g, 0, ["Militia"])
    answer(g, 1, ["Beggar"])
    answer(g, 1, [])  # keep the second Beggar for now
    answer(g, 1, ["Estate"])  # down to 3
    assert decision(g, 1).kind == "Reveal"  # the second play of Militia
    answer(g, 1, ["Beggar"])
    assert owned(g, 1)["Silver"] == 4
    assert zone(g, 1, "deck") == ["Silver", "Silver", "Gold", "Gold"]


def test_band_of_misfits_as_throne_room_plays_an_action_twice():
    """BoM as Throne Room ($4 < $5): play an Action from hand twice."""
    g = game(seat(hand=["Band of Misfits", "Bandit Camp"], deck=["Copper"] * 3), seat())
    play(g, "Band of Misfits")
    answer(g, 0, "Throne Room")
    answer(g, 0, ["Bandit Camp"])
    assert zone(g, 0, "discard") == ["Spoils", "Spoils"]
    assert zone(g, 0, "in_play") == ["Throne Room", "Bandit Camp"] and g.actions == 4


def test_throne_room_band_of_misfits_as_throne_room_gets_two_choices_of_card():
    """BoM picked as Throne Room the first time is Throne Room again the second time, so it
    plays a second Action twice."""
    g = game(seat(hand=["Throne Room", "Band of Misfits", "Beggar", "Beggar"]), seat())
    play(g, "Throne Room")
    answer(g, 0, ["Band of Misfits"])
    answer(g, 0, "Throne Room")
    answer(g, 0, ["Beggar"])
    answer(g, 0, ["Beggar"])
    assert zone(g, 0, "hand") == ["Copper"] * 12


def test_procession_on_madman_in_play_area_then_trash_fails_total_cards_kept():
    """004 Lose Track example (Procession on Madman): cards never vanish."""
    g = game(seat(hand=["Procession", "Madman", "Copper"], deck=["Silver"] * 4), seat())
    n = total_cards(g)
    play(g, "Procession")
    answer(g, 0, ["Madman"])
    assert zone(g, None, "trash") == [] and count(g, "Madman") == 11
    assert total_cards(g) == n


# ===== Batch 4: "when you trash" set off by other cards ========================================
def test_lurker_trashing_cultist_from_the_supply_draws_three_for_the_lurker_player():
    """004: "The player that a 'when you trash this' ability functions for is the player told
    to trash the card, regardless of whose card trashed the card"."""
    g = game(seat(hand=["Lurker"], deck=["Gold"] * 3), seat(), kingdom=K + ["Lurker"])
    play(g, "Lurker")
    answer(g, 0, "trash")
    answer(g, 0, "Cultist")
    assert zone(g, None, "trash") == ["Cultist"] and zone(g, 0, "hand") == ["Gold"] * 3


def test_lurker_gaining_death_cart_from_the_trash_gains_two_ruins():
    """Death Cart gained "some other way" (Lurker, from the trash): two Ruins."""
    g = game(seat(hand=["Lurker"]), seat(), kingdom=K + ["Lurker"], trash=["Death Cart"])
    play(g, "Lurker")
    answer(g, 0, "gain")
    answer(g, 0, ["Death Cart"])
    assert zone(g, 0, "discard") == ["Death Cart", "Survivors", "Ruined Village"]


def test_trading_post_trashing_fortress_still_trashed_two():
    """Fortress: "You still trashed Fortress, even though you get it back" (Trading Post's
    "if you did")."""
    g = game(seat(hand=["Trading Post", "Fortress", "Copper"]), seat(),
             kingdom=K + ["Trading Post"])
    play(g, "Trading Post")
    assert sorted(zone(g, 0, "hand")) == ["Fortress", "Silver"]
    assert zone(g, None, "trash") == ["Copper"]


def test_remodel_on_feodum_gains_silvers_then_the_remodel_card():
    """Feodum's Silvers come directly after the trash, before Remodel's gain."""
    g = game(seat(hand=["Remodel", "Feodum"]), seat(), kingdom=K + ["Remodel"])
    play(g, "Remodel")
    answer(g, 0, ["Feodum"])
    assert zone(g, 0, "discard") == ["Silver"] * 3
    answer(g, 0, "Gold")
    assert zone(g, 0, "discard") == ["Silver"] * 3 + ["Gold"]


def test_swindler_trashing_fortress_returns_it_and_still_gives_a_card():
    """Fortress trashed on another player's turn goes to its owner's hand; Swindler still has
    them gain a card with the same cost."""
    g = game(seat(hand=["Swindler"]), seat(hand=["Copper"], deck=["Fortress", "Copper"]),
             kingdom=K + ["Swindler"])
    play(g, "Swindler")
    assert sorted(zone(g, 1, "hand")) == ["Copper", "Fortress"]
    answer(g, 0, "Armory")
    assert zone(g, 1, "discard") == ["Armory"]


def test_vassal_playing_death_cart_from_the_discard_trashes_it():
    """Death Cart played from elsewhere (Vassal) with no Action in hand trashes itself."""
    g = game(seat(hand=["Vassal"], deck=["Death Cart"]), seat(), kingdom=K + ["Vassal"])
    play(g, "Vassal")
    answer(g, 0, "play")
    assert zone(g, None, "trash") == ["Death Cart"] and g.coins == 7


def test_vassal_playing_band_of_misfits_from_the_discard():
    """Band of Misfits played from the discard pile (Vassal) picks a card as usual."""
    g = game(seat(hand=["Vassal"], deck=["Band of Misfits", "Gold"]), seat(),
             kingdom=K + ["Vassal"])
    play(g, "Vassal")
    answer(g, 0, "play")
    answer(g, 0, "Beggar")
    assert zone(g, 0, "in_play") == ["Vassal", "Beggar"]
    assert zone(g, 0, "hand") == ["Copper"] * 3
