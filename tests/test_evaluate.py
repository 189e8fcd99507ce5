"""The scorer against the spec's own examples, plus properties, plus sanity checks on the gold set."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paperkg.errors import InputError
from paperkg.evaluate import (
    EvalReport,
    GoldPaper,
    format_report,
    load_gold,
    load_predictions,
    match,
    name_overlap,
    normalize_name,
    score,
)

GOLD = Path(__file__).parent / "data" / "gold" / "seeds.jsonl"


def gold_paper(pid="p1", methods=(), tasks=(), datasets=(), proposed=()) -> GoldPaper:
    return GoldPaper(
        id=pid,
        text="abstract",
        methods=[list(e) for e in methods],
        tasks=[list(e) for e in tasks],
        datasets=[list(e) for e in datasets],
        proposed=[list(e) for e in proposed],
    )


def entity(label, name, aliases=(), proposed=False) -> dict:
    return {"label": label, "name": name, "aliases": list(aliases), "proposed": proposed, "mentions": []}


def by_label(report: EvalReport) -> dict:
    return {s.label: s for s in report.per_label}


# --- normalization -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("\\textbf{FedDA}", "fedda"),
        ("the MNIST dataset", "mnist"),
        ("MNIST", "mnist"),
        ("Meta-World", "meta world"),
        ("Meta_World", "meta world"),
        ("  Deep   Mind\tControl ", "deep mind control"),
        ("ＭＮＩＳＴ", "mnist"),  # NFKC folds full-width letters
        ("graph convolutions", "graph convolution"),
        ("RBMs", "rbm"),
        ("GANs", "gan"),
        ("CSs", "css"),  # three letters: not a plural by the spec's rule
        ("class", "class"),  # "ss" is not a plural, and keeps the rule idempotent
        ("diffusion models", "diffusion"),  # plural dropped, then the generic head
        ("node classification task", "node classification"),
        ("Auto-Bench benchmark", "auto bench"),
        ("model", "model"),  # a lone generic head stays: a name never normalizes to nothing
        ("ImageNet 32$\\times$32", "imagenet 32x32"),
        ("$\\text{FoldFlow-OT}$", "foldflow ot"),
        ("$\\textbf{I}$n$\\textbf{T}$egrating $\\textbf{I}$mage $\\textbf{T}$ext", "integrating image text"),
        ("**LA**yout **C**onstraint diffusion mod**E**l", "layout constraint diffusion"),
        ("reinforcement learning with CLIP feedback~(RLCF)", "reinforcement learning with clip feedback (rlcf)"),
    ],
)
def test_normalize_examples(raw, expected):
    assert normalize_name(raw) == expected


@given(st.text())
@settings(max_examples=500)
def test_normalize_is_idempotent(name):
    once = normalize_name(name)
    assert normalize_name(once) == once


@given(st.lists(st.sampled_from(["the", "Model", "models", "tasks", "X-Ray", "$\\textbf{a}$", "bass", "ss", " "])))
def test_normalize_is_idempotent_on_tricky_words(words):
    once = normalize_name(" ".join(words))
    assert normalize_name(once) == once


# --- matching ----------------------------------------------------------------------------------


def test_long_form_and_acronym_match_the_gold_entity():
    gold = [gold_paper(methods=[["ReNO", "Reward-based Noise Optimization"]])]
    for pred in (
        entity("METHOD", "Reward-based Noise Optimization", ["ReNO"]),
        entity("METHOD", "ReNO"),
        entity("METHOD", "reward based noise optimization"),
    ):
        assert by_label(score(gold, [{"id": "p1", "entities": [pred]}]))["METHOD"].tp == 1


def test_contiguous_run_covering_half_matches():
    assert name_overlap("ImageNet 32x32", "ImageNet") == 0.5
    assert name_overlap("ImageNet 32$\\times$32", "ImageNet") == 0.5
    gold = [gold_paper(datasets=[["ImageNet"]])]
    report = score(gold, [{"id": "p1", "entities": [entity("DATASET", "ImageNet 32$\\times$32")]}])
    assert by_label(report)["DATASET"].tp == 1


def test_run_covering_less_than_half_does_not_match():
    assert name_overlap("ImageNet", "ImageNet 32 x 32") == 0.0
    assert name_overlap("Noise", "Reward-based Noise Optimization") == 0.0
    # Equal halves but not contiguous: no match.
    assert name_overlap("graph classification", "graph node classification tasks") == 0.0


def test_generic_head_leading_the_and_plural_are_ignored():
    assert name_overlap("the MNIST dataset", "MNIST") == 1.0
    assert name_overlap("diffusion models", "diffusion model") == 1.0
    assert name_overlap("Lattice Proteins", "lattice protein") == 1.0


def test_labels_must_agree():
    gold = [gold_paper(methods=[["MNIST"]])]
    report = score(gold, [{"id": "p1", "entities": [entity("DATASET", "MNIST")]}])
    assert by_label(report)["METHOD"].fn == 1
    assert by_label(report)["DATASET"].fp == 1


def test_matching_is_one_to_one_and_best_overlap_first():
    # The exact match is taken first, so "ImageNet 32x32" cannot steal gold "ImageNet".
    predicted = [["ImageNet 32x32"], ["ImageNet"]]
    gold = [["ImageNet"], ["ImageNet 32x32"]]
    assert sorted(match(predicted, gold)) == [(0, 1), (1, 0)]
    # Two predictions for one gold entity: one tp, one fp.
    report = score(
        [gold_paper(methods=[["FedAvg"]])],
        [{"id": "p1", "entities": [entity("METHOD", "FedAvg"), entity("METHOD", "fedavg")]}],
    )
    m = by_label(report)["METHOD"]
    assert (m.tp, m.fp, m.fn) == (1, 1, 0)


def test_ties_are_broken_by_order():
    assert match([["a b"]], [["a"], ["b"]]) == [(0, 0)]
    assert match([["a"], ["a"]], [["a"]]) == [(0, 0)]


def test_proposed_is_scored_across_labels():
    gold = [gold_paper(methods=[["ReNO"]], datasets=[["Auto-Bench"]], proposed=[["ReNO"], ["Auto-Bench"]])]
    preds = [
        {
            "id": "p1",
            "entities": [
                entity("METHOD", "ReNO", proposed=True),
                entity("METHOD", "Auto-Bench", proposed=True),  # wrong label, right proposal
                entity("METHOD", "SDXL", proposed=True),
            ],
        }
    ]
    s = by_label(score(gold, preds))
    assert (s["PROPOSED"].tp, s["PROPOSED"].fp, s["PROPOSED"].fn) == (2, 1, 0)
    assert (s["DATASET"].tp, s["DATASET"].fn) == (0, 1)


def test_counts_and_ratios():
    gold = [
        gold_paper("p1", methods=[["FedAvg"], ["Lasso"]], tasks=[["matrix completion"]]),
        gold_paper("p2", methods=[["HuBERT"]]),
    ]
    preds = [
        {"id": "p1", "entities": [entity("METHOD", "FedAvg"), entity("METHOD", "dual averaging")]},
        {"id": "p2", "entities": [entity("METHOD", "HuBERT model")]},
    ]
    report = score(gold, preds, details=True)
    m = by_label(report)["METHOD"]
    assert (m.tp, m.fp, m.fn) == (2, 1, 1)
    assert m.precision == pytest.approx(2 / 3) and m.recall == pytest.approx(2 / 3)
    assert m.f1 == pytest.approx(2 / 3)
    t = by_label(report)["TASK"]
    assert (t.tp, t.fp, t.fn, t.precision, t.recall, t.f1) == (0, 0, 1, 0.0, 0.0, 0.0)
    # DATASET and PROPOSED have nothing at all: 0/0 counts as 0.
    assert report.macro_f1 == pytest.approx((2 / 3) / 4)
    assert {(d.paper_id, d.label, d.kind, tuple(d.names)) for d in report.details} == {
        ("p1", "METHOD", "fp", ("dual averaging",)),
        ("p1", "METHOD", "fn", ("Lasso",)),
        ("p1", "TASK", "fn", ("matrix completion",)),
    }
    text = format_report(report)
    assert "METHOD" in text and "macro F1 0.167 over 2 papers" in text and "dual averaging" in text


def test_bad_predictions_are_input_errors():
    gold = [gold_paper()]
    with pytest.raises(InputError, match="not in the gold set"):
        score(gold, [{"id": "nope", "entities": []}])
    with pytest.raises(InputError, match="two predictions"):
        score(gold, [{"id": "p1", "entities": []}, {"id": "p1", "entities": []}])
    with pytest.raises(InputError, match="label"):
        score(gold, [{"id": "p1", "entities": [entity("AUTHOR", "x")]}])


# --- properties over generated gold ------------------------------------------------------------

_word = st.text(alphabet="abcdefgh", min_size=1, max_size=6)
_entity = st.lists(st.lists(_word, min_size=1, max_size=3).map(" ".join), min_size=1, max_size=2)
_papers = st.lists(
    st.fixed_dictionaries(
        {
            "methods": st.lists(_entity, max_size=3),
            "tasks": st.lists(_entity, max_size=3),
            "datasets": st.lists(_entity, max_size=3),
        }
    ),
    min_size=1,
    max_size=4,
)


def _gold_and_perfect_predictions(papers):
    gold, preds = [], []
    for i, p in enumerate(papers):
        proposed = p["methods"][:1]
        gold.append(gold_paper(f"p{i}", p["methods"], p["tasks"], p["datasets"], proposed))
        entities = []
        for label, key in (("METHOD", "methods"), ("TASK", "tasks"), ("DATASET", "datasets")):
            for j, names in enumerate(p[key]):
                is_proposed = key == "methods" and j == 0
                entities.append(entity(label, names[0], names[1:], proposed=is_proposed))
        preds.append({"id": f"p{i}", "entities": entities})
    return gold, preds


@given(_papers)
def test_predicting_the_gold_scores_perfectly(papers):
    gold, preds = _gold_and_perfect_predictions(papers)
    for s in score(gold, preds).per_label:
        assert s.fp == 0 and s.fn == 0
        assert s.f1 == (1.0 if s.tp else 0.0)


@given(_papers)
def test_no_predictions_give_zero_recall(papers):
    gold, _ = _gold_and_perfect_predictions(papers)
    for s in score(gold, []).per_label:
        assert s.tp == 0 and s.fp == 0 and s.recall == 0.0


# --- loading -----------------------------------------------------------------------------------


def test_load_gold_names_file_and_line(tmp_path):
    good = {"id": "a", "text": "t", "methods": [], "tasks": [], "datasets": [], "proposed": []}
    path = tmp_path / "g.jsonl"
    path.write_text(json.dumps(good) + "\n\n{not json\n")
    with pytest.raises(InputError) as err:
        load_gold(path)
    assert err.value.line == 3 and err.value.path == str(path)
    missing = dict(good, id="b")
    del missing["tasks"]
    path.write_text(json.dumps(good) + "\n" + json.dumps(missing) + "\n")
    with pytest.raises(InputError, match="tasks") as err:
        load_gold(path)
    assert err.value.line == 2
    path.write_text(json.dumps(good) + "\n" + json.dumps(good) + "\n")
    with pytest.raises(InputError, match="already on line 1"):
        load_gold(path)
    path.write_text(json.dumps(dict(good, methods=[[]])) + "\n")
    with pytest.raises(InputError, match="non-empty name"):
        load_gold(path)


def test_load_predictions_names_file_and_line(tmp_path):
    gold = [gold_paper("a"), gold_paper("b")]
    path = tmp_path / "pred.jsonl"
    good = {"id": "a", "entities": [entity("METHOD", "FooNet", proposed=True)]}
    path.write_text(json.dumps(good) + "\n\n" + json.dumps({"id": "b"}) + "\n")
    assert [p.id for p in load_predictions(path, gold)] == ["a", "b"]
    path.write_text(json.dumps(good) + "\n" + json.dumps({"id": "c", "entities": []}) + "\n")
    with pytest.raises(InputError, match="'c', which is not in the gold set") as err:
        load_predictions(path, gold)
    assert err.value.line == 2 and err.value.path == str(path)
    path.write_text(json.dumps(good) + "\n" + json.dumps(good) + "\n")
    with pytest.raises(InputError, match="already on line 1") as err:
        load_predictions(path, gold)
    assert err.value.line == 2
    path.write_text(json.dumps({"id": "a", "entities": [entity("AUTHOR", "x")]}) + "\n")
    with pytest.raises(InputError, match="not a prediction: entities.0.label") as err:
        load_predictions(path, gold)
    assert err.value.line == 1


# --- the development gold set ------------------------------------------------------------------


def test_seed_gold_parses_and_every_name_is_in_its_text():
    papers = load_gold(GOLD)
    assert [p.id for p in papers] == [f"seed-a{i:02d}" for i in range(1, 20)] + [
        f"seed-b{i:02d}" for i in range(1, 21)
    ]
    for p in papers:
        text = p.text.lower()
        for field in ("methods", "tasks", "datasets", "proposed"):
            for names in getattr(p, field):
                for name in names:
                    assert name.lower() in text, (p.id, field, name)


def test_seed_gold_proposed_items_are_labelled_too():
    for p in load_gold(GOLD):
        labelled = [names for field in ("methods", "tasks", "datasets") for names in getattr(p, field)]
        for names in p.proposed:
            assert names in labelled, (p.id, names)


def test_seed_gold_texts_are_the_seed_abstracts():
    seeds = Path(__file__).parents[1] / "seeds"
    corpus = "\n".join(f.read_text(encoding="utf-8") for f in sorted(seeds.glob("*.txt")))
    for p in load_gold(GOLD):
        assert p.text in corpus, p.id


def test_seed_gold_scores_itself_perfectly():
    papers = load_gold(GOLD)
    preds = []
    for p in papers:
        entities = []
        for label, field in (("METHOD", "methods"), ("TASK", "tasks"), ("DATASET", "datasets")):
            for names in getattr(p, field):
                entities.append(entity(label, names[0], names[1:], proposed=names in p.proposed))
        preds.append({"id": p.id, "entities": entities})
    report = score(papers, preds)
    assert all(s.fp == 0 and s.fn == 0 for s in report.per_label)
