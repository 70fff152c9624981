"""The run pages' URLs, included under /simulations/ by decks/urls.py."""
from django.urls import path

from . import views

urlpatterns = [
    path("new/", views.simulation_start, name="simulation-start"),
    path("<str:run_id>/", views.simulation_detail, name="simulation-detail"),
    path("<str:run_id>/section/", views.simulation_section, name="simulation-section"),
    path("<str:run_id>/cancel/", views.simulation_cancel, name="simulation-cancel"),
    path("<str:run_id>/compare/", views.simulation_compare_start, name="simulation-compare-start"),
    path("<str:run_a>/vs/<str:run_b>/", views.simulation_compare, name="simulation-compare"),
    path("<str:run_a>/vs/<str:run_b>/section/", views.simulation_compare_section, name="simulation-compare-section"),
]
