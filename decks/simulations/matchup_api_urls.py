"""The matchups and gauntlets API's URLs, included under /api/ by decks/api_urls.py."""
from django.urls import path

from . import matchup_api as api

urlpatterns = [
    path("matchups/", api.MatchupList.as_view(), name="api-matchups"),
    path("matchups/<str:run_id>/", api.MatchupDetail.as_view(), name="api-matchup"),
    path("matchups/<str:run_id>/cancel/", api.MatchupCancel.as_view(), name="api-matchup-cancel"),
    path("gauntlets/", api.GauntletList.as_view(), name="api-gauntlets"),
    path("gauntlets/<str:run_id>/", api.GauntletDetail.as_view(), name="api-gauntlet"),
    path("gauntlets/<str:run_id>/cancel/", api.GauntletCancel.as_view(), name="api-gauntlet-cancel"),
]
