"""The Neo4j loader against a real Bolt server (ArcadeDB from the test wheel, or Neo4j via PAPERKG_TEST_NEO4J_URI).

Hand-built graphs keep most tests fast; the seeds test runs the real extraction.
"""

from __future__ import annotations

import json

import logging
from collections import Counter

import neo4j
import pytest
from bolt_server import free_ports

from paperkg import cli
from paperkg import schema as s
from paperkg.errors import InputError, StoreError
from paperkg.export import write_node_link
from paperkg.graph import to_networkx
from paperkg.models import GraphData, Node, Relationship
from paperkg.neo4j_store import connect, load_graph, paper_sources, validate
from paperkg.settings import Neo4jSettings

pytestmark = pytest.mark.neo4j


# --- helpers ---------------------------------------------------------------------------------


def settings_of(target, **changes: str) -> Neo4jSettings:
    user, password = target.auth
    values = {"uri": target.uri, "user": user, "password": password, "database": target.database, **changes}
    return Neo4jSettings(**values)


def paper(key: str, source: str, **props) -> Node:
    return Node(label=s.PAPER, key=key, properties={"name": f"Paper {key}", "source": source, **props})


def node(label: str, key: str, name: str | None = None, **props) -> Node:
    return Node(label=label, key=key, properties={"name": name or key, **props})


def rel(rel_type: str, start: Node, end: Node, **props) -> Relationship:
    return Relationship(type=rel_type, start_label=start.label, start_key=start.key,
                        end_label=end.label, end_key=end.key, properties=props)


def source_graph(source: str, papers: list[str], *, shared: bool = True, extra_method: str | None = None) -> GraphData:
    """Papers of one source; every source shares the author 'ada', the method 'transformer' and the venue."""
    nodes: dict[tuple[str, str], Node] = {}
    rels: list[Relationship] = []

    def add(n: Node) -> Node:
        return nodes.setdefault((n.label, n.key), n)

    top = add(node(s.AREA, "vision", "Vision"))
    sub = add(node(s.AREA, "vision/generation", "Generation", parent="Vision"))
    rels.append(rel(s.SUBAREA_OF, sub, top))
    venue = add(node(s.VENUE, "iclr 2024", "ICLR 2024", venue="ICLR", year=2024))
    for key in papers:
        p = add(paper(key, source, abstract=f"Abstract of {key}.", year=2024))
        own = add(node(s.AUTHOR, f"author of {key}"))
        rels.append(rel(s.AUTHORED, own, p, position=1))
        if shared:
            ada = add(node(s.AUTHOR, "ada lovelace", "Ada Lovelace"))
            rels.append(rel(s.AUTHORED, ada, p, position=2))
            method = add(node(s.METHOD, "transformer", "Transformer", aliases=["transformers"]))
            rels.append(rel(s.USES_METHOD, p, method, mentions=2, sentence="We use a Transformer."))
        task = add(node(s.TASK, f"task of {key}", aliases=[]))
        rels.append(rel(s.ADDRESSES, p, task, mentions=1, sentence="A task."))
        data = add(node(s.DATASET, f"set-{key}"))
        rels.append(rel(s.PROPOSES, p, data, mentions=1, sentence="We release a set."))
        rels.append(rel(s.IN_AREA, p, sub))
        rels.append(rel(s.PUBLISHED_AT, p, venue))
    if extra_method:
        m = add(node(s.METHOD, extra_method))
        rels.append(rel(s.PROPOSES, nodes[(s.PAPER, papers[0])], m, mentions=1, sentence="We propose it."))
    return GraphData(nodes=list(nodes.values()), relationships=rels)


def union(*graphs: GraphData) -> GraphData:
    nodes = {(n.label, n.key): n for g in graphs for n in g.nodes}
    rels = {(r.type, r.start_key, r.end_label, r.end_key): r for g in graphs for r in g.relationships}
    return GraphData(nodes=list(nodes.values()), relationships=list(rels.values()))


def snapshot(driver: neo4j.Driver, database: str) -> tuple[Counter, Counter]:
    """(label, key) of every node and (start key, type, end key) of every relationship, with multiplicity."""
    nodes = driver.execute_query("MATCH (n) RETURN labels(n) AS labels, n.key AS key", database_=database).records
    rels = driver.execute_query("MATCH (a)-[r]->(b) RETURN a.key AS a, type(r) AS t, b.key AS b",
                                database_=database).records
    return (Counter((tuple(r["labels"]), r["key"]) for r in nodes), Counter((r["a"], r["t"], r["b"]) for r in rels))


def expected_snapshot(data: GraphData) -> tuple[Counter, Counter]:
    return (Counter(((n.label,), n.key) for n in data.nodes),
            Counter((r.start_key, r.type, r.end_key) for r in data.relationships))


# --- idempotent, incremental, replace ----------------------------------------------------------


def test_load_matches_networkx_and_second_load_creates_nothing(clean_db) -> None:
    driver, database = clean_db
    data = union(source_graph("a.txt", ["p1", "p2"]), source_graph("b.txt", ["p3"], extra_method="diffusion"))
    graph = to_networkx(data)

    first = load_graph(driver, database, data, batch_size=2)
    assert first.nodes_created == graph.number_of_nodes()
    assert first.relationships_created == graph.number_of_edges()
    assert {k: v.created for k, v in first.nodes.items()} == dict(Counter(n.label for n in data.nodes))
    assert snapshot(driver, database) == expected_snapshot(data)

    second = load_graph(driver, database, data, batch_size=3)
    assert (second.nodes_created, second.relationships_created, second.properties_set) == (0, 0, 0)
    assert all(c.updated == 0 for c in (*second.nodes.values(), *second.relationships.values()))
    assert second.rows == first.rows == len(data.nodes) + len(data.relationships)
    assert snapshot(driver, database) == expected_snapshot(data)


def test_changed_properties_count_as_updates(clean_db) -> None:
    driver, database = clean_db
    data = source_graph("a.txt", ["p1", "p2"])
    load_graph(driver, database, data)
    renamed = data.model_copy(deep=True)
    next(n for n in renamed.nodes if n.key == "transformer").properties["aliases"] = ["transformers", "TF"]
    next(r for r in renamed.relationships if r.type == s.AUTHORED).properties["position"] = 9
    summary = load_graph(driver, database, renamed)
    assert summary.nodes_created == summary.relationships_created == 0
    assert summary.nodes[s.METHOD].updated == 1
    assert summary.relationships[s.AUTHORED].updated == 1
    aliases = driver.execute_query("MATCH (m:Method {key: 'transformer'}) RETURN m.aliases AS a",
                                   database_=database).records[0]["a"]
    assert aliases == ["transformers", "TF"]


def test_incremental_sources_merge_shared_nodes(clean_db) -> None:
    driver, database = clean_db
    a = source_graph("a.txt", ["p1", "p2"])
    b = source_graph("b.txt", ["p3", "p4"])
    load_graph(driver, database, a)
    second = load_graph(driver, database, b)
    # ada, transformer, the venue and both areas already existed
    assert second.nodes[s.AUTHOR].created == 2
    assert second.nodes[s.METHOD].created == 0
    assert second.nodes[s.VENUE].created == second.nodes[s.AREA].created == 0
    assert second.relationships[s.SUBAREA_OF].created == 0
    assert snapshot(driver, database) == expected_snapshot(union(a, b))


def test_replace_removes_a_sources_papers_and_orphans(clean_db) -> None:
    driver, database = clean_db
    a = source_graph("a.txt", ["p1", "p2"], extra_method="only in a")
    b = source_graph("b.txt", ["p3"])
    load_graph(driver, database, union(a, b))
    a2 = source_graph("a.txt", ["p2", "p5"], shared=False)
    assert paper_sources(a2) == ["a.txt"]

    summary = load_graph(driver, database, a2, replace_sources=paper_sources(a2))
    assert summary.nodes_deleted > 0 and summary.relationships_deleted > 0
    got = snapshot(driver, database)
    assert got == expected_snapshot(union(a2, b))
    keys = {key for (_, key) in got[0]}
    assert {"p1", "only in a", "author of p1", "task of p1", "set-p1"}.isdisjoint(keys)
    assert {"ada lovelace", "transformer", "p3"} <= keys  # still reached by b's paper


def test_replace_deletes_areas_and_venues_no_paper_reaches(clean_db) -> None:
    driver, database = clean_db
    load_graph(driver, database, source_graph("a.txt", ["p1"]))
    lonely = GraphData(nodes=[paper("q1", "a.txt")])
    load_graph(driver, database, lonely, replace_sources=["a.txt"])
    assert snapshot(driver, database) == expected_snapshot(lonely)


# --- interruption --------------------------------------------------------------------------------


class Interrupt(Exception):
    pass


def test_interrupted_load_rerun_ends_with_the_same_graph(clean_db) -> None:
    """Ctrl-C (any exception) between batches: committed batches stay, the rerun completes the graph."""
    driver, database = clean_db
    data = union(source_graph("a.txt", [f"p{i}" for i in range(30)]), source_graph("b.txt", ["x1", "x2"]))

    def stop(n: int) -> None:
        if n == 4:
            raise Interrupt

    with pytest.raises(Interrupt):
        load_graph(driver, database, data, batch_size=7, on_batch=stop)
    partial = snapshot(driver, database)
    assert 0 < sum(partial[0].values()) < len(data.nodes)
    load_graph(driver, database, data, batch_size=7)
    assert snapshot(driver, database) == expected_snapshot(data)


def test_killed_server_mid_load_then_rerun_ends_with_the_same_graph(bolt_server_factory) -> None:
    server = bolt_server_factory()
    user, password = server.auth
    settings = Neo4jSettings(uri=server.uri, user=user, password=password, database=server.database)
    data = source_graph("a.txt", [f"p{i}" for i in range(60)])

    def crash(n: int) -> None:
        if n == 5:
            server.kill9()

    with connect(settings, retry_seconds=1) as driver, pytest.raises(StoreError) as err:
        load_graph(driver, server.database, data, batch_size=10, on_batch=crash)
    assert "\n" not in str(err.value) and password not in str(err.value)
    server.restart()
    with connect(settings) as driver:
        assert 0 < sum(snapshot(driver, server.database)[0].values()) < len(data.nodes)
        rerun = load_graph(driver, server.database, data, batch_size=10)
        assert 0 < rerun.nodes_created < len(data.nodes)
        assert snapshot(driver, server.database) == expected_snapshot(data)


# --- errors --------------------------------------------------------------------------------------


def one_line_without(password: str, err: pytest.ExceptionInfo) -> str:
    message = str(err.value)
    assert "\n" not in message and password not in message
    assert isinstance(err.value.__cause__, neo4j.exceptions.Neo4jError | neo4j.exceptions.DriverError)
    return message


def test_unreachable_server() -> None:
    (port,) = free_ports(1)
    settings = Neo4jSettings(uri=f"bolt://127.0.0.1:{port}", password="Sup3r-secret!")
    with pytest.raises(StoreError) as err:
        connect(settings)
    assert "cannot reach Neo4j" in one_line_without("Sup3r-secret!", err)


def test_wrong_credentials(bolt_server) -> None:
    with pytest.raises(StoreError) as err:
        connect(settings_of(bolt_server, password="Wr0ng-but-secret"))
    assert "refused the credentials" in one_line_without("Wr0ng-but-secret", err)


def test_unknown_database(bolt_server) -> None:
    with pytest.raises(StoreError) as err:
        connect(settings_of(bolt_server, database="nosuchdb"))
    assert "no database 'nosuchdb'" in one_line_without(bolt_server.auth[1], err)


def test_bad_uri_scheme() -> None:
    with pytest.raises(StoreError, match="unsupported Neo4j URI"):
        connect(Neo4jSettings(uri="http://localhost:7474"))


def test_constraint_violation(bolt_server_factory) -> None:
    """A user's own constraint (here: unique venue names) that the data breaks is one clear line."""
    server = bolt_server_factory()
    user, password = server.auth
    settings = Neo4jSettings(uri=server.uri, user=user, password=password, database=server.database)
    data = GraphData(nodes=[node(s.VENUE, "iclr 2024", "ICLR"), node(s.VENUE, "iclr 2025", "ICLR")])
    with connect(settings) as driver:
        driver.execute_query("CREATE CONSTRAINT venue_name IF NOT EXISTS FOR (n:Venue) REQUIRE n.name IS UNIQUE",
                             database_=server.database)
        with pytest.raises(StoreError) as err:
            load_graph(driver, server.database, data)
    assert "constraint violation" in one_line_without(password, err)


# --- validation and verbatim values ------------------------------------------------------------


def test_validation_refuses_what_neo4j_would_reject(clean_db) -> None:
    driver, database = clean_db
    bad_list = GraphData(nodes=[Node.model_construct(label=s.METHOD, key="m", properties={"aliases": ["a", None]})])
    null_key = GraphData(nodes=[Node.model_construct(label=s.METHOD, key=None, properties={})])
    null_value = GraphData(nodes=[Node.model_construct(label=s.METHOD, key="m", properties={"name": None})])
    mixed = GraphData(nodes=[Node.model_construct(label=s.METHOD, key="m", properties={"aliases": ["a", 1]})])
    dangling = GraphData(nodes=[paper("p1", "a.txt")],
                         relationships=[rel(s.USES_METHOD, paper("p1", "a.txt"), node(s.METHOD, "missing"))])
    for data, message in ((bad_list, "non-null scalars"), (null_key, "empty or null key"), (null_value, "is null"),
                          (mixed, "homogeneous"), (dangling, "no Method node with key 'missing'")):
        with pytest.raises(InputError, match=message):
            validate(data)
        with pytest.raises(InputError):
            load_graph(driver, database, data)
    assert snapshot(driver, database) == (Counter(), Counter())


NASTY = [
    "it's \"quoted\"",
    "back`tick`` ",
    "{braces} $param } ) DETACH DELETE n //",
    "Ünïcödé — 日本語 😀",
    "line\nbreak\ttab \\ backslash",
    "'; MATCH (n) DETACH DELETE n; //",
]


def test_names_with_quotes_backticks_braces_and_unicode_are_stored_verbatim(clean_db) -> None:
    driver, database = clean_db
    papers = [paper("p-" + name, "weird.txt", title=name) for name in NASTY]
    methods = [node(s.METHOD, name, name, aliases=NASTY) for name in NASTY]
    rels = [rel(s.USES_METHOD, p, m, sentence=m.key, mentions=1) for p, m in zip(papers, methods, strict=True)]
    load_graph(driver, database, GraphData(nodes=papers + methods, relationships=rels))
    records = driver.execute_query(
        "MATCH (p:Paper)-[r:USES_METHOD]->(m:Method) RETURN p.key AS p, p.title AS title, m.key AS key, "
        "m.name AS name, m.aliases AS aliases, r.sentence AS sentence", database_=database).records
    assert sorted(r["key"] for r in records) == sorted(NASTY)
    for r in records:
        assert r["name"] == r["key"] == r["sentence"]
        assert r["aliases"] == NASTY
        assert r["p"] == "p-" + r["title"]


# --- real pipeline and CLI ---------------------------------------------------------------------


def test_seeds_load_per_file_then_twice_together(clean_db) -> None:
    pytest.importorskip("paperkg.extract")
    from paperkg.build import make_corpus
    from paperkg.ingest import expand_inputs
    from paperkg.settings import Settings

    driver, database = clean_db
    files, _ = expand_inputs(["seeds"])
    parts = [make_corpus([f], Settings()).graph for f in files]
    for part in parts:
        load_graph(driver, database, part)
    assert snapshot(driver, database)[0] == expected_snapshot(union(*parts))[0]

    whole = make_corpus(["seeds"], Settings()).graph
    graph = to_networkx(whole)
    driver.execute_query("MATCH (n) DETACH DELETE n", database_=database)
    first = load_graph(driver, database, whole)
    assert (first.nodes_created, first.relationships_created) == (graph.number_of_nodes(), graph.number_of_edges())
    assert first.nodes[s.PAPER].created == 39 and first.relationships[s.AUTHORED].created == 86
    again = load_graph(driver, database, whole)
    assert (again.nodes_created, again.relationships_created, again.properties_set) == (0, 0, 0)


def test_title_only_papers_load_with_their_authors(clean_db, tmp_path) -> None:
    from paperkg.build import make_corpus
    from paperkg.settings import Settings

    driver, database = clean_db
    src = tmp_path / "neurips.jsonl"
    src.write_text("".join(json.dumps({"id": f"n{i}", "title": f"Title {i}", "authors": ["Ada Lovelace", f"B {i}"],
                                       "venue": "NeurIPS", "year": 2024}) + "\n" for i in range(3)))
    graph = make_corpus([src], Settings()).graph
    first = load_graph(driver, database, graph)
    assert first.nodes[s.PAPER].created == 3 and first.relationships[s.AUTHORED].created == 6
    records = driver.execute_query(
        "MATCH (a:Author)-[:AUTHORED]->(p:Paper) WHERE a.name = $name RETURN p.title AS title, p.abstract AS abstract",
        name="Ada Lovelace", database_=database).records
    assert sorted((r["title"], r["abstract"]) for r in records) == [(f"Title {i}", None) for i in range(3)]
    again = load_graph(driver, database, graph)
    assert (again.nodes_created, again.relationships_created, again.properties_set) == (0, 0, 0)


def test_cli_load_graph_json_twice_and_replace(clean_db, bolt_server, tmp_path, monkeypatch, capsys) -> None:
    driver, database = clean_db
    user, password = bolt_server.auth
    data = union(source_graph("a.txt", ["p1", "p2"]), source_graph("b.txt", ["p3"]))
    path = tmp_path / "graph.json"
    write_node_link(to_networkx(data), path)
    monkeypatch.setenv("NEO4J_PASSWORD", password)
    args = ["load", "--graph", str(path), "--uri", bolt_server.uri, "--user", user, "--database", database,
            "--no-progress"]
    try:
        assert cli.main(args) == 0
        out = capsys.readouterr().out
        assert f"{len(data.nodes)} nodes and {len(data.relationships)} relationships created" in out
        assert cli.main(args) == 0
        assert "0 nodes and 0 relationships created, 0 properties set" in capsys.readouterr().out
        assert cli.main([*args, "--replace", "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["load"]["replaced_sources"] == ["a.txt", "b.txt"]
        assert snapshot(driver, database) == expected_snapshot(data)

        monkeypatch.setenv("NEO4J_PASSWORD", "Not-the-password-42")
        assert cli.main(args) == cli.EXIT_ERROR
        captured = capsys.readouterr()
        assert captured.err.count("\n") == 1 and "refused the credentials" in captured.err
        assert "Not-the-password-42" not in captured.err + captured.out

        # Inputs to extract: the credentials are checked before any ingest or extraction.
        assert cli.main(["load", str(path.parent / "missing.jsonl"), *args[3:]]) == cli.EXIT_ERROR
        assert "refused the credentials" in capsys.readouterr().err
    finally:
        logging.getLogger("neo4j").propagate = True  # the CLI mutes the driver's log


def test_help_never_shows_the_password(monkeypatch, capsys) -> None:
    monkeypatch.setenv("NEO4J_PASSWORD", "Env-secret-123")
    for command in ("load", "init-db"):
        with pytest.raises(SystemExit):
            cli.main([command, "--help"])
        out = capsys.readouterr().out
        assert "Env-secret-123" not in out and "example:" in out


def test_cli_init_db_and_errors(bolt_server, monkeypatch, capsys) -> None:
    user, password = bolt_server.auth
    monkeypatch.setenv("NEO4J_PASSWORD", password)
    base = ["init-db", "--uri", bolt_server.uri, "--user", user]
    try:
        assert cli.main([*base, "--database", bolt_server.database]) == 0
        assert "schema applied" in capsys.readouterr().out
        assert cli.main([*base, "--database", "nosuchdb"]) == cli.EXIT_ERROR
        assert "no database 'nosuchdb'" in capsys.readouterr().err
        (port,) = free_ports(1)
        assert cli.main(["init-db", "--uri", f"bolt://127.0.0.1:{port}"]) == cli.EXIT_ERROR
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "cannot reach Neo4j" in err
    finally:
        logging.getLogger("neo4j").propagate = True


def test_schema_has_a_key_constraint_per_label(clean_db) -> None:
    driver, database = clean_db
    load_graph(driver, database, GraphData())
    records = driver.execute_query("SHOW CONSTRAINTS", database_=database).records
    constrained = {r["labelsOrTypes"][0] for r in records if r["properties"] == ["key"]}
    assert constrained == set(s.NODE_LABELS)
