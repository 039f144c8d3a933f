"""Forms of the arbiter's pages. Validation of chess rules is the library's: a form checks
shapes (a tie-break list parses, a number is in range) and passes the rest on."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from chessarbiter.errors import ChessArbiterError
from chessarbiter.tiebreaks import parse_list

from ..events import models as m


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
            "public",
        ]
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}),
            "end_date": forms.DateInput(attrs={"type": "date"}),
        }

    def _tiebreak_list(self, field: str, parse: Any) -> str:
        """The field's tie-break list, checked by the library's parser (its message shown)."""
        text: str = self.cleaned_data[field].strip()
        if text:
            try:
                parse(text)
            except ChessArbiterError as e:
                raise forms.ValidationError(str(e)) from e
        return text

    def clean_tiebreaks(self) -> str:
        return self._tiebreak_list("tiebreaks", parse_list)

    def clean_team_tiebreaks(self) -> str:
        from chessarbiter.tiebreaks.teams import parse_list as parse_team_list

        return self._tiebreak_list("team_tiebreaks", parse_team_list)

    def clean_rounds(self) -> int:
        rounds: int = self.cleaned_data["rounds"]
        if not 1 <= rounds <= 99:
            raise forms.ValidationError(_("Between 1 and 99 rounds."))
        return rounds


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

    def clean_rating(self) -> int | None:
        rating: int | None = self.cleaned_data["rating"]
        if rating is not None and not 0 <= rating <= 3500:
            raise forms.ValidationError(_("A rating is between 0 and 3500."))
        return rating or None

    def clean_fide_id(self) -> str:
        value: str = self.cleaned_data["fide_id"].strip()
        if value and not value.isdigit():
            raise forms.ValidationError(_("A FIDE ID is a number."))
        return value


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


class TrfImportForm(forms.Form):
    file = forms.FileField(label=_("TRF file"))


class ByeForm(forms.Form):
    round = forms.IntegerField(label=_("round"), min_value=1)
    kind = forms.ChoiceField(
        label=_("bye"),
        choices=[("", _("none (withdraw the request)")), *m.ByeRequest.Kind.choices],
        required=False,
    )


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
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def clean_boards(self) -> list[tuple[int, int | None]]:
        return parse_manual_boards(self.cleaned_data["boards"])

    def cleaned(self) -> dict[str, Any]:
        return self.cleaned_data


class ForbiddenPairForm(forms.Form):
    """Two players who must not meet (relatives, team mates: C.04.3 [C1] / TRF 260)."""

    first = forms.IntegerField(label=_("player (number)"), min_value=1)
    second = forms.IntegerField(label=_("and player (number)"), min_value=1)
