"""The three progress decks: their seeded order, drawing and the hand limit (rules §14).

Each deck of 18 is shuffled from its own stream (``deck:science`` ...). Cards are drawn
from the top; played or discarded cards go beneath their own deck (there is no discard
pile). VP cards are revealed on the spot and never enter a hand. Only the card effects
themselves are left to the progress-card module.
"""

from __future__ import annotations

from typing import Any

from toolkit.games.base import IllegalMove
from toolkit.games.codex import constants as C
from toolkit.games.codex.digest_text import changed
from toolkit.games.codex.flow import (
    Task,
    allowed,
    close,
    event,
    hidden,
    install,
    offered_choice,
    open_choice,
    push_front,
    require_known_progress,
    require_pending,
    task,
)
from toolkit.games.codex.state import State
from toolkit.rng import Stream


def build_decks(seed: str | int) -> dict[str, list[dict[str, str]]]:
    decks: dict[str, list[dict[str, str]]] = {}
    for deck, cards in C.DECKS.items():
        pile = []
        for card_id, count in cards:
            for k in range(1, count + 1):
                pile.append({"instanceId": f"{C.DECK_PREFIX[deck]}_{card_id}_{k}", "cardId": card_id})
        Stream(seed, f"deck:{deck}").shuffle(pile)
        decks[deck] = pile
    return decks


def deck_of(card: dict[str, str]) -> str:
    for deck, prefix in C.DECK_PREFIX.items():
        if card["instanceId"].startswith(prefix + "_") or card.get("cardId", "").startswith(deck):
            return deck
    raise ValueError(f"card {card} belongs to no deck")


def top_is_hidden(state: State, deck: str) -> bool:
    pile = state.decks[deck]
    return bool(pile) and not pile[0]["cardId"]


def draw(state: State, seat: int, deck: str) -> list[dict[str, Any]]:
    """Give ``seat`` the top card of ``deck`` (nothing if it is empty)."""
    pile = state.decks[deck]
    if not pile:
        return []
    changed(state, "decks", "last_vp_awards", seat)
    card = pile.pop(0)
    p = state.players[seat]
    if card["cardId"] in C.VP_CARDS:
        p.revealed_vp.append(card)
        state.last_vp_awards.append(
            {"playerId": p.id, "deck": deck, "cardId": card["cardId"], "awardedAtVersion": state.version + 1}
        )
        return [event("vpCard", f"{p.id} reveals {card['cardId']} (+1 VP)")]
    p.hand.append(card)
    return [event("drawProgress", f"{p.id} draws a {deck} card")]


def return_to_bottom(state: State, card: dict[str, str]) -> None:
    changed(state, "decks")
    state.decks[deck_of(card)].append(card)


def over_limit_tasks(state: State, seats: list[int]) -> list[Task]:
    """discardProgress tasks for non-current players now above the hand limit."""
    return [
        {"task": "discardProgress", "seat": s}
        for s in seats
        if s != state.current and len(state.players[s].hand) > C.MAX_PROGRESS_HAND
    ]


@task("discardProgress")
def _discard_progress_task(state: State, item: Task) -> None:
    seat = int(item["seat"])
    excess = len(state.players[seat].hand) - C.MAX_PROGRESS_HAND
    if excess > 0:
        install(state, "discardProgress", seat, [seat], {"requiredCount": excess})


def check_discard_progress(state: State, seat: int, payload: dict[str, Any]) -> list[int]:
    require_pending(state, seat, "discardProgress")
    assert state.pending is not None
    ids = payload.get("instanceIds")
    if not isinstance(ids, list) or not all(isinstance(x, str) for x in ids):
        raise IllegalMove("bad_payload", "instanceIds must be a list of card instance ids")
    need = int(state.pending["payload"]["requiredCount"])
    if len(ids) != need or len(set(ids)) != len(ids):
        raise IllegalMove("wrong_discard_count", f"discard exactly {need} different cards")
    require_known_progress(state, seat)
    hand = state.players[seat].hand
    index = {c["instanceId"]: k for k, c in enumerate(hand)}
    picks = []
    for x in ids:
        if x not in index:
            raise IllegalMove("no_such_card", f"{x!r} is not in your hand")
        picks.append(index[x])
    return picks


def discard_progress(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    picks = check_discard_progress(state, seat, payload)
    p = state.players[seat]
    cards = [p.hand[k] for k in picks]
    changed(state, seat)
    p.hand = [c for k, c in enumerate(p.hand) if k not in set(picks)]
    for card in cards:  # beneath the deck in the order named
        return_to_bottom(state, card)
    close(state)
    return [event("discardProgress", f"{p.id} discards {len(picks)} progress card(s)")]


def discard_progress_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    if state.pending is None or state.pending["type"] != "discardProgress":
        return []
    if not allowed(require_known_progress, state, seat):
        return []
    need = int(state.pending["payload"]["requiredCount"])
    hand = [c["instanceId"] for c in state.players[seat].hand]
    out: list[dict[str, Any]] = []
    if not 0 <= need <= len(hand):  # no choice of that many cards exists
        return out

    def combos(start: int, chosen: list[str]) -> None:
        """The first 64 choices of ``need`` cards in hand order; a branch stops where too few
        cards are left to finish it, so the search never walks the hand's other subsets."""
        if len(out) >= 64:
            return
        if len(chosen) == need:
            out.append({"instanceIds": list(chosen)})
            return
        for k in range(start, len(hand) - (need - len(chosen)) + 1):
            combos(k + 1, chosen + [hand[k]])

    combos(0, [])
    return out


# --------------------------------------------------------------- tied-defender deck choice


@task("chooseProgressDeck")
def _deck_choice_task(state: State, item: Task) -> None:
    open_choice(state, "chooseProgressDeck", int(item["seat"]), "eligibleDecks",
                [d for d in C.TRACKS if state.decks[d]])


def check_choose_deck(state: State, seat: int, payload: dict[str, Any]) -> str:
    deck = offered_choice(state, seat, "chooseProgressDeck", payload, "deck", "eligibleDecks", "bad_deck")
    if top_is_hidden(state, deck):
        raise hidden("hidden_deck", f"the {deck} deck order")
    return deck


def choose_progress_deck(state: State, seat: int, payload: dict[str, Any]) -> list[dict[str, Any]]:
    deck = check_choose_deck(state, seat, payload)
    close(state)
    events = draw(state, seat, deck)
    push_front(state, over_limit_tasks(state, [seat]))
    return events


def choose_deck_candidates(state: State, seat: int) -> list[dict[str, Any]]:
    if state.pending is None or state.pending["type"] != "chooseProgressDeck":
        return []
    return [{"deck": d} for d in state.pending["payload"]["eligibleDecks"] if not top_is_hidden(state, d)]
