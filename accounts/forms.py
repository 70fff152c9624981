"""Sign-up: a user name, an optional e-mail (only for resetting a forgotten password) and a password
checked by settings.AUTH_PASSWORD_VALIDATORS. A user name that could pass for another is refused
(accounts/names.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User

from .names import look_alike_problem

if TYPE_CHECKING:
    _UserCreationForm = UserCreationForm[User]  # generic only in the type stubs
else:
    _UserCreationForm = UserCreationForm


class SignupForm(_UserCreationForm):
    email = forms.EmailField(
        required=False, label="E-mail (optional)",
        help_text="Only used to send you a link if you forget your password. Without one, a forgotten password "
                  "can't be reset.",
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")

    def clean_username(self) -> Any:
        username = super().clean_username()
        problem = look_alike_problem(str(username))
        if problem:
            raise forms.ValidationError(problem, code="look_alike")
        return username
