"""How a name typed by a user finds nodes, the same rule on both backends.

A node matches when the trimmed, lower-cased name equals its trimmed, lower-cased `name`, `key` or one of
its `aliases` (Cypher: `toLower(trim($name)) IN [toLower(trim(n.name)), toLower(trim(n.key))] + aliases`).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping

from ..errors import NotFoundError
from .. import schema as s

ENTITIES = (s.METHOD, s.TASK, s.DATASET)
PROPOSABLE = (s.METHOD, s.DATASET)
PATH_ENDS = (s.PAPER, s.AUTHOR, s.METHOD, s.TASK, s.DATASET)
MAX_SUGGESTIONS = 5


def normalize(name: str) -> str:
    return name.strip().lower()


def matches(attrs: Mapping[str, object], name: str) -> bool:
    """`name` already normalized; attrs are a node's properties (networkx attributes)."""
    names = [attrs.get("name"), attrs.get("key"), *(attrs.get("aliases") or [])]
    return any(isinstance(n, str) and normalize(n) == name for n in names)


def not_found(what: str, name: str, known: Iterable[str]) -> NotFoundError:
    """The error for an unknown name, with up to five close matches from `known` (original spelling)."""
    by_lower: dict[str, str] = {}
    for candidate in sorted(set(known)):
        by_lower.setdefault(candidate.lower(), candidate)
    close = difflib.get_close_matches(normalize(name), list(by_lower), n=MAX_SUGGESTIONS, cutoff=0.6)
    return NotFoundError(f"no {what} named {name!r}", [by_lower[c] for c in close])
