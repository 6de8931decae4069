"""The site's Cards and Rules pages: the docs templates rendered as HTML into the site layout.

Each page is self-contained like the rest of the site: inline CSS only, no script, and a
Content-Security-Policy that allows nothing but that stylesheet (by hash). Text from the
catalogs is autoescaped. The same catalogs give the same bytes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from toolkit import __version__
from toolkit.docs import catalogs as catalog_mod
from toolkit.docs import generate
from toolkit.resources import data_dir
from toolkit.site.builder import Link, content_policy, environment


def _asset(name: str) -> str:
    return (data_dir("templates") / "site" / name).read_text(encoding="utf-8")


def page_title(key: str, found: Mapping[str, catalog_mod.Doc]) -> str:
    section, _, game_id = key.partition("/")
    if key == generate.RANDOMNESS:
        return "Randomness"
    name = found[game_id].title
    return f"{name} cards" if section == "cards" else f"{name} rules"


def site_links(found: Mapping[str, catalog_mod.Doc]) -> list[Link]:
    """Index links to every reference page; each game's pages are tagged with its id."""
    links = []
    for page in generate.pages_for(found):
        links.append(Link(page.path("html"), page_title(page.key, found), page.game_id))
    return links


def site_pages(
    overrides: Mapping[str, Mapping[str, Any] | None] | None = None,
) -> tuple[list[Link], dict[str, str]]:
    """``(links, files)`` for :func:`toolkit.site.builder.build`: the reference pages as HTML."""
    loaded = catalog_mod.load(overrides)
    bodies = generate.render("html", loaded.found)
    links = site_links(loaded.found)
    css = _asset("site.css") + _asset("reference.css")
    csp = content_policy([css], [])
    layout = environment().get_template("site/reference.html")
    files: dict[str, str] = {}
    for key, body in bodies.items():
        nav = [Link(f"../{link.href}", link.label, link.game) for link in links]
        files[f"{key}.html"] = layout.render(
            csp=csp,
            css=Markup(css),
            title=page_title(key, loaded.found),
            here=f"../{key}.html",
            links=nav,
            body=Markup(body),
            version=__version__,
        )
    return links, files
