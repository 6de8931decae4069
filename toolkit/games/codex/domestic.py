"""Trading between players: the domestic-trade auction (rules §12.1).

Only the current player proposes, in the action phase with nothing open, at most
``MAX_DOMESTIC_PROPOSALS`` times a turn. A proposal names what the proposer gives (``offer``)
and what they ask for (``want``): both sides non-empty, no type twice on a side, no type on
both sides, and the proposer must hold the offer. It goes to every other player still in the
game, or to one named target, and opens a ``domesticTradeResponse`` decision whose acting
player is the proposer and whose allowed players are the responders only.

Each responder keeps one standing answer: a bid (terms from the proposer's side; the
proposal's own terms make an at-terms bid, anything else a modified bid, which is noted as a
counter) or a pass. A new answer replaces the old one; sending the answer that already stands
is refused. A responder must hold what their bid asks them to give.

The proposer may award any standing bid at any time by echoing its responder and terms (a
stale echo is refused), or cancel. At the award both sides' holdings are checked again and the
bid's own terms move in one step. The engine ends an auction itself in two cases: every
responder has passed (a cancel, plus a decline record of the proposal), and an at-terms bid on
a targeted proposal (awarded at once: there is nobody to compare it with). Every auction that
ends leaves an outcome record for the turn.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any

from toolkit.games.base import IllegalMove
from toolkit.games.codex import constants as C
from toolkit.games.codex.digest_text import changed
from toolkit.games.codex.flow import (
    Listing,
    close,
    event,
    exchange_event,
    install,
    material_line,
    move_cards,
    pending_type,
    require_known_hand,
    require_pending,
    require_turn_action,
    seat_from_player_id,
    turn_action_open,
)
from toolkit.games.codex.state import State

Bundle = dict[str, int]
PENDING = "domesticTradeResponse"


# ------------------------------------------------------------------------- bundles


def parse_side(value: Any, what: str) -> Bundle:
    """A ``[{type, count}]`` list as a bundle; non-empty, no type twice, positive counts."""
    if not isinstance(value, list) or not value:
        raise IllegalMove("bad_payload", f"{what} must be a non-empty list of {{type, count}}")
    out: Bundle = {}
    for item in value:
        kind, count = material_line(item, f"each {what} item")
        if kind in out:
            raise IllegalMove("bad_trade", f"{kind} appears twice in {what}")
        out[kind] = count
    return out


def parse_terms(payload: dict[str, Any]) -> tuple[Bundle, Bundle]:
    """``offer`` and ``want`` of a payload, checked for shape and for no shared type."""
    offer = parse_side(payload.get("offer"), "offer")
    want = parse_side(payload.get("want"), "want")
    if not offer.keys().isdisjoint(want):
        shared = [k for k in C.MATERIALS if k in offer and k in want]
        raise IllegalMove("bad_trade", f"{shared[0]} is on both sides of the trade")
    return offer, want


_RANK = {k: n for n, k in enumerate(C.MATERIALS)}


def as_list(bundle: Bundle) -> list[dict[str, Any]]:
    """The wire form of a bundle (of materials), in material order."""
    if len(bundle) == 1:  # most bundles hold one type: nothing to order
        for k, n in bundle.items():
            if k in _RANK:
                return [{"type": k, "count": n}] if n > 0 else []
    return [{"type": k, "count": bundle[k]} for k in sorted(bundle, key=_RANK.__getitem__) if bundle[k] > 0]


def as_bundle(items: list[dict[str, Any]]) -> Bundle:
    """A wire list ``[{type, count}]`` as a bundle."""
    if len(items) == 1:  # most lists hold one type, already a text and a whole number
        kind, count = items[0]["type"], items[0]["count"]
        if type(kind) is str and type(count) is int:
            return {kind: count}
    return {str(x["type"]): int(x["count"]) for x in items}


def holds(state: State, seat: int, bundle: Bundle) -> bool:
    p = state.players[seat]
    return p.hidden_materials == 0 and p.can_pay(bundle)


def require_exchange(state: State, first: int, first_gives: Bundle, second: int, second_gives: Bundle,
                     second_lacks: str = "no longer holds") -> None:
    """Both sides of a swap are known hands holding, right now, what each of them gives."""
    require_known_hand(state, first)
    require_known_hand(state, second)
    for who, gives, lacks in ((first, first_gives, "no longer holds"), (second, second_gives, second_lacks)):
        if not holds(state, who, gives):
            raise IllegalMove("cannot_cover", f"{state.players[who].id} {lacks} {describe(gives)}")


def describe(bundle: Bundle) -> str:
    """The bundle as text, its types in material order (``"2 ore, 1 wool"``)."""
    if len(bundle) == 1:  # most bundles hold one type: nothing to order
        for k, n in bundle.items():
            if k in _RANK:
                return f"{n} {k}"
    return ", ".join(f"{bundle[k]} {k}" for k in C.MATERIALS if k in bundle)


# ------------------------------------------------------------------------- propose


def responders_for(state: State, seat: int, target: int | None) -> list[int]:
    if target is not None:
        return [target]
    players = state.players
    n = len(players)
    # the seats after ``seat`` in rotation (State.seat_order_from) still in the game
    return [s for k in range(1, n) if not players[s := (seat + k) % n].resigned]


def check_propose(state: State, seat: int, payload: dict[str, Any]) -> tuple[Bundle, Bundle, int | None]:
    require_turn_action(state, seat)
    p = state.players[seat]
    if p.domestic_proposals >= C.MAX_DOMESTIC_PROPOSALS:
        raise IllegalMove(
            "proposal_limit", f"at most {C.MAX_DOMESTIC_PROPOSALS} domestic-trade proposals per turn"
        )
    offer, want = parse_terms(payload)
    target: int | None = None
    if "targetPlayerId" in payload:
        target = seat_from_player_id(state, payload)
        if target == seat:
            raise IllegalMove("bad_target", "a proposal cannot target its own proposer")
        if state.players[target].resigned:
            raise IllegalMove("bad_target", f"{state.players[target].id} has left the game")
    if not responders_for(state, seat, target):
        raise IllegalMove("no_responders", "nobody is left to trade with")
    require_known_hand(state, seat)
    if not holds(state, seat, offer):
        raise IllegalMove("cannot_cover", f"{p.id} does not hold {describe(offer)}")
    return offer, want, target


def propose(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    offer, want, target = check_propose(state, seat, payload)
    p = state.players[seat]
    changed(state, (seat, "domestic_proposals"))
    p.domestic_proposals += 1
    auction = f"auction-{state.turn_number}-{p.domestic_proposals}"
    body: dict[str, Any] = {
        "auctionId": auction, "offer": as_list(offer), "want": as_list(want),
        "bids": [], "passedPlayerIds": [],
    }
    if target is not None:
        body["targetPlayerId"] = state.players[target].id
    install(state, PENDING, seat, responders_for(state, seat, target), body)
    to = "everyone" if target is None else state.players[target].id
    return [event("domesticTradePropose", f"{p.id} offers {describe(offer)} for {describe(want)} to {to}")]


# ------------------------------------------------------------------------- answers


def _proposer(state: State) -> int:
    assert state.pending is not None
    seat = state.seat_of_id(state.pending["actingPlayerId"])
    assert seat is not None
    return seat


def is_proposer(state: State, seat: int) -> bool:
    """Whether ``seat`` proposed the open auction (``seat == _proposer(state)`` read from its id:
    seats are places in ``state.players`` and ids are unique, see :func:`flow.may_answer`)."""
    pending = state.pending
    return pending is not None and pending["actingPlayerId"] == state.players[seat].id


def _standing_bid(state: State, responder_id: str) -> dict[str, Any] | None:
    assert state.pending is not None
    for bid in state.pending["payload"]["bids"]:
        if bid["responderId"] == responder_id:
            return dict(bid)
    return None


def _at_terms(state: State, offer: Bundle, want: Bundle) -> bool:
    assert state.pending is not None
    body = state.pending["payload"]
    return offer == as_bundle(body["offer"]) and want == as_bundle(body["want"])


def changed_terms(state: State, seat: int, payload: dict[str, Any], standing: dict[str, Any] | None,
                  repeat: str) -> tuple[Bundle, Bundle]:
    """Offer and want of ``payload`` replacing ``seat``'s ``standing`` terms: the same terms again
    are refused as a no-op (``repeat`` says what is repeated); ``seat``'s hand must be known."""
    offer, want = parse_terms(payload)
    if standing is not None and as_bundle(standing["offer"]) == offer and as_bundle(standing["want"]) == want:
        raise IllegalMove("no_op", f"{state.players[seat].id} {repeat}")
    require_known_hand(state, seat)
    return offer, want


def require_holds(state: State, seat: int, bundle: Bundle) -> None:
    if not holds(state, seat, bundle):
        raise IllegalMove("cannot_cover", f"{state.players[seat].id} does not hold {describe(bundle)}")


def check_bid(state: State, seat: int, payload: dict[str, Any]) -> tuple[Bundle, Bundle]:
    require_pending(state, seat, PENDING)
    standing = _standing_bid(state, state.players[seat].id)
    offer, want = changed_terms(state, seat, payload, standing, "already bids exactly these terms")
    require_holds(state, seat, want)
    return offer, want


def bid(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    offer, want = check_bid(state, seat, payload)
    assert state.pending is not None
    body = state.pending["payload"]
    changed(state, "pending")
    me = state.players[seat].id
    entry = {"responderId": me, "offer": as_list(offer), "want": as_list(want)}
    body["passedPlayerIds"] = [x for x in body["passedPlayerIds"] if x != me]
    bids = [b for b in body["bids"] if b["responderId"] != me]
    bids.append(entry)
    order = list(state.pending["allowedPlayerIds"])
    body["bids"] = sorted(bids, key=lambda b: order.index(b["responderId"]))
    at_terms = _at_terms(state, offer, want)
    proposer = _proposer(state)
    if not at_terms:
        record = {"responderId": me, "proposerId": state.players[proposer].id}
        if record not in state.domestic_counters:
            changed(state, "domestic_counters")
            state.domestic_counters.append(record)
    kind = "at-terms" if at_terms else "modified"
    text = f"{me} bids ({kind}): gets {describe(offer)}, gives {describe(want)}"
    events = [event("domesticTradeBid", text)]
    if at_terms and "targetPlayerId" in body and holds(state, proposer, offer):
        events += _execute(state, proposer, seat, offer, want)
    return events


def check_pass(state: State, seat: int) -> None:
    require_pending(state, seat, PENDING)
    assert state.pending is not None
    me = state.players[seat].id
    if me in state.pending["payload"]["passedPlayerIds"]:
        raise IllegalMove("no_op", f"{me} has already passed")


def pass_(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    check_pass(state, seat)
    assert state.pending is not None
    body = state.pending["payload"]
    changed(state, "pending")
    me = state.players[seat].id
    body["bids"] = [b for b in body["bids"] if b["responderId"] != me]
    body["passedPlayerIds"] = [x for x in state.pending["allowedPlayerIds"]
                               if x in body["passedPlayerIds"] or x == me]
    events = [event("domesticTradePass", f"{me} passes")]
    if len(body["passedPlayerIds"]) == len(state.pending["allowedPlayerIds"]) and not body["bids"]:
        decline: dict[str, Any] = {"proposerId": state.pending["actingPlayerId"]}
        if "targetPlayerId" in body:
            decline["targetPlayerId"] = body["targetPlayerId"]
        decline["offer"] = [dict(x) for x in body["offer"]]
        decline["want"] = [dict(x) for x in body["want"]]
        changed(state, "domestic_declines")
        state.domestic_declines.append(decline)
        _end(state, "cancelled", None, as_bundle(body["offer"]), as_bundle(body["want"]))
        events.append(event("domesticTradeCancel", "every responder passed: the proposal lapses"))
    return events


def _require_proposer(state: State, seat: int) -> None:
    if pending_type(state) != PENDING:
        raise IllegalMove("wrong_decision", f"no {PENDING} decision is open")
    if seat != _proposer(state):
        raise IllegalMove("not_your_decision", "only the proposer awards or cancels the auction")


def check_award(state: State, seat: int, payload: dict[str, Any]) -> tuple[int, Bundle, Bundle]:
    _require_proposer(state, seat)
    responder = seat_from_player_id(state, payload, "bidResponderId")
    offer, want = parse_terms(payload)
    standing = _standing_bid(state, state.players[responder].id)
    if standing is None:
        raise IllegalMove("no_such_bid", f"{state.players[responder].id} has no standing bid")
    if as_bundle(standing["offer"]) != offer or as_bundle(standing["want"]) != want:
        raise IllegalMove("stale_bid", f"{state.players[responder].id}'s standing bid has other terms")
    require_exchange(state, seat, offer, responder, want)
    return responder, offer, want


def award(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    responder, offer, want = check_award(state, seat, payload)
    return _execute(state, seat, responder, offer, want)


def cancel(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    _require_proposer(state, seat)
    assert state.pending is not None
    body = state.pending["payload"]
    _end(state, "cancelled", None, as_bundle(body["offer"]), as_bundle(body["want"]))
    return [event("domesticTradeCancel", f"{state.players[seat].id} withdraws the proposal")]


def _execute(state: State, proposer: int, responder: int, offer: Bundle,
             want: Bundle) -> list[dict[str, Any]]:
    move_cards(state, proposer, responder, offer)
    move_cards(state, responder, proposer, want)
    text = (f"{state.players[proposer].id} trades {describe(offer)} to {state.players[responder].id} "
            f"for {describe(want)}")
    _end(state, "taken", responder, offer, want)
    passes = [(proposer, responder, offer), (responder, proposer, want)]
    return [exchange_event("domesticTradeAward", text, passes)]


def _end(state: State, ending: str, accepter: int | None, gives: Bundle, receives: Bundle) -> None:
    """Record the auction's outcome and close the decision."""
    assert state.pending is not None
    body = state.pending["payload"]
    responders = []
    for rid in state.pending["allowedPlayerIds"]:
        standing = _standing_bid(state, rid)
        if rid in body["passedPlayerIds"]:
            status = "declined"
        elif standing is None:
            status = "unanswered"
        elif _at_terms(state, as_bundle(standing["offer"]), as_bundle(standing["want"])):
            status = "accepted"
        else:
            status = "countered"
        responders.append({"playerId": rid, "status": status})
    record: dict[str, Any] = {
        "auctionId": body["auctionId"], "proposerId": state.pending["actingPlayerId"], "ending": ending,
    }
    if accepter is not None:
        record["accepterId"] = state.players[accepter].id
    if "targetPlayerId" in body:
        record["targetPlayerId"] = body["targetPlayerId"]
    record["proposerGives"] = as_list(gives)
    record["proposerReceives"] = as_list(receives)
    record["responders"] = responders
    changed(state, "domestic_outcomes")
    state.domestic_outcomes.append(record)
    close(state)


# ------------------------------------------------------------------------- candidates


Terms = tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]


def _terms(offer: Bundle, want: Bundle) -> Terms:
    return tuple(sorted(offer.items())), tuple(sorted(want.items()))


def _proposed_this_turn(state: State, seat: int) -> tuple[set[Terms], set[tuple[Terms, str]]]:
    """The terms ``seat`` already proposed this turn: to everyone, and to one named player."""
    me = state.players[seat].id
    broadcast: set[Terms] = set()
    targeted: set[tuple[Terms, str]] = set()
    for r in state.domestic_outcomes:
        if r["proposerId"] != me:
            continue
        terms = _terms(as_bundle(r["proposerGives"]), as_bundle(r["proposerReceives"]))
        target = r.get("targetPlayerId")
        if target is None:
            broadcast.add(terms)
        else:
            targeted.add((terms, target))
    return broadcast, targeted


def propose_candidates(state: State, seat: int) -> Sequence[dict[str, Any]]:
    """Broadcast 1-for-1 then 2-for-1 offers of held types (capped), then targeted 1-for-1, as a
    :class:`~toolkit.games.codex.flow.Listing` of :class:`ProposalTerms` (a caller that reads
    one of them builds one payload)."""
    if not turn_action_open(state, seat):
        return []
    p = state.players[seat]
    if p.domestic_proposals >= C.MAX_DOMESTIC_PROPOSALS or p.hidden_materials:
        return []
    others = responders_for(state, seat, None)
    if not others:
        return []
    return Listing(ProposalTerms(state, seat, others), proposal)


TARGETED_PAIRS = 8
"""How many (offered, wanted) type pairs are also listed 1-for-1 to each single responder."""

_OTHER_TYPES = {g: tuple(w for w in C.MATERIALS if w != g) for g in C.MATERIALS}
_PAIR_GIVES = -(-TARGETED_PAIRS // (len(C.MATERIALS) - 1))  # the held types those pairs come from

_PAIRS: dict[tuple[str, ...], list[tuple[str, str]]] = {
    gives: [(g, w) for g in gives for w in _OTHER_TYPES[g]][:TARGETED_PAIRS]
    for r in range(_PAIR_GIVES + 1) for gives in combinations(C.MATERIALS, r)
}
"""The targeted (offered, wanted) pairs of each run of first held types (in material order)."""

ProposalKey = tuple[str, int, str, "str | None"]
_WIDTH = len(C.MATERIALS) - 1  # the wanted types of one offered type


def _unskip(k: int, skipped: list[int]) -> int:
    """The position in a grid of the ``k``-th place not among ``skipped`` (sorted)."""
    for s in skipped:
        if s > k:
            break
        k += 1
    return k


class ProposalTerms(Sequence[ProposalKey]):
    """The terms ``(give, count, want, target)`` of the proposals ``seat`` may list to ``others``
    (rules §12.1; the listing, not the rule, caps how many).

    In order: a broadcast offering one card of a held type for one card of any other type, then
    two cards (of a type held twice) for one, in material order of the offered type, then of
    the wanted type, at most :data:`~toolkit.games.codex.constants.MAX_PROPOSAL_CANDIDATES` of
    them; then, when there is more than one responder, the first :data:`TARGETED_PAIRS`
    1-for-1 pairs of held and other types offered to each responder in turn. Terms already
    proposed this turn to the same audience are left out (a broadcast also covers every single
    target); opponents' hidden holdings are never looked at.

    Both parts are grids (offers by wanted types, pairs by targets) with a few places left out,
    so the terms are counted, and read by position, from the grids' sizes and the places left
    out, without producing the terms before them; the grids are worked out on the first
    question."""

    __slots__ = ("_state", "_seat", "_others", "_ready", "_offers", "_skipped", "_broadcasts",
                 "_pairs", "_ids", "_skipped_targeted", "_count")

    def __init__(self, state: State, seat: int, others: list[int]) -> None:
        self._state, self._seat, self._others = state, seat, others
        self._ready = False
        self._offers: list[tuple[str, int]] = []
        self._skipped: list[int] = []
        self._broadcasts = 0
        self._pairs: list[tuple[str, str]] = []
        self._ids: tuple[str, ...] = ()
        self._skipped_targeted: list[int] = []
        self._count = 0

    def _grids(self) -> None:
        if self._ready:
            return
        self._ready = True
        state, seat = self._state, self._seat
        p = state.players[seat]
        done, targeted_done = _proposed_this_turn(state, seat)
        have = p.res | p.com
        held = [k for k in C.MATERIALS if have.get(k, 0) > 0]
        offers = [(g, 1) for g in held] + [(g, 2) for g in held if have[g] >= 2]
        skipped: set[int] = set()
        if done:
            row = {offer: r for r, offer in enumerate(offers)}
            for offer, want in done:
                if len(offer) == 1 and len(want) == 1 and want[0][1] == 1 and offer[0] in row:
                    g, w = offer[0][0], want[0][0]
                    if w in _OTHER_TYPES[g]:
                        skipped.add(row[offer[0]] * _WIDTH + _OTHER_TYPES[g].index(w))
        self._offers, self._skipped = offers, sorted(skipped)
        self._broadcasts = min(C.MAX_PROPOSAL_CANDIDATES, len(offers) * _WIDTH - len(skipped))
        self._count = self._broadcasts
        if len(self._others) > 1:
            players = state.players
            ids = tuple([players[s].id for s in self._others])
            pairs = _PAIRS[tuple(held[:_PAIR_GIVES])]
            gone: list[int] = []
            if done or targeted_done:
                width = len(ids)
                aimed = {terms for terms, _ in targeted_done}  # terms proposed to someone alone
                for r, (g, w) in enumerate(pairs):
                    terms = (((g, 1),), ((w, 1),))
                    if terms in done:
                        gone += range(r * width, (r + 1) * width)
                    elif terms in aimed:
                        gone += [r * width + t for t, x in enumerate(ids) if (terms, x) in targeted_done]
            self._pairs, self._ids, self._skipped_targeted = pairs, ids, gone
            self._count += len(pairs) * len(ids) - len(gone)

    def __len__(self) -> int:
        self._grids()
        return self._count

    def __bool__(self) -> bool:
        if not self._ready:
            # Each outcome recorded this turn leaves out at most one broadcast of the first run
            # (one held type offered for each other type), so with fewer outcomes than that run
            # has terms, any held type means some proposal is listed.
            state = self._state
            p = state.players[self._seat]
            have = p.res | p.com
            for k in C.MATERIALS:  # a plain loop: this runs for every action-phase listing
                if have.get(k, 0) > 0:
                    break
            else:
                return False
            if len(state.domestic_outcomes) < min(_WIDTH, C.MAX_PROPOSAL_CANDIDATES):
                return True
        return len(self) > 0

    def __getitem__(self, k: int) -> ProposalKey:  # type: ignore[override]  # positions only
        self._grids()
        if k < 0:
            k += self._count
        if not 0 <= k < self._count:
            raise IndexError("proposal position out of range")
        if k < self._broadcasts:
            r, j = divmod(_unskip(k, self._skipped), _WIDTH)
            give, count = self._offers[r]
            return give, count, _OTHER_TYPES[give][j], None
        r, t = divmod(_unskip(k - self._broadcasts, self._skipped_targeted), len(self._ids))
        give, want = self._pairs[r]
        return give, 1, want, self._ids[t]

    def __iter__(self) -> Iterator[ProposalKey]:
        self._grids()
        skipped = set(self._skipped)
        left = self._broadcasts
        for r, (give, count) in enumerate(self._offers):
            for j, want in enumerate(_OTHER_TYPES[give]):
                if not left:
                    break
                if r * _WIDTH + j not in skipped:
                    left -= 1
                    yield give, count, want, None
        gone = set(self._skipped_targeted)
        width = len(self._ids)
        for r, (give, want) in enumerate(self._pairs):
            for t, target in enumerate(self._ids):
                if r * width + t not in gone:
                    yield give, 1, want, target


def proposal(give: str, count: int, want: str, target: str | None) -> dict[str, Any]:
    """The payload offering ``count`` ``give`` for one ``want``, to ``target`` or (None) to everyone."""
    payload: dict[str, Any] = {"offer": [{"type": give, "count": count}],
                               "want": [{"type": want, "count": 1}]}
    if target is not None:
        payload["targetPlayerId"] = target
    return payload


def bid_candidates(state: State, seat: int) -> Sequence[dict[str, Any]]:
    """The at-terms bid, sweetened bids (one more card given) and counters asking one card more,
    then swap counters (one card of a held type given instead), in that order and without repeats.

    The bidder gives the bid's ``want`` side and must hold it (§12.1), so the options are
    generated only where that holds: the at-terms bid, sweetened bids and counters all give at
    least the proposal's ``want``, and a sweetened bid adds one more card of a type the bidder
    has to spare; a swap counter gives one card of a type the bidder holds. The bid that
    already stands is left out. The terms are :class:`BidTerms`, listed as a
    :class:`~toolkit.games.codex.flow.Listing`: a payload is built only when it is read."""
    pending = state.pending
    if pending is None or pending["type"] != PENDING:
        return []
    p = state.players[seat]
    if p.id not in pending["allowedPlayerIds"] or p.hidden_materials:
        return []
    return Listing(BidTerms(state, seat), bid_payload)


class BidTerms(Sequence[tuple[Bundle, Bundle]]):
    """The terms ``(offer, want)`` of :func:`bid_candidates` for ``seat``, worked out on the first
    question that needs them all; whether there is any is mostly told without them: a bidder
    holding two types has two swap counters asking different types, and at most one of them is
    the bid that stands, so some bid is listed."""

    __slots__ = ("_state", "_seat", "_terms")

    def __init__(self, state: State, seat: int) -> None:
        self._state, self._seat = state, seat
        self._terms: list[tuple[Bundle, Bundle]] | None = None

    def _work(self) -> list[tuple[Bundle, Bundle]]:
        if self._terms is None:
            state = self._state
            assert state.pending is not None
            body = state.pending["payload"]
            p = state.players[self._seat]
            standing = None
            for b in body["bids"]:
                if b["responderId"] == p.id:
                    standing = (as_bundle(b["offer"]), as_bundle(b["want"]))
                    break
            offer, want = as_bundle(body["offer"]), as_bundle(body["want"])
            self._terms = _bid_terms(offer, want, p.res | p.com, standing)
        return self._terms

    def __bool__(self) -> bool:
        if self._terms is None:
            p = self._state.players[self._seat]
            have = p.res | p.com
            held = 0
            for k in C.MATERIALS:
                if have.get(k, 0) > 0:
                    held += 1
                    if held == 2:
                        return True
        return bool(self._work())

    def __len__(self) -> int:
        return len(self._work())

    def __getitem__(self, k: int) -> tuple[Bundle, Bundle]:  # type: ignore[override]  # positions only
        return self._work()[k]

    def __iter__(self) -> Iterator[tuple[Bundle, Bundle]]:
        return iter(self._work())


def bid_payload(offer: Bundle, want: Bundle) -> dict[str, Any]:
    """The payload of a bid getting ``offer`` and giving ``want``."""
    return {"offer": as_list(offer), "want": as_list(want)}


def _bid_terms(offer: Bundle, want: Bundle, have: dict[str, int],
               standing: tuple[Bundle, Bundle] | None) -> list[tuple[Bundle, Bundle]]:
    """The bid terms of :func:`bid_candidates` in their order, each once (equal bundles give equal
    wire lists), leaving out ``standing``: it is put first, so that it is skipped like a repeat,
    and taken off at the end. One pass over the material types collects the sweetened bids and
    the swap counters, which are then listed in their order (bundles are shared, never changed)."""
    covered = _covers(have, want)
    sweets: list[tuple[Bundle, Bundle]] = []
    swaps: list[tuple[Bundle, Bundle]] = []
    two_offered = list(offer.values()) == [2]
    for k in C.MATERIALS:
        n = have.get(k, 0)
        if n <= 0:
            continue
        if k in offer:
            rest = {t: c for t, c in offer.items() if t != k}
        else:
            rest = offer
            if covered and n > want.get(k, 0):
                sweet = dict(want)
                sweet[k] = sweet.get(k, 0) + 1
                if not (two_offered and len(sweet) == 1 and sweet[k] == 2):  # no 2-for-2 sweetening
                    sweets.append((offer, sweet))
        swaps.append((rest or {_OTHER_TYPES[k][0]: 1}, {k: 1}))
    options: list[tuple[Bundle, Bundle]] = []
    if covered:
        options.append((offer, want))
        options += sweets
        for k in offer if len(offer) == 1 else [m for m in C.MATERIALS if m in offer]:  # material order
            more = dict(offer)
            more[k] += 1
            options.append((more, want))
    options += swaps
    terms: list[tuple[Bundle, Bundle]] = [] if standing is None else [standing]
    for option in options:
        if option not in terms:
            terms.append(option)
    return terms[1:] if standing is not None else terms


def _covers(have: dict[str, int], bundle: Bundle) -> bool:
    """Whether ``have`` holds ``bundle``."""
    for k, n in bundle.items():  # noqa: SIM110  (a plain loop: a generator stopped early costs more)
        if have.get(k, 0) < n:
            return False
    return True


def seats_to_move(state: State) -> list[int]:
    """The proposer, and every responder who can still change their answer.

    A responder who has passed and holds no card (or whose cards are hidden in a loaded
    position) has nothing left to send.
    """
    pending = state.pending
    assert pending is not None
    changed(state, "pending")
    seats = [_proposer(state)]
    passed = pending["payload"]["passedPlayerIds"]
    players = state.players
    seat_of = {p.id: p.seat for p in reversed(players)}  # the first seat of an id, as seat_of_id
    for rid in pending["allowedPlayerIds"]:
        s = seat_of.get(rid)
        if s is None:
            continue
        if rid in passed:
            p = players[s]
            if p.hidden_materials or p.hand_size() == 0:
                continue
        seats.append(s)
    seats.sort()
    return seats


def may_move(state: State, seat: int) -> bool:
    """Whether ``seat`` is among :func:`seats_to_move` (tested without listing them)."""
    pending = state.pending
    assert pending is not None
    p = state.players[seat]
    me = p.id
    if me == pending["actingPlayerId"]:  # the proposer (see is_proposer)
        return True
    if me not in pending["allowedPlayerIds"]:  # not a responder (see flow.may_answer)
        return False
    if me in pending["payload"]["passedPlayerIds"]:
        return not (p.hidden_materials or p.hand_size() == 0)
    return True


def pass_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    """A pass from a responder of the open auction who has not passed yet (:func:`check_pass`)."""
    pending = state.pending
    if pending is None or pending["type"] != PENDING:
        return []
    me = state.players[seat].id
    if me not in pending["allowedPlayerIds"] or me in pending["payload"]["passedPlayerIds"]:
        return []
    return [{}]


def award_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    if pending_type(state) != PENDING or not is_proposer(state, seat):
        return []
    assert state.pending is not None
    out = []
    for b in state.pending["payload"]["bids"]:
        responder = state.seat_of_id(b["responderId"])
        if responder is None:
            continue
        if holds(state, seat, as_bundle(b["offer"])) and holds(state, responder, as_bundle(b["want"])):
            out.append({"bidResponderId": b["responderId"], "offer": [dict(x) for x in b["offer"]],
                        "want": [dict(x) for x in b["want"]]})
    return out


def cancel_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    if pending_type(state) != PENDING or not is_proposer(state, seat):
        return []
    return [{}]
