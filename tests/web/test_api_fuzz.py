"""Random requests to the JSON API: whatever the body, the answer is a refusal in JSON with
its status (or a success), never a server error. Bounded: 50 examples a test."""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth.models import User
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chessarbiter.web.api.tokens import create_token
from chessarbiter.web.events import models as m
from chessarbiter.web.events import services

BUDGET = settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

#: The statuses the API answers with (500 is not one of them).
ANSWERS = {200, 201, 202, 400, 401, 403, 404, 409, 413, 422}

EVENT_FIELDS = ["name", "rounds", "system", "tiebreaks", "win_points", "start_date", "public"]
PLAYER_FIELDS = ["name", "rating", "fide_id", "federation", "title", "sex", "birth_date"]

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=30)
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


def objects(fields: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    """JSON objects with the endpoint's field names (and others) and any values."""
    return st.dictionaries(
        st.sampled_from([*fields, "other"]) | st.text(max_size=6), values, max_size=5
    )


def checked(r: Any) -> None:
    assert r.status_code in ANSWERS, (r.status_code, r.content[:300])
    if r.status_code >= 400:
        body = r.json()
        assert isinstance(body["detail"], str) and body["detail"]
        assert isinstance(body["errors"], list)


#: What a mutation writes into a line: mostly what TRF lines hold (digits, letters, blanks).
#: Text an HTTP client can send: UTF-8 has no lone surrogates (the test client could not encode
#: one; random bytes are sent by ``st.binary`` below).
trf_text = st.text(
    st.sampled_from("0123456789 .+-=WDLHFUZwb") | st.characters(codec="utf-8"), max_size=12
)


def _mutated(text: str, data: st.DataObject) -> str:
    """``text`` with a few of its lines cut, changed or added at random."""
    lines = text.splitlines()
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, max(0, len(lines) - 1)))
        what = data.draw(st.sampled_from(["cut", "splice", "add", "drop"]))
        line = lines[i] if lines else ""
        if what == "drop" and lines:
            del lines[i]
        elif what == "add":
            lines.insert(
                i,
                data.draw(st.sampled_from(["001", "012", "132", "240", "XXR", "162"]))
                + data.draw(st.text(st.sampled_from(" 0123456789.abcWDL+-"), max_size=80)),
            )
        else:
            at = data.draw(st.integers(0, len(line)))
            piece = data.draw(trf_text)
            end = at + (len(piece) if what == "splice" else data.draw(st.integers(0, 20)))
            lines[i] = line[:at] + piece + line[end:]
    return "\n".join(lines)


@BUDGET
@given(body=st.one_of(objects(EVENT_FIELDS), values))
def test_random_events(client: Client, chief: User, body: Any) -> None:
    auth: dict[str, Any] = {"HTTP_AUTHORIZATION": f"Bearer {create_token(chief, 'fuzz')}"}
    checked(client.post("/api/events", json.dumps(body), content_type="application/json", **auth))


@BUDGET
@given(body=st.one_of(objects(PLAYER_FIELDS), st.lists(objects(PLAYER_FIELDS), max_size=3), values))
def test_random_players(client: Client, chief: User, event: m.Event, body: Any) -> None:
    auth: dict[str, Any] = {"HTTP_AUTHORIZATION": f"Bearer {create_token(chief, 'fuzz')}"}
    path = f"/api/events/{event.pk}/players"
    checked(client.post(path, json.dumps(body), content_type="application/json", **auth))


@BUDGET
@given(
    body=st.one_of(
        st.fixed_dictionaries(
            {
                "result": st.sampled_from(["1-0", "=", "0", "+", "", "--", "1-0u", "x"])
                | st.text(max_size=5)
            },
            optional={"replace": values, "version": values},
        ),
        values,
    ),
    board=st.integers(-3, 8),
    number=st.integers(0, 3),
)
def test_random_results(
    client: Client, chief: User, event: m.Event, body: Any, board: int, number: int
) -> None:
    if not event.round_set.exists():
        services.pair_next_round(event, chief)
    auth: dict[str, Any] = {"HTTP_AUTHORIZATION": f"Bearer {create_token(chief, 'fuzz')}"}
    path = f"/api/events/{event.pk}/rounds/{number}/boards/{board}"
    checked(client.put(path, json.dumps(body), content_type="application/json", **auth))


@BUDGET
@given(data=st.data())
def test_random_trf_files(client: Client, chief: User, event: m.Event, data: st.DataObject) -> None:
    """Files made from a real export with lines cut, changed or added, random text and
    random bytes, sent to the import and to the stateless pairing."""
    auth: dict[str, Any] = {"HTTP_AUTHORIZATION": f"Bearer {create_token(chief, 'fuzz')}"}
    text, _losses = services.export_trf(event)
    body: str | bytes = data.draw(
        st.one_of(
            st.just(text).map(lambda t: _mutated(t, data)),
            st.text(st.characters(codec="utf-8"), max_size=200),
            st.binary(max_size=200),
        )
    )
    target = data.draw(st.sampled_from(["/api/events/trf", "/api/pair"]))
    content_type = data.draw(
        st.sampled_from(
            [
                "text/plain",
                "application/json",
                "application/octet-stream",
                "multipart/form-data; boundary=fuzz",
                "multipart/form-data",
            ]
        )
    )
    checked(client.post(target, body, content_type=content_type, **auth))
