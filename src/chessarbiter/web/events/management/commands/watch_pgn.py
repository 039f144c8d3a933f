"""``django-admin watch_pgn``: re-read every round's watched PGN source and update its games,
once or every few seconds (:func:`chessarbiter.web.events.watch.watch_once`)."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from chessarbiter.web.events.watch import watch_once


class Command(BaseCommand):
    help = "Re-read the rounds' watched PGN sources and update their games."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--every",
            type=int,
            default=0,
            help="seconds between readings (default: read once and stop)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        every: int = options["every"]
        while True:
            for line in watch_once():
                self.stdout.write(line)
            if every <= 0:
                return
            time.sleep(every)
