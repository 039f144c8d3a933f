"""The shapes of the API's requests and answers (pydantic, through django-ninja): they make
the OpenAPI schema. A request's fields are only typed here; their values are checked where
the web app checks them (the arbiter's forms, then the services and the library)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any
from uuid import UUID

from ninja import Schema
from pydantic import ConfigDict, Field


class Strict(Schema):
    """A request body: a field the API does not know is refused (422), not ignored."""

    model_config = ConfigDict(extra="forbid")


class Error(Schema):
    """Every refusal: ``detail`` says what was refused and why (the library's or the
    service's words); ``errors`` the problems one by one (a TRF file's with ``line`` and
    ``column``, a field's with its ``field``), possibly none."""

    detail: str
    errors: list[dict[str, Any]] = Field(default_factory=list)


class EventIn(Strict):
    """A new event: the fields of the arbiter's event form, each optional but ``name`` (a
    field left out takes the form's default)."""

    name: str
    city: str | None = None
    federation: str | None = None
    start_date: date | None = None
    end_date: date | None = None
    chief_arbiter: str | None = None
    time_control: str | None = None
    system: str | None = None
    edition: str | None = None
    rounds: int | None = None
    win_points: Decimal | None = None
    draw_points: Decimal | None = None
    loss_points: Decimal | None = None
    bye_points: Decimal | None = None
    acceleration: str | None = None
    initial_colour: str | None = None
    tiebreaks: str | None = None
    tiebreak_edition: str | None = None
    boards_per_team: int | None = None
    team_score: str | None = None
    team_tiebreaks: str | None = None
    team_pairing: str | None = None
    reserve_regime: str | None = None
    knockout_scheme: str | None = None
    match_format: str | None = None
    lot_seed: int | None = None
    cup_legs: int | None = None
    cup_drawn_match: str | None = None
    cup_board_weights: str | None = None
    simul_boards: int | None = None
    simul_per_minutes: int | None = None
    public: bool | None = None


class EventOut(Schema):
    id: int
    name: str
    city: str
    federation: str
    start_date: date | None
    end_date: date | None
    system: str
    edition: str
    rounds: int = Field(description="Rounds to play (a Double-Swiss event: matches).")
    rounds_paired: int = Field(
        description="Rounds stored (a Double-Swiss event: games, two per match, numbered as the "
        "TRF's round columns and /rounds/{number})."
    )
    games_per_round: int = Field(
        description="2 for a Double-Swiss event (C.04.5: each round a two-game match), else 1."
    )
    players: int
    tiebreaks: str
    public: bool
    archived: bool
    version: int
    created_at: datetime
    warnings: list[str] = Field(
        default_factory=list,
        description="What a TRF import left out or found suspicious (empty otherwise).",
    )


class PlayerIn(Strict):
    """A player to register: the fields of the arbiter's player form."""

    name: str
    rating: int | None = None
    fide_id: str | None = None
    federation: str | None = None
    title: str | None = None
    sex: str | None = None
    birth_date: str | None = None
    club: str | None = None
    entry_stage: int | None = None
    personal_number: int | None = None
    members: str | None = Field(
        None,
        description=(
            "Consultation games: the group's members, a line each: 'leader: NAME', "
            "'member: NAME' (2 to 4 consultants with the leader), 'intermediary: NAME'"
        ),
        max_length=600,
    )


class PlayerOut(Schema):
    number: int
    name: str
    rating: int | None
    fide_id: str
    federation: str
    title: str
    sex: str
    birth_date: str
    club: str
    entry_round: int
    withdrawn_from_round: int | None
    members: str


class Side(Schema):
    number: int
    name: str


class BoardOut(Schema):
    board: int
    white: Side
    black: Side
    result: str = Field(description="'' while the game has no result, else e.g. 1-0, =, +-.")


class ByeOut(Schema):
    number: int
    name: str
    kind: str = Field(description="The TRF code of the bye: U, H, F, Z, or + (forfeit win).")


class RoundOut(Schema):
    round: int
    complete: bool
    boards: list[BoardOut]
    byes: list[ByeOut]


class ResultIn(Strict):
    """A board's result: a written result (``1-0``, ``0-1``, ``=``, ``+-``, ``-+``, ``--``,
    ``½-0``, ``0-½``, ``1-0u``, ``0-1u``, ``=u``), a results-page key (``1``, ``0``, ``=``,
    ``+``, ``-``), or '' to clear. ``replace``: confirm replacing (or clearing) a different
    result already there; ``version``: the board's version the client saw (a change in
    between: 409)."""

    result: str
    replace: bool = False
    version: int | None = None


class ResultOut(Schema):
    board: int
    result: str
    previous: str
    changed: bool
    version: int
    warning: str = Field(
        "", description="The later pairings made with the old result, when there are some."
    )


class StandingOut(Schema):
    rank: int
    place: str = Field(description="The place as printed: 3, or 3-5 when it is shared.")
    number: int
    name: str
    points: Decimal
    tiebreaks: dict[str, Decimal] = Field(description="By their FIDE acronyms (C.07).")
    withdrawn: bool


class SimulIn(Strict):
    """An exhibitor's result in a simul contest: ``score`` (``15``, ``15.5``, ``15½``) and
    ``minutes`` (whole minutes or ``H:MM``), both '' to clear it. ``replace``: confirm
    replacing (or clearing) a result already recorded (else 409)."""

    score: str
    minutes: str
    replace: bool = False


class SimulEntryOut(Schema):
    number: int
    name: str
    score: Decimal | None
    minutes: int | None


class SimulRowOut(Schema):
    place: int
    number: int
    name: str
    score: Decimal
    minutes: int
    extra_minutes: int = Field(description="Minutes over the fastest simul.")
    deduction: Decimal = Field(description="½ point for every full `per_minutes` of them.")
    adjusted: Decimal


class SimulOut(Schema):
    """A simul contest (Team Competitions 1972): the standings by adjusted score once two
    results are recorded, and the exhibitors whose result is not recorded yet."""

    boards: int | None
    per_minutes: int
    rows: list[SimulRowOut]
    pending: list[SimulEntryOut]


class StandingsOut(Schema):
    after_round: int
    tiebreaks: list[str]
    rows: list[StandingOut]


class JobAccepted(Schema):
    job: UUID
    status_url: str


class JobOut(Schema):
    job: UUID
    kind: str
    state: str = Field(description="queued, running, done or failed.")
    progress: int
    message: str
    round: int | None
    result: dict[str, Any] | None = Field(
        description="When done: the job's answer; for a pairing, the round's boards."
    )
    error: str
    attempts: int = Field(description="Times a worker started it (a retry after a worker died).")


class PairedBoard(Schema):
    board: int
    white: int
    black: int
    white_name: str
    black_name: str


class PairingOut(Schema):
    """The next round of a TRF file (nothing stored): its boards, the pairing-allocated bye
    and the lines a JaVaFo-compatible engine prints (``--dutch FILE -p``)."""

    round: int
    edition: str
    boards: list[PairedBoard]
    bye: int | None
    lines: list[str]
