from django.urls import path

from . import api
from .http_cache import card_data_json

# Served through CardDataCacheMiddleware: ETag, 304 and cached pages (cardsdb/http_cache.py).
urlpatterns = [
    path("games/", card_data_json(api.GameList.as_view()), name="api-games"),
    path("cards/", card_data_json(api.CardList.as_view()), name="api-cards"),
    path("cards/autocomplete/", card_data_json(api.CardAutocomplete.as_view()), name="api-card-autocomplete"),
    path("cards/<int:pk>/", card_data_json(api.CardDetail.as_view()), name="api-card"),
]
