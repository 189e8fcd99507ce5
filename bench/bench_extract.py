"""Time paperkg's extraction against bare spaCy on real abstracts.

Prints, for the same N abstracts and the same spaCy model with the same pipes excluded:
- bare ``nlp.pipe`` throughput of the model as spaCy ships it, ``extract_papers`` throughput with
  1 worker, and their ratio (target >= 0.85);
- the same ratio against "spaCy as paperkg runs it": the model with its attribute ruler replaced by
  paperkg's AttributeTable (same annotations, faster). This one isolates what paperkg's own
  components cost, which the first ratio hides behind the faster attribute step;
- ``extract_papers`` with 2 workers and its speedup over 1 worker (target >= 1.7x).

Each round times the three 1-process configurations on the same abstracts in alternating chunks
(``--chunk``; each goes first in turn), so that a slow spell on this shared machine falls on all and
not on whichever ran last; then 2 workers on all abstracts. Ratios are taken within a round and the
median of ``--rounds`` rounds is reported. CPU times are reported too, and the speedup that the
2-worker run's CPU time allows on two idle cores.

Usage: python bench/bench_extract.py [CORPUS.jsonl.gz] [--n 2000] [--batch-size 16] [--rounds 3] [--chunk 200]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import resource
import statistics
import time
from pathlib import Path

from paperkg.attributes import replace_attribute_ruler
from paperkg.extract import extract_papers, load_base_model, load_pipeline
from paperkg.models import Paper
from paperkg.settings import Settings

DEFAULT_CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpora" / "iclr2024.jsonl.gz"


def read_papers(path: Path, n: int) -> list[Paper]:
    papers = []
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            if row.get("abstract"):
                papers.append(Paper(id=row["id"], abstract=row["abstract"], title=row.get("title")))
            if len(papers) == n:
                break
    return papers


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(run) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds of this process, CPU seconds of worker processes of one run."""
    wall, cpu, children = time.perf_counter(), time.process_time(), _children_cpu()
    run()
    return time.perf_counter() - wall, time.process_time() - cpu, _children_cpu() - children


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--n", type=int, default=2000)
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--chunk", type=int, default=200, help="abstracts per bare/extract alternation")
    args = parser.parse_args()

    papers = read_papers(args.corpus, args.n)
    n = len(papers)
    texts = [p.abstract for p in papers]
    settings = Settings()
    bare = load_base_model(settings)
    tabled = load_base_model(settings)
    replace_attribute_ruler(tabled)
    nlp = load_pipeline(settings)
    print(f"{n} abstracts from {args.corpus.name}; bare model pipes: {', '.join(bare.pipe_names)}; "
          f"as paperkg runs it: {', '.join(tabled.pipe_names)}")
    # warm up (lazy init, caches) outside the timings
    for model in (bare, tabled):
        for _ in model.pipe(texts[:50]):
            pass
    for _ in extract_papers(papers[:50], nlp):
        pass

    def run_bare(model, chunk: list[Paper]):
        def run() -> None:
            for _ in model.pipe([p.abstract for p in chunk], batch_size=args.batch_size):
                pass
        return run

    def run_extract(chunk: list[Paper], workers: int):
        def run() -> None:
            for _ in extract_papers(chunk, nlp, workers=workers, batch_size=args.batch_size):
                pass
        return run

    chunks = [papers[i : i + args.chunk] for i in range(0, n, args.chunk)]
    labels = ("bare nlp.pipe", "spaCy as paperkg runs it", "extract_papers workers=1", "extract_papers workers=2")
    rounds = []
    for r in range(args.rounds):
        print(f"round {r + 1}/{args.rounds}: the 1-process runs alternate on {len(chunks)} chunks of "
              f"{args.chunk}, then workers=2 on all {n}")
        totals = [[0.0, 0.0, 0.0] for _ in range(3)]
        for k, chunk in enumerate(chunks):
            runs = [run_bare(bare, chunk), run_bare(tabled, chunk), run_extract(chunk, 1)]
            for j in range(3):  # each configuration goes first in turn
                which = (k + j) % 3
                for i, value in enumerate(timed(runs[which])):
                    totals[which][i] += value
        totals.append(list(timed(run_extract(papers, 2))))
        for label, t in zip(labels, totals):
            print(f"  {label:<28} wall {t[0]:7.2f} s ({n / t[0]:6.1f}/s)  cpu {t[1]:7.2f} s  "
                  f"workers' cpu {t[2]:7.2f} s", flush=True)
        rounds.append(totals)

    def ratio(a: int, b: int, kind: int = 0) -> float:
        return statistics.median(rnd[a][kind] / rnd[b][kind] for rnd in rounds)

    bound = statistics.median(one[1] / ((two[1] + two[2]) / 2) for *_, one, two in rounds)
    walls = [statistics.median(rnd[i][0] for rnd in rounds) for i in range(4)]
    print(f"median of {args.rounds} rounds: " + ", ".join(f"{label} {n / w:.1f}/s" for label, w in zip(labels, walls)))
    print(f"throughput ratio extract/bare (wall): {ratio(0, 2):.3f}  (target >= 0.85)")
    print(f"throughput ratio extract/bare (cpu):  {ratio(0, 2, 1):.3f}")
    print(f"paperkg's components alone: extract / spaCy as paperkg runs it (wall): {ratio(1, 2):.3f}, "
          f"(cpu): {ratio(1, 2, 1):.3f}")
    print(f"attribute step: spaCy as paperkg runs it / bare (wall): {ratio(0, 1):.2f}x faster")
    print(f"speedup workers=2 / workers=1 (wall): {ratio(2, 3):.2f}x  (target >= 1.7x)")
    # What two idle cores would give: the CPU work of the 2-worker run spread over both cores.
    print(f"speedup bound from CPU time on 2 idle cores: {bound:.2f}x "
          f"(the wall figure is lower when other processes share the cores; load now: {os.getloadavg()[0]:.2f})")

if __name__ == "__main__":
    main()
