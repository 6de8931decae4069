"""Tools for bug-report saves: find the move where a save goes wrong, compare saves, cut them down.

* :mod:`toolkit.debug.expr` — the condition language (``vp(2) >= 10``, ``illegal``), parsed by hand;
* :mod:`toolkit.debug.context` — what a condition sees at a position, per game;
* :mod:`toolkit.debug.prefixes` — positions after any prefix of moves, with snapshots;
* :mod:`toolkit.debug.bisect` — ``bisect --until`` / ``--diverges`` and the ``replay --check`` verdict;
* :mod:`toolkit.debug.diff` — ``diff``; :mod:`toolkit.debug.trim` — ``trim --to`` / ``--minimize``.
"""
