"""Turn boundaries, the win check and the final placements.

* A turn begins with the automatic roll. The turn's seat wins if it holds 10 or more
  true points (hidden victory-point cards included) when it rolls or after any of its
  own actions; nobody wins on another seat's turn.
* Turn 200 is the last: when turn 201 would begin the game ends without a winner.
* Placements: a winner places first and the rest are ranked by true points; with no
  winner everyone is ranked by true points. Equal points share the better placement
  (1, 2, 2, 4).
"""

from __future__ import annotations

from toolkit.games.base import Event

from .awards import true_points
from .constants import DEV_CARDS, MAX_TURNS, PHASE_OVER, PHASE_TURN, WIN_POINTS
from .fields import narrated
from .production import produce, roll, start_seven
from .state import State


def placements(points: list[int], winner: int) -> list[int]:
    """Competition ranking by points, with the winner (if any) first."""
    out = []
    for seat, p in enumerate(points):
        if seat == winner:
            out.append(1)
            continue
        better = sum(1 for other, q in enumerate(points) if other != winner and other != seat and q > p)
        out.append(better + (2 if winner >= 0 else 1))
    return out


def finish(s: State, winner: int, reason: str) -> list[Event]:
    s.phase = PHASE_OVER
    s.offer = None
    s.discard_need = [0] * s.n
    s.winner = winner
    s.end_reason = reason
    scores = [true_points(s, seat) for seat in range(s.n)]
    s.final_scores = scores
    s.placements = placements(scores, winner)
    hidden = []
    for seat in range(s.n):
        cards = [DEV_CARDS[c] for c in range(5) for _ in range(s.dev_hand[seat][c] + s.dev_new[seat][c])]
        hidden.append(cards)
    if winner >= 0:
        text = f"seat {winner} wins with {scores[winner]} points"
    else:
        text = f"the game ends after turn {s.turn} with no winner"
    return [
        {
            "type": "game_over",
            "text": text,
            "winner": None if winner < 0 else winner,
            "reason": reason,
            "scores": scores,
            "placements": list(s.placements),
            "devCards": hidden,
        }
    ]


def check_win(s: State) -> list[Event]:
    """End the game if the turn's seat has reached the winning total."""
    seat = s.current
    if s.phase != PHASE_OVER and true_points(s, seat) >= WIN_POINTS:
        return finish(s, seat, "win")
    return []


_ROLLED = "turn {}: seat {} rolled {}+{}={}".format


def begin_turn(s: State, seat: int) -> list[Event]:
    """Start the next turn for ``seat``: roll, then produce or start the 7 sequence."""
    if s.turn >= MAX_TURNS:
        return finish(s, -1, "turn_cap")
    s.turn += 1
    s.current = seat
    s.dev_played_this_turn = False
    s.offers_made = 0
    first, second = roll(s)
    total = first + second
    turn = s.turn
    events = [
        narrated(
            {"type": "roll", "text": None, "seat": seat, "turn": turn, "dice": [first, second]},
            _ROLLED,
            (turn, seat, first, second, total),
        )
    ]
    won = check_win(s)
    if won:
        return events + won
    if total == 7:
        events.extend(start_seven(s))
    else:
        s.phase = PHASE_TURN
        events.extend(produce(s, total))
    return events


def end_turn(s: State, seat: int) -> list[Event]:
    """Cards bought this turn become playable; the next seat's turn begins."""
    new = s.dev_new[seat]
    if any(new):
        held = s.dev_hand[seat]
        for c in range(5):
            held[c] += new[c]
            new[c] = 0
    return begin_turn(s, (seat + 1) % s.n)
