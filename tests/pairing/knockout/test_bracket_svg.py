"""The bracket as a picture (``chessarbiter.pairing.knockout.bracket_svg``): issue 13 item 4, the
winners of decided matches move on into the next match's slot, whether they won over the
board or by walkover, in a bracket of 8 and in a Stage by Stage 1997 bracket."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from chessarbiter.pairing.knockout import brackets as b
from chessarbiter.pairing.knockout.bracket_svg import bracket_html, bracket_svg

REAL = Path(__file__).resolve().parents[4] / "shared" / "real"
PLAYERS = REAL / "groningen1997-players.tsv"


def slots(svg: str) -> dict[int, list[str]]:
    """Each match's two lines as drawn, and the classes of the winner's line."""
    out = {}
    for number, body in re.findall(r'<g class="match[^"]*" data-match="(\d+)">(.*?)</g>', svg):
        out[int(number)] = re.findall(r"<text[^>]*>(.*?)</text>", body)[:2]
    return out


def winners(svg: str) -> dict[int, str]:
    """The line marked as the winner's in each decided match."""
    out = {}
    for number, body in re.findall(r'<g class="match[^"]*" data-match="(\d+)">(.*?)</g>', svg):
        marked = re.findall(r'<text[^>]*class="winner"[^>]*>(.*?)</text>', body)
        if marked:
            out[int(number)] = marked[0]
    return out


def test_without_results_the_sides_are_waiting() -> None:
    """Before any result (or without the state) a later match shows W<k>."""
    names = {i: f"Player {i}" for i in range(1, 9)}
    matches = b.seeded(8)
    assert slots(bracket_svg(matches, names))[5] == ["W1", "W2"]
    assert slots(bracket_svg(matches, names, b.BracketState(matches)))[5] == ["W1", "W2"]


def test_issue_13_item_4_a_bracket_of_8_moves_winners_on() -> None:
    """Seeded bracket of 8 (1 v 8, 4 v 5, 2 v 7, 3 v 6): match 1 won by seed 1 over the
    board, match 2 by seed 5 by walkover, match 3 by seed 7 after seed 2 withdrew, match 5 by
    seed 5: each winner is written, by number and name, in the next match's slot."""
    names = {i: f"Player {i}" for i in range(1, 9)}
    matches = b.seeded(8)
    state = b.BracketState(matches)
    state.record(1, b.MatchResult("first"))
    state.record(2, b.MatchResult("second", "walkover"))
    state.withdraw(2)  # seed 2 withdraws: match 3 goes to seed 7 by walkover
    state.record(5, b.MatchResult("second"))
    svg = bracket_svg(matches, names, state)
    drawn = slots(svg)
    assert drawn[1] == ["1 Player 1", "8 Player 8"]
    assert drawn[5] == ["1 Player 1", "5 Player 5"]
    assert drawn[6] == ["7 Player 7", "W4"]
    assert drawn[7] == ["5 Player 5", "W6"]
    assert winners(svg) == {
        1: "1 Player 1",
        2: "5 Player 5 w/o",
        3: "7 Player 7 w/o",
        5: "5 Player 5",
    }
    for k in (1, 2, 3, 5):
        assert f"W{k}<" not in svg
    page = bracket_html(matches, names, "Cup", state)
    assert slots(page)[7] == ["5 Player 5", "W6"]


def test_issue_13_item_4_a_fide_1997_bracket_moves_winners_on() -> None:
    """Stage by Stage 1997's scheme with entry stages: four players in stage 1, two more in stage 2,
    the champion waiting in the final (stage 4). The winner of a match takes the slot of its
    first side in the next stage; here, as drawn, the winner appears by name."""
    field = [b.Entrant(f"One {i}", entry_stage=1, ratings=(2400 - i,)) for i in range(4)]
    field += [b.Entrant(f"Two {i}", entry_stage=2, ratings=(2600 - i,)) for i in range(2)]
    field += [b.Entrant("Champion", entry_stage=4, ratings=(2800,))]
    numbers = b.personal_numbers(field)
    names = dict(zip(numbers, (e.name for e in field), strict=True))
    matches = b.fide_1997(field)
    assert [str(m) for m in matches] == [
        "1 1 2 104 106",
        "2 1 2 105 107",
        "3 2 2 202 W1",
        "4 2 2 203 W2",
        "5 3 4 W3 W4",
        "6 4 6 401 W5",
    ]
    state = b.BracketState(matches)
    state.record(1, b.MatchResult("second"))  # 106 beats 104
    state.record(2, b.MatchResult("first", "walkover"))  # 105: 107 did not appear
    state.record(3, b.MatchResult("second"))  # 106 beats 202
    state.withdraw(203)  # 203 withdraws: 105 goes through by walkover
    state.record(5, b.MatchResult("first"))
    svg = bracket_svg(matches, names, state)
    drawn = slots(svg)
    assert drawn[3] == ["202 Two 0", "106 One 2"]
    assert drawn[4] == ["203 Two 1", "105 One 1 w/o"]
    assert drawn[5] == ["106 One 2", "105 One 1"]
    assert drawn[6] == ["401 Champion", "106 One 2"]
    assert winners(svg) == {
        1: "106 One 2",
        2: "105 One 1 w/o",
        3: "106 One 2",
        4: "105 One 1 w/o",
        5: "106 One 2",
    }
    assert not re.search(r">W\d+<", svg)


@pytest.mark.skipif(not PLAYERS.exists(), reason="../shared not beside the checkout")
def test_issue_13_item_4_the_1997_draw_moves_kramniks_opponent_in() -> None:
    """Stage by Stage 1997, the real draw: the winner of match 1 (Aleksandrov against Gulko) meets
    the stage-2 player of match 35 by name once match 1 is decided."""
    field = b.read_players_tsv(PLAYERS.read_text(encoding="utf-8"), PLAYERS.name)
    numbers = b.personal_numbers(field)
    names = dict(zip(numbers, (e.name for e in field), strict=True))
    matches = b.fide_1997(field)
    fed = next(m for m in matches if m.second.winner_of == 1 or m.first.winner_of == 1)
    state = b.BracketState(matches)
    state.record(1, b.MatchResult("second", "walkover"))
    gulko = state.participants(1)[1]
    assert gulko is not None
    drawn = slots(bracket_svg(matches, names, state))
    assert f"{gulko} {names[gulko]}" in drawn[fed.number]
