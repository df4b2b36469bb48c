"""Jinja2 rendering of the report pages: autoescaped, self-contained, script-locked.

Every page carries a Content-Security-Policy that allows only inline styles, ``data:`` images
and the one script tagged with this render's nonce: even if page text ever got past
autoescaping, a browser would not run it, nor fetch anything from the network.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape


def environment() -> Environment:
    env = Environment(
        loader=PackageLoader("newscrawl.reporting", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["num"] = _number
    return env


_ENV: Environment | None = None


def render(template: str, **context: Any) -> str:
    """``template`` rendered with a fresh script nonce (see the module doc)."""
    global _ENV
    if _ENV is None:
        _ENV = environment()
    return _ENV.get_template(template).render(nonce=secrets.token_urlsafe(16), **context)


def write(path: Path, html: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(html, encoding="utf-8")


def _number(value: Any, digits: int = 2) -> str:
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, float):
        return f"{value:,.{digits}f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)
