"""The test server really speaks Bolt, enforces constraints and keeps data across a crash."""

from __future__ import annotations

import neo4j
import pytest
from neo4j.exceptions import ConstraintError

pytestmark = pytest.mark.neo4j

CONSTRAINT = "CREATE CONSTRAINT paper_key IF NOT EXISTS FOR (n:Paper) REQUIRE n.key IS UNIQUE"


def test_return_1(neo4j_driver, bolt_server):
    records, _, _ = neo4j_driver.execute_query("RETURN 1 AS x", database_=bolt_server.database)
    assert [r["x"] for r in records] == [1]


def test_clean_db_starts_empty(clean_db):
    driver, db = clean_db
    driver.execute_query("CREATE (:Paper {key: 'leftover'})", database_=db)
    driver.execute_query("MATCH (n) DETACH DELETE n", database_=db)
    records, _, _ = driver.execute_query("MATCH (n) RETURN count(n) AS n", database_=db)
    assert records[0]["n"] == 0


@pytest.fixture
def paper_key_constraint(clean_db):
    """The constraint, dropped afterwards so the shared database's schema is left as found."""
    driver, db = clean_db
    driver.execute_query(CONSTRAINT, database_=db)
    yield driver, db
    driver.execute_query("MATCH (n) DETACH DELETE n", database_=db)
    driver.execute_query("DROP CONSTRAINT paper_key IF EXISTS", database_=db)


def test_unique_constraint_is_enforced(paper_key_constraint):
    driver, db = paper_key_constraint
    driver.execute_query(CONSTRAINT, database_=db)  # IF NOT EXISTS: a second run is a no-op
    driver.execute_query("CREATE (:Paper {key: $k})", k="p1", database_=db)
    with pytest.raises(ConstraintError):
        driver.execute_query("CREATE (:Paper {key: $k})", k="p1", database_=db)
    records, _, _ = driver.execute_query(
        "MATCH (n:Paper {key: $k}) RETURN count(n) AS n", k="p1", database_=db
    )
    assert records[0]["n"] == 1


def count_papers(server) -> int:
    with neo4j.GraphDatabase.driver(server.uri, auth=server.auth) as driver:
        records, _, _ = driver.execute_query(
            "MATCH (n:Paper) RETURN count(n) AS n", database_=server.database
        )
    return records[0]["n"]


def test_kill9_and_restart_keep_committed_data(bolt_server_factory):
    server = bolt_server_factory()
    root, old_pid = server.root, server.pid
    with neo4j.GraphDatabase.driver(server.uri, auth=server.auth) as driver:
        driver.execute_query(CONSTRAINT, database_=server.database)
        driver.execute_query(
            "UNWIND range(1, 500) AS i CREATE (:Paper {key: 'p' + i})", database_=server.database
        )
    server.kill9()
    assert not server.running()
    server.restart()
    assert server.pid != old_pid and server.root == root
    assert count_papers(server) == 500
    with neo4j.GraphDatabase.driver(server.uri, auth=server.auth) as driver:
        with pytest.raises(ConstraintError):  # the constraint survived the crash too
            driver.execute_query("CREATE (:Paper {key: 'p1'})", database_=server.database)
    server.restart()  # a graceful restart keeps it as well
    assert count_papers(server) == 500


def test_stop_removes_root(bolt_server_factory):
    server = bolt_server_factory()
    root = server.root
    assert (root / "server.log").is_file()
    server.stop()
    assert not root.exists() and server.pid is None
