"""Dark Ages cards meeting each other: interactions that cross the groups the cards were
written in (Band of Misfits with Hermit, Sir Martin and Death Cart; Procession with Cultist and
Madman; Knights with Cultist, Market Square and Rogue; Rebuild naming "Knights"; Replace
losing track of the Death Cart its Ruins covered)."""
from __future__ import annotations

from tests.engine.helpers import (
    answer,
    decision,
    end_turn,
    offered,
    owned,
    play,
    position,
    seat,
    total_cards,
    zone,
)

FILLER = ["Village", "Smithy", "Militia", "Moat", "Workshop"]


def test_band_of_misfits_as_hermit_is_trashed_for_a_madman_when_nothing_was_bought():
    g = position(seat(hand=["Band of Misfits", "Copper"], deck=["Copper"] * 5), seat(),
                 kingdom=["Band of Misfits", "Hermit", *FILLER])
    play(g, "Band of Misfits")
    answer(g, 0, "Hermit", card="Band of Misfits")
    assert zone(g, 0, "in_play") == ["Hermit"]
    # no non-Treasure in hand or discard pile: straight to the gain
    answer(g, 0, "Silver", card="Hermit")
    end_turn(g)
    assert zone(g, None, "trash") == ["Band of Misfits"]
    assert owned(g, 0)["Madman"] == 1 and owned(g, 0)["Band of Misfits"] == 0
    assert g.disguised == {}


def test_band_of_misfits_as_hermit_stays_when_a_card_was_bought():
    g = position(seat(hand=["Band of Misfits", "Silver"], deck=["Copper"] * 5), seat(),
                 kingdom=["Band of Misfits", "Hermit", *FILLER])
    play(g, "Band of Misfits")
    answer(g, 0, "Hermit", card="Band of Misfits")
    answer(g, 0, "Silver", card="Hermit")
    answer(g, 0, {"play": "all"}, kind="BuyPhase")
    answer(g, 0, {"buy": "Copper"}, kind="BuyPhase")
    assert owned(g, 0)["Band of Misfits"] == 1 and owned(g, 0)["Madman"] == 0


def test_band_of_misfits_may_be_sir_martin_on_top_and_is_trashed_as_the_knight():
    g = position(seat(hand=["Band of Misfits"]),
                 seat(deck=["Sir Bailey", "Copper"]),
                 kingdom=["Band of Misfits", "Knights", *FILLER[:4]],
                 supply={"Knights": ["Sir Martin", "Dame Anna"]})
    play(g, "Band of Misfits")
    assert "Knights" in offered(g, 0)  # Sir Martin ($4) is cheaper than Band of Misfits
    answer(g, 0, "Knights", card="Band of Misfits")
    assert g.buys == 3  # Sir Martin's +2 Buys
    # Sir Bailey is the only $3-$6 card revealed: trashed, so "trash this" trashes the BoM
    assert zone(g, None, "trash") == ["Sir Bailey", "Band of Misfits"]
    assert zone(g, None, "Knights") == ["Dame Anna", "Sir Martin"]  # the pile is untouched


def test_band_of_misfits_cannot_be_a_covered_knight():
    g = position(seat(hand=["Band of Misfits"]), seat(),
                 kingdom=["Band of Misfits", "Knights", *FILLER[:4]],
                 supply={"Knights": ["Dame Anna", "Sir Martin"]})
    play(g, "Band of Misfits")
    assert "Knights" not in offered(g, 0)  # Dame Anna ($5) is on top, not cheaper


def test_rebuild_naming_knights_does_not_spare_dame_josephine():
    g = position(seat(hand=["Rebuild"], deck=["Copper", "Dame Josephine", "Estate"]), seat(),
                 kingdom=["Rebuild", "Knights", *FILLER[:4]])
    play(g, "Rebuild")
    answer(g, 0, "Knights", card="Rebuild")
    assert zone(g, None, "trash") == ["Dame Josephine"]  # "Knights" is not her name
    answer(g, 0, "Province", card="Rebuild")  # up to $8
    assert "Province" in zone(g, 0, "discard")


def test_rebuild_naming_dame_josephine_skips_her():
    g = position(seat(hand=["Rebuild"], deck=["Dame Josephine", "Estate"]), seat(),
                 kingdom=["Rebuild", "Knights", *FILLER[:4]])
    play(g, "Rebuild")
    answer(g, 0, "Dame Josephine", card="Rebuild")
    assert zone(g, None, "trash") == ["Estate"]


def test_rogue_gains_a_knight_from_the_trash():
    g = position(seat(hand=["Rogue"]), seat(), kingdom=["Rogue", "Knights", *FILLER[:4]],
                 trash=["Sir Vander", "Copper"])
    play(g, "Rogue")
    assert zone(g, 0, "discard") == ["Sir Vander"] and zone(g, None, "trash") == ["Copper"]


def test_procession_on_madman_gains_a_one_dollar_action():
    g = position(seat(hand=["Procession", "Madman", "Copper"], deck=["Silver"] * 6), seat(),
                 kingdom=["Procession", "Hermit", "Poor House", *FILLER[:3]])
    play(g, "Procession")
    answer(g, 0, ["Madman"], card="Procession")
    # +2 Actions, back to its pile, draw 1 (one card in hand); again +2 Actions, no draw
    assert g.actions == 4 and zone(g, 0, "hand") == ["Copper", "Silver"]
    assert zone(g, None, "trash") == []  # Procession lost track of it
    assert offered(g, 0) == ["Poor House"]  # exactly $1 more than Madman ($0)
    answer(g, 0, "Poor House", card="Procession")
    assert zone(g, 0, "discard") == ["Poor House"]


def test_a_knight_trashing_a_market_square_holders_card_lets_them_take_a_gold():
    g = position(seat(hand=["Sir Destry"], deck=["Copper", "Copper"]),
                 seat(hand=["Market Square"], deck=["Silver", "Estate"]),
                 kingdom=["Knights", "Market Square", *FILLER[:4]])
    play(g, "Sir Destry")
    answer(g, 1, "discard", card="Market Square")
    assert zone(g, None, "trash") == ["Silver"]
    assert "Gold" in zone(g, 1, "discard") and "Market Square" in zone(g, 1, "discard")


def test_graverobber_trashing_fortress_gets_it_back_and_still_gains():
    g = position(seat(hand=["Graverobber", "Fortress"]), seat(),
                 kingdom=["Graverobber", "Fortress", *FILLER[:4]])
    play(g, "Graverobber")
    answer(g, 0, "upgrade", card="Graverobber")
    assert zone(g, 0, "hand") == ["Fortress"]  # trashed, then back to hand
    answer(g, 0, "Gold", card="Graverobber")  # up to $7
    assert zone(g, 0, "discard") == ["Gold"]


def test_count_trashing_a_hand_of_on_trash_cards_lets_the_player_order_them():
    g = position(seat(hand=["Count", "Fortress", "Rats", "Overgrown Estate"],
                      deck=["Gold", "Silver"]), seat(),
                 kingdom=["Count", "Fortress", "Rats", *FILLER[:3]])
    play(g, "Count")
    answer(g, 0, "copper", card="Count")
    answer(g, 0, "trash", card="Count")
    d = decision(g, 0)
    assert d.kind == "ChooseOption" and sorted(d.labels) == ["Fortress", "Overgrown Estate",
                                                            "Rats"]
    assert zone(g, None, "trash") == ["Fortress", "Rats", "Overgrown Estate"]
    while g.pending() and decision(g, 0).kind == "ChooseOption":
        answer(g, 0, decision(g, 0).options[0])
    assert sorted(zone(g, 0, "hand")) == ["Fortress", "Gold", "Silver"]


def test_altar_trashing_catacombs_gains_a_cheaper_card_then_the_altar_gain():
    g = position(seat(hand=["Altar", "Catacombs"]), seat(),
                 kingdom=["Altar", "Catacombs", *FILLER[:4]])
    total = total_cards(g)
    play(g, "Altar")
    assert decision(g, 0).source == "Catacombs"  # the only card: trashed at once
    answer(g, 0, "Militia", card="Catacombs")  # cheaper than $5
    answer(g, 0, "Duchy", card="Altar")
    assert zone(g, 0, "discard") == ["Militia", "Duchy"]
    assert total_cards(g) == total


def test_squire_trashed_by_junk_dealer_gains_the_top_knight():
    g = position(seat(hand=["Junk Dealer", "Squire"], deck=["Copper"]), seat(),
                 kingdom=["Junk Dealer", "Squire", "Knights", *FILLER[2:5]],
                 supply={"Knights": ["Dame Sylvia", "Sir Martin"]})
    play(g, "Junk Dealer")
    answer(g, 0, ["Squire"], card="Junk Dealer")
    assert "Knights" in offered(g, 0) and "Militia" in offered(g, 0)
    answer(g, 0, "Knights", card="Squire")
    assert zone(g, 0, "discard") == ["Dame Sylvia"]


def test_band_of_misfits_as_procession_plays_another_card_twice():
    g = position(seat(hand=["Band of Misfits", "Village"], deck=["Copper"] * 4), seat(),
                 kingdom=["Band of Misfits", "Procession", *FILLER])
    play(g, "Band of Misfits")
    answer(g, 0, "Procession", card="Band of Misfits")
    answer(g, 0, ["Village"], card="Procession")
    assert g.actions == 4 and zone(g, None, "trash") == ["Village"]
    assert sorted(offered(g, 0)) == ["Militia", "Procession", "Smithy"]  # exactly $4


# ----- the rulebook's example turn (seed 004, "At the start of Kevin's turn...") ----------
def test_the_rulebooks_example_turn_of_kevin_and_kent():
    kevin_deck = ["Copper", "Copper", "Duchy", "Cultist", "Counterfeit", "Copper", "Province",
                  "Copper", "Copper", "Cultist"]
    g = position(
        seat(hand=["Necropolis", "Hermit", "Procession", "Cultist", "Silver"],
             deck=kevin_deck, discard=["Overgrown Estate", "Copper"], name="Kevin"),
        seat(hand=["Beggar", "Copper", "Copper", "Estate", "Copper"], deck=["Gold"],
             name="Kent"),
        kingdom=["Hermit", "Procession", "Cultist", "Counterfeit", "Beggar", *FILLER],
        supply={"Ruins": ["Ruined Village", "Abandoned Mine", "Ruined Village", "Survivors"]})
    total = total_cards(g)
    play(g, "Necropolis")
    assert g.actions == 2
    play(g, "Hermit")
    answer(g, 0, ["Overgrown Estate"], card="Hermit")  # from the discard pile: draws a Copper
    answer(g, 0, "Hermit", card="Hermit")
    play(g, "Procession")
    answer(g, 0, ["Cultist"], card="Procession")
    answer(g, 1, ["Beggar"])  # Kent discards Beggar: a Silver on his deck, one in his discard
    assert zone(g, 1, "deck")[0] == "Silver" and "Silver" in zone(g, 1, "discard")
    # Kevin drew Copper and Duchy, Kent gained a Ruined Village; no Cultist in hand to chain;
    # the second play: Cultist and Counterfeit drawn, Kent gains an Abandoned Mine
    answer(g, 0, ["Cultist"], card="Cultist")  # play the Cultist just drawn
    assert zone(g, 1, "discard")[-3:] == ["Ruined Village", "Abandoned Mine", "Ruined Village"]
    # Procession trashed the Cultist: +3 Cards; no $6 Action in the Supply: no gain
    assert zone(g, None, "trash") == ["Overgrown Estate", "Cultist"]
    hand = zone(g, 0, "hand")
    assert sorted(hand) == sorted(["Silver", "Copper", "Copper", "Duchy", "Counterfeit",
                                   "Copper", "Province", "Copper", "Copper", "Cultist"])
    assert g.actions == 0 and decision(g, 0).kind == "BuyPhase"
    counterfeit = next(c for c in g.players[0].hand if g.names[c] == "Counterfeit")
    answer(g, 0, {"play": [counterfeit]}, kind="BuyPhase")
    answer(g, 0, ["Copper"], card="Counterfeit")  # a Copper played twice, then trashed
    answer(g, 0, {"play": "all"}, kind="BuyPhase")
    assert g.coins == 9 and g.buys == 2
    answer(g, 0, {"buy": "Province"}, kind="BuyPhase")
    answer(g, 0, {"end": True}, kind="BuyPhase")
    assert "Hermit" in zone(g, 0, "discard") + zone(g, 0, "hand") + zone(g, 0, "deck")
    assert owned(g, 0)["Madman"] == 0  # he bought a card: Hermit stays
    assert total_cards(g) == total


def test_procession_on_cultist_draws_three_before_the_gain():
    g = position(seat(hand=["Procession", "Cultist"], deck=["Copper"] * 7), seat(),
                 kingdom=["Procession", "Cultist", "Hunting Grounds", *FILLER[:3]])
    play(g, "Procession")
    answer(g, 0, ["Cultist"], card="Procession")
    assert len(zone(g, 0, "hand")) == 7  # 2 + 2 + 3 on the trashing
    assert decision(g, 0).source == "Procession" and offered(g, 0) == ["Hunting Grounds"]


def test_band_of_misfits_as_death_cart_trashing_itself_trashes_the_band():
    g = position(seat(hand=["Band of Misfits", "Copper"]), seat(),
                 kingdom=["Band of Misfits", "Death Cart", *FILLER])
    play(g, "Band of Misfits")
    answer(g, 0, "Death Cart", card="Band of Misfits")
    assert g.coins == 5 and zone(g, None, "trash") == ["Band of Misfits"]
    assert g.disguised == {}


def test_death_cart_trashing_fortress_counts_as_trashing_an_action():
    g = position(seat(hand=["Death Cart", "Fortress"]), seat(),
                 kingdom=["Death Cart", "Fortress", *FILLER])
    play(g, "Death Cart")
    answer(g, 0, ["Fortress"], card="Death Cart")
    assert zone(g, 0, "hand") == ["Fortress"] and zone(g, 0, "in_play") == ["Death Cart"]


def test_a_cultist_trashed_by_a_knight_draws_three_but_not_the_other_revealed_card():
    g = position(seat(hand=["Sir Destry"], deck=["Copper", "Copper"]),
                 seat(deck=["Cultist", "Gold", "Silver", "Silver", "Silver"]),
                 kingdom=["Knights", "Cultist", *FILLER[:4]])
    play(g, "Sir Destry")
    answer(g, 1, ["Cultist"], card="Sir Destry")  # Cultist and Gold both cost $3-$6
    assert zone(g, 1, "hand") == ["Silver", "Silver", "Silver"]
    assert zone(g, 1, "discard") == ["Gold"]


def test_beggar_reacts_to_marauder_before_the_spoils_and_ruins():
    g = position(seat(hand=["Marauder"]), seat(hand=["Beggar"]),
                 kingdom=["Marauder", "Beggar", *FILLER],
                 supply={"Ruins": ["Survivors", "Ruined Market"]})
    play(g, "Marauder")
    answer(g, 1, ["Beggar"])
    assert zone(g, 1, "deck") == ["Silver"]
    assert zone(g, 1, "discard") == ["Beggar", "Silver", "Survivors"]
    assert zone(g, 0, "discard") == ["Spoils"]


def test_the_heuristic_values_band_of_misfits_beside_rats_without_looping():
    """Band of Misfits is worth what it can become; Rats counts the junk in a deck, Band of
    Misfits included: the bot must value each once, not each through the other forever."""
    from engine import new_game
    from engine.bots import seat_player

    kingdom = ["Band of Misfits", "Rats", "Hermit", "Squire", *FILLER[:4], "Procession",
               "Market Square"]
    for seed in range(3):
        g = new_game({"players": 2, "kingdom": kingdom}, f"misfit-rats-{seed}")
        bots = [seat_player("heuristic", g, p) for p in range(2)]
        for _ in range(3000):
            d = g.next_decision()
            if d is None:
                break
            g.answer(d.seat, d.id, bots[d.seat](d))
        assert g.over


def _replace_gains(pile: str, discard: list[str]):
    """Replace trashes the only other card in hand, a Silver ($3), and gains `pile`."""
    setup = dict(kingdom=["Replace", "Death Cart", *FILLER],
                 supply={"Ruins": ["Ruined Village", "Survivors"]})
    g = position(seat(hand=["Replace", "Silver"], deck=["Copper"] * 5, discard=discard),
                 seat(), **setup)
    before = total_cards(g)
    play(g, "Replace")
    answer(g, 0, pile, card="Replace")
    assert total_cards(g) == before
    return g


def test_replace_loses_track_of_a_death_cart_its_own_ruins_covered():
    """Lose Track: "if it is the top card of a discard pile and gets covered up". The Death
    Cart Replace gains lands in the discard pile and gains two Ruins onto it, so Replace can
    no longer put it onto the deck; a card nothing covered still goes there."""
    g = _replace_gains("Death Cart", ["Estate"])
    assert zone(g, 0, "deck") == ["Copper"] * 5
    assert zone(g, 0, "discard")[:2] == ["Estate", "Death Cart"]
    assert sorted(zone(g, 0, "discard")[2:]) == ["Ruined Village", "Survivors"]

    g = _replace_gains("Smithy", ["Estate"])
    assert zone(g, 0, "deck")[0] == "Smithy" and zone(g, 0, "discard") == ["Estate"]
