from django.urls import path

from . import views

app_name = "arbiter"
urlpatterns = [
    path("", views.home, name="home"),
    path("events/new/", views.event_new, name="event_new"),
    path("events/import/", views.event_import, name="event_import"),
    path("deleted/<int:deleted_id>.trf", views.deleted_event, name="deleted_event"),
    path("events/<int:event_id>/", views.event, name="event"),
    path("events/<int:event_id>/settings/", views.event_settings, name="settings"),
    path("events/<int:event_id>/archive/", views.event_archive, name="archive"),
    path("events/<int:event_id>/delete/", views.event_delete, name="delete"),
    path("events/<int:event_id>/players/", views.players, name="players"),
    path("events/<int:event_id>/players/import/", views.players_import, name="players_import"),
    path("events/<int:event_id>/players/renumber/", views.players_renumber, name="renumber"),
    path("events/<int:event_id>/players/lots/", views.players_lots, name="lots"),
    path("events/<int:event_id>/players/apart/", views.forbidden_pair, name="forbidden_pair"),
    path("events/<int:event_id>/players/<int:player_id>/", views.player, name="player"),
    path(
        "events/<int:event_id>/players/<int:player_id>/<str:action>/",
        views.player_action,
        name="player_action",
    ),
    path("events/<int:event_id>/pair/", views.pair, name="pair"),
    path("events/<int:event_id>/pair/manual/", views.pair_manual, name="pair_manual"),
    path("events/<int:event_id>/explain/", views.explain, name="explain"),
    path("events/<int:event_id>/unpair/", views.unpair, name="unpair"),
    path("events/<int:event_id>/rounds/<int:number>/", views.round_page, name="round"),
    path("events/<int:event_id>/rounds/<int:number>/result/", views.result, name="result"),
    path("events/<int:event_id>/standings/", views.standings, name="standings"),
    path(
        "events/<int:event_id>/standings/<int:number>/",
        views.standings_player,
        name="breakdown",
    ),
    path("events/<int:event_id>/crosstable/", views.crosstable, name="crosstable"),
    path("events/<int:event_id>/export.trf", views.export, name="export"),
    path("events/<int:event_id>/print/<str:what>/", views.print_view, name="print"),
    path(
        "events/<int:event_id>/print/<str:what>/<int:number>/",
        views.print_view,
        name="print_round",
    ),
    path("events/<int:event_id>/knockout/", views.knockout_page, name="knockout"),
    path(
        "events/<int:event_id>/knockout/<int:number>/",
        views.knockout_match,
        name="knockout_match",
    ),
    path("events/<int:event_id>/teams/", views.teams_page, name="teams"),
    path("events/<int:event_id>/teams/standings/", views.team_standings, name="team_standings"),
    path("events/<int:event_id>/teams/board-prizes/", views.board_prizes, name="board_prizes"),
    path("events/<int:event_id>/roles/", views.roles, name="roles"),
    path("events/<int:event_id>/audit/", views.audit_log, name="audit"),
]
