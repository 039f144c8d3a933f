"""English and Russian: the catalogue is complete, compiled, and used by the pages."""

from __future__ import annotations

import gettext
from pathlib import Path

import polib
from django.contrib.auth.models import User
from django.test import Client

from chessarbiter.web.events import models as m

from .conftest import login, play_round

LOCALE = Path(__file__).resolve().parents[2] / "src" / "chessarbiter" / "web" / "locale"


def test_russian_catalogue_is_complete_and_compiled() -> None:
    po = polib.pofile(str(LOCALE / "ru" / "LC_MESSAGES" / "django.po"))
    assert po.untranslated_entries() == []
    assert po.fuzzy_entries() == []
    with (LOCALE / "ru" / "LC_MESSAGES" / "django.mo").open("rb") as f:
        mo = gettext.GNUTranslations(f)
    for entry in po.translated_entries():
        ctx = entry.msgctxt
        if entry.msgid_plural:  # each Russian form, for a number that selects it
            # Russian: forms 0, 1, 2 for 1, 2, 5 (form 3 is for fractions, not chosen by ngettext)
            for form, n in zip(sorted(entry.msgstr_plural), (1, 2, 5), strict=False):
                got = mo.ngettext(entry.msgid, entry.msgid_plural, n)
                assert got == entry.msgstr_plural[form], f"django.mo is older: {entry.msgid!r}"
            continue
        got = mo.pgettext(ctx, entry.msgid) if ctx else mo.gettext(entry.msgid)
        assert got == entry.msgstr, f"django.mo is older than django.po: {entry.msgid!r}"


def test_placeholders_survive_translation() -> None:
    import re

    po = polib.pofile(str(LOCALE / "ru" / "LC_MESSAGES" / "django.po"))
    pattern = re.compile(r"%\(\w+\)[sd]")
    for entry in po.translated_entries():
        texts = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        for text in texts:
            assert sorted(pattern.findall(entry.msgid)) == sorted(pattern.findall(text)), (
                entry.msgid
            )


def test_pages_follow_the_browser_language(client: Client, event: m.Event, chief: User) -> None:
    play_round(event, chief, "=")
    page = client.get(f"/events/{event.pk}/standings/", HTTP_ACCEPT_LANGUAGE="ru").content
    text = page.decode()
    assert "Турнирная таблица" in text and 'lang="ru"' in text
    assert "Standings" not in text
    english = client.get(f"/events/{event.pk}/standings/", HTTP_ACCEPT_LANGUAGE="en").content
    assert b"Standings" in english


def test_the_users_choice_wins(client: Client, event: m.Event, chief: User) -> None:
    login(client, chief)
    r = client.post("/i18n/setlang/", {"language": "ru", "next": "/manage/"})
    assert r.status_code == 302
    page = client.get("/manage/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Рабочее место судьи" in page


def test_numbers_and_dates_are_localised(client: Client, event: m.Event, chief: User) -> None:
    import datetime

    event.start_date = datetime.date(2026, 11, 20)
    event.save()
    play_round(event, chief, "=")
    play_round(event, chief, "1-0")
    ru = client.get(f"/events/{event.pk}/standings/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    en = client.get(f"/events/{event.pk}/standings/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    # Buchholz values like 1.5 are written 1,5 in Russian
    assert "1,5" in ru and "1.5" in en
    home_ru = client.get("/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "20 ноября 2026" in home_ru
    assert "Nov. 20, 2026" in client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_british_english_reads_british_dates(client: Client, event: m.Event) -> None:
    import datetime

    event.start_date = datetime.date(2026, 11, 20)
    event.save()
    home = client.get("/", HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.8").content.decode()
    assert "20 Nov 2026" in home
    assert "Nov. 20, 2026" in client.get("/", HTTP_ACCEPT_LANGUAGE="en-US").content.decode()


def test_date_pickers_hold_iso_dates_in_every_language(
    client: Client, event: m.Event, chief: User
) -> None:
    import datetime

    event.start_date = datetime.date(2026, 11, 20)
    event.save()
    login(client, chief)
    for language in ("ru", "en-GB", "en"):
        page = client.get(
            f"/manage/events/{event.pk}/settings/", HTTP_ACCEPT_LANGUAGE=language
        ).content.decode()
        assert 'type="date" name="start_date" value="2026-11-20"' in page, language
