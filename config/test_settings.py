"""Settings for the test suite: the real settings, with a throwaway secret key."""
import os

os.environ.setdefault("SECRET_KEY", "test-only-secret-key")

from .settings import *  # noqa: E402,F403

# Tests change cards inside transactions that never commit: only a per-request read of the card
# data version sees those changes (tests/web/test_card_version_watch.py turns the watch on).
CARD_VERSION_WATCH = False
