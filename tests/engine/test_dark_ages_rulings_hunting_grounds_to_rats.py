"""More Dark Ages cards against the 2017 rulebook (seed 004) and cards.md section 4:
Hunting Grounds, Ironmonger, Junk Dealer, the Knights, Marauder, Market Square, Mystic,
Pillage, Poor House, Procession and Rats. Only rulings and interactions that the
test_dark_ages_*.py files do not already check; each docstring quotes the ruling.
"""
from __future__ import annotations

from tests.engine.helpers import (
    answer,
    count,
    decision,
    end_turn,
    events,
    illegal,
    offered,
    open_kinds,
    owned,
    play,
    position,
    reload,
    seat,
    total_cards,
    zone,
)

K = ["Knights", "Procession", "Market Square", "Rats", "Hunting Grounds", "Pillage",
     "Marauder", "Ironmonger", "Junk Dealer", "Mystic", "Poor House", "Throne Room",
     "Fortress", "Village", "Festival", "Chapel", "Moat"]
KNIGHTS = ["Dame Anna", "Dame Molly", "Sir Destry"]


def game(*players, kingdom=K, supply=None, **kw):
    supply = dict(supply or {})
    supply.setdefault("Knights", list(KNIGHTS))
    return position(*players, kingdom=kingdom, supply=supply, **kw)


# ===== Procession ============================================================================
def test_procession_on_fortress_uses_one_action_and_gains_a_five_dollar_action():
    """004 Procession: "This does not use up any extra Actions you were allowed to play due to
    cards like Fortress - Procession itself uses up one Action and that is it." Fortress
    trashed goes back to hand; the gain (exactly $5) still happens."""
    g = game(seat(hand=["Procession", "Fortress"], deck=["Copper"] * 4), seat())
    play(g, "Procession")
    answer(g, 0, ["Fortress"])
    assert g.actions == 4
    assert zone(g, None, "trash") == []
    assert sorted(zone(g, 0, "hand")) == ["Copper", "Copper", "Fortress"]
    d = decision(g, 0, "ChoosePile")
    assert not d.optional and "Festival" in d.piles and "Pillage" in d.piles
    assert "Knights" in d.piles  # top Knight (Dame Anna) is a $5 Action
    answer(g, 0, "Festival")
    assert zone(g, 0, "discard") == ["Festival"]


def test_procession_on_rats_plays_it_twice_then_its_trash_draw_comes_before_the_gain():
    """004 Procession: play twice, trash, then gain; "If something happens due to trashing the
    card ... that will resolve before you gain a card". Rats: draw, gain a Rats, trash a
    non-Rats card; when trashed, +1 Card."""
    g = game(seat(hand=["Procession", "Rats", "Estate", "Curse"],
                  deck=["Copper", "Copper", "Gold"]), seat())
    play(g, "Procession")
    answer(g, 0, ["Rats"])
    answer(g, 0, ["Estate"])   # first play: drew a Copper, gained a Rats
    answer(g, 0, ["Curse"])    # second play: drew a Copper, gained a Rats
    assert zone(g, None, "trash") == ["Estate", "Curse", "Rats"]
    assert zone(g, 0, "discard") == ["Rats", "Rats"]
    assert sorted(zone(g, 0, "hand")) == ["Copper", "Copper", "Gold"]  # Gold: Rats trashed
    assert decision(g, 0).kind == "ChoosePile"
    answer(g, 0, "Festival")
    assert zone(g, 0, "discard") == ["Rats", "Rats", "Festival"]


def test_procession_on_a_knight_trashed_by_its_first_play_still_gains_a_six_dollar_action():
    """004 Knights: "if a Knight was trashed, you trash the Knight you played"; Procession then
    loses track of it but "gain an Action card costing exactly $1 more than it (even if
    somehow you failed to trash it)" - $6 for a $5 Knight."""
    g = game(seat(hand=["Procession", "Dame Sylvia"]),
             seat(deck=["Sir Bailey", "Copper", "Silver", "Copper"]))
    play(g, "Procession")
    answer(g, 0, ["Dame Sylvia"])
    # first play: Sir Bailey trashed, so Dame Sylvia too; second play still attacks
    assert zone(g, None, "trash") == ["Sir Bailey", "Dame Sylvia", "Silver"]
    assert g.coins == 4
    assert offered(g, 0, "ChoosePile") == ["Hunting Grounds"]
    answer(g, 0, "Hunting Grounds")
    assert zone(g, 0, "discard") == ["Hunting Grounds"]


def test_procession_on_sir_martin_may_gain_the_top_knight():
    """Sir Martin "only costs $4": Procession gains an Action costing exactly $5, and the top
    Knight (an Action costing $5) is one; only the top card of the pile can be gained."""
    g = game(seat(hand=["Procession", "Sir Martin"]), seat(deck=["Copper", "Copper"] * 2))
    play(g, "Procession")
    answer(g, 0, ["Sir Martin"])
    assert g.buys == 5
    assert "Knights" in offered(g, 0, "ChoosePile")
    answer(g, 0, "Knights")
    assert zone(g, 0, "discard") == ["Dame Anna"] and g.pile_top("Knights") == "Dame Molly"


def test_procession_gains_sir_martin_only_when_he_is_on_top():
    """"When Sir Martin is the top card of the pile, it can be gained" ($4: exactly $1 more
    than a $3 Market Square); covered by another Knight, the pile offers a $5 card."""
    g = game(seat(hand=["Procession", "Market Square"], deck=["Copper"] * 4), seat(),
             supply={"Knights": ["Sir Martin", "Dame Anna"]})
    play(g, "Procession")
    answer(g, 0, ["Market Square"])
    assert "Knights" in offered(g, 0, "ChoosePile")
    answer(g, 0, "Knights")
    assert zone(g, 0, "discard") == ["Sir Martin"]

    g = game(seat(hand=["Procession", "Market Square"], deck=["Copper"] * 4), seat(),
             supply={"Knights": ["Dame Anna", "Sir Martin"]})
    play(g, "Procession")
    answer(g, 0, ["Market Square"])
    assert "Knights" not in offered(g, 0, "ChoosePile")


def test_procession_on_hunting_grounds_its_trash_gain_comes_before_procession_gain():
    """004 Procession: effects of trashing "resolve before you gain a card"; Hunting Grounds:
    "If this is trashed, you either gain a Duchy or three Estates". Nothing costs $7: no
    gain."""
    g = game(seat(hand=["Procession", "Hunting Grounds"], deck=["Copper"] * 9), seat())
    play(g, "Procession")
    answer(g, 0, ["Hunting Grounds"])
    assert len(zone(g, 0, "hand")) == 8
    assert decision(g, 0).source == "Hunting Grounds"
    answer(g, 0, "estates")
    assert zone(g, 0, "discard") == ["Estate"] * 3
    assert open_kinds(g) == [(0, "BuyPhase")]


def test_procession_trashing_its_card_lets_market_square_react():
    """Market Square: "When one of your cards is trashed, you may discard Market Square from
    your hand. If you do, you gain a Gold." - Procession's trash is of your card."""
    g = game(seat(hand=["Procession", "Village", "Market Square"], deck=["Copper"] * 4),
             seat())
    play(g, "Procession")
    answer(g, 0, ["Village"])
    assert decision(g, 0).source == "Market Square"
    answer(g, 0, "discard")
    assert zone(g, 0, "discard") == ["Market Square", "Gold"]
    answer(g, 0, "Procession")  # exactly $4
    assert zone(g, 0, "discard") == ["Market Square", "Gold", "Procession"]


def test_procession_on_sir_vander_gains_the_gold_before_the_action():
    """Sir Vander: "If Sir Vander is trashed, you gain a Gold"; Procession: things that happen
    due to trashing "resolve before you gain a card"."""
    g = game(seat(hand=["Procession", "Sir Vander"]), seat(deck=["Copper"] * 4))
    play(g, "Procession")
    answer(g, 0, ["Sir Vander"])
    assert zone(g, 0, "discard") == ["Gold"]
    answer(g, 0, "Hunting Grounds")
    assert zone(g, 0, "discard") == ["Gold", "Hunting Grounds"]


def test_procession_on_pillage_attacks_twice_gains_four_spoils_and_a_six_dollar_action():
    """Pillage (2017 text): trash it, attack, gain 2 Spoils - nothing depends on the trash, so
    the second play gains 2 more; Procession loses track of it but still gains ($6)."""
    g = game(seat(hand=["Procession", "Pillage"]),
             seat(hand=["Copper", "Copper", "Copper", "Estate", "Estate", "Gold"]))
    play(g, "Procession")
    answer(g, 0, ["Pillage"])
    answer(g, 0, ["Gold"])
    answer(g, 0, ["Estate"])
    assert zone(g, 0, "discard") == ["Spoils"] * 4
    assert zone(g, None, "trash") == ["Pillage"]
    answer(g, 0, "Hunting Grounds")
    assert zone(g, 0, "discard")[-1] == "Hunting Grounds"


# ===== Market Square =========================================================================
def test_pillage_trashing_itself_lets_market_square_react():
    """Market Square: "When one of your cards is trashed" - Pillage's "Trash this" too."""
    g = game(seat(hand=["Pillage", "Market Square"]), seat(hand=["Copper"] * 3))
    play(g, "Pillage")
    assert decision(g, 0).source == "Market Square"
    answer(g, 0, "discard")
    assert zone(g, 0, "discard") == ["Market Square", "Gold", "Spoils", "Spoils"]


def test_a_knight_trashing_itself_lets_its_players_market_square_react():
    """The played Knight is trashed by its player: one of your cards is trashed."""
    g = game(seat(hand=["Dame Sylvia", "Market Square"]), seat(deck=["Sir Bailey", "Copper"]))
    play(g, "Dame Sylvia")
    assert zone(g, None, "trash") == ["Sir Bailey", "Dame Sylvia"]
    d = decision(g, 0)
    assert d.source == "Market Square"
    answer(g, 0, "discard")
    assert zone(g, 0, "discard") == ["Market Square", "Gold"]


def test_market_square_does_not_react_to_another_players_card_being_trashed():
    """Only "When one of your cards is trashed": a victim's card trashed by your Knight is
    not yours."""
    g = game(seat(hand=["Dame Sylvia", "Market Square"]), seat(deck=["Silver", "Copper"]))
    play(g, "Dame Sylvia")
    assert zone(g, None, "trash") == ["Silver"]
    assert open_kinds(g) == [(0, "PlayAction")] or open_kinds(g) == [(0, "BuyPhase")]
    assert owned(g, 0)["Gold"] == 0 and zone(g, 0, "hand") == ["Market Square"]


def test_market_square_reacts_to_each_of_two_separate_trashings():
    """"When one of your cards is trashed, you may discard Market Square" - Throne Room on
    Junk Dealer trashes twice: one Market Square may go for each trashing."""
    g = game(seat(hand=["Throne Room", "Junk Dealer", "Market Square", "Market Square",
                        "Estate", "Curse"], deck=["Copper", "Copper"]), seat())
    play(g, "Throne Room")
    answer(g, 0, ["Junk Dealer"])
    answer(g, 0, ["Estate"])
    answer(g, 0, "discard")
    answer(g, 0, "keep")
    answer(g, 0, ["Curse"])
    assert decision(g, 0).source == "Market Square"
    answer(g, 0, "discard")
    assert owned(g, 0)["Gold"] == 2 and zone(g, None, "trash") == ["Estate", "Curse"]


def test_market_square_with_rats_trashed_by_junk_dealer_owner_orders_them():
    """004 Additional Rules: "when you trash" abilities happen directly after the trash; Rats
    "If Rats is trashed, you draw a card"; Market Square may go for a Gold."""
    g = game(seat(hand=["Junk Dealer", "Rats", "Market Square"], deck=["Estate", "Gold"]),
             seat())
    play(g, "Junk Dealer")
    answer(g, 0, ["Rats"])
    d = decision(g, 0)
    assert sorted(d.labels) == ["Market Square", "Rats"]
    answer(g, 0, str(d.labels.index("Rats")))
    assert "Gold" in zone(g, 0, "hand")
    answer(g, 0, "discard")
    assert owned(g, 0)["Gold"] == 2


# ===== Knights ===============================================================================
def test_dame_anna_trashing_a_knight_from_hand_does_not_trash_her():
    """004 Knights: "if a Knight was trashed, you trash the Knight you played that caused this
    trashing" - the attack's trashing, not Dame Anna's own trashing from hand."""
    g = game(seat(hand=["Dame Anna", "Sir Bailey"]), seat(deck=["Copper", "Copper"]))
    play(g, "Dame Anna")
    answer(g, 0, ["Sir Bailey"])
    assert zone(g, None, "trash") == ["Sir Bailey"]
    assert zone(g, 0, "in_play") == ["Dame Anna"]


def test_a_knight_trashing_dame_josephine_trashes_the_attacking_knight():
    """Dame Josephine is a Knight (Action-Attack-Knight-Victory, $5): "if a Knight was
    trashed, you trash the Knight you played"."""
    g = game(seat(hand=["Sir Bailey"], deck=["Copper"]), seat(deck=["Dame Josephine", "Copper"]))
    play(g, "Sir Bailey")
    assert zone(g, None, "trash") == ["Dame Josephine", "Sir Bailey"]


def test_a_knight_trashing_a_victims_rats_draws_them_a_card_but_not_the_revealed_one():
    """Rats: "If Rats is trashed, you draw a card. This happens whether it is your turn or
    another player's"; the other revealed card is set aside, about to be discarded."""
    g = game(seat(hand=["Dame Sylvia"]), seat(deck=["Rats", "Copper", "Gold"]))
    play(g, "Dame Sylvia")
    assert zone(g, None, "trash") == ["Rats"]
    assert zone(g, 1, "hand") == ["Gold"] and zone(g, 1, "discard") == ["Copper"]


def test_a_knight_trashing_a_victims_hunting_grounds_gives_the_victim_the_choice():
    """Hunting Grounds ($6, so a Knight can trash it): "If this is trashed, you either gain a
    Duchy or three Estates, your choice"; "when you trash" works on any turn for the player
    told to trash the card."""
    g = game(seat(hand=["Dame Sylvia"]), seat(deck=["Hunting Grounds", "Copper"]))
    play(g, "Dame Sylvia")
    d = decision(g)
    assert (d.seat, d.source) == (1, "Hunting Grounds")
    answer(g, 1, "duchy")
    assert zone(g, 1, "discard") == ["Duchy", "Copper"]
    assert zone(g, 0, "in_play") == ["Dame Sylvia"]


def test_throne_room_on_dame_anna_may_trash_up_to_two_each_time():
    """Dame Anna: "you may choose to trash zero, one, or two cards from your hand" - each
    play."""
    g = game(seat(hand=["Throne Room", "Dame Anna", "Curse", "Curse", "Estate", "Estate"]),
             seat(deck=["Copper"] * 4))
    play(g, "Throne Room")
    answer(g, 0, ["Dame Anna"])
    answer(g, 0, ["Curse", "Curse"])
    d = decision(g, 0, "ChooseCards")
    assert (d.min, d.max) == (0, 2)
    answer(g, 0, ["Estate", "Estate"])
    assert zone(g, None, "trash") == ["Curse", "Curse", "Estate", "Estate"]


def test_sir_michael_victim_with_three_cards_discards_nothing_but_is_still_attacked():
    """Sir Michael: "Each other player discards down to 3 cards in hand", then [K]."""
    g = game(seat(hand=["Sir Michael"]), seat(hand=["Copper"] * 3, deck=["Silver", "Estate"]))
    play(g, "Sir Michael")
    assert zone(g, 1, "hand") == ["Copper"] * 3
    assert zone(g, None, "trash") == ["Silver"]


def test_procession_on_a_knight_trashed_only_by_its_second_play():
    """The Knight trashed by its second play is trashed once; Procession's own trash loses
    track; the $6 gain still happens."""
    g = game(seat(hand=["Procession", "Dame Molly"]),
             seat(deck=["Silver", "Copper", "Sir Bailey", "Copper"]))
    play(g, "Procession")
    answer(g, 0, ["Dame Molly"])
    assert g.actions == 4
    assert zone(g, None, "trash") == ["Silver", "Sir Bailey", "Dame Molly"]
    assert offered(g, 0, "ChoosePile") == ["Hunting Grounds"]


# ===== Rats ==================================================================================
def test_rats_draws_before_gaining_so_the_gained_rats_is_not_drawn():
    """Rats: "Follow the instructions in order. First draw a card; then gain a Rats"."""
    g = game(seat(hand=["Rats", "Estate"]), seat())
    play(g, "Rats")
    assert zone(g, 0, "hand") == []  # nothing to draw; the Estate was trashed
    assert zone(g, 0, "discard") == ["Rats"] and zone(g, None, "trash") == ["Estate"]


def test_rats_draw_shuffles_before_the_rats_is_gained():
    """Rats: "First draw a card; then gain a Rats" - a shuffle for the draw cannot take in the
    gained Rats."""
    g = game(seat(hand=["Rats"], discard=["Gold"]), seat())
    play(g, "Rats")
    assert zone(g, None, "trash") == ["Gold"]
    assert zone(g, 0, "discard") == ["Rats"] and zone(g, 0, "hand") == []


def test_throne_room_on_rats_gains_two_and_trashes_two():
    """Rats played twice: each play draws, gains a Rats and trashes a card other than Rats."""
    g = game(seat(hand=["Throne Room", "Rats", "Estate", "Curse"], deck=["Rats", "Rats"]),
             seat())
    play(g, "Throne Room")
    answer(g, 0, ["Rats"])
    answer(g, 0, ["Estate"])
    assert zone(g, None, "trash") == ["Estate", "Curse"]
    assert zone(g, 0, "discard") == ["Rats", "Rats"] and count(g, "Rats") == 18
    assert zone(g, 0, "hand") == ["Rats", "Rats"]


def test_rats_with_an_empty_hand_after_drawing_reveals_nothing_and_trashes_nothing():
    """Rats: "If you have no cards in your hand other than Rats, reveal your hand and you do
    not trash a card" - an empty hand has nothing to trash."""
    g = game(seat(hand=["Rats"]), seat())
    play(g, "Rats")
    assert zone(g, None, "trash") == [] and zone(g, 0, "discard") == ["Rats"]


def test_rats_trashed_by_junk_dealer_draws_a_card():
    """Rats: "If Rats is trashed, you draw a card", whichever card trashed it."""
    g = game(seat(hand=["Junk Dealer", "Rats"], deck=["Rats", "Gold"]), seat())
    play(g, "Junk Dealer")
    # a hand of two Rats: one is trashed without a question, and it draws the Gold
    assert zone(g, None, "trash") == ["Rats"] and zone(g, 0, "hand") == ["Rats", "Gold"]


# ===== Hunting Grounds =======================================================================
def test_hunting_grounds_with_no_duchy_left_gains_estates():
    """Hunting Grounds: "gain a Duchy or three Estates"; with the Duchies gone, the Estates."""
    g = game(seat(hand=["Chapel", "Hunting Grounds"]), seat(), supply={"Duchy": 0})
    play(g, "Chapel")
    answer(g, 0, ["Hunting Grounds"])
    answer(g, 0, "estates")
    assert zone(g, 0, "discard") == ["Estate"] * 3


def test_throne_room_on_hunting_grounds_draws_eight():
    """Hunting Grounds: "When you play this, draw four cards" - twice."""
    g = game(seat(hand=["Throne Room", "Hunting Grounds"], deck=["Copper"] * 9), seat())
    play(g, "Throne Room")
    answer(g, 0, ["Hunting Grounds"])
    assert len(zone(g, 0, "hand")) == 8


# ===== Marauder / Pillage ====================================================================
def test_throne_room_on_marauder_gains_two_spoils_and_gives_two_ruins_each():
    """Marauder: "First you gain a Spoils ... Then each other player gains a Ruins", twice."""
    g = game(seat(hand=["Throne Room", "Marauder"]), seat(), seat())
    play(g, "Throne Room")
    answer(g, 0, ["Marauder"])
    assert zone(g, 0, "discard") == ["Spoils", "Spoils"]
    assert len(zone(g, 1, "discard")) == 2 and len(zone(g, 2, "discard")) == 2
    seats = [e["seat"] for e in events(g, "gain") if e.get("card") != "Spoils"]
    assert seats == [1, 2, 1, 2]


def test_marauder_ruins_stop_when_the_pile_runs_out_from_the_left():
    """Marauder: "Go in turn order starting to your left ... If the Ruins pile runs out,
    players stop gaining them at that point." (seat 3 acting: seat 0 is on its left)"""
    g = game(seat(), seat(), seat(), seat(hand=["Marauder"]), turn={"player": 3},
             supply={"Ruins": ["Ruined Market", "Survivors"]})
    play(g, "Marauder")
    assert zone(g, 0, "discard") == ["Ruined Market"]
    assert zone(g, 1, "discard") == ["Survivors"] and zone(g, 2, "discard") == []


def test_pillage_victim_with_exactly_five_cards_is_attacked_the_attacker_chooses():
    """Pillage: "each other player with 5 or more cards in hand reveals their hand and discards
    a card of your choice"."""
    g = game(seat(hand=["Pillage"]),
             seat(hand=["Copper", "Silver", "Gold", "Estate", "Duchy"]))
    play(g, "Pillage")
    d = decision(g)
    assert d.seat == 0 and d.source == "Pillage"
    answer(g, 0, ["Gold"])
    assert zone(g, 1, "discard") == ["Gold"]


# ===== Poor House / Mystic / Ironmonger / Junk Dealer =========================================
def test_throne_room_on_poor_house():
    """Poor House: "+$4 ... lose $1 per Treasure card ... cannot go below $0", each play."""
    g = game(seat(hand=["Throne Room", "Poor House", "Copper", "Copper", "Copper"]), seat())
    play(g, "Throne Room")
    answer(g, 0, ["Poor House"])
    assert g.coins == 2


def test_poor_house_counts_treasures_only_not_actions_or_victory_cards():
    """Poor House: "lose $1 per Treasure card in it"."""
    g = game(seat(hand=["Poor House", "Village", "Estate", "Silver"]), seat())
    play(g, "Poor House")
    assert g.coins == 3


def test_mystic_naming_a_knight_takes_that_knight():
    """Mystic: "if you named the card you revealed, put the revealed card into your hand";
    "Sir Destry and Sir Martin do not match" - but the exact name does."""
    g = game(seat(hand=["Mystic"], deck=["Sir Martin"]), seat())
    play(g, "Mystic")
    answer(g, 0, "Sir Martin")
    assert zone(g, 0, "hand") == ["Sir Martin"] and g.coins == 2 and g.actions == 1


def test_ironmonger_revealing_dame_josephine_gives_an_action_and_a_card():
    """Ironmonger: "A card with multiple types gives you all relevant bonuses" - Dame
    Josephine is an Action and a Victory card."""
    g = game(seat(hand=["Ironmonger"], deck=["Copper", "Dame Josephine", "Gold"]), seat())
    play(g, "Ironmonger")
    answer(g, 0, "discard")
    assert (g.actions, g.coins) == (2, 0)
    assert zone(g, 0, "hand") == ["Copper", "Gold"]


def test_ironmonger_revealing_a_ruins_gives_an_action():
    """Ruins "count as Actions for things that refer to Action cards"."""
    g = game(seat(hand=["Ironmonger"], deck=["Copper", "Ruined Market"]), seat())
    play(g, "Ironmonger")
    answer(g, 0, "keep")
    assert g.actions == 2 and zone(g, 0, "deck") == ["Ruined Market"]


def test_junk_dealer_trashing_hunting_grounds_gains_then_goes_on():
    """Junk Dealer: "You have to trash a card from your hand if you can"; Hunting Grounds'
    gain happens right after it is trashed."""
    g = game(seat(hand=["Junk Dealer", "Hunting Grounds"], deck=["Hunting Grounds"]), seat())
    play(g, "Junk Dealer")
    assert zone(g, None, "trash") == ["Hunting Grounds"]
    answer(g, 0, "duchy")
    assert zone(g, 0, "discard") == ["Duchy"] and g.coins == 1 and g.actions == 1
    end_turn(g)


# ===== more interactions and illegal answers =================================================
def test_procession_on_throne_room_then_trashes_it_and_gains_a_five_dollar_action():
    """Procession: "play it a second time, then trash it, then gain an Action card costing
    exactly $1 more than it" - Throne Room ($4) played twice plays two Actions twice."""
    g = game(seat(hand=["Procession", "Throne Room", "Village", "Village"],
                  deck=["Copper"] * 4), seat())
    play(g, "Procession")
    answer(g, 0, ["Throne Room"])
    answer(g, 0, ["Village"])
    answer(g, 0, ["Village"])
    assert g.actions == 8 and len(zone(g, 0, "hand")) == 4
    assert zone(g, None, "trash") == ["Throne Room"]
    assert decision(g, 0).kind == "ChoosePile"
    answer(g, 0, "Festival")
    assert zone(g, 0, "discard") == ["Festival"]


def test_throne_room_on_procession_trashes_two_cards():
    """Like Procession on Procession: each play of Procession plays a card twice, trashes it
    and gains; Throne Room is not trashed."""
    g = game(seat(hand=["Throne Room", "Procession", "Village", "Rats", "Estate", "Curse"],
                  deck=["Copper"] * 6), seat())
    play(g, "Throne Room")
    answer(g, 0, ["Procession"])
    answer(g, 0, ["Village"])
    answer(g, 0, "Procession")        # exactly $4
    answer(g, 0, ["Rats"])
    answer(g, 0, ["Estate"])
    answer(g, 0, ["Curse"])
    answer(g, 0, "Festival")          # exactly $5
    assert zone(g, None, "trash") == ["Village", "Estate", "Curse", "Rats"]
    assert zone(g, 0, "in_play") == ["Throne Room", "Procession"]


def test_procession_on_conspirator_counts_each_play():
    """Procession's plays count as Actions played (the Conspirator count): Procession is the
    1st, the two plays the 2nd and 3rd."""
    g = game(seat(hand=["Procession", "Conspirator"], deck=["Copper"] * 3), seat(),
             kingdom=K + ["Conspirator"])
    play(g, "Procession")
    answer(g, 0, ["Conspirator"])
    assert g.coins == 4 and g.actions == 1 and zone(g, 0, "hand") == ["Copper"]


def test_procession_on_marauder_attacks_twice():
    """Marauder played twice: 2 Spoils, 2 Ruins for each other player; then a $5 Action."""
    g = game(seat(hand=["Procession", "Marauder"]), seat())
    play(g, "Procession")
    answer(g, 0, ["Marauder"])
    assert zone(g, 0, "discard") == ["Spoils", "Spoils"]
    assert len(zone(g, 1, "discard")) == 2
    assert zone(g, None, "trash") == ["Marauder"]
    answer(g, 0, "Festival")


def test_beggar_silver_put_on_the_deck_is_revealed_by_the_knight():
    """004: Reactions to an Attack resolve before it; Beggar's Silver goes onto the deck and a
    Knight then reveals and trashes it."""
    g = game(seat(hand=["Dame Sylvia"]), seat(hand=["Beggar"], deck=["Copper", "Copper"]),
             kingdom=K + ["Beggar"])
    play(g, "Dame Sylvia")
    answer(g, 1, ["Beggar"])
    assert zone(g, None, "trash") == ["Silver"]
    assert sorted(zone(g, 1, "discard")) == ["Beggar", "Copper", "Silver"]


def test_rats_refuses_trashing_a_rats_when_another_card_can_go():
    """Rats: "trash a card from your hand that is not a Rats card"."""
    g = game(seat(hand=["Rats", "Rats", "Estate", "Curse"], deck=["Copper"]), seat())
    play(g, "Rats")
    d = decision(g, 0, "ChooseCards")
    rats = next(c for c in g.players[0].hand if g.names[c] == "Rats")
    illegal(g, 0, d.id, [rats])
    answer(g, 0, ["Curse"])
    assert zone(g, None, "trash") == ["Curse"]


def test_knight_victim_cannot_trash_a_card_outside_3_to_6():
    """004 Knights: trashes one "that costs from $3 to $6"; with a Silver and a Duchy both
    eligible, only they may be chosen - and not both."""
    g = game(seat(hand=["Dame Sylvia"]), seat(deck=["Silver", "Duchy", "Copper"]))
    play(g, "Dame Sylvia")
    d = decision(g, 1, "ChooseCards")
    both = list(d.to_dict()["cards"])
    illegal(g, 1, d.id, [both[0]["id"], both[1]["id"]])
    illegal(g, 1, d.id, [])


def test_dame_anna_cannot_trash_three():
    """Dame Anna: "You may trash up to 2 cards from your hand"."""
    g = game(seat(hand=["Dame Anna", "Curse", "Estate", "Copper"]), seat(deck=["Copper"] * 2))
    play(g, "Dame Anna")
    d = decision(g, 0, "ChooseCards")
    illegal(g, 0, d.id, ["Curse", "Estate", "Copper"])


def test_procession_refuses_a_non_action():
    """Procession: "You may play an Action card from your hand twice"."""
    g = game(seat(hand=["Procession", "Village", "Copper"]), seat())
    play(g, "Procession")
    d = decision(g, 0, "ChooseCards")
    copper = next(c for c in g.players[0].hand if g.names[c] == "Copper")
    illegal(g, 0, d.id, [copper])


def test_procession_gain_refuses_a_treasure_of_the_right_cost():
    """Procession: "Gain an Action card costing exactly $1 more" - not Gold ($6)."""
    g = game(seat(hand=["Procession", "Festival"]), seat())
    play(g, "Procession")
    answer(g, 0, ["Festival"])
    d = decision(g, 0, "ChoosePile")
    assert d.piles == ["Hunting Grounds"]
    illegal(g, 0, d.id, "Gold")


def test_procession_gain_uses_costs_as_they_are_now():
    """Procession: "Gain an Action card costing exactly $1 more than it" - with Bridge in play
    Village costs $2, so the gain costs exactly $3 now (a $4 card such as Rats)."""
    g = game(seat(hand=["Village", "Bridge", "Procession", "Village"], deck=["Copper"] * 6),
             seat(), kingdom=K + ["Bridge"])
    play(g, "Village")
    play(g, "Bridge")
    play(g, "Procession")
    answer(g, 0, ["Village"])
    piles = offered(g, 0, "ChoosePile")
    assert "Rats" in piles and "Procession" in piles and "Festival" not in piles
    answer(g, 0, "Rats")
    assert zone(g, 0, "discard") == ["Rats"]


def test_procession_on_rats_survives_a_reload_at_every_step():
    """Saving in the middle of Procession (between its plays) goes on the same."""
    def run(save):
        g = game(seat(hand=["Procession", "Rats", "Estate", "Curse", "Market Square"],
                      deck=["Copper", "Silver", "Gold"]), seat())
        steps = [["Rats"], ["Estate"], "keep", ["Curse"], "keep", None, "keep", "Festival"]
        play(g, "Procession")
        for a in steps:
            if save:
                g = reload(g)
            d = decision(g, 0)
            if a is None:  # Rats trashed: order Rats' draw and Market Square
                a = str(d.labels.index("Rats"))
            g.answer(0, d.id, a)
        return g

    a, b = run(False), run(True)
    assert a.state_dict() == b.state_dict()
    assert zone(a, None, "trash") == ["Estate", "Curse", "Rats"]
    assert total_cards(a) == total_cards(b)


def test_pillage_attacks_before_gaining_the_spoils():
    """Pillage: "First trash Pillage. Then each other player ... discards a card of your
    choice. ... Then you gain two Spoils cards." (in that order)."""
    g = game(seat(hand=["Pillage"]),
             seat(hand=["Copper", "Silver", "Gold", "Estate", "Duchy"]))
    play(g, "Pillage")
    answer(g, 0, ["Gold"])
    kinds = [e["type"] for e in g.log_for(-1, 0) if e["type"] in ("trash", "discard", "gain")]
    assert kinds == ["trash", "discard", "gain", "gain"]


def test_victims_sir_vander_and_market_square_are_both_the_victims():
    """Sir Vander: "The player who had Sir Vander is the one who gains the Gold"; that
    player's Market Square may react too ("When one of your cards is trashed"), in the order
    that player picks; the attacking Knight is then trashed."""
    g = game(seat(hand=["Dame Sylvia", "Market Square"]),
             seat(hand=["Market Square"], deck=["Sir Vander", "Copper"]))
    play(g, "Dame Sylvia")
    d = decision(g, 1)
    assert sorted(d.labels) == ["Market Square", "Sir Vander"]
    answer(g, 1, str(d.labels.index("Sir Vander")))
    answer(g, 1, "discard")
    assert zone(g, 1, "discard") == ["Gold", "Market Square", "Gold", "Copper"]
    # then the attacker's Knight is trashed: the attacker's own Market Square may react
    assert decision(g, 0).source == "Market Square"
    answer(g, 0, "keep")
    assert zone(g, None, "trash") == ["Sir Vander", "Dame Sylvia"]


def test_knights_with_a_moated_victim_and_a_victim_losing_a_knight():
    """Knights: each other player reveals ... in turn order; a Moat blocks only its player;
    one Knight trashed is enough to trash the attacking Knight."""
    g = game(seat(hand=["Dame Sylvia"]), seat(hand=["Moat"], deck=["Dame Molly", "Copper"]),
             seat(deck=["Sir Destry", "Copper"]))
    play(g, "Dame Sylvia")
    answer(g, 1, ["Moat"])
    assert zone(g, 1, "deck") == ["Dame Molly", "Copper"]
    assert zone(g, None, "trash") == ["Sir Destry", "Dame Sylvia"]


def test_market_square_is_not_a_reaction_to_attacks():
    """Market Square reacts only "When one of your cards is trashed": Marauder's attack offers
    no Reaction to a hand holding it."""
    g = game(seat(hand=["Marauder"]), seat(hand=["Market Square"]))
    play(g, "Marauder")
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert zone(g, 0, "discard") == ["Spoils"] and len(zone(g, 1, "discard")) == 1


# ===== Reactions that arrive while a trashing resolves ===========================================
def test_a_market_square_that_a_trashed_rats_draws_may_respond_to_that_trashing():
    """Intrigue rulebook, Reactions: "The second Reaction card can be one that was not
    initially in hand when the first Reaction card was played"; Market Square responds "when
    one of your cards is trashed": the one Rats draws on being trashed may still respond."""
    g = game(seat(hand=["Junk Dealer", "Rats", "Estate"], deck=["Copper", "Market Square"]),
             seat())
    play(g, "Junk Dealer")
    answer(g, 0, ["Rats"])
    assert "Market Square" in zone(g, 0, "hand")
    assert offered(g, 0) == ["discard", "keep"]
    answer(g, 0, "discard")
    assert zone(g, 0, "discard") == ["Market Square", "Gold"]


def test_market_squares_in_hand_and_drawn_each_respond_once():
    """Market Square: "You may discard multiple Market Squares when a single card of yours is
    trashed"; one kept is not asked again, one drawn meanwhile is asked once."""
    g = game(seat(hand=["Junk Dealer", "Rats", "Market Square"],
                  deck=["Copper", "Market Square"]), seat())
    play(g, "Junk Dealer")
    answer(g, 0, ["Rats"])
    answer(g, 0, "1")  # which happens first: the Market Square in hand
    answer(g, 0, "keep")
    # then Rats draws the second Market Square, which is offered in turn
    answer(g, 0, "discard")
    assert zone(g, 0, "discard") == ["Market Square", "Gold"]
    assert all(d.source != "Market Square" for d in g.pending())
    assert zone(g, 0, "hand").count("Market Square") == 1


def test_a_market_square_drawn_by_overgrown_estate_may_respond():
    """Overgrown Estate: "When you trash this, +1 Card"; the Market Square drawn responds to
    the same trashing (the Reactions ruling above)."""
    g = game(seat(hand=["Junk Dealer", "Overgrown Estate", "Copper"],
                  deck=["Copper", "Market Square"]), seat())
    play(g, "Junk Dealer")
    answer(g, 0, ["Overgrown Estate"])
    answer(g, 0, "discard")
    assert zone(g, 0, "discard") == ["Market Square", "Gold"]
