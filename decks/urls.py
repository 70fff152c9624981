"""The deck pages' URLs, included at the site root by config/urls.py (before the card pages)."""
from __future__ import annotations

from django.urls import include, path

from . import discovery_views, views

urlpatterns = [
    path("accounts/signup/", views.signup, name="signup"),
    path("decks/", views.deck_index, name="deck-index"),
    path("decks/mine/", views.my_decks, name="deck-mine"),
    path("decks/import/", views.deck_import, name="deck-import"),
    path("decks/new/<slug:game_slug>/", views.deck_new, name="deck-new"),
    # Share ids are 12 URL-safe characters, so they never collide with the words above.
    path("decks/<str:share_id>/", views.deck_detail, name="deck-detail"),
    path("decks/<str:share_id>/edit/", views.deck_edit, name="deck-edit"),
    path("decks/<str:share_id>/delete/", views.deck_delete, name="deck-delete"),
    path("decks/<str:share_id>/copy/", views.deck_copy, name="deck-copy"),
    path("decks/<str:share_id>/export/", views.deck_export, name="deck-export"),
    path("decks/<str:share_id>/download/", views.deck_download, name="deck-download"),
    path("decks/<str:share_id>/diff/", views.version_diff, name="deck-diff"),
    path("decks/<str:share_id>/like/", discovery_views.deck_like, name="deck-like"),
    path("decks/<str:share_id>/tags/", discovery_views.deck_tags, name="deck-tags"),
    path("<slug:game_slug>/decks/", discovery_views.public_decks, name="deck-public"),
    path("<slug:game_slug>/decks/most-played-cards/", discovery_views.most_played_cards,
         name="deck-most-played-cards"),
    path("simulations/", include("decks.simulations.urls")),
]
