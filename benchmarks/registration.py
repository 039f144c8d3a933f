"""Benchmark: reading a FIDE rating list and looking players up in it.

Run with ``.venv/bin/python benchmarks/registration.py`` (``--lines 1000000`` for a list the
size of FIDE's combined one, ``--xml`` to read the same players as XML too). Generates a
combined list (``players_list_foa.txt`` layout) of ``--lines`` players in memory (nothing is
written unless ``--write PATH`` asks for it), then times reading it, building the
:class:`~chessarbiter.registration.PlayerIndex` and look-ups by FIDE id and by name prefix,
with the index and by scanning the list.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from pathlib import Path

from chessarbiter.registration import PlayerIndex, find_players, read_fide_rating_list

HEADER = (
    "ID Number      Name                                                         "
    "Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)


def words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


SURNAMES = words(
    "Smith Ivanov Kowalski Nguyen Garcia Muller Rossi Kim Singh Silva Novak Horvath Petrov "
    "Jensen Dubois Yilmaz Kumar Tanaka Lopez Popescu Nunez Sokolov Andersson Jovanovic"
)
FIRST = words("Anna Boris Chen Daniel Elena Farid Giulia Hans Irina Jose Karim Lena Marta Nikos")
FEDERATIONS = words("ENG RUS POL VIE ESP GER ITA KOR IND BRA CZE HUN SRB DEN FRA TUR JPN NOR")
TITLES = ("", "", "", "", "", "", "", "", "CM", "FM", "IM", "GM", "WFM", "WIM", "WGM")


def columns(header: str) -> dict[str, int]:
    """The column (0-based) of each label of the header."""
    out: dict[str, int] = {}
    at = 0
    for label in header.replace("ID Number", "ID_Number").split():
        at = header.index(label.replace("_", " "), at)
        out[label.replace("_", " ")] = at
    return out


def player_line(cols: dict[str, int], values: dict[str, str]) -> str:
    buf = [" "] * (cols["Flag"] + 4)
    for label, value in values.items():
        at = cols[label]
        buf[at : at + len(value)] = list(value)
    return "".join(buf).rstrip()


def generate(lines: int, seed: int = 2026) -> tuple[str, list[tuple[int, str]]]:
    """A combined list of ``lines`` players, and (id, name) of each for the look-ups."""
    rng = random.Random(seed)
    cols = columns(HEADER)
    out = [HEADER]
    people: list[tuple[int, str]] = []
    for n in range(lines):
        fide_id = 100_000 + n * 7 + rng.randrange(7)
        name = f"{rng.choice(SURNAMES)}{rng.randrange(1000)}, {rng.choice(FIRST)}"
        sex = "F" if rng.random() < 0.15 else "M"
        title = rng.choice(TITLES)
        if sex == "M" and title.startswith("W"):
            title = ""
        rated = rng.random() < 0.7
        values = {
            "ID Number": str(fide_id),
            "Name": name,
            "Fed": rng.choice(FEDERATIONS),
            "Sex": sex,
            "Tit": title,
            "WTit": title if title.startswith("W") else "",
            "SRtng": str(rng.randrange(1400, 2800)) if rated else "",
            "SGm": str(rng.randrange(10)) if rated else "",
            "SK": "20" if rated else "",
            "RRtng": str(rng.randrange(1400, 2800)) if rng.random() < 0.5 else "",
            "BRtng": str(rng.randrange(1400, 2800)) if rng.random() < 0.4 else "",
            "B-day": str(rng.randrange(1940, 2020)),
            "Flag": rng.choice(("", "", "", "i", "w" if sex == "F" else "", "wi")),
        }
        out.append(player_line(cols, values))
        people.append((fide_id, name))
    return "\n".join(out) + "\n", people


def as_xml(text: str) -> str:
    """The same players in the XML format (``players_list_xml_foa.xml``)."""
    records = read_fide_rating_list(text)
    parts = ['<?xml version="1.0" encoding="ISO-8859-1"?>\n<playerslist>\n']
    for r in records:
        parts.append(
            f"<player>\n<fideid>{r.fide_id}</fideid>\n<name>{r.name}</name>\n"
            f"<country>{r.federation}</country>\n<sex>{'F' if r.sex == 'w' else 'M'}</sex>\n"
            f"<title>{r.title}</title>\n<w_title></w_title>\n<o_title></o_title>\n"
            f"<foa_title></foa_title>\n<rating>{r.rating or ''}</rating>\n<games>0</games>\n"
            f"<k>20</k>\n<rapid_rating></rapid_rating>\n<rapid_games></rapid_games>\n"
            f"<rapid_k></rapid_k>\n<blitz_rating></blitz_rating>\n<blitz_games></blitz_games>\n"
            f"<blitz_k></blitz_k>\n<birthday>{r.birth}</birthday>\n<flag>{r.flag}</flag>\n"
            "</player>\n"
        )
    parts.append("</playerslist>\n")
    return "".join(parts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=200_000, help="players in the list")
    parser.add_argument("--xml", action="store_true", help="also read the list as XML")
    parser.add_argument("--write", type=Path, help="save the generated text list there")
    args = parser.parse_args()

    t0 = time.perf_counter()
    text, people = generate(args.lines)
    t1 = time.perf_counter()
    print(f"generated {args.lines:,} lines ({len(text) / 1e6:.1f} MB) in {t1 - t0:.1f} s")
    if args.write:
        args.write.write_text(text, encoding="utf-8")

    t0 = time.perf_counter()
    records = read_fide_rating_list(text, "generated.txt")
    t1 = time.perf_counter()
    read_s = t1 - t0
    print(
        f"read (text): {len(records):,} players in {read_s:.2f} s "
        f"({len(records) / read_s:,.0f} lines/s)"
    )
    rapid = read_fide_rating_list(text, "generated.txt", rating_kind="rapid")
    assert len(rapid) == len(records)

    t0 = time.perf_counter()
    index = PlayerIndex(records)
    t1 = time.perf_counter()
    print(f"index: built in {t1 - t0:.2f} s")

    rng = random.Random(7)
    sample = [people[rng.randrange(len(people))] for _ in range(1000)]
    t0 = time.perf_counter()
    for fide_id, _ in sample:
        assert find_players(index, str(fide_id))
    t1 = time.perf_counter()
    prefixes = [name[: rng.randrange(3, 9)] for _, name in sample]
    for prefix in prefixes:
        assert find_players(index, prefix)
    t2 = time.perf_counter()
    print(
        f"look-up with the index: by id {(t1 - t0) * 1000:.3f} µs, "
        f"by name prefix {(t2 - t1) * 1000:.3f} µs per query (1,000 each)"
    )
    t0 = time.perf_counter()
    for prefix in prefixes[:5]:
        assert find_players(records, prefix)
    t1 = time.perf_counter()
    assert find_players(records, str(sample[0][0]))
    t2 = time.perf_counter()
    print(
        f"look-up scanning the list: by name prefix {(t1 - t0) / 5:.2f} s, "
        f"by id {t2 - t1:.3f} s per query"
    )

    if args.xml:
        xml = as_xml(text)
        t0 = time.perf_counter()
        from_xml = read_fide_rating_list(xml, "generated.xml")
        t1 = time.perf_counter()
        assert from_xml == records
        print(
            f"read (XML, {len(xml) / 1e6:.0f} MB): {len(from_xml):,} players in "
            f"{t1 - t0:.2f} s ({len(from_xml) / (t1 - t0):,.0f} players/s)"
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory of the whole run: {peak:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
