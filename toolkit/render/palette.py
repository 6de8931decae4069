"""Colours and the stylesheet shared by standalone frames and site pages.

Seats are coloured by class (``seat-0`` ... ``seat-5``); terrain by ``terrain-<name>``;
resource chips in the panel by ``res-<name>``. Names cover both games' vocabularies
(pioneers resources and codex terrains); an unknown name falls back to a neutral grey.
"""

from __future__ import annotations

from functools import lru_cache

SEAT_COLOURS: tuple[str, ...] = ("#d7263d", "#1f6fd1", "#f08a24", "#f2f2f2", "#2e9e5b", "#8e5bb5")
SEAT_INK: tuple[str, ...] = ("#ffffff", "#ffffff", "#1b1b1b", "#1b1b1b", "#ffffff", "#ffffff")

TERRAIN_COLOURS: dict[str, str] = {
    "brick": "#c4683f",
    "hills": "#c4683f",
    "lumber": "#2f7a3a",
    "forest": "#2f7a3a",
    "wool": "#9ccf5f",
    "pasture": "#9ccf5f",
    "grain": "#efc94c",
    "fields": "#efc94c",
    "ore": "#8a8f9c",
    "mountains": "#8a8f9c",
    "desert": "#e6d6a6",
    "gold": "#e0b22e",
    "sea": "#6fa8dc",
    "paper": "#d9d2b6",
    "cloth": "#b88fc9",
    "coin": "#d4af37",
    "generic": "#ffffff",
}

SEA = "#4f8fc9"
INK = "#1b1b1b"
HOT = "#c0161d"


# Colours of the three improvement tracks (metropolis markers, event die faces).
# Pale tints, so a metropolis or track is never mistaken for a seat's saturated colour.
TRACK_COLOURS: dict[str, str] = {"science": "#9fe0bf", "trade": "#fbe68a", "politics": "#b9ccff"}


def _named_rules(colours: dict[str, str], templates: tuple[str, ...]) -> str:
    """One rule per template for each name in sorted order; ``{name}`` and ``{colour}`` are filled in."""
    return "".join(
        template.format(name=name, colour=colours[name]) for name in sorted(colours) for template in templates
    )


def track_css() -> str:
    return _named_rules(
        TRACK_COLOURS,
        (".metropolis.track-{name}{{fill:{colour}}}", ".event-{name} .die{{fill:{colour}}}"),
    )


def seat_css() -> str:
    rules = []
    for seat, colour in enumerate(SEAT_COLOURS):
        rules.append(f".seat-{seat}{{fill:{colour}}}")
        rules.append(f".ink-{seat}{{background:{colour};color:{SEAT_INK[seat]}}}")
    return "".join(rules)


def terrain_css() -> str:
    return _named_rules(
        TERRAIN_COLOURS,
        (".terrain-{name}{{fill:{colour}}}", ".res-{name}{{fill:{colour};background:{colour}}}"),
    )


@lru_cache(maxsize=1)
def frame_css() -> str:
    """The stylesheet of a frame: board, tokens, ports, pieces and the SVG panel.

    Standalone SVG files carry it in a ``<style>`` element; site pages include it in theirs.
    """
    return (
        f".sea{{fill:{SEA}}}"
        f".hex{{fill:#cccccc;stroke:#5b4a2e;stroke-width:2;stroke-linejoin:round}}"
        f".token circle{{fill:#fbf3dc;stroke:#5b4a2e;stroke-width:1}}"
        f".token text{{font:bold 15px sans-serif;fill:{INK};text-anchor:middle}}"
        f".token .pip{{fill:{INK};stroke:none}}"
        f".token.hot text,.token.hot .pip{{fill:{HOT}}}"
        f".harbor line{{stroke:#f7efd9;stroke-width:3;stroke-linecap:round}}"
        f".harbor circle{{stroke:{INK};stroke-width:1.2}}"
        f".harbor text{{font:bold 10px sans-serif;fill:{INK};text-anchor:middle}}"
        f".harbor .port-kind{{font:bold 8px sans-serif}}"
        # a hex's name: black, white on the dark forest; 4.5:1 or more on every terrain
        ".terrain-label{font:bold 9px sans-serif;fill:#000000;text-anchor:middle}"
        ".on-forest,.on-lumber{fill:#ffffff}"
        ".mark-hot{fill:none;stroke:#ffe14d;stroke-width:5;stroke-linejoin:round;pointer-events:none}"
        f".mark-new{{fill:none;stroke:#ffffff;stroke-width:3;filter:drop-shadow(0 0 1.5px {INK})}}"
        f".piece{{stroke:{INK};stroke-width:1.6;stroke-linejoin:round;filter:drop-shadow(0 0 1px #ffffff)}}"
        ".bandit,.robber{fill:#2b2b2b;stroke:#f2f2f2}"
        ".berserker{fill:#4a3423;stroke:#f2f2f2}"
        ".merchant{fill:#ffffff}"
        ".piece.inactive{fill-opacity:.45}"
        ".knight.inactive{stroke-dasharray:2 1.5}"
        + track_css()
        + f".track-cell{{fill:#fbf3dc;stroke:#5b4a2e;stroke-width:1}}"
        ".track-cell.goal{fill:#f2a28f}"
        ".track-mark{font:bold 10px sans-serif;fill:#5b4a2e;text-anchor:middle}"
        ".track-label{font:bold 12px sans-serif;fill:#fbf3dc}"
        ".die-face.red .die{fill:#c0161d;stroke:#5a0a0e}"
        ".die-face.red .die-pip{fill:#ffffff}"
        ".die-face.yellow .die{fill:#f5d547}"
        f".event-name{{font:bold 10px sans-serif;text-anchor:middle;fill:{INK}}}"
        ".event-ship .event-name{fill:#ffffff}"
        ".track-note{font:bold 12px sans-serif;fill:#fbf3dc;text-anchor:end}"
        ".event-ship .die{fill:#3b3b3b}"
        f".event-trade .event-name{{fill:{INK}}}"
        f".hdr{{font:15px sans-serif;fill:{INK}}}"
        ".hdr .big{font-weight:bold}"
        ".die{fill:#ffffff;stroke:#1b1b1b;stroke-width:1.2}"
        ".die-pip{fill:#1b1b1b}"
        f".pnl{{font:13px sans-serif;fill:{INK}}}"
        ".pnl .name{font-weight:bold}"
        ".pnl .dim{fill:#666666}"
        ".pnl .chip{stroke:#1b1b1b;stroke-width:.8}"
        ".pnl .now{fill:#fff4c2;stroke:#e0b22e}"
        ".pnl .row{fill:#ffffff;stroke:#cccccc}" + seat_css() + terrain_css()
    )
