"""Shared fixtures. Infrastructure that cannot start skips a test locally, but fails it in CI.

Bolt: one ArcadeDB Bolt server per session (tests/bolt_server.py), or, when
PAPERKG_TEST_NEO4J_URI is set, an external server such as the Neo4j of docker-compose.yml
(PAPERKG_TEST_NEO4J_USER/PASSWORD/DATABASE default to its neo4j/paperkg-password/neo4j).
`clean_db` wipes that server's database, so never point it at data you want to keep.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import neo4j
import pytest

import cypherlint
from bolt_server import DEFAULT_DATABASE, BoltServerError, BoltTestServer


def unavailable(reason: str) -> None:
    """Skip the test, or fail it when CI is set: CI must never pass by skipping."""
    if os.environ.get("CI"):
        pytest.fail(f"CI is set, so this is a failure, not a skip: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def require() -> Callable[[str], None]:
    """`require(reason)` skips (or, in CI, fails) a test whose tool or service is missing."""
    return unavailable


@dataclass(frozen=True)
class BoltTarget:
    """Where the session's Bolt server is; `server` is None for an external one."""

    uri: str
    auth: tuple[str, str]
    database: str
    server: BoltTestServer | None = None


# --- Bolt server -------------------------------------------------------------------------


@pytest.fixture(scope="session")
def bolt_server() -> Iterator[BoltTarget]:
    uri = os.environ.get("PAPERKG_TEST_NEO4J_URI")
    if uri:
        yield BoltTarget(
            uri=uri,
            auth=(
                os.environ.get("PAPERKG_TEST_NEO4J_USER", "neo4j"),
                os.environ.get("PAPERKG_TEST_NEO4J_PASSWORD", "paperkg-password"),
            ),
            database=os.environ.get("PAPERKG_TEST_NEO4J_DATABASE", "neo4j"),
        )
        return
    server = BoltTestServer(DEFAULT_DATABASE)
    try:
        server.start()
    except BoltServerError as exc:
        unavailable(f"Bolt test server did not start: {exc}")
    try:
        yield BoltTarget(server.uri, server.auth, server.database, server)
    finally:
        server.stop()


@pytest.fixture(scope="session")
def neo4j_driver(bolt_server: BoltTarget) -> Iterator[neo4j.Driver]:
    with neo4j.GraphDatabase.driver(bolt_server.uri, auth=bolt_server.auth) as driver:
        try:
            driver.verify_connectivity()
        except (neo4j.exceptions.DriverError, neo4j.exceptions.Neo4jError) as exc:
            unavailable(f"cannot reach Bolt server {bolt_server.uri}: {exc!r}")
        yield driver


@pytest.fixture
def clean_db(neo4j_driver: neo4j.Driver, bolt_server: BoltTarget) -> tuple[neo4j.Driver, str]:
    """An empty database (nodes and relationships; schema is kept): (driver, database)."""
    neo4j_driver.execute_query("MATCH (n) DETACH DELETE n", database_=bolt_server.database)
    return neo4j_driver, bolt_server.database


@pytest.fixture
def bolt_server_factory() -> Iterator[Callable[[], BoltTestServer]]:
    """Start private servers (for kill9()/restart() tests, which must not hurt the shared one)."""
    servers: list[BoltTestServer] = []

    def start() -> BoltTestServer:
        server = BoltTestServer(DEFAULT_DATABASE)
        try:
            server.start()
        except BoltServerError as exc:
            unavailable(f"Bolt test server did not start: {exc}")
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


# --- Cypher linting ------------------------------------------------------------------------


@pytest.fixture(scope="session")
def cypher_linter() -> Callable[..., dict[str, list[dict]]]:
    """cypherlint.lint_statements, once node and the npm package are known to be there."""
    try:
        cypherlint.ensure_available()
    except cypherlint.CypherLintUnavailable as exc:
        unavailable(str(exc))
    return cypherlint.lint_statements
