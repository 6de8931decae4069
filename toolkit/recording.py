"""Let bots play a whole game and make it a save (``replaykit record``).

What a game can take is read from where it is defined, never restated: the player
range from the game's save schema (``config.players`` ``minItems``/``maxItems``), the
bot names from the game's ``bots.BOTS``, and the seed is checked against the schema's
``seed``. :func:`check_request` refuses a request the game cannot take before any move
is played.
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from toolkit.games.base import Game
from toolkit.replay import checkpoints_for
from toolkit.saves import FORMAT
from toolkit.textsafe import clean

DEFAULT_BOT = "greedy"
CODEX_OPTIONS = {"board", "standing_wants"}


class BadRequest(ValueError):
    """A record request the game cannot take; ``param`` names the option at fault."""

    def __init__(self, message: str, param: str) -> None:
        super().__init__(message)
        self.param = param


@dataclass(frozen=True)
class Seats:
    """What a game accepts at the table: how many players and which bots."""

    game: str
    fewest: int
    most: int
    bots: tuple[str, ...]

    def table(self) -> str:
        """``3-4 players; bots greedy, random``."""
        return f"{self.fewest}-{self.most} players; bots {', '.join(self.bots)}"


def bots_module(game_id: str) -> Any | None:
    """The game's ``bots`` module, or None when it has none."""
    name = f"toolkit.games.{game_id}.bots"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name in (name, f"toolkit.games.{game_id}"):
            return None
        raise


def seats(game_id: str) -> Seats:
    """The player range (from the save schema) and bot names (from the bots module) of a game."""
    from toolkit.validation import schema

    config = schema(game_id)["$defs"]["config"]["properties"]["players"]
    module = bots_module(game_id)
    names = tuple(sorted(getattr(module, "BOTS", {}))) if module is not None else ()
    return Seats(game_id, int(config.get("minItems", 1)), int(config.get("maxItems", 4)), names)


def seed_value(text: str) -> str | int:
    """A seed given on the command line: an integer when it is one, else the string.

    An integer too long for Python to read back from a save is refused (:class:`BadRequest`).
    """
    if re.fullmatch(r"-?(0|[1-9][0-9]*)", text):
        try:
            return int(text)
        except ValueError:
            message = f"an integer seed of {len(text.lstrip('-'))} digits is too long to be read back"
            raise BadRequest(message, "--seed") from None
    return text


def _split(value: str | None) -> list[str]:
    return [part.strip() for part in value.split(",")] if value else []


@dataclass(frozen=True)
class Request:
    """A checked record request: who plays, under which names, with which options."""

    game: str
    seed: str | int
    bots: list[str]
    names: list[str] | None
    options: dict[str, Any]


def check_request(
    game_id: str, seed: str, players: int, bots: str | None, names: str | None, options: Mapping[str, Any]
) -> Request:
    """A request the game can take, or :class:`BadRequest` naming the option at fault."""
    if options and game_id != "codex":
        raise BadRequest(f"{game_id} has no such option", "--grand/--standing-wants")
    table = seats(game_id)
    if not table.fewest <= players <= table.most:
        raise BadRequest(
            f"{game_id} is played by {table.fewest}-{table.most} players, not {players}", "--players"
        )
    if not table.bots:
        raise BadRequest(f"{game_id} has no bots yet", "GAME")
    bot_list = _split(bots) or [DEFAULT_BOT]
    unknown = sorted({b for b in bot_list if b not in table.bots})
    if unknown:
        named = ", ".join(map(repr, unknown))
        raise BadRequest(f"no {game_id} bot named {named} (bots: {', '.join(table.bots)})", "--bots")
    if len(bot_list) == 1:
        bot_list *= players
    if len(bot_list) != players:
        raise BadRequest(f"{len(bot_list)} bots for {players} players", "--bots")
    name_list = _split(names) or None
    if name_list is not None and len(name_list) != players:
        raise BadRequest(f"{len(name_list)} names for {players} players", "--names")
    for name in name_list or ():
        problem = text_problem("name", name)
        if problem is not None:
            raise BadRequest(problem, "--names")
    value = seed_value(seed)
    problem = seed_problem(game_id, value)
    if problem is not None:
        raise BadRequest(problem, "--seed")
    return Request(game_id, value, bot_list, name_list, dict(options))


def schema_problem(ref: str, value: Any) -> str | None:
    """Why the schema part at ``ref`` (e.g. ``common.json#/$defs/name``) refuses ``value``, or None.

    A value the quick check proves valid needs no more; only a refusal loads the full validator,
    for the words of its reason.
    """
    from toolkit.validation import is_clean

    if is_clean(ref, value):
        return None
    from jsonschema import Draft202012Validator

    from toolkit.validation import registry

    check = Draft202012Validator({"$ref": ref}, registry=registry())
    error = next(iter(check.iter_errors(value)), None)
    if error is None:
        return None
    return f"({error.validator} {clean(repr(error.validator_value), 60)})"


def seed_problem(game_id: str, seed: Any) -> str | None:
    """Why the save schema of ``game_id`` refuses ``seed`` as a seed, or None."""
    from toolkit.validation import schema_uri

    why = schema_problem(f"{schema_uri(game_id)}#/properties/seed", seed)
    if why is None:
        return None
    return f"the seed {clean(str(seed), 40)!r} is not one a save can hold {why}"


def text_problem(kind: str, value: str) -> str | None:
    """Why a save cannot hold ``value`` as a player name, a title or a note (``kind``), or None."""
    from toolkit.validation import SCHEMA_BASE

    why = schema_problem(f"{SCHEMA_BASE}common.json#/$defs/{kind}", value)
    return None if why is None else f"the {kind} {clean(value, 40)!r} is not one a save can hold {why}"


def player(game_id: str) -> Callable[..., Any] | None:
    """The game's ``play_game(seed, bots, names=..., **options)``, or None."""
    module = bots_module(game_id)
    play = getattr(module, "play_game", None)
    return play if callable(play) else None


def turn_cap(game_id: str) -> int | None:
    """The turn after which the game's bots stop an unfinished game, when they have one."""
    return getattr(bots_module(game_id), "TURN_CAP", None)


def record_save(
    game: Game, seed: str | int, config: Mapping[str, Any], moves: list[Any], meta: Mapping[str, Any]
) -> dict[str, Any]:
    """A complete save for a played game, with checkpoints; raises IllegalMove if it does not replay."""
    state = game.new_game(seed, config)
    digests = []
    for move in moves:
        game.apply(state, move)
        digests.append(game.digest(state))
    return {
        "format": FORMAT,
        "game": game.id,
        "rulesVersion": game.rules_version,
        "seed": seed,
        "config": dict(config),
        "moves": list(moves),
        "checkpoints": checkpoints_for(digests),
        "meta": dict(meta),
    }


@dataclass(frozen=True)
class Played:
    """A recorded game: the save's canonical text and what ``record`` reports about it."""

    text: str
    moves: int
    outcome: dict[str, Any] | None
    summary: dict[str, Any]
    seats: list[dict[str, Any]]
    turn_cap: int | None


def play(request: Request, out: str, meta: Mapping[str, Any]) -> Played:
    """Let the request's bots play; return the save, checked by validating and replaying it.

    Raises :class:`toolkit.report.Failed` (one line naming ``out``) when the engine cannot
    be loaded, a bot or the engine fails, or the save does not validate or replay; nothing
    is written then.
    """
    from toolkit import __version__, facts, validation
    from toolkit.games.base import IllegalMove, get_game
    from toolkit.replay import final
    from toolkit.report import Failed
    from toolkit.saves import Problem, parse

    play_game = player(request.game)
    if play_game is None:
        raise Failed([Problem(out, f"{request.game} has no bots yet", "no_bots")])
    try:
        game = get_game(request.game)
    except (ImportError, AttributeError) as exc:
        message = f"the {request.game} engine cannot be loaded: {exc}"
        raise Failed([Problem(out, message, "no_engine")]) from None
    stamped = {**meta, "createdBy": f"replaykit {__version__}"}
    try:
        config, moves = play_game(request.seed, request.bots, names=request.names, **request.options)
        data = record_save(game, request.seed, config, moves, stamped)
    except IllegalMove as exc:
        raise Failed([Problem(out, f"the bots' game does not replay: {exc.message}", exc.code)]) from None
    except (ValueError, KeyError) as exc:
        raise Failed([Problem(out, f"cannot record this game: {exc}", "bad_config")]) from None
    except Exception as exc:  # a bot or engine fault still ends in one line; nothing is written
        raise Failed([Problem(out, f"the game failed while playing: {type(exc).__name__}: {exc}",
                              "engine_error")]) from None
    save = parse(out, json.dumps(data))
    report = validation.check(save)
    if not report.ok:
        raise Failed(report.errors)
    step = final(save)
    return Played(
        text=validation.canonical_text(save),
        moves=len(moves),
        outcome=game.outcome(step.state),
        summary=game.summary(step.state),
        seats=facts.players(save),
        turn_cap=turn_cap(request.game),
    )
