"""Solving contests for studies and problems (Team Competitions 1972, «Необычные шахматы»).

Team Competitions 1972: "Судье чисто шахматного профиля скорее может оказаться необходимым провести
соревнование по решению этюдов и задач, к которым неплохо присоединить и поучительные позиции из
практических партий. Здесь ... надо ... установить количество очков, начисляемых за правильное
решение каждого из них (а может быть и дополнительные «премии» за указание побочных решений,
нерешаемости и т. п.)."

The book gives no numbers: the points of each position are the arbiter's (required), and the
premiums for a cook («побочное решение») and for showing a position unsound («нерешаемость»)
default to 0 — the book makes them optional ("а может быть"). Whether a solution, a cook or an
unsoundness claim is right is the arbiter's judgement; this module only adds up and ranks.
Equal totals share a place (our rule: the book gives no tie-break).

>>> points = {"1": Decimal(3), "2": Decimal(5)}
>>> rows = rank_solvers(points, {"A": [Answer("1"), Answer("2")], "B": [Answer("2")],
...     "C": [Answer("1", cooks=1)]}, cook_bonus=Decimal(2))
>>> [(r.place, r.place_to, r.solver, str(r.total)) for r in rows]
[(1, 1, 'A', '8'), (2, 3, 'B', '5'), (2, 3, 'C', '5')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from chessarbiter.limits import MAX_ENTRIES
from chessarbiter.special import UnusualChessError


class SolvingError(UnusualChessError):
    """Invalid solving-contest input."""


@dataclass(frozen=True, slots=True)
class Answer:
    """A solver's answer to one position, as judged by the arbiter: ``solved`` — the correct
    solution; ``cooks`` — confirmed side solutions shown («указание побочных решений»);
    ``unsound`` — the position shown to be unsolvable («нерешаемость»)."""

    problem: str
    solved: bool = True
    cooks: int = 0
    unsound: bool = False


@dataclass(frozen=True, slots=True)
class SolverStanding:
    """A solver's total and shared place ``place``–``place_to``."""

    place: int
    place_to: int
    solver: str
    solution_points: Decimal
    premiums: Decimal
    total: Decimal

    @property
    def place_text(self) -> str:
        """``3`` or, shared, ``2-3``."""
        return str(self.place) if self.place == self.place_to else f"{self.place}-{self.place_to}"


def score_answers(
    points: Mapping[str, Decimal],
    answers: Sequence[Answer],
    *,
    cook_bonus: Decimal = Decimal(0),
    unsound_bonus: Decimal = Decimal(0),
) -> tuple[Decimal, Decimal]:
    """(solution points, premiums) of one solver, Team Competitions 1972: "количество очков,
    начисляемых за правильное решение каждого из них (а может быть и дополнительные «премии» за
    указание побочных решений, нерешаемости ...)": ``points[problem]`` for each correct solution,
    ``cook_bonus`` for each cook shown, ``unsound_bonus`` for each position shown unsound.

    >>> score_answers({"1": Decimal(4)}, [Answer("1", cooks=2)], cook_bonus=Decimal(1))
    (Decimal('4'), Decimal('2'))
    """
    if any(p < 0 for p in points.values()) or cook_bonus < 0 or unsound_bonus < 0:
        raise SolvingError("points and premiums cannot be negative")
    seen: set[str] = set()
    solution = Decimal(0)
    premiums = Decimal(0)
    for a in answers:
        if a.problem not in points:
            raise SolvingError(
                f"unknown position {a.problem!r} (the contest has {', '.join(points)})"
            )
        if a.problem in seen:
            raise SolvingError(f"position {a.problem!r} is answered twice")
        seen.add(a.problem)
        if a.cooks < 0:
            raise SolvingError(f"position {a.problem!r}: a negative number of cooks")
        if a.unsound and (a.solved or a.cooks):
            raise SolvingError(
                f"position {a.problem!r}: shown unsound, it cannot also be solved or cooked"
            )
        if a.solved:
            solution += points[a.problem]
        premiums += cook_bonus * a.cooks + (unsound_bonus if a.unsound else Decimal(0))
    return solution, premiums


def rank_solvers(
    points: Mapping[str, Decimal],
    answers: Mapping[str, Sequence[Answer]],
    *,
    cook_bonus: Decimal = Decimal(0),
    unsound_bonus: Decimal = Decimal(0),
) -> list[SolverStanding]:
    """Rank a solving contest by total points (:func:`score_answers`), highest first; equal
    totals share the places they cover (``2-3``), listed by name. At most
    :data:`~chessarbiter.limits.MAX_ENTRIES` positions and as many solvers."""
    if not points:
        raise SolvingError("the contest has no positions")
    if not answers:
        raise SolvingError("the contest has no solvers")
    if len(points) > MAX_ENTRIES or len(answers) > MAX_ENTRIES:
        raise SolvingError(f"at most {MAX_ENTRIES} positions and {MAX_ENTRIES} solvers")
    rows = []
    for solver, given in answers.items():
        if not solver.strip():
            raise SolvingError("a solver has no name")
        solution, premiums = score_answers(
            points, given, cook_bonus=cook_bonus, unsound_bonus=unsound_bonus
        )
        rows.append((solver, solution, premiums, solution + premiums))
    rows.sort(key=lambda r: (-r[3], r[0]))
    out: list[SolverStanding] = []
    i = 0
    while i < len(rows):
        j = i
        while j + 1 < len(rows) and rows[j + 1][3] == rows[i][3]:
            j += 1
        for solver, solution, premiums, total in rows[i : j + 1]:
            out.append(SolverStanding(i + 1, j + 1, solver, solution, premiums, total))
        i = j + 1
    return out


def parse_answers(text: str) -> list[Answer]:
    """``1,2:sc,3:u,4:c``: a position alone is solved; after ``:`` the marks ``s`` solved, ``c``
    a cook (repeat for several), ``u`` shown unsound.

    >>> parse_answers("1, 2:scc, 3:u")
    [Answer(problem='1', solved=True, cooks=0, unsound=False),
     Answer(problem='2', solved=True, cooks=2, unsound=False),
     Answer(problem='3', solved=False, cooks=0, unsound=True)]
    """
    out: list[Answer] = []
    for token in text.split(","):
        token = token.strip()
        if not token:
            continue
        name, sep, marks = token.partition(":")
        name, marks = name.strip(), marks.strip().lower()
        if not name or (sep and not marks) or set(marks) - {"s", "c", "u"}:
            raise SolvingError(
                f"bad answer {token!r} (write POSITION or POSITION:MARKS, marks s solved, "
                "c cook, u unsound)"
            )
        if not sep:
            marks = "s"
        out.append(Answer(name, "s" in marks, marks.count("c"), "u" in marks))
    return out
