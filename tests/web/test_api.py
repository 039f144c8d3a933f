"""The JSON API (``/api/``): a whole event driven through it, its permissions, its errors,
its tokens, its schema and its docs page."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone

from chessarbiter import limits, trf
from chessarbiter.pairing.systems import pairing_rules
from chessarbiter.standings import ranking
from chessarbiter.web.api.models import ApiToken
from chessarbiter.web.api.tokens import create_token, digest, revoke_token, user_for_key
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services
from chessarbiter.web.jobs.services import run_pending

from .conftest import NAMES


def bearer(user: User) -> dict[str, Any]:
    """The header of a request made with a new token of ``user``."""
    return {"HTTP_AUTHORIZATION": f"Bearer {create_token(user, 'test')}"}


def call(
    client: Client, method: str, path: str, auth: dict[str, Any], body: Any = None, **kw: Any
) -> Any:
    """A JSON request; the response (its JSON checked to be an object or a list)."""
    send = getattr(client, method)
    if body is None:
        r = send(path, **auth, **kw)
    else:
        r = send(path, json.dumps(body), content_type="application/json", **auth, **kw)
    if r["Content-Type"].startswith("application/json"):
        r.data = r.json()
    return r


def pair_round(client: Client, event_id: int, auth: dict[str, Any]) -> dict[str, Any]:
    """Ask for the next round (202), run the job in-process, and read the finished job."""
    r = call(client, "post", f"/api/events/{event_id}/rounds/next", auth)
    assert r.status_code == 202, r.data
    assert r.data["status_url"] == f"/api/jobs/{r.data['job']}"
    queued = call(client, "get", r.data["status_url"], auth)
    assert queued.data["state"] == "queued" and queued.data["result"] is None
    assert run_pending() == 1
    done = call(client, "get", r.data["status_url"], auth)
    assert done.status_code == 200 and done.data["state"] == "done", done.data
    result: dict[str, Any] = done.data["result"]
    return result


# -- a whole event ---------------------------------------------------------------------------


def test_a_whole_event_through_the_api(client: Client, chief: User, arbiter: User) -> None:
    """Created from JSON, players registered (one, then a list), three rounds paired by jobs
    with every result posted, the standings with their tie-breaks those of the library's
    ranking, and the TRF export read back by the library's reader."""
    auth = bearer(chief)
    r = call(
        client,
        "post",
        "/api/events",
        auth,
        {"name": "API Open", "rounds": 3, "tiebreaks": "BH/C1,BH,SB"},
    )
    assert r.status_code == 201, r.data
    ev = r.data
    assert (ev["name"], ev["rounds"], ev["system"], ev["players"]) == ("API Open", 3, "swiss", 0)
    event_id = ev["id"]
    first = call(
        client,
        "post",
        f"/api/events/{event_id}/players",
        auth,
        {"name": NAMES[0][0], "rating": NAMES[0][1], "federation": "GER"},
    )
    assert first.status_code == 201
    assert [(p["number"], p["name"]) for p in first.data] == [(1, NAMES[0][0])]
    rest = [{"name": n, "rating": rating} for n, rating in NAMES[1:]]
    r = call(client, "post", f"/api/events/{event_id}/players", auth, rest)
    assert r.status_code == 201
    assert [p["number"] for p in r.data] == list(range(2, 11))
    r = call(client, "get", f"/api/events/{event_id}/players", auth)
    assert [p["name"] for p in r.data] == [n for n, _ in NAMES]
    # the arbiter of the event pairs and enters results too
    deputy = bearer(arbiter)
    m.Role.objects.create(event_id=event_id, user=arbiter, kind=m.Role.Kind.ARBITER)
    outcomes = ["1-0", "0-1", "=", "1-0", "0-1"]
    for number in (1, 2, 3):
        result = pair_round(client, event_id, deputy)
        assert result["round"] == number and len(result["boards"]) == 5
        view = call(client, "get", f"/api/events/{event_id}/rounds/{number}", auth)
        assert view.status_code == 200 and view.data["boards"] == result["boards"]
        assert not view.data["complete"]
        for board, outcome in zip(view.data["boards"], outcomes, strict=True):
            path = f"/api/events/{event_id}/rounds/{number}/boards/{board['board']}"
            saved = call(client, "put", path, deputy, {"result": outcome})
            assert saved.status_code == 200, saved.data
            written = "½-½" if outcome == "=" else outcome
            assert saved.data["result"] == written and saved.data["changed"]
        assert call(client, "get", f"/api/events/{event_id}/rounds/{number}", auth).data["complete"]
    r = call(client, "post", f"/api/events/{event_id}/rounds/next", auth)
    assert r.status_code == 400 and "3 rounds" in r.data["detail"]
    table = call(client, "get", f"/api/events/{event_id}/standings", auth)
    assert table.status_code == 200
    assert table.data["after_round"] == 3
    assert table.data["tiebreaks"] == ["BH/C1", "BH", "SB"]
    text = client.get(f"/api/events/{event_id}/trf", **auth)
    assert text.status_code == 200 and text["Content-Type"] == "text/plain; charset=utf-8"
    t = trf.loads(text.content.decode(), "export.trf")
    assert len(t) == 10 and t.rounds_played == 3
    stored = m.Event.objects.get(pk=event_id)
    expected = ranking(t, "BH/C1,BH,SB", 3, edition=stored.tiebreak_edition)
    assert [
        (
            row["number"],
            Decimal(row["points"]),
            {k: Decimal(v) for k, v in row["tiebreaks"].items()},
        )
        for row in table.data["rows"]
    ] == [(s.pairing_number, s.points, s.tiebreaks) for s in expected]
    after_one = call(client, "get", f"/api/events/{event_id}/standings?after_round=1", auth)
    assert after_one.data["after_round"] == 1
    assert sum(Decimal(row["points"]) for row in after_one.data["rows"]) == 5
    listed = call(client, "get", "/api/events", auth)
    assert [e["id"] for e in listed.data] == [event_id]
    assert listed.data[0]["rounds_paired"] == 3 and listed.data[0]["players"] == 10


def test_an_event_from_a_trf_file(client: Client, chief: User, event: m.Event) -> None:
    """Imported as the body (text/plain) or as a multipart form's file: the same event."""
    auth = bearer(chief)
    services.pair_next_round(event, chief)
    text, _losses = services.export_trf(event)
    r = client.post("/api/events/trf", text, content_type="text/plain", **auth)
    assert r.status_code == 201, r.json()
    body = r.json()
    assert (body["players"], body["rounds_paired"], body["rounds"]) == (10, 1, 5)
    upload = SimpleUploadedFile("club.trf", text.encode())
    r = client.post("/api/events/trf", {"file": upload}, **auth)
    assert r.status_code == 201 and r.json()["players"] == 10
    imported = r.json()["id"]
    boards = client.get(f"/api/events/{imported}/rounds/1", **auth).json()["boards"]
    original = client.get(f"/api/events/{event.pk}/rounds/1", **auth).json()["boards"]
    assert boards == original


def test_a_trf_file_refused_names_its_line_and_column(client: Client, chief: User) -> None:
    auth = bearer(chief)
    bad = "012 Broken\n001    1      Alpha                              1800 GER\n"
    r = client.post("/api/events/trf", bad, content_type="text/plain", **auth)
    assert r.status_code == 400
    body = r.json()
    assert body["errors"] and {"line", "column", "message"} <= set(body["errors"][0])
    assert body["detail"].startswith("request.trf:")
    assert not m.Event.objects.exists()
    r = client.post("/api/events/trf", "", content_type="text/plain", **auth)
    assert r.status_code == 422 and r.json()["errors"][0]["field"] == "body"


def test_a_file_beyond_the_bound_is_refused_unread(client: Client, chief: User) -> None:
    auth = bearer(chief)
    big = "x" * (limits.MAX_FILE_BYTES + 1)
    r = client.post("/api/pair", big, content_type="text/plain", **auth)
    assert r.status_code == 413
    assert str(limits.MAX_FILE_BYTES) in r.json()["detail"]


def test_an_event_form_refusal_names_the_field(client: Client, chief: User) -> None:
    auth = bearer(chief)
    r = call(client, "post", "/api/events", auth, {"name": "X", "rounds": 0})
    assert r.status_code == 422 and r.data["errors"][0]["field"] == "rounds"
    assert r.data["detail"].startswith("rounds: ")
    r = call(client, "post", "/api/events", auth, {"name": "X", "system": "lottery"})
    assert r.status_code == 422 and r.data["errors"][0]["field"] == "system"
    r = call(client, "post", "/api/events", auth, {"name": "X", "colour": "white"})
    assert r.status_code == 422  # an unknown field is refused, not ignored
    r = call(client, "post", "/api/events", auth, {"name": "X", "tiebreaks": "BH,XYZ"})
    assert r.status_code in (400, 422) and "XYZ" in r.data["detail"]
    assert not m.Event.objects.exists()


# -- results ---------------------------------------------------------------------------------


def test_a_different_result_needs_replace(client: Client, arbiter: User, event: m.Event) -> None:
    auth = bearer(arbiter)
    services.pair_next_round(event, arbiter)
    path = f"/api/events/{event.pk}/rounds/1/boards/1"
    assert call(client, "put", path, auth, {"result": "1"}).data["result"] == "1-0"
    again = call(client, "put", path, auth, {"result": "1-0"})
    assert again.status_code == 200 and not again.data["changed"]
    r = call(client, "put", path, auth, {"result": "0-1"})
    assert r.status_code == 409
    assert r.data["errors"][0]["current"] == "1-0" and r.data["errors"][0]["new"] == "0-1"
    assert m.Board.objects.get(round__event=event, number=1).result == "1"
    r = call(client, "put", path, auth, {"result": "0-1", "replace": True})
    assert r.status_code == 200 and (r.data["previous"], r.data["result"]) == ("1-0", "0-1")
    stale = call(client, "put", path, auth, {"result": "=", "replace": True, "version": 0})
    assert stale.status_code == 409
    unknown = call(client, "put", path, auth, {"result": "2-0"})
    assert unknown.status_code == 400 and "2-0" in unknown.data["detail"]
    missing = call(
        client, "put", f"/api/events/{event.pk}/rounds/1/boards/99", auth, {"result": "1"}
    )
    assert missing.status_code == 404
    no_round = call(client, "get", f"/api/events/{event.pk}/rounds/2", auth)
    assert no_round.status_code == 404


def test_a_loss_against_half_a_point(client: Client, arbiter: User, event: m.Event) -> None:
    """0-½: a persistent refusal loses, the arbiter gives the opponent ½ (Laws 2023 art. 11.7);
    0-0 is no one game's result."""
    auth = bearer(arbiter)
    services.pair_next_round(event, arbiter)
    path = f"/api/events/{event.pk}/rounds/1/boards/1"
    r = call(client, "put", path, auth, {"result": "0-½"})
    assert r.status_code == 200 and r.data["result"] == "0-½"
    board = m.Board.objects.get(round__event=event, number=1)
    assert (board.result, board.black_result) == ("0", "=")
    refused = call(client, "put", path, auth, {"result": "0-0", "replace": True})
    assert refused.status_code == 400 and "0-0" in refused.data["detail"]


def test_a_round_already_being_paired_is_a_conflict(
    client: Client, chief: User, event: m.Event
) -> None:
    auth = bearer(chief)
    assert call(client, "post", f"/api/events/{event.pk}/rounds/next", auth).status_code == 202
    r = call(client, "post", f"/api/events/{event.pk}/rounds/next", auth)
    assert r.status_code == 409 and "Round 1" in r.data["detail"]


def test_a_failed_pairing_job_says_why(client: Client, chief: User, event: m.Event) -> None:
    auth = bearer(chief)
    services.pair_next_round(event, chief)  # round 1 without results
    r = call(client, "post", f"/api/events/{event.pk}/rounds/next", auth)
    assert r.status_code == 202
    run_pending()
    job = call(client, "get", r.data["status_url"], auth).data
    assert job["state"] == "failed" and job["result"] is None
    assert "round 1" in job["error"].lower()


# -- permissions -----------------------------------------------------------------------------


def test_no_token_no_access(client: Client, event: m.Event) -> None:
    for method, path in [
        ("get", "/api/events"),
        ("get", f"/api/events/{event.pk}"),
        ("get", f"/api/events/{event.pk}/standings"),
        ("post", "/api/events"),
        ("post", "/api/pair"),
        ("post", f"/api/events/{event.pk}/rounds/next"),
    ]:
        r = getattr(client, method)(path)
        assert r.status_code == 401, path
        assert r["WWW-Authenticate"] == "Bearer"
        assert "Bearer" in r.json()["detail"]
    for header in ("Bearer ca_nothing", "Bearer ", "Token x", "Bearer " + "a" * 5000):
        r = client.get("/api/events", HTTP_AUTHORIZATION=header)
        assert r.status_code == 401


def test_a_viewer_reads_but_does_not_write(client: Client, viewer: User, event: m.Event) -> None:
    auth = bearer(viewer)
    services.pair_next_round(event, event.owner)
    assert call(client, "get", f"/api/events/{event.pk}", auth).status_code == 200
    assert call(client, "get", f"/api/events/{event.pk}/rounds/1", auth).status_code == 200
    assert client.get(f"/api/events/{event.pk}/trf", **auth).status_code == 200
    refused = [
        call(client, "post", f"/api/events/{event.pk}/players", auth, {"name": "New, One"}),
        call(client, "post", f"/api/events/{event.pk}/rounds/next", auth),
        call(client, "put", f"/api/events/{event.pk}/rounds/1/boards/1", auth, {"result": "1-0"}),
        call(client, "post", "/api/events", auth, {"name": "Mine"}),
    ]
    assert [r.status_code for r in refused] == [403] * 4
    assert "Arbiter" in refused[0].data["detail"] or "arbiter" in refused[0].data["detail"]
    assert "may not create events" in refused[3].data["detail"]
    assert m.Player.objects.filter(event=event).count() == 10


def test_an_arbiter_of_one_event_cannot_touch_another(
    client: Client, arbiter: User, event: m.Event
) -> None:
    stranger = User.objects.create_user("stranger")
    other = services.create_event(stranger, name="Other open", rounds=5)
    auth = bearer(arbiter)
    for method, path, body in [
        ("get", f"/api/events/{other.pk}", None),
        ("get", f"/api/events/{other.pk}/players", None),
        ("get", f"/api/events/{other.pk}/standings", None),
        ("get", f"/api/events/{other.pk}/trf", None),
        ("post", f"/api/events/{other.pk}/players", {"name": "Sneaky, One"}),
        ("post", f"/api/events/{other.pk}/rounds/next", None),
    ]:
        assert call(client, method, path, auth, body).status_code == 404, path
    job = services_job = call(
        client, "post", f"/api/events/{event.pk}/rounds/next", bearer(event.owner)
    )
    assert services_job.status_code == 202
    assert call(client, "get", job.data["status_url"], bearer(stranger)).status_code == 404
    assert [e["id"] for e in call(client, "get", "/api/events", auth).data] == [event.pk]


# -- tokens ----------------------------------------------------------------------------------


def test_tokens_are_stored_as_digests(chief: User) -> None:
    key = create_token(chief, "platform")
    token = ApiToken.objects.get()
    assert key.startswith("ca_") and len(key) > 40
    assert token.digest == digest(key) and key not in token.digest
    assert key.startswith(token.prefix) and len(token.prefix) == 11
    assert user_for_key(key) == chief
    assert ApiToken.objects.get().last_used is not None
    assert user_for_key(key[:-1] + ("A" if key[-1] != "A" else "B")) is None
    assert revoke_token(chief, token.pk)
    assert user_for_key(key) is None
    assert not revoke_token(chief, token.pk)


def test_an_expired_token_or_an_inactive_user_is_refused(client: Client, chief: User) -> None:
    past = timezone.now() - timedelta(seconds=1)
    expired = create_token(chief, "old", expires_at=past)
    assert client.get("/api/events", HTTP_AUTHORIZATION=f"Bearer {expired}").status_code == 401
    key = create_token(chief, "new", expires_at=timezone.now() + timedelta(days=1))
    assert client.get("/api/events", HTTP_AUTHORIZATION=f"Bearer {key}").status_code == 200
    chief.is_active = False
    chief.save()
    assert client.get("/api/events", HTTP_AUTHORIZATION=f"Bearer {key}").status_code == 401


# -- stateless -------------------------------------------------------------------------------


def test_the_stateless_pairing(client: Client, viewer: User, event: m.Event) -> None:
    """The next round of a posted file, stored nowhere: what ``--dutch FILE -p`` prints."""
    auth = bearer(viewer)
    text, _losses = services.export_trf(event)
    r = client.post("/api/pair", text, content_type="text/plain", **auth)
    assert r.status_code == 200, r.json()
    body = r.json()
    assert body["round"] == 1 and body["edition"] == "2026" and body["bye"] is None
    assert [(b["white"], b["black"]) for b in body["boards"]] == [
        (1, 6),
        (7, 2),
        (3, 8),
        (9, 4),
        (5, 10),
    ]
    assert body["lines"] == ["5", "1 6", "7 2", "3 8", "9 4", "5 10"]
    assert body["boards"][0]["white_name"] == NAMES[0][0]
    assert not m.Round.objects.exists()
    services.pair_next_round(event, event.owner)
    pending, _losses = services.export_trf(event)
    r = client.post("/api/pair?edition=2017", pending, content_type="text/plain", **auth)
    assert r.status_code == 400 and "round 1" in r.json()["detail"].lower()
    r = client.post("/api/pair?edition=1999", text, content_type="text/plain", **auth)
    assert r.status_code == 422 and r.json()["errors"][0]["field"] == "edition"
    upload = SimpleUploadedFile("x.trf", text.encode())
    assert client.post("/api/pair", {"file": upload}, **auth).json()["lines"] == body["lines"]
    # another FIDE Swiss system: as its engine pairs the file
    r = client.post("/api/pair?edition=dubov-2026", text, content_type="text/plain", **auth)
    assert r.status_code == 200, r.json()
    expected = pairing_rules("dubov-2026").pair(trf.loads(text, "x.trf"))
    assert r.json()["lines"] == expected.engine_lines() and r.json()["edition"] == "dubov-2026"


# -- schema and docs -------------------------------------------------------------------------


def _refs(node: Any) -> set[str]:
    if isinstance(node, dict):
        found = {node["$ref"]} if isinstance(node.get("$ref"), str) else set()
        return found.union(*(_refs(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(_refs(v) for v in node))
    return set()


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    assert len(keys) == len(set(keys)), f"duplicate keys {keys}"
    return dict(pairs)


def test_the_schema_is_openapi_3(client: Client) -> None:
    r = client.get("/api/schema/")
    assert r.status_code == 200
    # a key twice in one object (an int and a str 200 in one responses dict) is valid to
    # Python's json but refused by Swagger UI's parser: the docs page drew nothing
    schema = json.loads(r.content, object_pairs_hook=_no_duplicate_keys)
    assert re.fullmatch(r"3\.\d+\.\d+", schema["openapi"])
    assert {"title", "version"} <= set(schema["info"])
    paths = schema["paths"]
    assert {
        "/api/events",
        "/api/events/trf",
        "/api/events/{event_id}",
        "/api/events/{event_id}/players",
        "/api/events/{event_id}/rounds/next",
        "/api/jobs/{job_id}",
        "/api/events/{event_id}/rounds/{number}",
        "/api/events/{event_id}/rounds/{number}/boards/{board}",
        "/api/events/{event_id}/standings",
        "/api/events/{event_id}/trf",
        "/api/pair",
    } <= set(paths)
    methods = {"get", "put", "post", "delete", "patch"}
    for path, item in paths.items():
        for method, operation in item.items():
            assert method in methods, (path, method)
            assert operation["responses"], (path, method)
            assert all(re.fullmatch(r"[1-5]\d\d", code) for code in operation["responses"])
            assert operation.get("security"), (path, method)
    schemes = schema["components"]["securitySchemes"]
    assert any(v == {"type": "http", "scheme": "bearer"} for v in schemes.values())
    components = schema["components"]["schemas"]
    for ref in _refs(schema):
        assert ref.startswith("#/components/schemas/") and ref.rsplit("/", 1)[1] in components
    assert "text/plain" in paths["/api/pair"]["post"]["requestBody"]["content"]


def test_the_docs_page_loads_its_script_from_this_server(client: Client) -> None:
    r = client.get("/api/docs/")
    assert r.status_code == 200
    page = r.content.decode()
    sources = re.findall(r'<script[^>]*src="([^"]+)"', page) + re.findall(
        r'<link[^>]*href="([^"]+)"', page
    )
    assert any(s.endswith("swagger-ui-bundle.js") for s in sources)
    for source in sources:
        assert source.startswith("/static/"), source  # no CDN
        assert client.get(source).status_code == 200, source


@pytest.mark.parametrize("path", ["/api/events/abc", "/api/jobs/not-a-uuid"])
def test_a_path_of_the_wrong_shape(client: Client, chief: User, path: str) -> None:
    r = client.get(path, **bearer(chief))
    assert r.status_code in (404, 422) and "detail" in r.json()


def test_refusals_of_any_kind_are_json(
    client: Client, chief: User, event: m.Event, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A body that is no JSON, a JSON body too large, a method an address does not take,
    an address that does not exist: JSON refusals, never an HTML page."""
    auth = bearer(chief)
    r = client.post("/api/events", "{bad", content_type="application/json", **auth)
    assert r.status_code == 400 and "JSON" in r.json()["detail"]
    big = json.dumps([{"name": "x" * 90}] * 30000)
    r = client.post(f"/api/events/{event.pk}/players", big, content_type="application/json", **auth)
    assert r.status_code == 413 and r.json()["errors"] == []
    r = client.delete(f"/api/events/{event.pk}", **auth)
    assert r.status_code == 405 and "GET" in r.json()["detail"] and r["Allow"] == "GET"
    r = client.get("/api/nowhere/at/all", **auth)
    assert r.status_code == 404 and "/api/docs/" in r.json()["detail"]
    r = client.get(f"/api/events/{event.pk}/standings?after_round=3", **auth)
    assert r.status_code == 400 and "round 3" in r.json()["detail"]
    for path in ("/api/pair", "/api/events", f"/api/events/{event.pk}/players"):
        for content_type in ("multipart/form-data", "multipart/form-data; boundary=x"):
            r = client.post(path, b"\x00--x", content_type=content_type, **auth)
            assert r.status_code in (400, 422) and r.json()["detail"], (path, content_type)


def test_a_fault_of_the_server_is_told_without_details(
    client: Client, chief: User, event: m.Event, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("secret internals")

    monkeypatch.setattr(services, "export_trf", broken)
    r = client.get(f"/api/events/{event.pk}/trf", **bearer(chief))
    assert r.status_code == 500
    assert r.json() == {"detail": "Internal error: the request was not completed.", "errors": []}
    assert b"secret" not in r.content


def test_a_user_makes_and_revokes_his_tokens_on_a_page(
    client: Client, viewer: User, chief: User
) -> None:
    """The key is on the answer to the form that made it, once; the list shows its first
    characters only; a user revokes his own tokens, not another's."""
    assert client.get("/api/tokens/").status_code == 302  # to the login page
    client.force_login(viewer)
    made = client.post("/api/tokens/", {"create": "1", "name": "results board"})
    assert made.status_code == 200
    key = re.search(r"<code>(ca_[^<]+)</code>", made.content.decode())
    assert key is not None and user_for_key(key.group(1)) == viewer
    listed = client.get("/api/tokens/").content.decode()
    assert "results board" in listed and key.group(1) not in listed
    token = ApiToken.objects.get(user=viewer)
    assert token.prefix in listed
    others = ApiToken.objects.get(digest=digest(create_token(chief, "chief's")))
    r = client.post("/api/tokens/", {"revoke": "1", "token": str(others.pk)})
    assert r.status_code == 302 and ApiToken.objects.filter(pk=others.pk).exists()
    client.post("/api/tokens/", {"revoke": "1", "token": str(token.pk)})
    assert user_for_key(key.group(1)) is None
    assert client.post("/api/tokens/", {"create": "1", "name": " "}).status_code == 200
    assert not ApiToken.objects.filter(user=viewer).exists()


def test_no_valid_pairing_is_told_with_the_reason(client: Client, chief: User) -> None:
    """Two players who have met have no valid second round (C.04.3 C1): 422 with the
    engine's reason."""
    ev = services.create_event(chief, name="Two", rounds=3)
    services.add_players(ev, chief, [{"name": "A, One"}, {"name": "B, Two"}])
    rnd = services.pair_next_round(ev, chief)
    services.set_result(rnd.boards.get().pk, chief, "=")
    text, _losses = services.export_trf(ev)
    r = client.post("/api/pair", text, content_type="text/plain", **bearer(chief))
    assert r.status_code == 422, r.json()
    assert r.json()["detail"].startswith("No valid pairing exists: ")


def test_a_double_swiss_event_counts_matches_and_games(client: Client, chief: User) -> None:
    """A Double-Swiss event (C.04.5) through the API: ``rounds`` counts matches, the next round
    is a match stored as two game rounds (``rounds_paired`` counts games, ``games_per_round``
    says 2), game 2 the reverse of game 1."""
    auth = bearer(chief)
    body = {"name": "Double", "rounds": 3, "edition": "double-swiss-2026"}
    r = call(client, "post", "/api/events", auth, body)
    assert r.status_code == 201, r.data
    event_id = r.data["id"]
    assert (r.data["rounds"], r.data["games_per_round"]) == (3, 2)
    players = [{"name": n, "rating": rating} for n, rating in NAMES]
    assert call(client, "post", f"/api/events/{event_id}/players", auth, players).status_code == 201
    pair_round(client, event_id, auth)
    ev = call(client, "get", f"/api/events/{event_id}", auth).data
    assert (ev["rounds"], ev["rounds_paired"], ev["games_per_round"]) == (3, 2, 2)
    one = call(client, "get", f"/api/events/{event_id}/rounds/1", auth).data
    two = call(client, "get", f"/api/events/{event_id}/rounds/2", auth).data
    assert [(b["white"], b["black"]) for b in two["boards"]] == [
        (b["black"], b["white"]) for b in one["boards"]
    ]
    other = call(client, "post", "/api/events", auth, {"name": "Plain", "rounds": 3}).data
    assert other["games_per_round"] == 1


def test_the_api_registers_what_the_library_accepts(
    client: Client, chief: User, event: m.Event
) -> None:
    """The players page offers sex and title as choices, yet the one validator is the
    library's (:func:`chessarbiter.event_settings.player_problems`): a national title and
    ``f`` for a woman, as other programs write them, are registered through the API; a title
    the library refuses is refused with its words."""
    auth = bearer(chief)
    url = f"/api/events/{event.pk}/players"
    r = call(client, "post", url, auth, {"name": "Ivanova, Anna", "title": "KM", "sex": "f"})
    assert r.status_code == 201, r.data
    player = event.players.get(name="Ivanova, Anna")
    assert (player.title, player.sex) == ("KM", "f")
    r = call(client, "post", url, auth, {"name": "Bad, Title", "title": "GM1"})
    assert r.status_code == 422 and "GM1" in r.data["detail"], r.data
    assert "available choices" not in r.data["detail"]
    assert not event.players.filter(name="Bad, Title").exists()
