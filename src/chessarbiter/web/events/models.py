"""What is stored: events, their players, rounds and boards, who may do what, and the audit
log. Scores, colours, standings and every other derived fact are computed by the library from
these rows (:mod:`chessarbiter.web.events.store`), never stored."""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator, MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from chessarbiter import event_settings, limits
from chessarbiter.editions import DutchEdition, TieBreakEdition
from chessarbiter.errors import PairingError
from chessarbiter.pairing.double_swiss.rules import (
    GAMES_PER_MATCH,
    game_of_column,
    match_of_column,
)
from chessarbiter.pairing.systems import DOUBLE_SWISS, pairing_rules
from chessarbiter.special.handicap import MAX_ODDS_CHARS


def _bounded(low: int | Decimal, high: int | Decimal) -> list[Any]:
    """Validators of a number a user types (the bounds of :mod:`chessarbiter.limits`)."""
    return [MinValueValidator(low), MaxValueValidator(high)]


def _setting(name: str) -> list[Any]:
    """Validators of a setting, from the library's bounds
    (:data:`chessarbiter.event_settings.BOUNDS`)."""
    return _bounded(*event_settings.BOUNDS[name])


def _values(row: models.Model, kind: type) -> dict[str, Any]:
    """The row's values of the fields the library's settings ``kind`` (a dataclass) has."""
    return {f.name: getattr(row, f.name) for f in dataclasses.fields(kind)}


def _raise_problems(row: models.Model, problems: dict[str, str]) -> None:
    """The library validator's problems as Django's, each on its field; a field whose own
    bound (its validators, with Django's translated message) already refuses the value is
    left to that message."""
    errors: dict[str, list[str]] = {}
    for name, message in problems.items():
        field = row._meta.get_field(name)
        if isinstance(field, models.Field) and field.validators:
            try:
                field.run_validators(getattr(row, name))
            except (ValidationError, TypeError):  # TypeError: not even a number
                continue
        errors[name] = [message]
    if errors:
        raise ValidationError(errors)


def validate_prize_table(text: str) -> None:
    """A prize table as the library reads it (:func:`chessarbiter.prizes.parse_prize_table`):
    its first problem, with its line, as the field's error; blank is no table."""
    from chessarbiter.prizes import PrizeTableError, parse_prize_table

    if not text.strip():
        return
    try:
        parse_prize_table(text, "prize table")
    except PrizeTableError as e:
        raise ValidationError(str(e.first)) from None


class Festival(models.Model):
    """An event as its organiser runs it: a name, a venue, dates and a public page, holding
    one or more sections (each an :class:`Event`: a tournament with its own system, rounds,
    pairings and standings, e.g. Open A, Open B, U12, Blitz). Players register to a section
    and may move to another of the festival's sections before either is paired
    (:func:`chessarbiter.sections.move_problem`). An event created or imported on its own is
    the one section of a festival of its own name (:meth:`Event.save`).

    ``registration_open``: the public registration form is open (a request waits for the
    organiser's confirmation, :class:`Registration`)."""

    name = models.CharField(_("name"), max_length=limits.MAX_EVENT_NAME)
    city = models.CharField(_("city"), max_length=100, blank=True)
    start_date = models.DateField(_("start date"), null=True, blank=True)
    end_date = models.DateField(_("end date"), null=True, blank=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="owned_festivals"
    )
    registration_open = models.BooleanField(_("public registration open"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "-id"]
        verbose_name = _("event")
        verbose_name_plural = _("events")

    def __str__(self) -> str:
        return self.name


class Event(models.Model):
    """One tournament, with the settings of every system on its row: those of a knockout
    (``knockout_scheme``, ``match_format``, ``lot_seed``), of a team cup (``cup_legs``,
    ``cup_drawn_match``, ``cup_board_weights``, with ``lot_seed``) and of a team event
    (``boards_per_team``, ``team_score``, ``team_tiebreaks``, ``team_pairing``,
    ``reserve_regime``) are read only when ``system`` is one of theirs. Which settings are
    fixed once the event is under way is the library's policy, applied by the service that
    changes them and shown by the settings page:
    :data:`~chessarbiter.event_settings.LOCKED_ONCE_PAIRED` once round 1 is paired,
    :data:`~chessarbiter.event_settings.LOCKED_ONCE_PLAYED` once a game or walkover of the
    bracket is recorded (and the system once the bracket is drawn)."""

    class System(models.TextChoices):
        SWISS = "swiss", _("Swiss (FIDE Dutch)")
        ROUND_ROBIN = "roundrobin", _("Round robin (Berger tables)")
        KNOCKOUT = "knockout", _("Knockout")
        TEAM_ROUND_ROBIN = "team-rr", _("Team round robin (Berger tables)")
        TEAM_SWISS = "team-swiss", _("Team Swiss")
        TEAM_CUP = "team-cup", _("Team cup (Olympic system)")
        CONSULTATION = "consultation", _("Consultation games (groups of consultants)")
        SIMUL_CONTEST = "simul-contest", _("Simul contest (exhibitors ranked by score and time)")

    class KnockoutScheme(models.TextChoices):
        FIDE_1997 = "fide-1997", _("FIDE 1997 (entry stages, halves)")
        CUP = "cup", _("Cup (Olympic system)")
        SEEDED = "seeded", _("Seeded (1 v n, 2 v n-1)")

    class MatchFormat(models.TextChoices):
        FIDE_1997 = "fide-1997", _("FIDE 1997 (2 games, rapid, sudden death)")
        WORLD_CUP_2023 = "world-cup-2023", _("World Cup 2023")

    #: The pairing rules of a Swiss event (:data:`chessarbiter.pairing.systems.EVENT_RULES`:
    #: a system and its edition), as the forms label them.
    EDITION_LABELS = {
        DutchEdition.DUTCH_2026.value: _("FIDE Dutch 2026 (C.04.3 from 1 February 2026)"),
        DutchEdition.DUTCH_2017.value: _("FIDE Dutch 2017 (July 2017 - January 2026)"),
        DutchEdition.DUTCH_2013_COLOURS.value: _(
            "FIDE Dutch 2017 with the 2013 colour rules (Dutch Colours 2013, E.1-E.5)"
        ),
        "dubov-2026": _("Dubov 2026 (C.04.4.1 from 1 February 2026)"),
        "dubov-2018": _("Dubov 2018 (until January 2026)"),
        "burstein-2026": _("Burstein 2026 (C.04.4.2 from 1 February 2026)"),
        "burstein-2025": _("Burstein 2025 (until January 2026)"),
        "lim-2026": _("Lim 2026 (C.04.4.3 from 1 February 2026)"),
        "lim-2026-maxi": _("Lim 2026, a Maxi-tournament (C.04.4.3 art. 3.2.3)"),
        "double-swiss-2026": _("Double-Swiss 2026 (C.04.5 from 1 February 2026)"),
        "keizer-classic": _("Keizer, classic club regulations"),
        "keizer-keizerforclubs": _("Keizer, KeizerForClubs defaults"),
        "keizer-knsb": _("Keizer, KNSB sixths"),
        "keizer-freekeizer": _("Keizer, FreeKeizer"),
        "keizer-frozen": _("Keizer, classic values, each round scored once"),
    }
    #: A Swiss event's system by its pairing rules' system (the part before the edition).
    SWISS_LABELS = {
        "dubov": _("Swiss (Dubov)"),
        "burstein": _("Swiss (Burstein)"),
        "lim": _("Swiss (Lim)"),
        "double-swiss": _("Double-Swiss"),
        "keizer": _("Keizer (club system)"),
    }
    TIEBREAK_EDITION_LABELS = {
        TieBreakEdition.C07_2026: _("C.07 2026"),
        TieBreakEdition.C07_2023: _("C.07 2023"),
        TieBreakEdition.LEGACY: _("Before 2023 (virtual opponent)"),
    }

    class Acceleration(models.TextChoices):
        NONE = "", _("None")
        BAKU = "baku", _("Baku (C.04.5)")

    class InitialColour(models.TextChoices):
        WHITE = "white", _("White")
        BLACK = "black", _("Black")

    name = models.CharField(_("name"), max_length=limits.MAX_EVENT_NAME)
    city = models.CharField(_("city"), max_length=100, blank=True)
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    start_date = models.DateField(_("start date"), null=True, blank=True)
    end_date = models.DateField(_("end date"), null=True, blank=True)
    chief_arbiter = models.CharField(_("chief arbiter"), max_length=100, blank=True)
    time_control = models.CharField(_("time control"), max_length=100, blank=True)
    system = models.CharField(_("system"), max_length=20, choices=System.choices, default="swiss")
    edition = models.CharField(
        _("pairing rules"),
        max_length=30,
        choices=list(EDITION_LABELS.items()),
        default=DutchEdition.DUTCH_2026.value,
    )
    rounds = models.PositiveSmallIntegerField(
        _("rounds"),
        default=9,
        validators=_setting("rounds"),
        help_text=_("Double-Swiss: the number of matches, each of two games"),
    )
    win_points = models.DecimalField(
        _("points for a win"),
        max_digits=4,
        decimal_places=1,
        default=Decimal(1),
        validators=_setting("win_points"),
    )
    draw_points = models.DecimalField(
        _("points for a draw"),
        max_digits=4,
        decimal_places=1,
        default=Decimal("0.5"),
        validators=_setting("draw_points"),
    )
    loss_points = models.DecimalField(
        _("points for a loss"),
        max_digits=4,
        decimal_places=1,
        default=Decimal(0),
        validators=_setting("loss_points"),
    )
    bye_points = models.DecimalField(
        _("points for the pairing-allocated bye"),
        max_digits=4,
        decimal_places=1,
        default=Decimal(1),
        validators=_setting("bye_points"),
        help_text=_(
            "Double-Swiss: the bye of a whole match (C.04.5 1.4: a won and a drawn game), "
            "half of it in each game"
        ),
    )
    acceleration = models.CharField(
        _("acceleration"), max_length=10, choices=Acceleration.choices, default="", blank=True
    )
    initial_colour = models.CharField(
        _("colour of the top player in round 1"),
        max_length=5,
        choices=InitialColour.choices,
        default="white",
    )
    tiebreaks = models.CharField(
        _("tie-breaks"),
        max_length=200,
        default=event_settings.DEFAULT_TIEBREAKS,
        help_text=_("FIDE C.07 names in order, e.g. BH/C1,BH,SB,DE,WIN"),
    )
    tiebreak_edition = models.CharField(
        _("tie-break rules"),
        max_length=10,
        choices=[(e.value, label) for e, label in TIEBREAK_EDITION_LABELS.items()],
        default=TieBreakEdition.C07_2026.value,
    )
    knockout_scheme = models.CharField(
        _("knockout bracket"), max_length=20, choices=KnockoutScheme.choices, default="seeded"
    )
    match_format = models.CharField(
        _("knockout match format"),
        max_length=20,
        choices=MatchFormat.choices,
        default="fide-1997",
    )
    #: Team events: boards per match, the primary score and the team tie-breaks (C.07).
    boards_per_team = models.PositiveSmallIntegerField(
        _("boards per team"), default=4, validators=_setting("boards_per_team")
    )
    team_score = models.CharField(
        _("team score"),
        max_length=10,
        choices=[
            ("mp", _("match points")),
            ("gp", _("game points")),
            ("nemlikher", _("Nemlikher")),
            ("mp1", _("match points 1/½/0")),
        ],
        default="mp",
    )
    team_tiebreaks = models.CharField(
        _("team tie-breaks"),
        max_length=200,
        default=event_settings.DEFAULT_TEAM_TIEBREAKS,
        blank=True,
    )
    team_pairing = models.CharField(
        _("team Swiss system"),
        max_length=10,
        choices=[
            ("c0406", _("Swiss Team Pairing System (C.04.6)")),
            ("dutch-mp", _("Dutch on match points")),
        ],
        default="c0406",
    )
    reserve_regime = models.CharField(
        _("reserves"),
        max_length=10,
        choices=[
            ("shifting", _("shifting (boards move up, reserves on the last boards)")),
            ("fixed", _("fixed boards (a reserve takes the absent player's board)")),
        ],
        default="shifting",
    )
    #: A Keizer event's own parameters, those that differ from the preset of its variant
    #: (``edition``), by the names of
    #: :class:`~chessarbiter.pairing.keizer.scoring.KeizerSettings` (fractions as ``"2/3"``);
    #: written only through the library's validator
    #: (:func:`chessarbiter.web.events.services.set_keizer_settings`), read by
    #: :func:`chessarbiter.web.events.store.keizer_settings`.
    keizer_settings: models.JSONField[Any, Any] = models.JSONField(default=dict, blank=True)
    #: Seed of the colour lots drawn for knockout matches (published with the event).
    lot_seed = models.PositiveIntegerField(
        _("seed of the colour lots"), default=1997, validators=_setting("lot_seed")
    )
    #: A team cup (Team Competitions 1972): legs a match (1, or 2: the return leg to the other
    #: team), the rules deciding a drawn match in order
    #: (:class:`~chessarbiter.pairing.knockout.matches.DrawnMatchRule` values,
    #: comma-separated) and the board coefficients (board 1 first) the "board-weights"
    #: rule uses.
    cup_legs = models.PositiveSmallIntegerField(
        _("legs a match (team cup)"), default=1, validators=_setting("cup_legs")
    )
    cup_drawn_match = models.CharField(
        _("drawn match (team cup)"),
        max_length=60,
        default="replay",
        help_text=_(
            "Rules in order: board-weights, replay, armageddon (e.g. board-weights,replay)"
        ),
    )
    cup_board_weights = models.CharField(
        _("board weights (team cup)"),
        max_length=200,
        blank=True,
        default="",
        help_text=_("One coefficient per board, board 1 first (e.g. 4,3,2,1)"),
    )
    #: A handicap Swiss (Team Competitions 1972): every player's limit of lost points, then
    #: the players' own (``2; 1=1.5 7=5``); blank: an ordinary Swiss
    #: (:func:`chessarbiter.special.handicap.parse_limits`).
    handicap_limits = models.CharField(
        _("handicap Swiss: limits of lost points"),
        max_length=200,
        blank=True,
        help_text=_(
            "Every player's limit, then each player's own by pairing number (e.g. 2; 1=1.5 "
            "7=5): a player is eliminated when his lost points reach his limit. Blank: no "
            "elimination."
        ),
    )
    #: Time odds (Team Competitions 1972: a handicap in the time for thought): the organiser's
    #: table (:func:`chessarbiter.special.handicap.parse_time_odds`); blank: none.
    time_odds = models.CharField(
        _("time odds"),
        max_length=MAX_ODDS_CHARS,
        blank=True,
        help_text=_(
            "From each rating difference, the stronger player's control | the weaker's (e.g. "
            "0: 5400+30; 200: 4500+30 | 6300+30). Blank: the same clocks for both."
        ),
    )
    #: A match of federations played as one round robin (Team Competitions 1972, the mixed
    #: round robin): the standings show its score, the games between players of different
    #: federations (:func:`chessarbiter.pairing.teams.mixed.mixed_match_score`).
    mixed_match = models.BooleanField(
        _("a match of federations (mixed round robin)"),
        default=False,
        help_text=_(
            "The standings show the federations' match score: their games against each other, "
            "1 a win and ½ a draw, whatever the board."
        ),
    )
    #: A simul contest (Team Competitions 1972): the opponents each exhibitor plays, the same
    #: for all (blank: not fixed), and the minutes over the fastest simul that cost ½ point
    #: (:func:`chessarbiter.special.simul.simul_contest`).
    simul_boards = models.PositiveSmallIntegerField(
        _("boards of each simul"),
        null=True,
        blank=True,
        validators=_setting("simul_boards"),
        help_text=_("Every exhibitor plays the same number of opponents. Blank: not fixed."),
    )
    simul_per_minutes = models.PositiveIntegerField(
        _("½ point off per minutes"),
        default=5,
        validators=_setting("simul_per_minutes"),
        help_text=_(
            "The fastest simul is the base; the others lose ½ point for every full period "
            "of this many minutes they took more (the book suggests 5 or 10)."
        ),
    )
    #: The sanctions against slow play in a game without clocks (Team Competitions 1972:
    #: :class:`chessarbiter.special.unclocked.Ladder`), given on a game's page.
    sanction_ladder = models.CharField(
        _("games without clocks: sanctions"),
        max_length=5,
        choices=[
            ("game", _("a game: remark, demand to speed up, warning, loss")),
            ("blitz", _("blitz on the arbiter's call: remark, warning, loss")),
        ],
        default="game",
    )
    public = models.BooleanField(_("shown on the public pages"), default=True)
    #: The festival this tournament is a section of (see :class:`Festival`).
    festival = models.ForeignKey(
        Festival,
        on_delete=models.CASCADE,
        related_name="sections",
        verbose_name=_("event"),
        blank=True,  # made by save() when not given
    )
    #: Players check in before round 1: only those checked in are paired in it
    #: (:func:`chessarbiter.pairing.byes.absent_at_check_in`).
    check_in = models.BooleanField(_("players check in before round 1"), default=False)
    #: The prize table (TOML, read by :func:`chessarbiter.prizes.parse_prize_table`); blank: none.
    prize_table = models.TextField(
        _("prize table"),
        blank=True,
        default="",
        validators=[MaxLengthValidator(limits.MAX_PRIZE_TABLE_CHARS), validate_prize_table],
    )
    #: The prize list is shown on the public pages (when the event is public).
    prize_list_public = models.BooleanField(_("prize list on the public pages"), default=False)
    #: Archived: off the public home page and the arbiter's list of active events, still
    #: readable, changed by nothing until restored (see ``services.locked_event``).
    archived = models.BooleanField(_("archived"), default=False)
    #: Hours after a round's results are published during which a protest or appeal may be
    #: lodged against an adjudicated result; after them it is final
    #: (:func:`chessarbiter.games.adjournment.is_final`). Bounded by
    #: :data:`chessarbiter.limits.MAX_PROTEST_HOURS`.
    protest_hours = models.PositiveSmallIntegerField(
        _("protest deadline (hours)"),
        default=0,
        validators=_bounded(0, limits.MAX_PROTEST_HOURS),
        help_text=_("Hours after an adjudication during which a protest may be lodged"),
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="owned_events"
    )
    #: Raised by every change: public pages and caches key on it.
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-start_date", "-id"]
        verbose_name = _("event")
        verbose_name_plural = _("events")

    def __str__(self) -> str:
        return self.name

    def system_label(self) -> str:
        """The system as the pages name it: a Swiss event with its pairing system."""
        if self.system != self.System.SWISS or self.edition in {e.value for e in DutchEdition}:
            return str(self.get_system_display())
        try:
            system = pairing_rules(self.edition).system.flag[2:]
        except PairingError:
            system = ""
        return str(self.SWISS_LABELS.get(system, self.get_system_display()))

    def double_swiss(self) -> bool:
        """Whether the event is paired by the Double-Swiss system (C.04.5): each round
        (``rounds``) is a match of two games, each game stored as a round of its own
        (:mod:`chessarbiter.pairing.double_swiss.rules`)."""
        if self.system != self.System.SWISS:
            return False
        try:
            return pairing_rules(self.edition).system is DOUBLE_SWISS
        except PairingError:
            return False

    def on_bracket(self) -> bool:
        """Whether the event is played on a knockout bracket (players, or teams in a team
        cup) rather than paired in rounds."""
        return self.system in (self.System.KNOCKOUT, self.System.TEAM_CUP)

    def simul_contest(self) -> bool:
        """Whether the event is a simul contest (Team Competitions 1972): its exhibitors'
        scores and times are recorded on its own page; nothing is paired."""
        return self.system == self.System.SIMUL_CONTEST

    def in_rounds(self) -> bool:
        """Whether the event is paired in rounds, with Swiss or round-robin standings and a
        crosstable: neither a bracket (:meth:`on_bracket`) nor a simul contest."""
        return not (self.on_bracket() or self.simul_contest())

    def round_columns(self) -> int:
        """The rounds stored when every round is paired: ``rounds``, or two games per match
        for a Double-Swiss event."""
        return self.rounds * GAMES_PER_MATCH if self.double_swiss() else self.rounds

    def round_title(self, number: int) -> str:
        """A stored round as the pages name it: "Round 3", or "Match 2, game 1" for a
        Double-Swiss event (:func:`~chessarbiter.pairing.double_swiss.rules.match_of_column`)."""
        if self.double_swiss():
            return gettext("Match %(k)d, game %(g)d") % {
                "k": match_of_column(number),
                "g": game_of_column(number),
            }
        return gettext("Round %(n)d") % {"n": number}

    def keizer_scored(self) -> bool:
        """Whether the event is a Keizer competition: ranked by Keizer scores, not by points
        and tie-breaks (:attr:`chessarbiter.pairing.systems.SwissSystem.keizer_scores`)."""
        if self.system != self.System.SWISS:
            return False
        try:
            return pairing_rules(self.edition).system.keizer_scores
        except PairingError:
            return False

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Store the tournament; one created on its own (no ``festival``) becomes the one
        section of a new festival of its name, city, dates and owner."""
        if self.festival_id is None:
            self.festival = Festival.objects.create(
                name=self.name,
                city=self.city,
                start_date=self.start_date,
                end_date=self.end_date,
                owner_id=self.owner_id,
            )
        super().save(*args, **kwargs)

    def settings(self) -> event_settings.EventSettings:
        """The event's settings as the library's validator sees them."""
        return event_settings.EventSettings.from_mapping(
            _values(self, event_settings.EventSettings)
        )

    def clean(self) -> None:
        """Every setting through the library's validator
        (:func:`chessarbiter.event_settings.event_problems`), so that a stored event can
        always be paired, scored and shown; the protest window through the library's
        :func:`~chessarbiter.games.adjournment.protest_deadline`."""
        from chessarbiter.errors import AdjournmentError
        from chessarbiter.games.adjournment import protest_deadline

        problems = event_settings.event_problems(self.settings())
        try:
            protest_deadline(timezone.now(), self.protest_hours)
        except (AdjournmentError, TypeError) as e:
            problems = {**problems, "protest_hours": str(e)}
        _raise_problems(self, problems)


class Role(models.Model):
    """What a user may do in an event (the owner is always chief arbiter)."""

    class Kind(models.TextChoices):
        CHIEF = "chief", _("Chief arbiter")
        ARBITER = "arbiter", _("Arbiter")
        VIEWER = "viewer", _("Viewer")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_roles"
    )
    kind = models.CharField(_("role"), max_length=10, choices=Kind.choices)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "user"], name="one_role_per_user")]


class Team(models.Model):
    """A team of a team event; its players are the Players with ``team`` set, in
    ``team_order`` (main players in board order, then reserves)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams")
    number = models.PositiveSmallIntegerField(_("number"))
    name = models.CharField(_("name"), max_length=limits.MAX_NAME)
    #: A team cup: the team's seat in the drawn bracket (its number in the cup).
    bracket_number = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="unique_team")]

    def __str__(self) -> str:
        return f"{self.number}. {self.name}"


class Player(models.Model):
    """A participant; ``number`` is the pairing (start) number."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="players")
    number = models.PositiveIntegerField(_("number"), validators=_bounded(1, limits.MAX_PLAYERS))
    name = models.CharField(_("name"), max_length=limits.MAX_NAME)
    rating = models.PositiveSmallIntegerField(
        _("rating"), null=True, blank=True, validators=_setting("rating")
    )
    fide_id = models.CharField(_("FIDE ID"), max_length=12, blank=True)
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    title = models.CharField(_("title"), max_length=3, blank=True)
    sex = models.CharField(_("sex"), max_length=1, blank=True)
    birth_date = models.CharField(_("birth date"), max_length=10, blank=True)
    club = models.CharField(_("club"), max_length=limits.MAX_NAME, blank=True)
    #: First round the player can be paired (late entries, C.04.2 C / 2026 art. 2.4).
    entry_round = models.PositiveSmallIntegerField(
        _("first round"), default=1, validators=_setting("entry_round")
    )
    #: Knockout events: the stage the player enters at (Stage by Stage 1997: seeds start later).
    entry_stage = models.PositiveSmallIntegerField(
        _("entry stage (knockout)"),
        default=1,
        validators=_setting("entry_stage"),
    )
    #: Knockout events: a personal number the arbiter fixes (Stage by Stage 1997: Karpov 801,
    # Gelfand
    #: 302); the others are numbered by entry stage and rating at the draw.
    personal_number = models.PositiveIntegerField(
        _("personal number (knockout)"),
        null=True,
        blank=True,
        validators=_setting("personal_number"),
    )
    #: Knockout events: the number the bracket uses (Stage by Stage 1997: stage digit + rank).
    bracket_number = models.PositiveIntegerField(null=True, blank=True)
    #: Team events: the player's team and place in its list (board order).
    team = models.ForeignKey(
        Team, on_delete=models.SET_NULL, null=True, blank=True, related_name="players"
    )
    team_order = models.PositiveSmallIntegerField(default=0)
    #: First round the player is no longer paired (withdrawn); None while playing.
    withdrawn_from_round = models.PositiveSmallIntegerField(
        _("withdrawn from round"), null=True, blank=True
    )
    #: Checked in before round 1 (read only when the event's ``check_in`` is on).
    checked_in = models.BooleanField(_("checked in"), default=False)
    #: A tournament of consultation groups: the participant is a group (its name ``name``),
    #: its people one a line, ``leader: NAME``, ``member: NAME``, ``intermediary: NAME``
    #: (:func:`chessarbiter.special.consultation.members_text`); blank for a player.
    members = models.TextField(
        _("group members"), blank=True, validators=[MaxLengthValidator(limits.MAX_NAME * 6)]
    )
    #: A simul contest: the exhibitor's result once his simul is over (Team Competitions 1972),
    #: the points he scored and the minutes it took; both blank until then. Written only by
    #: :func:`chessarbiter.web.events.simul.record_result`.
    simul_score = models.DecimalField(
        _("simul score"), max_digits=6, decimal_places=1, null=True, blank=True
    )
    simul_minutes = models.PositiveIntegerField(_("simul minutes"), null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.name}"

    def clean(self) -> None:
        """The registration through the library's validator
        (:func:`chessarbiter.event_settings.player_problems`), a consultation group's members
        by its event's system."""
        _raise_problems(
            self,
            event_settings.player_problems(
                event_settings.PlayerSettings.from_mapping(
                    _values(self, event_settings.PlayerSettings)
                ),
                self.event.system if self.event_id is not None else "",
            ),
        )


class ByeRequest(models.Model):
    """A round the player asked to miss, with the points the regulations give for it."""

    class Kind(models.TextChoices):
        HALF = "H", _("half-point bye")
        ZERO = "Z", _("zero-point bye")
        FULL = "F", _("full-point bye")

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="bye_requests")
    round = models.PositiveSmallIntegerField(_("round"))
    kind = models.CharField(_("kind"), max_length=1, choices=Kind.choices, default="H")

    class Meta:
        ordering = ["round", "player__number"]
        constraints = [
            models.UniqueConstraint(fields=["player", "round"], name="one_bye_request_per_round")
        ]


class ForbiddenPair(models.Model):
    """Two players who must not be paired (e.g. relatives; TRF XXP / 260)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="forbidden_pairs")
    first = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")


class Round(models.Model):
    """A paired round. ``deviations`` records every manual change that broke a rule."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField(_("round"))
    paired_at = models.DateTimeField(auto_now_add=True)
    paired_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    manual = models.BooleanField(_("edited by hand"), default=False)
    deviations: models.JSONField[Any, Any] = models.JSONField(default=list, blank=True)
    #: A watched PGN source of the round's games (a file under ``CHESSARBITER_PGN_WATCH_DIR``
    #: or an http(s) URL), re-read by ``chessarbiter web watch-pgn``; blank: none.
    pgn_source = models.CharField(_("watched PGN source"), max_length=500, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="unique_round"),
        ]

    def __str__(self) -> str:
        return str(self.number)


class TeamPairing(models.Model):
    """A match of two teams in a round: ``home`` plays white on the odd boards (Team Competitions
    1972)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="team_pairings")
    number = models.PositiveSmallIntegerField()
    home = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    away = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+", null=True)
    #: A pairing-allocated bye of a team Swiss: what it scored (a Berger free round: nothing).
    bye_match_points = models.DecimalField(max_digits=4, decimal_places=1, null=True)
    bye_game_points = models.DecimalField(max_digits=5, decimal_places=1, null=True)
    #: A match not played over the boards (an imported TRF-2026 ``330``/``240``/``320``): a
    #: :class:`chessarbiter.tiebreaks.teams.MatchKind` value, ``forfeit`` (won by ``home``),
    #: ``double forfeit``, ``PAB``, ``FPB``, ``HPB`` or ``ZPB``; empty for a match over the
    #: boards and for the byes the web pairs (a team Swiss PAB, a Berger free round).
    kind = models.CharField(max_length=16, blank=True)

    class Meta:
        ordering = ["number"]


class Board(models.Model):
    """A board of a round, or a round entry without an opponent (``black`` empty).

    ``result`` is the TRF result code of white (``1 = 0 + - W D L`` for games; ``U H F Z``
    for entries without opponent; ``-`` with ``black`` set and ``black_result`` ``-`` is a
    double forfeit), or empty while the game is in progress.  ``version`` is raised by every
    change, so two arbiters entering the same board cannot overwrite each other unknowingly.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField(pgettext_lazy("chess", "board"))
    white = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    black = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", null=True)
    result = models.CharField(_("result"), max_length=1, blank=True)
    black_result = models.CharField(max_length=1, blank=True)
    #: A game recorded without colours (TRF colour ``-``: a forfeit whose colours were never
    #: given, as other programs write it): ``white``/``black`` only order the two players.
    colourless = models.BooleanField(default=False)
    version = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)
    #: Team events: the match this board belongs to, and its board in the match.
    team_pairing = models.ForeignKey(
        TeamPairing, on_delete=models.CASCADE, null=True, related_name="boards"
    )
    team_board = models.PositiveSmallIntegerField(null=True)
    #: Why the arbiter gave the result (a :class:`chessarbiter.result_reasons.ResultReason`
    #: code; blank: none given). Not in a TRF export: the TRF has no reason field.
    reason = models.CharField(max_length=12, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="unique_board"),
        ]


class Sanction(models.Model):
    """One step of the sanction ladder against deliberate slow play in a game without clocks
    (:class:`chessarbiter.special.unclocked.SanctionRecord`, Team Competitions 1972): the
    board, the side it was given to (a :class:`chessarbiter.model.Colour` value), the step
    (a :class:`chessarbiter.special.unclocked.Sanction` value), the move (when noted), who
    gave it and when."""

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="sanctions")
    side = models.CharField(max_length=1)
    step = models.CharField(max_length=10)
    move = models.PositiveSmallIntegerField(null=True, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["board", "side", "id"]


class Game(models.Model):
    """The game played on a :class:`Board`, when the arbiters have it: its PGN tags and
    movetext as read and validated by :func:`chessarbiter.games.pgn.read_games`, where it
    came from, and the state of an adjourned or adjudicated game
    (:mod:`chessarbiter.games.adjournment`: the sealed move's details and the resumption
    session; who adjudicated it, when and on what basis). The board's result stays on the
    board: ``pgn_result`` is only what the PGN's Result tag says, taken as the board's result
    by the arbiter's confirmation alone."""

    class Source(models.TextChoices):
        UPLOAD = "upload", _("uploaded PGN")
        TYPED = "typed", _("typed by an arbiter")
        WATCHED = "watched", _("watched PGN source")

    board = models.OneToOneField(Board, on_delete=models.CASCADE, related_name="game")
    #: The game in PGN, its tags as read and its movetext
    #: (:meth:`chessarbiter.games.pgn.PgnGame.pgn`); blank: no moves recorded (an adjournment
    #: entered without them).
    pgn = models.TextField(_("moves"), blank=True)
    #: The Result tag of the PGN ("1-0", "0-1", "1/2-1/2", "*").
    pgn_result = models.CharField(max_length=7, default="*")
    source = models.CharField(max_length=8, choices=Source.choices, default=Source.UPLOAD)
    #: :class:`chessarbiter.games.adjournment.GameState` value; blank: never adjourned (the
    #: board's result, when it has one, is a game finished over the board).
    state = models.CharField(max_length=12, blank=True)
    #: The last adjournment (:class:`chessarbiter.games.adjournment.Adjournment`): who sealed
    #: (a :class:`chessarbiter.model.Colour` value), the sealed move's number, each player's
    #: time used (seconds), when, the envelope's note, a draw offer, the resumption session.
    sealed_by = models.CharField(max_length=1, blank=True)
    sealed_move = models.PositiveSmallIntegerField(null=True, blank=True)
    white_time_used = models.PositiveIntegerField(null=True, blank=True)
    black_time_used = models.PositiveIntegerField(null=True, blank=True)
    adjourned_at = models.DateTimeField(null=True, blank=True)
    envelope_note = models.CharField(max_length=300, blank=True)
    draw_offer = models.BooleanField(default=False)
    resumption = models.DateTimeField(null=True, blank=True)
    #: The adjudication (:class:`chessarbiter.games.adjournment.Adjudication`).
    adjudicated_by = models.CharField(max_length=100, blank=True)
    adjudicated_at = models.DateTimeField(null=True, blank=True)
    adjudication_basis = models.TextField(blank=True)
    #: When the adjourned game was finished over the board.
    finished_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)


class AuditEntry(models.Model):
    """Who changed what, and when."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="audit")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True, db_index=True)
    action = models.CharField(max_length=40)
    summary = models.CharField(max_length=300)
    data: models.JSONField[Any, Any] = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-at", "-id"]


class KnockoutMatch(models.Model):
    """A match of a knockout bracket; sides are bracket numbers or ``W<k>`` (the winner of
    match k). ``winner``/``how`` once decided; ``armageddon``: the chief arbiter ordered the
    single decisive game (Stage by Stage 1997), white to ``armageddon_white``."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="knockout_matches")
    number = models.PositiveSmallIntegerField(_("match"))
    stage = models.PositiveSmallIntegerField(_("stage"))
    games = models.PositiveSmallIntegerField(_("games"))
    first = models.CharField(max_length=12)
    second = models.CharField(max_length=12)
    winner = models.CharField(max_length=6, blank=True)
    how = models.CharField(max_length=8, blank=True)
    armageddon = models.BooleanField(default=False)
    armageddon_white = models.CharField(max_length=6, blank=True)
    #: A team cup: the side (first or second) whose team withdrew from this match; it goes to
    #: the opponent by walkover as soon as the opponent is known.
    withdrawn = models.CharField(max_length=6, blank=True)
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="unique_knockout_match"),
        ]


class KnockoutGame(models.Model):
    """A game of a knockout match: the first side's points (1, 0.5 or 0). In a team cup, one
    row per board per leg (``leg`` and ``board`` set), ``number`` counting them in order, and
    the players seated on the board (``white``/``black``; none in a leg stored without its
    line-ups, or for a team that registered no players)."""

    match = models.ForeignKey(KnockoutMatch, on_delete=models.CASCADE, related_name="game_set")
    number = models.PositiveSmallIntegerField()
    score = models.DecimalField(max_digits=2, decimal_places=1)
    leg = models.PositiveSmallIntegerField(null=True, blank=True)
    board = models.PositiveSmallIntegerField(null=True, blank=True)
    white = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    black = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    #: The side whose seat was left empty (``w`` or ``b``; '' for a game played): an empty
    #: board is a game lost by forfeit (Team Competitions 1972, "Teams").
    empty = models.CharField(max_length=1, blank=True, default="")

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="unique_knockout_game"),
        ]


class DeletedEvent(models.Model):
    """What is left of a deleted event: who deleted it and when, its audit log, and the event
    as a TRF-2026 file (players, rounds, results), so that the deletion is accounted for and
    can be undone by importing the file."""

    event_id = models.PositiveIntegerField()
    name = models.CharField(max_length=limits.MAX_EVENT_NAME)
    owner = models.CharField(max_length=150, blank=True)
    deleted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    deleted_at = models.DateTimeField(auto_now_add=True)
    reason = models.CharField(max_length=300, blank=True)
    trf = models.TextField(blank=True)
    audit: models.JSONField[Any, Any] = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["-deleted_at", "-id"]


class Registration(models.Model):
    """A request to play, sent on the festival's public registration form: it waits for the
    organiser, who confirms it (a :class:`Player` of the chosen section, with what the
    player database knows of the FIDE ID) or declines it."""

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting")
        CONFIRMED = "confirmed", _("confirmed")
        DECLINED = "declined", _("declined")

    festival = models.ForeignKey(Festival, on_delete=models.CASCADE, related_name="registrations")
    section = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="registrations", verbose_name=_("section")
    )
    name = models.CharField(_("name"), max_length=limits.MAX_NAME)
    fide_id = models.CharField(_("FIDE ID"), max_length=12, blank=True)
    email = models.EmailField(_("email"), blank=True)
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    birth_date = models.CharField(_("birth date"), max_length=10, blank=True)
    club = models.CharField(_("club"), max_length=limits.MAX_NAME, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    player = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )

    class Meta:
        ordering = ["created_at", "id"]


class RatingListPlayer(models.Model):
    """A player of the player database shared by all events: FIDE's rating list as last
    imported (:func:`chessarbiter.registration.stream_fide_rating_list`), with the local
    edits kept.

    Local edits are kept per field, in the row itself: ``locally_edited`` names the fields an
    arbiter changed (``"name,federation"``), and a later import of the list updates every
    other field and leaves those as edited (``web.events.rating_list``). The columns hold the
    values in use, so the search indexes serve edited names too.

    ``name_key`` is the name folded as the look-up folds it
    (:func:`chessarbiter.registration.fold_name`), indexed for searches by the beginning of a
    name (on PostgreSQL by the name key in ``COLLATE "C"`` order, then the FIDE ID, migration
    0013: it serves ``LIKE 'prefix%'`` and the search's order); federation and
    folded name together serve a search within one federation.

    ``k_standard``, ``k_rapid`` and ``k_blitz`` are the K factors the list publishes for each
    player (FIDE Rating Regulations of 1 March 2024, B.02 7.1.2; migration 0014): an import
    writes them, a local edit does not change them.
    """

    fide_id = models.BigIntegerField(_("FIDE ID"), unique=True)
    name = models.CharField(_("name"), max_length=limits.MAX_NAME)
    name_key = models.CharField(max_length=limits.MAX_NAME)
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    sex = models.CharField(_("sex"), max_length=1, blank=True)
    title = models.CharField(_("title"), max_length=3, blank=True)
    women_title = models.CharField(_("women's title"), max_length=3, blank=True)
    other_titles = models.CharField(_("other titles"), max_length=30, blank=True)
    birth = models.CharField(_("birth year"), max_length=10, blank=True)
    flag = models.CharField(_("flag"), max_length=3, blank=True)
    standard = models.PositiveSmallIntegerField(_("standard rating"), null=True, blank=True)
    rapid = models.PositiveSmallIntegerField(_("rapid rating"), null=True, blank=True)
    blitz = models.PositiveSmallIntegerField(_("blitz rating"), null=True, blank=True)
    # the K factors the list publishes (B.02 7.1.2 of 1 March 2024): FIDE's, never edited here
    k_standard = models.PositiveSmallIntegerField(_("standard K factor"), null=True, blank=True)
    k_rapid = models.PositiveSmallIntegerField(_("rapid K factor"), null=True, blank=True)
    k_blitz = models.PositiveSmallIntegerField(_("blitz K factor"), null=True, blank=True)
    locally_edited = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["name_key", "fide_id"]
        indexes = [
            models.Index(
                fields=["name_key"], name="ratinglist_name_key", opclasses=["varchar_pattern_ops"]
            ),
            models.Index(fields=["federation", "name_key"], name="ratinglist_fed_name"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.fide_id})"

    @property
    def edited(self) -> frozenset[str]:
        """The fields edited locally, which an import of the list leaves alone."""
        return frozenset(f for f in self.locally_edited.split(",") if f)
