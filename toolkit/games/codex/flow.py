"""The single pending-decision slot, the task queue behind it, and shared checks.

At most one decision is open (``state.pending``, in wire form). Whatever must happen after
it is a list of *tasks* in ``state.queue`` (plain JSON dicts, so saves replay and digests
compare). When the slot is empty the engine runs queued tasks in order until one of them
opens a new decision or the queue runs dry: a production roll that triggered a berserker
pillage choice, for instance, queues ``production`` behind the choice and pays out after it.

Each rule module registers its task handlers here with :func:`task`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar

from toolkit.games.base import IllegalMove
from toolkit.games.codex import constants as C
from toolkit.games.codex.digest_text import changed, materials_of
from toolkit.games.codex.state import LISTING_ATTRIBUTE, Knight, Player, State, positions

Task = dict[str, Any]
TASKS: dict[str, Callable[[State, Task], None]] = {}

# Which action types answer each pending type (rules §16, digest §2).
PENDING_ANSWERS: dict[str, tuple[str, ...]] = {
    "placeSetupRoad": ("placeSetupRoad",),
    "discardResources": ("discardHalf",),
    "chooseRobberHex": ("chooseRobberHex",),
    "chooseStealTarget": ("chooseStealTarget",),
    "chooseRobberDestination": ("chaseRobber",),
    "scienceLevel3Bonus": ("chooseScienceBonusResource",),
    "chooseMetropolisCity": ("chooseMetropolisCity",),
    "choosePillageCity": ("choosePillageCity",),
    "chooseProgressDeck": ("chooseProgressDeck",),
    "discardProgress": ("discardProgress",),
    "chooseKnightRetreat": ("displaceKnight",),
    "domesticTradeResponse": (
        "domesticTradeBid", "domesticTradePass", "domesticTradeAward", "domesticTradeCancel",
    ),
    "roadBuildingPlace": ("buildRoad", "skipRoadBuilding"),
    "smithingPromote": ("resolveOptionalCardEffect",),
    "commercialHarborGive": ("resolveOptionalCardEffect",),
    "guildDuesChooseCards": ("resolveOptionalCardEffect",),
    "espionageChooseCard": ("resolveOptionalCardEffect",),
    "treasonChooseKnight": ("resolveOptionalCardEffect",),
    "treasonPlaceKnight": ("resolveOptionalCardEffect",),
    "weddingGiveCards": ("resolveOptionalCardEffect",),
}

# Table-meta actions that never interact with the pending slot (rules §12.3, digest §7 item 3).
META_ACTIONS = frozenset({"resign", "setStandingWant", "clearStandingWant"})


def task(name: str) -> Callable[[Callable[[State, Task], None]], Callable[[State, Task], None]]:
    def register(fn: Callable[[State, Task], None]) -> Callable[[State, Task], None]:
        TASKS[name] = fn
        return fn

    return register


def install(state: State, kind: str, acting: int | None, allowed: list[int], payload: dict[str, Any],
            ctx: dict[str, Any] | None = None) -> None:
    """Open decision ``kind`` (the slot must be empty)."""
    assert state.pending is None, f"pending slot busy with {state.pending['type']}"
    changed(state, "pending")
    state.pending = {
        "type": kind,
        "actingPlayerId": None if acting is None else state.players[acting].id,
        "allowedPlayerIds": [state.players[s].id for s in allowed],
        "payload": payload,
    }
    state.pending_ctx = dict(ctx or {})


def close(state: State) -> None:
    changed(state, "pending")
    state.pending = None
    state.pending_ctx = {}


def push_front(state: State, tasks: list[Task]) -> None:
    state.queue[0:0] = tasks


def pump(state: State) -> None:
    """Run queued tasks until a decision opens, the queue empties or the game ends."""
    while state.pending is None and state.queue and state.phase != "gameOver":
        item = state.queue.pop(0)
        TASKS[item["task"]](state, item)


# ----------------------------------------------------------------------------- checks


def player(state: State, seat: int) -> Player:
    return state.players[seat]


def pid(state: State, seat: int | None) -> str | None:
    return None if seat is None else state.players[seat].id


def pending_type(state: State) -> str | None:
    return None if state.pending is None else str(state.pending["type"])


def allowed_seats(state: State) -> list[int]:
    if state.pending is None:
        return []
    seats = [state.seat_of_id(x) for x in state.pending["allowedPlayerIds"]]
    return [s for s in seats if s is not None]


def may_answer(state: State, seat: int) -> bool:
    """Whether ``seat`` is among :func:`allowed_seats` (tested without listing them): a seat is its
    place in ``state.players`` and player ids are unique (a new game refuses a repeated id; a
    loaded view keys its players by id), so it is when its id is allowed."""
    pending = state.pending
    return pending is not None and state.players[seat].id in pending["allowedPlayerIds"]


def require_pending(state: State, seat: int, kind: str) -> None:
    if pending_type(state) != kind:
        raise IllegalMove("wrong_decision", f"no {kind} decision is open")
    if not may_answer(state, seat):
        raise IllegalMove("not_your_decision", f"{state.players[seat].id} does not answer this {kind}")


def require_turn_action(state: State, seat: int) -> None:
    """An ordinary action: the current player, action phase, no open decision."""
    if state.pending is not None:
        raise IllegalMove("pending_open", f"the {state.pending['type']} decision must be answered first")
    if state.phase != "action":
        raise IllegalMove("wrong_phase", f"not allowed in the {state.phase} phase")
    if seat != state.current:
        raise IllegalMove("not_your_turn", f"it is {state.players[state.current].id}'s turn")


def turn_action_open(state: State, seat: int) -> bool:
    """Whether :func:`require_turn_action` would let ``seat`` act (without raising)."""
    return state.pending is None and state.phase == "action" and seat == state.current


def allowed(check: Callable[..., Any], *args: Any) -> bool:
    """Whether ``check(*args)`` (a rule test raising :class:`IllegalMove`) passes."""
    try:
        check(*args)
    except IllegalMove:
        return False
    return True


Payloads = list[dict[str, Any]]


def accepted(check: Callable[[dict[str, Any]], Any], payloads: Iterable[dict[str, Any]]) -> Payloads:
    """The ``payloads`` that ``check`` lets through (it raises :class:`IllegalMove` on the others),
    in their order: how most move lists are built from their rule checks."""
    return [payload for payload in payloads if allowed(check, payload)]


class Listing(Sequence[dict[str, Any]]):
    """Payloads kept as compact keys and built one at a time when read, for a move list long
    enough that building every payload would cost more than counting them: a bot that draws one
    of them by its position builds only that one. ``keys`` is a sequence of key tuples that can
    itself count and index its keys without producing the others."""

    __slots__ = ("_keys", "build")

    def __init__(self, keys: Sequence[tuple[Any, ...]], build: Callable[..., dict[str, Any]]) -> None:
        self._keys = keys
        self.build = build  # takes a key's items as its arguments

    def __bool__(self) -> bool:
        return bool(self._keys)

    def __len__(self) -> int:
        return len(self._keys)

    def __getitem__(self, k: int) -> dict[str, Any]:  # type: ignore[override]  # positions only
        return self.build(*self._keys[k])

    def __iter__(self) -> Iterator[dict[str, Any]]:
        build = self.build
        return (build(*key) for key in self._keys)


def listing_memo(state: State) -> dict[Any, Any] | None:
    """While the engine lists ``state``'s moves (:func:`begin_listing`), a memo its listers share:
    the position does not change while its moves are listed, so what one action's listing works
    out from it (a seat's knights, the corners a knight reaches) holds for the next. None at any
    other time, so handlers and rule checks always work from the position afresh. The memo is
    kept on the state itself, so listing one position never lends its memo to another (as a
    module-wide slot would, with two positions listed in two threads)."""
    memo: dict[Any, Any] | None = vars(state).get(LISTING_ATTRIBUTE)
    return memo


Found = TypeVar("Found")


def once_per_listing(work: Callable[..., Found], state: State, *args: Any) -> Found:
    """``work(state, *args)``, worked out once while ``state``'s moves are listed and then read
    from the listing's memo (:func:`listing_memo`); worked out afresh at any other time. ``work``
    must read nothing but the position and ``args`` and must not return None."""
    memo = listing_memo(state)
    if memo is None:
        return work(state, *args)
    key = (work, *args)
    found: Found | None = memo.get(key)
    if found is None:
        found = memo[key] = work(state, *args)
    return found


def begin_listing(state: State) -> dict[Any, Any] | None:
    """Open a memo for listing ``state``'s moves; returns what :func:`end_listing` restores."""
    attributes = vars(state)
    previous: dict[Any, Any] | None = attributes.get(LISTING_ATTRIBUTE)
    attributes[LISTING_ATTRIBUTE] = {}
    return previous


def end_listing(state: State, previous: dict[Any, Any] | None) -> None:
    """Close the memo :func:`begin_listing` opened, putting back the one before it."""
    vars(state)[LISTING_ATTRIBUTE] = previous


def open_choice(state: State, kind: str, seat: int, key: str, options: list[str]) -> None:
    """Open decision ``kind`` for ``seat`` alone, offering ``options`` under ``key``; with no
    option there is nothing to decide and nothing opens."""
    if options:
        install(state, kind, seat, [seat], {key: options})


def offered_choice(state: State, seat: int, kind: str, payload: dict[str, Any], field: str, key: str,
                   code: str) -> str:
    """``payload[field]`` answering ``seat``'s open decision ``kind``: one of its ``key`` options."""
    require_pending(state, seat, kind)
    assert state.pending is not None
    offered = state.pending["payload"][key]
    choice = payload.get(field)
    if choice not in offered:
        raise IllegalMove(code, f"{field} must be one of {offered}")
    assert isinstance(choice, str)
    return choice


def material_line(item: Any, what: str) -> tuple[str, int]:
    """One ``{type, count}`` item of a trade payload: a known material and a positive count."""
    if not isinstance(item, dict) or len(item) != 2 or "type" not in item or "count" not in item:
        raise IllegalMove("bad_payload", f"{what} must be {{type, count}}")
    kind, count = item["type"], item["count"]
    if kind not in C.MATERIALS:
        raise IllegalMove("bad_material", f"{kind!r} is not a resource or commodity")
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise IllegalMove("bad_count", f"{what} count must be a positive integer")
    return kind, count


def text(payload: dict[str, Any], key: str) -> str:
    value = payload.get(key)
    if not isinstance(value, str):
        raise IllegalMove("bad_payload", f"payload needs a string {key!r}")
    return value


def _board_index(payload: dict[str, Any], key: str, table: dict[str, int], what: str) -> int:
    """The index of the board place named by ``payload[key]`` in ``table`` (``what``: its kind)."""
    name = text(payload, key)
    idx = table.get(name)
    if idx is None:
        raise IllegalMove(f"unknown_{what}", f"no {what} {name!r} on this board")
    return idx


def hex_of(state: State, payload: dict[str, Any], key: str = "hexId") -> int:
    return _board_index(payload, key, state.topo.hex_index, "hex")


def intersection_of(state: State, payload: dict[str, Any], key: str = "intersectionId") -> int:
    return _board_index(payload, key, state.topo.int_index, "intersection")


def edge_of(state: State, payload: dict[str, Any], key: str = "edgeId") -> int:
    return _board_index(payload, key, state.topo.edge_index, "edge")


def knight_of(state: State, payload: dict[str, Any], key: str = "knightId") -> Knight:
    kid = text(payload, key)
    knight = state.knights.get(kid)
    if knight is None or knight.at < 0:
        raise IllegalMove("unknown_knight", f"no knight {kid!r} on the board")
    return knight


def seat_from_player_id(state: State, payload: dict[str, Any], key: str = "targetPlayerId") -> int:
    target = text(payload, key)
    seat = state.seat_of_id(target)
    if seat is None:
        raise IllegalMove("unknown_player", f"no player {target!r}")
    return seat


def pay(state: State, seat: int, cost: dict[str, int]) -> None:
    """``seat`` hands the cards of ``cost`` to the bank (a purchase, a discard, a maritime
    trade's cards given): the one place, with :func:`take_from_bank`, where cards move between
    a hand and the bank (:func:`move_cards` moves them between hands)."""
    p = state.players[seat]
    changed(state, materials_of(seat), "bank")
    for kind, n in cost.items():
        p.add(kind, -n)
        state.bank[kind] += n


def take_from_bank(state: State, seat: int, kind: str, n: int) -> None:
    """``seat`` takes ``n`` cards of ``kind`` from the bank (production, a setup grant, a
    maritime trade's cards received, a card's gift): the caller has checked the bank holds them."""
    changed(state, materials_of(seat), "bank")
    state.bank[kind] -= n
    state.players[seat].add(kind, n)


def move_cards(state: State, giver: int, taker: int, cards: dict[str, int]) -> None:
    """``giver`` hands ``cards`` to ``taker``, no bank involved (a steal, a domestic trade or a
    standing want's side, a progress card's handover): with :func:`pay` and
    :func:`take_from_bank`, the only places where cards change hands."""
    changed(state, materials_of(giver), materials_of(taker))
    for kind, n in cards.items():
        state.players[giver].add(kind, -n)
        state.players[taker].add(kind, n)


def check_bought_corner(state: State, seat: int, payload: dict[str, Any],
                        target: Callable[[State, int, int], Any], cost: dict[str, int], what: str) -> int:
    """The corner of a piece the current player buys in the action phase: a known corner that
    passes the piece's own ``target`` rules, with ``cost`` in hand."""
    require_turn_action(state, seat)
    i = intersection_of(state, payload)
    target(state, seat, i)
    require_afford(state, seat, cost, what)
    return i


def require_afford(state: State, seat: int, cost: dict[str, int], what: str) -> None:
    if not state.players[seat].can_pay(cost):
        raise IllegalMove("cannot_afford", f"{what} costs {format_cost(cost)}")


def format_cost(cost: dict[str, int]) -> str:
    return " + ".join(f"{n} {k}" for k, n in cost.items())


def hidden(code: str, what: str) -> IllegalMove:
    """The refusal of an answer that needs something a loaded player's view does not hold
    (``what``: that thing, as the subject of "is not in it")."""
    return IllegalMove(code, f"this position came from a player's view; {what} is not in it")


def require_known_hand(state: State, seat: int) -> None:
    if state.players[seat].hidden_materials:
        raise hidden("hidden_hand", f"the content of {state.players[seat].id}'s hand")


def require_known_progress(state: State, seat: int) -> None:
    """Every progress card ``seat`` holds is known (a loaded view hides other hands)."""
    p = state.players[seat]
    if any(not c["cardId"] for c in p.hand):
        raise hidden("hidden_hand", f"the list of {p.id}'s progress cards")


def walls_on_board(state: State, seat: int) -> int:
    wall = state.b_wall
    return sum(1 for i in positions(state.b_owner, seat) if wall[i])


def event(kind: str, message: str) -> dict[str, Any]:
    return {"type": kind, "text": message}


Pass = tuple[int | None, int | None, dict[str, int]]
"""Cards handed over in the open: ``(giver, taker, cards)``, ``None`` standing for the bank."""


def exchange_event(kind: str, message: str, passes: Sequence[Pass]) -> dict[str, Any]:
    """The event of a trade every seat watches (maritime, domestic, a standing want taken): its
    ``hands`` field says, per seat (as text, seats in order), each material that entered (+)
    or left (-) the hand, materials in catalog order - the form pioneers' events use, so a
    replay's charts can count traded cards by kind in every view."""
    net: dict[int, dict[str, int]] = {}
    for giver, taker, cards in passes:
        for seat, sign in ((giver, -1), (taker, 1)):
            if seat is not None:
                hand = net.setdefault(seat, {})
                for material, n in cards.items():
                    hand[material] = hand.get(material, 0) + sign * n
    hands = {}
    for seat in sorted(net):
        cards = {m: net[seat][m] for m in C.MATERIALS if net[seat].get(m)}
        if cards:
            hands[str(seat)] = cards
    return {"type": kind, "text": message, "hands": hands}
