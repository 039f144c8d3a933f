"""The state of a Swiss tournament before the round to be paired (C.04.1, C.04.2).

:func:`prepare_round` turns a :class:`~chessarbiter.model.Tournament` into the facts a pairing
engine needs, in integer arithmetic (points are tenths: a win of 1.0 is 10):

* which round is paired, and who is to be paired (C.04.2 D / 2026 art. 3.2-3.3: withdrawn and
  excused players are not paired; requested byes come from the round column, TRF-2026 ``240`` or
  JaVaFo ``XXZ``);
* each player's score, including acceleration points for pairing (C.04.5 / the Baku method);
* colour history of played games only (C.04.2 D.5 / 2026 art. 3.4) and the colour preference
  it gives (C.04.1 f-h; C.04.3 A.6);
* floats, bye eligibility (C.04.1 d / 2026 art. 4), forbidden pairs and past opponents
  (C.04.1 b).

The readings follow bbpPairings v6.0.0, the FIDE-endorsed engine the reference corpus was made
with (its TRF reader and ``Tournament::computePlayerData``; Apache-2.0, © Jeremy Bierema), so
that pairings agree with it exactly. Where its reading goes beyond the rule text, the docstring
of the function says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from chessarbiter.editions import DutchEdition
from chessarbiter.errors import PairingError
from chessarbiter.model import Colour, Player, PlayerId, Result, RoundEntry, Tournament


def tenths(points: Decimal) -> int:
    """Points as an integer number of tenths, the unit pairing arithmetic uses.

    >>> tenths(Decimal("2.5"))
    25

    :raises PairingError: if the points are not a multiple of 0.1 (TRF cannot write them).
    """
    scaled = points * 10
    if scaled != scaled.to_integral_value():
        raise PairingError(f"points {points} are not a multiple of 0.1")
    return int(scaled)


@dataclass(slots=True)
class Match:
    """One past round of a player, as pairing rules see it.

    ``played``: a game was played over the board (counts for colours, floats, repeat pairings).
    ``paired``: the pairing gave the player an opponent or the pairing-allocated bye (bbp's
    "participated in pairing"). ``points``: what the round scored, in tenths.
    """

    opponent: int | None
    colour: Colour
    result: Result | None
    played: bool
    paired: bool
    points: int

    @property
    def received_pab(self) -> bool:
        """The pairing-allocated bye (a ``+`` with no opponent counts as one, as in bbp)."""
        return self.paired and self.opponent is None


@dataclass(slots=True)
class SwissPlayer:
    """A player before the round to be paired.

    ``index``: position in the tournament's player list (0-based, by pairing number).
    ``rank``: the effective pairing number among valid players, 0-based (C.04.2 B / 2026 art.
    2.3 order, or the TRF rank with ``XXC rank``); it breaks ties and drives round-1 colours.
    """

    number: PlayerId
    index: int
    rank: int
    score: int
    matches: list[Match]
    accelerations: list[int] = field(default_factory=list)
    colour_imbalance: int = 0
    colour_preference: Colour = Colour.NONE
    repeated_colour: Colour = Colour.NONE
    strong_preference: bool = False
    played_games: int = 0

    @property
    def absolute_imbalance(self) -> bool:
        """Colour difference beyond ±1 (C.04.3 A.6.a: absolute preference by difference)."""
        return self.colour_imbalance > 1

    @property
    def absolute_preference(self) -> bool:
        """C.04.3 A.6.a: colour difference > 1, or the same colour in the last two games."""
        return self.absolute_imbalance or self.repeated_colour is not Colour.NONE

    def acceleration(self, round_index: int) -> int:
        """Virtual points (tenths) for pairing round ``round_index + 1``."""
        return self.accelerations[round_index] if round_index < len(self.accelerations) else 0


@dataclass
class SwissRound:
    """Everything a Swiss pairing engine reads: the round to pair and the players' state."""

    tournament: Tournament
    edition: DutchEdition
    played_rounds: int
    expected_rounds: int
    players: list[SwissPlayer]
    to_pair: list[SwissPlayer]
    initial_colour: Colour
    win: int
    draw: int
    loss: int
    zero_point_bye: int
    forfeit_loss: int
    pab: int
    forbidden: list[set[int]]
    _by_number: dict[PlayerId, SwissPlayer] = field(default_factory=dict, repr=False)

    @property
    def round_number(self) -> int:
        """The round being paired (1-based)."""
        return self.played_rounds + 1

    def score(self, player: SwissPlayer, rounds_back: int = 0) -> int:
        """The player's pairing score (tenths, with acceleration) ``rounds_back`` rounds ago:
        the score before round ``round_number - rounds_back``."""
        score = player.score
        round_index = self.played_rounds
        for _ in range(rounds_back):
            round_index -= 1
            score -= player.matches[round_index].points
        return score + player.acceleration(round_index)

    def eligible_for_bye(self, player: SwissPlayer) -> bool:
        """Whether the player may receive the pairing-allocated bye.

        * 2026 (C.04.1 art. 4): not if he already had a PAB, or already scored, in one round
          and without playing, as many points as a win.
        * 2017 (C.04.1 d): not if he already had a PAB or a win without playing in a round he
          was paired (a forfeit win); requested byes do not count.
        """
        if self.edition is DutchEdition.DUTCH_2026:
            return not any(
                not m.played and (m.points >= self.win or m.received_pab) for m in player.matches
            )
        return not any(not m.played and m.paired and _outcome_is_win(m) for m in player.matches)

    def float_direction(self, player: SwissPlayer, rounds_back: int) -> str:
        """The float ``player`` had ``rounds_back`` rounds ago: ``"D"`` down, ``"U"`` up or
        ``""`` none.

        * 2026 (C.04.3 1.4.2-1.4.4): in a game, the higher score before the round floats down
          and the lower up; without a game, only a round that scored more than a loss (the PAB,
          a forfeit win, a bye with points) is a downfloat.
        * 2017 (C.04.3 A.4 b): a player who did not play, for whatever reason, floated down.

        Scores include acceleration, as the pairing saw them.
        """
        m = player.matches[self.played_rounds - rounds_back]
        if not m.played:
            if self.edition is DutchEdition.DUTCH_2017:
                return "D"
            return "D" if m.points > self.loss else ""
        assert m.opponent is not None
        opponent = self.player(m.opponent)
        mine, theirs = self.score(player, rounds_back), self.score(opponent, rounds_back)
        return "D" if mine > theirs else "U" if mine < theirs else ""

    def player(self, number: PlayerId) -> SwissPlayer:
        """The state of the valid player with pairing number ``number``."""
        index = self._by_number
        if not index:
            index.update((p.number, p) for p in self.players)
        return index[number]


def _outcome_is_win(match: Match) -> bool:
    return match.result is not None and match.result.outcome.value == "win"


def _match(entry: RoundEntry, points: int) -> Match:
    """bbp's reading of a TRF round entry: a pending game counts as paired but not played."""
    paired = entry.opponent is not None or entry.result in (
        Result.PAIRING_ALLOCATED_BYE,
        Result.FORFEIT_WIN,
    )
    return Match(entry.opponent, entry.colour, entry.result, entry.is_played, paired, points)


def prepare_round(
    tournament: Tournament, edition: DutchEdition = DutchEdition.DUTCH_2026
) -> SwissRound:
    """The state before the next round of ``tournament`` (the round after the last paired one).

    Who is paired: every player with no entry yet for that round. A player excused in advance
    has one (``0000 - H``/``Z``/``F`` in the round column), or is named by a TRF-2026 ``240``
    record for the round or a JaVaFo ``XXZ`` line. The state holds the C.04.3 text of
    ``edition`` (:attr:`~chessarbiter.editions.DutchEdition.text`: 2017 for ``2013-colours``,
    whose colour rules the engine applies).

    :raises PairingError: if the number of rounds is unknown or all rounds are paired, or the
        initial colour cannot be known (no ``XXC``/``152`` and no earlier round).
    """
    t = tournament
    ps = t.point_system
    players_in_order = list(t)
    played = t.rounds_played
    # the round being paired may have entries already (pre-assigned byes); if every player has
    # one, the round is complete and the next one is paired (bbp: evenUpMatchHistories)
    excused_numbers = {p.number for p in players_in_order if len(p.results) > played}
    valid = [
        p
        for p in players_in_order
        if len(p.results) <= played or any(_match(e, 0).paired for e in p.results)
    ]
    if valid and all(p.number in excused_numbers for p in valid):
        played += 1
        excused_numbers = {p.number for p in players_in_order if len(p.results) > played}
    for request in t.bye_requests:
        if request.round == played + 1:
            excused_numbers.update(request.players)
    excused_numbers.update(t.absent_next_round)
    expected = t.total_rounds
    if expected is None:
        raise PairingError("the number of rounds is not known (TRF XXR or 142)")
    if played >= expected:
        raise PairingError(f"all {expected} rounds have been paired")

    points = ps.points
    order = players_in_order
    if t.pair_by_rank:
        order = sorted(order, key=lambda p: (p.rank if p.rank is not None else 10**9, p.number))
    valid_numbers = {p.number for p in valid}
    index_of = {p.number: i for i, p in enumerate(players_in_order)}
    swiss: dict[int, SwissPlayer] = {}
    rank = 0
    for p in order:
        if p.number not in valid_numbers:
            continue
        matches = [_match(e, tenths(points(e))) for e in p.results[:played]]
        while len(matches) < played:
            matches.append(_match(RoundEntry.NOT_PAIRED, tenths(points(RoundEntry.NOT_PAIRED))))
        sp = SwissPlayer(
            number=p.number,
            index=index_of[p.number],
            rank=rank,
            score=sum(m.points for m in matches),
            matches=matches,
        )
        rank += 1
        _colour_data(sp)
        swiss[p.number] = sp
    players = [swiss[p.number] for p in players_in_order if p.number in swiss]
    _accelerations(t, players, order, played, expected)

    forbidden: list[set[int]] = [set() for _ in players_in_order]
    for group in t.forbidden_pairs:
        if group.applies_to(played + 1):
            ids = [index_of[n] for n in group.players if n in index_of]
            for i in ids:
                forbidden[i].update(ids)
    for sp in players:
        for m in sp.matches:
            if m.played and m.opponent is not None:
                forbidden[sp.index].add(index_of[m.opponent])

    initial = t.initial_colour or _infer_initial_colour(players)
    if initial is None or initial is Colour.NONE:
        raise PairingError("the initial colour is not known: set it (TRF XXC white1/black1 or 152)")
    to_pair = [
        sp
        for sp in players
        if sp.number not in excused_numbers and len(t.player(sp.number).results) <= played
    ]
    return SwissRound(
        tournament=t,
        edition=edition.text,
        played_rounds=played,
        expected_rounds=expected,
        players=players,
        to_pair=to_pair,
        initial_colour=initial,
        win=tenths(ps.win),
        draw=tenths(ps.draw),
        loss=tenths(ps.loss),
        zero_point_bye=tenths(ps.zero_point_bye),
        forfeit_loss=tenths(ps.forfeit_loss),
        pab=tenths(ps.pairing_allocated_bye),
        forbidden=forbidden,
    )


def _colour_data(player: SwissPlayer) -> None:
    """Colour difference, preference and repetition from played games only (C.04.1 f-h,
    C.04.2 D.5 / 2026 art. 3.4, C.04.3 A.6).

    * absolute: colour difference > 1 or < -1, or the same colour in the two latest played
      games;
    * strong: difference of 1 (the colour played fewer times);
    * mild: difference 0, the colour opposite to the latest played game;
    * none: no game played yet.
    """
    whites = blacks = consecutive = played_games = 0
    repeated = Colour.NONE
    for m in player.matches:
        if not m.played:
            continue
        played_games += 1
        if m.colour is Colour.WHITE:
            whites += 1
        else:
            blacks += 1
        if not consecutive or m.colour is not repeated:
            consecutive = 1
        else:
            consecutive += 1
        repeated = m.colour
    lower = Colour.BLACK if whites > blacks else Colour.WHITE
    imbalance = abs(whites - blacks)
    if imbalance > 1:
        preference = lower
    elif consecutive > 1:
        preference = repeated.opposite
    elif imbalance > 0:
        preference = lower
    elif consecutive:
        preference = repeated.opposite
    else:
        preference = Colour.NONE
    player.played_games = played_games
    player.colour_imbalance = imbalance
    player.colour_preference = preference
    player.repeated_colour = repeated if consecutive > 1 else Colour.NONE
    player.strong_preference = not player.absolute_preference and imbalance > 0


def _accelerations(
    t: Tournament,
    players: Sequence[SwissPlayer],
    order: Sequence[Player],
    played: int,
    expected: int,
) -> None:
    """Virtual points for pairing (C.04.5 acceleration): JaVaFo ``XXA`` per player and round,
    TRF-2026 ``250`` ranges, or the Baku method requested by ``192 FIDE_DUTCH[_2025]_BAKU``.

    The Baku method as bbpPairings v6 applies it: the first half of the players by pairing
    number (rounded up) get a win's points in rounds 1 .. ⌊⌊(R−1)/2⌋/2⌋+1 and a draw's points
    up to round ⌊(R−1)/2⌋+1, where R is the number of rounds; explicit XXA/250 lines take
    precedence.
    """
    by_number = {sp.number: sp for sp in players}
    manual = bool(t.virtual_points) or bool(t.accelerations)
    for number, values in t.virtual_points.items():
        if number in by_number:
            by_number[number].accelerations = [tenths(v) for v in values]
    for a in t.accelerations:
        value = tenths(a.game_points) if a.game_points is not None else 0
        for number in range(a.first_player, a.last_player + 1):
            sp = by_number.get(number)
            if sp is None:
                continue
            acc = sp.accelerations
            first, last = a.first_round - 1, a.last_round - 1
            while len(acc) <= last:
                acc.append(0)
            for r in range(first, last + 1):
                acc[r] = value
    system = t.system.strip().upper()
    if not manual and system in ("FIDE_DUTCH_BAKU", "FIDE_DUTCH_2025_BAKU", "FIDE_DUTCH_2026_BAKU"):
        pt = t.point_system
        win, draw = tenths(pt.win), tenths(pt.draw)
        if tenths(pt.loss) or draw + draw != win:
            raise PairingError("the point system is inconsistent with the Baku acceleration")
        count = len(t.players)
        last_rank = (count - 1) // 2
        last_round = (expected - 1) // 2
        last_full = last_round // 2
        for rank_index, p in enumerate(order):
            if rank_index > last_rank:
                break
            sp = by_number.get(p.number)
            if sp is None:
                continue
            sp.accelerations = [
                win if r <= last_full else draw for r in range(min(last_round, played) + 1)
            ]


def _infer_initial_colour(players: Sequence[SwissPlayer]) -> Colour | None:
    """The colour the top player had in the first round with colours, when no ``XXC``/``152``
    says it: bbpPairings' reading (the top-ranked player present takes the initial colour, odd
    effective numbers the other)."""
    first_round: int | None = None
    for sp in players:
        for r, m in enumerate(sp.matches):
            if m.colour is not Colour.NONE and (first_round is None or r < first_round):
                first_round = r
    if first_round is None:
        return None
    effective = 0
    result: Colour | None = None
    for sp in sorted(players, key=lambda p: p.rank):
        if any(m.paired for m in sp.matches[: first_round + 1]):
            if result is None or result is Colour.NONE:
                colour = sp.matches[first_round].colour
                result = colour.opposite if effective & 1 else colour
            effective += 1
    return result
