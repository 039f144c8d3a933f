"""The arbiter's calculators of ``/tools/``: one function per tool, each reading its GET
parameters, calling the library and returning what the template shows; :data:`TOOLS` maps the
``tool`` parameter to them. Nothing is stored and no rule is computed here: the answers and
the error messages are the library's (:mod:`chessarbiter.timecontrol`,
:mod:`chessarbiter.special`).

Every parameter is bounded (:data:`MAX_CHARS`); a value too long, a number that is not one, or
any error of the library is an answer on the page (the library's message), never a server
error.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Final

from django.utils.translation import gettext as _

from chessarbiter import limits
from chessarbiter.errors import ChessArbiterError
from chessarbiter.registration import RATING_MAX
from chessarbiter.special import consultation as cs
from chessarbiter.special import handicap as hc
from chessarbiter.special import radio as rd
from chessarbiter.special import simul as sm
from chessarbiter.special import telegraph as tg
from chessarbiter.special import unclocked
from chessarbiter.timecontrol import flag, laws, model
from chessarbiter.timecontrol.clock import parse_seconds

Query = Mapping[str, str]

#: The longest value of each bounded parameter (characters). A FEN is at most about 90
#: characters; a time a dozen; a simul contest's lines and a radio match's transmissions are
#: lists (:data:`~chessarbiter.limits.MAX_ENTRIES` exhibitors,
#: :data:`~chessarbiter.limits.MAX_MOVE_NUMBER` transmissions) kept to a page's worth.
MAX_CHARS: Final[dict[str, int]] = {
    "fen": 120,
    "laws": 10,
    "offender": 10,
    "allotted": 20,
    "deduction": 20,
    "remaining": 20,
    "moves_made": 6,
    "control_move": 6,
    "max_plies": 3,
    "node_limit": 7,
    "per": 7,
    "shown": 12,
    "transmissions": 20_000,
    "results": 50_000,
    "odds": 2_000,
    "relayed": 20_000,
    "correct_every": 6,
}

#: The dead-position search on the web: plies as the CLI (0 to 20), positions up to the
#: library's default (a few CPU seconds at most for one request; the CLI allows
#: :data:`~chessarbiter.limits.MAX_FLAG_NODES`).
MAX_WEB_PLIES: Final = 20
MAX_WEB_NODES: Final = flag.DEFAULT_NODE_LIMIT


class ToolInputError(Exception):
    """A parameter the page cannot hand to the library (too long, not a number): its message
    is shown next to the form."""


def _text(q: Query, name: str, default: str = "") -> str:
    value = q.get(name, default)
    bound = MAX_CHARS.get(name)
    if bound is not None and len(value) > bound:
        raise ToolInputError(
            _("%(field)s: at most %(n)d characters, not %(got)d")
            % {"field": name, "n": bound, "got": len(value)}
        )
    return value


def _int(q: Query, name: str, low: int, high: int, default: int | None = None) -> int | None:
    """An optional whole number from ``low`` to ``high`` (empty: ``default``)."""
    text = _text(q, name).strip()
    if not text:
        return default
    if not (text.isascii() and text.isdigit()) or not low <= int(text) <= high:
        raise ToolInputError(
            _("%(field)s: a whole number from %(low)d to %(high)d, not %(got)r")
            % {"field": name, "low": low, "high": high, "got": text}
        )
    return int(text)


# -- the tools -------------------------------------------------------------------------------


def clock(q: Query) -> dict[str, Any]:
    """Time control: its classification under the Laws and its notations."""
    tc = model.parse(q["control"])
    return {
        "category": laws.classify(tc, q.get("laws", "2023")).value,
        "pgn": tc.to_pgn(),
        "fide": tc.to_fide(),
        "trf": _or_none(tc.to_trf),
    }


def claim(q: Query) -> laws.ClaimPenalty:
    """Incorrect draw claim: the penalty of the Laws edition."""
    return laws.incorrect_claim(
        parse_seconds(q["claimant"], "the claimant's time"),
        parse_seconds(q.get("opponent", "0"), "the opponent's time"),
        q.get("laws", "2023"),
    )


def flag_fall(q: Query) -> flag.FlagVerdict:
    """Flag fall: loss or draw."""
    return flag.adjudicate(_text(q, "fen"), q.get("side", "white"), q.get("rules", "current"))


def telegraph(q: Query) -> str:
    """Telegraph code (Team Competitions 1972): encode SAN moves or decode code words."""
    words = q["moves"].split()
    if q.get("direction") == "decode":
        return " ".join(tg.decode_game(words))
    return " ".join(tg.encode_game(words))


def dead(q: Query) -> flag.DeadPosition:
    """Dead position (Laws Commentary 1997; Laws 2023 art. 5.2.2)."""
    plies = _int(q, "max_plies", 0, MAX_WEB_PLIES, flag.DEFAULT_MAX_PLIES)
    nodes = _int(q, "node_limit", 1, MAX_WEB_NODES, flag.DEFAULT_NODE_LIMIT)
    assert plies is not None and nodes is not None
    return flag.dead_position(_text(q, "fen"), max_plies=plies, node_limit=nodes)


def scoresheet(q: Query) -> laws.ScoresheetTime:
    """A player who cannot keep score (Laws 1997; 2023 art. 8.1.6)."""
    return laws.scoresheet_deduction(
        parse_seconds(_text(q, "allotted"), _("the allotted time")),
        parse_seconds(_text(q, "deduction", "0"), _("the deduction")),
        _text(q, "laws", "2023"),
    )


@dataclass(frozen=True, slots=True)
class Refusal:
    """The score of a game lost by persistent refusal, with the two sides named."""

    offender: str
    opponent: str
    score: laws.RefusalScore


def refusal(q: Query) -> Refusal:
    """Persistent refusal to obey the Laws (Laws 1997; 2023 art. 11.7)."""
    offender = _text(q, "offender")
    fen = _text(q, "fen").strip() or None
    score = laws.persistent_refusal(offender, _text(q, "laws", "2023"), fen=fen)
    opponent = "black" if offender.strip().lower() == "white" else "white"
    return Refusal(offender.strip().lower(), opponent, score)


def freed(q: Query) -> unclocked.FreedClock:
    """A freed clock on a board of a game without clocks (Team Competitions 1972)."""
    remaining = parse_seconds(_text(q, "remaining"), _("the remaining time"))
    if q.get("scoresheet"):
        moves_made = _int(q, "moves_made", 0, limits.MAX_MOVE_NUMBER)
        control = _int(q, "control_move", 1, limits.MAX_MOVE_NUMBER)
        return unclocked.freed_clock(remaining, moves_made=moves_made, control=control)
    return unclocked.freed_clock(remaining)


@dataclass(frozen=True, slots=True)
class SimulRow:
    """One exhibitor's line of the adjusted standings, numbers as written."""

    place: int
    exhibitor: str
    score: str
    minutes: int
    extra_minutes: int
    deduction: str
    adjusted: str


def _plain(value: Decimal) -> str:
    return format(value.normalize(), "f")


def simul(q: Query) -> dict[str, Any]:
    """A simul contest's result adjustment (Team Competitions 1972): ½ point off per PER
    minutes over the fastest simul."""
    lines = [line for line in _text(q, "results").splitlines() if line.strip()]
    if len(lines) > limits.MAX_ENTRIES:
        raise ToolInputError(
            _("at most %(n)d exhibitors, not %(got)d")
            % {"n": limits.MAX_ENTRIES, "got": len(lines)}
        )
    per = _int(q, "per", 1, limits.MAX_MINUTES, 5)
    assert per is not None
    standings = sm.simul_contest([sm.parse_simul_result(line) for line in lines], per)
    rows = [
        SimulRow(
            s.place,
            s.exhibitor,
            _plain(s.score),
            s.minutes,
            s.extra_minutes,
            _plain(s.deduction),
            _plain(s.adjusted),
        )
        for s in standings
    ]
    return {"per": per, "rows": rows}


def radio(q: Query) -> dict[str, int]:
    """A radio match's split of the opponent's clock (Team Competitions 1972): his thinking
    time and the transmission of the moves."""
    words = _text(q, "transmissions").replace(",", " ").split()
    try:
        shown = sm.parse_minutes(_text(q, "shown"))
        sent = [sm.parse_minutes(w) for w in words]
    except sm.SimulError as e:
        raise rd.RadioError(str(e)) from None
    split = rd.split_opponent_clock(
        dt.timedelta(minutes=shown), [dt.timedelta(minutes=m) for m in sent]
    )
    return {
        "shown": int(split.shown.total_seconds()) // 60,
        "thinking": int(split.thinking.total_seconds()) // 60,
        "transmission": int(split.transmission.total_seconds()) // 60,
    }


def odds(q: Query) -> dict[str, Any]:
    """A game's clocks under the organiser's time odds (Team Competitions 1972: a handicap in
    the time for thought): White's and Black's controls and the record-222 code."""
    table = hc.parse_time_odds(_text(q, "odds"))
    white = _int(q, "white_rating", 0, RATING_MAX)
    black = _int(q, "black_rating", 0, RATING_MAX)
    if white is None or black is None:
        raise ToolInputError(_("give both players' ratings"))
    controls = hc.game_controls(table, white, black)
    return {
        "difference": abs(white - black),
        "step": table.step(abs(white - black)).difference,
        "white": controls.white.to_fide(),
        "black": controls.black.to_fide(),
        "trf": controls.to_trf(),
    }


def relay(q: Query) -> list[dict[str, Any]]:
    """A consultation game's two clocks through the intermediary's relays (Team Competitions
    1972): each group's own time, and what each clock shows for the opponent."""
    moves = cs.parse_moves(_text(q, "relayed"))
    every = _int(q, "correct_every", 1, limits.MAX_MOVE_NUMBER)
    return [
        {
            "move": f"{r.move_number}{'.' if r.mover.value == 'w' else '...'}",
            "white": cs.clock_text(r.white),
            "black": cs.clock_text(r.black),
            "black_on_white": cs.clock_text(r.black_on_white_clock),
            "white_on_black": cs.clock_text(r.white_on_black_clock),
            "corrected": r.corrected,
        }
        for r in cs.relay_clocks(moves, correct_every=every)
    ]


@dataclass(frozen=True, slots=True)
class Tool:
    """A calculator: the parameter that must be given for it to answer, and the function."""

    required: str
    answer: Callable[[Query], object]


#: ``tool`` parameter → the calculator (the name is also the template's context key).
TOOLS: Final[dict[str, Tool]] = {
    "clock": Tool("control", clock),
    "claim": Tool("claimant", claim),
    "flag": Tool("fen", flag_fall),
    "telegraph": Tool("moves", telegraph),
    "dead": Tool("fen", dead),
    "scoresheet": Tool("allotted", scoresheet),
    "refusal": Tool("offender", refusal),
    "freed": Tool("remaining", freed),
    "simul": Tool("results", simul),
    "radio": Tool("shown", radio),
    "odds": Tool("odds", odds),
    "relay": Tool("relayed", relay),
}


def answer(q: Query) -> dict[str, Any]:
    """The template context for the GET parameters ``q``: ``q`` itself and, when ``tool``
    names a calculator whose required parameter is given, its answer under the tool's name,
    or ``error`` (the message) and ``error_tool``; and the dead-position search's bounds."""
    ctx: dict[str, Any] = {
        "q": q,
        "max_plies": MAX_WEB_PLIES,
        "default_plies": flag.DEFAULT_MAX_PLIES,
        "max_nodes": MAX_WEB_NODES,
    }
    name = q.get("tool", "")
    tool = TOOLS.get(name)
    if tool is None or not q.get(tool.required):
        return ctx
    try:
        ctx[name] = tool.answer(q)
    except (ChessArbiterError, ToolInputError) as e:
        ctx["error"] = str(e)
        ctx["error_tool"] = name
    return ctx


def _or_none(call: Callable[[], object]) -> str | None:
    try:
        return str(call())
    except ChessArbiterError:
        return None
