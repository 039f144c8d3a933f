"""The Dutch edition ``2013-colours``: the 2017 engine with the colour allocation E.1-E.5 of
Dutch Colours 2013 (the Istanbul 2012 text, "Tallinn 2013" in the book)."""

from __future__ import annotations

from pathlib import Path

import pytest

from chessarbiter import trf
from chessarbiter.cli.main import main
from chessarbiter.editions import DutchEdition
from chessarbiter.model import Colour, Tournament
from chessarbiter.pairing.dutch.engine import pair_round
from chessarbiter.pairing.swiss.colours import ColourRule, neutral_colour
from chessarbiter.pairing.swiss.state import prepare_round
from chessarbiter.pairing.systems import DUTCH, pairing_rules, system_of_flag

#: Player 1's and player 2's colours in rounds 1-6, the book's two leaders.
LEADER_1, LEADER_2 = "WWBWBW", "BBWBWW"


def leaders_trf() -> str:
    """Fourteen players, seven rounds. Player 1 beat 3-8 with the colours WWBWBW, player 2
    beat 9-14 with BBWBWW; the others played only that game and had zero-point byes (Z) in
    the other rounds. Before the last round 1 and 2 lead with 6 points and have not met."""
    games: dict[int, list[str]] = {n: ["0000 - Z"] * 6 for n in range(1, 15)}
    for leader, colours, first in ((1, LEADER_1, 3), (2, LEADER_2, 9)):
        for rnd, colour in enumerate(colours):
            opponent = first + rnd
            other = "b" if colour == "W" else "w"
            games[leader][rnd] = f"{opponent:>4} {colour.lower()} 1"
            games[opponent][rnd] = f"{leader:>4} {other} 0"
    lines = ["012 Leaders", "XXR 7"]
    for n in range(1, 15):
        points = sum(1.0 for g in games[n] if g.endswith(" 1"))
        head = f"001 {n:>4}      Test{n:04d} Player{n:04d}".ljust(48)
        head += f"{2500 - n:>4}".ljust(32) + f"{points:>4.1f} {n:>4}"
        lines.append(head + "".join(f"  {g}" for g in games[n]))
    return "\n".join(lines) + "\n"


def leaders() -> Tournament:
    return trf.loads(leaders_trf())


def colour_of_player_1(edition: DutchEdition) -> Colour:
    pairing = pair_round(leaders(), edition)
    board = next(b for b in pairing.boards if 1 in (b.white, b.black))
    assert {board.white, board.black} == {1, 2}
    return Colour.WHITE if board.white == 1 else Colour.BLACK


def test_e3_the_books_worked_example_gives_player_1_white() -> None:
    """Dutch Colours 2013, E.1-E.3: both leaders have an absolute preference for black (1 by a
    colour difference of +2, 2 by two whites in a row); E.1 cannot grant both, E.2 (the kind
    of preference only) does not decide, so E.3 alternates from round 5, the last round in
    which their colours differed (1 had black, 2 white): player 1 gets white."""
    assert colour_of_player_1(DutchEdition.DUTCH_2013_COLOURS) is Colour.WHITE


@pytest.mark.parametrize("edition", [DutchEdition.DUTCH_2017, DutchEdition.DUTCH_2026])
def test_e2_of_2017_and_2026_compare_the_colour_difference(edition: DutchEdition) -> None:
    """C.04.3 2017 E.2 / 2026 5.2.2: of two absolute preferences the wider colour difference
    is granted: player 1 (+2) gets black, so the editions differ on the book's example."""
    assert colour_of_player_1(edition) is Colour.BLACK


def test_the_rest_of_the_round_is_the_2017_pairing() -> None:
    """Everything but the colour rules is the 2017 text: the same boards as the 2017 edition,
    the leaders' colours exchanged."""
    old = pair_round(leaders(), DutchEdition.DUTCH_2013_COLOURS)
    new = pair_round(leaders(), DutchEdition.DUTCH_2017)
    assert {frozenset((b.white, b.black)) for b in old.boards} == {
        frozenset((b.white, b.black)) for b in new.boards
    }
    changed = [(a, b) for a, b in zip(old.boards, new.boards, strict=False) if a != b]
    assert all(1 in (a.white, a.black) for a, _ in changed)


def test_the_round_state_is_the_2017_text() -> None:
    """The shared Swiss layer reads the Basic Rules of 2017 (C.04.1 d, A.4 b) for the
    edition; the systems table names the same Basic Rules."""
    assert prepare_round(leaders(), DutchEdition.DUTCH_2013_COLOURS).edition is (
        DutchEdition.DUTCH_2017
    )
    assert pairing_rules("2013-colours").basic_rules is DutchEdition.DUTCH_2017
    assert system_of_flag("--dutch").edition("2013-colours") is DutchEdition.DUTCH_2013_COLOURS
    assert "2013-colours" in [e.value for e in DUTCH.editions]


def test_e1_e2_compatible_and_stronger_preferences_are_granted_alike() -> None:
    """E.1 (both preferences granted) and E.2 (absolute over strong over mild) are the same in
    both readings; only two absolute preferences differ."""
    state = prepare_round(leaders(), DutchEdition.DUTCH_2013_COLOURS)
    by_number = {p.number: p for p in state.players}
    one, three, nine = by_number[1], by_number[3], by_number[9]
    assert three.colour_preference is Colour.WHITE  # one game, with black: mild for white
    for rule in ColourRule:
        # E.1: 1 wants black, 3 white: both granted
        assert neutral_colour(one, three, rule) is Colour.BLACK
        # E.2: 1's absolute preference for black beats 9's mild one for black
        assert nine.colour_preference is Colour.BLACK
        assert neutral_colour(nine, one, rule) is Colour.WHITE
    assert ColourRule.of(DutchEdition.DUTCH_2013_COLOURS) is ColourRule.COLOURS_2013
    assert ColourRule.of(DutchEdition.DUTCH_2026) is ColourRule.CURRENT


def test_e5_first_round_colours_by_the_initial_colour() -> None:
    """E.5: in round 1 the odd-numbered players of S1 take the colour drawn by lot (XXC), the
    even-numbered ones the other: the same in every edition."""
    lines = ["012 First", "XXR 5", "XXC black1"]
    for n in range(1, 7):
        lines.append(f"001 {n:>4}      Test{n:04d} Player{n:04d}".ljust(48) + f"{2500 - n:>4}")
    text = "\n".join(lines) + "\n"
    for edition in DutchEdition:
        pairing = pair_round(trf.loads(text), edition)
        assert [(b.white, b.black) for b in pairing.boards] == [(4, 1), (2, 5), (6, 3)]


@pytest.mark.parametrize(
    ("args", "board"),
    [
        (["--dutch", "{f}", "-p"], "1 2"),
        (["pair", "{f}", "--format", "json"], '"white": 1, "black": 2'),
    ],
)
def test_command_line_takes_the_edition(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], board: str
) -> None:
    """``chessarbiter --dutch FILE -p --edition 2013-colours`` and ``chessarbiter pair FILE
    --edition 2013-colours`` pair with the 2013 colour rules (player 1 white)."""
    path = tmp_path / "leaders.trf"
    path.write_text(leaders_trf())
    argv = [a.format(f=path) for a in args]
    assert main([*argv, "--edition", "2013-colours"]) == 0
    assert board in capsys.readouterr().out
    assert main([*argv, "--edition", "2017"]) == 0
    assert board not in capsys.readouterr().out


def test_the_hidden_colour_rules_switch_is_gone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The edition replaces ``chessarbiter pair --colour-rules 2013`` (a usage error now)."""
    path = tmp_path / "leaders.trf"
    path.write_text(leaders_trf())
    assert main(["pair", str(path), "--colour-rules", "2013"]) == 2
    assert "--colour-rules" in capsys.readouterr().err
