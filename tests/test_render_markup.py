"""Frame markup spliced from fragments: each fragment is the text svgwrite writes for its element."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from toolkit.render import svg
from toolkit.render.frames import render_frames
from toolkit.render.symbols import piece_markup
from toolkit.saves import load

REPLAYS = Path(__file__).resolve().parent.parent / "replays"
SAVE = REPLAYS / "pioneers-three-player-quick-win.json"

coordinates = st.floats(min_value=-1000, max_value=1000, allow_nan=False)
words = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40)
css_words = st.sampled_from(["", "big", "dim", "name fact", "viewer"])


@given(words, coordinates, coordinates, css_words, st.sampled_from(["", "end", "middle"]))
def test_text_markup_is_the_text_element_svgwrite_writes(
    content: str, x: float, y: float, cls: str, anchor: str
) -> None:
    """design §8: player text spliced into a frame is escaped exactly as svgwrite escapes it."""
    element = svg._text(content, x, y, cls)
    if anchor:
        element["text-anchor"] = anchor
    assert svg.text_markup(content, x, y, cls, anchor) == svg.markup(element)


@given(st.lists(words, max_size=3), st.sampled_from(["", "prow current", 'a"b<c>&d']), coordinates)
def test_group_markup_is_the_group_svgwrite_writes(lines: list[str], cls: str, y: float) -> None:
    """A group spliced around serialised children equals the svgwrite group holding them, empty or not."""
    transform = f"translate(0,{svg.num(y)})"
    element = svg._g(class_=cls, transform=transform)
    for index, line in enumerate(lines):
        element.add(svg._text(line, 0, index))
    children = [svg.text_markup(line, 0, index) for index, line in enumerate(lines)]
    assert svg.group_markup(children, class_=cls, transform=transform) == svg.markup(element)


def _forget_fragments() -> None:
    for cached in (
        svg._text_tags,
        svg.rect_markup,
        svg._group_tags,
        svg.board_markup,
        svg.symbols_markup,
        svg._die,
        svg._event_face,
        svg._header_lines,
        svg.row_markup,
        svg._document,
        svg.drawer,
        piece_markup,
    ):
        cached.cache_clear()


def test_frames_are_the_same_bytes_whether_fragments_are_remembered_or_not() -> None:
    """design §8: a frame's bytes depend on its parts only, not on what was drawn before it."""
    save = load(SAVE)
    warm = dict(render_frames(save, None, every=40))
    fresh = {}
    for index in warm:
        _forget_fragments()
        fresh[index] = dict(render_frames(load(SAVE), None, every=1, to=index))[index]
    assert fresh == warm


def test_a_frame_document_is_one_svg_root_with_header_table_and_panel() -> None:
    """design §8: the spliced document keeps the frame's layout: header, board and pieces, panel."""
    save = load(SAVE)
    _, text = next(iter(render_frames(save, 1, to=0)))
    root = ET.fromstring(text.split("\n", 1)[1])
    ns = "{http://www.w3.org/2000/svg}"
    assert [child.tag.removeprefix(ns) for child in root] == ["defs", "rect", "g", "g", "g"]
    assert [child.get("id") for child in root if child.tag == f"{ns}g"] == ["header", "table", "panel"]
    table = root.find(f"{ns}g[@id='table']")
    assert table is not None
    assert [child.get("id") for child in table] == ["board", "pieces"]
    assert root.attrib["viewBox"] == f"0 0 {root.attrib['width']} {root.attrib['height']}"
