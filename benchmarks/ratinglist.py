"""Benchmark: FIDE's whole rating list, read as a stream and imported into the player database.

    .venv/bin/python benchmarks/ratinglist.py [--players 1200000] [--skip-xml]

Writes a synthetic list of ``--players`` players in a temporary folder (removed at the end;
nothing is written into the repository), in both of FIDE's formats: the combined text list
(``players_list_foa.txt``: its header line and fixed columns) and the combined XML list
(``players_list_xml_foa.xml``: ``<playerslist>`` of ``<player>`` elements, one element a line).
Then, each step in its own process so that its peak memory (maximum resident set size) is its
own:

* reading each file with :func:`chessarbiter.registration.stream_fide_rating_list`;
* importing the text list into a fresh SQLite database (``web.events.rating_list``), then
  importing it again with changed ratings (the monthly update), the same list once more
  (nothing changed: no row is written again), then importing the XML list;
* searching the imported table by name prefix, by FIDE ID and by federation (the median and
  the worst of 200 searches each).

Targets (the organiser's desk): 1.2 million players imported in under 60 s and 1 GB; a
search in under 100 ms. Set ``DATABASE_URL`` to run the database steps on PostgreSQL.
"updated" counts the listed players whose row changed: the lists' every rating moves by 7
points, but a player with no rating at all is listed as he was (some 9 % of them).

Measured on the 2-core development machine (shared with other work, load about 1 to 4,
which moves the figures by some 10 to 30 %), 1.2 million players (text list 190 MB, XML list
535 MB), seconds and peak memory; "before" is the reader and writer this benchmark first
measured (expat for the whole XML list, one upsert a row on SQLite, ``bulk_create`` on
PostgreSQL), "last" the writer before the changes below, the other columns what is there now
(PostgreSQL 15 on the same machine, so the server and the import share its two cores):

==================================== ============== ============== ============== ==============
step                                 before, SQLite SQLite         PostgreSQL,    PostgreSQL
                                                                   last
==================================== ============== ============== ============== ==============
read the text list                   19.5 s, 89 MB  15.5 s, 89 MB  16.4 s, 89 MB  (the same)
read the XML list                    83.7 s, 96 MB  25.4 s, 101 MB 25.5 s, 101 MB (the same)
import the text list, new table      57.0 s, 323 MB 42.4 s, 418 MB 66.5 s, 162 MB 46.0 s, 162 MB
import it again, ratings changed     59.0 s, 296 MB 47.7 s, 336 MB 81.2 s, 162 MB 85.8 s, 162 MB
import the same list again           not run        46.7 s, 336 MB not run        56.6 s, 162 MB
import the XML list (update)         142 s, 304 MB  55.5 s, 339 MB 79.4 s, 173 MB  86.8 s, 173 MB
==================================== ============== ============== ============== ==============

(On PostgreSQL the writer of "before" took 34.5 s for a new table of 200 000 players, six
times SQLite's time; it was not run on the whole list.) What changed first: FIDE's own XML
shape, one element a line, is read by regular expressions over blocks of 1 MB, expat only
from the first player of another shape on (``chessarbiter.registration``); the rows wait in
a temporary table without indexes (on PostgreSQL filled by ``COPY``) and go into the player
database by one ``INSERT ... SELECT ... ON CONFLICT`` in the order of the name key, so that
the search indexes grow at their ends; an update sets the indexed columns (name key,
federation) only where they change, since SQLite rewrites an index entry for every column
set. The "SQLite" column is now's (the reading as it was left).

Then: the upsert writes a listed player's row only when one of its values changes (``DO
UPDATE ... WHERE (...) IS DISTINCT FROM (...)``; a real monthly list leaves most players as
they were); on PostgreSQL the commit does not wait for the disk (``synchronous_commit``
off), the sorts get 128 MB (``work_mem``) and, into an empty table, the rows go in by a
plain ``INSERT`` and the indexes and the unique FIDE ID are built after them (10.7 s for
the rows, 5.4 s for the indexes). The PostgreSQL import of a new
table and of an unchanged list is now within the 60 s; an update that changes every
player's ratings is not (the upsert takes 50 s of its 86: every changed row is a new row
version with new entries in the table's four indexes; on a table filled to half its pages,
``fillfactor`` 50, the updates would be "HOT", without index entries: 300 000 changed rows
took 5.7 s instead of 29.5 s in a trial, at the price of a table twice as large; but the
next such update found little room, its old row versions not yet pruned: not adopted).

SQLite's write lock: the list is read and checked into the temporary table without it
(SQLite keeps temporary tables in a database apart), and only the final statements into the
player database hold it. A second connection trying ``BEGIN IMMEDIATE`` every 0.1 s during
the text list's update found the lock held for 40.3 s of the 42.8 s run before, 16.9 s of
48.4 s now (14.8 s of 47.3 s for the same list again); the whole import is still one
transaction for the player database: a list with errors changes nothing.

Searches in the 1.2-million table (200 each, median and worst), SQLite: by name prefix
1.6 ms (3.4 ms), by FIDE ID 0.8 ms (1.4 ms), by federation 1.1 ms (2.4 ms), federation and
name 1.9 ms (2.5 ms); PostgreSQL: 2.0 ms (5.3 ms), 1.1 ms (2.2 ms), 1.7 ms (3.0 ms), 1.7 ms
(6.5 ms). A prefix of three letters matches some 50 000 names: on PostgreSQL the index
``ratinglist_name_key`` is by the name key in the byte order of ``COLLATE "C"`` (SQLite's
order), then the FIDE ID, and gives the first 20 in order; with ``varchar_pattern_ops`` it
found them but did not give their order, and the search took 32 ms (61 ms).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: The header of FIDE's combined text list (the labels' columns are the values' columns).
HEADER = (
    "ID Number      Name                                                         "
    "Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
SURNAMES = [
    "Smith",
    "Ivanov",
    "Kowalski",
    "Nguyen",
    "Garcia",
    "Muller",
    "Rossi",
    "Kim",
    "Singh",
    "Silva",
    "Novak",
    "Horvath",
    "Petrov",
    "Jensen",
    "Dubois",
    "Yilmaz",
    "Kumar",
    "Tanaka",
    "Lopez",
    "Popescu",
    "Nunez",
    "Sokolov",
    "Andersson",
    "Jovanovic",
]
FIRST = [
    "Anna",
    "Boris",
    "Chen",
    "Daniel",
    "Elena",
    "Farid",
    "Giulia",
    "Hans",
    "Irina",
    "Jose",
    "Karim",
    "Lena",
    "Marta",
    "Nikos",
]
FEDERATIONS = [
    "ENG",
    "RUS",
    "POL",
    "VIE",
    "ESP",
    "GER",
    "ITA",
    "KOR",
    "IND",
    "BRA",
    "CZE",
    "HUN",
    "SRB",
    "DEN",
    "FRA",
    "TUR",
    "JPN",
    "NOR",
]
TITLES = ("", "", "", "", "", "", "", "", "CM", "FM", "IM", "GM")


def columns() -> dict[str, int]:
    """The column (0-based) of each label of :data:`HEADER`."""
    out: dict[str, int] = {}
    at = 0
    for label in HEADER.replace("ID Number", "ID_Number").split():
        at = HEADER.index(label.replace("_", " "), at)
        out[label.replace("_", " ")] = at
    return out


def write_lists(folder: Path, count: int, seed: int = 2026, shift: int = 0) -> tuple[Path, Path]:
    """The text and XML lists of ``count`` players (ratings moved by ``shift``), written line
    by line."""
    rng = random.Random(seed)
    cols = columns()
    width = cols["Flag"] + 4
    txt = folder / f"players_list_foa{shift}.txt"
    xml = folder / f"players_list_xml_foa{shift}.xml"
    with (
        txt.open("w", encoding="utf-8", newline="\n") as t,
        xml.open("w", encoding="utf-8", newline="\n") as x,
    ):
        t.write(HEADER + "\n")
        x.write('<?xml version="1.0" encoding="UTF-8"?>\n<playerslist>\n')
        for n in range(count):
            fide_id = 100_000 + n * 7 + rng.randrange(7)
            name = f"{rng.choice(SURNAMES)}{rng.randrange(10000)}, {rng.choice(FIRST)}"
            sex = "F" if rng.random() < 0.15 else "M"
            title = rng.choice(TITLES)
            women = rng.choice(("", "WFM", "WIM", "WGM")) if sex == "F" else ""
            flag = rng.choice(("", "", "", "i", "w" if sex == "F" else "", "wi"))
            standard = str(rng.randrange(1400, 2800) + shift) if rng.random() < 0.7 else ""
            rapid = str(rng.randrange(1400, 2800) + shift) if rng.random() < 0.5 else ""
            blitz = str(rng.randrange(1400, 2800) + shift) if rng.random() < 0.4 else ""
            born = str(rng.randrange(1940, 2020))
            fed = rng.choice(FEDERATIONS)
            values = {
                "ID Number": str(fide_id),
                "Name": name,
                "Fed": fed,
                "Sex": sex,
                "Tit": title,
                "WTit": women,
                "SRtng": standard,
                "SGm": "0" if standard else "",
                "SK": "20" if standard else "",
                "RRtng": rapid,
                "RGm": "0" if rapid else "",
                "Rk": "20" if rapid else "",
                "BRtng": blitz,
                "BGm": "0" if blitz else "",
                "BK": "20" if blitz else "",
                "B-day": born,
                "Flag": flag,
            }
            buf = [" "] * width
            for label, value in values.items():
                at = cols[label]
                buf[at : at + len(value)] = value
            t.write("".join(buf).rstrip() + "\n")
            x.write(
                f"<player>\n<fideid>{fide_id}</fideid>\n<name>{name}</name>\n"
                f"<country>{fed}</country>\n<sex>{sex}</sex>\n<title>{title}</title>\n"
                f"<w_title>{women}</w_title>\n<o_title></o_title>\n<foa_title></foa_title>\n"
                f"<rating>{standard}</rating>\n<games>0</games>\n<k>20</k>\n"
                f"<rapid_rating>{rapid}</rapid_rating>\n<rapid_games>0</rapid_games>\n"
                f"<rapid_k>20</rapid_k>\n<blitz_rating>{blitz}</blitz_rating>\n"
                f"<blitz_games>0</blitz_games>\n<blitz_k>20</blitz_k>\n"
                f"<birthday>{born}</birthday>\n<flag>{flag}</flag>\n</player>\n"
            )
        x.write("</playerslist>\n")
    return txt, xml


def peak_mb() -> float:
    """This process's peak resident memory in MB (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def django_setup(data: str) -> None:
    os.environ["CHESSARBITER_DATA"] = data
    os.environ["DJANGO_SETTINGS_MODULE"] = "chessarbiter.web.settings"
    import django

    django.setup()


def step(name: str, data: str, path: str) -> dict[str, object]:
    """One step, run in this process (the child); returns its figures."""
    t0 = time.perf_counter()
    if name == "read":
        from chessarbiter.registration import stream_fide_rating_list

        count = sum(1 for _ in stream_fide_rating_list(path))
        return {"players": count, "seconds": time.perf_counter() - t0, "peak_mb": peak_mb()}
    django_setup(data)
    if name == "migrate":
        from django.core.management import call_command

        call_command("migrate", interactive=False, verbosity=0)
        return {"seconds": time.perf_counter() - t0}
    if name == "import":
        from chessarbiter.web.events import models as m
        from chessarbiter.web.events.rating_list import edit_player, import_rating_list

        summary = import_rating_list(path)
        seconds = time.perf_counter() - t0
        # one local edit, for the next import to keep
        row = m.RatingListPlayer.objects.order_by("fide_id").first()
        if row is not None and "name" not in row.edited:
            edit_player(row, name=row.name + " (edited)")
        return {
            "players": summary.read,
            "created": summary.created,
            "updated": summary.updated,
            "edits_kept": summary.edits_kept,
            "seconds": seconds,
            "peak_mb": peak_mb(),
        }
    if name == "search":
        from chessarbiter.web.events import models as m
        from chessarbiter.web.events.rating_list import search

        rng = random.Random(7)
        sample = list(
            m.RatingListPlayer.objects.filter(
                pk__in=[rng.randrange(1, 100_000) for _ in range(200)]
            )
        )
        figures: dict[str, object] = {"rows": m.RatingListPlayer.objects.count()}
        queries = {
            "name prefix": [(p.name[: rng.randrange(3, 9)], "") for p in sample],
            "FIDE ID": [(str(p.fide_id), "") for p in sample],
            "federation": [("", p.federation) for p in sample],
            "federation and name": [(p.name[:4], p.federation) for p in sample],
        }
        for label, asked in queries.items():
            times = []
            for query, federation in asked:
                s0 = time.perf_counter()
                found = search(query, federation)
                times.append((time.perf_counter() - s0) * 1000)
                assert found, (label, query, federation)
            figures[label] = {
                "median_ms": round(statistics.median(times), 2),
                "max_ms": round(max(times), 2),
            }
        return figures
    raise SystemExit(f"unknown step {name}")


def run(name: str, data: str, path: str = "") -> dict[str, object]:
    """Run a step in a child process and return its figures."""
    out = subprocess.run(
        [sys.executable, __file__, "--step", name, "--data", data, "--path", path],
        check=True,
        capture_output=True,
        text=True,
    )
    figures: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1_200_000)
    parser.add_argument("--skip-xml", action="store_true", help="no XML steps")
    parser.add_argument("--step", help=argparse.SUPPRESS)
    parser.add_argument("--data", help=argparse.SUPPRESS)
    parser.add_argument("--path", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.step:
        print(json.dumps(step(args.step, args.data, args.path)))
        return 0

    folder = Path(tempfile.mkdtemp(prefix="ratinglist-"))
    try:
        t0 = time.perf_counter()
        txt, xml = write_lists(folder, args.players)
        txt2, _ = write_lists(folder, args.players, shift=7)
        print(
            f"generated {args.players} players in {time.perf_counter() - t0:.1f} s: "
            f"text {txt.stat().st_size / 1e6:.0f} MB, XML {xml.stat().st_size / 1e6:.0f} MB",
            flush=True,
        )
        data = str(folder / "data")
        steps: list[tuple[str, str, str, Path | None]] = [("read text", "read", "", txt)]
        if not args.skip_xml:
            steps.append(("read XML", "read", "", xml))
        steps += [
            ("database tables", "migrate", data, None),
            ("import text (new table)", "import", data, txt),
            ("import text again, ratings changed", "import", data, txt2),
            ("import the same text again, unchanged", "import", data, txt2),
        ]
        if not args.skip_xml:
            steps.append(("import XML (update)", "import", data, xml))
        steps.append(("search", "search", data, None))
        for label, name, folder_data, path in steps:
            figures = run(name, folder_data, str(path or ""))
            print(f"{label}: {json.dumps(figures)}", flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
