from django.urls import path

from . import api
from .http_cache import NEAREST, card_data_json

# Served through CardDataCacheMiddleware: ETag, 304 and cached pages (cardsdb/http_cache.py). An
# autocomplete answer is one query of a millisecond, and each prefix is asked once per player: its
# pages stay in the process's memory, with no round trip to Redis to look for them or keep them.
urlpatterns = [
    path("games/", card_data_json(api.GameList.as_view()), name="api-games"),
    path("cards/", card_data_json(api.CardList.as_view()), name="api-cards"),
    path(
        "cards/autocomplete/",
        card_data_json(api.CardAutocomplete.as_view(), keep=NEAREST),
        name="api-card-autocomplete",
    ),
    path("cards/<int:pk>/", card_data_json(api.CardDetail.as_view()), name="api-card"),
]
