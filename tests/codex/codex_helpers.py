"""Position builders for codex rule tests (tests only; the engine never imports this)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from toolkit.games.base import IllegalMove
from toolkit.games.codex import GAME, engine
from toolkit.games.codex import constants as C
from toolkit.games.codex.bots import make_bot, next_seat
from toolkit.games.codex.decks import deck_of
from toolkit.games.codex.dice import throw
from toolkit.games.codex.longest_road import road_length
from toolkit.games.codex.state import Knight, State, full_digest
from toolkit.games.codex.victory import points_at_most, victory_points
from toolkit.rng import Stream

DATA = Path(__file__).parent / "data"

PLAYERS = [{"id": "p1", "name": "Ada"}, {"id": "p2", "name": "Bo"}, {"id": "p3", "name": "Cy"}]


def positions(seed: int, bots: list[str], board: str, wants: bool, limit: int) -> Iterator[State]:
    """Every position of a bot game (up to ``limit`` moves), the start included."""
    players = [{"id": f"p{k + 1}"} for k in range(len(bots))]
    state = GAME.new_game(seed, {"players": players, "board": board, "standingWants": wants})
    agents = [make_bot(name, seed, k) for k, name in enumerate(bots)]
    driver = Stream(seed, "bot:driver")
    for _ in range(limit):
        yield state
        if GAME.is_over(state):
            return
        seat = next_seat(state, driver)
        GAME.apply(state, agents[seat].choose(state, seat))


def fresh(seed: str | int = 7, n: int = 3, **config: Any) -> State:
    return GAME.new_game(seed, {"players": PLAYERS[:n], **config})


def in_action(seed: str | int = 7, n: int = 3, current: int = 0, **config: Any) -> State:
    """A game past setup with an empty board, ``current`` to act in the action phase."""
    state = fresh(seed, n, **config)
    state.phase = "action"
    state.current = current
    state.turn_number = 1
    state.setup_step = 2 * n
    return state


def iid(state: State, text: str) -> int:
    return state.topo.int_index[text]


def eid(state: State, text: str) -> int:
    return state.topo.edge_index[text]


def put(state: State, seat: int, i: int, kind: str = "settlement", wall: bool = False) -> None:
    state.b_owner[i] = seat
    state.b_type[i] = kind
    state.b_wall[i] = wall
    p = state.players[seat]
    if kind == "settlement":
        p.settlements -= 1
    else:
        p.cities -= 1
    if wall:
        p.walls -= 1


def road(state: State, seat: int, e: int) -> None:
    state.road[e] = seat
    state.players[seat].roads -= 1


def knight(state: State, seat: int, i: int, level: str = "basic", active: bool = True) -> str:
    kid = f"k-{seat}-{i}"
    state.knights[kid] = Knight(kid, seat, level, active, i)
    state.knight_at[i] = kid
    state.players[seat].knights[level] -= 1
    return kid


def give(state: State, seat: int, **cards: int) -> None:
    for kind, n in cards.items():
        state.players[seat].add(kind, n)
        state.bank[kind] -= n


def move(state: State, seat: int, kind: str, **payload: Any) -> dict[str, Any]:
    return {"playerId": state.players[seat].id, "type": kind, "payload": payload}


def play(state: State, seat: int, kind: str, **payload: Any) -> list[dict[str, Any]]:
    return GAME.apply(state, move(state, seat, kind, **payload))


def path(state: State, start: int, length: int) -> list[int]:
    """``length`` edges of a simple walk from corner ``start`` (deterministic)."""
    topo = state.topo
    edges: list[int] = []
    seen = {start}
    here = start
    for _ in range(length):
        for e in topo.int_edges[here]:
            nxt = topo.other_end(e, here)
            if nxt not in seen and e not in edges:
                edges.append(e)
                seen.add(nxt)
                here = nxt
                break
        else:
            raise AssertionError("walk got stuck")
    return edges


def roads_along(state: State, seat: int, start: int, n: int) -> tuple[list[int], list[int]]:
    """``n`` roads of ``seat`` along a walk from corner ``start``: the edges and their corners."""
    edges = path(state, start, n)
    for e in edges:
        road(state, seat, e)
    return edges, corners_of(state, edges, start)


def corners_of(state: State, edges: list[int], start: int) -> list[int]:
    out = [start]
    for e in edges:
        out.append(state.topo.other_end(e, out[-1]))
    return out


# ------------------------------------------------------------------ wire schema


@lru_cache(maxsize=1)
def state_validator() -> Draft202012Validator:
    """The real engine's schema for a request's ``state`` (vorryn bot protocol v3)."""
    schema = json.loads((DATA / "bot-protocol.schema.json").read_text())
    uri = schema["$id"]
    registry: Registry = Registry().with_resource(uri, Resource.from_contents(schema))
    ref = {"$ref": f"{uri}#/definitions/BotRequest/properties/state"}
    return Draft202012Validator(ref, registry=registry)


def assert_valid(view: dict[str, Any]) -> None:
    errors = sorted(state_validator().iter_errors(view), key=lambda e: list(e.absolute_path))
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors[:5]]


def valid_views(state: State) -> None:
    """Every seat's view (and the spectator's) matches the real engine's wire schema."""
    for seat in [None, *range(len(state.players))]:
        assert_valid(GAME.view(state, seat))


# ------------------------------------------------------------------ moves and cards


def refused(state: State, seat: int, kind: str, code: str, **payload: Any) -> None:
    """The move is refused with ``code`` and leaves the state exactly as it was (its whole text
    written afresh, which trusts no announcement of changes and leaves no digest cache behind)."""
    before = full_digest(state)
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, move(state, seat, kind, **payload))
    assert err.value.code == code
    assert full_digest(state) == before


def side(**cards: int) -> list[dict[str, Any]]:
    """A ``[{type, count}]`` trade side."""
    return [{"type": k, "count": n} for k, n in cards.items()]


def hand(state: State, seat: int, card_id: str) -> str:
    """Move the first copy of ``card_id`` from its deck into ``seat``'s hand; returns its instance."""
    for pile in state.decks.values():
        for k, c in enumerate(pile):
            if c["cardId"] == card_id:
                state.players[seat].hand.append(pile.pop(k))
                return c["instanceId"]
    raise AssertionError(f"no {card_id} left")


def card_moves(state: State, seat: int, instance: str) -> list[dict[str, Any]]:
    """The listed plays of progress card ``instance`` (their payloads)."""
    return [
        m["payload"] for m in engine.legal_moves(state, seat)
        if m["type"] == "playProgressCard" and m["payload"]["instanceId"] == instance
    ]


def roll_with_face(state: State, face: str) -> None:
    """Move the roll counter to the next roll whose event die shows ``face``."""
    for n in range(state.dice["rollNumber"], state.dice["rollNumber"] + 300):
        state.dice["rollNumber"] = n
        if throw(state)[2] == face:
            return
    raise AssertionError("no such roll")


# ------------------------------------------------------------------ invariants


def check_invariants(state: State) -> None:
    for kind in C.RESOURCES:
        assert state.bank[kind] + sum(p.res[kind] for p in state.players) == C.BANK_RESOURCES, kind
    for kind in C.COMMODITIES:
        assert state.bank[kind] + sum(p.com[kind] for p in state.players) == C.BANK_COMMODITIES, kind
    for p in state.players:
        assert all(v >= 0 for v in p.res.values()) and all(v >= 0 for v in p.com.values())
        roads = sum(1 for o in state.road if o == p.seat)
        assert p.roads + roads == C.SUPPLY["roads"]
        settle = sum(1 for i, t in enumerate(state.b_type) if t == "settlement" and state.b_owner[i] == p.seat
                     and not state.b_sideways[i])
        cities = sum(1 for i, t in enumerate(state.b_type) if state.b_owner[i] == p.seat
                     and (t == "city" or state.b_sideways[i]))
        assert p.settlements + settle == C.SUPPLY["settlements"]
        assert p.cities + cities == C.SUPPLY["cities"]
        walls = sum(1 for i, w in enumerate(state.b_wall) if w and state.b_owner[i] == p.seat)
        assert p.walls + walls == C.SUPPLY["cityWalls"] and walls <= C.MAX_WALLS_ON_BOARD
        assert victory_points(state, p.seat) <= points_at_most(state, p.seat)
        for level in C.KNIGHT_LEVELS:
            placed = sum(1 for k in state.knights.values() if k.owner == p.seat and k.level == level)
            assert p.knights[level] + placed == C.KNIGHT_SUPPLY[level]
    cards = sum(len(d) for d in state.decks.values())
    cards += sum(len(p.hand) + len(p.revealed_vp) for p in state.players)
    assert cards == 54
    for i, kid in enumerate(state.knight_at):
        if kid is not None:
            assert state.knights[kid].at == i
            assert state.b_type[i] is None
    assert 0 <= state.berserker_pos < state.berserker_max
    if state.phase == "gameOver":
        assert state.pending is None
    check_progress_cards(state)
    check_markers(state)


def check_progress_cards(state: State) -> None:
    """The 54 progress cards are each in exactly one place, 18 per deck (rules §6.2, §14)."""
    cards = [c for d in state.decks.values() for c in d]
    cards += [c for p in state.players for c in p.hand + p.revealed_vp]
    ids = [c["instanceId"] for c in cards]
    assert len(ids) == 54 and len(set(ids)) == 54
    per_deck = {d: 0 for d in C.TRACKS}
    for c in cards:
        per_deck[deck_of(c)] += 1
    assert per_deck == {d: 18 for d in C.TRACKS}
    for deck, pile in state.decks.items():
        assert all(deck_of(c) == deck for c in pile)


def check_markers(state: State) -> None:
    """Robber, merchant, metropolises, longest road and standing wants are consistent."""
    topo = state.topo
    assert not state.robber_active or state.robber_hex is not None
    assert (state.merchant_hex is None) == (state.merchant_owner is None)
    if state.merchant_hex is not None:
        assert 0 <= state.merchant_hex < len(topo.hex_ids)
    for track in C.TRACKS:
        hosts = [i for i, m in enumerate(state.b_metro) if m == track]
        assert len(hosts) <= 1, track
        for i in hosts:
            assert state.b_type[i] == "city" and not state.b_sideways[i]
            assert state.players[state.b_owner[i]].levels[track] >= 4
    for p in state.players:
        assert all(0 <= v <= 5 for v in p.levels.values())
        assert p.vp_tokens >= 0
        if p.standing_want is not None:
            assert state.standing_wants_enabled and state.phase != "gameOver"
            assert all(p.material(m["type"]) >= m["count"] for m in p.standing_want["offer"])
    deferred = state.pending is not None and state.pending["type"] == "roadBuildingPlace"
    if state.longest_holder is not None and not deferred:
        held = road_length(state, state.longest_holder)
        assert held >= 5
        assert all(road_length(state, s) <= held for s in range(len(state.players)))
    assert len(topo.hex_ids) == len(state.terrain)
