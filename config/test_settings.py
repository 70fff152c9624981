"""Settings for the test suite: the real settings, with a throwaway secret key, a cache of the test
process's own (emptied before each test by tests/conftest.py), and API request rates generous enough
for tests that poll a run many times a second. The tests of the limits set their own."""
import os

os.environ.setdefault("SECRET_KEY", "test-only-secret-key")

from .settings import *  # noqa: E402,F403
from .settings import REST_FRAMEWORK  # noqa: E402

CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# Rendered card pages, and the throttle counts of the answers served from them, in that cache too.
CARD_PAGE_CACHES = ["default"]
CARD_THROTTLE_CACHE = "default"
_RATES: dict[str, str] = REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]  # type: ignore[assignment]
REST_FRAMEWORK = {
    **REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {**_RATES, "anon": "100000/minute", "user": "100000/minute"},
}

# Tests change cards inside transactions that never commit: only a per-request read of the card
# data version sees those changes (tests/web/test_card_version_watch.py turns the watch on).
CARD_VERSION_WATCH = False
