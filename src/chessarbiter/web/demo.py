"""The demo event created on an empty database, so a newcomer sees every page with something
on it: a festival of two sections, a 30-player Swiss of 7 rounds with four rounds played and
the fifth half-way, and an 8-player junior round robin with two rounds played. Players and
results are invented (seeded, so every demo is the same)."""

from __future__ import annotations

import random
from datetime import date
from typing import Any

from .events import models as m
from .events import services

_FIRST = [
    "Anna",
    "Boris",
    "Clara",
    "Daniil",
    "Elena",
    "Fyodor",
    "Galina",
    "Hugo",
    "Irina",
    "Jonas",
    "Ksenia",
    "Leon",
    "Maria",
    "Nikolai",
    "Olga",
    "Pavel",
    "Quentin",
    "Rosa",
    "Sergei",
    "Tamara",
    "Ulrich",
    "Vera",
    "Wim",
    "Xenia",
    "Yuri",
    "Zoe",
    "Artem",
    "Beatrix",
    "Cyril",
    "Dina",
]
_LAST = [
    "Petrova",
    "Smirnov",
    "Keller",
    "Volkov",
    "Novak",
    "Orlov",
    "Lebedeva",
    "Moreau",
    "Sokolova",
    "Berg",
    "Kuznetsova",
    "Fischer",
    "Ivanova",
    "Popov",
    "Morozova",
    "Egorov",
    "Laurent",
    "Vidal",
    "Pavlov",
    "Semenova",
    "Wagner",
    "Fedorova",
    "Janssen",
    "Zaitseva",
    "Romanov",
    "Martin",
    "Sidorov",
    "Horvath",
    "Belov",
    "Kovacs",
]


def _result(rng: random.Random, white: int | None, black: int | None) -> str:
    """An invented result, the stronger player more likely to win."""
    diff = (white or 1500) - (black or 1500)
    expected = 1 / (1 + 10 ** (-diff / 400))
    x = rng.random()
    draw = 0.3
    if x < expected - draw / 2:
        return "1-0"
    if x < expected + draw / 2:
        return "="
    return "0-1"


def _play(rng: random.Random, event: m.Event, owner: Any, rounds: int, half: bool) -> None:
    """Pair ``rounds`` rounds of ``event`` and enter invented results (the last round's
    first half only, with ``half``)."""
    for number in range(1, rounds + 1):
        rnd = services.pair_next_round(event, owner)
        boards = list(rnd.boards.exclude(black=None).select_related("white", "black"))
        if half and number == rounds:
            boards = boards[: len(boards) // 2]
        for b in boards:
            services.set_result(
                b.pk, owner, _result(rng, b.white.rating, b.black.rating if b.black else None)
            )


def _junior_section(rng: random.Random, event: m.Event, owner: Any) -> m.Event:
    """The festival's second section: a junior rapid round robin of 8, two rounds played."""
    junior = services.add_section(
        event.festival,
        owner,
        name="Junior Rapid",
        system="roundrobin",
        rounds=7,
        time_control="15 min + 10 s/move",
        tiebreaks="DE,SB,WIN",
    )
    names = [f"{last}, {first}" for first, last in zip(_FIRST[-8:], _LAST[-8:], strict=True)]
    services.add_players(
        junior,
        owner,
        [
            {
                "name": name,
                "rating": rng.randint(1100, 1700),
                "federation": "RUS",
                "birth_date": str(rng.randint(2012, 2016)),
            }
            for name in names
        ],
    )
    services.renumber_by_rating(junior, owner)
    _play(rng, junior, owner, 2, half=False)
    return junior


def create_demo(owner: Any) -> m.Event:
    """The demo festival; its open, the first section."""
    rng = random.Random(2026)
    event = services.create_event(
        owner,
        name="Demo Open 2026",
        city="Kazan",
        federation="RUS",
        start_date=date(2026, 11, 20),
        end_date=date(2026, 11, 26),
        chief_arbiter="IA Demo Arbiter",
        time_control="90 min/40 moves + 30 min + 30 s/move",
        rounds=7,
        tiebreaks="BH/C1,BH,SB,DE",
    )
    ratings = sorted((rng.randint(1500, 2450) for _ in range(30)), reverse=True)
    names = [f"{last}, {first}" for first, last in zip(_FIRST, _LAST, strict=True)]
    rng.shuffle(names)
    players = [
        {"name": name, "rating": rating, "federation": rng.choice(["RUS", "GER", "FRA", "NED"])}
        for name, rating in zip(names, ratings, strict=True)
    ]
    players[0]["title"] = "IM"
    players[1]["title"] = "FM"
    services.add_players(event, owner, players)
    services.renumber_by_rating(event, owner)
    by_number = {p.number: p for p in event.players.all()}
    services.set_bye_request(by_number[17], owner, 3, "H")
    _play(rng, event, owner, 5, half=True)
    services.update_festival(event.festival, owner, name="Kazan Chess Festival 2026")
    _junior_section(rng, event, owner)
    event.refresh_from_db()
    return event
