"""The player database of the three-section open of ``test_browser_festival.py``: 316 synthetic
players written as FIDE's combined rating list (``players_list_foa.txt``, its real columns),
in families of twenty sharing a surname, so that one search of the database by a name's
beginning finds one family (a search shows at most twenty players).

The ten adult families (200 players, one of them a junior entered by mistake) go to Open B,
the six junior families (116 players) to Under 18. Federations, sexes, birth years (juniors
of every age from U10 to U18, seniors 50+ and 65+) and ratings (some unrated) vary.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The header of FIDE's combined list; every column starts under its label.
HEADER = (
    "ID Number      Name                                                         "
    "Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
ADULT_FAMILIES = (
    "Adler",
    "Brandt",
    "Castell",
    "Dorn",
    "Eckert",
    "Falk",
    "Gerlach",
    "Hahn",
    "Imhof",
    "Jansen",
)
JUNIOR_FAMILIES = ("Kessler", "Lindqvist", "Moreno", "Nyberg", "Ostrowski", "Petrenko")
#: Twenty given names per family, with the player's sex.
GIVEN = (
    ("Anna", "F"),
    ("Bernd", "M"),
    ("Carl", "M"),
    ("Dora", "F"),
    ("Emil", "M"),
    ("Franz", "M"),
    ("Greta", "F"),
    ("Hugo", "M"),
    ("Ivo", "M"),
    ("Jonas", "M"),
    ("Karin", "F"),
    ("Lukas", "M"),
    ("Max", "M"),
    ("Nina", "F"),
    ("Otto", "M"),
    ("Paul", "M"),
    ("Rita", "F"),
    ("Sven", "M"),
    ("Tim", "M"),
    ("Ute", "F"),
)
FEDERATIONS = ("GER", "AUT", "SUI", "FRA", "POL", "CZE", "ITA", "ESP", "UKR", "DEN")
#: The Jansen family: twelve Dutch players and eight Belgian (found by name and federation).
JANSEN_FEDERATIONS = ("NED",) * 12 + ("BEL",) * 8
#: The adult registered in Open B by mistake, who moves to Under 18 before round 1.
MOVED = "Adler, Tim"
FIRST_ID = 95_000_001
#: Players in the last junior family (316 in all).
LAST_FAMILY_SIZE = 16


@dataclass(frozen=True)
class ListPlayer:
    fide_id: int
    name: str
    federation: str
    sex: str
    title: str
    women_title: str
    standard: int | None
    rapid: int | None
    blitz: int | None
    birth: int

    @property
    def family(self) -> str:
        return self.name.split(",")[0]


def players() -> list[ListPlayer]:
    """The 316 players, family after family."""
    out: list[ListPlayer] = []
    families = [(f, False) for f in ADULT_FAMILIES] + [(f, True) for f in JUNIOR_FAMILIES]
    for fi, (family, junior) in enumerate(families):
        size = LAST_FAMILY_SIZE if family == JUNIOR_FAMILIES[-1] else len(GIVEN)
        for gi, (given, sex) in enumerate(GIVEN[:size]):
            k = len(out)
            name = f"{family}, {given}"
            if junior or name == MOVED:
                birth = 2008 + (gi + fi) % 11  # 2008..2018: U18 down to U10
                rating = 1000 + (k * 37) % 900
                unrated = gi % 4 == 3
            else:
                birth = 1940 + (gi * 7 + fi * 3) % 61  # 1940..2000: 65+, 50+ and the others
                rating = 1400 + (k * 53) % 950
                unrated = gi % 7 == 6
            fed = JANSEN_FEDERATIONS[gi] if family == "Jansen" else FEDERATIONS[(gi + fi) % 10]
            title = "FM" if not junior and sex == "M" and rating >= 2250 else ""
            women_title = "WFM" if sex == "F" and rating >= 2100 else ""
            standard = None if unrated else rating
            out.append(
                ListPlayer(
                    FIRST_ID + k,
                    name,
                    fed,
                    sex,
                    title,
                    women_title,
                    standard,
                    None if unrated else rating - 40,
                    None if unrated else rating - 80,
                    birth,
                )
            )
    return out


def _line(**values: str) -> str:
    labels = {"ID": "ID Number", "Bday": "B-day"}
    row = [" "] * (len(HEADER) + 4)
    for label, value in values.items():
        at = HEADER.index(labels.get(label, label))
        row[at : at + len(value)] = list(value)
    return "".join(row).rstrip()


def rating_list_text(listed: list[ListPlayer]) -> str:
    """``listed`` as FIDE's combined rating list (TXT, fixed columns)."""
    lines = [HEADER]
    for p in listed:
        lines.append(
            _line(
                ID=str(p.fide_id),
                Name=p.name,
                Fed=p.federation,
                Sex=p.sex,
                Tit=p.title,
                WTit=p.women_title,
                SRtng=str(p.standard or ""),
                RRtng=str(p.rapid or ""),
                BRtng=str(p.blitz or ""),
                Bday=str(p.birth),
                Flag="w" if p.sex == "F" else "",
            )
        )
    return "\n".join(lines) + "\n"
