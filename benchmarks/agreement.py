"""Agreement with independent implementations of a Swiss system, round by round.

    .venv/bin/python benchmarks/agreement.py --system dubov \\
        [--chesspairing /path/to/chesspairing] [--py4swiss /path/to/py4swiss] \\
        [--sizes 10,20,50,100,300] [--rounds 7] [--seeds 3] [--out /tmp/agreement]

``--system NAME`` pairs with ``chessarbiter.pairing.NAME.engine.pair_round`` (any package with
that API: ``dubov``, ``burstein``, ...). The other engines are run from the paths given, never
from the repository. For each size and seed:

* **their tournaments**: chesspairing generates a whole random tournament (``chesspairing
  generate --NAME``); every round is re-paired from the position before it by our engine (and
  by py4swiss when given) and compared with what chesspairing paired;
* **our tournaments**: our engine pairs a random tournament (seeded ratings, Elo results,
  draws and a few forfeits), and every round's position is paired by each other engine
  (``chesspairing pair --NAME``, ``py4swiss -e NAME``) and compared with ours; with
  ``--generator``, also on tournaments of the project's random generator (``-g``: bbpPairings'
  random rates of forfeits, withdrawals and half-point byes) paired by our engine.

``--system double_swiss`` (C.04.5) compares matches: our tournaments hold each match as two
game columns (:mod:`chessarbiter.pairing.double_swiss.rules`), made by our generator
(:func:`chessarbiter.pairing.double_swiss.generator.generate_event`); chesspairing, whose
Double-Swiss reads one game per round, is given each position twice (:func:`run_double_swiss`):
as the game columns (true game-point scores, its PAB as ``F`` + ``H`` = 1.5) and as one column
per match (game 1's colour, the match won, drawn or lost: its own model). chesspairing's
generator writes one game per round, not Double-Swiss events, so "their tournaments" are not
compared for this system.

A round is identical when the pairs, the colours and the bye are the same (board order is not
compared). A table per size and engine counts rounds compared, identical, identical but for
colours, differing, those the other engine could not pair, and those where its pairing repeats
a game already played ([C1]); every differing round is written under ``--out`` (the position as
TRF, both pairings, our explanation) for study.
"""

from __future__ import annotations

import argparse
import importlib
import math
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from chessarbiter import trf
from chessarbiter.errors import ChessArbiterError
from chessarbiter.model import Colour, Player, Result, Tournament
from chessarbiter.pairing.apply import record_bye
from chessarbiter.pairing.dutch.checker import tournament_before_round
from chessarbiter.pairing.dutch.generator import (
    GenerationStopped,
    GeneratorConfig,
    generate,
    parse_config,
)
from chessarbiter.pairing.round_pairing import NoValidPairingError, RoundPairing
from chessarbiter.trf.dialects import TRFX

Pairing = tuple[frozenset[tuple[int, int]], int | None]
"""The pairs ``(white, black)`` and the bye; ``None`` pairs for "no valid pairing"."""

NO_PAIRING: Pairing = (frozenset(), -1)


@dataclass
class Tally:
    compared: int = 0
    identical: int = 0
    colours: int = 0
    differing: int = 0
    failed: int = 0
    rematches: int = 0
    cpu: float = 0.0
    examples: list[str] = field(default_factory=list)
    same_bye: int = 0
    """Rounds where both engines gave the same pairing-allocated bye (or none)."""
    common_pairs: int = 0
    """Pairs both engines made (whatever the colours), and of those ..."""
    common_colours: int = 0
    """... the pairs with the same colours."""


def parse_lines(text: str) -> Pairing:
    """A bbpPairings-style output: the count, then ``white black`` lines, ``id 0`` the bye."""
    lines = [line.split() for line in text.strip().splitlines() if line.strip()]
    pairs: set[tuple[int, int]] = set()
    bye: int | None = None
    for fields in lines[1:]:
        white, black = int(fields[0]), int(fields[1])
        if black == 0:
            bye = white
        else:
            pairs.add((white, black))
    return frozenset(pairs), bye


def of_round(pairing: RoundPairing) -> Pairing:
    return frozenset((b.white, b.black) for b in pairing.boards), pairing.bye


def played_round(tournament: Tournament, round_number: int) -> Pairing:
    """What the tournament paired in ``round_number``: games (played or forfeited) and the
    pairing-allocated bye."""
    pairs: set[tuple[int, int]] = set()
    bye: int | None = None
    for p in tournament:
        e = p.entry(round_number)
        if e.opponent is not None and e.colour is Colour.WHITE:
            pairs.add((p.number, e.opponent))
        elif e.opponent is None and e.result is Result.PAIRING_ALLOCATED_BYE:
            bye = p.number
    return frozenset(pairs), bye


def unordered(pairing: Pairing) -> tuple[frozenset[frozenset[int]], int | None]:
    return frozenset(frozenset(p) for p in pairing[0]), pairing[1]


def with_ranks(text: str) -> str:
    """The TRF with the rank column (TRF16 columns 86-89) filled with the pairing number where
    it is blank: py4swiss refuses a player line without a rank."""
    lines = []
    for line in text.splitlines():
        if line.startswith("001") and not line[85:89].strip():
            line = line[:85].ljust(85) + f"{int(line[4:8]):>4}" + line[89:]
        lines.append(line)
    return "\n".join(lines) + "\n"


def with_all_points(text: str, position: Tournament) -> str:
    """The TRF with the points column (TRF16 columns 81-84) counting every entry of the line,
    a bye given before the round to pair included: py4swiss refuses a file whose points are
    not the sum of the entries written (our writer counts the rounds played)."""
    ps = position.point_system
    total = {p.number: sum((ps.points(e) for e in p.results), Decimal(0)) for p in position}
    lines = []
    for line in text.splitlines():
        if line.startswith("001"):
            points = total[int(line[4:8])]
            line = line[:80] + f"{points:>4.1f}" + line[84:]
        lines.append(line)
    return "\n".join(lines) + "\n"


def with_next_round(text: str, played: int) -> str:
    """The TRF as chesspairing (@a413c36) reads it: an unpaired entry (``0000 - -``) for the
    round to pair on every player line (it pairs the round of the last column present, so
    without one it pairs the last played round again, from the rounds before it: rematches),
    and the pairing-allocated byes written ``F``."""
    width = 89 + 10 * played
    lines = []
    for line in text.splitlines():
        if line.startswith("001"):
            # a player with an entry for the round already (a bye given before it) keeps it
            if len(line.rstrip()) <= width:
                line = line.ljust(width) + "  0000 - -"
            # chesspairing reads TRF16's U (the pairing-allocated bye) as "unpaired, absent"
            # and writes its own PAB as F: give it the PABs as F, or it gives a second one
            line = line.replace("0000 - U", "0000 - F")
        lines.append(line)
    return "\n".join(lines) + "\n"


class Engines:
    """Our engine (by import) and the others (by path)."""

    def __init__(self, system: str, chesspairing: str | None, py4swiss: str | None) -> None:
        self.system = system
        self.flag = "--" + system.replace("_", "-")
        module = importlib.import_module(f"chessarbiter.pairing.{system}.engine")
        self.pair_round: Callable[[Tournament], RoundPairing] = module.pair_round
        self.explain: Callable[[Tournament], list[str]] | None = getattr(
            module, "explain_round", None
        )
        self.chesspairing = chesspairing
        self.py4swiss = py4swiss
        self.tmp = Path(tempfile.mkdtemp(prefix="agreement-"))

    def ours(self, position: Tournament) -> tuple[Pairing, float]:
        import time

        start = time.process_time()
        try:
            result = of_round(self.pair_round(position))
        except ChessArbiterError:
            result = NO_PAIRING
        return result, time.process_time() - start

    def theirs(self, engine: str, position: Tournament) -> Pairing:
        path = self.tmp / "position.trf"
        text = with_all_points(with_ranks(trf.dumps(position, TRFX)), position)
        out = self.tmp / "out.txt"
        out.unlink(missing_ok=True)
        if engine == "chesspairing":
            assert self.chesspairing is not None
            text = with_next_round(text, position.rounds_played)
            command = [self.chesspairing, "pair", self.flag, str(path), "-o", str(out)]
        else:
            assert self.py4swiss is not None
            command = [self.py4swiss, "-t", str(path), "-e", self.system, "-p", str(out)]
        path.write_text(text)
        done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
        if done.returncode != 0 or not out.exists():
            return NO_PAIRING
        return parse_lines(out.read_text())


def simulate(engines: Engines, size: int, rounds: int, seed: int) -> Tournament:
    """A tournament paired by our engine: ratings 1400-2600 (numbers in rating order),
    results by the Elo expectation with 30 % of the games drawn, and 4 % forfeited."""
    rng = random.Random(seed)
    t = Tournament(total_rounds=rounds, initial_colour=Colour.WHITE)
    ratings = sorted((rng.randint(1400, 2600) for _ in range(size)), reverse=True)
    for n, rating in enumerate(ratings, start=1):
        t.add_player(Player(n, f"Player {n}", rating=rating))
    for r in range(1, rounds + 1):
        try:
            pairing = engines.pair_round(t)
        except NoValidPairingError:
            break  # too many rounds for the players: the later rounds are not compared
        for b in pairing.boards:
            white, black = t.player(b.white), t.player(b.black)
            expected = 1 / (1 + math.pow(10, ((black.rating or 0) - (white.rating or 0)) / 400))
            x = rng.random()
            if rng.random() < 0.04:
                result = Result.FORFEIT_WIN if x < 0.5 else Result.FORFEIT_LOSS
            elif x < 0.3:
                result = Result.DRAW
            elif x < 0.3 + 0.7 * expected:
                result = Result.WIN
            else:
                result = Result.LOSS
            t.record_game(r, b.white, b.black, result)
        if pairing.bye is not None:
            record_bye(t, r, pairing.bye, Result.PAIRING_ALLOCATED_BYE)
    return t


def with_generator(engines: Engines, size: int, rounds: int, seed: int) -> Tournament:
    """A tournament of the project's random generator (the engine command line's ``-g``:
    bbpPairings' random rates of forfeits, withdrawals, half-point byes and draws, drawn from
    ``seed``), ``size`` players and ``rounds`` rounds, paired by our engine; up to the first
    round with no valid pairing."""
    rng = random.Random(seed)
    config = parse_config(
        f"PlayersNumber={size}\nRoundsNumber={rounds}\n", GeneratorConfig.random_defaults(rng)
    )
    try:
        return generate(config, rng, pair=engines.pair_round)
    except GenerationStopped as stopped:
        t = stopped.tournament
        for p in t:  # drop the byes of the round that could not be paired
            del p.results[stopped.round - 1 :]
        return t


def compare(
    tally: Tally,
    ours: Pairing,
    theirs: Pairing,
    out: Path,
    label: str,
    position: Tournament,
    engines: Engines,
) -> None:
    tally.compared += 1
    met = {(p.number, e.opponent) for p in position for e in p.results if e.is_played}
    if any((w, b) in met for w, b in theirs[0]):
        tally.rematches += 1
    if (ours == NO_PAIRING and theirs == NO_PAIRING) or ours == theirs:
        tally.identical += 1
        return
    if theirs == NO_PAIRING and ours != NO_PAIRING:
        tally.failed += 1
    elif unordered(ours) == unordered(theirs):
        tally.colours += 1
    else:
        tally.differing += 1
    folder = out / label
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "position.trf").write_text(with_ranks(trf.dumps(position, TRFX)))

    def show(p: Pairing) -> str:
        if p == NO_PAIRING:
            return "no valid pairing\n"
        lines = [f"{w} {b}" for w, b in sorted(p[0])]
        if p[1] is not None:
            lines.append(f"{p[1]} 0")
        return "\n".join(lines) + "\n"

    (folder / "ours.txt").write_text(show(ours))
    (folder / "theirs.txt").write_text(show(theirs))
    if engines.explain is not None and ours != NO_PAIRING:
        (folder / "explain.txt").write_text("\n".join(engines.explain(position)) + "\n")
    tally.examples.append(label)


def generated_by_chesspairing(engines: Engines, size: int, rounds: int, seed: int) -> Tournament:
    assert engines.chesspairing is not None
    config = engines.tmp / "rtg.cfg"
    config.write_text(f"PlayersNumber={size}\nRoundsNumber={rounds}\n")
    path = engines.tmp / "generated.trf"
    command = [
        engines.chesspairing, "generate", f"--{engines.system}",
        "-o", str(path), "--config", str(config), "-s", str(seed),
    ]  # fmt: skip
    subprocess.run(command, capture_output=True, text=True, timeout=600, check=True)
    # chesspairing writes 0.0 in every points column (TRF16 columns 81-84): blank it, so that
    # the reader takes the points from the results instead of refusing the mismatch
    lines = [
        line[:80] + "    " + line[84:] if line.startswith("001") else line
        for line in path.read_text().splitlines()
    ]
    # when it cannot pair everybody, chesspairing gives the players left over a
    # pairing-allocated bye each (C.04.1 allows one): keep the rounds before the first such
    # round
    players = [line for line in lines if line.startswith("001")]
    for r in range(rounds):
        column = slice(91 + 10 * r, 99 + 10 * r)
        # it writes its pairing-allocated bye as a full-point bye (F): one F in a round is
        # the PAB (U)
        full = [k for k, line in enumerate(lines) if line[column] == "0000 - F"]
        if len(full) == 1:
            k = full[0]
            lines[k] = lines[k][: column.start] + "0000 - U" + lines[k][column.stop :]
            players = [line for line in lines if line.startswith("001")]
        if sum(line[column] == "0000 - U" for line in players) > 1:
            print(
                f"chesspairing generate ({size} players, seed {seed}) gave several byes in "
                f"round {r + 1}: that round and the later ones are not compared",
                file=sys.stderr,
            )
            lines = [line[: 89 + 10 * r] if line.startswith("001") else line for line in lines]
            break
    return trf.loads("\n".join(lines) + "\n", str(path))


def run(args: argparse.Namespace) -> int:
    engines = Engines(args.system, args.chesspairing, args.py4swiss)
    out = Path(args.out)
    tallies: dict[tuple[int, str], Tally] = {}
    others = [e for e in ("chesspairing", "py4swiss") if getattr(engines, e)]
    for size in args.sizes:
        for seed in range(1, args.seeds + 1):
            if engines.chesspairing:
                try:
                    t = generated_by_chesspairing(engines, size, args.rounds, seed)
                except (subprocess.CalledProcessError, ChessArbiterError) as error:
                    print(
                        f"chesspairing generate failed ({size}, {seed}): {error}", file=sys.stderr
                    )
                    rounds = 0
                else:
                    rounds = t.rounds_played
                for r in range(1, rounds + 1):
                    position = tournament_before_round(t, r)
                    played = played_round(t, r)
                    ours, cpu = engines.ours(position)
                    key = (size, "chesspairing-generated: ours vs chesspairing")
                    tally = tallies.setdefault(key, Tally())
                    tally.cpu += cpu
                    label = f"cp-gen-{size}-s{seed}-r{r}-ours-vs-chesspairing"
                    compare(tally, ours, played, out, label, position, engines)
                    if engines.py4swiss:
                        theirs = engines.theirs("py4swiss", position)
                        key = (size, "chesspairing-generated: ours vs py4swiss")
                        label = f"cp-gen-{size}-s{seed}-r{r}-ours-vs-py4swiss"
                        compare(tallies.setdefault(key, Tally()), ours, theirs, out, label,
                                position, engines)  # fmt: skip
            ours_made = {"ours": simulate(engines, size, args.rounds, seed)}
            if args.generator:
                ours_made["gen"] = with_generator(engines, size, args.rounds, seed)
            for source, t in ours_made.items():
                name = "our tournaments" if source == "ours" else "our -g tournaments"
                for r in range(1, t.rounds_played + 1):
                    position = tournament_before_round(t, r)
                    ours = played_round(t, r)
                    for engine in others:
                        theirs = engines.theirs(engine, position)
                        key = (size, f"{name}: ours vs {engine}")
                        label = f"{source}-{size}-s{seed}-r{r}-ours-vs-{engine}"
                        compare(tallies.setdefault(key, Tally()), ours, theirs, out, label,
                                position, engines)  # fmt: skip
            print(f"size {size} seed {seed} done", file=sys.stderr, flush=True)
    print(f"\nsystem: {args.system}; rounds per tournament: {args.rounds}; seeds: {args.seeds}")
    header = (
        f"{'size':>5}  {'comparison':<45} {'rounds':>6} {'same':>5} {'colours':>7} "
        f"{'differ':>6} {'theirs none':>11} {'theirs rematch':>14}"
    )
    print(header)
    print("-" * len(header))
    for (size, name), tally in sorted(tallies.items()):
        print(
            f"{size:>5}  {name:<45} {tally.compared:>6} {tally.identical:>5} "
            f"{tally.colours:>7} {tally.differing:>6} {tally.failed:>11} {tally.rematches:>14}"
        )
    print(f"\ndiffering rounds written under {out}")
    shutil.rmtree(engines.tmp, ignore_errors=True)
    return 0


# -- the Double-Swiss system (C.04.5): matches of two games --------------------------------------


def _column(line: str, r: int) -> slice:
    return slice(91 + 10 * (r - 1), 99 + 10 * (r - 1))


def bye_directives(position: Tournament, column: int, their_round: int) -> str:
    """chesspairing's ``### chesspairing:bye`` lines for the players not to pair (a bye given
    before the match, an absence: an entry in ``column``, the match's game 1): it reads the
    byes of the round to pair from TRF-2026 ``240`` (F and H) or these lines only, and would
    pair those players otherwise."""
    kinds = {"H": "half", "F": "pab", "Z": "zero"}
    lines = []
    for p in position:
        if len(p.results) >= column:
            result = p.entry(column).result
            kind = kinds.get(result.value, "absent") if result is not None else "absent"
            lines.append(f"### chesspairing:bye round={their_round} player={p.number} type={kind}")
    return "".join(f"{line}\n" for line in lines)


def without_given_byes(text: str, position: Tournament, column: int) -> Pairing:
    """chesspairing's pairing without the byes given before the match (it lists them as
    ``id 0`` lines beside its pairing-allocated bye)."""
    given = {p.number for p in position if len(p.results) >= column}
    kept = [
        line
        for line in text.strip().splitlines()[1:]
        if not (line.split()[1:] == ["0"] and int(line.split()[0]) in given)
    ]
    return parse_lines("\n".join([str(len(kept)), *kept]))


def double_swiss_game_columns(position: Tournament) -> str:
    """The position as chesspairing reads a game per column: our file, the PAB's two ``U``
    columns written ``F`` (its PAB, 1 point) and ``H`` (½): the match's 1.5 (C.04.5 1.4)."""
    text = with_all_points(with_ranks(trf.dumps(position, TRFX)), position)
    lines = []
    for line in text.splitlines():
        if line.startswith("001"):
            for r in range(2, position.rounds_played + 1, 2):
                if line[_column(line, r)] == "0000 - U":
                    c = _column(line, r)
                    line = line[: c.start] + "0000 - H" + line[c.stop :]
        lines.append(line)
    played = position.rounds_played
    text = with_next_round("\n".join(lines) + "\n", played)
    return text + bye_directives(position, played + 1, played + 1)


def double_swiss_match_columns(position: Tournament) -> Tournament:
    """The position with one column per match, as chesspairing's own Double-Swiss model has
    it: the opponent, game 1's colour, and the match won (``1``), drawn (``=``) or lost
    (``0``) by the match score; a match a player forfeited entirely as ``+``/``-``; byes as
    they are."""
    from chessarbiter.model import RoundEntry
    from chessarbiter.pairing.double_swiss.engine import matches_paired
    from chessarbiter.pairing.double_swiss.rules import MatchKind, read_match

    matches = matches_paired(position)
    out = Tournament(
        total_rounds=(position.total_rounds or 2) // 2,
        initial_colour=position.initial_colour,
    )
    for p in position:
        q = out.add_player(Player(p.number, p.name, rating=p.rating))
        for k in range(1, matches + 1):
            m = read_match(position, p.number, k)
            if m.opponent is None:
                q.set_entry(k, RoundEntry.NOT_PAIRED if m.bye is None else RoundEntry.bye(m.bye))
                continue
            theirs = read_match(position, m.opponent, k)
            if m.kind is MatchKind.FORFEITED:
                result = Result.FORFEIT_LOSS if m.forfeited_both else Result.FORFEIT_WIN
                colour = m.colour
            else:
                result = (
                    Result.WIN
                    if m.points > theirs.points
                    else Result.DRAW
                    if m.points == theirs.points
                    else Result.LOSS
                )
                colour = m.colour
                if colour is Colour.NONE:  # no game over the board: a forfeit-like meeting
                    result = Result.FORFEIT_WIN if result is Result.WIN else Result.FORFEIT_LOSS
            q.set_entry(k, RoundEntry(m.opponent, colour, result))
        first = 2 * matches + 1
        if len(p.results) >= first:  # a bye given before the match to pair
            q.set_entry(matches + 1, p.entry(first))
    return out


def run_double_swiss(args: argparse.Namespace) -> int:
    """The Double-Swiss comparison (see the module docstring): our generated events, every
    match re-paired from the position before it by chesspairing, in both encodings."""
    from chessarbiter.pairing.double_swiss.checker import played_match, tournament_before_match
    from chessarbiter.pairing.double_swiss.engine import initial_colour_of, players_before
    from chessarbiter.pairing.double_swiss.generator import generate_event

    engines = Engines(args.system, args.chesspairing, None)
    out = Path(args.out)
    tallies: dict[tuple[int, str], Tally] = {}
    for size in args.sizes:
        for seed in range(1, args.seeds + 1):
            try:
                t = generate_event(seed, size, args.rounds)
            except GenerationStopped as stopped:
                t = stopped.tournament
                for p in t:
                    del p.results[2 * stopped.round - 2 :]
            paired = t.rounds_played // 2
            _, histories = players_before(t, paired)
            initial = initial_colour_of(t, histories)
            for k in range(1, paired + 1):
                position = tournament_before_match(t, k, initial)
                ours: Pairing = (
                    frozenset(p for p, _ in played_match(t, k) if p[1] != 0),
                    next((p[0] for p, _ in played_match(t, k) if p[1] == 0), None),
                )
                _, cpu = engines.ours(position)
                for name, text in (
                    ("game columns", double_swiss_game_columns(position)),
                    (
                        "match columns",
                        with_next_round(
                            with_ranks(trf.dumps(double_swiss_match_columns(position), TRFX)),
                            k - 1,
                        )
                        + bye_directives(position, 2 * k - 1, k),
                    ),
                ):
                    path = engines.tmp / "position.trf"
                    path.write_text(text)
                    result = engines.tmp / "out.txt"
                    result.unlink(missing_ok=True)
                    command = [
                        args.chesspairing,
                        "pair",
                        engines.flag,
                        str(path),
                        "-o",
                        str(result),
                    ]
                    try:
                        done = subprocess.run(
                            command, capture_output=True, text=True, check=False, timeout=300
                        )
                    except subprocess.TimeoutExpired:
                        theirs = NO_PAIRING
                    else:
                        theirs = (
                            without_given_byes(result.read_text(), position, 2 * k - 1)
                            if done.returncode == 0 and result.exists()
                            else NO_PAIRING
                        )
                    tally = tallies.setdefault(
                        (size, f"our events: ours vs chesspairing, {name}"), Tally()
                    )
                    tally.cpu += cpu
                    label = f"ds-{size}-s{seed}-m{k}-{name.replace(' ', '-')}"
                    compare(tally, ours, theirs, out, label, position, engines)
                    tally.same_bye += ours[1] == theirs[1]
                    mine = {frozenset(p): p for p in ours[0]}
                    for pair in theirs[0]:
                        if frozenset(pair) in mine:
                            tally.common_pairs += 1
                            tally.common_colours += mine[frozenset(pair)] == pair
            print(f"size {size} seed {seed} done", file=sys.stderr, flush=True)
    print(f"\nsystem: double_swiss; matches per event: {args.rounds}; seeds: {args.seeds}")
    header = (
        f"{'size':>5}  {'comparison':<52} {'matches':>7} {'same':>5} {'colours':>7} "
        f"{'differ':>6} {'theirs none':>11} {'theirs rematch':>14} {'same bye':>8} "
        f"{'pairs in common':>15} {'same colours':>12} {'our CPU s/match':>15}"
    )
    print(header)
    print("-" * len(header))
    for (size, name), tally in sorted(tallies.items()):
        print(
            f"{size:>5}  {name:<52} {tally.compared:>7} {tally.identical:>5} "
            f"{tally.colours:>7} {tally.differing:>6} {tally.failed:>11} {tally.rematches:>14} "
            f"{tally.same_bye:>8} {tally.common_pairs:>15} {tally.common_colours:>12} "
            f"{tally.cpu / max(tally.compared, 1):>15.4f}"
        )
    print(f"\ndiffering matches written under {out}")
    shutil.rmtree(engines.tmp, ignore_errors=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Compare a Swiss system engine with chesspairing and py4swiss, round by "
        "round, on tournaments generated by either side."
    )
    parser.add_argument("--system", required=True, help="dubov, burstein, ... (our package)")
    parser.add_argument("--chesspairing", help="path of the chesspairing binary")
    parser.add_argument("--py4swiss", help="path of the py4swiss command")
    parser.add_argument(
        "--sizes",
        type=lambda s: [int(x) for x in s.split(",")],
        default=[10, 20, 50, 100, 300],
        help="numbers of players (comma-separated)",
    )
    parser.add_argument("--rounds", type=int, default=7, help="rounds per tournament")
    parser.add_argument("--seeds", type=int, default=3, help="tournaments per size and side")
    parser.add_argument("--out", default="/tmp/agreement", help="folder for differing rounds")
    parser.add_argument(
        "--generator",
        action="store_true",
        help="also compare on tournaments of the project's random generator (-g: forfeits, "
        "withdrawals, half-point byes)",
    )
    args = parser.parse_args(argv)
    if not args.chesspairing and not args.py4swiss:
        parser.error("give --chesspairing and/or --py4swiss")
    if args.system == "double_swiss":
        if not args.chesspairing:
            parser.error("the Double-Swiss system is compared with chesspairing only")
        return run_double_swiss(args)
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
