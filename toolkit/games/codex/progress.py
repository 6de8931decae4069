"""Playing progress cards: the shared framework every deck module plugs into (rules §14, §16).

A card module registers each card it implements with :func:`card` (the play function) and
:func:`candidates` (the listed effect payloads, without ``instanceId``). The framework owns
what all cards share:

* the card must be in the player's hand and known (not a hidden card of a loaded view);
  VP cards never are, so they can never be played;
* timing: ``preRoll`` cards (only Augury) are played by the current player in the roll phase
  with no open decision, at most one Augury per turn; every other card in the action phase,
  by the current player, with no open decision; a card drawn this turn may be played;
* ``skip: true`` plays the card for nothing. It is allowed only for cards whose effect is
  optional (registered with ``optional=True``) or when the card has no legal effect payload
  at all, so it never dodges a compulsory effect;
* after the effect, the card leaves the hand, goes beneath its own deck and is recorded as
  played this turn.

A play function must validate everything before it changes anything (it raises
:class:`IllegalMove` otherwise). It runs while the card is still in the hand.

``resolveOptionalCardEffect`` answers seven card pendings; :func:`resolver` registers the
handler and candidate generator per pending type. The same action also has free forms used
with no pending open (the Wharfage offer); :func:`free_effect` registers those, told apart
by the payload keys they need. ``skipRoadBuilding`` ends an optional free-road placement
(only the Diplomacy rebuild allows it); a card may register a hook run when that happens.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from toolkit.games.base import IllegalMove
from toolkit.games.codex import constants as C
from toolkit.games.codex import decks
from toolkit.games.codex.digest_text import changed
from toolkit.games.codex.flow import close, event, hidden, require_pending
from toolkit.games.codex.state import State
from toolkit.records import Record

Events = list[dict[str, Any]]
Play = Callable[[State, int, dict[str, Any]], Events]
Candidates = Callable[[State, int], list[dict[str, Any]]]

TIMINGS = ("preRoll", "action")


def _no_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    return []


class CardSpec(Record):
    """How one progress card is played: its deck, when it may be played, its play function,
    the effect payloads it offers and the payload keys it reads."""

    __slots__ = ("card_id", "deck", "timing", "play", "candidates", "optional", "keys")

    def __init__(
        self,
        card_id: str,
        deck: str,
        timing: str,
        play: Play,
        candidates: Candidates = _no_candidates,
        optional: bool = False,
        keys: tuple[str, ...] = (),
    ) -> None:
        self.card_id = card_id
        self.deck = deck
        self.timing = timing
        self.play = play
        self.candidates = candidates
        self.optional = optional
        # Payload keys the card reads besides instanceId/skip (documentation and the catalog).
        self.keys = keys


CARDS: dict[str, CardSpec] = {}


def card(card_id: str, *, deck: str, timing: str = "action", optional: bool = False,
         keys: tuple[str, ...] = ()) -> Callable[[Play], Play]:
    """Register the play function of card ``card_id``."""
    if timing not in TIMINGS:
        raise ValueError(f"unknown timing {timing!r}")
    if card_id not in dict(C.DECKS[deck]):
        raise ValueError(f"{card_id!r} is not a {deck} card")

    def register(fn: Play) -> Play:
        old = CARDS.get(card_id)
        CARDS[card_id] = CardSpec(card_id, deck, timing, fn, old.candidates if old else _no_candidates,
                                  optional, tuple(keys))
        return fn

    return register


def candidates(card_id: str) -> Callable[[Candidates], Candidates]:
    """Register the effect-payload generator of card ``card_id`` (register :func:`card` first)."""

    def register(fn: Candidates) -> Candidates:
        CARDS[card_id].candidates = fn
        return fn

    return register


# ------------------------------------------------------------------------------ checks


def window_open(state: State, seat: int, spec: CardSpec) -> bool:
    """Whether the timing window of ``spec`` is open for ``seat`` (rules §5.1, §14 Playing): the
    current player with no open decision, before rolling for a ``preRoll`` card not played yet
    this turn, in the action phase for every other card."""
    if state.pending is not None or seat != state.current:
        return False
    if spec.timing == "preRoll":
        return state.phase == "roll" and spec.card_id not in state.players[seat].progress_played
    return state.phase == "action"


def require_window(state: State, seat: int, spec: CardSpec) -> None:
    """:func:`window_open`, refusing with the reason when it is closed."""
    if window_open(state, seat, spec):
        return
    if state.pending is not None:
        raise IllegalMove("pending_open", f"the {state.pending['type']} decision must be answered first")
    if seat != state.current:
        raise IllegalMove("not_your_turn", f"it is {state.players[state.current].id}'s turn")
    if spec.timing == "preRoll":
        if state.phase != "roll":
            raise IllegalMove("wrong_phase", f"{spec.card_id} is played only before rolling")
        raise IllegalMove("once_per_turn", f"{spec.card_id} was already played this turn")
    raise IllegalMove("wrong_phase", f"{spec.card_id} is played in the action phase")


def card_in_hand(state: State, seat: int, payload: dict[str, Any]) -> tuple[int, CardSpec]:
    iid = payload.get("instanceId")
    if not isinstance(iid, str):
        raise IllegalMove("bad_payload", "payload needs a string 'instanceId'")
    hand = state.players[seat].hand
    for k, c in enumerate(hand):
        if c["instanceId"] == iid:
            if not c["cardId"]:
                raise hidden("hidden_card", f"the identity of card {iid!r}")
            spec = CARDS.get(c["cardId"])
            if spec is None:
                raise IllegalMove("unknown_card", f"{c['cardId']!r} cannot be played by this engine")
            return k, spec
    raise IllegalMove("no_such_card", f"{iid!r} is not in your progress hand")


def effect_payload(payload: dict[str, Any]) -> dict[str, Any]:
    """The payload the card itself sees (without the framework's keys)."""
    return {k: v for k, v in payload.items() if k not in ("instanceId", "skip")}


def wants_skip(payload: dict[str, Any]) -> bool:
    skip = payload.get("skip", False)
    if not isinstance(skip, bool):
        raise IllegalMove("bad_payload", "skip must be true when present")
    return bool(skip)


def play_progress_card(state: State, seat: int, payload: dict[str, Any]) -> Events:
    _, spec = card_in_hand(state, seat, payload)
    require_window(state, seat, spec)
    p = state.players[seat]
    if wants_skip(payload):
        if len(effect_payload(payload)) > 0:
            raise IllegalMove("bad_payload", "a skipped play carries no effect keys")
        if not spec.optional and spec.candidates(state, seat):
            raise IllegalMove("skip_not_allowed", f"{spec.card_id} has a legal effect and must use it")
        events = [event("playProgressCard", f"{p.id} plays {spec.card_id} for no effect")]
    else:
        events = [event("playProgressCard", f"{p.id} plays {spec.card_id}")]
        events += spec.play(state, seat, effect_payload(payload))
    # The effect may have changed the hand only by adding cards (Espionage), so find it again.
    played = next(c for c in p.hand if c["instanceId"] == payload["instanceId"])
    changed(state, seat)
    p.hand.remove(played)
    decks.return_to_bottom(state, played)
    p.progress_played.append(spec.card_id)
    return events


def play_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    """One set of candidates per distinct card id in hand (the first copy stands for all)."""
    out: list[dict[str, Any]] = []
    if state.pending is not None or seat != state.current:  # every card's window needs both
        return out
    seen: set[str] = set()
    for c in state.players[seat].hand:
        cid = c["cardId"]
        spec = CARDS.get(cid)
        if spec is None or cid in seen or not window_open(state, seat, spec):
            continue
        seen.add(cid)
        effects = spec.candidates(state, seat)
        out += [{"instanceId": c["instanceId"], **e} for e in effects]
        if spec.optional or not effects:
            out.append({"instanceId": c["instanceId"], "skip": True})
    return out


# ------------------------------------------------------------ resolveOptionalCardEffect


class Resolver(NamedTuple):
    """The answer to one pending decision, and its candidates."""

    handler: Play
    candidates: Candidates


RESOLVERS: dict[str, Resolver] = {}


class FreeEffect(NamedTuple):
    """A form of resolveOptionalCardEffect played with no pending open, told by its keys."""

    name: str
    keys: frozenset[str]
    handler: Play
    candidates: Candidates


FREE_EFFECTS: list[FreeEffect] = []


def resolver(pending: str, cands: Candidates) -> Callable[[Play], Play]:
    """Register the answer to pending ``pending`` (its candidates given alongside)."""

    def register(fn: Play) -> Play:
        RESOLVERS[pending] = Resolver(fn, cands)
        return fn

    return register


def free_effect(name: str, keys: frozenset[str], cands: Candidates) -> Callable[[Play], Play]:
    """Register a form of resolveOptionalCardEffect used with no pending open."""

    def register(fn: Play) -> Play:
        FREE_EFFECTS[:] = [f for f in FREE_EFFECTS if f.name != name] + [FreeEffect(name, keys, fn, cands)]
        return fn

    return register


def resolve_optional(state: State, seat: int, payload: dict[str, Any]) -> Events:
    if state.pending is not None:
        kind = state.pending["type"]
        res = RESOLVERS.get(kind)
        if res is None:
            raise IllegalMove("wrong_decision", f"the open {kind} decision is not a card effect")
        require_pending(state, seat, kind)
        return res.handler(state, seat, payload)
    for free in FREE_EFFECTS:
        if free.keys <= set(payload):
            return free.handler(state, seat, payload)
    raise IllegalMove("wrong_decision", "no card effect is waiting for an answer")


def resolve_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    if state.pending is not None:
        res = RESOLVERS.get(state.pending["type"])
        return [] if res is None else res.candidates(state, seat)
    out: list[dict[str, Any]] = []
    for free in FREE_EFFECTS:
        out += free.candidates(state, seat)
    return out


# ---------------------------------------------------------------------- skipRoadBuilding

# Hooks run when an optional free-road placement is declined, keyed by the pending's source.
SKIP_HOOKS: dict[str, Callable[[State, int], Events]] = {}


def skip_hook(source: str) -> Callable[[Callable[[State, int], Events]], Callable[[State, int], Events]]:
    def register(fn: Callable[[State, int], Events]) -> Callable[[State, int], Events]:
        SKIP_HOOKS[source] = fn
        return fn

    return register


def skip_road_building(state: State, seat: int, payload: dict[str, Any]) -> Events:
    require_pending(state, seat, "roadBuildingPlace")
    assert state.pending is not None
    if not state.pending["payload"].get("maySkip", False):
        raise IllegalMove("skip_not_allowed", "these free roads must be placed while a legal spot exists")
    source = str(state.pending_ctx.get("source", ""))
    p = state.players[seat]
    changed(state, seat)
    p.free_roads = 0
    close(state)
    events = [event("skipRoadBuilding", f"{p.id} declines the free road")]
    hook = SKIP_HOOKS.get(source)
    if hook is not None:
        events += hook(state, seat)
    return events


def skip_road_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    pending = state.pending
    if pending is None or pending["type"] != "roadBuildingPlace" or not pending["payload"].get("maySkip"):
        return []
    return [{}]
