"""Rendering shared by every game: hex geometry, the piece symbol sheet, palettes, SVG frames.

A per-game adapter (:mod:`toolkit.render.pioneers`, later codex) turns a view into the parts of
:mod:`toolkit.render.scene`; :mod:`toolkit.render.svg` draws them and :mod:`toolkit.render.frames`
drives a whole save through the engine's views.
"""

from toolkit.render.frames import RenderError, render_frames, write_frames
from toolkit.render.scene import Board, FrameParts, Piece
from toolkit.render.svg import frame_svg

__all__ = ["Board", "FrameParts", "Piece", "RenderError", "frame_svg", "render_frames", "write_frames"]
