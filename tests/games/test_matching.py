"""Matching a round's games to its boards (chessarbiter.games.matching)."""

from __future__ import annotations

import random

import pytest

from chessarbiter.games.matching import (
    BoardSlot,
    GameMatch,
    board_result,
    match_games,
    name_key,
    names_agree,
    pgn_result,
    pgn_result_tags,
    result_of,
    round_boards,
)
from chessarbiter.games.pgn import GamePlayer, PgnGame, read_games, round_label, write_game
from chessarbiter.model import Result

from .conftest import CorpusRound, random_moves

CARLSEN = GamePlayer("Carlsen, Magnus", "1503014", 2830, "GM")
CARUANA = GamePlayer("Caruana, Fabiano", "2020009", 2805, "GM")
DING = GamePlayer("Ding, Liren", "8603677", 2780, "GM")
GUKESH = GamePlayer("Gukesh D", "46616543", 2794, "GM")
NAKAMURA = GamePlayer("Nakamura, Hikaru", "", 2802, "GM")
SO = GamePlayer("So, Wesley", "", 2757, "GM")

BOARDS = [BoardSlot(1, CARLSEN, CARUANA), BoardSlot(2, DING, GUKESH), BoardSlot(3, NAKAMURA, SO)]


def game(white: str, black: str, result: str = "*", **tags: str) -> PgnGame:
    return PgnGame({"White": white, "Black": black, **tags}, (), result)


def only(match: GameMatch) -> tuple[int | None, str, bool]:
    return match.board, match.certainty, match.colours_swapped


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Carlsen, Magnus", "Magnus Carlsen"),
        ("CARLSEN Magnus", "carlsen, magnus"),
        ("Vachier-Lagrave, Maxime", "Maxime Vachier Lagrave"),
        ("Ståle Ølberg", "Olberg, Stale"),
        ("Carlsen, M.", "Magnus Carlsen"),
        ("Gukesh D", "Gukesh, Dommaraju"),
        ("Müller, Jürgen", "Muller, Jurgen"),
    ],
)
def test_names_written_differently_agree(first: str, second: str) -> None:
    assert names_agree(first, second) and names_agree(second, first)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Carlsen, H.", "Magnus Carlsen"),
        ("Carlsen", "Magnus Carlsen"),
        ("M. C.", "Magnus Carlsen"),
        ("?", "?"),
        ("", ""),
        ("Caruana, Fabiano", "Carlsen, Magnus"),
    ],
)
def test_different_names_do_not_agree(first: str, second: str) -> None:
    assert not names_agree(first, second)


def test_name_key_sorts_plain_words() -> None:
    assert name_key("O'Brien, Seán") == ("obrien", "sean")


def test_exact_by_fide_id_even_when_the_names_are_written_otherwise() -> None:
    games = [game("M. Carlsen (NOR)", "F.C.", "1-0", WhiteFideId="1503014", BlackFideId="2020009")]
    (match,) = match_games(games, BOARDS).games
    assert only(match) == (1, "exact", False)
    assert match.reason == "both players by FIDE ID"


def test_exact_by_names_and_initials() -> None:
    games = [game("Nakamura, H.", "Wesley So"), game("Liren Ding", "Gukesh, D")]
    matches = match_games(games, BOARDS)
    assert [only(m) for m in matches.games] == [(3, "exact", False), (2, "exact", False)]
    assert matches.unmatched_boards == (1,)


def test_a_different_fide_id_is_never_the_same_player() -> None:
    games = [game("Carlsen, Magnus", "Caruana, Fabiano", WhiteFideId="999")]
    (match,) = match_games(games, BOARDS).games
    assert only(match) == (1, "doubtful", False)
    assert match.reason == "White not the board's (FIDE IDs differ)"


def test_swapped_colours_are_doubtful_and_the_result_follows_the_players() -> None:
    slot = BoardSlot(1, CARLSEN, CARUANA, (Result.WIN, Result.LOSS))
    games = [game("Caruana, Fabiano", "Carlsen, Magnus", "0-1")]
    (match,) = match_games(games, [slot]).games
    assert only(match) == (1, "doubtful", True)
    assert match.reason.startswith("colours reversed")
    assert board_result(games[0], match) == (Result.WIN, Result.LOSS)
    assert match.result_conflict is None


def test_fuzzy_names_are_doubtful() -> None:
    boards = [BoardSlot(1, GamePlayer("Nepomniachtchi, Ian"), GamePlayer("Rapport, Richard"))]
    (match,) = match_games([game("Nepomniachtchy, Ian", "Rapport, Richard")], boards).games
    assert only(match) == (1, "doubtful", False)
    assert match.reason == "White's name only alike"


def test_one_side_only_is_doubtful() -> None:
    (match,) = match_games([game("Carlsen, Magnus", "Somebody Else")], BOARDS).games
    assert only(match) == (1, "doubtful", False)
    assert match.reason == "Black not the board's"


def test_no_board_fits() -> None:
    matches = match_games([game("Somebody", "Else")], BOARDS)
    assert only(matches.games[0]) == (None, "none", False)
    assert matches.unmatched_boards == (1, 2, 3)


def test_the_round_tag_board_and_round_are_checked() -> None:
    (first,) = match_games([game("Carlsen", "Caruana", Round="4.1")], BOARDS, 4).games
    (second,) = match_games([game("Carlsen, Magnus", "Caruana, F.", Round="4.2")], BOARDS, 4).games
    assert only(first) == (1, "doubtful", False)  # names: one word each, by the Round tag only
    assert first.reason == "only the Round tag's board: the names do not match"
    assert only(second) == (1, "doubtful", False)
    assert second.reason == "both players by name; the Round tag names board 2"
    (third,) = match_games([game("Ding, Liren", "Gukesh D", Round="3.2")], BOARDS, 4).games
    assert only(third) == (2, "doubtful", False)
    assert third.reason == "both players by name; the Round tag names round 3"


def test_two_games_on_one_board_are_never_silent() -> None:
    games = [game("Ding, Liren", "Gukesh D", "1-0"), game("Ding, Liren", "Gukesh D", "0-1")]
    first, second = match_games(games, BOARDS).games
    assert only(first) == (2, "exact", False)
    assert only(second) == (2, "doubtful", False)
    assert second.reason == "both players by name; board 2 is matched by game 1 too"
    assert (first.duplicate_of, second.duplicate_of) == (None, 0)


def test_the_better_match_keeps_the_board_whatever_the_order() -> None:
    games = [game("Ding, Lirem", "Gukesh D"), game("Ding, Liren", "Gukesh D")]
    first, second = match_games(games, BOARDS).games
    assert only(second) == (2, "exact", False)
    assert only(first) == (2, "doubtful", False)
    assert "board 2 is matched by game 2 too" in first.reason


def test_a_game_fitting_two_boards_is_doubtful() -> None:
    boards = [
        BoardSlot(1, GamePlayer("Polgar, Judit"), GamePlayer("Short, Nigel")),
        BoardSlot(2, GamePlayer("Polgar, Judit"), GamePlayer("Short, Nigel")),
    ]
    (match,) = match_games([game("Polgar, J.", "Short, N.")], boards).games
    assert only(match) == (1, "doubtful", False)
    assert match.reason.endswith("fits board 2 as well")


def test_result_conflicts_are_reported() -> None:
    slot = BoardSlot(2, DING, GUKESH, (Result.DRAW, Result.DRAW))
    (match,) = match_games([game("Ding, Liren", "Gukesh D", "1-0")], [slot]).games
    assert match.certainty == "exact"
    assert match.result_conflict == (
        "the game's result 1-0 (for the board's White and Black) differs from the recorded 1/2-1/2"
    )
    forfeit = BoardSlot(2, DING, GUKESH, (Result.FORFEIT_WIN, Result.FORFEIT_LOSS))
    (match,) = match_games([game("Ding, Liren", "Gukesh D", "1-0")], [forfeit]).games
    assert match.result_conflict is not None and match.result_conflict.endswith("recorded +/-")
    (match,) = match_games([game("Ding, Liren", "Gukesh D", "*")], [slot]).games
    assert match.result_conflict is None


def test_result_of_reads_the_result_tag() -> None:
    assert result_of(game("A", "B", "1/2-1/2")) == (Result.DRAW, Result.DRAW)
    assert result_of(game("A", "B", "1-0")) == (Result.WIN, Result.LOSS)
    assert result_of(game("A", "B")) is None


def _corpus_slots(corpus: CorpusRound) -> list[BoardSlot]:
    players = corpus.tournament.players
    return [
        BoardSlot(number, GamePlayer.of(players[w]), GamePlayer.of(players[b]))
        for number, (w, b) in enumerate(corpus.boards, start=1)
    ]


def _corpus_pgn(corpus: CorpusRound, seed: int) -> tuple[str, list[int]]:
    """The round's PGN, games in a shuffled order (as a broadcast may list them), with random
    legal moves and the TRF's results; the boards in the PGN's order. Forfeits have no game."""
    rng = random.Random(seed)
    players = corpus.tournament.players
    played = [
        (number, w, b)
        for number, (w, b) in enumerate(corpus.boards, start=1)
        if players[w].entry(corpus.round_number).is_played
    ]
    rng.shuffle(played)
    texts = []
    for number, w, b in played:
        white_result = players[w].entry(corpus.round_number).result
        black_result = players[b].entry(corpus.round_number).result
        assert white_result is not None and black_result is not None
        texts.append(
            write_game(
                GamePlayer.of(players[w]),
                GamePlayer.of(players[b]),
                event="AutoTest",
                site="?",
                date=None,
                round_label=round_label(corpus.round_number, number),
                result=pgn_result((white_result, black_result)),
                moves=random_moves(rng, rng.randrange(1, 30)),
            )
        )
    return "".join(texts), [number for number, _, _ in played]


@pytest.fixture(scope="module")
def corpus_games(corpus_round: CorpusRound) -> tuple[list[PgnGame], list[int]]:
    """The round's PGN read back, and the boards of its games in order."""
    text, order = _corpus_pgn(corpus_round, 142)
    return read_games(text, "round5.pgn"), order


def test_142_boards_of_a_corpus_round(
    corpus_round: CorpusRound, corpus_games: tuple[list[PgnGame], list[int]]
) -> None:
    slots = _corpus_slots(corpus_round)
    assert len(slots) == 142
    games, order = corpus_games
    matches = match_games(games, slots, corpus_round.round_number)
    assert [(m.board, m.certainty) for m in matches.games] == [(n, "exact") for n in order]
    players = corpus_round.tournament.players
    for played, match in zip(games, matches.games, strict=True):
        w, b = corpus_round.boards[(match.board or 0) - 1]
        entry = players[w].entry(corpus_round.round_number)
        assert board_result(played, match) == (entry.result, players[b].entry(5).result)
    forfeited = sorted(set(range(1, 143)) - set(order))
    assert list(matches.unmatched_boards) == forfeited
    assert match_games(games, slots, 5) == matches  # deterministic


def test_142_boards_with_swapped_colours_fuzzy_names_and_a_duplicate(
    corpus_round: CorpusRound, corpus_games: tuple[list[PgnGame], list[int]]
) -> None:
    slots = _corpus_slots(corpus_round)
    games, order = corpus_games
    changed = list(games)
    # game 0: colours reversed; game 1: a typing slip in White's name; game 2 repeated at the end
    g0, g1 = games[0], games[1]
    changed[0] = PgnGame({**g0.headers, "White": g0.black, "Black": g0.white}, g0.moves, g0.result)
    changed[1] = PgnGame({**g1.headers, "White": g1.white + "x"}, g1.moves, g1.result)
    changed.append(games[2])
    matches = match_games(changed, slots, corpus_round.round_number).games
    assert only(matches[0]) == (order[0], "doubtful", True)
    assert (matches[1].board, matches[1].certainty) == (order[1], "doubtful")
    assert "White's name only alike" in matches[1].reason
    assert only(matches[-1]) == (order[2], "doubtful", False)
    assert "is matched by game 3 too" in matches[-1].reason
    assert all(m.certainty == "exact" for m in matches[2:-1])


def test_round_boards_are_in_publication_order_with_their_results(
    corpus_round: CorpusRound,
) -> None:
    tournament = corpus_round.tournament
    slots = round_boards(tournament, 5)
    assert [s.board for s in slots] == list(range(1, 143))
    before = tournament.scores(4)
    keys = []
    for slot in slots:
        assert slot.numbers is not None
        white, black = slot.numbers
        assert slot.white.name == tournament.player(white).name
        entry = tournament.player(white).entry(5)
        assert entry.opponent == black
        assert slot.result == (entry.result, tournament.player(black).entry(5).result)
        high = max((before[white], -white), (before[black], -black))
        keys.append((-high[0], -(before[white] + before[black]), -high[1]))
    assert keys == sorted(keys)  # C.04.2 3.6: higher player's score, sum, his number
    assert {s.numbers for s in slots} == set(corpus_round.boards)


@pytest.mark.parametrize(
    ("pair", "text", "tags"),
    [
        ((Result.WIN, Result.LOSS), "1-0", {}),
        ((Result.DRAW, Result.DRAW), "1/2-1/2", {}),
        ((Result.UNRATED_LOSS, Result.UNRATED_WIN), "0-1", {}),
        ((Result.FORFEIT_WIN, Result.FORFEIT_LOSS), "1-0", {"Termination": "forfeit"}),
        ((Result.FORFEIT_LOSS, Result.FORFEIT_WIN), "0-1", {"Termination": "forfeit"}),
        ((Result.FORFEIT_LOSS, Result.FORFEIT_LOSS), "*", {"Termination": "forfeit"}),
        (None, "*", {}),
    ],
)
def test_pgn_result_is_the_reverse_of_result_of(
    pair: tuple[Result, Result] | None, text: str, tags: dict[str, str]
) -> None:
    assert (pgn_result(pair), pgn_result_tags(pair)) == (text, tags)
    read_back = result_of(PgnGame(tags, (), text))
    if pair is not None and not pair[0].is_rated_game and not pair[0].is_forfeit:
        return  # a game of less than one move reads back as a game played
    assert read_back == pair
