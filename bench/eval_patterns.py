"""Does a candidate gazetteer file help? Evidence for adding entries to the package's gazetteers.

Reads a pattern file (the ``--patterns`` format: ``{"label", "name", "aliases"}`` per line), drops the entries
whose name the package already knows, and writes the rest to ``--out``. Then, with and without them:
- the development labels (``corpus_labels.jsonl``), per label, and true and false entities per new entry there:
  entries with more false than true are the ones to drop;
- the held-out labels, in aggregate only (as ``eval_heldout.py``: never a single abstract's entities).

A known name also stops a paper's own name from counting as proposed, so watch PROPOSED: leave out names
that ICLR/ICML 2024 papers coin.

    python bench/eval_patterns.py candidates.jsonl --out new_entries.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from spacy.language import Language

sys.path.insert(0, str(Path(__file__).resolve().parent))

from eval_heldout import HELDOUT, _line, _missing, corpus_gold, judged  # noqa: E402

from paperkg.evaluate import GoldPaper  # noqa: E402
from paperkg.extract import extract_papers, load_pipeline  # noqa: E402
from paperkg.gazetteer import gazetteer_key, package_patterns, read_patterns  # noqa: E402
from paperkg.models import Paper, PaperExtraction  # noqa: E402
from paperkg.resolve import match_key, resolve  # noqa: E402
from paperkg.settings import Settings  # noqa: E402


def new_entries(candidates: list[dict]) -> list[dict]:
    """The candidates whose name the package (and an earlier candidate) does not know, without known aliases."""
    known = {match_key(n) for e in package_patterns() for n in (e["name"], *e["aliases"])}
    kept = []
    for entry in candidates:
        if match_key(entry["name"]) in known:
            continue
        aliases = [a for a in entry["aliases"] if match_key(a) not in known]
        known.update(match_key(n) for n in (entry["name"], *aliases))
        kept.append({"label": entry["label"], "name": entry["name"], "aliases": aliases})
    return kept


def extract(gold: list[GoldPaper], nlp: Language) -> list[PaperExtraction]:
    return list(extract_papers([Paper(id=g.id, abstract=g.text, title=g.title) for g in gold], nlp))


def per_entry(gold: list[GoldPaper], predictions: list[PaperExtraction], keys: set[str]) -> dict[str, Counter]:
    """True and false entities found under each new entry (by its gazetteer key), before corpus-wide merging."""
    counts: dict[str, Counter] = {}
    for _, e, true in judged(gold, predictions, ("METHOD", "TASK", "DATASET")):
        if e.key in keys:
            counts.setdefault(e.key, Counter())["tp" if true else "fp"] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("candidates", help="pattern file with the candidate entries")
    parser.add_argument("--out", required=True, help="where to write the entries the package does not know yet")
    args = parser.parse_args()
    entries = new_entries(read_patterns(args.candidates))
    Path(args.out).write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in entries), encoding="utf-8")
    print(f"{len(entries)} new entries written to {args.out}")
    without, with_them = load_pipeline(Settings()), load_pipeline(Settings(patterns=[args.out]))
    dev = corpus_gold(_missing)
    before, after = extract(dev, without), extract(dev, with_them)
    print(_line("dev", dev, resolve(before)))
    print(_line("dev+new", dev, resolve(after)))
    counts = per_entry(dev, after, {gazetteer_key(e["label"], e["name"]) for e in entries})
    for key, c in sorted(counts.items(), key=lambda kv: kv[1]["tp"] - kv[1]["fp"]):
        print(f"  tp {c['tp']:>3}  fp {c['fp']:>3}  {key}")
    heldout = corpus_gold(_missing, HELDOUT)
    print(_line("held-out", heldout, resolve(extract(heldout, without))))
    print(_line("held+new", heldout, resolve(extract(heldout, with_them))))


if __name__ == "__main__":
    main()
