"""Time paperkg's extraction against bare spaCy on real abstracts.

Prints, for the same N abstracts and the same spaCy model with the same pipes excluded:
- bare ``nlp.pipe`` throughput, ``extract_papers`` throughput with 1 worker, and their ratio
  (target >= 0.85: paperkg's own work costs at most 15%);
- ``extract_papers`` with 2 workers and its speedup over 1 worker (target >= 1.7x).

Each configuration runs ``--rounds`` times, interleaved. Ratios are taken within a round (runs
next to each other in time) and the median round is reported, so that load from other processes
on the machine distorts them as little as possible; CPU times are reported too, and the speedup
that the 2-worker run's CPU time allows on two idle cores.

Usage: python bench/bench_extract.py [CORPUS.jsonl.gz] [--n 2000] [--batch-size 64] [--rounds 2]
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


def timed(label: str, run, n: int) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds of this process, CPU seconds of worker processes of one run."""
    wall, cpu, children = time.perf_counter(), time.process_time(), _children_cpu()
    run()
    wall, cpu, children = time.perf_counter() - wall, time.process_time() - cpu, _children_cpu() - children
    print(f"  {label:<28} wall {wall:7.2f} s ({n / wall:6.1f}/s)  cpu {cpu:7.2f} s  workers' cpu {children:7.2f} s",
          flush=True)
    return wall, cpu, children


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--n", type=int, default=2000)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    papers = read_papers(args.corpus, args.n)
    n = len(papers)
    texts = [p.abstract for p in papers]
    settings = Settings()
    bare = load_base_model(settings)
    nlp = load_pipeline(settings)
    print(f"{n} abstracts from {args.corpus.name}; model pipes: {', '.join(bare.pipe_names)}")
    # warm up both (lazy init, caches) outside the timings
    for _ in bare.pipe(texts[:50]):
        pass
    for _ in extract_papers(papers[:50], nlp):
        pass

    def run_bare() -> None:
        for _ in bare.pipe(texts, batch_size=args.batch_size):
            pass

    def run_extract(workers: int):
        def run() -> None:
            for _ in extract_papers(papers, nlp, workers=workers, batch_size=args.batch_size):
                pass
        return run

    runs = {"bare nlp.pipe": run_bare, "extract_papers workers=1": run_extract(1),
            "extract_papers workers=2": run_extract(2)}
    rounds = []
    for r in range(args.rounds):
        print(f"round {r + 1}/{args.rounds}")
        rounds.append([timed(label, run, n) for label, run in runs.items()])
    overhead = statistics.median(bare[0] / one[0] for bare, one, _ in rounds)
    overhead_cpu = statistics.median(bare[1] / one[1] for bare, one, _ in rounds)
    speedup = statistics.median(one[0] / two[0] for _, one, two in rounds)
    bound = statistics.median(one[1] / ((two[1] + two[2]) / 2) for _, one, two in rounds)
    walls = [statistics.median(r[i][0] for r in rounds) for i in range(3)]
    print(f"median of {args.rounds} rounds: bare {n / walls[0]:.1f}/s, workers=1 {n / walls[1]:.1f}/s, "
          f"workers=2 {n / walls[2]:.1f}/s")
    print(f"throughput ratio extract/bare (wall): {overhead:.3f}  (target >= 0.85)")
    print(f"throughput ratio extract/bare (cpu):  {overhead_cpu:.3f}")
    print(f"speedup workers=2 / workers=1 (wall): {speedup:.2f}x  (target >= 1.7x)")
    # What two idle cores would give: the CPU work of the 2-worker run spread over both cores.
    print(f"speedup bound from CPU time on 2 idle cores: {bound:.2f}x "
          f"(the wall figure is lower when other processes share the cores; load now: {os.getloadavg()[0]:.2f})")

if __name__ == "__main__":
    main()
