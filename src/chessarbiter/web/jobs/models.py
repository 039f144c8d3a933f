"""The one record of a background job: its row, in both modes (embedded worker or RQ)."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

#: The kinds that pair (or propose) a round: at most one of them queued or running per
#: (event, round), a constraint of the database itself.
PAIRING_KINDS = ("pair", "propose")


class Job(models.Model):
    """One piece of long work (a round's pairing, its explanation) done outside the request.

    Its life: ``queued`` (submitted) → ``running`` (claimed by a worker, ``heartbeat`` beaten
    every few seconds) → ``done`` (``result``) or ``failed`` (``error``: the library's message,
    or "internal error" with the traceback in the worker's log). A running job whose worker
    died (heartbeat too old) is queued again, at most :data:`MAX_ATTEMPTS` times in all."""

    class State(models.TextChoices):
        QUEUED = "queued", _("queued")
        RUNNING = "running", _("running")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    #: A job is run at most this many times (a worker killed twice under it: failed).
    MAX_ATTEMPTS = 3

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    kind = models.CharField(max_length=40)
    event = models.ForeignKey(
        "events.Event", null=True, blank=True, on_delete=models.CASCADE, related_name="jobs"
    )
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    params = models.JSONField(default=dict, blank=True)
    state = models.CharField(max_length=10, choices=State.choices, default=State.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0)
    message = models.CharField(max_length=200, blank=True, default="")
    result = models.JSONField(default=dict, blank=True)
    error = models.TextField(blank=True, default="")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)
    heartbeat = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["created"]
        indexes = [models.Index(fields=["state", "created"], name="job_state_created")]
        constraints = [
            # two arbiters cannot start two pairings of one round: refused by the database
            models.UniqueConstraint(
                fields=["event", "round_number"],
                condition=Q(kind__in=PAIRING_KINDS, state__in=("queued", "running")),
                name="one_active_pairing_job_per_round",
            )
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.pk} ({self.state})"

    @property
    def active(self) -> bool:
        """Queued or running: not finished yet."""
        return self.state in (self.State.QUEUED, self.State.RUNNING)
