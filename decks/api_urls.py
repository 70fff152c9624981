"""The decks API's URLs, included under /api/ by config/urls.py."""
from django.urls import include, path
from rest_framework.authtoken.views import obtain_auth_token

from . import api

urlpatterns = [
    path("validate/", api.ValidateView.as_view(), name="api-validate"),
    path("token/", obtain_auth_token, name="api-token"),
    path("decks/", api.PublicDeckList.as_view(), name="api-decks"),
    path("decks/mine/", api.MyDeckList.as_view(), name="api-my-decks"),
    path("decks/import/", api.DeckImport.as_view(), name="api-deck-import"),
    path("decks/<str:share_id>/", api.DeckDetail.as_view(), name="api-deck"),
    path("decks/<str:share_id>/export/", api.DeckExport.as_view(), name="api-deck-export"),
    path("decks/<str:share_id>/versions/", api.DeckVersionList.as_view(), name="api-deck-versions"),
    path("decks/<str:share_id>/diff/", api.DeckDiffView.as_view(), name="api-deck-diff"),
    path("decks/<str:share_id>/copy/", api.DeckCopy.as_view(), name="api-deck-copy"),
    path("simulations/", include("decks.simulations.api_urls")),
]
