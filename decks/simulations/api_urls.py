"""The goldfish runs API's URLs, included under /api/simulations/ by decks/api_urls.py."""
from django.urls import path

from . import api

urlpatterns = [
    path("", api.SimulationList.as_view(), name="api-simulations"),
    path("<str:run_id>/", api.SimulationDetail.as_view(), name="api-simulation"),
    path("<str:run_id>/cancel/", api.SimulationCancel.as_view(), name="api-simulation-cancel"),
]
