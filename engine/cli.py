"""The engine's command line: check a deck list, or goldfish it, without the web site.

    python -m engine validate DECKFILE --game qqdnd [--json]
    python -m engine goldfish DECKFILE --game qqdnd --games 10000 --seed 1 [--opponent sparring|passive]
        [--player heuristic|search|random] [--budget 64] [--json]
    python -m engine match DECK_A DECK_B --game condemned --games 2000 --seed 1 [--player ...] [--json]

Cards come from the fixture files, fixtures/<game>/*.json, each card prepared by the game's schema
as the loader does; `--cards PATH` reads another fixture file or folder of them.

Exit status: 0 done (validate: the deck is legal); 1 validate found the deck illegal; 2 the deck
list or the cards could not be read, or (goldfish) the deck is illegal, so nothing was played.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from engine.deck import ResolvedDeck
from engine.decklist import DecklistTooLong
from engine.games import game_schema, game_slugs
from engine.goldfish import run_goldfish
from engine.matchup import run_matchup
from engine.play.kits import DEFAULT_PLAYER, PLAYER_KINDS, UnknownChoice, goldfish_opponent_name
from engine.players.search import DEFAULT_BUDGET
from engine.problems import ValidationResult
from engine.validation import CardIndex, check_decklist

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
BAR_WIDTH = 40

EXIT_OK, EXIT_ILLEGAL, EXIT_UNREADABLE = 0, 1, 2


class InputError(Exception):
    """The deck list or the card files could not be read; the message says which and why."""


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    args = _parser().parse_args(argv)
    try:
        index = CardIndex(args.game, load_cards(args.game, Path(args.cards) if args.cards else None))
        checked = [(path, *_checked(path, args.game, index, args.format)) for path in _deck_files(args)]
    except (InputError, DecklistTooLong) as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_UNREADABLE
    notices = demo_notices(args.game, Path(args.cards) if args.cards else None)
    if args.command == "validate":
        result = checked[0][1]
        _print_validation(result, args.json, out, notices)
        return EXIT_OK if result.legal else EXIT_ILLEGAL
    for path, result, _ in checked:
        if not result.legal:
            print(f"{path} is not a legal deck, so it was not played:", file=sys.stderr)
            _print_problems(result, sys.stderr)
            return EXIT_UNREADABLE
    decks = [deck for _, _, deck in checked]
    try:
        if args.command == "match":
            report = run_matchup(args.game, decks[0], decks[1], args.games, args.seed, player=args.player,
                                 budget=args.budget).report()
            text = format_matchup(report, game_schema(args.game).name, args.deck_a, args.deck_b, notices)
        else:
            opponent = goldfish_opponent_name(args.game, args.opponent)
            report = run_goldfish(args.game, decks[0], args.games, args.seed, opponent=opponent, player=args.player,
                                  budget=args.budget).report()
            text = format_report(report, game_schema(args.game).name, args.deckfile, notices)
    except UnknownChoice as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_UNREADABLE
    print(json.dumps(report, indent=2) if args.json else text, file=out)
    return EXIT_OK


def _deck_files(args: argparse.Namespace) -> list[str]:
    return [args.deck_a, args.deck_b] if args.command == "match" else [args.deckfile]


def _checked(path: str, game: str, index: CardIndex, format: str | None) -> tuple[ValidationResult, ResolvedDeck]:
    """A deck file's verdict and the deck it describes."""
    checked = check_decklist(game, _read_text(Path(path)), index, format)
    return checked.result, checked.deck


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--game", required=True, choices=game_slugs())
    common.add_argument("--format", help="the format to check the deck in (default: the list's, or constructed)")
    common.add_argument("--cards", help="a fixture file or folder of them to read cards from "
                                        "(default: fixtures/<game>/)")
    common.add_argument("--json", action="store_true", help="print JSON instead of a table")
    one_deck = argparse.ArgumentParser(add_help=False)
    one_deck.add_argument("deckfile", help="a deck list in the text format (see docs/contract.md)")
    play = argparse.ArgumentParser(add_help=False)
    play.add_argument("--games", type=_positive, default=1000, help="games to play (default 1000)")
    play.add_argument("--seed", type=int, default=1, help="the run's seed; the same seed gives the same results")
    play.add_argument("--player", choices=PLAYER_KINDS, default=DEFAULT_PLAYER,
                      help="who plays the decks (default: heuristic, the built-in player)")
    play.add_argument("--budget", type=_positive, default=DEFAULT_BUDGET,
                      help=f"the search player's play-outs a decision (default {DEFAULT_BUDGET})")
    commands.add_parser("validate", parents=[one_deck, common], help="check a deck against its game's deck rules")
    goldfish = commands.add_parser("goldfish", parents=[one_deck, common, play],
                                   help="play a deck against an opponent that does not fight back")
    goldfish.add_argument("--opponent", help="the goldfish opponent (QQDND: sparring, the default, or passive)")
    match = commands.add_parser("match", parents=[common, play], help="play deck A against deck B")
    match.add_argument("deck_a", help="deck A's list in the text format")
    match.add_argument("deck_b", help="deck B's list in the text format")
    return parser


def _positive(value: str) -> int:
    number = int(value)
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1; got {number}")
    return number


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError as error:
        raise InputError(f"{path}: no such file") from error
    except UnicodeDecodeError as error:
        raise InputError(f"{path}: not a UTF-8 text file") from error
    except OSError as error:
        raise InputError(f"{path}: {error.strerror}") from error


def _fixture_files(game: str, path: Path | None) -> list[Path]:
    path = path or FIXTURES / game
    files = sorted(path.glob("*.json")) if path.is_dir() else [path]
    if not files:
        raise InputError(f"{path}: no fixture files (*.json) here")
    return files


def load_cards(game: str, path: Path | None = None) -> list[dict[str, Any]]:
    """The cards of a game from fixture files (a file, or every *.json in a folder), prepared."""
    files = _fixture_files(game, path)
    schema = game_schema(game)
    cards: list[dict[str, Any]] = []
    for file in files:
        try:
            data = json.loads(_read_text(file))
            if data["game"] != game:
                raise InputError(f"{file}: holds {data['game']} cards, not {game} cards")
            cards.extend(schema.prepare(card) for card in data["cards"])
        except (json.JSONDecodeError, KeyError, TypeError) as error:
            raise InputError(f"{file}: not a fixture file of {game} cards ({error})") from error
    return cards


def demo_notices(game: str, path: Path | None = None) -> list[str]:
    """"Unofficial demo set: ..." for each set of made-up cards among the fixture files read (the
    cards of The Condemned and Anguish are such sets), so that no output passes them off as real."""
    notices = []
    for file in _fixture_files(game, path):
        card_set = json.loads(_read_text(file)).get("set") or {}
        if card_set.get("is_demo"):
            notices.append(f"Unofficial demo set: {card_set.get('notice') or card_set.get('name', file.stem)}")
    return notices


def resolved_deck(game: str, text: str, index: CardIndex, format: str | None = None) -> ResolvedDeck:
    """The deck a list describes (call it on a list that validated: unknown names are left out)."""
    return check_decklist(game, text, index, format).deck


def _print_validation(result: ValidationResult, as_json: bool, out: TextIO, notices: Sequence[str] = ()) -> None:
    if as_json:
        print(json.dumps(result.as_dict(), indent=2), file=out)
        return
    print(f"{'Legal' if result.legal else 'Not legal'} ({result.game}, {result.format})", file=out)
    for notice in notices:
        print(notice, file=out)
    _print_problems(result, out)


def _print_problems(result: ValidationResult, out: TextIO) -> None:
    for problem in result.problems:
        print(f"  error [{problem.code}] {problem.message}", file=out)
    for problem in result.warnings:
        print(f"  warning [{problem.code}] {problem.message}", file=out)


def format_report(report: dict[str, Any], game_name: str, deck_name: str, notices: Sequence[str] = ()) -> str:
    """A goldfish report as text: the ending-turn histogram as bars, then damage, openings, cards.
    `notices` (demo_notices) follow the title line."""
    unit = report["turn_unit"]
    games = report["games"]
    ending = report["end_turn"]
    lines = [
        f"{game_name} goldfish of {deck_name}: {games:,} games, seed {report['seed']}",
        f"Against the {report['opponent']} opponent, played by the {report['player']} player.",
        *notices,
        f"Won {report['wins']:,} of {games:,} games ({_percent(report['win_rate'])}) "
        f"by the end of {unit} {report['turn_limit']}.",
        "",
        f"Game ended in {unit}: mean {_number(ending['mean'])}, median {ending['median']}, "
        f"p10 {ending['p10']}, p90 {ending['p90']}",
        f"{unit:>6}  {'games':>7}  {'share':>6}  {'ended by':>8}",
    ]
    most = max((row["games"] for row in ending["histogram"]), default=0)
    for row, ended in zip(ending["histogram"], ending["ended_by"], strict=True):
        bar = "#" * round(BAR_WIDTH * row["games"] / most) if most else ""
        lines.append(f"{row['turn']:>6}  {row['games']:>7,}  {_percent(row['games'] / games):>6}  "
                     f"{_percent(ended['share']):>8}  {bar}".rstrip())
    damage_label = "Lifeblood milled" if report["game"] == "anguish" else "Damage"
    lines += ["", f"{damage_label} per {unit} (over the games that reached it)",
              f"{unit:>6}  {'games':>7}  {'mean':>6}  {'std':>6}"]
    lines += [f"{row['turn']:>6}  {row['games']:>7,}  {row['mean']:>6.2f}  {row['std']:>6.2f}"
              for row in report["damage_per_turn"]]
    lines += ["", f"First {unit} had a play: {_percent(report['first_turn_play_rate'])}"]
    if report["mulligan_rate"] is not None:
        lines.append(f"Mulliganed: {_percent(report['mulligan_rate'])} of games "
                     f"({_number(report['mulligans_per_game'])} mulligans a game)")
    if report["overkill_per_game"]:
        lines.append(f"Overkill: {_number(report['overkill_per_game'])} a game past what its target needed "
                     "(not counted above)")
    if report["capped"]:
        lines.append(f"{unit.capitalize()}s ended by the action cap: {report['capped']:,}")
    lines += ["", "Dead copies: drawn and never played; 'no moment' never had a legal moment to be played, "
              "'held' could have been and were not.",
              f"{'card':<36}  {'drawn/game':>10}  {'played/game':>11}  {'dead/game':>9}  {'no moment':>9}  "
              f"{'held':>6}  {'dead share':>10}"]
    lines += [f"{row['name'][:36]:<36}  {_number(row['drawn_per_game']):>10}  {_number(row['played_per_game']):>11}  "
              f"{_number(row['dead_per_game']):>9}  {_number(row['no_moment_per_game']):>9}  "
              f"{_number(row['unchosen_per_game']):>6}  {_percent(row['dead_share']):>10}"
              for row in report["cards"]]
    treated = ", ".join(f"{row['name']} ({row['times']:,} times)" for row in report["no_effect"])
    lines += ["", f"Cards treated as having no effect: {treated or 'none'}"]
    return "\n".join(lines)


def format_matchup(
    report: dict[str, Any], game_name: str, name_a: str, name_b: str, notices: Sequence[str] = ()
) -> str:
    """A matchup report as text: the result with its interval, the first player's edge, the ending
    turn, and each deck's cards. `notices` (demo_notices) follow the title line."""
    unit = report["turn_unit"]
    ending = report["end_turn"]
    lines = [
        f"{game_name} matchup, A: {name_a} against B: {name_b}: {report['games']:,} games, seed {report['seed']}, "
        f"played by the {report['player']} player",
        *notices,
        f"A won {report['wins_a']:,}, B won {report['wins_b']:,}, {report['draws']:,} draws"
        + (f" ({report['capped']:,} ended by the loop cap)" if report["capped"] else ""),
        f"A's win rate: {_percent(report['a_win_rate'])} (95% interval {_percent(report['a_win_rate_low'])} to "
        f"{_percent(report['a_win_rate_high'])}, over decided games)",
        f"The first player won {_percent(report['first_player_win_rate'])} of decided games.",
        f"Game ended in {unit}: mean {_number(ending['mean'])}, median {ending['median']}, "
        f"p10 {ending['p10']}, p90 {ending['p90']}",
    ]
    for side, name in (("a", name_a), ("b", name_b)):
        lines += ["", f"Deck {side.upper()}: {name}",
                  f"{'card':<36}  {'drawn/game':>10}  {'played/game':>11}  {'win% when played':>16}"]
        lines += [f"{row['name'][:36]:<36}  {_number(row['drawn_per_game']):>10}  "
                  f"{_number(row['played_per_game']):>11}  {_percent(row['win_rate_when_played']):>16}"
                  for row in report["cards"][side]]
    return "\n".join(lines)


def _percent(share: float | None) -> str:
    return "-" if share is None else f"{100 * share:.1f}%"


def _number(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"
