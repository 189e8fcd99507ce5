"""Load `GraphData` into Neo4j: schema first, then batched idempotent `UNWIND ... MERGE` writes.

Every statement comes from `cypher/` (see `paperkg.cypher`); labels and relationship types are written
literally in those files, values travel only as parameters. Each batch is one managed transaction
(`execute_write`), so transient errors retry and an interrupted load, run again, ends in the same graph.
Driver errors become one-line `StoreError`s that never carry the password.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import neo4j
from neo4j.exceptions import AuthError, ClientError, ConstraintError, DriverError, Neo4jError, ServiceUnavailable
from pydantic import Field
from tqdm import tqdm

from . import cypher
from . import schema as s
from .errors import InputError, StoreError
from .models import GraphData, Model, Node, Relationship
from .settings import Neo4jSettings

SCHEMA = "schema"
PING = "load/ping"
DELETE_PAPERS = "load/replace/delete_papers"
DELETE_ORPHANS = "load/replace/delete_orphans"
URI_SCHEMES = ("bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc")
DEFAULT_BATCH_SIZE = 1000


def node_statement(label: str) -> str:
    return f"load/nodes/{label}"


def relationship_statement(rel_type: str, start_label: str, end_label: str) -> str:
    return f"load/relationships/{start_label}-{rel_type}-{end_label}"


def statement_names() -> list[str]:
    """Every Cypher file this module runs, for linting."""
    rels = [relationship_statement(t, a, b) for t, (starts, ends) in s.RELATIONSHIPS.items()
            for a in starts for b in ends]
    return [SCHEMA, PING, DELETE_PAPERS, DELETE_ORPHANS, *map(node_statement, s.NODE_LABELS), *rels]


# --- results ---------------------------------------------------------------------------------


class WriteCounts(Model):
    """What the server reports for one label or relationship type: `updated` existed and changed."""

    rows: int = 0
    created: int = 0
    updated: int = 0
    properties_set: int = 0


class LoadSummary(Model):
    database: str
    nodes: dict[str, WriteCounts] = {}
    relationships: dict[str, WriteCounts] = {}
    replaced_sources: list[str] = []
    nodes_deleted: int = 0
    relationships_deleted: int = 0
    seconds: float = Field(default=0.0, ge=0)

    @property
    def nodes_created(self) -> int:
        return sum(c.created for c in self.nodes.values())

    @property
    def relationships_created(self) -> int:
        return sum(c.created for c in self.relationships.values())

    @property
    def properties_set(self) -> int:
        return sum(c.properties_set for c in (*self.nodes.values(), *self.relationships.values()))

    @property
    def rows(self) -> int:
        return sum(c.rows for c in (*self.nodes.values(), *self.relationships.values()))

    def table(self) -> list[dict[str, object]]:
        """One row per label and relationship type, for `paperkg load`'s closing table."""
        return [
            {"kind": kind, "name": name, "rows": c.rows, "created": c.created, "updated": c.updated,
             "properties set": c.properties_set}
            for kind, counts in (("node", self.nodes), ("relationship", self.relationships))
            for name, c in counts.items()
        ]


# --- connecting and errors -------------------------------------------------------------------


def connect(settings: Neo4jSettings, *, retry_seconds: float = 15.0, connection_timeout: float = 10.0) -> neo4j.Driver:
    """A driver whose server, credentials and database answered a query; StoreError otherwise.

    `retry_seconds` bounds how long a managed transaction retries transient failures (a restarting server).
    """
    scheme = settings.uri.split("://", 1)[0]
    if "://" not in settings.uri or scheme not in URI_SCHEMES:
        raise StoreError(f"unsupported Neo4j URI {settings.uri!r} (use {' / '.join(URI_SCHEMES)}://host:port)")
    password = settings.password.get_secret_value()
    try:
        driver = neo4j.GraphDatabase.driver(
            settings.uri, auth=(settings.user, password),
            max_transaction_retry_time=retry_seconds, connection_timeout=connection_timeout,
        )
    except (DriverError, ValueError) as e:
        raise StoreError(_scrub(f"cannot use Neo4j URI {settings.uri!r}: {_first_line(e)}", password)) from e
    try:
        with store_errors(settings):
            driver.verify_connectivity()  # fails fast, where a managed query would retry for retry_seconds
            driver.execute_query(cypher.statement(PING), database_=settings.database)
    except BaseException:
        driver.close()
        raise
    return driver


class store_errors:
    """Context manager: neo4j driver errors -> one-line StoreError naming the server, never the password."""

    def __init__(self, settings: Neo4jSettings | None = None, database: str | None = None):
        self.uri = settings.uri if settings else "the server"
        self.user = settings.user if settings else None
        self.database = database or (settings.database if settings else None)
        self.password = settings.password.get_secret_value() if settings else ""

    def __enter__(self) -> store_errors:
        return self

    def __exit__(self, exc_type: type | None, exc: BaseException | None, tb: object) -> bool:
        if exc is None or not isinstance(exc, DriverError | Neo4jError):
            return False
        raise StoreError(_scrub(self.message(exc), self.password)) from exc

    def message(self, e: BaseException) -> str:
        code = getattr(e, "code", None) or ""
        detail = _first_line(getattr(e, "message", None) or e)
        if isinstance(e, AuthError) or code.startswith("Neo.ClientError.Security."):
            return (f"Neo4j at {self.uri} refused the credentials of user {self.user!r} "
                    "(check --user/--password or NEO4J_USERNAME/NEO4J_PASSWORD)")
        if code == "Neo.ClientError.Database.DatabaseNotFound":
            return (f"Neo4j at {self.uri} has no database {self.database!r} "
                    "(check --database or NEO4J_DATABASE)")
        if isinstance(e, ConstraintError):
            return f"Neo4j constraint violation: {detail}"
        if isinstance(e, ServiceUnavailable):
            return f"cannot reach Neo4j at {self.uri}: {detail} (is the server running? check --uri or NEO4J_URI)"
        if isinstance(e, ClientError):
            return f"Neo4j rejected a statement ({code}): {detail}"
        if isinstance(e, Neo4jError):
            return f"Neo4j failed ({code or type(e).__name__}): {detail}"
        return f"Neo4j driver error ({type(e).__name__}): {detail}"


def _first_line(e: object, limit: int = 300) -> str:
    """The message on one line (driver messages span several), shortened to `limit` characters."""
    text = " ".join(str(e).split()) or type(e).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _scrub(message: str, password: str) -> str:
    return message.replace(password, "***") if password else message


# --- schema ----------------------------------------------------------------------------------


def apply_schema(driver: neo4j.Driver, database: str) -> int:
    """Run cypher/schema.cypher (all IF NOT EXISTS); returns how many constraints and indexes were new."""
    added = 0
    with store_errors(database=database):
        for statement in cypher.statements(SCHEMA):
            counters = driver.execute_query(statement, database_=database).summary.counters
            added += counters.constraints_added + counters.indexes_added
    return added


# --- validation ------------------------------------------------------------------------------


def _check_value(value: object, where: str) -> None:
    """What Neo4j can store as a property: a scalar or a homogeneous list of scalars, no null, no surrogates."""
    if value is None:
        raise InputError(f"{where} is null (Neo4j cannot store null properties)")
    if isinstance(value, list):
        for item in value:
            if item is None or isinstance(item, list | dict):
                raise InputError(f"{where} holds {item!r}; Neo4j lists hold only non-null scalars")
            _check_value(item, where)
        if len({bool if isinstance(v, bool) else type(v) for v in value}) > 1:
            raise InputError(f"{where} mixes types; Neo4j lists must be homogeneous")
        return
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as e:
            raise InputError(f"{where} is not valid Unicode ({e.reason})") from e
        return
    if isinstance(value, float) and math.isnan(value):
        raise InputError(f"{where} is NaN")
    if not isinstance(value, bool | int | float):
        raise InputError(f"{where} has unsupported type {type(value).__name__}")


def _check_properties(properties: dict[str, Any], where: str) -> None:
    for name, value in properties.items():
        if not isinstance(name, str) or not name or name == "key":
            raise InputError(f"{where} has a bad property name {name!r}")
        _check_value(value, f"{where} property {name!r}")


def validate(data: GraphData) -> None:
    """Refuse, before anything is sent, what Neo4j would reject (ArcadeDB accepts some of it silently)."""
    known: set[tuple[str, str]] = set()
    for node in data.nodes:
        where = f"{node.label} node {node.key!r}"
        if not isinstance(node.key, str) or not node.key:
            raise InputError(f"{node.label} node with empty or null key")
        _check_value(node.key, f"{where} key")
        _check_properties(node.properties, where)
        known.add((node.label, node.key))
    for rel in data.relationships:
        where = f"{rel.start_label} {rel.start_key!r} -[:{rel.type}]-> {rel.end_label} {rel.end_key!r}"
        for label, key in ((rel.start_label, rel.start_key), (rel.end_label, rel.end_key)):
            if (label, key) not in known:
                raise InputError(f"{where}: no {label} node with key {key!r} in the graph")
        _check_properties(rel.properties, where)


# --- rows ------------------------------------------------------------------------------------


Rows = list[dict[str, Any]]


def _node_rows(nodes: Sequence[Node]) -> dict[str, Rows]:
    """Rows per label in schema order; a later duplicate key wins, as MERGE + SET would make it."""
    by_label: dict[str, dict[str, dict[str, Any]]] = {label: {} for label in s.NODE_LABELS}
    for node in nodes:
        by_label[node.label][node.key] = {"key": node.key, "properties": node.properties}
    return {label: list(rows.values()) for label, rows in by_label.items() if rows}


def _relationship_rows(rels: Sequence[Relationship]) -> dict[tuple[str, str, str], Rows]:
    groups: dict[tuple[str, str, str], dict[tuple[str, str], dict[str, Any]]] = {}
    for t, (starts, ends) in s.RELATIONSHIPS.items():
        for a in starts:
            for b in ends:
                groups[(t, a, b)] = {}
    for rel in rels:
        groups[(rel.type, rel.start_label, rel.end_label)][(rel.start_key, rel.end_key)] = {
            "start": rel.start_key, "end": rel.end_key, "properties": rel.properties}
    return {k: list(v.values()) for k, v in groups.items() if v}


def _batches(rows: Rows, size: int) -> Iterator[Rows]:
    for i in range(0, len(rows), size):
        yield rows[i:i + size]


# --- writing ---------------------------------------------------------------------------------


def _write_batch(tx: neo4j.ManagedTransaction, statement: str, rows: Rows) -> WriteCounts:
    """One batch in one transaction. Rows with properties run first and apart from those without, so
    `written - created` of the first run is exactly the number of existing rows that changed."""
    counts = WriteCounts(rows=len(rows))
    with_props = [r for r in rows if r["properties"]]
    without = [r for r in rows if not r["properties"]]
    for group in (with_props, without):
        if not group:
            continue
        result = tx.run(statement, rows=group)
        written = result.single(strict=True)["written"]
        c = result.consume().counters
        created = c.nodes_created + c.relationships_created
        counts.created += created
        counts.properties_set += c.properties_set
        if group is with_props:
            counts.updated += max(written - created, 0)
    return counts


def _add(total: WriteCounts, part: WriteCounts) -> None:
    for field in ("rows", "created", "updated", "properties_set"):
        setattr(total, field, getattr(total, field) + getattr(part, field))


def _delete_tx(tx: neo4j.ManagedTransaction, statements: list[str], parameters: dict[str, Any]) -> tuple[int, int]:
    nodes = rels = 0
    for statement in statements:
        c = tx.run(statement, parameters).consume().counters
        nodes += c.nodes_deleted
        rels += c.relationships_deleted
    return nodes, rels


def delete_source(driver: neo4j.Driver, database: str, source: str) -> tuple[int, int]:
    """Delete one source's papers, then every node no paper reaches any more; (nodes, relationships) deleted.

    Two transactions: rerunning after an interruption finishes the job, because the orphan sweep is global.
    """
    with store_errors(database=database), driver.session(database=database) as session:
        papers = session.execute_write(_delete_tx, cypher.statements(DELETE_PAPERS), {"source": source})
        orphans = session.execute_write(_delete_tx, cypher.statements(DELETE_ORPHANS), {})
    return papers[0] + orphans[0], papers[1] + orphans[1]


def paper_sources(data: GraphData) -> list[str]:
    """The input files the graph's papers came from (Paper.source): what `paperkg load --replace` replaces."""
    return sorted({str(n.properties["source"]) for n in data.nodes if n.label == s.PAPER and n.properties.get("source")})


def load_graph(
    driver: neo4j.Driver,
    database: str,
    data: GraphData,
    *,
    batch_size: int = DEFAULT_BATCH_SIZE,
    replace_sources: Sequence[str] = (),
    progress: bool = False,
    on_batch: Callable[[int], None] | None = None,
) -> LoadSummary:
    """Validate, apply the schema, optionally delete `replace_sources`, then MERGE nodes and relationships.

    `on_batch(n)` is called after the n-th committed batch (progress reporting, interruption tests).
    """
    if batch_size < 1:
        raise InputError(f"batch size must be at least 1, not {batch_size}")
    began = time.monotonic()
    validate(data)
    node_groups = _node_rows(data.nodes)
    rel_groups = _relationship_rows(data.relationships)
    summary = LoadSummary(database=database, replaced_sources=sorted(set(replace_sources)))
    apply_schema(driver, database)
    for source in summary.replaced_sources:
        nodes, rels = delete_source(driver, database, source)
        summary.nodes_deleted += nodes
        summary.relationships_deleted += rels
    jobs: list[tuple[dict[str, WriteCounts], str, str, Rows]] = [
        (summary.nodes, label, node_statement(label), rows) for label, rows in node_groups.items()
    ] + [
        (summary.relationships, t, relationship_statement(t, a, b), rows) for (t, a, b), rows in rel_groups.items()
    ]
    total_rows = sum(len(rows) for *_, rows in jobs)
    done = 0
    with (store_errors(database=database), driver.session(database=database) as session,
          tqdm(total=total_rows, unit="row", desc="loading", disable=not progress) as bar):
        for counts, name, statement_name, rows in jobs:
            statement = cypher.statement(statement_name)
            total = counts.setdefault(name, WriteCounts())
            for batch in _batches(rows, batch_size):
                _add(total, session.execute_write(_write_batch, statement, batch))
                bar.update(len(batch))
                done += 1
                if on_batch is not None:
                    on_batch(done)
    summary.seconds = time.monotonic() - began
    return summary
