"""Counts in a loaded wire state are bounded by what the game holds (design §4 ``from_wire``).

Loading builds one entry per card a count names (hidden deck cards, hidden progress cards),
and the engine later lists one entry per material card (a steal), so a count above the game's
own stock is refused with a one-line reason naming the field and the limit, as any other wire
state our engine cannot load: the decks hold 18 cards each (digest §3), the bank 19 of each
resource and 12 of each commodity (rules §6.4, digest §4), a player 15 roads, 5 settlements,
4 cities, 3 walls and 2 knights of each tier (digest §5(a)).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from codex_helpers import DATA

from toolkit.cli import cli
from toolkit.games.codex import constants as C
from toolkit.games.codex import views, wire_counts
from toolkit.games.codex.candidates import WireError, load_capture

CAPTURE = DATA / "play-request-full.json"
ME, OTHER = "p-red", "p-blue"  # the capture's seat in full, and a redacted opponent

Edit = Callable[[dict[str, Any]], None]


def wire_with(edit: Edit) -> dict[str, Any]:
    """The captured state with ``edit`` applied to a copy of it."""
    wire: dict[str, Any] = copy.deepcopy(json.loads(CAPTURE.read_text())["state"])
    edit(wire)
    return wire


def setter(*path: str, value: Any) -> Edit:
    """An edit that sets the field at ``path`` (keys from the state down) to ``value``."""

    def edit(wire: dict[str, Any]) -> None:
        target = wire
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return edit


def refusal(path: tuple[str, ...], value: Any) -> str:
    """The reason loading gives for the state with ``path`` set to ``value`` (it must refuse)."""
    with pytest.raises(ValueError) as caught:
        views.from_wire(wire_with(setter(*path, value=value)))
    message = str(caught.value)
    assert "\n" not in message
    return message


# Every bounded field, as a path in the captured state, and its limit.
BOUNDED: list[tuple[tuple[str, ...], int]] = [
    *[((f"{d}DeckCount",), 18) for d in C.TRACKS],
    (("players", OTHER, "progressHandByDeck", "science"), 17),
    (("players", OTHER, "progressHandByDeck", "trade"), 18),
    (("players", OTHER, "progressHandByDeck", "politics"), 17),
    (("players", OTHER, "materialCount"), 131),
    *[(("players", ME, "resources", r), 19) for r in C.RESOURCES],
    *[(("players", ME, "commodities", c), 12) for c in C.COMMODITIES],
    *[(("bankResources", r), 19) for r in C.RESOURCES],
    *[(("bankCommodities", c), 12) for c in C.COMMODITIES],
    (("players", ME, "roadsInSupply"), 15),
    (("players", OTHER, "settlementsInSupply"), 5),
    (("players", ME, "citiesInSupply"), 4),
    (("players", OTHER, "cityWallsInSupply"), 3),
    *[(("players", ME, "knightsInSupply", k), 2) for k in C.KNIGHT_LEVELS],
]
IDS = [".".join(path) for path, _ in BOUNDED]


def test_limits_are_the_games_own_stock() -> None:
    """digest §3-§4 and §5(a), rules §6.4 and §14: 18 cards a deck, all but the VP cards
    (Annals, Charter) holdable, 19 cards of each resource and 12 of each commodity (131 in
    all), and the per-player supply of pieces."""
    assert wire_counts.DECK_CARDS == {"science": 18, "trade": 18, "politics": 18}
    assert wire_counts.HELD_CARDS == {"science": 17, "trade": 18, "politics": 17}
    assert wire_counts.ALL_MATERIAL_CARDS == 5 * 19 + 3 * 12 == 131
    assert wire_counts.PIECES == {"roadsInSupply": 15, "settlementsInSupply": 5, "citiesInSupply": 4,
                            "cityWallsInSupply": 3}
    assert C.KNIGHT_SUPPLY == {"basic": 2, "strong": 2, "mighty": 2}


@pytest.mark.parametrize(("path", "most"), BOUNDED, ids=IDS)
def test_a_count_at_its_limit_loads(path: tuple[str, ...], most: int) -> None:
    """design §4: a count equal to what the game holds is a state the game can reach, so it
    loads as before, and the loaded state's view shows the same count again."""
    state = views.from_wire(wire_with(setter(*path, value=most)))
    seat = 0 if ME in path else None
    shown: Any = views.view(state, seat)
    for key in path:
        shown = shown[key]
    assert shown == most


@pytest.mark.parametrize(("path", "most"), BOUNDED, ids=IDS)
def test_a_count_one_above_its_limit_is_refused(path: tuple[str, ...], most: int) -> None:
    """design §4: one card or piece more than the game has is refused, the reason naming the
    field's path and the limit."""
    message = refusal(path, most + 1)
    assert message.startswith(f"{'.'.join(path)} is {most + 1}; ")
    assert f"from 0 to {most} " in message


@pytest.mark.parametrize("value", [-1, 2.5, 3.0, True, "5", None, [1], {"n": 1}])
@pytest.mark.parametrize(("path", "most"), [BOUNDED[0], BOUNDED[3], BOUNDED[6], BOUNDED[7]],
                         ids=[IDS[0], IDS[3], IDS[6], IDS[7]])
def test_negative_and_non_integer_counts_are_refused(path: tuple[str, ...], most: int, value: Any) -> None:
    """design §4: a count is a whole number of cards, never negative, never a fraction, text,
    boolean or other JSON value (a negative deck count used to load as an empty deck, and a
    material count of "5" or 2.5 used to be converted)."""
    message = refusal(path, value)
    assert message.startswith(f"{'.'.join(path)} is {json.dumps(value)}; ")
    assert f"whole number from 0 to {most} " in message


@pytest.mark.parametrize(
    ("path", "huge"),
    [
        (("scienceDeckCount",), 10**12),
        (("players", OTHER, "progressHandByDeck", "politics"), 2**63 - 1),
        (("players", OTHER, "progressHandByDeck", "trade"), 2_000_000),
        (("players", ME, "resources", "ore"), 10**12),
    ],
    ids=["deck-1e12", "hand-2^63-1", "hand-2e6", "ore-1e12"],
)
def test_a_huge_count_is_refused_before_anything_is_built(path: tuple[str, ...], huge: int) -> None:
    """digest §3 / rules §6.4: a deck or hand count far above the game's cards used to build
    that many entries and exhaust memory; it is now refused at once, like one above the limit
    (checked first, so a broken bound fails this test instead of exhausting memory)."""
    refusal(path, dict(BOUNDED)[path] + 1)
    assert refusal(path, huge).startswith(f"{'.'.join(path)} is {huge}; ")


def test_an_enormous_number_is_not_printed_in_full() -> None:
    """design §4: the one-line reason stays short even for a number of hundreds of digits."""
    message = refusal(("politicsDeckCount",), 10**200)
    assert message.startswith("politicsDeckCount is a number of more than 30 digits; ")
    assert len(message) < 160


def test_an_over_limit_count_is_a_state_our_engine_cannot_load() -> None:
    """design §4: the refusal travels the loader's usual path for bad wire states, a
    ``not_a_state`` WireError naming the field and the limit."""
    request = json.loads(CAPTURE.read_text())
    request["state"]["tradeDeckCount"] = 19
    with pytest.raises(WireError) as caught:
        load_capture(request)
    assert caught.value.code == "not_a_state" and not caught.value.usage
    assert caught.value.message == (
        "not a codex wire state our engine can load: tradeDeckCount is 19; it must be a whole number "
        "from 0 to 18 (the cards of the trade deck)"
    )


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("scienceDeckCount",), 10**12),
        (("players", OTHER, "progressHandByDeck", "politics"), 2**63 - 1),
        (("players", OTHER, "materialCount"), -1),
    ],
    ids=["deck-1e12", "hand-2^63-1", "material-negative"],
)
def test_moves_cli_reports_the_field_in_one_line(tmp_path: Path, path: tuple[str, ...], value: int) -> None:
    """design §4, CLI house rule: ``moves --state`` on such a file exits 1 with one line that
    names the file and the reason, and no traceback."""
    refusal(path, dict(BOUNDED)[path] + 1)  # the bound holds, so the big value below is safe to try
    request = json.loads(CAPTURE.read_text())
    setter(*path, value=value)(request["state"])
    target = tmp_path / "state.json"
    target.write_text(json.dumps(request))
    result = CliRunner().invoke(cli, ["moves", "--state", str(target)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit)
    lines = result.output.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"{target}: not a codex wire state our engine can load: {'.'.join(path)} is ")
    assert lines[0].endswith("[not_a_state]")


def test_the_captured_state_still_loads_unchanged() -> None:
    """vorryn README: the real engine's captured request loads with every count as it was."""
    wire = json.loads(CAPTURE.read_text())["state"]
    state = views.from_wire(copy.deepcopy(wire))
    ours = views.view(state, 0)
    for d in C.TRACKS:
        assert ours[f"{d}DeckCount"] == wire[f"{d}DeckCount"]
    assert ours["players"][OTHER]["progressHandByDeck"] == wire["players"][OTHER]["progressHandByDeck"]
    assert ours["players"][OTHER]["materialCount"] == wire["players"][OTHER]["materialCount"]
    assert ours["bankResources"] == wire["bankResources"]
