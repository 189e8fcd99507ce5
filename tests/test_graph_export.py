"""Graph records, the networkx graph, and GraphML/node-link files read back by networkx and igraph."""

from __future__ import annotations

import igraph
import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paperkg import export
from paperkg.errors import InputError
from paperkg.graph import build_graph_data, from_networkx, summarize, to_networkx
from paperkg.models import Entity, Mention, Paper, PaperExtraction


def _mention(text: str, abstract: str) -> Mention:
    start = abstract.index(text)
    return Mention(start=start, end=start + len(text), text=text, sentence=abstract, rule="test")


def small_corpus():
    a1 = "We propose FooNet for node classification on Cora."
    a2 = "We use FooNet on Cora and Citeseer."
    papers = [
        Paper(id="p1", abstract=a1, title="FooNet", authors=["Ada Lovelace", "Alan Turing"], venue="ICLR",
              year=2024, area="Graphs", subarea="GNNs"),
        Paper(id="p2", abstract=a2, authors=["alan turing"], area="Graphs"),
    ]
    extractions = [
        PaperExtraction(id="p1", entities=[
            Entity(label="METHOD", name="FooNet", proposed=True, key="method:foonet",
                   mentions=[_mention("FooNet", a1)]),
            Entity(label="TASK", name="node classification", key="task:node classification",
                   mentions=[_mention("node classification", a1)]),
            Entity(label="DATASET", name="Cora", key="dataset:cora", mentions=[_mention("Cora", a1)]),
        ]),
        PaperExtraction(id="p2", entities=[
            Entity(label="METHOD", name="FooNet", aliases=["Foo Network"], key="method:foonet",
                   mentions=[_mention("FooNet", a2)]),
            Entity(label="DATASET", name="Cora", key="dataset:cora", mentions=[_mention("Cora", a2)]),
            Entity(label="DATASET", name="Citeseer", key="dataset:citeseer", mentions=[_mention("Citeseer", a2)]),
        ]),
    ]
    return papers, extractions


def test_counts_follow_the_schema():
    data = build_graph_data(*small_corpus())
    counts = summarize(data)
    assert counts["nodes"] == {"Paper": 2, "Author": 2, "Method": 1, "Task": 1, "Dataset": 2, "Area": 2, "Venue": 1}
    assert counts["relationships"] == {
        "AUTHORED": 3, "PROPOSES": 1, "USES_METHOD": 1, "USES_DATASET": 3, "ADDRESSES": 1,
        "IN_AREA": 2, "SUBAREA_OF": 1, "PUBLISHED_AT": 1,
    }


def test_proposed_is_not_also_used_and_evidence_is_kept():
    graph = to_networkx(build_graph_data(*small_corpus()))
    assert set(graph["Paper:p1"]["Method:method:foonet"]) == {"PROPOSES"}
    edge = graph["Paper:p2"]["Method:method:foonet"]["USES_METHOD"]
    assert edge["mentions"] == 1 and edge["sentence"] == "We use FooNet on Cora and Citeseer."
    assert graph.nodes["Method:method:foonet"]["aliases"] == ["Foo Network"]
    assert graph["Author:alan turing"]["Paper:p1"]["AUTHORED"]["position"] == 2


def test_missing_key_is_an_error():
    papers, extractions = small_corpus()
    extractions[0].entities[0].key = None
    with pytest.raises(InputError, match="has no key"):
        build_graph_data(papers, extractions)


def test_networkx_round_trip_through_node_link(tmp_path):
    data = build_graph_data(*small_corpus())
    path = tmp_path / "graph.json"
    export.write_node_link(to_networkx(data), path)
    back = from_networkx(export.read_node_link(path))
    assert sorted(back.model_dump()["nodes"], key=str) == sorted(data.model_dump()["nodes"], key=str)
    assert sorted(back.model_dump()["relationships"], key=str) == sorted(data.model_dump()["relationships"], key=str)


def test_bad_graph_json_is_a_clear_error(tmp_path):
    path = tmp_path / "graph.json"
    path.write_text("{not json")
    with pytest.raises(InputError, match="not a paperkg graph.json"):
        export.read_node_link(path)


def test_graphml_opens_in_networkx_and_igraph(tmp_path):
    graph = to_networkx(build_graph_data(*small_corpus()))
    path = tmp_path / "g.graphml"
    export.write_graphml(graph, path)
    back = nx.read_graphml(path, force_multigraph=True)
    assert back.number_of_nodes() == graph.number_of_nodes()
    assert back.number_of_edges() == graph.number_of_edges()
    assert back.nodes["Method:method:foonet"]["aliases"] == "Foo Network"
    assert back.nodes["Method:method:foonet"]["kind"] == "Method"
    ig = igraph.Graph.Read_GraphML(str(path))
    assert (ig.vcount(), ig.ecount()) == (graph.number_of_nodes(), graph.number_of_edges())
    assert sorted(set(ig.es["type"])) == sorted({t for *_, t in graph.edges(keys=True)})


names = st.text(min_size=1, max_size=30)


@settings(max_examples=75, deadline=None)
@given(name=names, aliases=st.lists(names, max_size=4), sentence=st.text(max_size=60))
def test_any_text_survives_graphml(tmp_path_factory, name, aliases, sentence):
    """Control characters, surrogates and markup never break the file; readers get the XML-safe text."""
    graph = nx.MultiDiGraph()
    graph.add_node("Method:k", label="Method", key="k", name=name, aliases=aliases)
    graph.add_node("Paper:p", label="Paper", key="p", name="p")
    graph.add_edge("Paper:p", "Method:k", key="USES_METHOD", type="USES_METHOD", mentions=1, sentence=sentence)
    path = tmp_path_factory.mktemp("gml") / "g.graphml"
    export.write_graphml(graph, path)
    back = nx.read_graphml(path, force_multigraph=True)
    assert back.nodes["Method:k"]["name"] == export.xml_safe(name)
    assert back.nodes["Method:k"].get("aliases", "") == export.LIST_SEPARATOR.join(export.xml_safe(a) for a in aliases)
    assert igraph.Graph.Read_GraphML(str(path)).ecount() == 1
