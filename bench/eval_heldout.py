"""Extraction quality on the held-out gold sets, in aggregate only.

``tests/data/gold/heldout_labels.jsonl`` holds the annotations of sets 16-21, 24-31, 34, 35, 38, 39, 42, 43, 46,
47, 50, 51, 54, 55, 58, 59, 62, 63, 66, 67, 70, 71, 74, 75, 78, 79, 82, 83 and 85 (2,440 ICLR/ICML 2024 abstracts, annotated from the spec alone by annotators who never saw paperkg). They estimate quality on
abstracts the rules were not developed on, and stay useful only as long as nobody reads their errors: this
script prints per-set and overall precision, recall and F1 per label, and with ``--by-rule`` how many true
and false entities each rule found, never a single abstract's entities. Rules are developed on
``corpus_labels.jsonl`` (the tests' floor) and checked here.

    python bench/eval_heldout.py
    python bench/eval_heldout.py --by-rule
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from test_corpus_gold import corpus_gold  # noqa: E402

from paperkg.evaluate import GOLD_FIELD, SCORE_LABELS, GoldPaper, match, score  # noqa: E402
from paperkg.extract import extract_papers, load_pipeline  # noqa: E402
from paperkg.models import Entity, Paper, PaperExtraction  # noqa: E402
from paperkg.resolve import resolve  # noqa: E402
from paperkg.settings import Settings  # noqa: E402

HELDOUT = ROOT / "tests" / "data" / "gold" / "heldout_labels.jsonl"


def _missing(reason: str) -> None:
    sys.exit(f"eval_heldout: {reason}")


def _line(name: str, gold: list[GoldPaper], predictions: list[PaperExtraction]) -> str:
    report = score(gold, predictions)
    labels = "  ".join(f"{s.label} {s.f1:.3f} ({s.tp}/{s.fp}/{s.fn})" for s in report.per_label)
    return f"{name:<8} macro {report.macro_f1:.3f}  {labels}"


def judged(gold: list[GoldPaper], predictions: list[PaperExtraction],
           labels: Iterable[str] = SCORE_LABELS) -> Iterator[tuple[str, Entity, bool]]:
    """Each predicted entity of each label, and whether it matches a gold entity (the scorer's matching)."""
    by_id = {p.id: p for p in predictions}
    for paper in gold:
        for label in labels:
            chosen = [e for e in by_id[paper.id].entities if (e.proposed if label == "PROPOSED" else e.label == label)]
            hits = {i for i, _ in match([[e.name, *e.aliases] for e in chosen], getattr(paper, GOLD_FIELD[label]))}
            for i, e in enumerate(chosen):
                yield label, e, i in hits


def _by_rule(gold: list[GoldPaper], predictions: list[PaperExtraction]) -> None:
    """True and false entities per label and per rule set (the rules of an entity's mentions)."""
    counts: dict[tuple[str, str], Counter] = defaultdict(Counter)
    for label, e, true in judged(gold, predictions):
        counts[(label, "+".join(sorted({m.rule for m in e.mentions})))]["tp" if true else "fp"] += 1
    for (label, rules), c in sorted(counts.items(), key=lambda kv: (kv[0][0], -sum(kv[1].values()))):
        print(f"  {label:<8} {rules:<40} tp {c['tp']:>4}  fp {c['fp']:>4}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--by-rule", action="store_true", help="true and false entities per rule, all sets together")
    args = parser.parse_args()
    gold = corpus_gold(_missing, HELDOUT)
    sets: dict[str, list[GoldPaper]] = defaultdict(list)
    set_names = [json.loads(line)["set"] for line in HELDOUT.read_text(encoding="utf-8").splitlines()]
    for paper, set_name in zip(gold, set_names, strict=True):
        sets[set_name].append(paper)
    nlp = load_pipeline(Settings())
    predictions = resolve(list(extract_papers([Paper(id=g.id, abstract=g.text, title=g.title) for g in gold], nlp)))
    by_id = {p.id: p for p in predictions}
    for name, papers in sets.items():
        print(_line(name, papers, [by_id[g.id] for g in papers]))
    print(_line("all", gold, predictions))
    if args.by_rule:
        _by_rule(gold, predictions)


if __name__ == "__main__":
    main()
