"""rules §2, the overview and components: what a game holds before its first placement.

§2 has no numbered heading in the rules text (digest §0 places it at L3-29). These tests hold a
fresh game to it as a player's view shows it: the bank, the progress decks, the shared markers
and the victory target.
"""

from __future__ import annotations

import pytest
from codex_helpers import GAME, fresh

RESOURCES = ("brick", "lumber", "wool", "grain", "ore")
COMMODITIES = ("paper", "cloth", "coin")


@pytest.mark.parametrize("board", ["standard", "grand"])
def test_a_new_game_holds_the_components_of_the_overview(board: str) -> None:
    """rules §2: the bank starts with 19 of each resource and 12 of each commodity; the three
    progress decks (science, trade, politics) hold 18 cards each, 54 in all; the robber starts
    off the board, inactive; the berserker ship starts at the first space of its 0-7 track; the
    Guildmaster marker belongs to nobody; no hand holds a card."""
    state = fresh(11, 3, board=board)
    assert {k: state.bank[k] for k in RESOURCES} == dict.fromkeys(RESOURCES, 19)
    assert {k: state.bank[k] for k in COMMODITIES} == dict.fromkeys(COMMODITIES, 12)
    decks = {name: len(pile) for name, pile in state.decks.items()}
    assert decks == {"science": 18, "trade": 18, "politics": 18}
    assert (state.robber_active, state.robber_hex) == (False, None)
    assert state.berserker_pos == 0 and state.merchant_owner is None
    assert all(sum(p.res.values()) + sum(p.com.values()) == 0 for p in state.players)


def test_the_victory_target_is_13_unless_the_game_sets_a_lower_one() -> None:
    """rules §2: 13 points win a standard game; a game may set a lower target, which every
    view carries as ``victoryPointsTarget``."""
    assert GAME.view(fresh(11, 3), 0)["victoryPointsTarget"] == 13
    short = fresh(11, 3, victoryPointsTarget=8)
    assert all(GAME.view(short, seat)["victoryPointsTarget"] == 8 for seat in (None, 0, 1, 2))
