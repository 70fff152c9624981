"""Settings for the test suite: the real settings, with a throwaway secret key."""
import os

os.environ.setdefault("SECRET_KEY", "test-only-secret-key")

from .settings import *  # noqa: E402,F403
