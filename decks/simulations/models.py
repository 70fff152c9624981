"""Runs: one SimulationRun per request, split into SimulationChunks of games that workers play.

A run is of one kind (RunKind): a goldfish run plays one deck alone; a matchup plays it against one
other deck, a gauntlet against several, a field run plays a game's field decks each against each. The
decks of the games of two-deck runs are kept, as snapshots, in its RunPairings (one a matchup, one an
opponent of a gauntlet, one a pair of a field run), and each chunk of such a run plays games of one
pairing. Everything else (chunks, progress, retries, cancelling, quotas, scheduling, recovery) is the
same for every kind.

A run keeps a snapshot of the deck list it plays (the deck may change or be deleted afterwards; a
private deck's runs go with it). Each chunk keeps the statistics of its own games (RunStats.to_dict)
in its own row, so chunks finish in any order, on any worker, and a chunk played twice overwrites
only itself. The run is done when every chunk is; its results are the chunks merged in index order.
"""
from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse

from cardsdb.models import Game


def new_run_id() -> str:
    # 12 URL-safe characters (72 bits), as for decks: a run of a list is shared by its link alone.
    return secrets.token_urlsafe(9)


class RunKind(models.TextChoices):
    GOLDFISH = "goldfish", "Goldfish run"
    MATCHUP = "matchup", "Matchup"
    GAUNTLET = "gauntlet", "Gauntlet"
    FIELD = "field", "Field round-robin"


TWO_DECK_KINDS = (RunKind.MATCHUP, RunKind.GAUNTLET, RunKind.FIELD)


class RunStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"
    CANCELLED = "cancelled", "Cancelled"


ACTIVE_RUN = (RunStatus.QUEUED, RunStatus.RUNNING)


class ChunkStatus(models.TextChoices):
    WAITING = "waiting", "Waiting its turn"  # not sent yet: decks/simulations/scheduling.py sends it
    QUEUED = "queued", "Queued"  # its message is in the broker
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"
    CANCELLED = "cancelled", "Cancelled"  # its run ended before the chunk was played


UNFINISHED_CHUNK = (ChunkStatus.WAITING, ChunkStatus.QUEUED, ChunkStatus.RUNNING)
OUTSTANDING_CHUNK = (ChunkStatus.QUEUED, ChunkStatus.RUNNING)  # sent to the workers, not yet played


class SimulationRun(models.Model):
    public_id = models.CharField(max_length=20, unique=True, default=new_run_id, editable=False)
    kind = models.CharField(max_length=10, choices=RunKind.choices, default=RunKind.GOLDFISH)
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="+")
    # The deck the run was started from, if any: a run of a private deck is as private as the deck.
    deck = models.ForeignKey("decks.Deck", null=True, blank=True, on_delete=models.CASCADE, related_name="runs")
    deck_version = models.PositiveIntegerField(null=True, blank=True)
    name = models.CharField(max_length=120, help_text="What the pages call the deck played.")
    list_text = models.TextField(help_text="The deck list played, as it was when the run started.")
    format = models.CharField(max_length=30)
    games = models.PositiveIntegerField(help_text="Games of the whole run (of all its pairings).")
    pairing_games = models.PositiveIntegerField(null=True, blank=True,
                                                help_text="Games of each pairing of a two-deck run.")
    # Players' work a game, for quotas: a two-deck game has both seats played (decks/simulations/quotas.py).
    work_per_game = models.PositiveSmallIntegerField(default=1)
    seed = models.PositiveBigIntegerField()
    chunk_games = models.PositiveIntegerField(help_text="Games a chunk plays (the last one may play fewer).")
    # Against whom and by whom the deck was played (engine/play/kits.py): the game's goldfish opponent
    # (QQDND: the sparring or the passive party) and the player of the deck.
    opponent = models.CharField(max_length=20, help_text="The goldfish opponent the deck played against.")
    player = models.CharField(max_length=20, default="heuristic", help_text="Who played the deck.")
    budget = models.PositiveIntegerField(null=True, blank=True,
                                         help_text="A search player's play-outs a decision.")
    status = models.CharField(max_length=10, choices=RunStatus.choices, default=RunStatus.QUEUED)
    games_done = models.PositiveIntegerField(default=0, help_text="Games of the chunks finished so far.")
    results = models.JSONField(null=True, blank=True, help_text="RunStats.report() of the whole run.")
    error = models.TextField(blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="simulation_runs"
    )
    # Who started it, for quotas, fair scheduling and cancelling: "user:<id>", "addr:<keyed hash of the
    # address>" (the address itself is not kept) or "server:<name>" (decks/simulations/quotas.py).
    requester = models.CharField(max_length=80, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["deck", "-created_at"]),
            models.Index(fields=["requester", "-created_at"]),
            models.Index(fields=["status"]),
        ]

    def __str__(self) -> str:
        return f"{self.name}: {self.games:,} games, seed {self.seed}"

    def get_absolute_url(self) -> str:
        return reverse("simulation-detail", args=[self.public_id])

    def get_api_url(self) -> str:
        names = {RunKind.MATCHUP: "api-matchup", RunKind.GAUNTLET: "api-gauntlet", RunKind.FIELD: "api-gauntlet"}
        return reverse(names.get(RunKind(self.kind), "api-simulation"), args=[self.public_id])

    @property
    def two_decks(self) -> bool:
        return self.kind in TWO_DECK_KINDS

    @property
    def progress(self) -> float:
        if self.status == RunStatus.DONE:
            return 1.0
        return self.games_done / self.games if self.games else 0.0

    @property
    def is_finished(self) -> bool:
        return self.status not in ACTIVE_RUN

    def readable_by(self, user: object) -> bool:
        """Anyone with its link reads a run of a pasted list; a run of a deck follows the deck and
        its history: a run of a version others may not read (saved while the deck was private),
        or of an edited list from before the deck was shared, is its owner's."""
        deck = self.deck
        if not self._opponents_readable_by(user):
            return False
        if deck is None or deck.is_owner(user):
            return True
        if not deck.readable_by(user):
            return False
        if self.deck_version is not None:
            return deck.version_readable_by(self.deck_version, user)
        shared = deck.versions.filter(number=deck.history_from).values_list("created_at", flat=True).first()
        return shared is not None and self.created_at >= shared

    def _opponents_readable_by(self, user: object) -> bool:
        """A two-deck run shows its opponents' lists: while one is a private deck of someone else's,
        the run is not theirs to read (a deleted opponent leaves its snapshot, as a pasted list)."""
        if not self.two_decks:
            return True
        return all(deck.readable_by(user) for pairing in self.pairings.all()
                   for deck in (pairing.a_deck, pairing.b_deck) if deck is not None)


class RunPairing(models.Model):
    """Deck A against deck B, `run.pairing_games` games of a two-deck run: snapshots of both lists, and
    the pairing's MatchupStats.report() once its chunks are done."""

    run = models.ForeignKey(SimulationRun, on_delete=models.CASCADE, related_name="pairings")
    index = models.PositiveIntegerField()
    a_deck = models.ForeignKey("decks.Deck", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    a_name = models.CharField(max_length=120)
    a_list_text = models.TextField()
    a_format = models.CharField(max_length=30)
    b_deck = models.ForeignKey("decks.Deck", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    b_deck_version = models.PositiveIntegerField(null=True, blank=True)
    b_name = models.CharField(max_length=120)
    b_list_text = models.TextField()
    b_format = models.CharField(max_length=30)
    results = models.JSONField(null=True, blank=True, help_text="MatchupStats.report() of the pairing.")

    class Meta:
        ordering = ["run", "index"]
        constraints = [models.UniqueConstraint(fields=["run", "index"], name="unique_pairing_index_per_run")]

    def __str__(self) -> str:
        return f"{self.a_name} against {self.b_name}"


class SimulationChunk(models.Model):
    """Games start .. start+count-1 of a run, played by one worker at a time."""

    run = models.ForeignKey(SimulationRun, on_delete=models.CASCADE, related_name="chunks")
    # The pairing a chunk of a two-deck run plays (start and count are its games); none for goldfish.
    pairing = models.ForeignKey(RunPairing, null=True, blank=True, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    start = models.PositiveIntegerField()
    count = models.PositiveIntegerField()
    status = models.CharField(max_length=10, choices=ChunkStatus.choices, default=ChunkStatus.WAITING)
    attempts = models.PositiveSmallIntegerField(default=0, help_text="Times a worker took the chunk.")
    sends = models.PositiveSmallIntegerField(default=0, help_text="Times sent since a worker last took it.")
    # A new token at every take: a worker whose chunk was given to another stops writing to it.
    claim = models.CharField(max_length=32, blank=True)
    worker = models.CharField(max_length=200, blank=True, help_text="host:pid of the last worker to take it.")
    stats = models.JSONField(null=True, blank=True,
                             help_text="RunStats.to_dict() (MatchupStats.to_dict()) of the chunk's games.")
    error = models.TextField(blank=True)
    # Times from the database's clock, the one clock every worker machine shares.
    queued_at = models.DateTimeField(null=True, blank=True, help_text="When its message was last sent.")
    started_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["run", "index"]
        constraints = [models.UniqueConstraint(fields=["run", "index"], name="unique_chunk_index_per_run")]
        indexes = [models.Index(fields=["run", "status"]), models.Index(fields=["status", "queued_at"])]

    def __str__(self) -> str:
        return f"games {self.start + 1}-{self.start + self.count} of run {self.run_id}"
