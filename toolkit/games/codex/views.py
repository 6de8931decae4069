"""The wire view of a state, and loading a wire state back into an engine state.

:func:`view` returns what the real engine's bot protocol calls ``BotRequest.state`` for one
seat: that seat's own player entry in full, every other player redacted to a card count
(``materialCount``) and progress cards per deck (``progressHandByDeck``). A spectator
(``seat=None``) sees every player redacted until the game is over, then everything.

:func:`from_wire` turns such a wire state (for example a captured one) into a
:class:`State`. What the wire hides stays hidden: opponents' cards are held as a count of
unknown cards, progress cards of unknown identity have an empty ``cardId``, and the decks are
known only by size. The loaded state renders, lists legal actions and plays on
(:mod:`~toolkit.games.codex.resume` restores what the open decision needs); an action that
would need something the view hides is refused with a ``hidden_*`` code that names it.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

from toolkit.games.codex import constants as C
from toolkit.games.codex import resume
from toolkit.games.codex.board import Harbor, topology
from toolkit.games.codex.decks import deck_of
from toolkit.games.codex.state import Knight, Player, State, empty_board_state
from toolkit.games.codex.victory import victory_points
from toolkit.games.codex.wire_counts import (
    ALL_MATERIAL_CARDS,
    DECK_CARDS,
    HELD_CARDS,
    PIECE_NAMES,
    PIECES,
    count_of,
    key_part,
    material,
)


def _board(state: State, memo: dict[str, Any] | None = None) -> dict[str, Any]:
    """The board as the wire shows it. With ``memo`` (a dict the caller keeps between calls),
    a part whose pieces did not change since the last call is the same object as then."""
    if memo is None:
        return {
            "hexes": _hexes(state),
            "intersections": _intersections(state),
            "edges": _edges(state),
            "harbors": _harbors(state),
        }
    # What each part is drawn from, as the state's own lists: compared with the copies kept
    # from the last call without copying them again, and copied only when a part is remade.
    sources: tuple[tuple[str, Any, tuple[Any, ...]], ...] = (
        ("hexes", _hexes, (state.robber_hex, state.merchant_hex, state.terrain, state.tokens)),
        (
            "intersections",
            _intersections,
            (
                state.b_type,
                state.b_owner,
                state.b_wall,
                state.b_metro,
                state.b_sideways,
                state.knight_at,
                [(k.id, k.owner, k.level, k.active) for k in state.knights.values()],
            ),
        ),
        ("edges", _edges, (state.road,)),
        ("harbors", _harbors, ([(h.id, h.kind, h.intersections) for h in state.harbors],)),
    )
    remembered: dict[str, tuple[Any, Any]] = memo.setdefault("board", {})
    base = (state.topo.hex_ids, [p.id for p in state.players])
    fresh = remembered.get("base") != base
    if fresh:
        remembered.clear()
        remembered["base"] = base
    for part, make, source in sources:
        last = remembered.get(part)
        if last is None or last[0] != source:
            remembered[part] = (tuple(list(x) if type(x) is list else x for x in source), make(state))
            fresh = True
    board = memo.get("whole")
    if fresh or board is None:
        board = memo["whole"] = {part: remembered[part][1] for part, _, _ in sources}
    return board


def _hexes(state: State) -> dict[str, Any]:
    hexes = {}
    for h, hid in enumerate(state.topo.hex_ids):
        hexes[hid] = {
            "id": hid,
            "type": state.terrain[h],
            "numberToken": state.tokens[h],
            "robberPresent": state.robber_hex == h,
            "merchantPresent": state.merchant_hex == h,
        }
    return hexes


_ADJACENT: dict[int, tuple[Any, tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]]] = {}


def _adjacent_ids(topo: Any) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """Each intersection's adjacent hex ids and edge ids, worked out once per board topology
    (known by identity; the topology is held beside them)."""
    found = _ADJACENT.get(id(topo))
    if found is None or found[0] is not topo:
        ids = tuple(
            (tuple(topo.hex_ids[h] for h in hexes), tuple(topo.edge_ids[e] for e in edges))
            for hexes, edges in zip(topo.int_hexes, topo.int_edges, strict=True)
        )
        if len(_ADJACENT) >= 8:
            _ADJACENT.clear()
        found = _ADJACENT[id(topo)] = (topo, ids)
    return found[1]


def _intersections(state: State) -> dict[str, Any]:
    topo = state.topo
    adjacent = _adjacent_ids(topo)
    intersections = {}
    for i, iid in enumerate(topo.int_ids):
        building = None
        if state.b_type[i] is not None:
            building = {
                "ownerPlayerId": state.players[state.b_owner[i]].id,
                "type": state.b_type[i],
                "cityWallPresent": state.b_wall[i],
                "metropolisType": state.b_metro[i],
                "cityPieceAsSettlement": state.b_sideways[i],
            }
        knight = None
        kid = state.knight_at[i]
        if kid is not None:
            k = state.knights[kid]
            knight = {
                "id": k.id,
                "ownerPlayerId": state.players[k.owner].id,
                "level": k.level,
                "state": "active" if k.active else "inactive",
                "locationIntersectionId": iid,
            }
        intersections[iid] = {
            "id": iid,
            "adjacentHexIds": list(adjacent[i][0]),
            "adjacentEdgeIds": list(adjacent[i][1]),
            "building": building,
            "knight": knight,
        }
    return intersections


def _edges(state: State) -> dict[str, Any]:
    topo = state.topo
    edges = {}
    for e, eid in enumerate(topo.edge_ids):
        a, b = topo.edge_ends[e]
        owner = state.road[e]
        edges[eid] = {
            "id": eid,
            "intersectionA": topo.int_ids[a],
            "intersectionB": topo.int_ids[b],
            "roadOwnerPlayerId": None if owner < 0 else state.players[owner].id,
        }
    return edges


def _harbors(state: State) -> list[dict[str, Any]]:
    topo = state.topo
    return [
        {"id": h.id, "type": h.kind, "intersectionIds": [topo.int_ids[i] for i in h.intersections]}
        for h in state.harbors
    ]


def _public_player(p: Player, points: int, metropolises: int) -> dict[str, Any]:
    return {
        "id": p.id,
        "seatIndex": p.seat,
        "color": p.color,
        "victoryPoints": points,
        "vpTokens": p.vp_tokens,
        "revealedVpCards": [dict(c) for c in p.revealed_vp],
        "roadsInSupply": p.roads,
        "settlementsInSupply": p.settlements,
        "citiesInSupply": p.cities,
        "cityWallsInSupply": p.walls,
        "knightsInSupply": dict(p.knights),
        "scienceLevel": p.levels["science"],
        "tradeLevel": p.levels["trade"],
        "politicsLevel": p.levels["politics"],
        "metropolisCount": metropolises,
        "standingWant": _copy(p.standing_want),
    }


def _full_player(p: Player, public: dict[str, Any]) -> dict[str, Any]:
    out = dict(public)
    out.update({
        "resources": {r: p.res.get(r, 0) for r in C.RESOURCES},
        "commodities": {c: p.com.get(c, 0) for c in C.COMMODITIES},
        "progressHand": [dict(c) for c in p.hand],
        "merchantFleetTypes": list(p.merchant_fleet_types),
        "commercialHarborRemainingPlayerIds": list(p.commercial_harbor_remaining),
        "freeRoadsRemaining": p.free_roads,
        "cranePlayed": p.crane_played,
        "medicinePlayed": p.medicine_played,
        "progressCardsPlayedThisTurn": list(p.progress_played),
        "knightActionsUsedThisTurn": list(p.knight_actions_used),
        "knightsActivatedThisTurn": list(p.knights_activated),
        "knightPromotionsUsedThisTurn": list(p.knight_promotions_used),
        "domesticTradeProposalsThisTurn": p.domestic_proposals,
    })
    return out


def _redacted_player(p: Player, public: dict[str, Any]) -> dict[str, Any]:
    out = dict(public)
    by_deck = {d: 0 for d in C.TRACKS}
    for card in p.hand:
        by_deck[deck_of(card)] += 1
    out["materialCount"] = p.hand_size()
    out["progressHandByDeck"] = by_deck
    return out


_ATOMS = frozenset({str, int, float, bool, type(None)})


class _NotPlain(Exception):
    """Raised inside :func:`_plain_copy` at a value that is not plain data."""


def _plain_copy(data: Any) -> Any:
    """A private copy of plain data (dicts, lists and tuples of text, numbers, booleans and
    None), or None when the data is not plain (then nothing is kept by it). Kept copies are
    compared with the data of a later position as Python compares values."""
    try:
        return _copied(data)
    except _NotPlain:
        return None


def _copied(value: Any) -> Any:
    kind = type(value)
    if kind is dict:
        return {k: v if type(v) in _ATOMS else _copied(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _ATOMS else _copied(v) for v in value]
    if kind in _ATOMS:
        return value
    if kind is tuple:
        return tuple([v if type(v) in _ATOMS else _copied(v) for v in value])
    raise _NotPlain


def _kept(memo: dict[Any, Any] | None, slot: Any, value: Any) -> Any:
    """A private copy of the plain data ``value``; with ``memo``, the copy made at the last
    call for ``slot`` while ``value`` still equals it."""
    if memo is None:
        return _copy(value)
    last = memo.get(slot)
    if last is None or last != value:
        last = memo[slot] = _copy(value)
    return last


def _again(memo: dict[Any, Any] | None, slot: Any, made: Any) -> Any:
    """``made``, or with ``memo`` the value last given for ``slot`` when it equals ``made``."""
    if memo is None:
        return made
    last = memo.get(slot)
    if last is None or last != made:
        last = memo[slot] = made
    return last


class _Entries:
    """Each player's entries of one position, full and redacted, each made at most once.

    With ``kept`` (a dict the caller keeps from one position to the next) an entry equal to
    the one made at the last position is that same object again, so what a player shows is
    one object for as long as it does not change. (Entries compare as Python compares values;
    an entry's fields keep their types from position to position.)

    An entry is drawn from its player's own fields and from its points and metropolis count,
    which rules §15 draws from the buildings on the board and the holders of the longest road
    and the Guildmaster. Together these are the entry's *source*: while the source is as at the
    last position (``board_part``, the board's intersections as :func:`_board` keeps them, is the
    same object), the last entry is handed again without being made or compared.
    """

    def __init__(self, state: State, kept: dict[Any, Any] | None, board_part: Any) -> None:
        self.state = state
        self.kept = kept
        self.scoring = (board_part, state.longest_holder, state.merchant_owner)
        self.made: dict[tuple[int, bool], dict[str, Any]] = {}
        self.public: dict[int, dict[str, Any]] = {}
        self.sources: dict[int, tuple[Any, ...]] = {}
        self.unchanged: dict[int, tuple[Any, bool]] = {}  # by seat: a kept source, whether it holds now
        self.metropolises: list[int] | None = None

    def kept_source(self, p: Player) -> tuple[Any, ...]:
        """The entry's source to keep: a private copy of the player's fields (None when they are
        not plain data), then the scoring pieces."""
        found = self.sources.get(p.seat)
        if found is None:
            found = self.sources[p.seat] = (_plain_copy(vars(p)), *self.scoring)
        return found

    def __call__(self, p: Player, full: bool) -> dict[str, Any]:
        slot = (p.seat, full)
        made = self.made.get(slot)
        if made is not None:
            return made
        last = None if self.kept is None else self.kept.get(slot)
        if last is not None and self._unchanged(p, last[0]):
            made = self.made[slot] = last[1]
            return made
        public = self.public.get(p.seat)
        if public is None:
            if self.metropolises is None:
                self.metropolises = _metropolis_counts(self.state)
            points = victory_points(self.state, p.seat)
            public = self.public[p.seat] = _public_player(p, points, self.metropolises[p.seat])
        made = _full_player(p, public) if full else _redacted_player(p, public)
        if self.kept is not None:
            if last is not None and last[1] == made:
                made = last[1]
            self.kept[slot] = (self.kept_source(p), made)
        self.made[slot] = made
        return made


    def _unchanged(self, p: Player, kept: tuple[Any, ...]) -> bool:
        """Whether ``kept``, the source kept with an entry of ``p``, is the source now: asked once
        a position for each kept source (a player's full and redacted entries are kept with the
        same one while both are asked for at every position)."""
        found = self.unchanged.get(p.seat)
        if found is None or found[0] is not kept:
            found = self.unchanged[p.seat] = (kept, _same_source(kept, (vars(p), *self.scoring)))
        return found[1]


def _same_source(last: tuple[Any, ...], now: tuple[Any, ...]) -> bool:
    """Whether a kept entry source and the source now are the same: equal fields (fields that
    are not plain data leave none kept, and then no source is the same), the same board part,
    the same holders."""
    return last[0] is not None and last[0] == now[0] and last[1] is now[1] and last[2:] == now[2:]


def _metropolis_counts(state: State) -> list[int]:
    """How many metropolises each seat holds."""
    counts = [0] * len(state.players)
    if state.b_metro.count(None) == len(state.b_metro):
        return counts
    for i, track in enumerate(state.b_metro):
        owner = state.b_owner[i]
        if track is not None and isinstance(owner, int) and 0 <= owner < len(counts):
            counts[owner] += 1
    return counts


def _held_types(state: State) -> tuple[tuple[str, ...], ...]:
    """The material types each player holds, in material order, by seat."""
    found = []
    for p in state.players:
        res, com = p.res, p.com
        found.append(tuple([k for k in C.MATERIALS if (res[k] if k in res else com.get(k, 0)) > 0]))
    return tuple(found)


def _opponent_types(
    state: State,
    seat: int | None,
    held: tuple[tuple[str, ...], ...],
    kept: dict[Any, tuple[Any, list[str]]] | None = None,
    hiding: bool = True,
) -> list[str]:
    """The material types the seat's opponents hold (everyone's, for a spectator).

    ``held`` is :func:`_held_types` of the position; ``hiding`` says whether any player's
    materials are hidden (held as a count alone), which only a state loaded from the wire has.
    With ``kept`` (a dict kept between positions) the list is the last position's list again
    while what it is drawn from is, or while it comes out the same.
    """
    last = None if kept is None else kept.get(seat)
    if not hiding and last is not None and last[0][0] is held and not last[0][1]:
        return last[1]  # nothing hidden: drawn from ``held`` alone, the same as then
    order = range(len(state.players)) if seat is None else state.seat_order_from(seat)[1:]
    hidden = hiding and any(state.players[s].hidden_materials for s in order)
    hint = tuple(state.opponent_types_hint or ()) if hidden else ()
    key = (held, hint)
    if last is not None and last[0] == key:
        return last[1]
    found: list[str] = []
    for s in order:
        for k in held[s]:
            if k not in found:
                found.append(k)
    for k in hint:
        if k not in found:
            found.append(k)
    if last is not None and last[1] == found:
        found = last[1]
    if kept is not None:
        kept[seat] = (key, found)
    return found


#: Pending payload keys that list another player's hidden cards: only the deciding player
#: (Espionage picks from the target's progress hand, Tribute from the target's materials)
#: may see them; every other view gets the list empty.
SECRET_PENDING_KEYS: dict[str, str] = {
    "espionageChooseCard": "eligibleCards",
    "guildDuesChooseCards": "available",
}


def _pending_payload(state: State, seat: int | None, copied: dict[str, Any] | None = None) -> dict[str, Any]:
    """The open decision's payload as ``seat`` sees it: ``copied`` (a private copy of it) or a
    fresh copy, with another player's hidden cards left out."""
    pending = state.pending
    assert pending is not None
    payload: dict[str, Any] = _copy(pending["payload"]) if copied is None else copied
    secret = SECRET_PENDING_KEYS.get(pending["type"])
    if secret is not None and secret in payload and _player_id(state, seat) != pending["actingPlayerId"]:
        payload[secret] = []
    return payload


def _pending(state: State, seat: int | None, deciding: bool, kept: dict[Any, Any] | None) -> dict[str, Any]:
    """The open decision as ``seat`` sees it (``deciding``: whether ``seat`` is to decide it);
    with ``kept``, the same object as at the last call while the decision did not change."""
    pending = state.pending
    assert pending is not None
    last = None if kept is None else kept.get(("pending", deciding))
    if last is not None and last[0] == pending:
        found: dict[str, Any] = last[1]
        return found
    made = {
        "type": pending["type"],
        "actingPlayerId": pending["actingPlayerId"],
        "allowedPlayerIds": list(pending["allowedPlayerIds"]),
        "payload": _pending_payload(state, seat),
    }
    copied = None if kept is None else _plain_copy(pending)
    if copied is not None and kept is not None:
        kept[("pending", deciding)] = (copied, made)
    return made


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know (``None``: a spectator), as the wire shows it."""
    return views(state, [seat])[0]


def views(
    state: State, seats: Sequence[int | None], memo: dict[str, Any] | None = None
) -> list[dict[str, Any]]:
    """The views of ``seats`` of one state, each exactly as :func:`view` gives it alone.

    What the views share is made once and shared between them: the board, each player's entry
    in full and redacted, and everything else no seat sees differently. With ``memo`` (an
    empty dict the caller keeps from one position of a game to the next) the board is also
    shared with the previous call wherever its pieces did not change, and so is each player's
    entry (full or redacted) while nothing it shows changed. Callers read the views and never
    change them.
    """
    kept = None if memo is None else memo.setdefault("kept", {})
    board = _board(state, memo)
    entry = _Entries(state, None if memo is None else memo.setdefault("players", {}), board["intersections"])

    shared = {
        "id": state.game_id,
        "version": state.version,
        "victoryPointsTarget": state.vp_target,
        "standingWantsEnabled": state.standing_wants_enabled,
        "phase": state.phase,
        "currentPlayerId": state.players[state.current].id,
        "turnNumber": state.turn_number,
        "stealOrdinal": state.steal_ordinal,
        "players": None,
        "board": board,
        "dice": _kept(kept, "dice", state.dice),
        "berserkerTrackPosition": state.berserker_pos,
        "berserkerTrackMax": state.berserker_max,
        "firstBerserkerAttackResolved": state.first_attack_done,
        "robberActive": state.robber_active,
        "merchantHexId": None if state.merchant_hex is None else state.topo.hex_ids[state.merchant_hex],
        "merchantOwnerPlayerId": _player_id(state, state.merchant_owner),
        "longestRoadHolderPlayerId": _player_id(state, state.longest_holder),
        "pendingDecision": None,
        "winnerPlayerId": None if state.winner is None else state.players[state.winner].id,
        "lastBerserkerAttack": _kept(kept, "last_attack", state.last_attack),
        "lastVpAwards": _kept(kept, "last_vp_awards", state.last_vp_awards),
        "scienceDeckCount": len(state.decks["science"]),
        "tradeDeckCount": len(state.decks["trade"]),
        "politicsDeckCount": len(state.decks["politics"]),
        "bankResources": _again(kept, "bank_resources", {r: state.bank[r] for r in C.RESOURCES}),
        "bankCommodities": _again(kept, "bank_commodities", {c: state.bank[c] for c in C.COMMODITIES}),
        "opponentMaterialTypes": None,
        "domesticTradeDeclinesThisTurn": _kept(kept, "domestic_declines", state.domestic_declines),
        "domesticTradeCountersThisTurn": _kept(kept, "domestic_counters", state.domestic_counters),
        "domesticTradeOutcomesThisTurn": _kept(kept, "domestic_outcomes", state.domestic_outcomes),
    }
    tables = None if memo is None else memo.setdefault("tables", {})
    types = None if memo is None else memo.setdefault("types", {})
    lists = None if memo is None else memo.setdefault("lists", {})
    pendings: dict[bool, dict[str, Any]] = {}
    held = _again(kept, "held", _held_types(state))
    hiding = any(p.hidden_materials for p in state.players)
    over = state.phase == "gameOver"
    players = state.players
    redacted: list[dict[str, Any]] | None = None
    revealed: list[dict[str, Any]] | None = None
    out = []
    for seat in seats:
        # Each view's table is every player's redacted entry with the seat's own in full; a
        # finished game's spectator sees every entry in full.
        own = None
        if over and seat is None:
            if revealed is None:
                revealed = _same_list(lists, "full", [entry(p, True) for p in players])
            base = revealed
        else:
            if redacted is None:
                redacted = _same_list(lists, "redacted", [entry(p, False) for p in players])
            base = redacted
            seated = None if seat is None else _seated(players, seat)
            own = None if seated is None else entry(seated, True)
        pending = None
        if state.pending is not None:
            deciding = _player_id(state, seat) == state.pending["actingPlayerId"]
            pending = pendings.get(deciding)
            if pending is None:
                pending = pendings[deciding] = _pending(state, seat, deciding, kept)
        out.append(
            {
                **shared,
                "players": _players(state, base, own, tables, seat),
                "pendingDecision": pending,
                "opponentMaterialTypes": _opponent_types(state, seat, held, types, hiding),
            }
        )
    return out


def _seated(players: Sequence[Player], seat: int) -> Player | None:
    """The player at ``seat`` (players are listed in seat order; any other order is searched)."""
    if 0 <= seat < len(players) and players[seat].seat == seat:
        return players[seat]
    return next((p for p in players if p.seat == seat), None)


def _same_list(lists: dict[str, list[Any]] | None, slot: str, now: list[Any]) -> list[Any]:
    """``now``, or with ``lists`` (kept between positions) the list last given for ``slot`` while
    every item of ``now`` is the same object as the item there."""
    if lists is None:
        return now
    last = lists.get(slot)
    if last is not None and len(last) == len(now) and all(map(operator.is_, last, now)):
        return last
    lists[slot] = now
    return now


def _players(
    state: State,
    base: list[dict[str, Any]],
    own: dict[str, Any] | None,
    tables: dict[Any, tuple[Any, Any, dict[str, Any]]] | None,
    seat: int | None,
) -> dict[str, Any]:
    """The players table of ``seat``'s view: the entries of ``base`` (by seat), the seat's own
    replaced by ``own`` when given. With ``tables`` (kept between positions), the table of the
    last position again while it was made from the same ``base`` list and ``own`` entry, or while
    every entry in it is the same object as then."""
    last = None if tables is None else tables.get(seat)
    if last is not None and last[0] is base and last[1] is own:
        return last[2]
    players = state.players
    entries = base
    if own is not None:
        entries = [own if p.seat == seat else e for p, e in zip(players, base, strict=True)]
    made = None if last is None else last[2]
    if made is None or len(made) != len(entries) or not all(map(operator.is_, made.values(), entries)):
        made = {p.id: e for p, e in zip(players, entries, strict=True)}
    if tables is not None:
        tables[seat] = (base, own, made)
    return made


def _player_id(state: State, seat: int | None) -> str | None:
    return None if seat is None else state.players[seat].id


def _copy(value: Any) -> Any:
    """A copy of ``value`` whose dicts and lists are new (dict and list kinds become plain ones)."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is dict:
        return {k: v if type(v) in _ATOMS else _copy(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _ATOMS else _copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


# ---------------------------------------------------------------------------- loading


def board_size_of(wire: dict[str, Any]) -> str:
    n = len(wire["board"]["hexes"])
    for size in ("standard", "grand"):
        if len(topology(size).hex_ids) == n:
            return size
    raise ValueError(f"a board of {n} hexes is neither standard nor grand")


def from_wire(wire: dict[str, Any], seed: str | int | None = None) -> State:
    """An engine state from a wire state (``BotRequest.state``).

    ``seed`` drives randomness after loading (dice, steals); it defaults to the state id.

    Every count of cards or pieces the state gives (deck sizes, hidden hands per deck and
    material counts, each player's resources and commodities, the bank, the pieces in supply)
    must be a whole number no larger than the game holds of that thing; loading refuses any
    other with a ValueError naming the field and the limit, before it builds anything from it.
    """
    size = board_size_of(wire)
    topo = topology(size)
    board = wire["board"]
    terrain = [board["hexes"][hid]["type"] for hid in topo.hex_ids]
    tokens = [board["hexes"][hid]["numberToken"] for hid in topo.hex_ids]
    harbors = []
    for h in board["harbors"]:
        a, b = (topo.int_index[x] for x in h["intersectionIds"])
        e = topo.edge_between(a, b)
        if e is None:
            raise ValueError(f"harbor {h['id']} does not sit on an edge")
        harbors.append(Harbor(h["id"], h["type"], e, (a, b)))
    ordered = sorted(wire["players"].values(), key=lambda p: p["seatIndex"])
    ids = [p["id"] for p in ordered]
    seat_of = {pid: k for k, pid in enumerate(ids)}
    players: list[Player] = []
    for k, w in enumerate(ordered):
        p = Player(id=w["id"], name=w["id"], seat=k, color=w["color"])
        at = f"players.{key_part(w['id'])}"
        pieces = {
            field: count_of(w[field], f"{at}.{field}", most, f"a player's {PIECE_NAMES[field]}")
            for field, most in PIECES.items()
        }
        p.vp_tokens = w["vpTokens"]
        p.revealed_vp = [dict(c) for c in w["revealedVpCards"]]
        p.roads, p.settlements = pieces["roadsInSupply"], pieces["settlementsInSupply"]
        p.cities, p.walls = pieces["citiesInSupply"], pieces["cityWallsInSupply"]
        p.knights = dict(w["knightsInSupply"])
        for level, most in C.KNIGHT_SUPPLY.items():
            if level in p.knights:
                count_of(
                    p.knights[level], f"{at}.knightsInSupply.{level}", most, f"a player's {level} knights"
                )
        p.levels = {t: w[f"{t}Level"] for t in C.TRACKS}
        p.standing_want = _copy(w.get("standingWant"))
        if "resources" in w:
            p.res = {r: material(w["resources"].get(r, 0), f"{at}.resources.{r}", r) for r in C.RESOURCES}
            p.com = {
                c: material(w["commodities"].get(c, 0), f"{at}.commodities.{c}", c) for c in C.COMMODITIES
            }
            p.hand = [dict(c) for c in w["progressHand"]]
            p.merchant_fleet_types = list(w["merchantFleetTypes"])
            p.commercial_harbor_remaining = list(w["commercialHarborRemainingPlayerIds"])
            p.free_roads = w["freeRoadsRemaining"]
            p.crane_played, p.medicine_played = w["cranePlayed"], w["medicinePlayed"]
            p.progress_played = list(w["progressCardsPlayedThisTurn"])
            p.knight_actions_used = list(w["knightActionsUsedThisTurn"])
            p.knights_activated = list(w["knightsActivatedThisTurn"])
            p.knight_promotions_used = list(w["knightPromotionsUsedThisTurn"])
            p.domestic_proposals = w["domesticTradeProposalsThisTurn"]
        else:
            p.hidden_materials = count_of(
                w["materialCount"], f"{at}.materialCount", ALL_MATERIAL_CARDS,
                "all the game's resource and commodity cards",
            )
            for deck in C.TRACKS:
                held = count_of(
                    w["progressHandByDeck"][deck], f"{at}.progressHandByDeck.{deck}", HELD_CARDS[deck],
                    f"the {deck} cards a hand can hold",
                )
                for n in range(held):
                    hidden = f"{C.DECK_PREFIX[deck]}_hidden_{p.id}_{n + 1}"
                    p.hand.append({"instanceId": hidden, "cardId": ""})
        players.append(p)

    state = empty_board_state(wire["id"] if seed is None else seed, wire["id"], size, players, terrain,
                              tokens, harbors)
    for i, iid in enumerate(topo.int_ids):
        entry = board["intersections"][iid]
        b = entry["building"]
        if b is not None:
            state.b_owner[i] = seat_of[b["ownerPlayerId"]]
            state.b_type[i] = b["type"]
            state.b_wall[i] = b["cityWallPresent"]
            state.b_metro[i] = b["metropolisType"]
            state.b_sideways[i] = bool(b.get("cityPieceAsSettlement", False))
        k = entry["knight"]
        if k is not None:
            owner_seat = seat_of[k["ownerPlayerId"]]
            state.knights[k["id"]] = Knight(k["id"], owner_seat, k["level"], k["state"] == "active", i)
            state.knight_at[i] = k["id"]
    for e, eid in enumerate(topo.edge_ids):
        owner = board["edges"][eid]["roadOwnerPlayerId"]
        state.road[e] = -1 if owner is None else seat_of[owner]
    robber = [topo.hex_index[h] for h, x in board["hexes"].items() if x["robberPresent"]]
    state.robber_hex = robber[0] if robber else None
    merchant = wire["merchantHexId"]
    state.merchant_hex = None if merchant is None else topo.hex_index[merchant]
    owner = wire["merchantOwnerPlayerId"]
    state.merchant_owner = None if owner is None else seat_of[owner]
    holder = wire["longestRoadHolderPlayerId"]
    state.longest_holder = None if holder is None else seat_of[holder]
    winner = wire["winnerPlayerId"]
    state.winner = None if winner is None else seat_of[winner]
    state.vp_target = wire["victoryPointsTarget"]
    state.standing_wants_enabled = wire["standingWantsEnabled"]
    state.version = wire["version"]
    state.phase = wire["phase"]
    state.current = seat_of[wire["currentPlayerId"]]
    state.turn_number = wire["turnNumber"]
    state.steal_ordinal = wire["stealOrdinal"]
    state.dice = dict(wire["dice"])
    state.berserker_pos = wire["berserkerTrackPosition"]
    state.berserker_max = wire["berserkerTrackMax"]
    state.first_attack_done = wire["firstBerserkerAttackResolved"]
    state.robber_active = wire["robberActive"]
    state.pending = _copy(wire["pendingDecision"])
    state.last_attack = _copy(wire["lastBerserkerAttack"])
    state.last_vp_awards = _copy(wire["lastVpAwards"])
    state.bank = {r: material(wire["bankResources"].get(r, 0), f"bankResources.{r}", r) for r in C.RESOURCES}
    state.bank.update({
        c: material(wire["bankCommodities"].get(c, 0), f"bankCommodities.{c}", c) for c in C.COMMODITIES
    })
    sizes = {
        d: count_of(wire[f"{d}DeckCount"], f"{d}DeckCount", DECK_CARDS[d], f"the cards of the {d} deck")
        for d in C.TRACKS
    }
    state.decks = {
        d: [{"instanceId": f"{C.DECK_PREFIX[d]}_hidden_deck_{n + 1}", "cardId": ""} for n in range(sizes[d])]
        for d in C.TRACKS
    }
    state.domestic_declines = _copy(wire["domesticTradeDeclinesThisTurn"])
    state.domestic_counters = _copy(wire["domesticTradeCountersThisTurn"])
    state.domestic_outcomes = _copy(wire["domesticTradeOutcomesThisTurn"])
    state.opponent_types_hint = list(wire["opponentMaterialTypes"])
    state.first_player = state.current
    order = state.seat_order_from(state.current)
    state.setup_order = order + order[::-1]
    state.setup_step = 2 * len(players)
    resume.restore(state)
    return state
