"""The board numbering each engine uses, as JSON (``replaykit board``).

A thin adapter over the engines' own board tables: hexes, vertices (codex:
intersections), edges, the coast and the ports (codex: harbors). No geometry of its own.
"""

from __future__ import annotations

import importlib
from typing import Any


def pioneers_topology() -> dict[str, Any]:
    """The pioneers board as the engine numbers it: hexes, vertices, edges, coast and ports.

    Uses the engine's own ``topology()`` when :mod:`toolkit.games.pioneers.board`
    has one; otherwise reads the engine's board tables (a thin adapter, no geometry
    of its own).
    """
    board = importlib.import_module("toolkit.games.pioneers.board")
    own = getattr(board, "topology", None)
    if callable(own):
        return dict(own())
    coastal = list(board.COASTAL_EDGES)
    edge_id = {tuple(pair): e for e, pair in enumerate(board.EDGE_VERTICES)}
    return {
        "game": "pioneers",
        "board": "standard",
        "hexes": [
            {
                "id": h,
                "row": row,
                "center": list(board.HEX_CENTRES[h]),
                "vertices": list(verts),
                "edges": list(board.HEX_EDGES[h]),
            }
            for h, (verts, row) in enumerate(zip(board.HEX_VERTICES, _pioneers_rows(board), strict=True))
        ],
        "vertices": [
            {
                "id": v,
                "point": list(board.VERTEX_POINTS[v]),
                "hexes": list(board.VERTEX_HEXES[v]),
                "edges": list(board.VERTEX_EDGES[v]),
                "neighbours": list(board.VERTEX_NEIGHBOURS[v]),
            }
            for v in range(board.NUM_VERTICES)
        ],
        "edges": [
            {"id": e, "vertices": list(pair), "hexes": list(board.EDGE_HEXES[e]), "coastal": e in coastal}
            for e, pair in enumerate(board.EDGE_VERTICES)
        ],
        "coastalEdges": list(board.COAST_RING),
        "ports": [
            {
                "id": i,
                "kind": kind,
                "ratio": ratio,
                "vertices": list(pair),
                "edge": edge_id[(min(pair), max(pair))],
            }
            for i, (kind, ratio, pair) in enumerate(board.PORTS)
        ],
    }


def _pioneers_rows(board: Any) -> list[int]:
    return [row for row, length in enumerate(board.ROW_LENGTHS) for _ in range(length)]


def codex_topology(size: str, seed: str | None = None) -> dict[str, Any]:
    """The codex board of ``size`` from :func:`toolkit.games.codex.board.topology`, in wire ids.

    The nine harbor slots are fixed coastal edges and always listed; which kind sits on
    which slot is drawn from the game's seed, as are terrain and number tokens, so those
    are filled in only when ``seed`` is given (``harborTypes`` lists the kinds to place).
    """
    board = importlib.import_module("toolkit.games.codex.board")
    topo = board.topology(size)
    ints, edges, hexes = topo.int_ids, topo.edge_ids, topo.hex_ids
    layout = board.generate_layout(size, seed if seed is not None else "0")
    out: dict[str, Any] = {
        "game": "codex",
        "board": size,
        "hexes": [
            {"id": hexes[h], "intersections": [ints[i] for i in topo.hex_intersections[h]]}
            for h in range(len(hexes))
        ],
        "intersections": [
            {
                "id": ints[i],
                "xy": [round(c, 4) for c in topo.int_xy[i]],
                "hexes": [hexes[h] for h in topo.int_hexes[i]],
                "edges": [edges[e] for e in topo.int_edges[i]],
            }
            for i in range(len(ints))
        ],
        "edges": [
            {"id": edges[e], "intersections": [ints[a], ints[b]]} for e, (a, b) in enumerate(topo.edge_ends)
        ],
        "coastalEdges": [edges[e] for e in topo.coastal_cycle],
        "harbors": [
            {"id": h.id, "edgeId": edges[h.edge], "intersectionIds": [ints[i] for i in h.intersections]}
            | ({"type": h.kind} if seed is not None else {})
            for h in layout.harbors
        ],
        "harborTypes": sorted(h.kind for h in layout.harbors),
    }
    if seed is not None:
        out["seed"] = seed
        for h, entry in enumerate(out["hexes"]):
            entry["type"] = layout.terrain[h]
            entry["numberToken"] = layout.tokens[h]
    return out
