"""Forms of the arbiter's pages. Validation is the library's: an event's and a player's fields
go through :mod:`chessarbiter.event_settings` (the models' ``clean``), as every other way in
does; a form only shows each field's bounds and checks an upload's size."""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Callable
from typing import Any

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.text import capfirst, format_lazy
from django.utils.translation import gettext_lazy as _

from chessarbiter import event_settings, limits
from chessarbiter.categories import birth_date_of
from chessarbiter.model.player import display_title
from chessarbiter.registration import FIDE_TITLES, RATING_MAX
from chessarbiter.special.consultation import (
    ConsultationError,
    ConsultationGroup,
    check_group,
    members_text,
)

from ..events import models as m


def _show_bounds(form: forms.BaseModelForm) -> None:  # type: ignore[type-arg]
    """Each bounded number field of ``form`` gets its bounds as ``min``/``max`` and in its
    help text: the bounds its model field is validated against (the library's,
    :mod:`chessarbiter.limits` and :data:`chessarbiter.event_settings.MAX_POINTS`)."""
    model = form._meta.model
    for name, field in form.fields.items():
        if name not in (form._meta.fields or ()):
            continue  # a form field of its own, not the model's
        checks = model._meta.get_field(name).validators
        lows = [v.limit_value for v in checks if isinstance(v, MinValueValidator)]
        highs = [v.limit_value for v in checks if isinstance(v, MaxValueValidator)]
        if not (lows and highs):
            continue
        low, high = max(lows), min(highs)
        field.widget.attrs.update({"min": str(low), "max": str(high)})
        bound = _("from %(low)s to %(high)s") % {"low": low, "high": high}
        field.help_text = f"{field.help_text} ({bound})" if field.help_text else bound


def date_input() -> forms.DateInput:
    """A date field's widget: the browser's date picker, which shows the date in the user's
    locale and sends it as ISO 8601 (``2026-12-01``, the only value ``<input type="date">``
    takes, whatever the page's language; Django reads it in every language)."""
    return forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


def json_attr(value: Any) -> str:
    """``value`` as JSON for an HTML attribute (Django escapes the attribute)."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _checked_upload(upload: Any, maximum: int = limits.MAX_FILE_BYTES) -> Any:
    """An uploaded file no larger than ``maximum`` bytes
    (:data:`chessarbiter.limits.MAX_FILE_BYTES`)."""
    if upload is not None and upload.size > maximum:
        raise forms.ValidationError(
            _("The file has %(size)d bytes; at most %(max)d are read.")
            % {"size": upload.size, "max": maximum}
        )
    return upload


class EventForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = m.Event
        fields = [
            "name",
            "city",
            "federation",
            "start_date",
            "end_date",
            "chief_arbiter",
            "time_control",
            "system",
            "edition",
            "rounds",
            "win_points",
            "draw_points",
            "loss_points",
            "bye_points",
            "acceleration",
            "initial_colour",
            "tiebreaks",
            "tiebreak_edition",
            "boards_per_team",
            "team_score",
            "team_tiebreaks",
            "team_pairing",
            "reserve_regime",
            "knockout_scheme",
            "match_format",
            "lot_seed",
            "cup_legs",
            "cup_drawn_match",
            "cup_board_weights",
            "handicap_limits",
            "time_odds",
            "mixed_match",
            "simul_boards",
            "simul_per_minutes",
            "sanction_ladder",
            "public",
            "protest_hours",
        ]
        widgets = {
            "start_date": date_input(),
            "end_date": date_input(),
        }

    #: The settings by the systems that read them, shown as fieldsets: a legend, the fields,
    #: the systems (the ``system`` select's values) they are shown for; none: every system.
    #: A script shows only those of the chosen system (with scripts off, every fieldset shows);
    #: a system listed in none of them (a kind of event added later) shows them all.
    GROUPS: tuple[tuple[Any, tuple[str, ...], tuple[str, ...]], ...] = (
        (
            _("Event"),
            (
                "name",
                "system",
                "time_control",
                "city",
                "federation",
                "start_date",
                "end_date",
                "chief_arbiter",
                "public",
                "protest_hours",
                "sanction_ladder",
            ),
            (),
        ),
        (
            _("Rounds and pairing"),
            (
                "rounds",
                "edition",
                "acceleration",
                "initial_colour",
                "handicap_limits",
                "time_odds",
                "mixed_match",
            ),
            ("swiss", "roundrobin", "team-rr", "team-swiss", "consultation"),
        ),
        (
            _("Points"),
            ("win_points", "draw_points", "loss_points", "bye_points"),
            ("swiss", "roundrobin", "team-rr", "team-swiss", "consultation"),
        ),
        (
            _("Tie-breaks"),
            ("tiebreaks", "tiebreak_edition"),
            ("swiss", "roundrobin", "team-rr", "team-swiss", "consultation"),
        ),
        (
            _("Teams"),
            ("boards_per_team", "team_score", "team_tiebreaks", "team_pairing", "reserve_regime"),
            ("team-rr", "team-swiss", "team-cup"),
        ),
        (
            _("Knockout"),
            ("knockout_scheme", "match_format", "lot_seed"),
            ("knockout", "team-cup"),
        ),
        (
            _("Team cup"),
            ("cup_legs", "cup_drawn_match", "cup_board_weights"),
            ("team-cup",),
        ),
        (
            _("Simul contest"),
            ("simul_boards", "simul_per_minutes"),
            ("simul-contest",),
        ),
    )
    #: Fields shown for fewer systems than their group: (field, systems).
    ONLY_FOR: tuple[tuple[str, tuple[str, ...]], ...] = (
        ("edition", ("swiss",)),
        ("acceleration", ("swiss",)),
        ("handicap_limits", ("swiss",)),
        ("time_odds", ("swiss", "roundrobin")),
        ("mixed_match", ("roundrobin",)),
        ("knockout_scheme", ("knockout",)),  # a team cup is always drawn as a cup
        ("match_format", ("knockout",)),  # a team cup's matches: legs and drawn-match rules
        ("initial_colour", ("swiss", "team-swiss")),
        ("bye_points", ("swiss", "team-swiss")),
        ("team_pairing", ("team-swiss",)),
        ("team_tiebreaks", ("team-rr", "team-swiss")),
        ("team_score", ("team-rr", "team-swiss")),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _show_bounds(self)
        if "tiebreaks" in self.fields:
            self._offer_default_tiebreaks()
        if self.instance.pk is not None and self.instance.keizer_scored():
            # ranked by Keizer scores: the tie-breaks do not apply (the Keizer settings page
            # holds the event's parameters)
            for name in ("tiebreaks", "tiebreak_edition"):
                del self.fields[name]
        else:
            field = self.fields["tiebreaks"]
            field.help_text = format_lazy(
                "{} ({})", field.help_text, _("not used by a Keizer event: Keizer scores rank it")
            )

    def _offer_default_tiebreaks(self) -> None:
        """The tie-breaks may be left blank for the chosen system's default
        (:func:`chessarbiter.event_settings.default_tiebreaks`, read for each value of the
        ``system`` select): a new event starts blank, its placeholder the default of the
        system shown, and the help text names each default."""
        field = self.fields["tiebreaks"]
        field.required = False
        system_field = self.fields["system"]
        assert isinstance(system_field, forms.ChoiceField)
        choices: list[tuple[Any, Any]] = list(system_field.choices)  # type: ignore[arg-type]
        systems = [str(value) for value, _label in choices if value]
        defaults = {value: event_settings.default_tiebreaks(value) for value in systems}
        field.widget.attrs["data-defaults"] = json_attr(defaults)
        system = self["system"].value() or m.Event.System.SWISS
        field.widget.attrs["placeholder"] = event_settings.default_tiebreaks(str(system))
        if self.instance.pk is None and not self.is_bound:
            self.initial["tiebreaks"] = ""
        labels = dict(choices)
        usual = event_settings.default_tiebreaks(m.Event.System.SWISS)
        others = "; ".join(
            f"{labels[value]}: {default}" for value, default in defaults.items() if default != usual
        )
        field.help_text = format_lazy(
            "{}. {}",
            field.help_text,
            _("Blank: the system's default (%(others)s; otherwise %(usual)s).")
            % {"others": others, "usual": usual},
        )

    def clean_tiebreaks(self) -> str:
        text: str = self.cleaned_data["tiebreaks"] or ""
        return text.strip()

    def clean(self) -> dict[str, Any]:
        """Blank tie-breaks: the chosen system's default
        (:func:`chessarbiter.event_settings.default_tiebreaks`)."""
        data = super().clean() or {}
        if "tiebreaks" in self.fields and not data.get("tiebreaks") and data.get("system"):
            data["tiebreaks"] = event_settings.default_tiebreaks(data["system"])
        return data

    def fieldsets(self) -> list[dict[str, Any]]:
        """The form's fields in :data:`GROUPS`: a legend, the systems (space-separated, blank
        for every system) and the bound fields, each with the systems it is shown for; a
        field in no group joins the first."""
        only = dict(self.ONLY_FOR)
        placed = {name for _legend, names, _systems in self.GROUPS for name in names}
        sets = []
        for index, (legend, names, systems) in enumerate(self.GROUPS):
            extra = [n for n in self.fields if n not in placed] if index == 0 else []
            rows = [
                (self[name], " ".join(only.get(name, ())))
                for name in (*names, *extra)
                if name in self.fields
            ]
            if rows:
                sets.append({"legend": legend, "systems": " ".join(systems), "rows": rows})
        return sets

    def clean_team_tiebreaks(self) -> str:
        text: str = self.cleaned_data["team_tiebreaks"]
        return text.strip()


#: A date as ``<input type="date">`` sends it.
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


class BirthDateInput(forms.DateInput):
    """The browser's date picker for a birth date stored as TRF writes it (``1969/12/06``,
    ``1969.12.06``): the stored date shown as the picker takes it (``1969-12-06``)."""

    input_type = "date"

    def format_value(self, value: Any) -> str | None:
        if isinstance(value, str):
            known = birth_date_of(value)
            if known is not None and known[1] is not None:
                return known[1].isoformat()
        result: str | None = super().format_value(value)
        return result


class BirthDateField(forms.CharField):
    """A birth date typed in the date picker, stored as TRF16 record 001 writes it
    (:func:`chessarbiter.event_settings.birth_date_text`, ``YYYY/MM/DD``); any other text
    (a year alone, as imported) is kept as written, for the library's validator
    (:func:`chessarbiter.event_settings.birth_date_problem`) to judge."""

    def to_python(self, value: Any) -> str:
        text = (super().to_python(value) or "").strip()
        if _ISO_DATE.fullmatch(text):
            try:
                return event_settings.birth_date_text(datetime.date.fromisoformat(text))
            except ValueError:
                return text  # no such day: the validator says so
        return text


def _with_stored(choices: list[tuple[str, Any]], stored: str, label: Any) -> list[tuple[str, Any]]:
    """``choices`` and, when the stored value is none of them (an import from another
    program), the stored value too, labelled ``label``: it shows and is kept by a save."""
    if stored and stored not in {value for value, _label in choices}:
        return [*choices, (stored, label)]
    return choices


class OfferedChoiceField(forms.ChoiceField):
    """A choice among those offered, or any other value the library's check ``problem``
    accepts (what other programs write, posted to the API): the library, not the list
    offered, decides what is valid."""

    def __init__(self, *, problem: Callable[[str], str | None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.problem = problem

    def valid_value(self, value: Any) -> bool:
        return super().valid_value(value) or self.problem(str(value)) is None

    def validate(self, value: Any) -> None:
        problem = self.problem(str(value)) if value else None
        if problem is not None and not super().valid_value(value):
            raise forms.ValidationError(problem, code="invalid_choice")  # the library's words
        super().validate(value)


class PlayerForm(forms.ModelForm):  # type: ignore[type-arg]
    """A player's registration: sex, title and birth date offered as choices and a date
    picker; the validation is the library's (:func:`chessarbiter.event_settings.player_problems`),
    which also takes what other programs write (a national title, a year of birth): such a
    stored value is offered as a choice of its own, so the player stays editable."""

    sex = OfferedChoiceField(
        label=capfirst(_("sex")), required=False, problem=event_settings.sex_problem
    )
    title = OfferedChoiceField(
        label=capfirst(_("title")), required=False, problem=event_settings.title_problem
    )
    birth_date = BirthDateField(
        label=capfirst(_("birth date")), required=False, max_length=10, widget=BirthDateInput()
    )

    class Meta:
        model = m.Player
        fields = [
            "name",
            "rating",
            "fide_id",
            "federation",
            "title",
            "sex",
            "birth_date",
            "club",
            "entry_stage",
            "personal_number",
        ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _show_bounds(self)
        stored: m.Player = self.instance
        sexes = {"m": _("man"), "w": _("woman")}
        sex = self.fields["sex"]
        assert isinstance(sex, forms.ChoiceField)
        sex.choices = _with_stored(
            [("", "—"), *((s, sexes.get(s, s)) for s in event_settings.SEXES)],
            stored.sex,
            format_lazy("{} ({})", stored.sex, _("as stored")),
        )
        title = self.fields["title"]
        assert isinstance(title, forms.ChoiceField)
        title.choices = _with_stored(
            [("", "—"), *((t, t) for t in FIDE_TITLES)],
            stored.title,
            format_lazy("{} ({}, {})", display_title(stored.title), stored.title, _("as stored")),
        )
        known = birth_date_of(stored.birth_date) if stored.birth_date else None
        birth = self.fields["birth_date"]
        birth.widget.attrs.update({"min": "1900-01-01", "max": "2099-12-31"})
        if stored.birth_date and (known is None or known[1] is None):
            # a year alone or another text, as imported: the date picker cannot show it
            birth.widget = forms.TextInput(attrs={"maxlength": "10"})
            birth.help_text = _("as stored; a date is written YYYY/MM/DD")

    def clean_birth_date(self) -> str:
        """The stored text when the date picker sends the same day (``1969.12.06`` stays
        as the file wrote it when another field is changed)."""
        text: str = self.cleaned_data["birth_date"]
        stored: str = self.instance.birth_date
        if stored and text and stored != text:
            before, after = birth_date_of(stored), birth_date_of(text)
            if before is not None and before == after and before[1] is not None:
                return stored
        return text

    def clean_rating(self) -> int | None:
        rating: int | None = self.cleaned_data["rating"]
        return rating or None  # a rating of 0 is "unrated", as in TRF and FIDE's lists

    def clean_fide_id(self) -> str:
        value: str = self.cleaned_data["fide_id"]
        return value.strip()


class GroupForm(forms.Form):
    """A consultation group's registration (a tournament of consultation games, Team
    Competitions 1972): its name, its leader («старший участник», who decides a
    disagreement), 1 to 3 other consultants and, if named, the intermediary who relays its
    moves. The group is checked by the library's one validator of a participant
    (:func:`chessarbiter.event_settings.player_problems`, through
    :func:`chessarbiter.special.consultation.group_from_text`), its words shown as they are."""

    name = forms.CharField(label=_("Group"), max_length=limits.MAX_NAME)
    leader = forms.CharField(
        label=_("Leader"),
        max_length=limits.MAX_NAME,
        help_text=_("decides when the consultants disagree"),
    )
    member_1 = forms.CharField(label=_("Consultant"), max_length=limits.MAX_NAME, required=False)
    member_2 = forms.CharField(label=_("Consultant"), max_length=limits.MAX_NAME, required=False)
    member_3 = forms.CharField(label=_("Consultant"), max_length=limits.MAX_NAME, required=False)
    intermediary = forms.CharField(
        label=_("Intermediary"),
        max_length=limits.MAX_NAME,
        required=False,
        help_text=_("relays the moves; not a consultant"),
    )

    #: The fields of the other consultants, in order.
    MEMBERS = ("member_1", "member_2", "member_3")

    def clean(self) -> dict[str, Any]:
        """The group as the library writes it
        (:func:`chessarbiter.special.consultation.members_text`) in ``members``, refused with
        the library's words unless :func:`chessarbiter.event_settings.player_problems` accepts
        it for a tournament of consultation groups."""
        data = super().clean() or {}
        if self.errors:
            return data
        members = [data[f].strip() for f in self.MEMBERS if data.get(f, "").strip()]
        relay = data.get("intermediary", "").strip() or None
        try:
            group = check_group(
                ConsultationGroup(data["name"], data["leader"], tuple(members), relay)
            )
        except ConsultationError as e:
            self.add_error(None, str(e))
            return data
        data["members"] = members_text(group)
        problems = event_settings.player_problems(
            event_settings.PlayerSettings(name=data["name"], members=data["members"]),
            event_settings.CONSULTATION,
        )
        for field, problem in problems.items():
            self.add_error(field if field in self.fields else None, problem)
        return data

    def registration(self) -> dict[str, str]:
        """The participant's stored fields: the group's name and its members."""
        return {"name": self.cleaned_data["name"].strip(), "members": self.cleaned_data["members"]}


class PlayerListForm(forms.Form):
    """The players page's search (GET, so that it works without scripts and can be linked):
    a name's part, a pairing number or a FIDE ID; a federation; a rating range; the order
    (:data:`PLAYER_SORTS`, ``-`` first for descending) and the rows a page (up to every
    player: :data:`chessarbiter.limits.MAX_PLAYERS`)."""

    q = forms.CharField(
        label=capfirst(_("name, number or FIDE ID")), required=False, max_length=limits.MAX_NAME
    )
    fed = forms.CharField(label=capfirst(_("federation")), required=False, max_length=3)
    rmin = forms.IntegerField(
        label=capfirst(_("rating from")), required=False, min_value=0, max_value=RATING_MAX
    )
    rmax = forms.IntegerField(
        label=capfirst(_("rating to")), required=False, min_value=0, max_value=RATING_MAX
    )
    sort = forms.ChoiceField(required=False, widget=forms.HiddenInput)
    per = forms.ChoiceField(
        label=capfirst(_("rows a page")),
        required=False,
        choices=[("50", "50"), ("100", "100"), ("200", "200"), ("all", _("all"))],
        initial="100",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        sort = self.fields["sort"]
        assert isinstance(sort, forms.ChoiceField)
        sort.choices = [(k, k) for key in PLAYER_SORTS for k in (key, f"-{key}")]
        self.fields["q"].widget.attrs.update({"type": "search", "autocomplete": "off"})
        for name in ("rmin", "rmax"):
            self.fields[name].widget.attrs["inputmode"] = "numeric"

    def value(self, name: str) -> Any:
        """The cleaned value of ``name``, or None when the field was left out or refused (a
        link with a bad value shows the whole list rather than an error)."""
        if not self.is_valid() and name in self.errors:
            return None
        return self.cleaned_data.get(name) or None

    def rows_a_page(self) -> int:
        """Rows a page: 100 unless chosen; "all" is every player an event may have."""
        per = self.value("per") or "100"
        return limits.MAX_PLAYERS if per == "all" else int(per)


#: The players page's orders (``?sort=``): the column, its database field(s).
PLAYER_SORTS: dict[str, tuple[str, ...]] = {
    "number": ("number",),
    "name": ("name", "number"),
    "rating": ("rating", "number"),
    "fed": ("federation", "number"),
    "title": ("title", "number"),
}


class ImportForm(forms.Form):
    FORMATS = [
        ("csv", _("CSV (a header row: name, rating, FIDE ID, federation, ...)")),
        ("fide", _("FIDE rating list (TXT or XML, downloaded from FIDE)")),
        ("trf", _("TRF (players only)")),
    ]
    kind = forms.ChoiceField(label=_("format"), choices=FORMATS)
    file = forms.FileField(label=_("file"))
    fide_ids = forms.CharField(
        label=_("FIDE IDs to take from the rating list"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_(
            "One per line or separated by commas; a rating list has every player of "
            "the world, so say which ones."
        ),
    )

    @staticmethod
    def max_bytes(kind: str) -> int:
        """The most bytes a file of ``kind`` may have: a player list
        :data:`chessarbiter.limits.MAX_FILE_BYTES`, a FIDE rating list (the whole world's
        players) :data:`~chessarbiter.limits.MAX_RATING_LIST_BYTES`."""
        return limits.MAX_RATING_LIST_BYTES if kind == "fide" else limits.MAX_FILE_BYTES

    def clean(self) -> dict[str, Any]:
        """The file within :meth:`max_bytes` of its kind."""
        data = super().clean() or {}
        if data.get("file") is not None:
            try:
                _checked_upload(data["file"], self.max_bytes(data.get("kind", "")))
            except forms.ValidationError as e:
                self.add_error("file", e)
        return data


class TrfImportForm(forms.Form):
    file = forms.FileField(label=_("TRF file"))

    def clean_file(self) -> Any:
        return _checked_upload(self.cleaned_data.get("file"))


class DeleteEventForm(forms.Form):
    """Deleting an event: its name typed again (a deletion is not undone by a click)."""

    name = forms.CharField(label=_("the event's name, to confirm"))
    reason = forms.CharField(label=_("reason (recorded)"), required=False, max_length=300)

    def __init__(self, event_name: str, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.event_name = event_name

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"]
        if name.strip() != self.event_name.strip():
            raise forms.ValidationError(_("Type the event's name exactly as it is written."))
        return name


class ByeForm(forms.Form):
    round = forms.IntegerField(label=_("round"), min_value=1)
    kind = forms.ChoiceField(
        label=_("bye"),
        choices=[("", _("none (withdraw the request)")), *m.ByeRequest.Kind.choices],
        required=False,
    )

    def __init__(self, *args: Any, keizer: bool = False, **kwargs: Any) -> None:
        """``keizer``: the kinds as a Keizer competition reads them
        (:func:`chessarbiter.pairing.keizer.scoring.round_item`: ``F`` club duty, ``Z`` an
        announced absence)."""
        super().__init__(*args, **kwargs)
        if keizer:
            field = self.fields["kind"]
            assert isinstance(field, forms.ChoiceField)
            field.label = _("absence")
            field.choices = [("", _("none (withdraw the request)")), *KEIZER_ABSENCES]


#: A Keizer competition's names of the byes a player asks for (the same TRF codes).
KEIZER_ABSENCES = [
    (m.ByeRequest.Kind.ZERO.value, _("announced absence")),
    (m.ByeRequest.Kind.FULL.value, _("club duty")),
    (m.ByeRequest.Kind.HALF.value, _("half-point bye")),
]


class RoleForm(forms.Form):
    username = forms.CharField(label=_("user name"))
    kind = forms.ChoiceField(label=_("role"), choices=m.Role.Kind.choices)


def parse_manual_boards(text: str) -> list[tuple[int, int | None]]:
    """Boards typed one per line as ``WHITE BLACK`` (pairing numbers); ``N 0`` or ``N bye`` is
    the pairing-allocated bye."""
    boards: list[tuple[int, int | None]] = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        parts = line.replace("-", " ").split()
        if not parts:
            continue
        try:
            if len(parts) != 2:
                raise ValueError
            white = int(parts[0])
            black = None if parts[1].lower() in ("0", "bye") else int(parts[1])
        except ValueError:
            raise forms.ValidationError(
                _("Line %(n)d: write two pairing numbers, white then black (or N 0 for the bye).")
                % {"n": lineno}
            ) from None
        boards.append((white, black))
    return boards


class ManualPairingForm(forms.Form):
    boards = forms.CharField(
        label=_("boards"),
        widget=forms.Textarea(attrs={"rows": 12, "class": "mono"}),
        help_text=_("One board per line: white's number, black's number; N 0 for the bye."),
    )
    note = forms.CharField(
        label=_("reason for the change (recorded)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    #: The boards whose deviations the arbiter was shown (:func:`boards_key`): a confirmation
    #: holds for exactly those boards, never for boards changed after the check.
    confirm = forms.CharField(required=False, widget=forms.HiddenInput)

    def clean_boards(self) -> list[tuple[int, int | None]]:
        return parse_manual_boards(self.cleaned_data["boards"])

    def confirmed(self) -> bool:
        """Whether the arbiter confirmed the deviations of these very boards."""
        return bool(self.cleaned_data["confirm"]) and self.cleaned_data["confirm"] == boards_key(
            self.cleaned_data["boards"]
        )


def boards_key(boards: list[tuple[int, int | None]]) -> str:
    """The boards as one line (``1-2 3-4 5-0``), what a confirmation is given for."""
    return " ".join(f"{w}-{b or 0}" for w, b in boards)


class ForbiddenPairForm(forms.Form):
    """Two players who must not meet (relatives, team mates: C.04.3 [C1] / TRF 260)."""

    first = forms.IntegerField(label=_("player (number)"), min_value=1)
    second = forms.IntegerField(label=_("and player (number)"), min_value=1)


class RatingListUploadForm(forms.Form):
    """FIDE's rating list for the player database: the file (read as a stream, at most
    :data:`chessarbiter.limits.MAX_RATING_LIST_FILE_BYTES`) and the list a single-list file
    holds."""

    file = forms.FileField(label=_("FIDE rating list (TXT or XML, downloaded from FIDE)"))
    single_list = forms.ChoiceField(
        label=_("a file of one list holds"),
        choices=[("standard", _("standard")), ("rapid", _("rapid")), ("blitz", _("blitz"))],
        initial="standard",
        help_text=_("Only for a file of one list (standard_rating_list.txt...)."),
    )

    def clean_file(self) -> Any:
        return _checked_upload(self.cleaned_data["file"], limits.MAX_RATING_LIST_FILE_BYTES)


#: Characters of a search in the player database (a name's beginning or a FIDE ID).
MAX_SEARCH = limits.MAX_NAME


class RatingSearchForm(forms.Form):
    """A search in the player database: a name's beginning or a FIDE ID, a federation."""

    q = forms.CharField(label=_("name or FIDE ID"), required=False, max_length=MAX_SEARCH)
    federation = forms.CharField(label=_("federation"), required=False, max_length=3)


class RatingListPlayerForm(forms.ModelForm):  # type: ignore[type-arg]
    """A local edit of a player of the database (kept by later imports of the list)."""

    class Meta:
        model = m.RatingListPlayer
        fields = [
            "name",
            "federation",
            "sex",
            "title",
            "women_title",
            "other_titles",
            "birth",
            "standard",
            "rapid",
            "blitz",
        ]


class FestivalForm(forms.ModelForm):  # type: ignore[type-arg]
    """The event as its organiser names it: name, city and dates (each section keeps its own
    settings)."""

    class Meta:
        model = m.Festival
        fields = ["name", "city", "start_date", "end_date"]
        widgets = {
            "start_date": date_input(),
            "end_date": date_input(),
        }


class SectionForm(forms.ModelForm):  # type: ignore[type-arg]
    """A new section: its name, system, rounds and time control; its other settings copied
    from another section of the event (``copy_from``), or the defaults. Everything is
    changed later on the section's settings page."""

    copy_from = forms.ModelChoiceField(
        queryset=m.Event.objects.none(),
        required=False,
        label=_("other settings as in"),
        empty_label=_("(the defaults)"),
    )

    class Meta:
        model = m.Event
        fields = ["name", "system", "rounds", "time_control"]

    def __init__(self, festival: m.Festival, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["copy_from"].queryset = festival.sections.order_by("pk")  # type: ignore[attr-defined]
        _show_bounds(self)

    def settings(self) -> dict[str, Any]:
        """The new section's fields: the form's, over those copied from ``copy_from``."""
        fields = {k: v for k, v in self.cleaned_data.items() if k != "copy_from"}
        source: m.Event | None = self.cleaned_data.get("copy_from")
        if source is None:
            return fields
        copied = {name: getattr(source, name) for name in EventForm.Meta.fields}
        return copied | {"public": source.public} | fields


class MovePlayerForm(forms.Form):
    """The section a player moves to (another section of the same event)."""

    target = forms.ModelChoiceField(queryset=m.Event.objects.none(), label=_("move to section"))

    def __init__(self, event: m.Event, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["target"].queryset = event.festival.sections.exclude(  # type: ignore[attr-defined]
            pk=event.pk
        ).order_by("pk")
