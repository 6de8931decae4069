"""What the charts read from each game's views: points, hands, rolls, paying hexes, VP sources.

A reader knows where one game's view keeps each fact; it never asks an engine. Points by
source use the game's own catalog values (pioneers awards, codex ``VP``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from toolkit.render.adapters import Recall, Remembered

View = Mapping[str, Any]


@dataclass(frozen=True)
class Seen:
    """What one view shows about one player at one move: points, hand contents or only its size."""

    score: int
    count: int
    hand: Mapping[str, int] | None = None


@dataclass(frozen=True)
class Producer:
    """A hex that pays out when its number is rolled, unless ``blocked``.

    ``pays`` lists ``(seat, kind, count)`` for each building on its corners; ``cards`` is their sum.
    """

    key: str
    label: str
    token: int
    blocked: bool
    pays: tuple[tuple[int, str, int], ...] = ()

    @property
    def cards(self) -> int:
        return sum(n for _, _, n in self.pays)


@dataclass(frozen=True)
class Roll:
    """One production roll: ``key`` tells rolls apart (a turn, a roll counter), ``total`` its sum."""

    key: int
    total: int


class Reader(Protocol):
    """What the charts need from one game's views; it reads views, never an engine."""

    kinds: tuple[str, ...]

    def seen(self, view: View, seat: int) -> Seen: ...

    def roll(self, view: View) -> Roll | None: ...

    def producers(self, view: View) -> list[Producer]: ...

    def hexes(self, view: View) -> Any:
        """The hexes' data as the view holds it: what the paying hexes' names are read from."""

    def sources(self, view: View, seat: int) -> dict[str, int]: ...

    def placements(self, view: View, seats: Sequence[int]) -> list[int] | None: ...

    def holders(self, view: View, names: Mapping[int, str]) -> list[str]: ...


def _int(value: Any, default: int = 0) -> int:
    if type(value) is int:
        return value
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _counts(value: Any, kinds: Iterable[str]) -> dict[str, int]:
    return {k: _int(value.get(k)) for k in kinds} if isinstance(value, Mapping) else {}


class PioneersReader:
    """Pioneers views: scores (own ``myScore``, ``finalScores`` once over), hands, dice by turn."""

    kinds: tuple[str, ...] = ("brick", "lumber", "wool", "grain", "ore")

    @staticmethod
    def _player(view: View, seat: int) -> Mapping[str, Any]:
        players = view.get("players") or []
        if 0 <= seat < len(players):  # views list players in seat order: look there first
            player = players[seat]
            if isinstance(player, dict) and player.get("seat") == seat:
                return player
        for player in players:
            if isinstance(player, Mapping) and player.get("seat") == seat:
                return player
        return {}

    def __init__(self) -> None:
        # The last reading of each seat, as its own view and as the others show it (by seat and
        # whether the view is the seat's own): the entry, final scores and own score it was read
        # from (held, so their ids are not reused) and the reading.
        self._readings: dict[tuple[int, bool], tuple[Any, Any, Any, Seen]] = {}
        self._producers = Recall()  # the paying hexes, beside the buildings and board read

    def seen(self, view: View, seat: int) -> Seen:
        """What ``view`` shows of ``seat``. The engine keeps an unchanged player entry as the same
        object, so a reading is made again only from another entry, other final scores or, in
        the seat's own view, another own score."""
        players = view.get("players") or []
        player = players[seat] if 0 <= seat < len(players) else None
        if type(player) is not dict or player.get("seat") != seat:
            player = self._player(view, seat)
        mine = view.get("seat") == seat
        final = view.get("finalScores")
        own = view.get("myScore") if mine else None
        last = self._readings.get((seat, mine))
        if last is not None and last[0] is player and last[1] is final and last[2] == own:
            return last[3]
        if final is not None and isinstance(final, list) and 0 <= seat < len(final):
            score = _int(final[seat])
        elif mine and isinstance(own, int):
            score = _int(own)
        else:
            score = _int(player.get("score"))
        if last is not None and last[0] is player and last[3].score == score:
            made = last[3]
        else:
            hand = player.get("hand")
            made = Seen(score, _int(player.get("handCount")), _counts(hand, self.kinds) if hand else None)
        self._readings[(seat, mine)] = (player, final, own, made)
        return made

    def unchanged(self, view: View, before: View) -> bool:
        """Whether every reading of ``view`` is the one of ``before``: a reading is made from the
        players' entries, the viewer's seat and own score and the final scores alone (the engine
        hands an unchanged entry again as the same object, so most entries compare by identity)."""
        return (
            view.get("players") == before.get("players")
            and view.get("seat") == before.get("seat")
            and view.get("myScore") == before.get("myScore")
            and view.get("finalScores") == before.get("finalScores")
        )

    def roll(self, view: View) -> Roll | None:
        dice = view.get("dice")
        turn = _int(view.get("turn"))
        if turn <= 0 or not isinstance(dice, list) or len(dice) != 2:
            return None
        return Roll(turn, _int(dice[0]) + _int(dice[1]))

    def hexes(self, view: View) -> Any:
        return (view.get("board") or {}).get("hexes")

    def producers(self, view: View) -> list[Producer]:
        """The paying hexes, worked out again only when the buildings or the board changed (the
        engine keeps each unchanged as the same object, so they are mostly known by identity)."""
        inputs = (view.get("buildings"), view.get("board"))
        return list(self._producers("producers", inputs, self._producers_of, view))

    def _producers_of(self, view: View) -> tuple[Producer, ...]:
        from toolkit.render.pioneers import geometry, hex_names, places

        corners = geometry().hex_vertices
        named = places(hex_names(view))
        towns: dict[int, tuple[int, int]] = {}
        for building in view.get("buildings") or []:
            cards = 2 if building.get("type") == "city" else 1
            towns[_int(building.get("vertex"), -1)] = (_int(building.get("seat")), cards)
        board = view.get("board") or {}
        bandit = board.get("bandit")
        found = []
        for item in board.get("hexes") or []:
            hex_id, token, kind = _int(item.get("id"), -1), item.get("token"), str(item.get("resource"))
            if not isinstance(token, int) or not 0 <= hex_id < len(corners):
                continue
            pays = tuple((towns[v][0], kind, towns[v][1]) for v in corners[hex_id] if v in towns)
            found.append(Producer(str(hex_id), named.hex(hex_id), token, bandit == hex_id, pays))
        return tuple(found)

    def sources(self, view: View, seat: int) -> dict[str, int]:
        from toolkit.games.pioneers.constants import AWARD_POINTS

        out: dict[str, int] = {}
        for building in view.get("buildings") or []:
            if building.get("seat") == seat:
                city = building.get("type") == "city"
                key = "cities" if city else "settlements"
                out[key] = out.get(key, 0) + (2 if city else 1)
        awards = view.get("awards") or {}
        if awards.get("longestRoad") == seat:
            out["longest road"] = AWARD_POINTS
        if awards.get("largestArmy") == seat:
            out["largest army"] = AWARD_POINTS
        player = self._player(view, seat)
        cards = player.get("devCards")
        if isinstance(cards, list):
            fresh = player.get("devBoughtThisTurn") or []
            hidden = sum(1 for c in list(cards) + list(fresh) if c == "victory_point")
        else:  # the view shows only public points, unless the final scores say more
            hidden = max(0, self.seen(view, seat).score - sum(out.values()))
        if hidden:
            out["VP cards"] = hidden
        return out

    def placements(self, view: View, seats: Sequence[int]) -> list[int] | None:
        places = view.get("placements")
        if isinstance(places, list) and len(places) == len(seats):
            return sorted(seats, key=lambda s: (_int(places[s]), s))
        return None

    def holders(self, view: View, names: Mapping[int, str]) -> list[str]:
        awards = view.get("awards") or {}
        lines = []
        for key, label, stat, unit in (
            ("longestRoad", "Longest road", "roadLength", "roads"),
            ("largestArmy", "Largest army", "knightsPlayed", "knights"),
        ):
            holder = awards.get(key)
            if isinstance(holder, int):
                amount = _int(self._player(view, holder).get(stat))
                lines.append(f"{label}: {names.get(holder, f'seat {holder}')} ({amount} {unit})")
            else:
                lines.append(f"{label}: nobody")
        return lines


_TABLES = 96  # players tables a codex reader holds readings of, before it starts afresh


class CodexReader:
    """Codex wire views: ``victoryPoints`` (all public), materials, dice by roll number."""

    kinds: tuple[str, ...] = ("lumber", "brick", "wool", "grain", "ore", "coin", "paper", "cloth")

    @staticmethod
    def _player(view: View, seat: int) -> Mapping[str, Any]:
        for player in (view.get("players") or {}).values():
            if isinstance(player, Mapping) and player.get("seatIndex") == seat:
                return player
        return {}

    def __init__(self) -> None:
        # Readings by seat, by players table (see :meth:`seen`): the tables of the last frames,
        # each held beside its readings by its id, so the id is not reused meanwhile.
        self._tables: dict[int, tuple[Any, dict[int, Seen]]] = {}
        self._entries = Remembered()  # the reading of each entry

    def seen(self, view: View, seat: int) -> Seen:
        """A player's reading, read once per players table and once per entry: views are only
        read, and the codex engine hands a table or an entry again, the same object, while
        nothing in it changed."""
        players = view.get("players")
        tables = self._tables
        held = tables.get(id(players))
        if held is not None and held[0] is players:
            by_seat = held[1]
        else:
            if len(tables) >= _TABLES:
                tables.clear()
            by_seat = {}
            tables[id(players)] = (players, by_seat)
        found = by_seat.get(seat)
        if found is None:
            player = self._player(view, seat)
            found = self._entries.get(player)
            if found is None:
                found = self._seen(player)
                self._entries.put(player, found)
            by_seat[seat] = found
        return found

    def _seen(self, player: Mapping[str, Any]) -> Seen:
        resources, commodities = player.get("resources"), player.get("commodities")
        if isinstance(resources, Mapping) and isinstance(commodities, Mapping):
            hand = _counts({**resources, **commodities}, self.kinds)
            return Seen(_int(player.get("victoryPoints")), sum(hand.values()), hand)
        return Seen(_int(player.get("victoryPoints")), _int(player.get("materialCount")))

    def roll(self, view: View) -> Roll | None:
        dice = view.get("dice") or {}
        number, total = _int(dice.get("rollNumber")), dice.get("sum")
        if number <= 0 or not isinstance(total, int):
            return None
        return Roll(number, total)

    def hexes(self, view: View) -> Any:
        return (view.get("board") or {}).get("hexes")

    def producers(self, view: View) -> list[Producer]:
        from toolkit.games.codex.constants import TERRAIN_COMMODITY, TERRAIN_RESOURCE
        from toolkit.render.codex_words import spot_names

        board = view.get("board") or {}
        hexes = board.get("hexes") or {}
        seat_of = {p.get("id"): _int(p.get("seatIndex")) for p in (view.get("players") or {}).values()}
        pays: dict[str, list[tuple[int, str, int]]] = {}
        for spot in (board.get("intersections") or {}).values():
            building = spot.get("building") if isinstance(spot, Mapping) else None
            if not isinstance(building, Mapping):
                continue
            seat = seat_of.get(building.get("ownerPlayerId"), -1)
            for hex_id in spot.get("adjacentHexIds") or []:
                terrain = str((hexes.get(hex_id) or {}).get("type"))
                resource, commodity = TERRAIN_RESOURCE.get(terrain, terrain), TERRAIN_COMMODITY.get(terrain)
                paid = pays.setdefault(hex_id, [])
                if building.get("type") == "settlement":
                    paid.append((seat, resource, 1))
                elif commodity is None:  # a city takes two of a resource with no commodity
                    paid.append((seat, resource, 2))
                else:  # one resource and one commodity
                    paid.extend(((seat, resource, 1), (seat, commodity, 1)))
        found = []
        named = spot_names((k, h) for k, h in sorted(hexes.items()) if isinstance(h, Mapping))
        for hex_id, item in sorted(hexes.items()):
            token = item.get("numberToken")
            if not isinstance(token, int):
                continue
            label = named(hex_id)
            blocked = bool(item.get("robberPresent"))
            found.append(Producer(hex_id, label, token, blocked, tuple(pays.get(hex_id, ()))))
        return found

    def sources(self, view: View, seat: int) -> dict[str, int]:
        from toolkit.games.codex.constants import VP

        player = self._player(view, seat)
        pid = player.get("id")
        out: dict[str, int] = {}

        def add(key: str, points: int) -> None:
            if points:
                out[key] = out.get(key, 0) + points

        for spot in ((view.get("board") or {}).get("intersections") or {}).values():
            building = spot.get("building") if isinstance(spot, Mapping) else None
            if not isinstance(building, Mapping) or building.get("ownerPlayerId") != pid:
                continue
            if building.get("type") == "settlement":
                add("settlements", VP["settlement"])
            else:
                add("cities", VP["city"])
                if building.get("metropolisType"):
                    add("metropolises", VP["metropolisBonus"])
        if view.get("longestRoadHolderPlayerId") == pid:
            add("longest road", VP["longestRoad"])
        if view.get("merchantOwnerPlayerId") == pid:
            add("merchant", VP["merchant"])
        add("VP cards", VP["vpCard"] * len(player.get("revealedVpCards") or []))
        add("defender tokens", VP["defenderToken"] * _int(player.get("vpTokens")))
        return out

    def placements(self, view: View, seats: Sequence[int]) -> list[int] | None:
        return None

    def holders(self, view: View, names: Mapping[int, str]) -> list[str]:
        seat_of = {p.get("id"): p.get("seatIndex") for p in (view.get("players") or {}).values()}
        holder = seat_of.get(view.get("longestRoadHolderPlayerId"))
        lines = [f"Longest road: {names.get(holder, 'nobody') if isinstance(holder, int) else 'nobody'}"]
        metros = []
        for spot in ((view.get("board") or {}).get("intersections") or {}).values():
            building = spot.get("building") if isinstance(spot, Mapping) else None
            if isinstance(building, Mapping) and building.get("metropolisType"):
                owner = seat_of.get(building.get("ownerPlayerId"))
                metros.append(f"{building['metropolisType']}: {names.get(_int(owner), '?')}")
        lines.append("Metropolises: " + (", ".join(sorted(metros)) or "none"))
        return lines


READERS: dict[str, Reader] = {"pioneers": PioneersReader(), "codex": CodexReader()}
