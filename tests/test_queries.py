"""Query helpers: known answers on a small hand-made graph, and identical rows on both backends.

The expected rows below were worked out by hand from HAND (drawn in the comment), not by running the code.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from paperkg import queries as q
from paperkg.errors import NotFoundError
from paperkg.graph import to_networkx
from paperkg.models import GraphData, Node, Relationship

# Papers (key, title): p1 Alpha, p2 Beta, p3 Gamma, p4 Delta, p5 Epsilon.
#   p1 Alpha:   Ann Lee, Bob Stone | PROPOSES ResNet | USES_DATASET ImageNet(3), COCO | image classification(2) | CV
#   p2 Beta:    Bob Stone, Cat Diaz | ResNet(2), Transformer | ImageNet, COCO(2) | image cls, object detection
#               | CV/Detection
#   p3 Gamma:   Cat Diaz, Dan Wu | PROPOSES Transformer(3) | SQuAD | question answering(2) | NLP
#   p4 Delta:   Fay Ng, Gus Ng | Transformer, BERT(2) | PROPOSES SQuAD, USES ImageNet | question answering | NLP
#   p5 Epsilon: Eve Moss | ResNet | - | object detection(2) | CV/Detection
#   p6 Zeta:    Ivy Park | no entities | NLP   (so Ivy is connected to nobody)
# Transformer has the alias "transformers"; ResNet "residual network". All papers at ICLR 2024.
AUTHORS = {"p1": ["Ann Lee", "Bob Stone"], "p2": ["Bob Stone", "Cat Diaz"], "p3": ["Cat Diaz", "Dan Wu"],
           "p4": ["Fay Ng", "Gus Ng"], "p5": ["Eve Moss"], "p6": ["Ivy Park"]}
TITLES = {"p1": "Alpha", "p2": "Beta", "p3": "Gamma", "p4": "Delta", "p5": "Epsilon", "p6": "Zeta"}
ENTITIES = [("Method", "resnet", "ResNet", ["residual network"]), ("Method", "transformer", "Transformer",
            ["transformers"]), ("Method", "bert", "BERT", []), ("Dataset", "imagenet", "ImageNet", []),
            ("Dataset", "coco", "COCO", []), ("Dataset", "squad", "SQuAD", []),
            ("Task", "image classification", "image classification", []),
            ("Task", "object detection", "object detection", []),
            ("Task", "question answering", "question answering", [])]
USES = [  # (paper, type, label, entity key, mentions)
    ("p1", "PROPOSES", "Method", "resnet", 1), ("p1", "USES_DATASET", "Dataset", "imagenet", 3),
    ("p1", "USES_DATASET", "Dataset", "coco", 1), ("p1", "ADDRESSES", "Task", "image classification", 2),
    ("p2", "USES_METHOD", "Method", "resnet", 2), ("p2", "USES_METHOD", "Method", "transformer", 1),
    ("p2", "USES_DATASET", "Dataset", "imagenet", 1), ("p2", "USES_DATASET", "Dataset", "coco", 2),
    ("p2", "ADDRESSES", "Task", "image classification", 1), ("p2", "ADDRESSES", "Task", "object detection", 1),
    ("p3", "PROPOSES", "Method", "transformer", 3), ("p3", "USES_DATASET", "Dataset", "squad", 1),
    ("p3", "ADDRESSES", "Task", "question answering", 2),
    ("p4", "USES_METHOD", "Method", "transformer", 1), ("p4", "USES_METHOD", "Method", "bert", 2),
    ("p4", "PROPOSES", "Dataset", "squad", 1), ("p4", "USES_DATASET", "Dataset", "imagenet", 1),
    ("p4", "ADDRESSES", "Task", "question answering", 1),
    ("p5", "USES_METHOD", "Method", "resnet", 1), ("p5", "ADDRESSES", "Task", "object detection", 2),
]
AREA_OF = {"p1": "computer vision", "p2": "computer vision/detection", "p3": "nlp", "p4": "nlp",
           "p5": "computer vision/detection", "p6": "nlp"}


def hand_graph() -> GraphData:
    nodes = [Node(label="Paper", key=k, properties={"name": t, "title": t, "abstract": f"About {t}.",
                                                      "venue": "ICLR", "year": 2024}) for k, t in TITLES.items()]
    people = sorted({a for names in AUTHORS.values() for a in names})
    nodes += [Node(label="Author", key=a.lower(), properties={"name": a}) for a in people]
    nodes += [Node(label=label, key=key, properties={"name": name, "aliases": aliases})
              for label, key, name, aliases in ENTITIES]
    nodes += [Node(label="Area", key="computer vision", properties={"name": "Computer Vision"}),
              Node(label="Area", key="computer vision/detection",
                   properties={"name": "Detection", "parent": "Computer Vision"}),
              Node(label="Area", key="nlp", properties={"name": "NLP"}),
              Node(label="Venue", key="iclr 2024", properties={"name": "ICLR 2024", "venue": "ICLR", "year": 2024})]
    rels = [Relationship(type="AUTHORED", start_label="Author", start_key=a.lower(), end_label="Paper", end_key=p,
                         properties={"position": i}) for p, names in AUTHORS.items()
            for i, a in enumerate(names, start=1)]
    rels += [Relationship(type=t, start_label="Paper", start_key=p, end_label=label, end_key=e,
                          properties={"mentions": m, "sentence": f"{TITLES[p]} and {e}."})
             for p, t, label, e, m in USES]
    rels.append(Relationship(type="SUBAREA_OF", start_label="Area", start_key="computer vision/detection",
                             end_label="Area", end_key="computer vision"))
    rels += [Relationship(type="IN_AREA", start_label="Paper", start_key=p, end_label="Area", end_key=a)
             for p, a in AREA_OF.items()]
    rels += [Relationship(type="PUBLISHED_AT", start_label="Paper", start_key=p, end_label="Venue",
                          end_key="iclr 2024") for p in TITLES]
    return GraphData(nodes=nodes, relationships=rels)


@pytest.fixture(scope="module")
def hand_nx():
    return to_networkx(hand_graph())


@pytest.fixture(params=["networkx", pytest.param("neo4j", marks=pytest.mark.neo4j)])
def hand(request, hand_nx):
    """The hand-made graph on each backend."""
    if request.param == "networkx":
        return hand_nx
    return request.getfixturevalue("hand_neo4j")


@pytest.fixture
def hand_neo4j(clean_db):
    from paperkg.neo4j_store import load_graph

    driver, database = clean_db
    load_graph(driver, database, hand_graph())
    return q.Neo4jBackend(driver, database)


def pairs(rows):
    return [(r.paper_a, r.paper_b, r.shared, r.names) for r in rows]


# --- known answers --------------------------------------------------------------------------------


def test_shared_datasets(hand):
    assert pairs(q.shared_datasets(hand)) == [("Alpha", "Beta", 2, ["COCO", "ImageNet"])]
    assert pairs(q.shared_datasets(hand, min_shared=1)) == [
        ("Alpha", "Beta", 2, ["COCO", "ImageNet"]),
        ("Alpha", "Delta", 1, ["ImageNet"]),
        ("Beta", "Delta", 1, ["ImageNet"]),
        ("Delta", "Gamma", 1, ["SQuAD"]),
    ]
    first = q.shared_datasets(hand, min_shared=1, limit=1)[0]
    assert (first.key_a, first.key_b) == ("p1", "p2")


def test_shared_methods_count_proposed_ones(hand):
    assert pairs(q.shared_methods(hand, min_shared=1)) == [
        ("Alpha", "Beta", 1, ["ResNet"]),
        ("Alpha", "Epsilon", 1, ["ResNet"]),
        ("Beta", "Delta", 1, ["Transformer"]),
        ("Beta", "Epsilon", 1, ["ResNet"]),
        ("Beta", "Gamma", 1, ["Transformer"]),
        ("Delta", "Gamma", 1, ["Transformer"]),
    ]
    assert q.shared_methods(hand) == []


def test_shared_tasks(hand):
    assert pairs(q.shared_tasks(hand, min_shared=1, limit=10)) == [
        ("Alpha", "Beta", 1, ["image classification"]),
        ("Beta", "Epsilon", 1, ["object detection"]),
        ("Delta", "Gamma", 1, ["question answering"]),
    ]


def test_papers_using_finds_aliases_in_any_case(hand):
    rows = q.papers_using(hand, "  TRANSFORMERS ")
    assert [(r.paper, r.relation, r.mentions, r.entity, r.label, r.key) for r in rows] == [
        ("Gamma", "PROPOSES", 3, "Transformer", "Method", "p3"),
        ("Beta", "USES_METHOD", 1, "Transformer", "Method", "p2"),
        ("Delta", "USES_METHOD", 1, "Transformer", "Method", "p4"),
    ]
    assert [r.paper for r in q.papers_using(hand, "object detection")] == ["Epsilon", "Beta"]


def test_unknown_name_suggests_close_matches(hand):
    with pytest.raises(NotFoundError) as err:
        q.papers_using(hand, "Transfomer")
    assert "Transformer" in err.value.suggestions
    with pytest.raises(NotFoundError) as err:
        q.coauthors(hand, "Bob Stnoe")
    assert err.value.suggestions[0] == "Bob Stone"
    with pytest.raises(NotFoundError):
        q.area(hand, "Robotics")


@pytest.mark.parametrize(("label", "expected"), [
    ("METHOD", [("ResNet", 3), ("Transformer", 3), ("BERT", 1)]),
    ("dataset", [("ImageNet", 3), ("COCO", 2), ("SQuAD", 2)]),
    ("TASK", [("image classification", 2), ("object detection", 2), ("question answering", 2)]),
    ("AUTHOR", [("Bob Stone", 2), ("Cat Diaz", 2), ("Ann Lee", 1), ("Dan Wu", 1), ("Eve Moss", 1),
                ("Fay Ng", 1), ("Gus Ng", 1), ("Ivy Park", 1)]),
])
def test_top(hand, label, expected):
    assert [(r.name, r.papers) for r in q.top(hand, label)] == expected
    assert [(r.name, r.papers) for r in q.top(hand, label, limit=2)] == expected[:2]


def test_top_rejects_unknown_label(hand_nx):
    with pytest.raises(NotFoundError):
        q.top(hand_nx, "VENUE")


def test_method_task(hand):
    rows = q.method_task(hand)
    assert [(r.method, r.task, r.papers) for r in rows] == [
        ("ResNet", "image classification", 2),
        ("ResNet", "object detection", 2),
        ("Transformer", "question answering", 2),
        ("BERT", "question answering", 1),
        ("Transformer", "image classification", 1),
        ("Transformer", "object detection", 1),
    ]
    assert len(q.method_task(hand, min_papers=2)) == 3


def test_coauthors(hand):
    assert [(r.author, r.papers, r.titles) for r in q.coauthors(hand, "cat diaz")] == [
        ("Bob Stone", 1, ["Beta"]), ("Dan Wu", 1, ["Gamma"])]
    assert q.coauthors(hand, "Eve Moss") == []


def test_collaboration(hand):
    summary = q.collaboration(hand)
    assert (summary.groups_total, summary.authors_total) == (4, 8)
    assert [(g.rank, g.authors, g.papers, g.members) for g in summary.groups] == [
        (1, 4, 3, ["Ann Lee", "Bob Stone", "Cat Diaz", "Dan Wu"]),
        (2, 2, 1, ["Fay Ng", "Gus Ng"]),
        (3, 1, 1, ["Eve Moss"]),
        (4, 1, 1, ["Ivy Park"]),
    ]
    assert [(a.author, a.coauthors, a.papers, a.group) for a in summary.authors] == [
        ("Bob Stone", 2, 2, 4), ("Cat Diaz", 2, 2, 4), ("Ann Lee", 1, 1, 4), ("Dan Wu", 1, 1, 4),
        ("Fay Ng", 1, 1, 2), ("Gus Ng", 1, 1, 2), ("Eve Moss", 0, 1, 1), ("Ivy Park", 0, 1, 1)]
    assert len(q.collaboration(hand, limit=1).groups) == 1


def test_similar(hand):
    rows = q.similar(hand, "beta")
    assert [(r.paper, r.score, r.methods, r.datasets, r.tasks) for r in rows] == [
        ("Alpha", 7, ["ResNet"], ["COCO", "ImageNet"], ["image classification"]),
        ("Delta", 4, ["Transformer"], ["ImageNet"], []),
        ("Epsilon", 3, ["ResNet"], [], ["object detection"]),
        ("Gamma", 2, ["Transformer"], [], []),
    ]
    assert [r.paper for r in q.similar(hand, "p3", limit=1)] == ["Delta"]  # Transformer 2 + QA 1 + SQuAD 2


def test_path_is_shortest_and_smallest_by_ids(hand):
    # Ann and Dan are 6 steps apart along many chains; "Author:bob stone" < "Dataset:..." < "Method:...".
    chain = [(s.step, s.via, s.label, s.name) for s in q.path(hand, "Ann Lee", "dan wu")]
    assert chain == [
        (0, "", "Author", "Ann Lee"),
        (1, "-[:AUTHORED]->", "Paper", "Alpha"),
        (2, "<-[:AUTHORED]-", "Author", "Bob Stone"),
        (3, "-[:AUTHORED]->", "Paper", "Beta"),
        (4, "<-[:AUTHORED]-", "Author", "Cat Diaz"),
        (5, "-[:AUTHORED]->", "Paper", "Gamma"),
        (6, "<-[:AUTHORED]-", "Author", "Dan Wu"),
    ]
    assert [(s.via, s.name) for s in q.path(hand, "imagenet", "Question Answering")] == [
        ("", "ImageNet"), ("<-[:USES_DATASET]-", "Delta"), ("-[:ADDRESSES]->", "question answering")]


def test_path_without_connection(hand):
    with pytest.raises(NotFoundError, match="no connection"):
        q.path(hand, "Eve Moss", "Ivy Park")


def test_proposed(hand):
    assert [(r.entity, r.role, r.paper) for r in q.proposed(hand, "residual network")] == [
        ("ResNet", "proposes", "Alpha"), ("ResNet", "uses", "Beta"), ("ResNet", "uses", "Epsilon")]
    assert [(r.label, r.role, r.paper) for r in q.proposed(hand, "squad")] == [
        ("Dataset", "proposes", "Delta"), ("Dataset", "uses", "Gamma")]
    assert [(r.role, r.paper) for r in q.proposed(hand, "BERT")] == [("uses", "Delta")]
    with pytest.raises(NotFoundError):
        q.proposed(hand, "question answering")  # a task, never proposed


def test_area_includes_subareas(hand):
    rows = [(r.label, r.name, r.papers) for r in q.area(hand, "computer vision")]
    assert rows == [
        ("Dataset", "COCO", 2), ("Dataset", "ImageNet", 2),
        ("Method", "ResNet", 3), ("Method", "Transformer", 1),
        ("Task", "image classification", 2), ("Task", "object detection", 2),
    ]
    assert [(r.label, r.name, r.papers) for r in q.area(hand, "Computer Vision", limit=1)] == [
        ("Dataset", "COCO", 2), ("Method", "ResNet", 3), ("Task", "image classification", 2)]
    assert [(r.label, r.name, r.papers) for r in q.area(hand, "DETECTION")] == [
        ("Dataset", "COCO", 1), ("Dataset", "ImageNet", 1),
        ("Method", "ResNet", 2), ("Method", "Transformer", 1),
        ("Task", "object detection", 2), ("Task", "image classification", 1),
    ]


# --- the Cypher files -----------------------------------------------------------------------------

PROPERTY_KEYS = ["key", "name", "aliases", "mentions", "sentence", "position", "title", "abstract", "venue",
                 "year", "source", "parent"]


def test_query_files_lint_without_any_diagnostic(cypher_linter):
    """Stricter than test_cypher_files: not even a warning (deprecations, unknown properties)."""
    from paperkg import cypher
    from paperkg import schema as s

    names = cypher.names("queries")
    assert len(names) >= 12
    statements = [{"name": n, "query": cypher.statement(n), "parameters": cypher.example_parameters(n)}
                  for n in names]
    found = cypher_linter(statements, list(s.NODE_LABELS), list(s.RELATIONSHIP_TYPES), property_keys=PROPERTY_KEYS)
    assert {n: d for n, d in found.items() if d} == {}


# --- the CLI --------------------------------------------------------------------------------------


@pytest.fixture
def hand_dir(tmp_path, hand_nx):
    from paperkg.export import write_node_link

    write_node_link(hand_nx, tmp_path / "graph.json")
    return tmp_path


def test_cli_answers_from_the_embedded_graph(hand_dir, capsys):
    import json

    from paperkg.cli import main

    assert main(["query", "shared-datasets", "--graph", str(hand_dir), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == [
        {"paper_a": "Alpha", "paper_b": "Beta", "shared": 2, "names": ["COCO", "ImageNet"], "key_a": "p1",
         "key_b": "p2"}]
    assert main(["query", "papers-using", "residual", "network", "--graph", str(hand_dir), "--format", "csv"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "paper,relation,mentions,entity,label,key", "Beta,USES_METHOD,2,ResNet,Method,p2",
        "Alpha,PROPOSES,1,ResNet,Method,p1", "Epsilon,USES_METHOD,1,ResNet,Method,p5"]
    assert main(["query", "path", "ImageNet", "question answering", "--graph", str(hand_dir)]) == 0
    assert capsys.readouterr().out.startswith(
        "ImageNet <-[:USES_DATASET]- Delta -[:ADDRESSES]-> question answering\n")
    assert main(["query", "top", "--label", "author", "--limit", "1", "--graph", str(hand_dir)]) == 0
    assert "Bob Stone" in capsys.readouterr().out


def test_cli_unknown_name_exits_nonzero_with_suggestions(hand_dir, capsys):
    from paperkg.cli import main

    assert main(["query", "coauthors", "Bob Stnoe", "--graph", str(hand_dir)]) == 1
    assert "did you mean: Bob Stone" in capsys.readouterr().err


def test_cli_default_backend_is_out_graph_json(hand_dir, tmp_path, monkeypatch, capsys):
    from paperkg.cli import main

    (tmp_path / "out").mkdir()
    (hand_dir / "graph.json").rename(tmp_path / "out" / "graph.json")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NEO4J_URI", "bolt://127.0.0.1:1")  # would fail if it were used
    assert main(["query", "proposed", "squad", "--format", "json"]) == 0
    assert '"role": "proposes"' in capsys.readouterr().out
    assert main(["query", "proposed", "squad", "--graph", "out", "--uri", "bolt://x"]) == 1


@pytest.mark.neo4j
def test_cli_answers_from_neo4j(hand_neo4j, bolt_server, monkeypatch, capsys):
    from paperkg.cli import main

    monkeypatch.setenv("NEO4J_USERNAME", bolt_server.auth[0])
    monkeypatch.setenv("NEO4J_PASSWORD", bolt_server.auth[1])
    monkeypatch.setenv("NEO4J_DATABASE", bolt_server.database)
    assert main(["query", "similar", "Beta", "--uri", bolt_server.uri, "--limit", "1", "--format", "csv"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "paper,score,methods,datasets,tasks,key", "Alpha,7,ResNet,COCO; ImageNet,image classification,p1"]
    assert main(["query", "area", "Robotcs", "--uri", bolt_server.uri]) == 1
    assert "no area named 'Robotcs'" in capsys.readouterr().err


# --- both backends, real graphs -------------------------------------------------------------------

SEEDS = Path(__file__).resolve().parents[1] / "seeds"
ICLR = Path(__file__).resolve().parents[2] / "shared" / "corpora" / "iclr2024.jsonl.gz"


def real_graph(source: Path) -> GraphData:
    from paperkg.build import make_corpus
    from paperkg.settings import Settings

    return make_corpus([source], Settings()).graph


def calls(g) -> list[tuple[str, Callable]]:
    """Every question with arguments drawn from the graph: popular, rare, aliased and oddly cased names."""
    entities = [n for n, a in g.nodes(data=True) if a["label"] in ("Method", "Task", "Dataset")]
    tops = {label: [r.name for r in q.top(g, label)] for label in q.TOP_LABELS}
    aliased = sorted((a["aliases"][0] for n, a in g.nodes(data=True) if a.get("aliases")))[:3]
    named = [tops["METHOD"][0].upper(), tops["DATASET"][0], tops["TASK"][0], tops["METHOD"][-1], *aliased]
    proposed = sorted({g.nodes[v]["name"] for _, v, d in g.edges(data=True) if d["type"] == "PROPOSES"})[:4]
    papers = sorted(n for n, a in g.nodes(data=True) if a["label"] == "Paper")
    some_papers = [g.nodes[papers[0]]["key"], g.nodes[papers[len(papers) // 2]]["name"].lower()]
    areas = sorted({a["name"] for _, a in g.nodes(data=True) if a["label"] == "Area"})[:6]
    authors = [tops["AUTHOR"][0], tops["AUTHOR"][-1], tops["AUTHOR"][len(tops["AUTHOR"]) // 2]]
    ends = [(authors[0], tops["DATASET"][0]), (some_papers[0], some_papers[1]), (authors[1], tops["TASK"][0]),
            (g.nodes[entities[0]]["name"], authors[2])]
    found = [("shared_datasets(1)", lambda b: q.shared_datasets(b, 1)), ("shared_datasets", q.shared_datasets),
             ("shared_methods", q.shared_methods), ("shared_methods(1, 50)", lambda b: q.shared_methods(b, 1, 50)),
             ("shared_tasks", q.shared_tasks), ("method_task", q.method_task),
             ("method_task(2, 30)", lambda b: q.method_task(b, 2, 30)), ("collaboration", q.collaboration),
             ("collaboration(5)", lambda b: q.collaboration(b, 5))]
    found += [(f"top({label})", lambda b, label=label: q.top(b, label)) for label in q.TOP_LABELS]
    found += [(f"top({label}, 3)", lambda b, label=label: q.top(b, label, 3)) for label in q.TOP_LABELS]
    found += [(f"papers_using({n!r})", lambda b, n=n: q.papers_using(b, n)) for n in named]
    found += [(f"proposed({n!r})", lambda b, n=n: q.proposed(b, n)) for n in proposed]
    found += [(f"coauthors({n!r})", lambda b, n=n: q.coauthors(b, n)) for n in authors]
    found += [(f"similar({n!r})", lambda b, n=n: q.similar(b, n)) for n in some_papers]
    found += [(f"similar({n!r}, 5)", lambda b, n=n: q.similar(b, n, 5)) for n in some_papers]
    found += [(f"area({n!r})", lambda b, n=n: q.area(b, n, None)) for n in areas]
    found += [(f"area({n!r}, 3)", lambda b, n=n: q.area(b, n, 3)) for n in areas]
    found += [(f"path({x!r}, {y!r})", lambda b, x=x, y=y: _path_or_none(b, x, y)) for x, y in ends]
    return found


def _path_or_none(backend, a: str, b: str):
    try:
        return q.path(backend, a, b)
    except NotFoundError as e:
        return str(e)


def assert_backends_agree(data: GraphData, driver, database: str) -> int:
    """Load `data` into Neo4j and compare every question's rows; returns how many rows were compared."""
    from paperkg.neo4j_store import load_graph

    g = to_networkx(data)
    load_graph(driver, database, data)
    neo = q.Neo4jBackend(driver, database)
    differing, rows = [], 0
    for label, call in calls(g):
        expected, got = call(g), call(neo)
        rows += len(expected) if isinstance(expected, list) else 1
        if got != expected:
            differing.append(label)
    assert differing == []
    return rows


@pytest.mark.neo4j
def test_backends_agree_on_the_seeds(clean_db):
    assert assert_backends_agree(real_graph(SEEDS), *clean_db) > 100


@pytest.mark.neo4j
@pytest.mark.slow
@pytest.mark.skipif(not ICLR.is_file(), reason=f"{ICLR} is not here")
def test_backends_agree_on_iclr2024(clean_db):
    assert assert_backends_agree(real_graph(ICLR), *clean_db) > 1000
