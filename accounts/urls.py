"""Account URLs, under /accounts/ before Django's own (config/urls.py)."""
from django.urls import path

from . import views

urlpatterns = [
    path("password_reset/", views.PasswordResetView.as_view(), name="password_reset"),
]
