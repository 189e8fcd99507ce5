"""Time paperkg's extraction against bare spaCy on real abstracts.

Prints, for the same N abstracts and the same spaCy model with the same pipes excluded:
- bare ``nlp.pipe`` throughput, ``extract_papers`` throughput with 1 worker, and their ratio
  (target >= 0.85: paperkg's own work costs at most 15%);
- ``extract_papers`` with 2 workers and its speedup over 1 worker (target >= 1.7x).

Usage: python bench/bench_extract.py [CORPUS.jsonl.gz] [--n 2000] [--batch-size 64]
"""

from __future__ import annotations

import argparse
import gzip
import json
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


def timed(label: str, run, n: int) -> float:
    start = time.perf_counter()
    run()
    seconds = time.perf_counter() - start
    print(f"{label:<34} {seconds:8.2f} s  {n / seconds:8.1f} abstracts/s", flush=True)
    return n / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--n", type=int, default=2000)
    parser.add_argument("--batch-size", type=int, default=64)
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

    bare_tp = timed("bare nlp.pipe (1 process)", run_bare, n)
    one = timed("extract_papers workers=1", run_extract(1), n)
    two = timed("extract_papers workers=2", run_extract(2), n)
    print(f"overhead ratio extract/bare: {one / bare_tp:.3f}  (target >= 0.85)")
    print(f"speedup workers=2 / workers=1: {two / one:.2f}x  (target >= 1.7x)")


if __name__ == "__main__":
    main()
