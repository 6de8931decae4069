"""The cached, incrementally hashed digest equals the SHA-256 of the full text written afresh
(design §4: the digest is the hash of the whole state as compact sorted JSON) at every position
of bot games, of published replays, of positions loaded from a wire view, and of copies; and the
rule it relies on (changes to marked fields are announced) is checked."""

from __future__ import annotations

import copy
import pickle
from pathlib import Path

import pytest
from codex_helpers import positions
from hypothesis import given, settings
from hypothesis import strategies as st
from wire_positions import loaded, openings

from toolkit.games.base import IllegalMove
from toolkit.games.codex import GAME
from toolkit.games.codex.bots import make_bot, next_seat
from toolkit.games.codex.digest_text import CACHE_ATTRIBUTE, UnannouncedChange, canonical_text, changed
from toolkit.games.codex.engine import open_kinds
from toolkit.games.codex.state import State, full_digest, full_text
from toolkit.rng import Stream
from toolkit.saves import load

ROOT = Path(__file__).resolve().parents[2]
REPLAYS = sorted((ROOT / "replays").glob("codex-*.json"))

SELF_PLAY = (
    (31, ["random", "random", "random", "random"], "standard", True),
    (32, ["heuristic", "heuristic", "heuristic", "heuristic"], "grand", False),
    (33, ["random", "heuristic", "random"], "grand", True),
    (34, ["heuristic", "random"], "standard", False),
)


def play_on(state: State, seed: int, moves: int) -> None:
    """Let random bots play up to ``moves`` moves from ``state``, checking the digest after each
    (a loaded position's hidden cards may leave a seat without an answer, or refuse one: play
    stops there, the digest checked once more after the refusal)."""
    agents = [make_bot("random", seed, k) for k in range(len(state.players))]
    driver = Stream(seed, "digest:driver")
    for _ in range(moves):
        if GAME.is_over(state):
            return
        seat = next_seat(state, driver)
        if not open_kinds(state, seat):
            return
        try:
            GAME.apply(state, agents[seat].choose(state, seat))
        except IllegalMove:
            assert GAME.digest(state) == full_digest(state)
            return
        assert GAME.digest(state) == full_digest(state)


def test_digest_equals_full_digest_in_self_play() -> None:
    """Every position of random and heuristic bot games (thousands, both boards, standing wants
    on and off, two to four players) has the digest of its full text."""
    count = 0
    for seed, bots, board, wants in SELF_PLAY:
        for state in positions(seed, bots, board, wants, 2000):
            assert GAME.digest(state) == full_digest(state)
            count += 1
    assert count > 4000


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**9), seats=st.integers(2, 4), board=st.sampled_from(["standard", "grand"]),
       wants=st.booleans())
def test_digest_equals_full_digest_after_every_move_of_random_games(seed: int, seats: int, board: str,
                                                                     wants: bool) -> None:
    """Property: after every move of a random game (any seed, two to four seats, either board,
    standing wants on or off) the digest is that of the full text: the engine's announcements
    leave no change unseen."""
    for state in positions(seed, ["random"] * seats, board, wants, 300):
        assert GAME.digest(state) == full_digest(state)


def test_digest_equals_full_digest_replaying_published_saves() -> None:
    """design §5: every position of every published codex replay has the digest of its full text."""
    assert REPLAYS
    for path in REPLAYS:
        save = load(path)
        state = GAME.new_game(save.seed, save.config)
        assert GAME.digest(state) == full_digest(state)
        for move in save.moves:
            GAME.apply(state, move)
            assert GAME.digest(state) == full_digest(state), f"{path.name} after {state.version - 1} moves"


def test_digest_equals_full_digest_on_loaded_positions_and_after() -> None:
    """A position loaded from a seat's wire view (every pending type bot games open) has the digest
    of its full text, and so does every position played on from it."""
    for k, states in enumerate(openings().values()):
        for state in states:
            for seat in (None, GAME.to_move(state)[0]):
                position = loaded(state, seat)
                assert GAME.digest(position) == full_digest(position)
                play_on(position, k, 25)


def test_a_copy_builds_its_own_cache() -> None:
    """A deep copy of a digested position starts without the original's cached pieces, and the
    copy and the original keep their own digests right as each plays on differently."""
    state = next(s for n, s in enumerate(positions(41, ["random"] * 4, "standard", True, 400)) if n == 300)
    GAME.digest(state)
    twin = copy.deepcopy(state)
    assert CACHE_ATTRIBUTE not in vars(twin)
    assert GAME.digest(twin) == GAME.digest(state)
    play_on(twin, 1, 60)
    play_on(state, 2, 60)
    assert GAME.digest(twin) != GAME.digest(state)


def test_state_copy_is_a_deep_copy_of_its_own() -> None:
    """``State.copy`` (pickled and read back) gives what ``copy.deepcopy`` gives: equal fields,
    no shared list or record, its own digest cache; each then plays on unaffected by the other."""
    state = next(s for n, s in enumerate(positions(43, ["random"] * 4, "standard", True, 400)) if n == 250)
    GAME.digest(state)
    twin, deep = state.copy(), copy.deepcopy(state)
    assert vars(twin) == vars(deep) and full_text(twin) == full_text(state)
    assert CACHE_ATTRIBUTE not in vars(twin)
    assert twin.players[0] is not state.players[0] and twin.players[0].res is not state.players[0].res
    assert twin.road is not state.road and twin.decks is not state.decks
    play_on(twin, 3, 60)
    assert full_text(deep) == full_text(state) and GAME.digest(state) == full_digest(state)
    assert GAME.digest(twin) == full_digest(twin) != GAME.digest(state)


def test_text_and_digest_asked_in_turn() -> None:
    """Asking for the digest text and for the digest in turn, after moves or several times at one
    position, gives the full text and its digest every time."""
    for n, state in enumerate(positions(42, ["heuristic", "random", "random"], "standard", True, 600)):
        if n % 3 == 0:
            assert canonical_text(state) == full_text(state)
        if n % 2 == 0:
            assert GAME.digest(state) == full_digest(state)
        if n % 7 == 0:
            assert canonical_text(state) == full_text(state)
            assert GAME.digest(state) == full_digest(state)


def test_a_pickled_position_builds_its_own_cache() -> None:
    """A position sent through pickle (as worker processes receive it) arrives without cached
    pieces and keeps the digest of its full text as it plays on."""
    state = next(s for n, s in enumerate(positions(43, ["heuristic"] * 3, "grand", True, 500)) if n == 350)
    GAME.digest(state)
    twin = pickle.loads(pickle.dumps(state))
    assert CACHE_ATTRIBUTE not in vars(twin)
    assert GAME.digest(twin) == GAME.digest(state)
    play_on(twin, 3, 80)


def test_a_shallow_copy_sharing_lists_keeps_both_digests_right() -> None:
    """A shallow copy shares the original's lists and dicts: a move applied to the copy edits
    the original's board and players in place, and both digests still follow their states."""
    state = next(s for n, s in enumerate(positions(44, ["random"] * 4, "standard", False, 300)) if n == 200)
    GAME.digest(state)
    twin = copy.copy(state)
    play_on(twin, 4, 40)
    assert GAME.digest(state) == full_digest(state)


def test_nothing_changed_since_the_last_digest_gives_it_again() -> None:
    """Asking twice at one position gives the same digest (kept when nothing changed), and a
    record of a marked list of records replaced after that (a trade record: such records are
    replaced, never edited in place), announced with ``changed``, reaches the next one."""
    edits = 0
    for n, state in enumerate(positions(45, ["random"] * 3, "standard", True, 1500)):
        first = GAME.digest(state)
        assert GAME.digest(state) == first == full_digest(state)
        if n % 5 == 0 and state.domestic_outcomes:
            record = state.domestic_outcomes[0]
            state.domestic_outcomes[0] = {**record, "edited": n}
            changed(state, "domestic_outcomes")
            assert GAME.digest(state) == full_digest(state) != first
            state.domestic_outcomes[0] = record
            changed(state, "domestic_outcomes")
            assert GAME.digest(state) == first
            edits += 1
    assert edits > 10


def test_an_unannounced_change_to_a_marked_field_is_caught_in_checked_mode() -> None:
    """The rule the cache relies on is checked: a board list edited without ``changed`` makes the
    next digest (the suite runs in checked mode) name the field instead of answering."""
    state = next(s for n, s in enumerate(positions(46, ["random"] * 3, "standard", False, 200)) if n == 150)
    GAME.digest(state)
    state.b_wall[0] = not state.b_wall[0]
    with pytest.raises(UnannouncedChange, match="b_wall"):
        GAME.digest(state)


def test_a_change_to_a_compared_field_needs_no_announcement() -> None:
    """The counters, the phase and the task queue are compared on every digest: edited in place
    without a word, they still reach the next digest."""
    state = next(s for n, s in enumerate(positions(47, ["random"] * 3, "standard", False, 200)) if n == 120)
    first = GAME.digest(state)
    state.steal_ordinal += 1
    assert GAME.digest(state) == full_digest(state) != first
    state.turn_number += 1
    assert GAME.digest(state) == full_digest(state)
    state.queue.append({"task": "advanceTurn"})
    assert GAME.digest(state) == full_digest(state)
    state.phase = "done"
    assert GAME.digest(state) == full_digest(state)


def test_the_bank_and_the_dice_are_announced() -> None:
    """The bank and the dice change with most moves that move cards, so the engine announces them
    rather than have every digest compare them: a change without ``changed`` is caught in checked
    mode, with it the change reaches the next digest."""
    state = next(s for n, s in enumerate(positions(47, ["random"] * 3, "standard", False, 200)) if n == 120)
    GAME.digest(state)
    state.bank["ore"] -= 1
    with pytest.raises(UnannouncedChange, match="bank"):
        GAME.digest(state)
    changed(state, "bank")
    assert GAME.digest(state) == full_digest(state)
    state.dice["rollNumber"] += 1
    changed(state, "dice")
    assert GAME.digest(state) == full_digest(state)
