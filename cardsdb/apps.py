from django.apps import AppConfig
from django.db.models.signals import post_delete, post_migrate, post_save


class CardsdbConfig(AppConfig):
    name = "cardsdb"
    verbose_name = "Card database"

    def ready(self) -> None:
        from django.core import checks

        from .http_cache import check_middleware_installed
        from .versions import CARD_DATA_MODELS, card_data_changed, version_after_migrate

        checks.register(check_middleware_installed)

        for model in CARD_DATA_MODELS:
            post_save.connect(card_data_changed, sender=model, dispatch_uid=f"card-version-save-{model.__name__}")
            post_delete.connect(card_data_changed, sender=model, dispatch_uid=f"card-version-delete-{model.__name__}")
        post_migrate.connect(version_after_migrate, sender=self, dispatch_uid="card-version-migrate")
