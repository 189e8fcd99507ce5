"""The Cypher lint harness really runs Neo4j's linter: clean, syntax, schema and parameter cases."""

from __future__ import annotations

import pytest

from cypherlint import lint_statements

SCHEMA = {"labels": ["Paper", "Author"], "rel_types": ["WROTE"]}

STATEMENTS = [
    {
        "name": "valid",
        "query": (
            "UNWIND $rows AS row\n"
            "MERGE (p:Paper {key: row.key})\n"
            "  ON CREATE SET p += row.props\n"
            "WITH p, row\n"
            "MATCH (a:Author {key: row.author})-[:WROTE]->(p)\n"
            "RETURN count(*) AS n"
        ),
        "parameters": {"rows": [{"key": "k1", "author": "a1", "props": {"title": "T"}}]},
    },
    {"name": "syntax", "query": "MATCH (n:Paper RETURN n"},
    {"name": "unknown_label", "query": "MATCH (n:Nope) RETURN n"},
    {"name": "missing_param", "query": "MATCH (n:Paper {key: $key}) RETURN n", "parameters": {}},
]


@pytest.fixture(scope="module")
def results(cypher_linter):
    return cypher_linter(STATEMENTS, SCHEMA["labels"], SCHEMA["rel_types"])


def severities(diagnostics):
    return [d["severity"] for d in diagnostics]


def test_valid_query_lints_clean(results):
    assert results["valid"] == []


def test_syntax_error_is_reported(results):
    diags = results["syntax"]
    assert "error" in severities(diags)
    assert any("RETURN" in d["message"] for d in diags), diags
    assert diags[0]["range"]["start"] == {"line": 0, "character": 15}


def test_unknown_label_warns(results):
    diags = results["unknown_label"]
    assert severities(diags) == ["warning"]
    assert "Nope" in diags[0]["message"]


def test_missing_parameter_is_an_error(results):
    diags = results["missing_param"]
    assert severities(diags) == ["error"]
    assert diags[0]["message"] == "Parameter $key is not defined."


def test_supplied_parameter_is_accepted(cypher_linter):
    stmt = {"name": "p", "query": "MATCH (n:Paper {key: $key}) RETURN n", "parameters": {"key": "k"}}
    assert cypher_linter([stmt], ["Paper"], []) == {"p": []}


def test_duplicate_names_rejected():
    with pytest.raises(ValueError):
        lint_statements([{"name": "a", "query": "RETURN 1"}] * 2, [], [])
