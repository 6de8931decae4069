"""What a save must pass before it is replayed: the one rule ``replay``, ``replay --check``
and ``info`` share, so they give the same answer on every save.

A save is replayed only when it matches its game's schema. A game this revision can
replay but has no schema for (an engine under development, registered without one) is
replayed on its engine's checks alone.
"""

from __future__ import annotations

from toolkit.saves import Problem, Save


def schema_errors(save: Save) -> list[Problem]:
    """The schema errors that stop ``save`` from being replayed (none: replay it)."""
    from toolkit import validation

    missing = validation.game_problem(save)
    if missing is not None and missing.code == "unknown_game" and _has_engine(save.game):
        return []
    return validation.check(save).errors


def first_line(errors: list[Problem]) -> str:
    """The one line for a save refused by its schema: the first error, and how many follow."""
    more = f" (and {len(errors) - 1} more schema errors)" if len(errors) > 1 else ""
    return errors[0].line() + more


def _has_engine(game_id: str) -> bool:
    from toolkit.games.base import UnknownGame, get_game

    try:
        get_game(game_id)
    except (UnknownGame, ImportError, AttributeError):
        return False
    return True
