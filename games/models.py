"""The site's records of cards, kingdoms, games, seats and moves.

The engine owns the rules; these models only store what it hands back (a snapshot, the open
decisions as data, an append-only log of answers) so pages render and deadlines fire without
running the engine, and any game can be replayed from setup + seed + answers.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q


class CardSet(models.Model):
    """An expansion as the engine names it (base, intrigue, dark_ages)."""

    slug = models.SlugField(max_length=40, unique=True)
    name = models.CharField(max_length=80)
    editions = models.JSONField(default=list, help_text="Editions of this set we implement.")

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return self.name


class Card(models.Model):
    """Mirror of one card in the engine registry, plus what admins may change."""

    name = models.CharField(max_length=80, unique=True)
    card_set = models.ForeignKey(CardSet, on_delete=models.PROTECT, related_name="cards")
    editions = models.JSONField(default=list)
    cost = models.PositiveSmallIntegerField()
    types = models.JSONField(default=list)
    text = models.TextField(blank=True)
    text_first_edition = models.TextField(blank=True)
    in_supply = models.BooleanField(default=True)
    is_kingdom = models.BooleanField(default=True)
    implemented = models.BooleanField(
        default=True, help_text="Cleared by sync_cards when the engine no longer has the card."
    )
    random_eligible = models.BooleanField(
        default=True, help_text="May appear in random kingdoms. Set by admins; sync keeps it."
    )

    class Meta:
        ordering = ["card_set_id", "cost", "name"]

    def __str__(self) -> str:
        return self.name

    @property
    def type_line(self) -> str:
        return " – ".join(self.types)


class Kingdom(models.Model):
    """A named set of 10 kingdom cards, e.g. a rulebook's recommended set."""

    name = models.CharField(max_length=120, unique=True)
    cards = models.JSONField(default=list, help_text="The 10 kingdom card names.")
    sets = models.JSONField(default=list, help_text="Set slugs this kingdom draws from.")
    options = models.JSONField(default=dict, blank=True, help_text='e.g. {"shelters": true}')
    edition = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Edition of Base/Intrigue cards; empty if none used."
    )
    source = models.CharField(max_length=200, blank=True, help_text="The rulebook it comes from.")
    recommended = models.BooleanField(default=False)
    playable = models.BooleanField(default=True)
    missing_cards = models.JSONField(default=list, blank=True)
    note = models.TextField(
        blank=True, help_text="Staff notes, e.g. which cards a kingdom is waiting for."
    )

    class Meta:
        ordering = ["name"]
        indexes = [models.Index(fields=["recommended", "playable"], name="kingdom_listing")]

    def __str__(self) -> str:
        return self.name

    @property
    def set_label(self) -> str:
        return " + ".join(s.replace("_", " ").title() for s in self.sets) or "Mixed"


class GameStatus(models.TextChoices):
    OPEN = "open", "Waiting for players"
    RUNNING = "running", "Running"
    FINISHED = "finished", "Finished"
    ABANDONED = "abandoned", "Abandoned"


TIME_LIMIT_CHOICES = [(d, f"{d} day{'s' if d > 1 else ''}") for d in (1, 2, 3, 5, 7, 14)]


def new_seed() -> str:
    return secrets.token_hex(32)


def new_invite_token() -> str:
    return secrets.token_urlsafe(16)


class Game(models.Model):
    """One game: its setup, the engine's state as data, and where it stands.

    `seed` is the server-side secret every shuffle derives from. It is never rendered,
    serialized for players, or shown in the admin.
    """

    status = models.CharField(max_length=16, choices=GameStatus, default=GameStatus.OPEN)
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    setup = models.JSONField(help_text="Engine options: players, kingdom, edition, ...")
    kingdom = models.ForeignKey(Kingdom, on_delete=models.SET_NULL, null=True, blank=True)
    seed = models.CharField(max_length=128, default=new_seed, editable=False)
    listed = models.BooleanField(default=True, help_text="Shown in the lobby.")
    vp_counter = models.BooleanField(
        default=False, help_text="Show every player's victory points during the game."
    )
    invite_token = models.CharField(max_length=40, unique=True, default=new_invite_token)
    time_limit_days = models.PositiveSmallIntegerField(choices=TIME_LIMIT_CHOICES, default=3)
    step = models.PositiveIntegerField(default=0, help_text="Answers applied so far.")
    snapshot = models.TextField(blank=True, editable=False)
    decisions = models.JSONField(default=list, blank=True, help_text="Open decisions as data.")
    engine_version = models.CharField(max_length=40, blank=True)
    revision = models.PositiveIntegerField(
        default=0, help_text="Committed changes so far; never goes down (an undo counts one).")
    log_start = models.JSONField(default=list, blank=True, editable=False,
                                 help_text="The deal's log entries; each GameStep keeps its own.")
    log_length = models.PositiveIntegerField(default=0, help_text="Log entries so far.")
    result = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    last_move_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(
                fields=["status", "-created_at"],
                condition=Q(listed=True),
                name="game_lobby_listed",
            ),
        ]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.status})"

    @property
    def player_count(self) -> int:
        return int(self.setup.get("players", 0))

    @property
    def kingdom_cards(self) -> list[str]:
        return list(self.setup.get("kingdom", []))


class Seat(models.Model):
    """A place at the table: a user, a bot strategy, or (before the start) nobody yet."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(help_text="The engine's seat number, from 0.")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="seats",
    )
    bot_strategy = models.CharField(max_length=40, blank=True)
    waiting_since = models.DateTimeField(
        null=True, blank=True, help_text="Set while a decision addressed to this seat is open."
    )
    joined_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game_id", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_unique_position"),
            models.UniqueConstraint(
                fields=["game", "user"], condition=Q(user__isnull=False), name="seat_unique_user"
            ),
        ]
        indexes = [
            models.Index(fields=["user", "game"], name="seat_my_games"),
            models.Index(
                fields=["user", "waiting_since"],
                condition=Q(waiting_since__isnull=False),
                name="seat_waiting_for_me",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.position} {self.label}"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_strategy)

    @property
    def is_open(self) -> bool:
        return not self.is_bot and self.user_id is None

    @property
    def label(self) -> str:
        if self.is_bot:
            return f"Bot ({self.bot_strategy})"
        if self.user_id is None:
            return "Open seat"
        return display_name(self.user)


class GameStep(models.Model):
    """One applied answer. Append-only: together with setup and seed it replays the game.

    Also the game's history: the log entries the answer wrote (the snapshot has no log).
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="steps")
    number = models.PositiveIntegerField(help_text="The game's step after this answer.")
    seat = models.PositiveSmallIntegerField()
    decision_id = models.CharField(max_length=40)
    answer = models.JSONField(null=True)
    actor = models.CharField(max_length=16, default="player", help_text="player, bot, ...")
    engine_version = models.CharField(max_length=40)
    created_at = models.DateTimeField(auto_now_add=True)
    # The history this answer wrote: the engine's raw log entries (shown to each viewer through
    # engine.log_events), where they start in the game's log, and the turn after the answer.
    log = models.JSONField(default=list, editable=False)
    log_index = models.PositiveIntegerField(default=0)
    turn = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["game_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="gamestep_unique_number"),
        ]
        indexes = [models.Index(fields=["game", "turn"], name="gamestep_turn")]

    def __str__(self) -> str:
        return f"{self.game_id}@{self.number} seat {self.seat} {self.decision_id}"

    def save(self, *args, **kwargs) -> None:
        if self.pk is not None:
            raise ValueError("GameStep rows are append-only")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValueError("GameStep rows are append-only")


class PlayerPreferences(models.Model):
    """What a player chose about being contacted; later issues add standing orders here."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences"
    )
    display_name = models.CharField(max_length=40, blank=True)
    email_on_turn = models.BooleanField(default=True, help_text="Email me when it is my turn.")
    email_daily_digest = models.BooleanField(
        default=False, help_text="One email a day instead of one per game."
    )
    standing_orders = models.JSONField(default=dict, blank=True)

    class Meta:
        verbose_name_plural = "player preferences"

    def __str__(self) -> str:
        return f"Preferences of {self.user}"


def display_name(user) -> str:
    """The name shown at the table: the chosen display name, else the username."""
    if user is None:
        return "?"
    prefs = getattr(user, "preferences", None)  # a missing one-to-one raises AttributeError
    return (prefs.display_name if prefs else "") or user.username
