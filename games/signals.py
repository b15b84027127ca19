"""Signals sent after a game's transaction commits, for the features that react to moves.

`game_moved` fires once per committed change of a game (a move, a start, an abandon), after
the game-group broadcast. Receivers (the API's event stream, notifications, deadlines) must
not raise: log and carry on, the move is already committed. `seat_joining` and `seat_taken`
are the exceptions: sent inside a join's transaction, before and after the seat is taken; a
receiver's error undoes the join.
"""
from __future__ import annotations

from django.dispatch import Signal

# Sent with: game_id (int), step (int), status (str), decisions (list of open decision dicts,
# each with `opened_step` and `opened_by`: the step that opened it and the seat whose answer
# did, None for the deal) and active (int or None: whose turn it is, when the sender knew).
game_moved = Signal()

# Sent inside the transaction of a join, the game locked, before the seat is taken, with:
# game (Game), user. A receiver refuses the join by raising a GameError, which the join
# raises unchanged (the API's challenges keep a named challenge's seat for its invited user).
seat_joining = Signal()

# Sent inside the transaction of a bot's answer, the game locked, before it is applied, with:
# game (Game), position (int): the bot playing a seat, or answering for a person whose clock
# ran out (games.services.BOT_ACTORS). A receiver holds the bot back by raising BotHeld (a
# pending undo request waits for the person whose seat the bot answers for:
# games/social/undo.py); the bot is set to work again when what held it ends
# (games.services.bots_nudge_on_commit; an expired clock, by the sweep's next round).
bot_answering = Signal()

# Sent inside the transaction of a join, the game locked, once the seat is taken, with: game
# (Game), user. (An open challenge's game is dealt when its last seat is taken, however taken.)
seat_taken = Signal()

# Sent inside the transaction of a resignation (or of a claimed win, which counts the seats
# whose clocks ran out as resigned), the game locked, once the seats are resigned and the game
# ended or handed to the bot (and announced), with: game (Game), positions (list of int). The
# undo requests of those players are settled without them: games/social/undo.py.
seats_resigned = Signal()
