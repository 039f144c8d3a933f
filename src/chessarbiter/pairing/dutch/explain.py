"""Why the Dutch engine paired a round as it did, bracket by bracket (C.04.3 (2026) Article 4).

For each bracket: its players (score, colour history and preference, floats of the last two
rounds, bye eligibility), the pairs chosen, and for every better-ranked opponent a player did
not get, the criterion that ruled that opponent out:

* an absolute criterion ([C1] already met, a forbidden pair, [C3] the same absolute colour
  preference);
* the exchanges chosen for the bracket (Article 4.3), which put the opponent out of reach;
* or the first criterion, in priority order, on which the best pairing with that opponent is
  worse than the pairing made — found by solving the round again with the pair forced.

The first two are read off the round as it is paired (the *cheap* reasons); the third costs a
solve of the whole round per opponent, so an explanation asks it only where told to
(:class:`Tracer`'s ``ask``): for every opponent (a small round, the command line's
``--explain``) or for the opponents of one player ("why was X paired with Y").
The result is a :class:`RoundExplanation`, text (:meth:`RoundExplanation.lines`) or JSON
(:meth:`RoundExplanation.to_json`), and :meth:`RoundExplanation.why` answers for one player.

Disputed pairings are the commonest complaint arbiters face; this is the answer to them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Protocol

from chessarbiter.errors import PairingError
from chessarbiter.model import Colour
from chessarbiter.pairing.dutch.weights import WeightContext
from chessarbiter.pairing.matching import Matcher
from chessarbiter.pairing.round_pairing import RoundPairing
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

#: The cheap reason of Article 4.3: the opponent is in the same half of the bracket.
SAME_HALF = "in the same half of the bracket (S1 or S2, after the exchanges of Article 4.3)"

#: Said of an opponent whose reason was not asked (it needs the round solved again).
NOT_ASKED = "a quality criterion or the generation order (ask why to learn which)"


class PairerView(Protocol):
    """What an explanation reads of the engine's state while it settles the brackets of
    C.04.3 (2026) Article 4: the players in pairing order (vertices of the matching), the
    matcher, the current bracket (``members[:mdp_count]`` moved down, then its residents up
    to ``bracket_size``, then the next score group) and the last optimal matching."""

    state: SwissRound
    players: list[SwissPlayer]
    n: int
    ctx: WeightContext
    mc: Matcher
    scores: list[int]
    members: list[int]
    mdp_count: int
    bracket_size: int
    stable: list[int]


@dataclass
class Rejection:
    """A better-ranked opponent the player did not get, and why (``None``: not asked; the
    round would have to be solved again, see :data:`NOT_ASKED`)."""

    opponent: int
    reason: str | None


#: The [C1] reason (C.04.3 (2026) Article 2.1.1) without its round: ``"... in round 4"``.
PLAYED = "[C1] they played each other"


@dataclass(frozen=True)
class ReasonGroup:
    """The opponents one player passed over for one reason, in the order he would have taken
    them (``reason`` ``None``: not asked, see :data:`NOT_ASKED`). For [C1] the opponents met
    in different rounds share the reason :data:`PLAYED`, and ``rounds`` says when each was
    met (empty for any other reason)."""

    reason: str | None
    opponents: tuple[int, ...]
    rounds: tuple[int, ...] = ()

    def text(self) -> str:
        """The group as one line: ``not 12 (round 1), 15 (round 3): [C1] they played each
        other``, ``not 2 to 9 and 12: in the same half ...``.

        >>> ReasonGroup(PLAYED, (12, 15), (1, 3)).text()
        'not 12 (round 1) and 15 (round 3): [C1] they played each other'
        >>> ReasonGroup(None, (4, 5, 6, 9)).text().split(":")[0]
        'not 4 to 6 and 9'
        """
        if self.rounds:
            named = [f"{n} (round {r})" for n, r in zip(self.opponents, self.rounds, strict=True)]
            numbers = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
        else:
            numbers = _numbers(list(self.opponents))
        return f"not {numbers}: {self.reason or NOT_ASKED}"


@dataclass
class Choice:
    """One pair of the bracket: ``player`` (the MDP, or the S1 player, of C.04.3 Article 4)
    took ``opponent``; ``rejected`` are the opponents he would have taken first."""

    player: int
    opponent: int
    rejected: list[Rejection] = field(default_factory=list)

    def groups(self) -> list[ReasonGroup]:
        """The opponents passed over, one group per reason (in the order of each reason's
        first opponent), so that a reason shared by many opponents — the same half of the
        bracket (Article 4.3), [C1] — is said once with their list.

        >>> c = Choice(1, 9, [Rejection(2, SAME_HALF), Rejection(3, None),
        ...     Rejection(4, SAME_HALF), Rejection(5, PLAYED + " in round 2"),
        ...     Rejection(6, PLAYED + " in round 1")])
        >>> [(g.reason == SAME_HALF, g.opponents, g.rounds) for g in c.groups()]
        [(True, (2, 4), ()), (False, (3,), ()), (False, (5, 6), (2, 1))]
        """
        found: dict[str | None, tuple[list[int], list[int]]] = {}
        for r in self.rejected:
            reason, met = r.reason, 0
            if reason is not None and reason.startswith(PLAYED + " in round "):
                reason, met = PLAYED, int(reason.rsplit(" ", 1)[1])
            opponents, rounds = found.setdefault(reason, ([], []))
            opponents.append(r.opponent)
            if met:
                rounds.append(met)
        return [ReasonGroup(k, tuple(v[0]), tuple(v[1])) for k, v in found.items()]


@dataclass(frozen=True)
class PlayerRow:
    """A player as the explanation shows him: points, colour history (``W``/``B``, ``-`` for
    a round without a game), colour preference (C.04.1 / C.04.3 Article 1.6: ``W!`` absolute,
    ``W`` strong, ``w`` mild, ``A`` none), floats two rounds ago then last round (``D`` down,
    ``U`` up, ``.`` none, blank before the first round) and bye eligibility (C.04.1 d)."""

    number: int
    name: str
    points: str
    colours: str
    preference: str
    floats: str
    bye: bool

    def line(self) -> str:
        return (
            f"  {self.number:>3} {self.points:>4}  {self.colours:<10}  {self.preference:>4}"
            f"  {self.floats:>6}  {'yes' if self.bye else 'no':>3}  {self.name}"
        )


@dataclass
class BracketTrace:
    """One bracket of C.04.3 Article 4: its score (``None`` for a bracket of moved-down players
    only), moved-down players (MDPs) and residents, the pairs made, the players who float
    down from it, and (once explained) every player's :class:`PlayerRow`."""

    score: int | None
    moved_down: list[int]
    residents: list[int]
    choices: list[Choice] = field(default_factory=list)
    floaters: list[int] = field(default_factory=list)
    players: list[PlayerRow] = field(default_factory=list)

    @property
    def points(self) -> str | None:
        """The score as points (``"3.5"``), ``None`` for a bracket of MDPs only."""
        return None if self.score is None else _points(Decimal(self.score) / 10)

    @property
    def title(self) -> str:
        points = self.points
        return "Bracket " + (
            f"{points} points" if points is not None else "of moved-down players only"
        )

    def to_json(self) -> dict[str, Any]:
        """The bracket as JSON-ready data (see :meth:`RoundExplanation.to_json`)."""
        return {
            "points": self.points,
            "moved_down": self.moved_down,
            "residents": self.residents,
            "players": [
                {
                    "number": p.number,
                    "name": p.name,
                    "points": p.points,
                    "colours": p.colours,
                    "preference": p.preference,
                    "floats": p.floats.replace(" ", ""),
                    "bye_eligible": p.bye,
                }
                for p in self.players
            ],
            "pairs": [
                {
                    "player": c.player,
                    "opponent": c.opponent,
                    "not": [
                        {"opponent": r.opponent, "reason": r.reason}
                        for r in c.rejected
                        if r.reason != SAME_HALF
                    ],
                    "same_half": [r.opponent for r in c.rejected if r.reason == SAME_HALF],
                }
                for c in self.choices
            ],
            "floaters": self.floaters,
        }


@dataclass(frozen=True)
class Missed:
    """One pair not made that involves the asked player: ``chooser`` (the MDP or S1 player)
    would have taken ``candidate`` before the opponent he got, and ``reason`` ruled it out."""

    chooser: int
    candidate: int
    reason: str


@dataclass(frozen=True)
class WhyAnswer:
    """Why ``player`` got ``opponent`` (``None``: the pairing-allocated bye) in the bracket
    ``bracket`` (an index of :attr:`RoundExplanation.brackets`), and why not each better-ranked
    opponent (``missed``: the ones he passed over, and the players who passed over him); with
    ``other``, why not ``other`` (``other_reason``; ``None`` when they were paired)."""

    player: int
    name: str
    bracket: int
    bracket_title: str
    opponent: int | None
    chose: bool
    missed: tuple[Missed, ...]
    other: int | None = None
    other_reason: str | None = None

    def lines(self) -> list[str]:
        """The answer as text lines."""
        got = f"paired with {self.opponent}" if self.opponent is not None else "the bye"
        how = (
            " (he chose, the higher-ranked of the two)"
            if self.chose
            else (f" ({self.opponent} chose him)" if self.opponent is not None else "")
        )
        lines = [f"Why {self.player} ({self.name}): {self.bracket_title}, {got}{how}"]
        passed_over: dict[str, list[int]] = {}  # x did not take them, by reason
        passed_by: dict[str, list[int]] = {}  # they did not take x, by reason
        for m in self.missed:
            if m.chooser == self.player:
                passed_over.setdefault(m.reason, []).append(m.candidate)
            else:
                passed_by.setdefault(m.reason, []).append(m.chooser)
        for reason, numbers in passed_over.items():
            lines.append(f"  not {_numbers(numbers)}: {reason}")
        for reason, numbers in passed_by.items():
            lines.append(f"  {_numbers(numbers)} did not take {self.player}: {reason}")
        if self.other is not None:  # unless a line above says it
            if self.other_reason is None:
                lines.append(f"  {self.player} and {self.other} were paired together")
            elif not self.missed:
                lines.append(f"  why not {self.other}: {self.other_reason}")
        return lines

    def to_json(self) -> dict[str, Any]:
        """The answer as JSON-ready data."""
        return {
            "player": self.player,
            "name": self.name,
            "bracket": self.bracket,
            "opponent": self.opponent,
            "chose": self.chose,
            "not": [
                {"chooser": m.chooser, "candidate": m.candidate, "reason": m.reason}
                for m in self.missed
            ],
            "other": self.other,
            "other_reason": self.other_reason,
        }


@dataclass
class RoundExplanation:
    """The explanation of one round (C.04.3 (2026) Article 4): its brackets top first, the
    pairing made, and — when asked for one player (``focus``) — the reasons found for him.
    ``asked_all``: every rejected opponent's reason was found (no :data:`NOT_ASKED`)."""

    round: int
    edition: str
    player_count: int
    brackets: list[BracketTrace]
    pairing: RoundPairing
    focus: tuple[int, int | None] | None = None
    focus_reason: str | None = None
    asked_all: bool = False

    def lines(self) -> list[str]:
        """The explanation as text: the round, a legend, then per bracket its players, each
        pair with the opponents passed over and why, and the floaters; the bye last (the
        command line's ``pair --explain``)."""
        return list(self.iter_lines())

    def iter_lines(self) -> Iterator[str]:
        """:meth:`lines` one at a time, for a reader that stops early (a bounded download):
        one opponent passed over per line, so a big bracket's text grows as its square."""
        yield (
            f"Round {self.round}: FIDE (Dutch) system, {self.edition} rules; "
            f"{self.player_count} players to pair"
        )
        yield (
            "Pref: W!/B! absolute, W/B strong, w/b mild, A none.  Floats: two rounds ago, then "
            "last round (D down, U up).  Bye: may receive the pairing-allocated bye."
        )
        for b in self.brackets:
            yield ""
            yield b.title
            if b.moved_down:
                yield "  moved down: " + ", ".join(str(n) for n in b.moved_down)
            yield "  No  Pts   Colours     Pref  Floats  Bye  Name"
            for row in b.players:
                yield row.line()
            for ch in b.choices:
                yield f"  {ch.player} - {ch.opponent}"
                for rej in ch.rejected:
                    yield f"      not {rej.opponent}: {rej.reason or NOT_ASKED}"
            if b.floaters:
                yield "  floats down: " + ", ".join(str(n) for n in b.floaters)
        if self.pairing.bye is not None:
            yield ""
            yield f"Pairing-allocated bye: {self.pairing.bye}"

    def to_json(self) -> dict[str, Any]:
        """The explanation as JSON-ready data (``json.dumps`` takes it as it is): ``round``,
        ``edition``, ``players``, ``brackets`` (each: ``points``, ``moved_down``,
        ``residents``, ``players``, ``pairs`` with the opponents ``not`` taken and their
        ``reason`` — ``null`` when not asked — and, apart, those passed over because they
        were in the ``same_half`` of the bracket (Article 4.3), ``floaters``) and ``bye``."""
        return {
            "round": self.round,
            "edition": self.edition,
            "players": self.player_count,
            "brackets": [b.to_json() for b in self.brackets],
            "bye": self.pairing.bye,
        }

    def bracket_of(self, number: int) -> int:
        """The index of the bracket where player ``number`` was paired (or, for the bye, the
        last bracket he was in).

        :raises PairingError: when he is not paired in this round."""
        last: int | None = None
        for i, b in enumerate(self.brackets):
            for ch in b.choices:
                if number in (ch.player, ch.opponent):
                    return i
            if number in b.moved_down or number in b.residents:
                last = i
        if last is None:
            raise PairingError(f"player {number} is not paired in round {self.round}")
        return last

    def why(self, x: int, y: int | None = None) -> WhyAnswer:
        """Why ``x`` got his opponent and not each better-ranked one (with ``y``: why not
        ``y``), from the reasons found. Reasons not asked (see :data:`NOT_ASKED`) stay so:
        the explanation must have been made with ``x`` (and ``y``) as its focus for the
        criterion of each (:func:`chessarbiter.pairing.dutch.why.why`).

        :raises PairingError: when ``x`` or ``y`` is not paired in this round, or ``y`` is
            ``x``."""
        if y is not None:
            if y == x:
                raise PairingError(f"player {x} cannot be paired with himself")
            self.bracket_of(y)
        index = self.bracket_of(x)
        b = self.brackets[index]
        name = next((r.name for r in b.players if r.number == x), "")
        opponent: int | None = None
        chose = False
        for ch in b.choices:
            if ch.player == x:
                opponent, chose = ch.opponent, True
            elif ch.opponent == x:
                opponent = ch.player
        missed: list[Missed] = []
        for bracket in self.brackets:
            for ch in bracket.choices:
                for rej in ch.rejected:
                    if (ch.player == x and (y is None or rej.opponent == y)) or (
                        rej.opponent == x and (y is None or ch.player == y)
                    ):
                        missed.append(Missed(ch.player, rej.opponent, rej.reason or NOT_ASKED))
        other_reason: str | None = None
        if y is not None and y != opponent:
            found = next((m.reason for m in missed), None)
            if found is not None:
                other_reason = found
            elif self.focus is not None and set(self.focus) == {x, y} and self.focus_reason:
                other_reason = self.focus_reason
            else:
                other_reason = NOT_ASKED
        return WhyAnswer(
            player=x,
            name=name,
            bracket=index,
            bracket_title=b.title,
            opponent=opponent,
            chose=chose,
            missed=tuple(missed),
            other=y,
            other_reason=other_reason,
        )


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


#: Which rejections to explain by solving again: called with the pairing numbers of the
#: player and of the opponent he did not get.
Ask = Callable[[int, int], bool]


def ask_every(player: int, opponent: int) -> bool:
    """Solve again for every rejected opponent (the full explanation)."""
    return True


class Tracer:
    """Collects the :class:`BracketTrace` s of one round while the engine runs.

    ``tee``: the matcher the engine pairs with, whose shadow answers the what-if questions;
    without it only the cheap reasons are found. ``ask``: which rejected opponents to solve
    again for (default: all of them when there is a ``tee``). ``focus``: a pair of players
    (the second may be ``None``) whose not meeting is explained even when neither passed the
    other over (:attr:`focus_reason`)."""

    def __init__(
        self,
        pairer: PairerView,
        tee: Tee | None = None,
        ask: Ask | None = None,
        focus: tuple[int, int | None] | None = None,
    ) -> None:
        self.pairer = pairer
        self.tee = tee
        self.ask: Ask | None = (ask or ask_every) if tee is not None else None
        self.brackets: list[BracketTrace] = []
        self.focus = focus
        self.focus_reason: str | None = None
        #: the pair whose not meeting is still to be explained
        self._pending: tuple[int, int] | None = None
        if focus is not None and focus[1] is not None:
            self._pending = (focus[0], focus[1])
        self.asked_all = tee is not None and ask is None

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
        p, m = players[pv].number, players[mv].number
        choice = Choice(p, m)
        for cv in preferred:
            c = players[cv].number
            ask = self.ask is not None and self.ask(p, c)
            choice.rejected.append(Rejection(c, self.reason(pv, cv) if ask else self.cheap(pv, cv)))
        self.brackets[-1].choices.append(choice)
        if self._pending is not None:
            self._settle_focus(pv, mv, choice, *self._pending)

    def _settle_focus(self, pv: int, mv: int, choice: Choice, x: int, y: int) -> None:
        """The first time either player of :attr:`focus` is paired, while both are still
        free: why not together (unless they are the pair, or one passed the other over)."""
        players = self.pairer.players
        numbers = {players[pv].number, players[mv].number}
        if not numbers & {x, y}:
            return
        self._pending = None
        if numbers == {x, y} or any({choice.player, r.opponent} == {x, y} for r in choice.rejected):
            return
        vertex = {p.number: v for v, p in enumerate(players)}
        xv, yv = vertex[x], vertex[y]
        self.focus_reason = self.reason(xv, yv) if self.tee is not None else self.cheap(xv, yv)

    def close(self, carried: list[int]) -> None:
        pr = self.pairer
        self.brackets[-1].floaters = [pr.players[v].number for v in carried]

    def finish(self, pairing: RoundPairing) -> RoundExplanation:
        """The :class:`RoundExplanation` of the round just paired as ``pairing``."""
        pr = self.pairer
        state = pr.state
        t = state.tournament
        by_number = {p.number: p for p in pr.players}
        for b in self.brackets:
            b.players = [
                _row(state, pr.ctx, by_number[n], t.player(n).name)
                for n in b.moved_down + b.residents
            ]
        return RoundExplanation(
            round=state.round_number,
            edition=state.edition.value,
            player_count=len(pr.players),
            brackets=self.brackets,
            pairing=pairing,
            focus=self.focus,
            focus_reason=self.focus_reason,
            asked_all=self.asked_all,
        )

    # -- reasons -----------------------------------------------------------------------------

    def cheap(self, pv: int, cv: int) -> str | None:
        """The reason read off the round without solving it again: an absolute criterion, or
        the exchanges of Article 4.3 (the pair's weight is nil); ``None`` otherwise."""
        pr = self.pairer
        p, c = pr.players[pv], pr.players[cv]
        # compatible: no absolute criterion (the state's forbidden pairs hold the opponents
        # met), so the players' histories need not be read; a big bracket asks this of
        # every pair of its same half
        if not pr.ctx.compatible(p, c):
            return absolute_reason(pr, p, c)
        if not pr.mc.edge_weight(pv, cv):
            return SAME_HALF
        return None

    def reason(self, pv: int, cv: int) -> str:
        """Why ``pv`` did not get ``cv``: the cheap reason, else the first criterion on which
        the best pairing of the round with ``pv`` - ``cv`` forced is worse than the one made."""
        cheap = self.cheap(pv, cv)
        if cheap is not None:
            return cheap
        assert self.tee is not None
        pr = self.pairer
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
        loss = self.loss(pr.stable, alternative)
        if loss <= 0:
            return CRITERIA["Article 4 (generation order)"]
        criterion = pr.ctx.criterion_at(loss.bit_length() - 1)
        return CRITERIA.get(criterion, criterion)

    def loss(self, made: list[int], other: list[int]) -> int:
        """``quality(made) - quality(other)``, summed over the pairs where they differ (the
        pairs they share weigh the same in both)."""
        pr = self.pairer
        position = {v: i for i, v in enumerate(pr.members)}
        total = 0
        for matching, sign in ((made, 1), (other, -1)):
            rival = other if sign == 1 else made
            for u, v in enumerate(matching):
                if v <= u or rival[u] == v:
                    continue
                lower = position.get(v)
                in_current = lower is not None and lower < pr.bracket_size
                in_next = lower is not None and lower >= pr.bracket_size
                weight = pr.ctx.edge_weight(pr.players[u], pr.players[v], in_current, in_next)
                total += sign * weight
        return total

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
    """The absolute criterion that forbids ``p`` v ``c``, or ``""``: [C1] (C.04.3 (2026)
    Article 2.1.1), a forbidden pair of the regulations, [C3] (Article 2.1.3)."""
    for r, m in enumerate(p.matches, start=1):
        if m.played and m.opponent == c.number:
            return f"{PLAYED} in round {r}"
    if c.index in pr.state.forbidden[p.index]:
        return "a forbidden pair (tournament regulations)"
    if not pr.ctx.compatible(p, c):
        return (
            f"[C3] both have an absolute preference for "
            f"{'white' if p.colour_preference is Colour.WHITE else 'black'}"
        )
    return ""


def explain_alike(
    state: SwissRound,
    players: list[SwissPlayer],
    pairing: RoundPairing,
    focus: tuple[int, int | None] | None = None,
) -> RoundExplanation:
    """The explanation of a round whose players are all alike, paired by its first candidate
    (C.04.3 (2026) Article 4.2; :func:`chessarbiter.pairing.dutch.engine.first_candidate`),
    without a matching: one bracket, S1's i-th player (of ``players``, in pairing order) meets
    S2's i-th; each S1 player passed over the S1 players below him, in the same half
    (Article 4.3); with an odd number the last player floats down to the bye. Every reason is
    one of these: asked about a pair of the two halves that was not made, every criterion is
    met equally and the generation order of Article 4 decides; a pair inside S2 is in the
    same half. As the bracket settlement of the engine says it, with every reason asked."""
    n = len(players)
    half = n >> 1
    ctx = WeightContext(state, players)
    t = state.tournament
    numbers = [p.number for p in players]
    bracket = BracketTrace(
        score=state.score(players[0]),
        moved_down=[],
        residents=numbers,
        choices=[
            Choice(
                numbers[i],
                numbers[half + i],
                [Rejection(numbers[j], SAME_HALF) for j in range(i + 1, half)],
            )
            for i in range(half)
        ],
        floaters=numbers[2 * half :],
        players=[_row(state, ctx, p, t.player(p.number).name) for p in players],
    )
    focus_reason: str | None = None
    if focus is not None and focus[1] is not None:
        position = {number: i for i, number in enumerate(numbers)}
        x, y = sorted((position[focus[0]], position[focus[1]]))
        if y < half or (x < half and y == half + x):
            focus_reason = None  # passed over (said by his choice) or paired together
        elif x >= half:
            focus_reason = SAME_HALF
        else:
            focus_reason = CRITERIA["Article 4 (generation order)"]
    return RoundExplanation(
        round=state.round_number,
        edition=state.edition.value,
        player_count=n,
        brackets=[bracket],
        pairing=pairing,
        focus=focus,
        focus_reason=focus_reason,
        asked_all=True,
    )


def _row(state: SwissRound, ctx: WeightContext, p: SwissPlayer, name: str) -> PlayerRow:
    floats = "".join(
        (ctx.float(p, k).value or ".") if state.played_rounds >= k else " " for k in (2, 1)
    )
    return PlayerRow(
        number=p.number,
        name=name,
        points=_points(Decimal(state.score(p)) / 10),
        colours=_history(p),
        preference=_preference(p),
        floats=floats,
        bye=ctx.eligible(p),
    )


def number_runs(numbers: Sequence[int]) -> list[tuple[int, int]]:
    """The numbers as runs ``(first, last)`` in their order: three or more consecutive ones
    (each one more than the one before) make one run, any other number is a run of itself.

    >>> number_runs([2, 3, 4, 5, 9, 10, 7])
    [(2, 5), (9, 9), (10, 10), (7, 7)]
    """
    runs: list[tuple[int, int]] = []
    start = 0
    for i, n in enumerate(numbers):
        if i + 1 == len(numbers) or numbers[i + 1] != n + 1:
            first = numbers[start]
            if n - first >= 2:
                runs.append((first, n))
            else:
                runs += [(m, m) for m in numbers[start : i + 1]]
            start = i + 1
    return runs


def _numbers(numbers: list[int]) -> str:
    """The numbers in words, a run of three or more consecutive ones as a range.

    >>> _numbers([12]), _numbers([3, 7, 12]), _numbers([2, 3, 4, 5, 9])
    ('12', '3, 7 and 12', '2 to 5 and 9')
    """
    runs = [str(a) if a == b else f"{a} to {b}" for a, b in number_runs(numbers)]
    if len(runs) == 1:
        return runs[0]
    return ", ".join(runs[:-1]) + f" and {runs[-1]}"


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
