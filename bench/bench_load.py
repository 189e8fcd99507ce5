"""Benchmark: paperkg's Neo4j loader against a minimal reference loader, on both corpora (~4,900 papers).

Both load the same rows, with the same constraints, into a fresh ArcadeDB Bolt server each
(tests/bolt_server.py). The reference is the plainest fast loader: one `UNWIND ... MERGE ... SET +=`
statement per label and relationship type, 10,000 rows per batch. paperkg's throughput must be at
least 0.8 of the reference's.

    python bench/bench_load.py [--corpora ../shared/corpora] [--batch-size 1000] [--rebuild]

Extraction of the corpora is slow, so the built graph is cached in bench/results/ (gitignored).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from bolt_server import BoltTestServer  # noqa: E402

from paperkg import schema as s  # noqa: E402
from paperkg.models import GraphData  # noqa: E402
from paperkg.neo4j_store import apply_schema, connect, load_graph  # noqa: E402
from paperkg.settings import Neo4jSettings, Settings  # noqa: E402

CORPORA = ("iclr2024.jsonl.gz", "icml2024.jsonl.gz")
RESULTS = ROOT / "bench" / "results"
REFERENCE_BATCH = 10_000


def corpus_graph(corpora: Path, rebuild: bool) -> GraphData:
    """The graph of both corpora, from the cache when the inputs are unchanged."""
    files = [corpora / name for name in CORPORA]
    stamp = hashlib.sha256("".join(f"{f.name}:{f.stat().st_size}:{f.stat().st_mtime_ns}" for f in files)
                           .encode()).hexdigest()[:16]
    cache = RESULTS / f"graph-{stamp}.json"
    if cache.is_file() and not rebuild:
        print(f"graph: cached {cache.relative_to(ROOT)}")
        return GraphData.model_validate_json(cache.read_text(encoding="utf-8"))
    from paperkg.build import make_corpus

    began = time.monotonic()
    corpus = make_corpus(files, Settings.from_env(), progress=sys.stderr.isatty())
    print(f"graph: built from {corpus.ingest.stats.kept} papers in {time.monotonic() - began:.0f} s")
    RESULTS.mkdir(parents=True, exist_ok=True)
    cache.write_text(corpus.graph.model_dump_json(), encoding="utf-8")
    return corpus.graph


def reference_statements() -> dict[tuple[str, ...], str]:
    nodes = {(label,): f"UNWIND $rows AS row MERGE (n:{label} {{key: row.key}}) SET n += row.properties"
             for label in s.NODE_LABELS}
    rels = {
        (t, a, b): (f"UNWIND $rows AS row MATCH (a:{a} {{key: row.start}}) MATCH (b:{b} {{key: row.end}}) "
                    f"MERGE (a)-[r:{t}]->(b) SET r += row.properties")
        for t, (starts, ends) in s.RELATIONSHIPS.items() for a in starts for b in ends
    }
    return nodes | rels


def reference_load(driver, database: str, data: GraphData) -> int:
    """Same constraints, same rows, one statement per label/type, 10,000 rows per managed transaction."""
    apply_schema(driver, database)
    groups: dict[tuple[str, ...], list[dict]] = {k: [] for k in reference_statements()}
    for n in data.nodes:
        groups[(n.label,)].append({"key": n.key, "properties": n.properties})
    for r in data.relationships:
        groups[(r.type, r.start_label, r.end_label)].append(
            {"start": r.start_key, "end": r.end_key, "properties": r.properties})
    statements = reference_statements()
    created = 0
    with driver.session(database=database) as session:
        for key, rows in groups.items():
            for i in range(0, len(rows), REFERENCE_BATCH):
                batch = rows[i:i + REFERENCE_BATCH]
                c = session.execute_write(lambda tx, q=statements[key], b=batch: tx.run(q, rows=b).consume().counters)
                created += c.nodes_created + c.relationships_created
    return created


def timed_on_fresh_server(label: str, load) -> tuple[float, object]:
    with BoltTestServer(heap="2g") as server:
        user, password = server.auth
        settings = Neo4jSettings(uri=server.uri, user=user, password=password, database=server.database)
        with connect(settings) as driver:
            began = time.monotonic()
            result = load(driver, server.database)
            seconds = time.monotonic() - began
            again = time.monotonic()
            second = load(driver, server.database)
            seconds_again = time.monotonic() - again
    print(f"{label}: {seconds:.1f} s (second, idempotent run: {seconds_again:.1f} s)")
    return seconds, (result, second)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpora", type=Path, default=ROOT.parent / "shared" / "corpora")
    parser.add_argument("--batch-size", type=int, default=1000, help="paperkg rows per transaction")
    parser.add_argument("--rebuild", action="store_true", help="rebuild the graph instead of using the cache")
    parser.add_argument("--repeat", type=int, default=2,
                        help="rounds, alternating which loader goes first (the machine is shared); best of each")
    args = parser.parse_args()

    data = corpus_graph(args.corpora, args.rebuild)
    rows = len(data.nodes) + len(data.relationships)
    print(f"rows: {len(data.nodes)} nodes + {len(data.relationships)} relationships = {rows}")

    def ours() -> float:
        seconds, (first, second) = timed_on_fresh_server(
            f"paperkg   (batch {args.batch_size})",
            lambda d, db: load_graph(d, db, data, batch_size=args.batch_size))
        assert first.nodes_created + first.relationships_created == rows, "paperkg lost rows"
        assert second.nodes_created + second.relationships_created + second.properties_set == 0, "not idempotent"
        return seconds

    def reference() -> float:
        seconds, (first, second) = timed_on_fresh_server(
            f"reference (batch {REFERENCE_BATCH})", lambda d, db: reference_load(d, db, data))
        assert (first, second) == (rows, 0), "reference lost rows"
        return seconds

    times: dict[str, list[float]] = {"ours": [], "ref": []}
    for round_ in range(args.repeat):
        order = (("ours", ours), ("ref", reference)) if round_ % 2 == 0 else (("ref", reference), ("ours", ours))
        for name, run in order:
            times[name].append(run())
    ours_s, ref_s = min(times["ours"]), min(times["ref"])
    ours_rate, ref_rate = rows / ours_s, rows / ref_s
    ratio = ours_rate / ref_rate
    print(f"paperkg:   {ours_rate:,.0f} rows/s")
    print(f"reference: {ref_rate:,.0f} rows/s")
    print(f"ratio:     {ratio:.2f} (target >= 0.8) {'PASS' if ratio >= 0.8 else 'FAIL'}")
    return 0 if ratio >= 0.8 else 1


if __name__ == "__main__":
    sys.exit(main())
