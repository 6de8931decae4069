"""Codex replay pages: per-seat frames that hide what a seat may not know, names, and words.

The redaction checks run over every frame of every seat's view, both for a game recorded
here and for each codex replay published in replays/.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from toolkit import replay
from toolkit.games.codex import GAME
from toolkit.games.codex.bots import play_game
from toolkit.render.codex_words import COMMODITIES, RESOURCES, TRACKS, card_title, place_words, plain_event
from toolkit.render.frames import config_names, with_names
from toolkit.saves import Save, load
from toolkit.site import build
from toolkit.site.builder import Entry, environment, render_replay
from toolkit.site.page import FIRST_ROW, expand_views, read_page_data

EVIL = "</script><img src=x onerror=alert(1)>"
REPLAYS = Path(__file__).resolve().parent.parent / "replays"
MOVES = 420  # the recorded game is cut here: a game cut short still replays, and stays quick


def published_codex() -> list[str]:
    manifest = json.loads((REPLAYS / "manifest.json").read_text(encoding="utf-8"))["replays"]
    return [e["file"] for e in manifest if load(REPLAYS / e["file"]).game == "codex"]


# ---------------------------------------------------------------- reading a page back


@dataclass
class Page:
    """A built replay page and its data block, read back frame by frame as the player script does."""

    html: str
    data: dict[str, Any]
    moves: list[str]

    views: dict[str, list[list[int]]]

    @staticmethod
    def of(html: str) -> Page:
        data = read_page_data(html)
        items = re.findall(r'<a href="#move=\d+" data-frame="\d+"[^>]*>([^<]*)</a>', html)
        return Page(html, data, items, expand_views(data))

    @property
    def everything(self) -> str:
        """The page and its unpacked data: all a visitor can read with view-source and a decoder."""
        return self.html + json.dumps(self.data, ensure_ascii=False)

    def row(self, seat: str, frame: int) -> list[int]:
        return self.views[seat][frame]

    def hands(self, seat: str, frame: int) -> list[str]:
        """The hand fragment of each player row, in seat order."""
        return [self.data["parts"][self.data["rows"][r][1]] for r in self.row(seat, frame)[FIRST_ROW:]]

    def infos(self, seat: str, frame: int) -> list[str]:
        return [self.data["parts"][self.data["rows"][r][2]] for r in self.row(seat, frame)[FIRST_ROW:]]

    def facts(self, seat: str, frame: int) -> list[str]:
        return [self.data["parts"][p] for p in self.data["foots"][self.row(seat, frame)[2]]]

    def head(self, seat: str, frame: int) -> str:
        part: str = self.data["parts"][self.row(seat, frame)[1]]
        return part

    def text(self, seat: str, frame: int) -> str:
        """Everything the panel and header show for ``seat`` at ``frame``."""
        ids = self.row(seat, frame)[FIRST_ROW:]
        rows = [self.data["parts"][p] for r in ids for p in self.data["rows"][r]]
        return self.head(seat, frame) + "".join(rows) + "".join(self.facts(seat, frame))


def page_of(path: Path) -> Page:
    html, _ = render_replay(environment(), Entry(path))
    return Page.of(html)


def escaped(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&#34;")


def hand_fragment(counts: dict[str, int]) -> str:
    chips = "".join(
        f'<i class="res res-{k}" title="{k}"><b aria-hidden="true">{k[:2].capitalize()}</b>{counts[k]}'
        f'<span class="sr-only"> {k}</span></i>'
        for k in (*RESOURCES, *COMMODITIES)
    )
    return f'<div class="hand">{chips}<span class="dim">({sum(counts.values())})</span></div>'


HOLDS = re.compile(r" · from ([^·<]*?)(?: · |</div>)")
BY_DECK = re.compile(rf"^\d+ ({'|'.join(TRACKS)})(, \d+ ({'|'.join(TRACKS)}))*$")


def card_names(hand: list[dict[str, Any]]) -> list[str]:
    """How the panel names a seat's own progress cards: the card id without its deck prefix."""
    names = []
    for card in hand:
        card_id = str(card["cardId"])
        deck = next(d for d in TRACKS if card_id.startswith(d))
        names.append(" ".join(w.lower() for w in card_title(card_id[len(deck) :]).split()))
    return names


def frames(save: Save) -> Iterator[tuple[int, Any]]:
    for step in replay.run(save):
        yield step.index, step.state


def check_redaction(save: Save, page: Page) -> int:
    """Every frame of every seat's view shows that seat's cards and only counts of the others'.

    Returns the number of (frame, seat) pairs checked.
    """
    checked = 0
    for index, state in frames(save):
        full = {p.seat: GAME.view(state, p.seat)["players"][p.id] for p in state.players}
        over = GAME.is_over(state)
        for viewer in [None, *range(len(state.players))]:
            key = "spectator" if viewer is None else str(viewer)
            hands = page.hands(key, index)
            assert len(hands) == len(state.players)
            for player in state.players:
                mine = full[player.seat]
                counts = {**mine["resources"], **mine["commodities"]}
                if player.seat == viewer or over:  # --reveal end: a finished game's last frame shows all
                    assert hands[player.seat] == hand_fragment(counts), (index, key, player.seat)
                else:
                    total = sum(counts.values())
                    words = f"{total} card" + ("" if total == 1 else "s")
                    assert hands[player.seat] == f'<div class="hand">{words}</div>'
            for seat, info in enumerate(page.infos(key, index)):
                held = full[seat]["progressHand"]
                if seat == viewer or over:
                    listed = f"{len(held)}: " + ", ".join(card_names(held)) if held else "0"
                    assert info.startswith(f'<div class="dim">progress {listed}')
                else:
                    assert info.startswith(f'<div class="dim">progress {len(held)}'), (index, key, seat, info)
                    words = HOLDS.search(info)
                    assert words is None or BY_DECK.match(words.group(1)), (index, key, seat, info)
            checked += 1
    return checked


def check_no_secrets(save: Save, page: Page) -> None:
    """No seed, no card instance ids, no deck order anywhere in the page."""
    seed = str(save.seed)
    assert seed not in page.everything
    assert escaped(seed) not in page.everything
    game = GAME.new_game(save.seed, save.config)
    for deck in TRACKS:
        cards = game.decks[deck]
        for card in cards:
            assert card["instanceId"] not in page.everything
        titles = [card_title(str(c["cardId"])[len(deck) :]) for c in cards[:3]]
        lowered = [t.lower() for t in titles]
        for sep in (", ", " "):
            assert sep.join(titles) not in page.everything and sep.join(lowered) not in page.everything
    assert "instanceId" not in page.everything and "cardId" not in page.everything


def check_spectator_hides_hands(save: Save) -> None:
    """Before the game ends a spectator's view holds no player's cards, only counts."""
    for _, state in frames(save):
        view = GAME.view(state, None)
        for player in view["players"].values():
            if view["phase"] == "gameOver":
                assert "resources" in player and "progressHand" in player
            else:
                assert "resources" not in player and "commodities" not in player
                assert "progressHand" not in player
                assert set(player["progressHandByDeck"]) == set(TRACKS)
                assert isinstance(player["materialCount"], int)


# ---------------------------------------------------------------- a game recorded here


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Save, Page, Path]:
    """A four-seat codex game (cut short) whose third player has a hostile name."""
    seed = "site-codex-quartz-lantern"
    config, moves = play_game(seed, ["greedy"] * 4, ["Ada", "Bob", EVIL, "Dee"])
    data = {
        "format": "replaykit/save@1",
        "game": "codex",
        "rulesVersion": GAME.rules_version,
        "seed": seed,
        "config": config,
        "moves": moves[:MOVES],
        "meta": {"title": "Codex <table>", "note": "cut short"},
    }
    folder = tmp_path_factory.mktemp("codex-site") / "replays"
    folder.mkdir()
    path = folder / "table.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return load(path), page_of(path), folder


def test_every_frame_of_every_seat_hides_the_other_hands(recorded: tuple[Save, Page, Path]) -> None:
    """codex-rules.md §Resource cards, §Progress cards: a seat's view shows its own cards, others'
    only as counts (materialCount, progressHandByDeck); a spectator sees counts only."""
    save, page, _ = recorded
    assert check_redaction(save, page) == (len(save.moves) + 1) * (len(save.config["players"]) + 1)


def test_no_seed_no_deck_order_no_card_ids(recorded: tuple[Save, Page, Path]) -> None:
    """design §6: the seed decides every shuffle, so a page carries neither it nor the deck order."""
    save, page, _ = recorded
    check_no_secrets(save, page)


def test_spectator_view_before_the_end_hides_all_hands(recorded: tuple[Save, Page, Path]) -> None:
    """design §4: a spectator sees every player redacted until the game is over."""
    save, page, _ = recorded
    check_spectator_hides_hands(save)
    for frame in range(len(save.moves) + 1):
        assert all('class="res ' not in h for h in page.hands("spectator", frame))


def test_names_from_the_config_replace_the_ids(recorded: tuple[Save, Page, Path]) -> None:
    """design §8: views carry ids only; the page names players as the save's config does."""
    save, page, _ = recorded
    evil = escaped(EVIL)
    who = [page.data["parts"][page.data["rows"][r][0]] for r in page.row("spectator", 0)[FIRST_ROW:]]
    for part, name in zip(who, ["Ada", "Bob", evil, "Dee"], strict=True):
        assert f'<b class="name">{name}</b>' in part
    options = re.findall(r'<option value="([^"]+)">([^<]*)</option>', page.html)
    assert options == [
        ("spectator", "spectator"),
        ("0", "Ada (seat 0)"),
        ("1", "Bob (seat 1)"),
        ("2", f"{evil} (seat 2)"),
        ("3", "Dee (seat 3)"),
        ("all", "every hand open"),
    ]
    assert EVIL not in page.html and "<img" not in page.html
    assert page.html.count("</script>") == 3  # the head's script, the data block and the player
    said = "".join(page.moves)
    assert "Ada places a settlement" in said
    assert not re.search(r"(?<![\w-])p[1-4](?![\w-])", said)
    assert not re.search(r"(?<![\w-])p[1-4](?![\w-])", page.text("1", len(save.moves)))


def test_narration_never_shows_a_payload(recorded: tuple[Save, Page, Path]) -> None:
    """codex moves may name a hidden card in their payload: the move list shows words only."""
    save, page, _ = recorded
    assert len(page.moves) == len(save.moves) + 1
    for line in (m.replace(escaped(EVIL), "Cy") for m in page.moves):
        assert not re.search(r"[A-Za-z]=", line) and "{" not in line and "|" not in line
        assert "knight-" not in line


def test_header_shows_coloured_dice_and_the_event_face(recorded: tuple[Save, Page, Path]) -> None:
    """codex-rules.md §Dice: a yellow and a red die and the event die's face in the header."""
    save, page, _ = recorded
    rolled = [f for f in range(len(save.moves) + 1) if 'class="dice"' in page.head("spectator", f)]
    assert rolled
    head = page.head("spectator", rolled[-1])
    yellow, red = r'<span class="die d\d die-yellow">\d</span>', r'<span class="die d\d die-red">\d</span>'
    assert re.search(yellow + red, head)
    assert re.search(r'<span class="event event-(ship|science|trade|politics)" title="event die: \w+">', head)
    assert all("progress " in info and "dev " not in info for info in page.infos("0", rolled[-1]))


def test_site_builds_a_codex_page_beside_the_index(recorded: tuple[Save, Page, Path], tmp_path: Path) -> None:
    """design §8: codex replays are listed with names and get their own page, byte-identical on rebuild."""
    save, _, folder = recorded
    out = tmp_path / "site"
    built = build(folder, out)
    assert [r["game"] for r in built.replays] == ["codex"]
    assert built.replays[0]["players"] == ["Ada", "Bob", EVIL, "Dee"]
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "Codex &lt;table&gt;" in index and EVIL not in index
    page = (out / "replays" / "table.html").read_bytes()
    build(folder, tmp_path / "again")
    assert (tmp_path / "again" / "replays" / "table.html").read_bytes() == page  # design §8: deterministic


def test_event_words_drop_ids_and_name_cards() -> None:
    """Event texts lose intersection, edge and knight ids; card ids read as names."""
    edge = "-1,0|-1,1|0,0---1,1|0,0|0,1"
    assert plain_event(f"p3 builds a road on {edge}") == "p3 builds a road"
    assert plain_event("p3 moves knight knight-p3-482 to -1,0|-1,1|0,0") == "p3 moves knight"
    assert plain_event("p4 plays tradeMerchantFleet") == "p4 plays Merchant Fleet"
    assert plain_event("the robber moves to 1,0") == "the robber moves to 1,0"
    ids = {"p1": "p2", "p2": EVIL}
    assert with_names("p1 trades with p2", {}, ids) == f"p2 trades with {EVIL}"


def test_a_hex_in_event_words_is_named_by_its_number_and_terrain() -> None:
    """rules §7.2 and the Guildmaster card: where the robber or the merchant goes is named as a
    player names a hex (its number and terrain), never by its id."""
    hexes = {"1,0": {"type": "hills", "numberToken": 6}, "0,0": {"type": "desert", "numberToken": None}}

    def place(spot: str) -> str:
        return place_words(spot, hexes)

    assert plain_event("the robber moves to 1,0", place) == "the robber moves to the 6-hills hex"
    assert plain_event("p2 moves the robber to 0,0", place) == "p2 moves the robber to the desert hex"
    assert plain_event("p3 places the merchant on 1,0", place) == "p3 places the merchant on the 6-hills hex"
    assert (
        plain_event("p1 swaps the tokens of 1,0 and 0,0", place)
        == "p1 swaps the tokens of the 6-hills hex and the desert hex"
    )


# ---------------------------------------------------------------- the published replays


@pytest.mark.parametrize("name", published_codex())
def test_published_codex_replay_hides_what_each_seat_may_not_know(name: str) -> None:
    """Issue: over every frame of a published codex replay, each seat's page data holds no other
    seat's cards, no deck order and no seed; the spectator sees no hand before the end."""
    save = load(REPLAYS / name)
    page = page_of(REPLAYS / name)
    assert check_redaction(save, page) == (len(save.moves) + 1) * (len(save.config["players"]) + 1)
    check_no_secrets(save, page)
    check_spectator_hides_hands(save)


def test_cards_passed_from_a_hidden_hand_are_told_as_counts() -> None:
    """Ruling "cards passed from a hidden hand": other seats learn who gave how many cards to whom."""
    from toolkit.render.codex_words import told_to_all

    tribute = told_to_all("guildDuesChooseCards", "p1 takes 1 grain, 1 ore from p2")
    assert tribute == "p1 takes 2 cards from p2"
    assert told_to_all("weddingGiveCards", "p3 gives 1 wool to p1") == "p3 gives 1 card to p1"
    assert (
        told_to_all("commercialHarborGive", "p2 takes grain from p4 and returns coin")
        == "p2 takes a resource from p4 and returns a commodity"
    )
    offer = told_to_all("wharfageOffer", "p2 offers ore to p3 for a commodity")
    assert offer == "p2 offers a resource to p3 for a commodity"
    assert told_to_all("weddingGiveCards", "unexpected words") == "wedding give cards"
    assert told_to_all("buildRoad", "p1 builds a road") == "p1 builds a road"


@pytest.mark.parametrize("name", published_codex())
def test_published_codex_move_lists_never_name_cards_passed_from_a_hidden_hand(name: str) -> None:
    """Ruling "cards passed from a hidden hand": the move list every view shares names no such card."""
    save = load(REPLAYS / name)
    page = page_of(REPLAYS / name)
    ids = config_names(save)
    hidden = {"commercialHarborGive", "guildDuesChooseCards", "weddingGiveCards", "wharfageOffer"}
    for step in replay.run(save):
        for event in step.events:
            if isinstance(event, dict) and event.get("type") in hidden:
                raw = plain_event(with_names(str(event["text"]), {}, ids))
                assert raw not in page.everything, (step.index, raw)


def test_improvement_tracks_are_drawn_and_never_in_a_seat_colour(recorded: tuple[Save, Page, Path]) -> None:
    """codex-rules.md §City improvements: each row draws its three tracks; the track beside the board
    says knight strength against berserker strength; no track colour is a seat's."""
    from toolkit.render.palette import SEAT_COLOURS, TRACK_COLOURS

    save, page, _ = recorded
    last = len(save.moves)
    for info in page.infos("spectator", last):
        assert [t for t in TRACKS if f'class="tr tr-{t}"' in info] == list(TRACKS)
        assert re.search(r"science level \d of 5", info)
    notes = [m for m in page.data["marks"] if "track-note" in m]
    assert notes and all(re.search(r">knights \d+ vs berserkers \d+</text>", m) for m in notes)
    assert not {c.lower() for c in TRACK_COLOURS.values()} & {c.lower() for c in SEAT_COLOURS}


@pytest.mark.parametrize("name", ["codex-grand-board-oona.json", "pioneers-two-against-two.json"])
def test_the_board_in_words_has_one_entry_per_piece_by_owner_kind_and_place(name: str) -> None:
    """design §8 (the board as text): the page gives each piece it draws an entry of the board
    in words, ``[owner's seat, kind, words]``: the words are the piece's title less its owner
    (an unowned piece's words are its title), so the page lists each owner's pieces under the
    owner's name. The names are the players', by seat, and the counted kinds come in order."""
    page = page_of(REPLAYS / name)
    data = page.data
    assert len(data["said"]) == len(data["pieces"]) > 20
    names = data["names"]
    assert sorted(names) == data["seats"]
    for markup, (seat, kind, words) in zip(data["pieces"], data["said"], strict=True):
        title = re.search(r'data-title="([^"]*)"', markup)
        drawn_as = "city" if kind == "settlement" and " sideways" in markup else kind  # pillaged
        assert title is not None and f"piece {drawn_as}" in markup
        if seat is None:
            assert escaped(words) == title.group(1) and kind in ("bandit", "robber", "berserker", "merchant")
            continue
        assert f"seat-{seat}" in markup and names[str(seat)] not in words
        if kind == "merchant":
            assert title.group(1) == escaped(f"{words} held by {names[str(seat)]}")
        else:
            assert title.group(1) == escaped(words.replace(" on ", f" of {names[str(seat)]} on ", 1))
        placed = r" on the ([\w-]+ )?(corner of|edge between|coast of) the |on the [\w-]+ hex\b"
        assert re.search(placed, words), words
    counted = ["settlement", "city", "metropolis", "wall", "knight", "road"]
    assert [kind for kind, _, _ in data["counted"]] == counted


TOKEN = re.compile(
    r'<g class="token(?: hot)?" transform="translate\(([-\d.]+),([-\d.]+)\)">'
    r"<circle [^>]*/><text [^>]*>(\d+)</text>"
)
HOT = re.compile(r'<polygon class="mark-hot" points="([^"]+)"/>')


def drawn_tokens(markup: str) -> dict[tuple[float, float], int]:
    """The number tokens of some markup, by the centre they are drawn at."""
    return {(float(x), float(y)): int(n) for x, y, n in TOKEN.findall(markup)}


def tokens_of(view: dict[str, Any], board: Any) -> dict[tuple[float, float], int]:
    """The tokens a view's hexes hold, by the centre of each hex as the board draws it."""
    centres = {tile.key: (round(tile.center.x, 2), round(tile.center.y, 2)) for tile in board.tiles}
    hexes = view["board"]["hexes"]
    return {centres[k]: h["numberToken"] for k, h in hexes.items() if h["numberToken"] is not None}


def test_the_tokens_drawn_follow_a_geomancer_swap_in_frames_and_pages() -> None:
    """rules §14 Geomancer: two number tokens change hexes. Every frame draws the tokens where
    its position has them, the standalone frames and the page alike (the page holds each
    arrangement once, and the frame from which it shows); a roll outlines the hexes holding
    its number now; the hexes' tooltips name them by the numbers they hold now; and the words
    of the pieces name the hexes by the tokens drawn."""
    from toolkit.render.frames import render_frames, snapshots
    from toolkit.render.svg import tokens_markup

    save = load(REPLAYS / "codex-four-player-joaquim-wins.json")
    page = page_of(REPLAYS / "codex-four-player-joaquim-wins.json")
    data = page.data
    assert data["tokensFrom"][0] == 0 and len(data["tokensFrom"]) >= 2
    frames = dict(render_frames(save))
    adapter_board = None
    swapped = rolled_after = 0
    for adapter, snap in snapshots(save, None):
        view = snap.views["spectator"]
        board = adapter.board(view)
        adapter_board = adapter_board or board
        want = tokens_of(view, adapter_board)
        arrangement = data["tokensShown"][max(i for i, f in enumerate(data["tokensFrom"]) if f <= snap.index)]
        assert drawn_tokens(data["tokens"][arrangement]) == want, snap.index
        assert drawn_tokens(frames[snap.index]) == want, snap.index
        assert data["tokens"][arrangement] == tokens_markup(board)
        # the page's hexes are drawn once: their tooltips, which name a hex by its number, follow
        assert [t.key for t in board.tiles] == [t.key for t in adapter_board.tiles]
        assert data["hexTitles"][arrangement] == [t.title for t in board.tiles]
        for tile in board.tiles:
            number = view["board"]["hexes"][tile.key]["numberToken"]
            assert tile.title.startswith(f"the {number}-" if number else "the desert hex"), tile.title
            assert tile.title.endswith(f" (hex {tile.key})"), tile.title
        swapped += snap.index in data["tokensFrom"][1:]
        hot = HOT.findall(data["marks"][data["f"][snap.index][3]])
        rolled = re.search(r" rolls (\d+)\+(\d+)=", snap.action)
        if hot and rolled:
            total = int(rolled.group(1)) + int(rolled.group(2))
            rings = {tile.key: " ".join(p.text() for p in tile.corners) for tile in board.tiles}
            keys = {k for k, points in rings.items() if points in hot}
            assert keys and all(view["board"]["hexes"][k]["numberToken"] == total for k in keys), snap.index
            rolled_after += swapped > 0
    assert swapped == len(data["tokensFrom"]) - 1 >= 1 and rolled_after > 20


def test_a_geomancer_swap_is_told_by_the_numbers_the_hexes_held() -> None:
    """rules §14 Geomancer: the words of a swap name each hex by the number it held when the
    card was played (the board as the move found it), so they read as what the player did:
    after the move, each named hex holds the other's number."""
    from toolkit.render.frames import snapshots

    told = re.compile(r"swaps the tokens of the (\d+)-(\w+) hex(?: in the [\w-]+)? and the (\d+)-(\w+) hex")
    before: dict[str, Any] | None = None
    checked = 0
    for _, snap in snapshots(load(REPLAYS / "codex-four-player-joaquim-wins.json"), None):
        view = snap.views["spectator"]
        found = told.search(snap.detail)
        if found and before is not None:
            a, b = (int(found.group(1)), found.group(2)), (int(found.group(3)), found.group(4))
            held = {k: (h["numberToken"], h["type"]) for k, h in before["board"]["hexes"].items()}
            now = {k: (h["numberToken"], h["type"]) for k, h in view["board"]["hexes"].items()}
            moved = {k for k in held if held[k] != now[k]}
            assert sorted(held[k] for k in moved) == sorted([a, b]), snap.detail
            assert sorted(now[k] for k in moved) == sorted([(b[0], a[1]), (a[0], b[1])]), snap.detail
            checked += 1
        before = view
    assert checked == 2


def test_a_turn_heading_gives_its_roll_to_the_eye_only() -> None:
    """A turn's heading shows its roll beside its label, pinned above the turn's lines; the
    roll is the turn's first line too, so a screen reader hears the heading's label only."""
    import html as html_text

    page = page_of(REPLAYS / "codex-four-player-joaquim-wins.json")
    heads = re.findall(r'<h3 class="turn-head" data-frame="\d+">(.*?)</h3>', page.html)
    rolled = [h for h in heads if "aria-hidden" in h]
    assert len(rolled) > 20
    for head in rolled:
        label, roll = re.fullmatch(r'(Turn \d+)<span aria-hidden="true"> \u00b7 (.+)</span>', head).groups()
        lines = html_text.unescape(page.html.split(head, 1)[1].split("</ol>", 1)[0])
        assert f". {html_text.unescape(roll).split('; ')[0]}</a>" in lines, (label, roll)
