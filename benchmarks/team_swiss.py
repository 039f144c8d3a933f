"""Benchmark: pairing a round of a team Swiss (C.04.6 and the Dutch engine on match points).

Makes a random team event (seeded): N teams of 4 boards, results drawn for R rounds, each
round paired by the system itself; prints the CPU time of pairing the last round.

    python benchmarks/team_swiss.py [--teams 20,60,120] [--rounds 7] [--system c0406|dutch-mp]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from decimal import Decimal

from chessarbiter.model import Colour
from chessarbiter.model.teams import BoardGame, TeamEntry, TeamEvent, TeamMatch
from chessarbiter.pairing.teams import pair_team_round
from chessarbiter.pairing.teams.team_swiss import TeamSwissSystem

BOARDS = 4


def run(teams: int, rounds: int, system: TeamSwissSystem, seed: int = 7) -> float:
    rng = random.Random(seed)
    entries = {
        t: TeamEntry(t, f"Team {t}", tuple(t * 10 + k for k in range(1, BOARDS + 1)))
        for t in range(1, teams + 1)
    }
    event = TeamEvent(boards=BOARDS, matches=[], teams=entries, rounds=0)
    spent = 0.0
    for r in range(1, rounds + 1):
        start = time.process_time()
        pairing = pair_team_round(event, system, rounds, initial_colour=Colour.WHITE)
        spent = time.process_time() - start
        for m in pairing.matches:
            games = tuple(
                BoardGame(
                    k,
                    m.white * 10 + k,
                    m.black * 10 + k,
                    Decimal(rng.choice(("1", "0.5", "0"))),
                )
                for k in range(1, BOARDS + 1)
            )
            event.matches.append(TeamMatch(r, m.white, m.black, games))
        if pairing.bye is not None:
            from chessarbiter.model.teams import MatchKind

            event.matches.append(
                TeamMatch(
                    r,
                    pairing.bye,
                    None,
                    points_a=pairing.bye_game_points or Decimal(2),
                    kind=MatchKind.PAB,
                    match_points_a=pairing.bye_match_points or Decimal(1),
                )
            )
        event.rounds = r
    return spent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", default="20,60,120")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--system", default="c0406", choices=("c0406", "dutch-mp"))
    args = parser.parse_args()
    system = TeamSwissSystem(args.system)
    print(f"{'teams':>6} {'rounds':>6}  CPU s (last round), {args.system}")
    for n in (int(x) for x in args.teams.split(",")):
        print(f"{n:>6} {args.rounds:>6}  {run(n, args.rounds, system):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
