"""A password change revokes every API token of the account (sessions elsewhere end by themselves:
Django checks each session against the password's hash)."""
from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models.signals import post_save, pre_save
from django.dispatch import receiver
from knox.models import get_token_model

User = get_user_model()


@receiver(pre_save, sender=User)
def _note_password_change(sender: Any, instance: Any, **kwargs: Any) -> None:
    if instance.pk is None:
        instance._password_changed = False
        return
    stored = sender.objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    instance._password_changed = stored is not None and stored != instance.password


@receiver(post_save, sender=User)
def _revoke_tokens_on_password_change(sender: Any, instance: Any, created: bool, **kwargs: Any) -> None:
    if getattr(instance, "_password_changed", False):
        get_token_model().objects.filter(user=instance).delete()
        instance._password_changed = False
