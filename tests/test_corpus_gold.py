"""Extraction quality on 2,430 annotated ICLR/ICML 2024 abstracts (a regression floor, run where the corpora are).

``tests/data/gold/corpus_labels.jsonl`` holds only ids and the annotated entity names; the abstracts
themselves stay in ``../shared/corpora/`` (never copied into the project) and are joined in here.
Sets 1-6, 10-15, 22, 23, 32, 33, 36, 37, 40, 41, 44, 45, 48, 49, 52, 53, 56, 57, 60, 61, 64, 65, 68, 69, 72, 73, 76, 77, 80, 81 and 84 (60 abstracts each; set 2 has 50, set 84 has 40) were annotated by rounds of annotators from the
spec alone and have since been used to develop the rules, so they are development data: the floor
guards regressions, it does not estimate quality on unseen abstracts. Sets 16-21,
24-31, 34, 35, 38, 39, 42, 43, 46, 47, 50, 51, 54, 55, 58, 59, 62, 63, 66, 67, 70, 71, 74, 75, 78, 79, 82, 83 and 85 (``heldout_labels.jsonl``; set 85 has 40) are held out from rule development: only bench/eval_heldout.py scores them, in
aggregate. (Blind sets 7-9 of earlier sessions were lost with their machine.)
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from paperkg.evaluate import GoldPaper, score
from paperkg.extract import extract_papers, load_pipeline
from paperkg.models import Paper
from paperkg.resolve import resolve
from paperkg.settings import Settings

CORPORA = Path(__file__).resolve().parents[2] / "shared" / "corpora"
LABELS = Path(__file__).parent / "data" / "gold" / "corpus_labels.jsonl"
#: Sets 16-21, 24-31, 34, 35, 38, 39, 42, 43, 46, 47, 50, 51, 54 and 55: held out from rule development; scored in aggregate by bench/eval_heldout.py, checked here for
#: well-formedness only.
HELDOUT = Path(__file__).parent / "data" / "gold" / "heldout_labels.jsonl"

pytestmark = pytest.mark.slow


def corpus_gold(require: Callable[[str], None], labels_path: Path = LABELS) -> list[GoldPaper]:
    """The annotated entity names of ``labels_path`` joined with their abstracts and titles from the corpora."""
    labels = [json.loads(line) for line in labels_path.read_text(encoding="utf-8").splitlines()]
    wanted = {row["id"] for row in labels}
    abstracts: dict[str, tuple[str, str]] = {}
    for name in ("iclr2024.jsonl.gz", "icml2024.jsonl.gz"):
        path = CORPORA / name
        if not path.exists():
            require(f"{path} is not here; the corpus gold test reads ../shared/corpora")
        with gzip.open(path, "rt", encoding="utf-8") as f:
            for line in f:
                row = json.loads(line)
                if row["id"] in wanted:
                    abstracts[row["id"]] = (row["abstract"], row.get("title") or "")
    return [GoldPaper(id=row["id"], text=abstracts[row["id"]][0], title=abstracts[row["id"]][1],
                      methods=row["methods"], tasks=row["tasks"], datasets=row["datasets"], proposed=row["proposed"])
            for row in labels]


@pytest.mark.parametrize("labels_path", [LABELS, HELDOUT])
def test_every_annotated_name_is_in_its_abstract(require, labels_path: Path) -> None:
    for paper in corpus_gold(require, labels_path):
        for entity in (*paper.methods, *paper.tasks, *paper.datasets):
            assert any(name.lower() in paper.text.lower() for name in entity), (paper.id, entity)


def test_corpus_gold_quality_floor(require) -> None:
    gold = corpus_gold(require)
    nlp = load_pipeline(Settings())
    papers = [Paper(id=g.id, abstract=g.text, title=g.title) for g in gold]
    report = score(gold, resolve(list(extract_papers(papers, nlp))))
    f1 = {s.label: round(s.f1, 3) for s in report.per_label}
    assert report.macro_f1 >= 0.80, f1  # 0.825 on 2,430 abstracts in the twenty-fourth session (METHOD .815,
    # TASK .715, DATASET .925, PROPOSED .846); sets 22-23 and 32-84 score lower than the older sets
    assert f1["METHOD"] >= 0.79 and f1["TASK"] >= 0.69 and f1["DATASET"] >= 0.89 and f1["PROPOSED"] >= 0.80, f1
