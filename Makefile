# One command to run the site, one to run the tests. See README.md.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8000
FIXTURES := fixtures/qqdnd fixtures/condemned fixtures/anguish

.PHONY: setup compile migrate cards samples run worker test browser-deps lint bench clean

setup: $(VENV)/.installed compile

$(VENV)/.installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $@

# The games' engines (QQDND, The Condemned, Anguish) compiled with mypyc into extension modules beside their sources
# (engine/native.py), built again whenever the build there cannot be used: none yet, a source of the engine added,
# changed or removed, another Python. Without mypyc or a C compiler, or if the build fails (not tried again for the
# same sources), the engines run as pure Python (the same games, slower). CARDTABLE_PURE_PYTHON=1 runs them as pure
# Python anyway.
BUILD_RECORD := engine/games/qqdnd/compiled.json
compile: $(VENV)/.installed
	@mkdir -p var
	@CARDTABLE_PURE_PYTHON=1 $(PY) -m engine.native_build --if-stale 2>var/compile.log \
		|| { tail -n 5 var/compile.log >&2; echo "The engine runs as pure Python (see the reason above)."; }

migrate: setup
	DEBUG=1 $(PY) manage.py migrate --noinput

cards: migrate
	DEBUG=1 $(PY) manage.py load_cards $(FIXTURES)

# Sample public decks of each game (bench/decks/), so a first visit has decks to open.
samples: cards
	DEBUG=1 $(PY) manage.py load_sample_decks

# The site and one Celery worker with Celery beat inside it (the watch that re-sends lost goldfish
# chunks), on SQLite and the filesystem broker unless DATABASE_URL / CELERY_BROKER_URL say otherwise.
# Ctrl-C stops both.
run: samples
	@echo "Serving on http://127.0.0.1:$(PORT)/ (Ctrl-C to stop)"
	@DEBUG=1 $(VENV)/bin/celery -A config worker --beat --loglevel=warning --concurrency=2 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	DEBUG=1 $(PY) manage.py runserver 127.0.0.1:$(PORT)

worker: setup
	DEBUG=1 $(VENV)/bin/celery -A config worker --loglevel=info

# The whole suite on DATABASE_URL (SQLite by default), with the engines compiled if they could be
# (make compile). When they are, their tests run once more on their pure-Python sources. When
# DATABASE_URL is PostgreSQL, the tests of what each database does its own way run once more on SQLite:
# the search language (which must behave the same on both), the name autocomplete (pg_trgm there,
# difflib here) and the card data version that drives the HTTP caching.
SQLITE_TOO := tests/web/test_search_language.py tests/web/test_card_autocomplete.py tests/web/test_card_http_cache.py \
	tests/web/test_card_version_watch.py
PURE_TOO := tests/engine/test_qqdnd_*.py tests/engine/test_condemned_*.py tests/engine/test_anguish_*.py \
	tests/engine/test_native.py tests/engine/test_conformance.py
test: setup browser-deps
	CHROMIUM=$(CHROMIUM) $(PY) -m pytest
	@if $(PY) -c 'import sys, engine.native as n; sys.exit(not n.is_compiled())'; then \
		echo "The engines' tests on their pure-Python sources:"; \
		CARDTABLE_PURE_PYTHON=1 $(PY) -m pytest -q -p no:cacheprovider $(PURE_TOO); \
	fi
	@case "$$DATABASE_URL" in postgres*) \
		echo "On SQLite too:"; \
		env -u DATABASE_URL $(PY) -m pytest -q -p no:cacheprovider $(SQLITE_TOO) ;; \
	esac

# What the browser tests need besides Python: Debian's Chromium (installed with apt when run as
# root, else named) and axe-core from the npm registry (tests/browser/package.json).
CHROMIUM ?= /usr/bin/chromium
AXE := tests/browser/node_modules/axe-core/axe.min.js

browser-deps: $(AXE)
	@if [ ! -x "$(CHROMIUM)" ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			echo "Installing Chromium for the browser tests (apt-get install chromium)"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
		else \
			echo "The browser tests need Chromium at $(CHROMIUM). Install it with:" >&2; \
			echo "    sudo apt-get install chromium" >&2; \
			echo "(or run make test CHROMIUM=/path/to/chromium)" >&2; \
			exit 1; \
		fi; \
	fi

$(AXE): tests/browser/package.json
	@command -v npm >/dev/null || { echo "The accessibility test needs npm (Node.js) to fetch axe-core: sudo apt-get install npm" >&2; exit 1; }
	npm ci --prefix tests/browser --no-audit --no-fund --silent
	touch $@

lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy engine cardsdb decks config accounts

# Speed figures (see each script's docstring). api_bench and celery_bench use DATABASE_URL and
# CELERY_BROKER_URL as set, and need the cards loaded (make cards).
bench: setup
	$(PY) bench/validate_bench.py
	$(PY) bench/goldfish_bench.py
	$(PY) bench/api_bench.py
	$(PY) bench/celery_bench.py

clean:
	rm -rf var staticfiles tests/browser/node_modules $(BUILD_RECORD)
	find engine -name '*.so' -delete
