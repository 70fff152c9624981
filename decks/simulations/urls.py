"""The run pages' URLs, included under /simulations/ by decks/urls.py."""
from django.urls import path

from . import matchup_views, views

urlpatterns = [
    path("new/", views.simulation_start, name="simulation-start"),
    path("matchups/new/", matchup_views.matchup_start, name="matchup-start"),
    path("gauntlets/new/", matchup_views.gauntlet_start, name="gauntlet-start"),
    path("field/<slug:game_slug>/", matchup_views.field_page, name="simulation-field"),
    path("field/<slug:game_slug>/run/", matchup_views.field_start, name="simulation-field-start"),
    path("<str:run_id>/", views.simulation_detail, name="simulation-detail"),
    path("<str:run_id>/section/", views.simulation_section, name="simulation-section"),
    path("<str:run_id>/cancel/", views.simulation_cancel, name="simulation-cancel"),
    path("<str:run_id>/compare/", views.simulation_compare_start, name="simulation-compare-start"),
    path("<str:run_a>/vs/<str:run_b>/", views.simulation_compare, name="simulation-compare"),
    path("<str:run_a>/vs/<str:run_b>/section/", views.simulation_compare_section, name="simulation-compare-section"),
]
