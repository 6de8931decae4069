"""Words for codex frames: who sits where, the open decision as a sentence, trades and cards.

Everything here reads wire data (ids, payloads) and returns plain text; the SVG layer escapes it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from toolkit.render.compass import Land, hex_place, spot_words, whereabouts
from toolkit.render.geometry import Layout, Point, axial_or_none
from toolkit.render.scene import Stat, listed

RESOURCES = ("lumber", "brick", "wool", "grain", "ore")
COMMODITIES = ("paper", "cloth", "coin")
TRACKS = ("science", "trade", "politics")
TIERS = ("basic", "strong", "mighty")

View = Mapping[str, Any]


# ---------------------------------------------------------------- players


def as_int(value: Any, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


class Seating(NamedTuple):
    """Who sits where: seat numbers by player id (``seatIndex``, else list order) and names.

    (A named tuple: one is made for every players table a replay's views hand over.)"""

    seat_of: dict[str, int]
    names: dict[str, str]
    entries: tuple[tuple[str, Mapping[str, Any]], ...]

    def name(self, player_id: Any) -> str:
        return self.names.get(str(player_id), str(player_id))

    def seat(self, player_id: Any) -> int | None:
        return self.seat_of.get(player_id) if isinstance(player_id, str) else None

    def join(self, player_ids: Iterable[Any], last: str = "and") -> str:
        return listed([self.name(p) for p in player_ids], last)


def seating(view: View) -> Seating:
    players = view.get("players")
    entries: list[tuple[str, Mapping[str, Any]]] = []
    if isinstance(players, Mapping):
        entries = [(str(k), v) for k, v in players.items() if isinstance(v, Mapping)]
    indices = [p.get("seatIndex") for _, p in entries]
    valid = all(isinstance(i, int) and not isinstance(i, bool) and i >= 0 for i in indices)
    if valid and len(set(indices)) == len(indices):
        seat_of = {pid: as_int(p.get("seatIndex")) for pid, p in entries}
    else:
        seat_of = {pid: n for n, (pid, _) in enumerate(entries)}
    entries.sort(key=lambda e: seat_of[e[0]])
    names = {pid: str(p.get("name") or pid) for pid, p in entries}
    return Seating(seat_of, names, tuple(entries))


def viewer_of(seats: Seating) -> str | None:
    """The player whose own cards the view shows, when exactly one player's are shown."""
    full = [pid for pid, p in seats.entries if isinstance(p.get("resources"), Mapping)]
    return full[0] if len(full) == 1 and len(seats.entries) > 1 else None


@lru_cache(maxsize=4096)
def fact(label: str, value: str, key: str) -> Stat:
    """A table fact; equal facts are one object, so a page finds a fact it drew before at once."""
    return Stat(label, value, key)


# ---------------------------------------------------------------- words


def materials(items: Any) -> str:
    """A material list (``[{type, count}]``) in words: ``1 grain, 2 ore``."""
    if not isinstance(items, list):
        return "nothing"
    words = [
        f"{as_int(x.get('count'))} {x.get('type')}" for x in items if isinstance(x, Mapping) and x.get("type")
    ]
    return ", ".join(words) or "nothing"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def answerers(pending: Mapping[str, Any]) -> list[str]:
    allowed = pending.get("allowedPlayerIds")
    found = []
    if isinstance(allowed, list):
        found = [p if type(p) is str else str(p) for p in allowed if isinstance(p, str)]
    acting = pending.get("actingPlayerId")
    if isinstance(acting, str) and acting not in found:
        found.insert(0, acting)
    return found


def pending_phrase(pending: Any, seats: Seating) -> str:
    """The open decision in words, naming who must answer: ``p3 must choose a city to lose``."""
    if not isinstance(pending, Mapping):
        return ""
    kind = str(pending.get("type") or "")
    raw = pending.get("payload")
    payload: Mapping[str, Any] = raw if isinstance(raw, Mapping) else {}
    who = seats.join(answerers(pending)) or "someone"
    acting = pending.get("actingPlayerId")
    actor = seats.name(acting) if isinstance(acting, str) else who
    ids = payload.get("eligibleIntersectionIds")
    spots = len(ids) if isinstance(ids, list) else 0
    if kind == "placeSetupRoad":
        return f"{who} must place a road beside the new settlement"
    if kind == "discardResources":
        required = payload.get("required")
        counts = required if isinstance(required, Mapping) else {}
        still = answerers(pending) or [str(k) for k in counts]
        cause = " after Sabotage" if payload.get("source") == "sabotage" else ""
        if len(still) == 1:
            return (
                f"{seats.name(still[0])} must discard {_plural(as_int(counts.get(still[0])), 'card')}{cause}"
            )
        if not still:  # nobody named, by the decision or its counts
            return f"{who} must discard half their cards{cause}"
        # who and how many first: a header too long for its line loses only the cause
        each = [f"{seats.name(p)} {as_int(counts.get(p))}" for p in still]
        return f"{listed(each)} must discard half their cards{cause}"
    if kind == "chooseRobberHex":
        return f"{who} must move the robber"
    if kind == "chooseStealTarget":
        victims = payload.get("eligiblePlayerIds")
        targets = seats.join(victims if isinstance(victims, list) else [], "or")
        return f"{who} must choose whom to rob" + (f": {targets}" if targets else "")
    if kind == "chooseRobberDestination":
        return f"{who} must choose where to chase the robber"
    if kind == "scienceLevel3Bonus":
        return f"{who} must pick a free resource (science bonus)"
    if kind == "chooseMetropolisCity":
        track = payload.get("track")
        named = f"the {track} metropolis" if track in TRACKS else "a metropolis"
        return f"{who} must choose a city for {named}"
    if kind == "choosePillageCity":
        return f"{who} must choose a city to lose"
    if kind == "chooseProgressDeck":
        decks = payload.get("eligibleDecks")
        choices = ", ".join(str(d) for d in decks) if isinstance(decks, list) else ""
        return f"{who} must choose a progress deck to draw from" + (f" ({choices})" if choices else "")
    if kind == "discardProgress":
        return f"{who} must discard {_plural(as_int(payload.get('requiredCount'), 1), 'progress card')}"
    if kind == "chooseKnightRetreat":
        where = f" ({_plural(spots, 'place')})" if spots else ""
        return f"{who} must choose where the displaced knight retreats{where}"
    if kind == "domesticTradeResponse":
        bidders = [p for p in answerers(pending) if p != acting]
        if bidders:
            return f"{seats.join(bidders)} may bid on {actor}'s trade offer"
        return f"{actor} must award or cancel the trade"
    if kind == "roadBuildingPlace":
        skip = " or skip" if payload.get("maySkip") is True else ""
        return f"{who} must place a free road{skip}"
    if kind == "smithingPromote":
        left = as_int(payload.get("promotionsRemaining"), 1)
        return f"{who} may promote up to {_plural(left, 'knight')} or stop"
    if kind == "commercialHarborGive":
        return f"{who} must give a commodity in return for the harbor offer"
    if kind == "guildDuesChooseCards":
        target = payload.get("targetPlayerId")
        source = f" from {seats.name(target)}" if isinstance(target, str) else ""
        return f"{who} must take {_plural(as_int(payload.get('maxCards')), 'card')}{source}"
    if kind == "espionageChooseCard":
        # Only the deciding player's view lists the cards; every other view gets the list empty.
        cards = payload.get("eligibleCards")
        if isinstance(cards, list) and cards:
            return f"{who} may take a progress card ({len(cards)} to choose from) or skip"
        return f"{who} may take one of the progress cards they were shown, or skip"
    if kind == "treasonChooseKnight":
        return f"{who} must choose a knight to give up"
    if kind == "treasonPlaceKnight":
        level = as_int(payload.get("maxLevel"))
        tier = f" (up to {TIERS[level - 1]})" if 1 <= level <= len(TIERS) else ""
        return f"{who} may place a knight{tier} or skip"
    if kind == "weddingGiveCards":
        recipient = payload.get("recipient")
        to = f" to {seats.name(recipient)}" if isinstance(recipient, str) else ""
        return f"{who} must give {_plural(as_int(payload.get('requiredCount')), 'card')}{to}"
    return f"{who} must answer {humanise(kind) or 'a decision'}"


@lru_cache(maxsize=1024)
def humanise(name: str) -> str:
    """A camelCase wire name in plain words: ``choosePillageCity`` -> ``choose pillage city``."""
    words: list[str] = []
    current = ""
    for char in name:
        if char.isupper() and current:
            words.append(current)
            current = ""
        current += char.lower()
    if current:
        words.append(current)
    return " ".join(words)


def auction_facts(pending: Any, seats: Seating) -> list[Stat]:
    """An open domestic trade: the offer, every bid, and who passed."""
    if not isinstance(pending, Mapping) or pending.get("type") != "domesticTradeResponse":
        return []
    raw = pending.get("payload")
    payload: Mapping[str, Any] = raw if isinstance(raw, Mapping) else {}
    proposer = seats.name(pending.get("actingPlayerId"))
    target = payload.get("targetPlayerId")
    offer = f"{proposer} gives {materials(payload.get('offer'))} for {materials(payload.get('want'))}"
    if isinstance(target, str):
        offer += f" (to {seats.name(target)} only)"
    facts = [fact("auction", offer, "auction")]
    bids = payload.get("bids")
    for bid in bids if isinstance(bids, list) else []:
        if isinstance(bid, Mapping):
            who = seats.name(bid.get("responderId"))
            words = f"{who} gives {materials(bid.get('offer'))} for {materials(bid.get('want'))}"
            facts.append(fact("bid", words, "bid"))
    passed = payload.get("passedPlayerIds")
    if isinstance(passed, list) and passed:
        facts.append(fact("passed", seats.join(passed), "passed"))
    return facts


def want_facts(view: View, seats: Seating) -> list[Stat]:
    """Standing wants on the table (public): what each poster gives and asks for."""
    facts = []
    for pid, player in seats.entries:
        want = player.get("standingWant")
        if isinstance(want, Mapping):
            words = f"gives {materials(want.get('offer'))} for {materials(want.get('want'))}"
            facts.append(fact(f"{seats.names[pid]} wants", words, "want"))
    if view.get("standingWantsEnabled") is True and not facts:
        facts.append(fact("standing wants", "none posted", "want"))
    return facts


def progress_count(player: Mapping[str, Any]) -> int:
    """How many progress cards a player holds: their own hand's length, else the per-deck counts."""
    own = player.get("progressHand")
    if isinstance(own, list):
        return len(own)
    by_deck = player.get("progressHandByDeck")
    return sum(as_int(by_deck.get(d)) for d in TRACKS) if isinstance(by_deck, Mapping) else 0


def progress_names(player: Mapping[str, Any]) -> tuple[str, ...] | None:
    """The names of a player's own progress cards when the view shows them, else None.

    Only the owner's view (or a finished game's spectator view) lists the cards themselves;
    every other view knows only how many came from each deck.
    """
    own = player.get("progressHand")
    return tuple(_card_name(c) for c in own) if isinstance(own, list) else None


def progress_words(player: Mapping[str, Any]) -> str:
    """What is known of a player's progress cards: their names, or how many from each deck."""
    own = player.get("progressHand")
    if isinstance(own, list):
        return ", ".join(_card_name(c) for c in own)
    by_deck = player.get("progressHandByDeck")
    if not isinstance(by_deck, Mapping):
        return ""
    return ", ".join(f"{as_int(by_deck.get(d))} {d}" for d in TRACKS if as_int(by_deck.get(d)))


def _card_name(card: Any) -> str:
    """A progress card's name for the panel: its id without the deck prefix (``tradeMerchantFleet``)."""
    return _card_id_name(str(card.get("cardId") or "?") if isinstance(card, Mapping) else "?")


@lru_cache(maxsize=1024)
def _card_id_name(card_id: str) -> str:
    """:func:`_card_name` of a card with this id (worked out once per id)."""
    for deck in TRACKS:
        if card_id.startswith(deck) and card_id[len(deck) : len(deck) + 1].isupper():
            return humanise(card_id[len(deck) :])
    return humanise(card_id) or "?"


# ---------------------------------------------------------------- event texts

_INTERSECTION = r"-?\d+,-?\d+\|-?\d+,-?\d+\|-?\d+,-?\d+"
_SPOT = re.compile(rf"\s+(at|on|to)\s+({_INTERSECTION}(?:--{_INTERSECTION})?)")
_KNIGHT_ID = re.compile(r" ?\bknight-[^\s,;:()]+")
_HEX = re.compile(r"\s+(to|on|of|and)\s+(-?\d+,-?\d+)\b")  # of/and: the Geomancer's two hexes
_CARD_ID = re.compile(r"\b(?:science|trade|politics)([A-Z][A-Za-z]*)\b")


def card_title(name: str) -> str:
    """A card id's name part in title case: ``MerchantFleet`` -> ``Merchant Fleet``."""
    return " ".join(word.capitalize() for word in humanise(name).split())


def plain_event(text: str, place: Callable[[str], str] | None = None) -> str:
    """An engine event text as a reader wants it: no intersection, edge or knight ids, card names
    in words (``p4 plays scienceIrrigation`` -> ``p4 plays Irrigation``). Player ids stay; the
    frame pipeline swaps them for names.

    With ``place`` (an intersection, edge or hex id to words), a spot is named rather than
    dropped: ``builds a road on the edge between the 6-hills and 8-forest hexes``, and a hex the
    robber or the merchant goes to (and the two whose tokens the Geomancer swaps) by its number and
    terrain: ``the robber moves to the 6-hills hex``. Without it a hex id stays as it is.
    Counts read as words: ``2 free road(s)`` as ``2 free roads``, ``takes 0 ore`` as ``takes no ore``.
    """
    # A spot or knight pattern is tried only on a text holding the characters it starts from.
    if "knight-" in text:
        text = _KNIGHT_ID.sub("", text)
    if "|" in text:
        if place is None:
            text = _SPOT.sub("", text)
        else:
            text = _SPOT.sub(lambda m: f" {m.group(1)} {place(m.group(2))}", text)
    if place is not None and "," in text:
        text = _HEX.sub(lambda m: f" {m.group(1)} {place(m.group(2))}", text)
    if "(s)" in text:
        text = _SOME.sub(_counted, text)
    if " 0 " in text:
        text = _NONE.sub("no ", text)
    return _CARD_ID.sub(_card_words, text)


_SOME = re.compile(r"\b(\d+) ((?:[a-z]+ )*?[a-z]+)\(s\)")
_NONE = re.compile(r"\b0 (?=[a-z])")


def _counted(match: re.Match[str]) -> str:
    """``2 free road(s)`` as ``2 free roads``, ``1 knight(s)`` as ``1 knight``, ``0`` as ``no``."""
    count, noun = int(match.group(1)), match.group(2)
    return f"1 {noun}" if count == 1 else f"{count or 'no'} {noun}s"


def _card_words(match: re.Match[str]) -> str:
    return card_title(match.group(1))


def hex_words(hex_entry: Mapping[str, Any]) -> str:
    """A hex as a player names it: ``6-hills``, or ``desert`` without a number."""
    token = hex_entry.get("numberToken")
    terrain = str(hex_entry.get("type") or "desert")
    return f"{token}-{terrain}" if isinstance(token, int) and not isinstance(token, bool) else terrain


def place_words(spot: str, hexes: Mapping[str, Any]) -> str:
    """An intersection (``a|b|c``) or edge (``A--B``) id in words, from the land hexes around it;
    a hex id (``q,r``) as that hex (:class:`SpotNames`, for a board whose hexes are ``hexes``)."""
    return spot_names(sorted(hexes.items()))(spot)


_SPOT_WORDS = 1024  # spots whose words one board remembers


class SpotNames:
    """The spots of one board in words (:func:`toolkit.render.compass.spot_words`), each worked
    out once: ``the corner of the 6-hills, 8-forest and 3-fields hexes``, ``the 6-hills hex in
    the south-west``.

    The words read only each hex's terrain and number, so one namer serves every view of a
    board until a number token moves (the Geomancer swaps two).
    """

    def __init__(self, hexes: Mapping[str, Mapping[str, Any]]) -> None:
        unit = Layout(1.0)
        names = {key: hex_words(entry) for key, entry in hexes.items()}
        placed = {key: unit.axial(*at) for key in hexes if (at := axial_or_none(key))}
        where = whereabouts([(key, names[key], centre) for key, centre in placed.items()])
        nowhere = unit.point(0, 0)  # a hex id that is no coordinate: named, placed anywhere
        self.lands = {key: Land(names[key], where.get(key, ""), placed.get(key, nowhere)) for key in hexes}
        self._said: dict[str, str] = {}

    def __call__(self, spot: str) -> str:
        words = self._said.get(spot)
        if words is None:
            words = self._words(spot)
            if len(self._said) < _SPOT_WORDS:
                self._said[spot] = words
        return words

    def _words(self, spot: str) -> str:
        from toolkit.render.codex import edge_ends, vertex_lattice

        lands = self.lands
        if spot in lands:
            return hex_place(lands[spot])

        def land(ids: set[str]) -> list[Land]:
            return [lands[h] for h in sorted(ids & lands.keys())]

        def at(corners: Iterable[str]) -> Point:
            placed = [c for c in map(vertex_lattice, corners) if c is not None]
            count = len(placed) or 1
            return Layout(1.0).point(sum(x for x, _ in placed) / count, sum(y for _, y in placed) / count)

        if "--" in spot:
            ends = edge_ends(spot, {})
            if ends is None:
                return "an edge"
            return spot_words(False, land(set(ends[0].split("|")) & set(ends[1].split("|"))), at(ends))
        return spot_words(True, land(set(spot.split("|"))), at((spot,)))


def spot_names(hexes: Iterable[tuple[str, Mapping[str, Any]]]) -> SpotNames:
    """The namer of a board whose hexes are ``(id, entry)`` pairs: the same object again for the
    same terrains and numbers."""
    shape = []
    for key, entry in hexes:
        token = entry.get("numberToken")
        number = token if isinstance(token, int) and not isinstance(token, bool) else None
        shape.append((key, str(entry.get("type") or "desert"), number))
    return _spot_names(tuple(shape))


@lru_cache(maxsize=16)
def _spot_names(shape: tuple[tuple[str, str, int | None], ...]) -> SpotNames:
    return SpotNames({key: {"type": terrain, "numberToken": number} for key, terrain, number in shape})


_MATERIAL_COUNT = re.compile(r"(\d+) [a-z]+")


def _count_of(listed: str) -> str:
    count = sum(int(n) for n in _MATERIAL_COUNT.findall(listed))
    return f"{count} card" + ("" if count == 1 else "s")


# Events that move cards chosen from a hidden hand, and their words for every other seat: who
# gave how many cards to whom, never which (the ruling "cards passed from a hidden hand").
_HIDDEN_PASSES: dict[str, tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = {
    "wharfageOffer": (
        re.compile(r"^(\S+) offers \w+ to (\S+)(, who has no commodity to return| for a commodity)$"),
        lambda m: f"{m.group(1)} offers a resource to {m.group(2)}{m.group(3)}",
    ),
    "commercialHarborGive": (
        re.compile(r"^(\S+) takes \w+ from (\S+) and returns \w+$"),
        lambda m: f"{m.group(1)} takes a resource from {m.group(2)} and returns a commodity",
    ),
    "guildDuesChooseCards": (
        re.compile(r"^(\S+) takes (.+) from (\S+)$"),
        lambda m: f"{m.group(1)} takes {_count_of(m.group(2))} from {m.group(3)}",
    ),
    "weddingGiveCards": (
        re.compile(r"^(\S+) gives (.+) to (\S+)$"),
        lambda m: f"{m.group(1)} gives {_count_of(m.group(2))} to {m.group(3)}",
    ),
}


def told_to_all(kind: Any, text: str) -> str:
    """An event's words as every seat may hear them: card passes from a hidden hand lose the cards.

    A text of such an event that does not read as expected is told as the event's kind alone.
    """
    rule = _HIDDEN_PASSES.get(str(kind))
    if rule is None:
        return text
    pattern, words = rule
    match = pattern.match(text)
    return words(match) if match else humanise(str(kind))


def named_players(view: View, names: Mapping[str, str], memo: dict[str, Any] | None = None) -> View:
    """``view`` with a ``name`` for each player who has none, from ``names`` (id -> name).

    Engine views carry ids only; the save's config knows the names. The view itself is not
    changed: the result shares everything but the players table. With ``memo`` (a dict kept
    for one save's views, always with the same ``names``) each player entry is named once
    while it is the same object (views are only read, so it still holds what it held): the
    views of one position share their entries, and so do their named views. Likewise a players
    table met again (the engine hands one while none of its entries changed) is named once, so
    its named table is one object too.
    """
    players = view.get("players")
    if not (type(players) is dict or isinstance(players, Mapping)):
        return view
    if memo is None:
        named = _named_table(players, names, None)
    else:
        tables = _by_identity(memo, "tables")
        hit = tables.get(id(players))
        if hit is not None and hit[0] is players:
            named = hit[1]
        else:
            named = _named_table(players, names, _by_identity(memo, "entries"))
            _hold(tables, players, named)
    return view if named is players else {**view, "players": named}


_HELD = 256  # tables or entries a naming memo holds (by identity) before it starts afresh


def _by_identity(memo: dict[str, Any], kind: str) -> dict[int, tuple[Any, Any]]:
    """The memo's values by object id (each beside its object, so the id is not reused)."""
    found: dict[int, tuple[Any, Any]] | None = memo.get(kind)
    if found is None:
        found = memo[kind] = {}
    return found


def _hold(held: dict[int, tuple[Any, Any]], key: Any, value: Any) -> None:
    if len(held) >= _HELD:
        held.clear()
    held[id(key)] = (key, value)


def _named_table(
    players: Mapping[str, Any], names: Mapping[str, str], entries: dict[int, tuple[Any, Any]] | None
) -> Mapping[str, Any]:
    """The players table with each entry named; ``players`` itself when no entry needed a name.
    With ``entries`` (kept by identity), each entry is named once while it is the same object."""
    named = {}
    changed = False
    for pid, entry in players.items():
        hit = None if entries is None else entries.get(id(entry))
        if hit is None or hit[0] is not entry or hit[1][0] != pid:
            seen = (pid, _named_entry(entry, names.get(str(pid))))
            if entries is not None:
                _hold(entries, entry, seen)
        else:
            seen = hit[1]
        changed = changed or seen[1] is not entry
        named[pid] = seen[1]
    return named if changed else players


def _named_entry(entry: Any, name: str | None) -> Any:
    """A player entry with ``name`` when it has none (the entry itself otherwise)."""
    if name is not None and (type(entry) is dict or isinstance(entry, Mapping)) and not entry.get("name"):
        return {**entry, "name": name}
    return entry


_MOVE_VERBS = {
    "chooseRobberHex": "moves the robber",
    "chaseRobber": "chases the robber away with a knight",
    "chooseStealTarget": "chooses whom to rob",
    "resolveOptionalCardEffect": "answers a card's effect",
    "chooseProgressDeck": "chooses a progress deck to draw from",
    "discardProgress": "discards a progress card",
    "choosePillageCity": "chooses a city to pillage",
    "chooseMetropolisCity": "chooses a city for the metropolis",
    "chooseScienceBonusResource": "chooses a bonus resource",
}
"""Moves whose own event can be missing from a view (drawn or hidden cards), in words."""


def move_phrase(move: Mapping[str, Any]) -> str:
    """A move named by its type alone, as ``p2 moves the robber``: no payload (it may hold a
    hidden card's id). A type without words of its own is given by its name, after a colon
    (``p2: skip road building``), since a type's name is not always a verb."""
    kind = str(move.get("type") or "")
    who = move.get("playerId", "?")
    verb = _MOVE_VERBS.get(kind)
    if verb:
        return f"{who} {verb}"
    return f"{who}: {humanise(kind)}" if kind else f"{who} acts"
