from django.urls import path

from . import api

urlpatterns = [
    path("games/", api.GameList.as_view(), name="api-games"),
    path("cards/", api.CardList.as_view(), name="api-cards"),
    path("cards/<int:pk>/", api.CardDetail.as_view(), name="api-card"),
]
