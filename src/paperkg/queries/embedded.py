"""The questions answered on the embedded networkx graph (what `paperkg build` writes).

Each function mirrors one `cypher/queries/*.cypher` file and must return the same rows in the same
order; the sort keys here spell out the files' ORDER BY clauses.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from itertools import combinations

import networkx as nx

from .. import schema as s
from . import names as nm
from .rows import (AreaEntity, AuthorGroup, Coauthor, Collaboration, CollaborativeAuthor, MethodTask,
                   PaperUse, PathStep, ProposedUse, SharedPair, SimilarPaper, TopEntity)
from .choices import PATH_MAX_HOPS, PATH_TYPES, SIMILARITY_WEIGHTS

ENTITY_RELS = frozenset({s.USES_METHOD, s.USES_DATASET, s.ADDRESSES, s.PROPOSES})


def _name(g: nx.MultiDiGraph, n: str) -> str:
    return g.nodes[n]["name"]


def _key(g: nx.MultiDiGraph, n: str) -> str:
    return g.nodes[n]["key"]


def _order(g: nx.MultiDiGraph, n: str) -> tuple[str, str]:
    return _name(g, n), _key(g, n)


def _limited(rows: list, limit: int | None) -> list:
    return rows if limit is None else rows[:limit]


def _find(g: nx.MultiDiGraph, name: str, labels: Iterable[str], what: str) -> list[str]:
    """Nodes of `labels` matching `name`, or NotFoundError with close matches."""
    labels = set(labels)
    wanted = nm.normalize(name)
    found = [n for n, a in g.nodes(data=True) if a["label"] in labels and nm.matches(a, wanted)]
    if found:
        return sorted(found)
    known = [x for _, a in g.nodes(data=True) if a["label"] in labels
             for x in (a.get("name"), *(a.get("aliases") or [])) if isinstance(x, str)]
    raise nm.not_found(what, name, known)


def _entity_edges(g: nx.MultiDiGraph, labels: Iterable[str] = nm.ENTITIES):
    """(paper, entity, edge attrs) for every paper-to-entity relationship whose entity has one of `labels`."""
    labels = set(labels)
    for u, v, d in g.edges(data=True):
        if d["type"] in ENTITY_RELS and g.nodes[v]["label"] in labels:
            yield u, v, d


def _papers_by_entity(g: nx.MultiDiGraph, labels: Iterable[str]) -> dict[str, set[str]]:
    found: dict[str, set[str]] = defaultdict(set)
    for paper, entity, _ in _entity_edges(g, labels):
        found[entity].add(paper)
    return found


def _entities_by_paper(g: nx.MultiDiGraph, labels: Iterable[str] = nm.ENTITIES) -> dict[str, set[str]]:
    found: dict[str, set[str]] = defaultdict(set)
    for paper, entity, _ in _entity_edges(g, labels):
        found[paper].add(entity)
    return found


def shared(g: nx.MultiDiGraph, label: str, min_shared: int, limit: int | None) -> list[SharedPair]:
    pairs: dict[tuple[str, str], set[str]] = defaultdict(set)
    for entity, papers in _papers_by_entity(g, [label]).items():
        for a, b in combinations(sorted(papers, key=lambda p: _order(g, p)), 2):
            pairs[a, b].add(entity)
    rows = [
        SharedPair(paper_a=_name(g, a), paper_b=_name(g, b), shared=len(es),
                   names=sorted(_name(g, e) for e in es), key_a=_key(g, a), key_b=_key(g, b))
        for (a, b), es in pairs.items() if len(es) >= min_shared
    ]
    rows.sort(key=lambda r: (-r.shared, r.paper_a, r.paper_b, r.key_a, r.key_b))
    return _limited(rows, limit)


def papers_using(g: nx.MultiDiGraph, name: str, limit: int | None) -> list[PaperUse]:
    entities = set(_find(g, name, nm.ENTITIES, "method, task or dataset"))
    rows = [
        PaperUse(paper=_name(g, p), relation=d["type"], mentions=d.get("mentions", 0), entity=_name(g, e),
                 label=g.nodes[e]["label"], key=_key(g, p))
        for p, e, d in _entity_edges(g) if e in entities
    ]
    rows.sort(key=lambda r: (-r.mentions, r.paper, r.key, r.label, r.entity, r.relation))
    return _limited(rows, limit)


def top(g: nx.MultiDiGraph, label: str, limit: int | None) -> list[TopEntity]:
    papers: dict[str, set[str]] = defaultdict(set)
    if label == s.AUTHOR:
        for u, v, d in g.edges(data=True):
            if d["type"] == s.AUTHORED:
                papers[u].add(v)
    else:
        papers = _papers_by_entity(g, [label])
    rows = [TopEntity(name=_name(g, n), papers=len(ps), label=label, key=_key(g, n)) for n, ps in papers.items()]
    rows.sort(key=lambda r: (-r.papers, r.name, r.key))
    return _limited(rows, limit)


def method_task(g: nx.MultiDiGraph, min_papers: int, limit: int | None) -> list[MethodTask]:
    counts: Counter[tuple[str, str]] = Counter()
    for entities in _entities_by_paper(g, [s.METHOD, s.TASK]).values():
        methods = [e for e in entities if g.nodes[e]["label"] == s.METHOD]
        tasks = [e for e in entities if g.nodes[e]["label"] == s.TASK]
        counts.update((m, t) for m in methods for t in tasks)
    rows = [MethodTask(method=_name(g, m), task=_name(g, t), papers=c, method_key=_key(g, m), task_key=_key(g, t))
            for (m, t), c in counts.items() if c >= min_papers]
    rows.sort(key=lambda r: (-r.papers, r.method, r.task, r.method_key, r.task_key))
    return _limited(rows, limit)


def _papers_of_authors(g: nx.MultiDiGraph) -> dict[str, set[str]]:
    found: dict[str, set[str]] = defaultdict(set)
    for u, v, d in g.edges(data=True):
        if d["type"] == s.AUTHORED:
            found[u].add(v)
    return found


def coauthors(g: nx.MultiDiGraph, name: str, limit: int | None) -> list[Coauthor]:
    me = set(_find(g, name, [s.AUTHOR], "author"))
    shared: dict[str, set[str]] = defaultdict(set)
    for author in me:
        for paper in g.successors(author):
            for other in g.predecessors(paper):
                if other not in me and g.nodes[other]["label"] == s.AUTHOR:
                    shared[other].add(paper)
    rows = [Coauthor(author=_name(g, a), papers=len(ps), titles=sorted(_name(g, p) for p in ps), key=_key(g, a))
            for a, ps in shared.items()]
    rows.sort(key=lambda r: (-r.papers, r.author, r.key))
    return _limited(rows, limit)


def collaboration(g: nx.MultiDiGraph, limit: int | None) -> Collaboration:
    papers_of = _papers_of_authors(g)
    keyed = {_key(g, a): (_name(g, a), [_key(g, p) for p in ps]) for a, ps in papers_of.items()}
    coauthor_counts = {}
    for a, ps in papers_of.items():
        others = {o for p in ps for o in g.predecessors(p) if o != a and g.nodes[o]["label"] == s.AUTHOR}
        coauthor_counts[_key(g, a)] = len(others)
    return summarize_collaboration(keyed, coauthor_counts, limit)


def summarize_collaboration(papers_of: dict[str, tuple[str, list[str]]], coauthor_counts: dict[str, int],
                            limit: int | None) -> Collaboration:
    """Groups (connected components of authors linked by shared papers) and the most collaborative authors.

    Shared by both backends: Cypher without GDS or APOC has no connected components, so the Neo4j
    backend fetches each author's papers with `collaboration.cypher` and groups them here.
    `papers_of` maps author key -> (name, paper keys).
    """
    links = nx.Graph()
    for author, (_, papers) in papers_of.items():
        links.add_node(("a", author))
        links.add_edges_from((("a", author), ("p", p)) for p in papers)
    groups, size_of = [], {}
    for component in nx.connected_components(links):
        authors = [k for kind, k in component if kind == "a"]
        for k in authors:
            size_of[k] = len(authors)
        groups.append((len(authors), len(component) - len(authors), sorted(papers_of[k][0] for k in authors)))
    groups.sort(key=lambda g: (-g[0], -g[1], g[2]))
    people = [CollaborativeAuthor(author=name, coauthors=coauthor_counts[k], papers=len(set(ps)),
                                  group=size_of[k], key=k) for k, (name, ps) in papers_of.items()]
    people.sort(key=lambda r: (-r.coauthors, -r.papers, r.author, r.key))
    return Collaboration(
        groups_total=len(groups), authors_total=len(people),
        groups=[AuthorGroup(rank=i, authors=a, papers=p, members=m)
                for i, (a, p, m) in enumerate(_limited(groups, limit), start=1)],
        authors=_limited(people, limit),
    )


def similar(g: nx.MultiDiGraph, paper: str, limit: int | None) -> list[SimilarPaper]:
    targets = set(_find(g, paper, [s.PAPER], "paper"))
    mine = {e for t in targets for e in _entities_by_paper_of(g, t)}
    shared: dict[str, set[str]] = defaultdict(set)
    for e in mine:
        for other in g.predecessors(e):
            if other not in targets and any(d["type"] in ENTITY_RELS for d in g.get_edge_data(other, e).values()):
                shared[other].add(e)
    rows = []
    for other, es in shared.items():
        by_label = {label: sorted(_name(g, e) for e in es if g.nodes[e]["label"] == label) for label in nm.ENTITIES}
        score = sum(SIMILARITY_WEIGHTS[label] * len(found) for label, found in by_label.items())
        rows.append(SimilarPaper(paper=_name(g, other), score=score, methods=by_label[s.METHOD],
                                 datasets=by_label[s.DATASET], tasks=by_label[s.TASK], key=_key(g, other)))
    rows.sort(key=lambda r: (-r.score, r.paper, r.key))
    return _limited(rows, limit)


def _entities_by_paper_of(g: nx.MultiDiGraph, paper: str) -> set[str]:
    return {v for _, v, d in g.out_edges(paper, data=True)
            if d["type"] in ENTITY_RELS and g.nodes[v]["label"] in nm.ENTITIES}


def path(g: nx.MultiDiGraph, a: str, b: str) -> list[PathStep]:
    """The shortest chain; among equally short ones the smallest by node ids, then by relationship types."""
    starts = _find(g, a, nm.PATH_ENDS, "paper, author, method, task or dataset")
    ends = _find(g, b, nm.PATH_ENDS, "paper, author, method, task or dataset")
    links = nx.Graph()
    links.add_nodes_from(g.nodes)
    for u, v, d in g.edges(data=True):
        if d["type"] in PATH_TYPES:
            links.add_edge(u, v)
    best = None
    for end in ends:
        dist = nx.single_source_shortest_path_length(links, end, cutoff=PATH_MAX_HOPS)
        for start in starts:
            if start == end or start not in dist:
                continue
            chain = [start]
            while chain[-1] != end:
                here = dist[chain[-1]]
                chain.append(min(n for n in links[chain[-1]] if dist.get(n) == here - 1))
            types = [_step_type(g, x, y) for x, y in zip(chain, chain[1:])]
            candidate = (len(chain), chain, [t for t, _ in types], types)
            if best is None or candidate[:3] < best[:3]:
                best = candidate
    if best is None:
        raise nm.NotFoundError(f"no connection between {a!r} and {b!r} within {PATH_MAX_HOPS} steps")
    _, chain, _, types = best
    return [PathStep(step=i, via=_via(types[i - 1]) if i else "", label=g.nodes[n]["label"], name=_name(g, n),
                     key=_key(g, n)) for i, n in enumerate(chain)]


def _step_type(g: nx.MultiDiGraph, x: str, y: str) -> tuple[str, bool]:
    """(relationship type, forward?) of the hop x -> y; the smallest type when several link them."""
    options = [(d["type"], True) for d in (g.get_edge_data(x, y) or {}).values() if d["type"] in PATH_TYPES]
    options += [(d["type"], False) for d in (g.get_edge_data(y, x) or {}).values() if d["type"] in PATH_TYPES]
    return min(options)


def _via(step: tuple[str, bool]) -> str:
    rel_type, forward = step
    return f"-[:{rel_type}]->" if forward else f"<-[:{rel_type}]-"


def proposed(g: nx.MultiDiGraph, name: str, limit: int | None) -> list[ProposedUse]:
    entities = set(_find(g, name, nm.PROPOSABLE, "method or dataset"))
    result = [ProposedUse(entity=_name(g, e), label=g.nodes[e]["label"],
                          role="proposes" if d["type"] == s.PROPOSES else "uses", paper=_name(g, p), key=_key(g, p))
              for p, e, d in _entity_edges(g, nm.PROPOSABLE) if e in entities]
    result.sort(key=lambda r: (r.entity, r.label, r.role, r.paper, r.key))
    return _limited(result, limit)


def area(g: nx.MultiDiGraph, name: str, limit: int | None) -> list[AreaEntity]:
    areas = set(_find(g, name, [s.AREA], "area"))
    areas |= {u for u, v, d in g.edges(data=True) if d["type"] == s.SUBAREA_OF and v in areas}
    papers = {u for u, v, d in g.edges(data=True) if d["type"] == s.IN_AREA and v in areas}
    counts: dict[str, set[str]] = defaultdict(set)
    for p, e, _ in _entity_edges(g):
        if p in papers:
            counts[e].add(p)
    rows = [AreaEntity(label=g.nodes[e]["label"], name=_name(g, e), papers=len(ps), key=_key(g, e))
            for e, ps in counts.items()]
    rows.sort(key=lambda r: (r.label, -r.papers, r.name, r.key))
    if limit is None:
        return rows
    seen: Counter[str] = Counter()
    kept = []
    for row in rows:
        seen[row.label] += 1
        if seen[row.label] <= limit:
            kept.append(row)
    return kept
