"""The articles of the Burstein system (FIDE Handbook C.04.4.2), one function each.

Two editions are computed (:class:`BursteinEdition`):

* ``2026``: C.04.4.2 approved by the FIDE Council on 28 October 2025, applied from
  1 February 2026 (Articles 1-5); the default.
* ``2025``: the text in force from 1 July 2025 until 31 January 2026 (approved by the Council
  on 13 April 2024): the same system with the earlier quality criteria [C6] and [C7] (the
  incoming floaters) and the earlier bye bar of C.04.1 d; also used for the sections A-E text
  in force until 30 June 2025, which has the same seeding rounds and Index.

bbpPairings follows a still older text (Index = Sonneborn-Berger, Buchholz, median; no Dutch
seeding rounds; a default acceleration of the top half in rounds 1-2); it is described in
``docs/burstein.md`` and not computed.

Article numbers below are those of the 2026 text.
"""

from __future__ import annotations

from dataclasses import dataclass

from chessarbiter.model import Colour
from chessarbiter.pairing.swiss.colours import compatible_preferences, neutral_colour
from chessarbiter.pairing.swiss.state import Match, SwissPlayer, SwissRound


def seeding_rounds(total_rounds: int) -> int:
    """C.04.4.2 (2026) Article 1.6.2: the number of seeding rounds is half the number of rounds
    (rounded down) or 4, whichever is lower.

    >>> [seeding_rounds(r) for r in (3, 5, 7, 9, 11)]
    [1, 2, 3, 4, 4]
    """
    return min(total_rounds // 2, 4)


def is_seeding_round(round_number: int, total_rounds: int) -> bool:
    """C.04.4.2 (2026) Article 1.6.1: the seeding rounds are paired by the FIDE (Dutch) System.

    >>> is_seeding_round(4, 9), is_seeding_round(5, 9)
    (True, False)
    """
    return round_number <= seeding_rounds(total_rounds)


# -- 1.7 Opposition evaluation, 1.8 ranking order ---------------------------------------------


@dataclass(frozen=True, slots=True)
class OppositionIndex:
    """A player's Index (C.04.4.2 (2026) Article 1.8.1): Buchholz, then Sonneborn-Berger; in
    tenths of a point (Buchholz) and hundredths (Sonneborn-Berger)."""

    buchholz: int
    sonneborn_berger: int


def zero_point_bye(match: Match) -> bool:
    """A round without a game, without a pairing (no opponent, no pairing-allocated bye) and
    without points: the zero-point bye of C.04.4.2 (2026) Article 1.7.2 (a requested ``Z``, a
    round absent or not yet entered)."""
    return not match.played and not match.paired and match.points == 0


def opposition_score(state: SwissRound, player: SwissPlayer) -> int:
    """The score ``player`` counts with in his over-the-board opponents' Index (C.04.4.2 (2026)
    Article 1.7.2, exception): his current score without virtual points, where each of a
    series of consecutive zero-point byes up to the current round counts as a draw.
    """
    score = player.score
    for match in reversed(player.matches[: state.played_rounds]):
        if not zero_point_bye(match):
            break
        score += state.draw - match.points
    return score


def opposition_index(
    state: SwissRound, player: SwissPlayer, opponent_scores: dict[int, int]
) -> OppositionIndex:
    """The Index of ``player`` (C.04.4.2 (2026) Article 1.7):

    * 1.7.1.1 Buchholz: the sum of the current scores of the opponents he met;
    * 1.7.1.2 Sonneborn-Berger: the sum, over those opponents, of the points he scored against
      each times that opponent's current score;
    * 1.7.2: a round without a game counts as a game against himself with the points it gave
      him; an opponent's run of zero-point byes up to now counts as draws
      (:func:`opposition_score`, given in ``opponent_scores`` by pairing number); virtual
      (acceleration) points are left out.
    """
    buchholz = sonneborn_berger = 0
    for match in player.matches[: state.played_rounds]:
        if match.played and match.opponent is not None:
            other = opponent_scores.get(match.opponent, 0)
        else:
            other = player.score
        buchholz += other
        sonneborn_berger += match.points * other
    return OppositionIndex(buchholz, sonneborn_berger)


def ranking_key(index: OppositionIndex, player: SwissPlayer) -> tuple[int, int, int]:
    """C.04.4.2 (2026) Article 1.8: after the seeding rounds the players of a bracket are ranked
    by the Index (1.8.1: Buchholz, then Sonneborn-Berger, highest first), then by TPN (1.8.2,
    ascending). Scores are not used. Sorting by this key gives the ranking, first to last."""
    return (-index.buchholz, -index.sonneborn_berger, player.rank)


# -- 2 Pairing criteria -----------------------------------------------------------------------


def compatible(state: SwissRound, a: SwissPlayer, b: SwissPlayer) -> bool:
    """The absolute criteria between two players (C.04.4.2 (2026) Article 2.1):

    * [C1] (Basic Rules art. 2): they have not played each other, and are not a forbidden pair;
    * [C3] two players with the same absolute colour preference (1.5.1) do not meet; unlike
      the Dutch system there is no topscorer exception.
    """
    if b.index in state.forbidden[a.index] or a is b:
        return False
    return not (
        a.absolute_preference
        and b.absolute_preference
        and a.colour_preference is b.colour_preference
    )


def bye_eligible(state: SwissRound, player: SwissPlayer) -> bool:
    """[C2] (C.04.4.2 (2026) Article 2.1.2, Basic Rules art. 4): no pairing-allocated bye for a
    player who already had one, or scored in one round without playing as many points as a
    win. Before 2026 (C.04.1 d): who had the bye or a forfeit win."""
    return state.eligible_for_bye(player)


def bye_preference(
    state: SwissRound, player: SwissPlayer, index: OppositionIndex
) -> tuple[int, int, tuple[int, int, int]]:
    """The order in which eligible players are offered the pairing-allocated bye (C.04.4.2 (2026)
    Article 3.1; 3.1.1 eligibility and 3.1.2 completion are checked apart): 3.1.3 the lowest
    score, 3.1.4 the most games played, 3.1.5 the lowest ranking (1.8). The smallest key is
    offered first."""
    key = ranking_key(index, player)
    return (state.score(player), -player.played_games, (-key[0], -key[1], -key[2]))


def colour_conflict(a: SwissPlayer, b: SwissPlayer) -> bool:
    """[C8] (C.04.4.2 (2026) Article 2.3.4): one player of the pair does not get his colour
    preference: both prefer the same colour (a player with no game has no preference, 1.5.4)."""
    return not compatible_preferences(a.colour_preference, b.colour_preference)


def choose_colour(
    state: SwissRound,
    player: SwissPlayer,
    opponent: SwissPlayer,
    player_ranks_higher: bool,
) -> Colour:
    """The colour of ``player`` against ``opponent`` (C.04.4.2 (2026) Article 5.2):

    1. 5.2.1 when neither has played a game: the higher ranked (more points or, equal points, the
       smaller TPN) gets the initial colour if his TPN is odd, the other colour if even;
    2. 5.2.2 grant both colour preferences;
    3. 5.2.3 grant the stronger preference (absolute, strong, mild);
    4. 5.2.4 alternate from the most recent round in which one had White and the other Black;
    5. 5.2.5 grant the preference of the higher ranked player, by the ranking of 1.8
       (``player_ranks_higher``).
    """
    if not player.played_games and not opponent.played_games:
        higher = (
            player
            if (state.score(player), -player.rank) >= (state.score(opponent), -opponent.rank)
            else opponent
        )
        colour = state.initial_colour if higher.rank % 2 == 0 else state.initial_colour.opposite
        return colour if higher is player else colour.opposite
    colour = neutral_colour(player, opponent)
    if colour is not Colour.NONE:
        return colour
    if player_ranks_higher:
        return player.colour_preference
    return opponent.colour_preference.opposite
