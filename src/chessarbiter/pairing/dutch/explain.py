"""Why the Dutch engine paired a round as it did, bracket by bracket.

For each bracket: its players (score, colour history and preference, floats of the last two
rounds, bye eligibility), the pairs chosen, and for every better-ranked opponent a player did
not get, the criterion that ruled that opponent out:

* an absolute criterion ([C1] already met, a forbidden pair, [C3] the same absolute colour
  preference);
* the exchanges chosen for the bracket (Article 4.3), which put the opponent out of reach;
* or the first criterion, in priority order, on which the best pairing with that opponent is
  worse than the pairing made — found by solving the round again with the pair forced.

Disputed pairings are the commonest complaint arbiters face; this is the answer to them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Protocol

from chessarbiter.model import Colour
from chessarbiter.pairing.dutch.weights import WeightContext
from chessarbiter.pairing.matching import Matcher
from chessarbiter.pairing.swiss.state import SwissPlayer, SwissRound

CRITERIA = {
    "C1": "[C1] the players have met before",
    "C3": "[C3] both have the same absolute colour preference",
    "C4/C5": "[C4]/[C5] the rest of the round could not be completed (or the bye would go higher)",
    "C6": "[C6] more players would float down",
    "C7": "[C7] higher scores would float down",
    "C8": "[C8] the following bracket would be paired worse",
    "C9": "[C9] the bye receiver would have more unplayed games",
    "C10": "[C10] a topscorer's colour difference would go beyond ±2",
    "C11": "[C11] a topscorer would get the same colour three times in a row",
    "C12": "[C12] fewer colour preferences would be granted",
    "C13": "[C13] fewer strong colour preferences would be granted",
    "C14": "[C14] a resident downfloater would float down again (previous round)",
    "C15": "[C15] an MDP opponent would float up again (previous round)",
    "C16": "[C16] a resident downfloater would float down again (two rounds before)",
    "C17": "[C17] an MDP opponent would float up again (two rounds before)",
    "C18": "[C18] higher-scored MDPs would float down again (previous round)",
    "C19": "[C19] higher-scored MDP opponents would float up again (previous round)",
    "C20": "[C20] higher-scored MDPs would float down again (two rounds before)",
    "C21": "[C21] higher-scored MDP opponents would float up again (two rounds before)",
    "Article 4 (generation order)": "equal on every criterion; the generation order of "
    "Article 4 (transpositions and exchanges) comes to the chosen opponent first",
}


class PairerView(Protocol):
    """What an explanation reads of the engine's state while it settles the brackets of
    C.04.3 (2026) Article 4: the players in pairing order (vertices of the matching), the
    current bracket (``members[:mdp_count]`` moved down, then its residents up to
    ``bracket_size``, then the next score group) and the last optimal matching."""

    state: SwissRound
    players: list[SwissPlayer]
    n: int
    ctx: WeightContext
    scores: list[int]
    members: list[int]
    mdp_count: int
    bracket_size: int
    stable: list[int]


@dataclass
class Rejection:
    """A better-ranked opponent the player did not get, and why."""

    opponent: int
    reason: str


@dataclass
class Choice:
    player: int
    opponent: int
    rejected: list[Rejection] = field(default_factory=list)


@dataclass
class BracketTrace:
    score: int | None
    moved_down: list[int]
    residents: list[int]
    choices: list[Choice] = field(default_factory=list)
    floaters: list[int] = field(default_factory=list)


class Tee:
    """A matcher that mirrors every weight into a shadow matcher used only for what-if
    questions, so that asking them never disturbs the pairing itself."""

    def __init__(self, primary: Matcher, shadow: Matcher) -> None:
        self.primary = primary
        self.shadow = shadow

    def set_edge_weight(self, u: int, v: int, weight: int) -> None:
        self.primary.set_edge_weight(u, v, weight)
        self.shadow.set_edge_weight(u, v, weight)

    def edge_weight(self, u: int, v: int) -> int:
        return self.primary.edge_weight(u, v)

    def set_row(self, u: int, weights: list[int]) -> None:
        self.primary.set_row(u, weights)
        self.shadow.set_row(u, weights)

    def warm_start(self, mates: list[int], duals: list[int]) -> None:
        self.primary.warm_start(mates, duals)
        self.shadow.warm_start(mates, duals)

    def freeze(self, u: int, v: int) -> bool:
        self.shadow.freeze(u, v)
        return self.primary.freeze(u, v)

    def compute_matching(self) -> None:
        self.primary.compute_matching()

    def matching(self) -> list[int]:
        return self.primary.matching()

    def __len__(self) -> int:
        return len(self.primary)


class Tracer:
    """Collects the :class:`BracketTrace` s of one round while the engine runs."""

    def __init__(self, pairer: PairerView, tee: Tee) -> None:
        self.pairer = pairer
        self.tee = tee
        self.brackets: list[BracketTrace] = []

    def open(self) -> None:
        pr = self.pairer
        members, players = pr.members, pr.players
        first_resident = pr.mdp_count
        score = pr.scores[members[first_resident]] if first_resident < pr.bracket_size else None
        self.brackets.append(
            BracketTrace(
                score=score,
                moved_down=[players[v].number for v in members[: pr.mdp_count]],
                residents=[players[v].number for v in members[pr.mdp_count : pr.bracket_size]],
            )
        )

    def choice(self, pv: int, mv: int, preferred: list[int]) -> None:
        """``pv`` gets ``mv``; ``preferred`` are the vertices the engine would have taken first."""
        pr = self.pairer
        players = pr.players
        choice = Choice(players[pv].number, players[mv].number)
        for cv in preferred:
            choice.rejected.append(Rejection(players[cv].number, self.reason(pv, cv, mv)))
        self.brackets[-1].choices.append(choice)

    def close(self, carried: list[int]) -> None:
        pr = self.pairer
        self.brackets[-1].floaters = [pr.players[v].number for v in carried]

    # -- reasons -----------------------------------------------------------------------------

    def reason(self, pv: int, cv: int, mv: int) -> str:
        pr = self.pairer
        p, c = pr.players[pv], pr.players[cv]
        absolute = absolute_reason(pr, p, c)
        if absolute:
            return absolute
        if not self.tee.primary.edge_weight(pv, cv):
            return "in the same half of the bracket (S1 or S2, after the exchanges of Article 4.3)"
        shadow = self.tee.shadow
        n = pr.n
        saved_p = [shadow.edge_weight(pv, u) if u != pv else 0 for u in range(n)]
        saved_c = [shadow.edge_weight(cv, u) if u != cv else 0 for u in range(n)]
        for u in range(n):
            if u != pv:
                shadow.set_edge_weight(pv, u, pr.ctx.max_edge_weight if u == cv else 0)
            if u != cv and u != pv:
                shadow.set_edge_weight(cv, u, 0)
        shadow.compute_matching()
        alternative = shadow.matching()
        for u in range(n):
            if u != pv:
                shadow.set_edge_weight(pv, u, saved_p[u])
            if u != cv and u != pv:
                shadow.set_edge_weight(cv, u, saved_c[u])
        made = self.quality(pr.stable)
        other = self.quality(alternative)
        if other >= made:
            return CRITERIA["Article 4 (generation order)"]
        criterion = pr.ctx.criterion_at((made - other).bit_length() - 1)
        return CRITERIA.get(criterion, criterion)

    def quality(self, matching: list[int]) -> int:
        """The criteria value of a whole-round matching, as the weights measure it."""
        pr = self.pairer
        position = {v: i for i, v in enumerate(pr.members)}
        total = 0
        for u, v in enumerate(matching):
            if v <= u:
                continue
            lower = position.get(v)
            in_current = lower is not None and lower < pr.bracket_size
            in_next = lower is not None and lower >= pr.bracket_size
            total += pr.ctx.edge_weight(pr.players[u], pr.players[v], in_current, in_next)
        return total


def absolute_reason(pr: PairerView, p: SwissPlayer, c: SwissPlayer) -> str:
    """The absolute criterion that forbids ``p`` v ``c``, or ``""``."""
    for r, m in enumerate(p.matches, start=1):
        if m.played and m.opponent == c.number:
            return f"[C1] they played each other in round {r}"
    if c.index in pr.state.forbidden[p.index]:
        return "a forbidden pair (tournament regulations)"
    if not pr.ctx.compatible(p, c):
        return (
            f"[C3] both have an absolute preference for "
            f"{'white' if p.colour_preference is Colour.WHITE else 'black'}"
        )
    return ""


def render(pairer: PairerView, tracer: Tracer) -> list[str]:
    """The explanation as text lines."""
    pr = pairer
    state = pr.state
    by_number = {p.number: p for p in pr.players}
    t = state.tournament
    lines = [
        f"Round {state.round_number}: FIDE (Dutch) system, {state.edition.value} rules; "
        f"{len(pr.players)} players to pair",
        "Pref: W!/B! absolute, W/B strong, w/b mild, A none.  Floats: two rounds ago, then "
        "last round (D down, U up).  Bye: may receive the pairing-allocated bye.",
    ]

    def points(p: SwissPlayer) -> str:
        return _points(Decimal(state.score(p)) / 10)

    for b in tracer.brackets:
        title = "Bracket " + (
            f"{_points(Decimal(b.score) / 10)} points"
            if b.score is not None
            else "of moved-down players only"
        )
        lines += ["", title]
        if b.moved_down:
            lines.append("  moved down: " + ", ".join(str(n) for n in b.moved_down))
        lines.append("  No  Pts   Colours     Pref  Floats  Bye  Name")
        for n in b.moved_down + b.residents:
            p = by_number[n]
            floats = "".join(
                (pr.ctx.float(p, k).value or ".") if state.played_rounds >= k else " "
                for k in (2, 1)
            )
            lines.append(
                f"  {n:>3} {points(p):>4}  {_history(p):<10}  {_preference(p):>4}"
                f"  {floats:>6}  {'yes' if pr.ctx.eligible(p) else 'no':>3}  "
                f"{t.player(n).name}"
            )
        for ch in b.choices:
            lines.append(f"  {ch.player} - {ch.opponent}")
            for rej in ch.rejected:
                lines.append(f"      not {rej.opponent}: {rej.reason}")
        if b.floaters:
            lines.append("  floats down: " + ", ".join(str(n) for n in b.floaters))
    return lines


def _points(value: Decimal) -> str:
    return f"{value:.1f}"


def _history(p: SwissPlayer) -> str:
    return "".join(m.colour.value.upper() if m.played else "-" for m in p.matches) or "(none)"


def _preference(p: SwissPlayer) -> str:
    """W/B with its strength: absolute in capitals with '!', strong in capitals, mild lower case;
    'A' when none."""
    pref = p.colour_preference
    if pref is Colour.NONE:
        return "A"
    letter = "W" if pref is Colour.WHITE else "B"
    if p.absolute_preference:
        return letter + "!"
    return letter if p.strong_preference else letter.lower()
