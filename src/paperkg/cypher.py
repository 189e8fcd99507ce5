"""Cypher lives in `cypher/*.cypher` files, loaded here by name; no Cypher strings live in Python.

Each file starts with `//` comment lines saying what it answers and the Browser `:param` lines to set;
statements are separated by a `;` at the end of a line, so files run unchanged in the Neo4j Browser.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

from .errors import ConfigError

_PARAM_LINE = re.compile(r"^//\s*:param\s+(?P<name>\w+)\s*=>\s*(?P<value>.+?);?\s*$")


def cypher_dir() -> Path:
    """Installed wheels carry `paperkg/cypher_files`; a source checkout has `cypher/` at the top."""
    packaged = Path(__file__).with_name("cypher_files")
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "cypher"


def path_of(name: str) -> Path:
    path = cypher_dir() / f"{name}.cypher"
    if not path.is_file():
        raise ConfigError(f"no Cypher file {path} (is paperkg installed completely?)")
    return path


@cache
def text(name: str) -> str:
    """A file's whole text, e.g. `text("queries/shared_datasets")`."""
    return path_of(name).read_text(encoding="utf-8")


def statements(name: str) -> list[str]:
    """The file's statements without comments and trailing `;`, in order."""
    body = "\n".join(line for line in text(name).splitlines() if not line.lstrip().startswith("//"))
    return [s.strip() for s in re.split(r";\s*$", body, flags=re.MULTILINE) if s.strip()]


def statement(name: str) -> str:
    """The one statement of a single-statement file."""
    found = statements(name)
    if len(found) != 1:
        raise ConfigError(f"{path_of(name)} holds {len(found)} statements, expected one")
    return found[0]


def example_parameters(name: str) -> dict[str, object]:
    """The `// :param x => value;` header lines as Python values (for linting and documentation)."""
    params: dict[str, object] = {}
    for line in text(name).splitlines():
        match = _PARAM_LINE.match(line.strip())
        if match:
            params[match.group("name")] = _literal(match.group("value"))
    return params


def _literal(value: str) -> object:
    """A Browser param literal: strings, numbers, booleans, null and lists of them."""
    value = value.strip().rstrip(";").strip()
    replaced = re.sub(r"\btrue\b", "True", re.sub(r"\bfalse\b", "False", re.sub(r"\bnull\b", "None", value)))
    try:
        return ast.literal_eval(replaced)
    except (ValueError, SyntaxError) as e:
        raise ConfigError(f"cannot read :param value {value!r}") from e


def names(folder: str = "") -> list[str]:
    """Names of the files in `cypher/` (or a subfolder), without the extension."""
    base = cypher_dir()
    return sorted(str(p.relative_to(base).with_suffix("")) for p in (base / folder).glob("*.cypher"))
