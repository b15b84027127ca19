"""Challenges left pending by games that moved on before two fixes are settled as those fixes
settle them now (games/api/challenges.py):

- its game called off before it was dealt (the sweep, an abort, the challenger leaving, a
  deleted account): cancelled, answered when the game ended (`_end_with_its_game`);
- its game dealt (its seats taken through the lobby's join, then started by the challenger):
  accepted, answered when the game was dealt (`_answer_by_taking_a_seat`), whatever became of
  the game since.

Such a challenge stayed pending for ever: listed nowhere (its game is not open), and
accepting or declining it said "pending, no longer open". No events are sent: the players
saw the game end long ago. Going back changes nothing (the old state was the bug).
"""

from django.db import migrations
from django.utils import timezone

PENDING, ACCEPTED, CANCELLED = "pending", "accepted", "cancelled"  # Challenge's statuses
OPEN, ABANDONED = "open", "abandoned"  # GameStatus's


def settle_challenges_of_ended_games(apps, schema_editor) -> dict[str, int]:
    """Returns how many challenges were cancelled and accepted (for the tests)."""
    Challenge = apps.get_model("api", "Challenge")
    stuck = Challenge.objects.filter(status=PENDING).exclude(game__status=OPEN)
    settled = {"cancelled": 0, "accepted": 0}
    # One row at a time (update() cannot set a column from a joined one); there are few.
    for challenge in stuck.select_related("game").order_by("pk"):
        game = challenge.game
        if game.started_at is not None:
            challenge.status, challenge.answered_at = ACCEPTED, game.started_at
        elif game.status == ABANDONED:
            challenge.status = CANCELLED
            challenge.answered_at = game.finished_at or timezone.now()
        else:  # (no other state: a game ends only after being dealt, or abandoned)
            continue
        challenge.save(update_fields=["status", "answered_at"])
        settled[challenge.status] += 1
    return settled


class Migration(migrations.Migration):

    dependencies = [
        ("api", "0004_socket_ticket_oauth_token"),
        ("games", "0004_display_names_in_line"),
    ]

    operations = [migrations.RunPython(settle_challenges_of_ended_games,
                                       migrations.RunPython.noop)]
