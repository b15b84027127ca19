"""What the table remembers besides the game: chat, mutes, rematch offers, undos, ratings."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from games.models import Game, display_name

USER = settings.AUTH_USER_MODEL


class TableOptions(models.Model):
    """Per-game options of the social features (set by the game's creator)."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, primary_key=True,
                                related_name="table_options")
    spectator_chat_hidden = models.BooleanField(
        default=False, help_text="Players see the spectators' chat only once the game is over.")

    def __str__(self) -> str:
        return f"options of game {self.game_id}"


class ChatMessage(models.Model):
    """One line of table talk. `position` is the author's seat; None for a spectator."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat_messages")
    author = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    position = models.PositiveSmallIntegerField(null=True, blank=True)
    body = models.TextField()
    created_at = models.DateTimeField()
    hidden_at = models.DateTimeField(null=True, blank=True,
                                     help_text="Hidden by staff: shown to nobody.")
    hidden_by = models.ForeignKey(USER, on_delete=models.SET_NULL, null=True, blank=True,
                                  related_name="+")

    class Meta:
        ordering = ["game_id", "pk"]
        indexes = [
            models.Index(fields=["game", "author", "created_at"], name="chat_rate"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id} {self.author_id}: {self.body[:40]}"

    @property
    def from_spectator(self) -> bool:
        return self.position is None

    @property
    def author_name(self) -> str:
        return display_name(self.author)


class Mute(models.Model):
    """`user` does not want to see `muted`'s chat (in any game), nor their challenges."""

    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    muted = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "muted"], name="mute_once")]

    def __str__(self) -> str:
        return f"{self.user_id} mutes {self.muted_id}"


class Status(models.TextChoices):
    PENDING = "pending", "Waiting for answers"
    ACCEPTED = "accepted", "Accepted"
    APPLIED = "applied", "Applied"
    DECLINED = "declined", "Declined"
    EXPIRED = "expired", "Expired"
    VOID = "void", "Void (the game moved on)"


class RematchOffer(models.Model):
    """A player's offer to play again: same seats, kingdom and options; every human answers.

    `answers` maps a seat position (as a string) to "accepted", "declined" or "pending";
    bots accept at once. `first_player_rule` is "2e" (the previous winner goes last; a tie:
    random) or "1e" (left of the winner; a tie: random among those who did not win).
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rematch_offers")
    # (kept when the offerer's account is deleted, declined: the other players are told why
    # the offer ended, and an accepted one still leads to its game)
    offered_by = models.ForeignKey(USER, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+")
    first_player_rule = models.CharField(max_length=4, default="2e")
    answers = models.JSONField(default=dict)
    status = models.CharField(max_length=12, choices=Status, default=Status.PENDING)
    deadline_at = models.DateTimeField()
    new_game = models.ForeignKey(Game, on_delete=models.SET_NULL, null=True, blank=True,
                                 related_name="+")
    created_at = models.DateTimeField()
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["game"], condition=Q(status="pending"),
                                    name="rematch_one_pending"),
        ]

    def __str__(self) -> str:
        return f"rematch of {self.game_id} ({self.status})"


class Undo(models.Model):
    """Taking answers back: free (applied at once) or a request the others vote on.

    `to_step` is the step the game returns to; `from_step` the step it was at when asked.
    `votes` maps a seat position (as a string) to "accepted"/"declined"/"pending".
    `removed` keeps the answers taken back ([seat, decision, answer, actor]) for the audit.
    """

    FREE, REQUEST = "free", "request"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="undos")
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=8)
    from_step = models.PositiveIntegerField()
    to_step = models.PositiveIntegerField()
    status = models.CharField(max_length=12, choices=Status, default=Status.PENDING)
    votes = models.JSONField(default=dict, blank=True)
    removed = models.JSONField(default=list, blank=True)
    deadline_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField()
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game_id", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["game"], condition=Q(status="pending"),
                                    name="undo_one_pending"),
        ]

    def __str__(self) -> str:
        return f"undo {self.game_id} {self.from_step}->{self.to_step} ({self.status})"

    @property
    def count(self) -> int:
        return self.from_step - self.to_step


class Pool(models.TextChoices):
    DUEL = "duel", "2 players"
    MULTI = "multi", "3–4 players"


class Rating(models.Model):
    """A player's Glicko-2 rating in one pool (rating, deviation, volatility)."""

    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="ratings")
    pool = models.CharField(max_length=8, choices=Pool)
    rating = models.FloatField(default=1500.0)
    deviation = models.FloatField(default=350.0)
    volatility = models.FloatField(default=0.06)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "pool"], name="rating_per_pool")]
        indexes = [models.Index(fields=["pool", "-rating"], name="rating_board")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.pool} {self.rating:.0f}±{self.deviation:.0f}"


class GameSummary(models.Model):
    """One seat's outcome of a finished game, kept for ratings, profiles and statistics."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="game_summaries")
    position = models.PositiveSmallIntegerField()
    players = models.PositiveSmallIntegerField()
    won = models.BooleanField()
    score = models.IntegerField()
    sets = models.JSONField(default=list, help_text="Card sets the kingdom drew from.")
    cards = models.JSONField(default=dict, help_text="Kingdom cards owned at the end: count.")
    rated = models.BooleanField(default=False)
    unrated_reason = models.CharField(max_length=120, blank=True)
    pool = models.CharField(max_length=8, blank=True)
    rating_before = models.FloatField(null=True, blank=True)
    rating_after = models.FloatField(null=True, blank=True)
    deviation_after = models.FloatField(null=True, blank=True)
    finished_at = models.DateTimeField()

    class Meta:
        ordering = ["-finished_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="summary_per_seat"),
        ]
        indexes = [models.Index(fields=["user", "-finished_at"], name="summary_history")]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.position} {'won' if self.won else 'lost'}"


class SocialPreferences(models.Model):
    """What a player chose about table talk."""

    user = models.OneToOneField(USER, on_delete=models.CASCADE, related_name="social_prefs")
    notify_chat = models.BooleanField(
        default=True, help_text="Tell me (in the site's notifications) about new table talk.")

    def __str__(self) -> str:
        return f"social preferences of {self.user_id}"
