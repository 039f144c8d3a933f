"""The arbiter's calculators in the web (issue 8): answers from the library."""

from __future__ import annotations

from django.test import Client


def test_clock_classification(client: Client, db: object) -> None:
    page = client.get("/tools/", {"tool": "clock", "control": "300+2", "laws": "2023"})
    assert page.status_code == 200 and b"blitz" in page.content  # 5 min + 60 x 2 s = 7 min


def test_incorrect_claim_1997(client: Client, db: object) -> None:
    page = client.get(
        "/tools/", {"tool": "claim", "claimant": "4:00", "opponent": "300", "laws": "1997"}
    )
    assert b"120 s" in page.content and b"480 s" in page.content  # Laws Commentary 1997


def test_flag_and_telegraph(client: Client, db: object) -> None:
    lone_king = "8/8/8/4k3/8/8/8/4K2R w - - 0 1"  # black's flag: white can mate (loss)
    page = client.get("/tools/", {"tool": "flag", "fen": lone_king, "side": "black"})
    assert b"flag-result" in page.content
    page = client.get("/tools/", {"tool": "telegraph", "moves": "e4 e5 Nf3"})
    assert b"gego seso kahi" in page.content
    page = client.get("/tools/", {"tool": "telegraph", "moves": "zzzz", "direction": "decode"})
    assert b"tool-error" in page.content


def test_issue_13_hostile_input_is_an_answer_not_a_server_error(client: Client, db: object) -> None:
    """Thousands of digits in a time control (ValueError, OverflowError in the parser before),
    clock times and a telegraph text of any length: a message on the page, never a 500."""
    client.raise_request_exception = False
    for query in [
        {"tool": "clock", "control": "1" + "0" * 4400},
        {"tool": "clock", "control": "9" * 400 + " min"},
        {"tool": "clock", "control": "40/" + "9" * 30 + "+30"},
        {"tool": "claim", "claimant": "9" * 5000, "opponent": "300"},
        {"tool": "flag", "fen": "x" * 10000, "side": "white"},
        {"tool": "telegraph", "moves": "gego " * 5000, "direction": "decode"},
    ]:
        page = client.get("/tools/", query)
        assert page.status_code == 200, query["tool"]
        assert b"tool-error" in page.content, query["tool"]
