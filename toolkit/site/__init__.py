"""The static replay site (design §8), built with Jinja2 from views rendered by :mod:`toolkit.render`."""

from toolkit.site.builder import Built, Link, SiteError, build

__all__ = ["Built", "Link", "SiteError", "build"]
