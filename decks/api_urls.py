"""The decks API's URLs, included under /api/ by config/urls.py."""
from django.urls import include, path

from accounts import api as accounts_api

from . import api, drafts_api, markdown_api

urlpatterns = [
    path("validate/", api.ValidateView.as_view(), name="api-validate"),
    path("markdown/preview/", markdown_api.MarkdownPreview.as_view(), name="api-markdown-preview"),
    path("token/", accounts_api.ObtainToken.as_view(), name="api-token"),
    path("token/revoke/", accounts_api.RevokeToken.as_view(), name="api-token-revoke"),
    path("decks/", api.PublicDeckList.as_view(), name="api-decks"),
    path("decks/mine/", api.MyDeckList.as_view(), name="api-my-decks"),
    path("decks/import/", api.DeckImport.as_view(), name="api-deck-import"),
    path("decks/most-played-cards/", api.MostPlayedCards.as_view(), name="api-most-played-cards"),
    path("decks/<str:share_id>/", api.DeckDetail.as_view(), name="api-deck"),
    path("decks/<str:share_id>/export/", api.DeckExport.as_view(), name="api-deck-export"),
    path("decks/<str:share_id>/versions/", api.DeckVersionList.as_view(), name="api-deck-versions"),
    path("decks/<str:share_id>/diff/", api.DeckDiffView.as_view(), name="api-deck-diff"),
    path("decks/<str:share_id>/copy/", api.DeckCopy.as_view(), name="api-deck-copy"),
    path("drafts/<str:game>/<str:target>/", drafts_api.BuilderDraftView.as_view(), name="api-draft"),
    path("decks/<str:share_id>/like/", api.DeckLike.as_view(), name="api-deck-like"),
    path("simulations/", include("decks.simulations.api_urls")),
    path("", include("decks.simulations.matchup_api_urls")),
]
