from django.urls import path

from . import games, registration, views

app_name = "public"
urlpatterns = [
    path("", views.home, name="home"),
    path("tools/", views.tools, name="tools"),
    path("festivals/<int:festival_id>/", views.festival, name="festival"),
    path("events/<int:event_id>/", views.event, name="event"),
    path("events/<int:event_id>/rounds/<int:number>/", views.round_page, name="round"),
    path(
        "events/<int:event_id>/rounds/<int:number>/boards/<int:board>/game/",
        views.game,
        name="game",
    ),
    path(
        "events/<int:event_id>/rounds/<int:number>/boards/<int:board>/game/<int:ply>.svg",
        games.game_svg,
        name="game_svg",
    ),
    path("events/<int:event_id>/rounds/<int:number>/games.pgn", games.round_pgn, name="round_pgn"),
    path("events/<int:event_id>/rounds/<int:number>/live.pgn", games.live_pgn, name="live_pgn"),
    path("events/<int:event_id>/games.pgn", games.event_pgn, name="event_pgn"),
    path("events/<int:event_id>/standings/", views.standings, name="standings"),
    path("events/<int:event_id>/crosstable/", views.crosstable, name="crosstable"),
    path("events/<int:event_id>/bracket/", views.bracket, name="bracket"),
    path("events/<int:event_id>/teams/", views.team_standings, name="team_standings"),
    path("events/<int:event_id>/players/<int:number>/", views.player, name="player"),
    path(
        "events/<int:event_id>/standings/after/<int:number>/",
        views.standings_after,
        name="standings_after",
    ),
    path("events/<int:event_id>/start/", views.start_list, name="start_list"),
    path("events/<int:event_id>/categories/", views.categories, name="categories"),
    path("events/<int:event_id>/team-ranking/", views.team_ranking, name="team_ranking"),
    path("events/<int:event_id>/prizes/", views.prizes, name="prizes"),
    path("festivals/<int:festival_id>/register/", registration.register, name="register"),
    path(
        "festivals/<int:festival_id>/register/thanks/",
        registration.register_thanks,
        name="register_thanks",
    ),
]
