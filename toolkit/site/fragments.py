"""The markup of the fragments a replay page swaps while it plays: the header, the parts of a
player row, the parts of the panel's foot and a line of the move list.

This is the one place their markup is written. The page pipeline renders each distinct
fragment through these functions, and the page template (``site/replay.html``) calls the same
functions (as ``fragments``) for the first frame and the move list, so the first frame written
into the page and the frames the script swaps in are the same bytes. Every value is
HTML-escaped as the templates escape it (``markupsafe``); the functions give
:class:`~markupsafe.Markup`, which a template writes as it is.
"""

from __future__ import annotations

from functools import lru_cache

from markupsafe import Markup, escape

from toolkit.render.scene import Header, Panel, PlayerRow, Stat, css_token
from toolkit.site.story import Line

TRACK_LEVELS = 5  # the spaces of an improvement track


def head(h: Header) -> Markup:
    """The line above the board: turn, dice (with their kinds), the event die and who acts."""
    out = [f'<span class="turn">{escape(h.turn)}</span>']
    if h.dice:
        out.append('<span class="dice">')
        kinds = h.dice_kinds
        for i, d in enumerate(h.dice):
            kind = f" die-{escape(css_token(kinds[i]))}" if i < len(kinds) else ""
            out.append(f'<span class="die d{escape(d)}{kind}">{escape(d)}</span>')
        out.append(f"<b>= {escape(sum(h.dice))}</b></span>")
    if h.event:
        event, kind = escape(h.event), escape(css_token(h.event))
        out.append(f'<span class="event event-{kind}" title="event die: {event}">{event}</span>')
    out.append(f'<span class="acting">{escape(h.acting)}</span>')
    return Markup("".join(out))


def who(r: PlayerRow) -> Markup:
    """A row's first line: seat chip, name and points; marked on the seat's turn and once it is out."""
    marks = (" cur" if r.current else "") + (" out" if r.out else "")
    seat = escape(r.seat)
    return Markup(
        f'<div class="who{marks}"><i class="chip ink-{seat}" aria-hidden="true">{seat}</i>'
        f'<b class="name">{escape(r.name)}</b><span class="score">{_said(f"{r.score} VP", r.score_spoken)}'
        '</span></div>'
    )


def _said(shown: str, spoken: str) -> str:
    """``shown`` as the page shows it; where ``spoken`` is set, a screen reader says that instead
    (a shorthand such as ``left 13/3/4`` read aloud is only its signs)."""
    if not spoken:
        return str(escape(shown))
    return f'<span aria-hidden="true">{escape(shown)}</span><span class="sr-only">{escape(spoken)}</span>'


def hand(r: PlayerRow) -> Markup:
    """The hand: each kind with its count where the view shows them, else how many cards."""
    if r.hand is None:
        plural = "s" if r.hand_count != 1 else ""
        return Markup(f'<div class="hand">{escape(r.hand_count)} card{plural}</div>')
    cards = "".join([_card(card, count) for card, count in r.hand])
    return Markup(f'<div class="hand">{cards}<span class="dim">({escape(r.hand_count)})</span></div>')


@lru_cache(maxsize=1024, typed=True)  # typed: a count of True is not a count of 1
def _card(card: str, count: int) -> str:
    """One kind of card in a hand with its count (written once per kind and count: hands repeat).
    The chip shows the kind's first letters and colour; a screen reader reads the count and the
    kind's whole name ("2 brick"), which a title alone would not give it."""
    return (
        f'<i class="res res-{escape(card)}" title="{escape(card)}">'
        f'<b aria-hidden="true">{escape(str(card[:2]).capitalize())}</b>{escape(count)}'
        f'<span class="sr-only"> {escape(card)}</span></i>'
    )


def info(r: PlayerRow) -> Markup:
    """Cards (named where the view shows them), stats, improvement tracks and tags."""
    if r.cards is not None:
        cards = f"{len(r.cards)}" + (f": {escape(', '.join(map(str, r.cards)))}" if r.cards else "")
    else:
        cards = f"{escape(r.card_count)}"
    stats = "".join(f" · {_said(f'{s.label} {s.value}', s.spoken)}" for s in r.stats)
    out = [f'<div class="dim">{escape(r.cards_label)} {cards}{stats}</div>']
    if r.tracks:
        out.append('<div class="trk">')
        out.extend(_track(track, level, metro) for track, level, metro in r.tracks)
        out.append("</div>")
    if r.badges or r.out or r.to_move:
        tags = [f'<span class="tag move">to move: {escape(r.to_move)}</span>'] if r.to_move else []
        tags.extend(f'<span class="tag award">{escape(b)}</span>' for b in r.badges)
        if r.out:
            tags.append('<span class="tag">resigned</span>')
        out.append(f'<div class="tags">{" ".join(tags)}</div>')  # spaced, so tags read as words
    return Markup("".join(out))


@lru_cache(maxsize=512, typed=True)
def _track(track: str, level: int, metro: bool) -> str:
    """One improvement track: its letter, a filled space per level, and its metropolis (each
    distinct track drawn once: rows show the same few again and again)."""
    name, at = escape(track), escape(level)
    spaces = "".join('<i class="f"></i>' if i < level else "<i></i>" for i in range(TRACK_LEVELS))
    return (
        f'<span class="tr tr-{escape(css_token(track))}" title="{name} level {at} of 5'
        + (", metropolis" if metro else "")
        + f'"><b aria-hidden="true">{escape(str(track[:1]).upper())}</b>{spaces}'
        + ('<em aria-hidden="true">M</em>' if metro else "")
        + f'<span class="sr-only">{name} level {at} of 5'
        + (", with its metropolis" if metro else "")
        + "</span></span>"
    )


def row(r: PlayerRow) -> Markup:
    """A whole player row, as the page shows it before its script runs."""
    return Markup(f'<div class="prow">{who(r)}{hand(r)}{info(r)}</div>')


def foot_open(result: str, has_facts: bool) -> Markup:
    """The opening of the panel's foot: the result line, and the paragraph the facts sit in."""
    shown = f'<p class="result">{escape(result)}</p>' if result else ""
    return Markup('<div class="foot">' + shown + ('<p class="facts">' if has_facts else ""))


def fact(s: Stat) -> Markup:
    """One table-wide fact (the deck, an open offer)."""
    key = escape(css_token(s.key))
    return Markup(f'<span class="fact-{key}">{escape(s.label)}: {escape(s.value)}</span>')


def foot_close(has_facts: bool, talk: tuple[tuple[str, str], ...]) -> Markup:
    """The close of the panel's foot, with the recent table talk."""
    out = "</p>" if has_facts else ""
    if talk:
        said = "".join(f"<li><b>{escape(name)}</b>: {escape(words)}</li>" for name, words in talk)
        out += f'<ul class="talk">{said}</ul>'
    return Markup(out + "</div>")


def foot(p: Panel) -> Markup:
    """The whole foot of the panel, as the page shows it before its script runs."""
    has_facts = len(p.facts) > 0
    facts = "".join(map(fact, p.facts))
    return Markup(f"{foot_open(p.result, has_facts)}{facts}{foot_close(has_facts, p.talk)}")


def line(item: Line) -> Markup:
    """One line of the move list: a link to its frame, what the move set off as its tooltip."""
    frame = escape(item.frame)
    roll = ' class="roll"' if item.roll else ""
    detail = f' title="{escape(item.detail)}"' if item.detail else ""
    text = escape(item.text)
    return Markup(f'<li><a href="#move={frame}" data-frame="{frame}"{roll}{detail}>{text}</a></li>')
