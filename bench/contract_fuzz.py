"""A schemathesis campaign against a running server: every operation of the API schema, with a valid
API token and without one, many more requests than the suite's contract test
(tests/web/test_api_contract.py) sends, and every check on.

It migrates the database DATABASE_URL names (use a scratch one: the campaign saves decks, runs and
tokens there), loads the cards from fixtures/, makes an account with a deck of each visibility and a
token for it, starts gunicorn (DEBUG off) and runs `schemathesis run` against it with the token and
without one. POST /api/token/revoke/ ends the token it is sent with, so with a token it runs apart,
with a token of its own. Requests come
from one address, so the API's request throttles and the rate of runs started are raised out of the
way; the run quotas (games a day, runs in flight) stay as set and answer their documented 429.

positive_data_acceptance runs as in the contract test, on every answer except the refusals no schema
can foresee (tests/contract_refusals.py), through bench/contract_hooks.py. It prints, for each
credential, the operations tested, the requests the server answered (its access log), the test cases
generated and the failures by check; the JSON reports, and every request and answer (VCR cassettes,
<credentials>.yaml), are kept in --reports. Its schemathesis settings: bench/contract_schemathesis.toml.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/ct_contract_fuzz CELERY_BROKER_URL=redis://127.0.0.1:6379/1 \\
        nice -n 10 .venv/bin/python bench/contract_fuzz.py [--max-examples 100] [--seed 10]

The same campaign by hand, against a server of your own (with a token made for it):

    SCHEMATHESIS_HOOKS=bench.contract_hooks .venv/bin/schemathesis --config-file bench/contract_schemathesis.toml \\
        run http://127.0.0.1:8000/api/schema/ \\
        --checks all --exclude-checks positive_data_acceptance --max-examples 100 \\
        -H "Authorization: Token <token>" --report json
"""
from __future__ import annotations

import argparse
import json
import os
import secrets
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from server import gunicorn

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = [ROOT / "fixtures" / slug for slug in ("qqdnd", "condemned", "anguish")]
USER = "contract-fuzz"
REVOKE = "/api/token/revoke/"
SETTINGS = ROOT / "bench" / "contract_schemathesis.toml"

# Which check each failure code comes from (schemathesis' codes).
CHECKS = {
    "ST101": "not_a_server_error",
    "ST102": "response_schema_conformance",
    "ST103": "status_code_conformance",
    "ST104": "content_type_conformance",
    "ST105": "response_headers_conformance",
    "ST106": "content_type_conformance",
    "ST107": "response_schema_conformance",
    "ST108": "response_schema_conformance",
    "ST201": "negative_data_rejection",
    "ST202": "positive_data_acceptance",
}


def prepare(env: dict[str, str], decks: bool = True) -> str:
    """Migrate, load the cards, and make the account, its decks and a token; answers the token.
    Without `decks`, only a new token."""
    manage = [sys.executable, str(ROOT / "manage.py")]
    if decks:
        subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
        subprocess.run([*manage, "load_cards", *map(str, FIXTURES)], cwd=ROOT, env=env, check=True,
                       stdout=subprocess.DEVNULL)
    script = f"""
from django.contrib.auth.models import User
from knox.models import get_token_model
from cardsdb.models import Card, Game
from decks import services
user = User.objects.filter(username={USER!r}).first()
user = user or User.objects.create_user({USER!r}, password={secrets.token_hex(16)!r})
game = Game.objects.get(slug="condemned")
condemned = Card.objects.filter(game=game, card_type="condemned").order_by("name").first()
for visibility in ("public", "unlisted", "private") if {decks!r} else ():
    services.deck_create(owner=user, game=game, name="Contract " + visibility, visibility=visibility,
                         text="Condemned:\\n1 " + condemned.name + "\\n")
print(get_token_model().objects.create(user)[1])
"""
    made = subprocess.run([*manage, "shell", "-c", script], cwd=ROOT, env=env, check=True, capture_output=True,
                          text=True)
    return made.stdout.strip().splitlines()[-1]


def campaign(port: int, headers: list[str], filters: list[str], args: argparse.Namespace, report: Path,
             env: dict[str, str]) -> None:
    command = [
        str(Path(sys.executable).with_name("schemathesis")), "--config-file", str(SETTINGS),
        "run", f"http://127.0.0.1:{port}/api/schema/",
        "--checks", "all", "--exclude-checks", "positive_data_acceptance",
        "--max-examples", str(args.max_examples), "--seed", str(args.seed), "--workers", "2",
        "--suppress-health-check", "all", "--report", "json,vcr", "--report-json-path", str(report),
        # Every request and answer, to read a failure's details from.
        "--report-vcr-path", str(report.with_suffix(".yaml")),
        # The schema takes seconds to build on a busy machine: a slow answer is not a failure here.
        "--wait-for-schema", "60", "--request-timeout", "60",
    ]
    for header in headers:
        command += ["-H", header]
    command += filters
    subprocess.run(command, cwd=ROOT, env={**env, "SCHEMATHESIS_HOOKS": "bench.contract_hooks"},
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def count_lines(path: Path) -> int:
    with path.open("rb") as log:
        return sum(1 for _ in log)


def summary(report: Path) -> tuple[int, int, Counter[str]]:
    data = json.loads(report.read_text())
    if not data["complete"]:
        errors = ", ".join(error["title"] for error in data["errors"])
        raise SystemExit(f"schemathesis stopped ({data['stop_reason']}): {errors}; see {report}")
    failures: Counter[str] = Counter()
    for group in data["failures"]:
        check = CHECKS.get(group["code"], group["title"])
        if group["code"] == "ST202" or "positive_data_acceptance" in group.get("type", ""):
            check = "positive_data_acceptance"
        failures[f"{check} ({group['code']} {group['title']})"] += group["count"]
    for error in data["errors"]:
        failures[f"error: {error['title']}"] += error["count"]
    return data["operations"]["tested"], data["test_cases"]["generated"], failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--max-examples", type=int, default=100, help="test cases per operation and phase")
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--reports", type=Path, default=Path(tempfile.mkdtemp(prefix="contract-fuzz-")))
    args = parser.parse_args()
    if "DATABASE_URL" not in os.environ:
        raise SystemExit("Set DATABASE_URL to a scratch database: the campaign saves decks, runs and tokens in it.")

    env = {
        **os.environ, "SECRET_KEY": os.environ.get("SECRET_KEY", secrets.token_hex(32)), "DEBUG": "0",
        "DJANGO_SETTINGS_MODULE": "config.settings", "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "PYTHONPATH": str(ROOT),
    }
    # One address sends everything: request throttles would answer most of it 429 and test nothing else.
    for rate in ("THROTTLE_ANON", "THROTTLE_USER", "THROTTLE_RUNS_ANON", "THROTTLE_RUNS_USER"):
        env.setdefault(rate, "1000000/second")
    token = prepare(env)
    args.reports.mkdir(parents=True, exist_ok=True)
    access_log = args.reports / "access.log"
    access_log.touch()
    server_log = (args.reports / "server.log").open("ab")  # Django's request warnings, kept out of the table
    options = ["--access-logfile", str(access_log), "--timeout", "60"]
    with server_log, gunicorn(env, args.workers, options, output=server_log) as port:
        print(f"schemathesis: --max-examples {args.max_examples} --seed {args.seed}, every check; "
              f"gunicorn {args.workers} workers; reports in {args.reports}")
        print(f"{'credentials':14} {'operations':>10} {'requests':>9} {'test cases':>10}  failures by check")
        # Revoking the token ends it for every request after: that operation gets a token of its own.
        revoke = ["--include-path", REVOKE]
        runs: tuple[tuple[str, list[str], list[str]], ...] = (
            ("token", [f"Authorization: Token {token}"], ["--exclude-path", REVOKE]),
            ("token, revoke", [f"Authorization: Token {prepare(env, decks=False)}"], revoke),
            ("anonymous", [], []),
        )
        for label, headers, filters in runs:
            report = args.reports / f"{label.replace(', ', '-')}.json"
            before = count_lines(access_log)
            started = time.monotonic()
            campaign(port, headers, filters, args, report, env)
            elapsed = time.monotonic() - started
            time.sleep(1)  # the access log is written as requests end
            requests = count_lines(access_log) - before
            operations, cases, failures = summary(report)
            found = "; ".join(f"{name}: {n}" for name, n in sorted(failures.items())) or "none"
            print(f"{label:14} {operations:10d} {requests:9d} {cases:10d}  {found}  ({elapsed:.0f} s)")


if __name__ == "__main__":
    main()
