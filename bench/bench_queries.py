"""Latency of every `paperkg query` question on both backends, for the ICLR 2024 graph.

Builds the graph (or reads a `graph.json` given with --graph), loads it into a fresh ArcadeDB Bolt test
server (tests/bolt_server.py; Neo4j's wire protocol, see ../shared/bolt-test-server.md), checks that both
backends return the same rows, and prints the median and best latency of each question over --repeat runs
after one warm-up run.

    python bench/bench_queries.py                      # builds ../shared/corpora/iclr2024.jsonl.gz (~2 min)
    python bench/bench_queries.py --graph out --repeat 10
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import networkx as nx
import neo4j

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from bolt_server import BoltTestServer  # noqa: E402

from paperkg import queries as q  # noqa: E402
from paperkg.cli import format_table  # noqa: E402
from paperkg.neo4j_store import load_graph  # noqa: E402

ICLR = ROOT.parent / "shared" / "corpora" / "iclr2024.jsonl.gz"


def graph_of(args: argparse.Namespace) -> nx.MultiDiGraph:
    if args.graph:
        from paperkg.export import read_node_link

        path = Path(args.graph)
        return read_node_link(path / "graph.json" if path.is_dir() else path)
    from paperkg.build import make_corpus
    from paperkg.graph import to_networkx
    from paperkg.settings import Settings

    began = time.perf_counter()
    graph = to_networkx(make_corpus([args.corpus], Settings()).graph)
    print(f"built the graph of {args.corpus} in {time.perf_counter() - began:.0f} s", file=sys.stderr)
    return graph


def questions(g: nx.MultiDiGraph) -> list[tuple[str, Callable]]:
    """One typical call per question, with names taken from the graph (the most connected ones)."""
    method = q.top(g, "METHOD", 1)[0].name
    dataset = q.top(g, "DATASET", 1)[0].name
    author = q.top(g, "AUTHOR", 1)[0].name
    paper = q.papers_using(g, method, 1)[0].paper
    proposed_name = max((len(list(g.predecessors(v))), g.nodes[v]["name"])
                        for _, v, d in g.edges(data=True) if d["type"] == "PROPOSES")[1]
    areas = [n for n, a in g.nodes(data=True) if a["label"] == "Area"]
    area = max(areas, key=lambda n: (g.in_degree(n), n)) if areas else None
    found = [
        ("shared-datasets --min 2", lambda b: q.shared_datasets(b, 2, 20)),
        ("shared-methods --min 2", lambda b: q.shared_methods(b, 2, 20)),
        ("shared-tasks --min 2", lambda b: q.shared_tasks(b, 2, 20)),
        (f"papers-using {method!r}", lambda b: q.papers_using(b, method, 20)),
        ("top --label METHOD", lambda b: q.top(b, "METHOD", 20)),
        ("top --label AUTHOR", lambda b: q.top(b, "AUTHOR", 20)),
        ("method-task", lambda b: q.method_task(b, 1, 20)),
        (f"coauthors {author!r}", lambda b: q.coauthors(b, author, 20)),
        ("collaboration", lambda b: q.collaboration(b, 20)),
        (f"similar {paper[:30]!r}", lambda b: q.similar(b, paper, 20)),
        (f"path {author!r} {dataset!r}", lambda b: q.path(b, author, dataset)),
        (f"proposed {proposed_name!r}", lambda b: q.proposed(b, proposed_name, 20)),
    ]
    if area:
        name = g.nodes[area]["name"]
        found.append((f"area {name[:30]!r}", lambda b: q.area(b, name, 10)))
    return found


def timed(call: Callable, backend, repeat: int) -> tuple[object, list[float]]:
    result = call(backend)  # warm-up: caches, query plans, the Bolt connection
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        call(backend)
        times.append((time.perf_counter() - began) * 1000)
    return result, times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", default=str(ICLR), help="paper list to build (default: ICLR 2024)")
    parser.add_argument("--graph", metavar="DIR", help="use this graph.json (or its folder) instead of building")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per question and backend (default 5)")
    args = parser.parse_args()
    g = graph_of(args)
    print(f"graph: {g.number_of_nodes()} nodes, {g.number_of_edges()} relationships", file=sys.stderr)
    from paperkg.graph import from_networkx

    with BoltTestServer() as server, neo4j.GraphDatabase.driver(server.uri, auth=server.auth) as driver:
        began = time.perf_counter()
        load_graph(driver, server.database, from_networkx(g))
        print(f"loaded into the Bolt server in {time.perf_counter() - began:.1f} s", file=sys.stderr)
        neo = q.Neo4jBackend(driver, server.database)
        rows = []
        for label, call in questions(g):
            expected, nx_ms = timed(call, g, args.repeat)
            got, neo_ms = timed(call, neo, args.repeat)
            rows.append({
                "question": label,
                "rows": len(expected) if isinstance(expected, list) else len(expected.authors),
                "same": "yes" if got == expected else "NO",
                "networkx median ms": f"{statistics.median(nx_ms):.1f}",
                "networkx best ms": f"{min(nx_ms):.1f}",
                "bolt median ms": f"{statistics.median(neo_ms):.1f}",
                "bolt best ms": f"{min(neo_ms):.1f}",
            })
    print(format_table(rows))
    return 0 if all(r["same"] == "yes" for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
