"""Forms of the arbiter's pages. Validation is the library's: an event's and a player's fields
go through :mod:`chessarbiter.event_settings` (the models' ``clean``), as every other way in
does; a form only shows each field's bounds and checks an upload's size."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from chessarbiter import limits

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
            "public",
            "protest_hours",
        ]
        widgets = {
            "start_date": date_input(),
            "end_date": date_input(),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _show_bounds(self)
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

    def clean_tiebreaks(self) -> str:
        text: str = self.cleaned_data["tiebreaks"]
        return text.strip()

    def clean_team_tiebreaks(self) -> str:
        text: str = self.cleaned_data["team_tiebreaks"]
        return text.strip()


class PlayerForm(forms.ModelForm):  # type: ignore[type-arg]
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

    def clean_rating(self) -> int | None:
        rating: int | None = self.cleaned_data["rating"]
        return rating or None  # a rating of 0 is "unrated", as in TRF and FIDE's lists

    def clean_fide_id(self) -> str:
        value: str = self.cleaned_data["fide_id"]
        return value.strip()


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
