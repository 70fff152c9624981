"""Settings come from the environment and are safe when nothing is set."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import json, django; from django.conf import settings; django.setup(); "
    "print(json.dumps({'debug': settings.DEBUG, 'ssl': getattr(settings, 'SECURE_SSL_REDIRECT', False), "
    "'secure_cookie': settings.SESSION_COOKIE_SECURE, 'db': settings.DATABASES['default']['ENGINE'], "
    "'broker': settings.CELERY_BROKER_URL}))"
)


def read_settings(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "DEBUG", "DATABASE_URL",
                                                               "CELERY_BROKER_URL", "SECURE_SSL"}}
    clean.update({"DJANGO_SETTINGS_MODULE": "config.settings", "VAR_DIR": str(tmp_path), **env})
    return subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=clean, capture_output=True, text=True)


def test_it_refuses_to_start_without_a_secret_key_in_production(tmp_path: Path) -> None:
    result = read_settings(tmp_path)
    assert result.returncode != 0
    assert "Set SECRET_KEY" in result.stderr


def test_it_defaults_to_sqlite_and_the_filesystem_broker(tmp_path: Path) -> None:
    result = read_settings(tmp_path, DEBUG="1")
    values = json.loads(result.stdout)
    assert values["debug"] is True
    assert values["db"] == "django.db.backends.sqlite3"
    assert values["broker"] == "filesystem://"
    assert (tmp_path / "broker").is_dir()


def test_it_reads_the_database_and_broker_from_the_environment(tmp_path: Path) -> None:
    result = read_settings(
        tmp_path, SECRET_KEY="x" * 50, DATABASE_URL="postgres://u@db.example:5432/cards",
        CELERY_BROKER_URL="redis://broker.example:6379/0",
    )
    values = json.loads(result.stdout)
    assert values["debug"] is False
    assert values["db"] == "django.db.backends.postgresql"
    assert values["broker"] == "redis://broker.example:6379/0"


def test_it_secures_cookies_and_redirects_behind_https(tmp_path: Path) -> None:
    plain = json.loads(read_settings(tmp_path, SECRET_KEY="x" * 50).stdout)
    assert plain["ssl"] is False and plain["secure_cookie"] is False
    https = json.loads(read_settings(tmp_path, SECRET_KEY="x" * 50, SECURE_SSL="1").stdout)
    assert https["ssl"] is True and https["secure_cookie"] is True


LIMITS_PROBE = (
    "import json, django; from django.conf import settings; django.setup(); "
    "print(json.dumps({'email': settings.EMAIL_BACKEND, 'cache': settings.CACHES['default']['BACKEND'], "
    "'rates': settings.REST_FRAMEWORK['DEFAULT_THROTTLE_RATES'], 'games_anon': settings.RUN_GAMES_PER_DAY_ANON, "
    "'lockout': settings.AXES_FAILURE_LIMIT, 'queue': settings.CELERY_TASK_DEFAULT_QUEUE, "
    "'beat': sorted(settings.CELERY_BEAT_SCHEDULE), 'views': settings.DECK_VIEWS_REDIS_URL}))"
)


def read_limits(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    inherited = ("THROTTLE_", "RUN", "EMAIL_", "CACHE_", "CELERY_", "DECK_VIEWS_")
    clean = {k: v for k, v in os.environ.items() if not k.startswith(inherited)}
    clean.update({"DJANGO_SETTINGS_MODULE": "config.settings", "VAR_DIR": str(tmp_path), "DEBUG": "1", **env})
    return subprocess.run([sys.executable, "-c", LIMITS_PROBE], cwd=ROOT, env=clean, capture_output=True, text=True)


def test_it_reads_limits_mail_and_cache_from_the_environment(tmp_path: Path) -> None:
    defaults = json.loads(read_limits(tmp_path).stdout)
    assert defaults["email"] == "django.core.mail.backends.console.EmailBackend"
    assert defaults["cache"] == "django.core.cache.backends.filebased.FileBasedCache"
    assert defaults["beat"] == ["flush-deck-views", "run-fields", "watch-simulations"]
    assert defaults["views"] == ""  # no Redis: each view is written as it happens

    values = json.loads(read_limits(
        tmp_path, EMAIL_HOST="smtp.example.org", CACHE_URL="redis://cache.example:6379/1",
        THROTTLE_RUNS_ANON="7/hour", RUN_GAMES_PER_DAY_ANON="1234", LOGIN_FAILURE_LIMIT="9", CELERY_QUEUE="goldfish",
    ).stdout)
    assert values["email"] == "django.core.mail.backends.smtp.EmailBackend"
    assert values["cache"] == "config.cache.RedisCache"
    assert values["rates"]["runs_anon"] == "7/hour" and values["rates"]["anon"] == defaults["rates"]["anon"]
    assert (values["games_anon"], values["lockout"], values["queue"]) == (1234, 9, "goldfish")
    assert values["views"] == "redis://cache.example:6379/1"  # views wait in the cache's Redis by default


def test_deck_views_wait_in_a_redis_of_their_own_when_one_is_named(tmp_path: Path) -> None:
    """A Redis kept as a cache may evict or be cleared: DECK_VIEWS_REDIS_URL names one that keeps them."""
    cache = {"CACHE_URL": "redis://cache.example:6379/1"}
    named = json.loads(read_limits(tmp_path, DECK_VIEWS_REDIS_URL="redis://keep.example:6379/4", **cache).stdout)
    assert named["views"] == "redis://keep.example:6379/4"
    direct = json.loads(read_limits(tmp_path, DECK_VIEWS_BUFFER="0", **cache).stdout)
    assert direct["views"] == ""


def test_it_names_a_limit_that_is_not_a_number(tmp_path: Path) -> None:
    result = read_limits(tmp_path, RUNS_IN_FLIGHT_ANON="two")
    assert result.returncode != 0
    assert "RUNS_IN_FLIGHT_ANON must be a whole number, not 'two'." in result.stderr
