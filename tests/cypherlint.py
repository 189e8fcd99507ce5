"""Lint Cypher with Neo4j's own linter (npm @neo4j-cypher/language-support) from Python.

The Bolt test server is ArcadeDB, which accepts some Cypher Neo4j rejects; linting every
statement with Neo4j's parser catches those before production does. One `node` process
lints a whole batch, because loading the parser costs about 3 s.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

LINT_DIR = Path(__file__).resolve().parent / "cypher_lint"
PACKAGE = "@neo4j-cypher/language-support"


class CypherLintUnavailable(RuntimeError):
    """node or the npm package is missing, so no linting happened."""


def ensure_available() -> str:
    """Path of `node`, or CypherLintUnavailable saying how to install what is missing."""
    node = shutil.which("node")
    if node is None:
        raise CypherLintUnavailable("`node` is not on PATH (Node.js 20+ is needed to lint Cypher)")
    if not (LINT_DIR / "node_modules" / PACKAGE / "package.json").is_file():
        raise CypherLintUnavailable(
            f"{PACKAGE} is not installed in {LINT_DIR}; run `npm ci --prefix tests/cypher_lint`"
        )
    return node


def lint_statements(
    statements: list[dict[str, Any]],
    labels: list[str],
    rel_types: list[str],
    *,
    property_keys: list[str] | None = None,
    console_commands: bool = False,
    timeout: float = 120,
) -> dict[str, list[dict[str, Any]]]:
    """Lint `statements` ({"name", "query", "parameters"}) against a schema; name -> diagnostics.

    Each diagnostic is the linter's own: "severity" ("error", "warning", ...), "message",
    "range" (0-based line/character) and "offsets". An empty list means the statement is clean.
    Unknown labels and relationship types are warnings; parameters missing from a statement's
    "parameters" are errors. `property_keys`, when given, also makes unknown read properties
    warnings.
    """
    names = [s["name"] for s in statements]
    if len(set(names)) != len(names):
        raise ValueError(f"statement names must be unique: {names}")
    node = ensure_available()
    schema: dict[str, Any] = {"labels": list(labels), "relationshipTypes": list(rel_types)}
    if property_keys is not None:
        schema["propertyKeys"] = list(property_keys)
    payload = {
        "schema": schema,
        "statements": [
            {"name": s["name"], "query": s["query"], "parameters": s.get("parameters") or {}}
            for s in statements
        ],
        "consoleCommands": console_commands,
    }
    proc = subprocess.run(
        [node, str(LINT_DIR / "lint.mjs")],
        input=json.dumps(payload, default=str),
        capture_output=True,
        text=True,
        cwd=LINT_DIR,
        timeout=timeout,
        check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"lint.mjs failed (exit {proc.returncode}):\n{proc.stderr[-4000:]}")
    return {r["name"]: r["diagnostics"] for r in json.loads(proc.stdout)}
