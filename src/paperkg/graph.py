"""Papers and their extractions -> graph records (`GraphData`) -> one networkx graph.

`GraphData` is the backend-neutral form: the networkx graph, GraphML, node-link JSON and Neo4j are all
made from it, so every backend sees the same nodes, keys and relationships.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable

import networkx as nx

from . import schema as s
from .errors import InputError
from .ingest import author_key, normalize_author
from .models import Entity, GraphData, Node, Paper, PaperExtraction, PropertyValue, Relationship

SNIPPET_CHARS = 80


def node_id(label: str, key: str) -> str:
    """The networkx node id: label and key, unique across labels."""
    return f"{label}:{key}"


def paper_name(paper: Paper) -> str:
    """A readable name for a paper: its title, else the start of its abstract."""
    if paper.title:
        return paper.title
    text = paper.abstract
    return text if len(text) <= SNIPPET_CHARS else text[: SNIPPET_CHARS - 1].rstrip() + "…"


def venue_key(venue: str, year: int | None) -> str:
    return f"{venue} {year}".casefold() if year else venue.casefold()


def area_keys(area: str, subarea: str | None) -> tuple[str, str | None]:
    """A subarea's identity includes its parent: 'theory/reinforcement learning and planning'."""
    top = area.casefold()
    return top, (f"{top}/{subarea.casefold()}" if subarea else None)


def _props(**values: PropertyValue | None) -> dict[str, PropertyValue]:
    """Drop None: Neo4j cannot store it and GraphML readers choke on it."""
    return {k: v for k, v in values.items() if v is not None}


def _entity_nodes(extractions: Iterable[PaperExtraction]) -> dict[tuple[str, str], Node]:
    """One node per entity key across the corpus; its name is the most used canonical name."""
    names: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    aliases: dict[tuple[str, str], set[str]] = defaultdict(set)
    for extraction in extractions:
        for entity in extraction.entities:
            ident = (s.NODE_LABEL_OF[entity.label], _entity_key(entity, extraction.id))
            names[ident][entity.name] += 1
            aliases[ident].update(entity.aliases)
            aliases[ident].add(entity.name)
    nodes = {}
    for ident, counter in names.items():
        name = min(counter, key=lambda n: (-counter[n], -len(n), n))
        nodes[ident] = Node(
            label=ident[0], key=ident[1],
            properties={"name": name, "aliases": sorted(aliases[ident] - {name})},
        )
    return nodes


def _entity_key(entity: Entity, paper: str) -> str:
    if not entity.key:
        raise InputError(f"entity {entity.name!r} of paper {paper} has no key (run resolve first)")
    return entity.key


def build_graph_data(papers: Iterable[Paper], extractions: Iterable[PaperExtraction]) -> GraphData:
    """The whole graph as records, nodes before relationships, in a deterministic order."""
    papers = list(papers)
    extractions = list(extractions)
    nodes: dict[tuple[str, str], Node] = {}
    rels: dict[tuple[str, str, str, str], Relationship] = {}

    def add_node(label: str, key: str, **props: PropertyValue | None) -> None:
        nodes.setdefault((label, key), Node(label=label, key=key, properties=_props(**props)))

    def add_rel(rel_type: str, start: tuple[str, str], end: tuple[str, str], **props: PropertyValue | None) -> None:
        rels.setdefault(
            (rel_type, *start, end[1]),
            Relationship(type=rel_type, start_label=start[0], start_key=start[1],
                         end_label=end[0], end_key=end[1], properties=_props(**props)),
        )

    for paper in papers:
        me = (s.PAPER, paper.id)
        add_node(s.PAPER, paper.id, name=paper_name(paper), title=paper.title, abstract=paper.abstract or None,
                 venue=paper.venue, year=paper.year, source=paper.source or None)
        for position, author in enumerate(paper.authors, start=1):
            key = author_key(author)
            add_node(s.AUTHOR, key, name=normalize_author(author))
            add_rel(s.AUTHORED, (s.AUTHOR, key), me, position=position)
        if paper.venue:
            key = venue_key(paper.venue, paper.year)
            add_node(s.VENUE, key, name=f"{paper.venue} {paper.year}" if paper.year else paper.venue,
                     venue=paper.venue, year=paper.year)
            add_rel(s.PUBLISHED_AT, me, (s.VENUE, key))
        if paper.area:
            top, sub = area_keys(paper.area, paper.subarea)
            add_node(s.AREA, top, name=paper.area)
            if sub is not None:
                add_node(s.AREA, sub, name=paper.subarea, parent=paper.area)
                add_rel(s.SUBAREA_OF, (s.AREA, sub), (s.AREA, top))
            add_rel(s.IN_AREA, me, (s.AREA, sub or top))

    known = {p.id for p in papers}
    entity_nodes = _entity_nodes(extractions)
    nodes.update(entity_nodes)
    for extraction in extractions:
        if extraction.id not in known:
            raise InputError(f"extraction for unknown paper {extraction.id}")
        for entity in extraction.entities:
            label = s.NODE_LABEL_OF[entity.label]
            rel_type = s.MENTION_RELATIONSHIP[entity.label]
            if entity.proposed and label in s.RELATIONSHIPS[s.PROPOSES][1]:
                rel_type = s.PROPOSES
            first = min(entity.mentions, key=lambda m: m.start, default=None)
            add_rel(rel_type, (s.PAPER, extraction.id), (label, _entity_key(entity, extraction.id)),
                    mentions=len(entity.mentions), sentence=first.sentence if first else None)

    order = {label: i for i, label in enumerate(s.NODE_LABELS)}
    rel_order = {t: i for i, t in enumerate(s.RELATIONSHIP_TYPES)}
    return GraphData(
        nodes=sorted(nodes.values(), key=lambda n: (order[n.label], n.key)),
        relationships=sorted(rels.values(), key=lambda r: (rel_order[r.type], r.start_key, r.end_key)),
    )


def to_networkx(data: GraphData) -> nx.MultiDiGraph:
    """Nodes are 'Label:key' with attributes label, key and properties; edges are keyed by type."""
    graph = nx.MultiDiGraph()
    for node in data.nodes:
        graph.add_node(node_id(node.label, node.key), label=node.label, key=node.key, **node.properties)
    for rel in data.relationships:
        graph.add_edge(node_id(rel.start_label, rel.start_key), node_id(rel.end_label, rel.end_key),
                       key=rel.type, type=rel.type, **rel.properties)
    return graph


def from_networkx(graph: nx.MultiDiGraph) -> GraphData:
    """The inverse of `to_networkx`, for graphs read back from node-link JSON."""
    nodes = []
    for _, attrs in graph.nodes(data=True):
        props = {k: v for k, v in attrs.items() if k not in ("label", "key")}
        nodes.append(Node(label=attrs["label"], key=attrs["key"], properties=props))
    rels = []
    for u, v, attrs in graph.edges(data=True):
        start, end = graph.nodes[u], graph.nodes[v]
        props = {k: val for k, val in attrs.items() if k != "type"}
        rels.append(Relationship(type=attrs["type"], start_label=start["label"], start_key=start["key"],
                                 end_label=end["label"], end_key=end["key"], properties=props))
    return GraphData(nodes=nodes, relationships=rels)


def summarize(data: GraphData) -> dict[str, dict[str, int]]:
    """Counts of nodes per label and relationships per type, every schema entry listed."""
    labels = Counter(n.label for n in data.nodes)
    types = Counter(r.type for r in data.relationships)
    return {
        "nodes": {label: labels[label] for label in s.NODE_LABELS},
        "relationships": {t: types[t] for t in s.RELATIONSHIP_TYPES},
    }
