"""Every .cypher file, and every statement the loader actually sends, passes Neo4j's own linter.

The Bolt test server (ArcadeDB) accepts Cypher that Neo4j rejects, so passing tests alone would not prove the
statements run on Neo4j. Files are found generically (any file under cypher/, whoever adds it); the statements
sent are captured from the driver's own debug log during a real load, so none can bypass the files.
"""

from __future__ import annotations

import ast
import io
import logging
import tokenize
from collections.abc import Iterator

import pytest

from paperkg import cypher
from paperkg import schema as s
from paperkg.models import GraphData, Node, Relationship
from paperkg.neo4j_store import load_graph, statement_names

UNKNOWN_SCHEMA = ("is not present in the database",)


def cypher_file_names() -> list[str]:
    base = cypher.cypher_dir()
    return sorted(str(p.relative_to(base).with_suffix("")) for p in base.rglob("*.cypher"))


def problems(diagnostics: list[dict]) -> list[str]:
    """Errors, and warnings about labels or relationship types the schema does not have."""
    return [f"{d['severity']}: {d['message']}" for d in diagnostics
            if d["severity"] == "error" or any(u in d["message"] for u in UNKNOWN_SCHEMA)]


def lint(linter, statements: list[dict]) -> dict[str, list[str]]:
    results = linter(statements, list(s.NODE_LABELS), list(s.RELATIONSHIP_TYPES))
    return {name: problems(diags) for name, diags in results.items() if problems(diags)}


def test_every_cypher_file_lints_clean(cypher_linter) -> None:
    names = cypher_file_names()
    assert set(statement_names()) <= set(names), "the loader runs a file that does not exist"
    statements = [
        {"name": f"{name}#{i}", "query": query, "parameters": cypher.example_parameters(name)}
        for name in names
        for i, query in enumerate(cypher.statements(name))
    ]
    assert statements
    assert lint(cypher_linter, statements) == {}


def test_every_file_starts_with_a_comment() -> None:
    for name in cypher_file_names():
        assert cypher.text(name).lstrip().startswith("//"), f"{name}.cypher must open with what it answers"


def test_linter_flags_what_it_should(cypher_linter) -> None:
    """The harness is not vacuous: an unknown label and an undeclared parameter are reported."""
    found = lint(cypher_linter, [{"name": "bad", "query": "MATCH (n:Papr {key: $k}) RETURN n", "parameters": {}}])
    assert len(found["bad"]) == 2


class RunCapture(logging.Handler):
    """Collects the query text of every Bolt RUN message the driver logs at DEBUG."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.queries: list[str] = []
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        self.lines.append(message)
        if "C: RUN " in message:
            fields = message.split("C: RUN ", 1)[1]
            token = next(tokenize.generate_tokens(io.StringIO(fields).readline))
            self.queries.append(ast.literal_eval(token.string))


@pytest.fixture
def run_capture() -> Iterator[RunCapture]:
    handler = RunCapture()
    logger = logging.getLogger("neo4j")
    old_level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)
        logger.setLevel(old_level)


def one_of_everything() -> GraphData:
    """A node of every label and a relationship of every (type, start label, end label) in the schema."""
    nodes = [Node(label=label, key=f"{label.lower()}-1", properties={"name": label}) for label in s.NODE_LABELS]
    nodes.append(Node(label=s.AREA, key="area-2", properties={"name": "Sub"}))
    nodes[0].properties["source"] = "lint.txt"
    rels = []
    for rel_type, (starts, ends) in s.RELATIONSHIPS.items():
        for a in starts:
            for b in ends:
                end_key = "area-2" if rel_type == s.SUBAREA_OF else f"{b.lower()}-1"
                rels.append(Relationship(type=rel_type, start_label=a, start_key=f"{a.lower()}-1",
                                         end_label=b, end_key=end_key, properties={"mentions": 1}))
    return GraphData(nodes=nodes, relationships=rels)


@pytest.mark.neo4j
def test_every_statement_sent_is_a_clean_file_statement(clean_db, cypher_linter, run_capture) -> None:
    driver, database = clean_db
    load_graph(driver, database, one_of_everything(), replace_sources=["lint.txt"])
    sent = set(run_capture.queries)
    from_files = {q for name in cypher_file_names() for q in cypher.statements(name)}
    assert sent, "the driver's RUN log was not captured"
    assert sent <= from_files, f"Cypher sent that no file holds: {sent - from_files}"
    expected = {q for name in statement_names() if name != "load/ping" for q in cypher.statements(name)}
    assert sent == expected, "a load with --replace runs every loader statement except the ping"
    statements = [{"name": f"sent#{i}", "query": q, "parameters": {"rows": [], "source": ""}}
                  for i, q in enumerate(sorted(sent))]
    found = lint(cypher_linter, statements)
    # Parameters a statement does not use are harmless; only real problems count.
    assert found == {}
