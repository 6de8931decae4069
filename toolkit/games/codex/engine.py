"""Applying wire actions and listing legal ones.

A move is a wire action ``{"playerId", "type", "payload"}``. :data:`DISPATCH` maps every
action type this engine handles to its handler and its candidate generator; a type missing
from it is refused as ``unknown_action``. Progress cards plug in through
:mod:`~toolkit.games.codex.progress` (the card modules in :data:`CARD_MODULES` register
themselves on import).

Every handler validates completely before it changes anything. After a handler ran, the
engine runs queued tasks while no decision is open, checks the current player's victory and
advances ``state.version``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import chain
from typing import Any, NamedTuple

from toolkit.games.base import IllegalMove
from toolkit.games.codex import (
    berserker,
    building,
    cards_politics,
    cards_science,
    cards_trade,
    decks,
    dice,
    domestic,
    improvements,
    knights,
    maritime,
    metropolis,
    production,
    progress,
    resume,
    robber,
    setup,
    victory,
    wants,
)
from toolkit.games.codex import constants as C
from toolkit.games.codex.flow import (
    META_ACTIONS,
    PENDING_ANSWERS,
    Listing,
    allowed,
    allowed_seats,
    begin_listing,
    end_listing,
    may_answer,
    pump,
)
from toolkit.games.codex.state import State

Handler = Callable[[State, int, dict[str, Any]], list[dict[str, Any]]]
Candidates = Callable[[State, int], Iterable[dict[str, Any]]]


class ActionSpec(NamedTuple):
    """How the engine plays one action type, lists its candidates, and the rule it follows."""

    handler: Handler
    candidates: Candidates | None  # None: never offered to bots (resign)
    section: str


def _none(state: State, seat: int) -> list[dict[str, Any]]:
    return []


def _resign(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    return victory.resign(state, seat)


def _roll_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    """The roll, when :func:`dice.check_roll` lets it through: its turn checks made first, and the
    dice thrown only when a deck hides a card the roll could deal (:func:`dice.deck_tops_known`)."""
    if state.pending is not None or state.phase != "roll" or seat != state.current:
        return []
    return [{}] if dice.deck_tops_known(state) or allowed(dice.check_roll, state, seat) else []


def _end_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    if state.pending is None and state.phase == "action" and seat == state.current:
        return [{}]
    return []


DISPATCH: dict[str, ActionSpec] = {
    "placeSetupBuilding": ActionSpec(setup.place_setup_building, setup.setup_building_candidates, "§4.2-4.5"),
    "placeSetupRoad": ActionSpec(setup.place_setup_road, setup.setup_road_candidates, "§4.2"),
    "rollDice": ActionSpec(dice.roll_dice, _roll_candidates, "§5.1, §6"),
    "endTurn": ActionSpec(dice.end_turn, _end_candidates, "§5.3"),
    "resign": ActionSpec(_resign, None, "§5.4, §15.3"),
    "discardHalf": ActionSpec(robber.discard_half, robber.discard_candidates, "§7.1"),
    "chooseRobberHex": ActionSpec(robber.choose_robber_hex, robber.robber_hex_candidates, "§7.2"),
    "chooseStealTarget": ActionSpec(robber.choose_steal_target, robber.steal_target_candidates, "§7.3"),
    "chaseRobber": ActionSpec(robber.chase_robber, robber.chase_candidates, "§7.4"),
    "buildRoad": ActionSpec(building.build_road, building.road_candidates, "§9.2"),
    "buildSettlement": ActionSpec(building.build_settlement, building.settlement_candidates, "§9.3"),
    "buildCity": ActionSpec(building.build_city, building.city_candidates, "§9.4"),
    "buildCityWall": ActionSpec(building.build_city_wall, building.wall_candidates, "§9.5"),
    "recruitKnight": ActionSpec(
        knights.recruit_knight, lambda s, p: knights.simple_candidates(s, p, "recruitKnight"), "§10.2"
    ),
    "activateKnight": ActionSpec(
        knights.activate_knight, lambda s, p: knights.simple_candidates(s, p, "activateKnight"), "§10.3"
    ),
    "promoteKnight": ActionSpec(
        knights.promote_knight, lambda s, p: knights.simple_candidates(s, p, "promoteKnight"), "§10.4"
    ),
    "moveKnight": ActionSpec(knights.move_knight, knights.move_candidates, "§10.5"),
    "displaceKnight": ActionSpec(knights.displace_knight, knights.displace_candidates, "§10.6"),
    "maritimeTrade": ActionSpec(maritime.maritime_trade, maritime.trade_candidates, "§12.2"),
    "chooseScienceBonusResource": ActionSpec(
        production.choose_science_bonus, production.science_bonus_candidates, "§6.5, §13.2"
    ),
    "choosePillageCity": ActionSpec(berserker.choose_pillage_city, berserker.pillage_candidates, "§8.5"),
    "chooseProgressDeck": ActionSpec(decks.choose_progress_deck, decks.choose_deck_candidates, "§8.4"),
    "discardProgress": ActionSpec(decks.discard_progress, decks.discard_progress_candidates, "§6.2, §14"),
    "improveCity": ActionSpec(improvements.improve_city, improvements.improve_candidates, "§13.1"),
    "chooseMetropolisCity": ActionSpec(
        metropolis.choose_metropolis_city, metropolis.choose_candidates, "§13.3"
    ),
    "playProgressCard": ActionSpec(progress.play_progress_card, progress.play_candidates, "§14"),
    "resolveOptionalCardEffect": ActionSpec(
        progress.resolve_optional, progress.resolve_candidates, "§14, §16"
    ),
    "skipRoadBuilding": ActionSpec(progress.skip_road_building, progress.skip_road_candidates, "§11.4, §14"),
    "domesticTradePropose": ActionSpec(domestic.propose, domestic.propose_candidates, "§12.1"),
    "domesticTradeBid": ActionSpec(domestic.bid, domestic.bid_candidates, "§12.1"),
    "domesticTradePass": ActionSpec(domestic.pass_, domestic.pass_candidates, "§12.1"),
    "domesticTradeAward": ActionSpec(domestic.award, domestic.award_candidates, "§12.1"),
    "domesticTradeCancel": ActionSpec(domestic.cancel, domestic.cancel_candidates, "§12.1"),
    "setStandingWant": ActionSpec(wants.set_want, wants.set_candidates, "§12.3"),
    "clearStandingWant": ActionSpec(wants.clear_want, wants.clear_candidates, "§12.3"),
    "executeStandingWant": ActionSpec(wants.execute_want, wants.execute_candidates, "§12.3"),
}

# Card modules register their cards in progress.CARDS when imported.
CARD_MODULES = (cards_science, cards_trade, cards_politics)

NOT_YET_HANDLED: tuple[str, ...] = tuple(t for t in C.ACTION_TYPES if t not in DISPATCH)

PENDING_HANDLED: tuple[str, ...] = (
    "placeSetupRoad", "discardResources", "chooseRobberHex", "chooseStealTarget", "chooseRobberDestination",
    "scienceLevel3Bonus", "choosePillageCity", "chooseProgressDeck", "discardProgress", "chooseKnightRetreat",
    "chooseMetropolisCity", "roadBuildingPlace", "smithingPromote",
    "commercialHarborGive", "guildDuesChooseCards", "espionageChooseCard", "treasonChooseKnight",
    "treasonPlaceKnight", "weddingGiveCards",
    "domesticTradeResponse",
)


def parse_move(state: State, move: Any) -> tuple[int, str, dict[str, Any]]:
    if not isinstance(move, dict):
        raise IllegalMove("bad_move", "a move is an object {playerId, type, payload}")
    player_id = move.get("playerId")
    kind = move.get("type")
    payload = move.get("payload", {})
    if not isinstance(player_id, str):
        raise IllegalMove("bad_move", "the move needs a string playerId")
    seat = state.seat_of_id(player_id)
    if seat is None:
        raise IllegalMove("unknown_player", f"no player {player_id!r} in this game")
    if not isinstance(kind, str):
        raise IllegalMove("bad_move", "the move needs a string type")
    if not isinstance(payload, dict):
        raise IllegalMove("bad_payload", "payload must be an object")
    return seat, kind, payload


def admit(state: State, move: Any) -> tuple[int, ActionSpec, dict[str, Any]]:
    """The checks every move passes before its handler runs, which change nothing: the move's
    shape and player, a game not over, an action this engine handles, and an open decision
    answered only by its own answers (§16). Returns the seat, the action and the payload."""
    seat, kind, payload = parse_move(state, move)
    if state.phase == "gameOver":
        raise IllegalMove("game_over", "the game is over")
    spec = DISPATCH.get(kind)
    if spec is None:
        if kind in C.ACTION_TYPES:
            raise IllegalMove("unknown_action", f"action type {kind!r} is not handled by this engine yet")
        raise IllegalMove("unknown_action", f"unknown action type {kind!r}")
    if state.pending is not None and kind not in META_ACTIONS:
        answers = PENDING_ANSWERS.get(state.pending["type"], ())
        if kind not in answers:
            raise IllegalMove(
                "pending_open",
                f"the open {state.pending['type']} decision is answered by {', '.join(answers)}",
            )
        resume.check_gap(state, kind, payload)
    return seat, spec, payload


def apply(state: State, move: Any) -> list[dict[str, Any]]:
    seat, spec, payload = admit(state, move)
    events = spec.handler(state, seat, payload)
    if state.queue:  # pump runs nothing on an empty queue
        pump(state)
    events += wants.sweep(state)
    victory.check_current(state)
    state.version += 1
    return events


def to_move(state: State) -> list[int]:
    if state.phase == "gameOver":
        return []
    if state.pending is not None:
        if state.pending["type"] == "domesticTradeResponse":
            return domestic.seats_to_move(state)
        return sorted(allowed_seats(state))
    return [state.current]


Payloads = list[dict[str, Any]]


def owes(state: State, seat: int) -> bool:
    """Whether ``seat`` is among :func:`to_move` (tested without listing the seats)."""
    if state.phase == "gameOver":
        return False
    pending = state.pending
    if pending is None:
        return seat == state.current
    if pending["type"] == "domesticTradeResponse":
        return domestic.may_move(state, seat)
    return may_answer(state, seat)


def _listers_now(state: State, seat: int) -> tuple[tuple[str, Candidates], ...]:
    """The candidate generators ``seat`` is listed from in this position (none when it owes nothing)."""
    if not owes(state, seat):
        return ()
    return _position_listers(state)


def _position_listers(state: State) -> tuple[tuple[str, Candidates], ...]:
    """The candidate generators of the position's kind: the turn's phase's (:data:`TURN_WINDOWS`),
    or the open decision's answers."""
    if state.pending is None:
        if state.standing_wants_enabled:
            return PHASE_LISTERS.get(state.phase, TURN_LISTERS)
        return PHASE_LISTERS_WITHOUT_WANTS.get(state.phase, TURN_LISTERS_WITHOUT_WANTS)
    return PENDING_LISTERS.get(state.pending["type"], ())


def legal_groups(state: State, seat: int) -> list[tuple[str, Payloads]]:
    """``seat``'s listed payloads by action type, in listing order; types with none are left out
    (``resign`` is never listed)."""
    gap = state.pending_ctx.get("gap") is not None  # a loaded decision missing what some answers need
    out: list[tuple[str, Payloads]] = []
    previous = begin_listing(state)
    try:
        for kind, candidates in _listers_now(state, seat):
            found = candidates(state, seat)
            if gap:
                payloads = [payload for payload in found if resume.answerable(state, kind, payload)]
            else:
                payloads = found if isinstance(found, list) else list(found)
            if payloads:
                out.append((kind, payloads))
    finally:
        end_listing(state, previous)
    return out


def listed(state: State, seat: int, kind: str) -> list[dict[str, Any]]:
    """``seat``'s payloads of the one action type ``kind``, as :func:`legal_groups` lists them
    (empty when the type is not open): what a bot asks when one type decides before the others."""
    if state.pending is None:
        candidates = PHASE_LISTER_OF.get(state.phase, TURN_LISTER_OF).get(kind)
    else:
        candidates = PENDING_LISTER_OF.get(state.pending["type"], {}).get(kind)
    if candidates is None or not owes(state, seat):
        return []
    found = candidates(state, seat)
    if state.pending_ctx.get("gap") is not None:
        return [payload for payload in found if resume.answerable(state, kind, payload)]
    return found if isinstance(found, list) else list(found)


def open_kinds(state: State, seat: int) -> list[tuple[str, Iterable[dict[str, Any]]]]:
    """The action types of :func:`legal_groups`, in the same order, each with its payloads in
    the same order but still to be drawn: a type is known to be open from its first payload,
    and the rest are produced only if the caller asks (a bot that picks a type first then
    lists one type, not every one). A type whose lister returned a list or a
    :class:`~toolkit.games.codex.flow.Listing` comes with it as it is (never empty); a
    generator's payloads come as an iterator."""
    if state.pending_ctx.get("gap") is not None:
        return [(kind, iter(payloads)) for kind, payloads in legal_groups(state, seat)]
    out: list[tuple[str, Iterable[dict[str, Any]]]] = []
    previous = begin_listing(state)
    try:
        for kind, candidates in _listers_now(state, seat):
            found = candidates(state, seat)
            if type(found) is list or isinstance(found, (list, Listing)):  # the plain list first: most are
                if found:
                    out.append((kind, found))
                continue
            payloads = iter(found)
            first = next(payloads, None)
            if first is not None:
                out.append((kind, chain((first,), payloads)))
    finally:
        end_listing(state, previous)
    return out


def move_record(state: State, seat: int, kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    """The wire move of ``seat`` sending ``kind`` with ``payload``."""
    return {"playerId": state.players[seat].id, "type": kind, "payload": payload}


def legal_moves(state: State, seat: int) -> list[dict[str, Any]]:
    """Every listed candidate for ``seat`` as a move record (``resign`` is never listed)."""
    groups = legal_groups(state, seat)
    if not groups:
        return []
    pid = state.players[seat].id
    return [{"playerId": pid, "type": kind, "payload": payload}
            for kind, payloads in groups for payload in payloads]


# Types that exist only as answers to a decision (never offered with the slot empty).
PENDING_ANSWERS_ONLY = frozenset({
    "placeSetupRoad", "discardHalf", "chooseRobberHex", "chooseStealTarget", "chooseScienceBonusResource",
    "choosePillageCity", "chooseProgressDeck", "discardProgress", "chooseMetropolisCity",
    "domesticTradeBid", "domesticTradePass", "domesticTradeAward", "domesticTradeCancel",
})

# Types listed with the decision slot empty, in listing order.
TURN_KINDS: tuple[str, ...] = tuple(k for k in DISPATCH if k not in PENDING_ANSWERS_ONLY)


def _listers(kinds: tuple[str, ...]) -> tuple[tuple[str, Candidates], ...]:
    """The handled, listed types among ``kinds`` with their candidate generators, in order."""
    out = []
    for kind in kinds:
        spec = DISPATCH.get(kind)
        if spec is not None and spec.candidates is not None:
            out.append((kind, spec.candidates))
    return tuple(out)


TURN_LISTERS = _listers(TURN_KINDS)
PENDING_LISTERS = {pending: _listers(answers) for pending, answers in PENDING_ANSWERS.items()}

_SETUP_KINDS = {"placeSetupBuilding"}
_ROLL_KINDS = {"rollDice", "playProgressCard", "setStandingWant", "clearStandingWant"}
TURN_WINDOWS: dict[str, tuple[str, ...]] = {
    "setup1": tuple(k for k in TURN_KINDS if k in _SETUP_KINDS),
    "setup2": tuple(k for k in TURN_KINDS if k in _SETUP_KINDS),
    "roll": tuple(k for k in TURN_KINDS if k in _ROLL_KINDS),
    "action": tuple(k for k in TURN_KINDS if k not in _SETUP_KINDS | {"rollDice", "skipRoadBuilding"}),
}
"""The types that can be listed in each phase while no decision is open, in listing order: setup
placements in the setup rounds (rules §4); before the roll the roll, a pre-roll progress card
and the table's standing wants (§5.1, §12.3, §14); everything else only in the action phase
(§5.2), and skipping a free road only as the answer to its decision. Each type's own candidates
check its phase as well; this table spares asking the others (a phase not named here asks every
type)."""

PHASE_LISTERS = {phase: _listers(kinds) for phase, kinds in TURN_WINDOWS.items()}
TURN_LISTER_OF = dict(TURN_LISTERS)

WANT_KINDS = frozenset({"setStandingWant", "clearStandingWant", "executeStandingWant"})
"""The standing-want types: a game created without the channel (§12.3) lists none of them."""


def _without_wants(listers: tuple[tuple[str, Candidates], ...]) -> tuple[tuple[str, Candidates], ...]:
    return tuple((kind, candidates) for kind, candidates in listers if kind not in WANT_KINDS)


TURN_LISTERS_WITHOUT_WANTS = _without_wants(TURN_LISTERS)
PHASE_LISTERS_WITHOUT_WANTS = {phase: _without_wants(listers) for phase, listers in PHASE_LISTERS.items()}
PHASE_LISTER_OF = {phase: dict(listers) for phase, listers in PHASE_LISTERS.items()}
PENDING_LISTER_OF = {pending: dict(listers) for pending, listers in PENDING_LISTERS.items()}
