"""One check of a stored event, the last step of every change made to it.

A program that stores an event (the web application, after each change inside its
transaction) reads it back and passes it here: its settings through
:func:`chessarbiter.event_settings.event_problems`, each player's registration through
:func:`chessarbiter.event_settings.player_problems`, and its rounds through the consistency
check the TRF reader applies (:meth:`chessarbiter.model.Tournament.check`: each game seen
alike from both sides, one pairing-allocated bye a round, no player paired twice...). An event
that passes can always be paired, scored, shown and exported; one that does not is refused
before it is stored.

>>> from chessarbiter.event_settings import EventSettings, PlayerSettings
>>> from chessarbiter.model import Player, Tournament
>>> t = Tournament()
>>> _ = t.add_player(Player(1, "Ann"))
>>> stored_event_problems(EventSettings(), {1: PlayerSettings("Ann")}, t)
[]
>>> stored_event_problems(EventSettings(rounds=0), {1: PlayerSettings("")}, t)
['rounds: rounds must be between 1 and 99 (got 0)', 'player 1: name: a player needs a name']
>>> stored_event_problems(None, None, t)
[]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from chessarbiter.errors import ChessArbiterError
from chessarbiter.event_settings import (
    EventSettings,
    PlayerSettings,
    event_problems,
    player_problems,
)
from chessarbiter.model import Colour, Player, Result, RoundEntry, Tournament
from chessarbiter.special.simul import SimulResult, contest_problems


class StoredEventError(ChessArbiterError):
    """A stored event that fails :func:`validate_stored_event`: ``problems`` lists each one."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


def stored_event_problems(
    settings: EventSettings | None,
    players: Mapping[int, PlayerSettings] | None,
    tournament: Tournament,
    simul: Sequence[SimulResult] | None = None,
) -> list[str]:
    """Every problem of a stored event (empty when it can be stored): its settings', by field;
    each player's registration, by pairing number (``players`` maps it to the registration:
    ``player 3: rating: ...``); the inconsistencies of its rounds
    (:meth:`~chessarbiter.model.Tournament.check`); and, for a simul contest, the exhibitors'
    results recorded so far (:func:`chessarbiter.special.simul.contest_problems`, Team
    Competitions 1972).

    ``settings`` or ``players`` None: not judged (a change that did not write them leaves
    them to the change that does, so that an event stored with a setting the library now
    refuses still takes its results while the chief arbiter corrects the setting)."""
    problems: list[str] = []
    if settings is not None:
        problems += [f"{k}: {v}" for k, v in event_problems(settings).items()]
    for number, player in sorted((players or {}).items()):
        problems += [f"player {number}: {k}: {v}" for k, v in player_problems(player).items()]
    problems += [str(p) for p in tournament.check()]
    problems += contest_problems(simul or ())
    return problems


def validate_stored_event(
    settings: EventSettings | None,
    players: Mapping[int, PlayerSettings] | None,
    tournament: Tournament,
    simul: Sequence[SimulResult] | None = None,
) -> None:
    """Refuse a stored event with a problem (:func:`stored_event_problems`).

    :raises StoredEventError: listing every problem.
    """
    problems = stored_event_problems(settings, players, tournament, simul)
    if problems:
        raise StoredEventError(problems)


def board_problems(
    round_number: int,
    white: int,
    black: int,
    white_result: Result | None,
    black_result: Result | None,
    *,
    colourless: bool = False,
) -> list[str]:
    """The problems of one board of a stored event, by the same rule as
    :func:`stored_event_problems` (:meth:`~chessarbiter.model.Tournament.check` on the two
    players' entries of ``round_number``: results that mirror each other, on both sides or on
    neither, colours opposite or none): for a change that writes one board's result, which
    changes nothing else of the event and need not read it whole.

    >>> board_problems(1, 1, 2, Result.WIN, Result.LOSS)
    []
    >>> board_problems(1, 1, 2, Result.WIN, Result.WIN)
    ['player 1, round 1: result 1 against 2, who has 1']
    """
    t = Tournament()
    t.add_player(Player(white, "White"))
    t.add_player(Player(black, "Black"))
    colours = (Colour.NONE, Colour.NONE) if colourless else (Colour.WHITE, Colour.BLACK)
    t.player(white).set_entry(round_number, RoundEntry(black, colours[0], white_result))
    t.player(black).set_entry(round_number, RoundEntry(white, colours[1], black_result))
    return [str(p) for p in t.check()]
