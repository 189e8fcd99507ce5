"""paperkg's spaCy components on ``spacy.blank("en")`` (hand-built parses where rules need one)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import spacy
from spacy.tokens import Doc, Span

from paperkg import components
from hypothesis import given
from hypothesis import strategies as st

from paperkg.abbreviations import _initials_long_form, find_abbreviations, marked_long_form
from paperkg.gazetteer import package_patterns, read_patterns
from paperkg.lexicon import ABBREV, GAZ, LABELS, is_namey
from paperkg.errors import InputError
from paperkg.filters import is_junk

ENTRIES = [
    {"label": "METHOD", "name": "FedAvg", "aliases": ["Federated Averaging"]},
    {"label": "METHOD", "name": "dual averaging", "aliases": []},
    {"label": "DATASET", "name": "ImageNet", "aliases": []},
    {"label": "TASK", "name": "node classification", "aliases": []},
    {"label": "METHOD", "name": "in-context learning", "aliases": []},
    {"label": "DATASET", "name": "COCO", "aliases": ["Common Objects in Context"]},
    {"label": "DATASET", "name": "Camelyon16", "aliases": []},
    {"label": "DATASET", "name": "DeepMind Control", "aliases": []},
    {"label": "DATASET", "name": "3D Shapes", "aliases": []},
    {"label": "TASK", "name": "3D Reconstruction", "aliases": []},
]


@pytest.fixture
def blank() -> spacy.Language:
    nlp = spacy.blank("en")
    for name in components.PIPES:
        nlp.add_pipe(name)
    gazetteer = nlp.get_pipe("paperkg_gazetteer")
    gazetteer.initialize(nlp=nlp, package=False)
    gazetteer.gazetteer.add(ENTRIES)
    return nlp


def spans(doc: Doc, proposed: bool = False) -> list[tuple[str, str]]:
    """Final mentions (or only the proposed ones) as (text, label)."""
    return [(m.span.text, m.span.label_) for m in components.mentions(doc) if m.proposed or not proposed]


def gazetteer_hits(nlp: spacy.Language, text: str) -> list[tuple[str, str, str]]:
    """(text, label, key) of the gazetteer component's hits, before the rules consume them."""
    with nlp.select_pipes(disable=["paperkg_rules"]):
        doc = nlp(text)
        return [(s.text, s.label_, s.kb_id_) for s in doc.spans[GAZ]]


def test_abbreviations_pair_long_and_short_forms() -> None:
    nlp = spacy.blank("en")
    doc = nlp("we propose Reward-based Noise Optimization (ReNO) and Activation-Sharing Multi-Resolution (ASMR).")
    pairs = [(long.text, short.text) for long, short in find_abbreviations(doc)]
    assert ("Reward-based Noise Optimization", "ReNO") in pairs
    assert ("Activation-Sharing Multi-Resolution", "ASMR") in pairs


def test_small_letters_of_an_acronym_can_be_hyphenated_initials() -> None:
    doc = spacy.blank("en")("works like Tree-of-Thought (ToT) and a Mixture-of-Experts (MoE) layer")
    assert [(long.text, short.text) for long, short in find_abbreviations(doc)] == [
        ("Tree-of-Thought", "ToT"), ("Mixture-of-Experts", "MoE")]


def test_a_trailing_number_after_the_initials_of_a_capitalized_name() -> None:
    doc = spacy.blank("en")("we derive a format, Student Float (SF4), for weights stored in low precision (lp4).")
    assert [(long.text, short.text) for long, short in find_abbreviations(doc)] == [("Student Float", "SF4")]


def test_an_initial_x_can_stand_for_ex() -> None:
    doc = spacy.blank("en")("settings like extreme multi-label classification (XMC) and box classification (XBC)")
    assert [(long.text, short.text) for long, short in find_abbreviations(doc)] == [
        ("extreme multi-label classification", "XMC")]


def test_a_long_form_set_off_by_emphasis_ends_before_its_closing_mark() -> None:
    doc = spacy.blank("en")("we propose _batch and match_ (BaM) and ``perturb-then-diagonalize'' (PTD).")
    assert [(long.text, short.text) for long, short in find_abbreviations(doc)] == [
        ("batch and match", "BaM"), ("perturb-then-diagonalize", "PTD")]


def test_abbreviations_ignore_parenthetical_remarks() -> None:
    doc = spacy.blank("en")("results improve (see below) on all tasks (3 of 4).")
    assert find_abbreviations(doc) == []


def test_a_long_form_after_its_acronym_may_be_long_and_mark_its_letters_inside_words() -> None:
    doc = spacy.blank("en")("We introduce SAFLEX (Self-Adaptive Augmentation via Feature Label EXtrapolation), "
                            "and ITIT (InTegrating Image Text): a paradigm, but not one-hot GLM (Gumbel-Softmax one-hot prior).")
    assert [(long.text, short.text) for long, short in find_abbreviations(doc)] == [
        ("Self-Adaptive Augmentation via Feature Label EXtrapolation", "SAFLEX"), ("InTegrating Image Text", "ITIT")]


def test_capitals_inside_words_mark_a_long_form_of_many_words() -> None:
    doc = spacy.blank("en")(
        "We propose CABINET (Content RelevAnce-Based NoIse ReductioN for TablE QuesTion-Answering), an imPlicit "
        "self-ImprovemenT (PIT) framework, Enhanced Dictionary-Induced tenSorized incomplete multi-view clustering "
        "with Gaussian errOr raNk minimization (EDISON), and LLMs (Llama-2-7B, Llama-2-13B, Mistral-7B-v0.1): "
        "SemiRES incorporates the Segment Anything Model (SAM).")
    assert [(long.text, short.text) for long, short in find_abbreviations(doc)] == [
        ("Content RelevAnce-Based NoIse ReductioN for TablE QuesTion-Answering", "CABINET"),
        ("imPlicit self-ImprovemenT", "PIT"),
        ("Enhanced Dictionary-Induced tenSorized incomplete multi-view clustering with Gaussian errOr raNk minimization",
         "EDISON"),
        ("Segment Anything Model", "SAM")]


def test_accented_initials_spell_an_acronym() -> None:
    doc = spacy.blank("en")("a generalization of the PL (Polyak-Łojasiewicz) condition and Schrödinger Bridges (SB).")
    assert [(long.text, short.text) for long, short in find_abbreviations(doc)] == [
        ("Polyak-Łojasiewicz", "PL"), ("Schrödinger Bridges", "SB")]


@pytest.mark.parametrize(("short", "long", "marked"), [
    ("URIAL", "Untuned LLMs with Restyled In-context Alignment", True),  # one letter ("l") unmarked
    ("MaRio", "Multi-rewArd RatIOnalization", True),
    ("YaRN", "Yet another RoPE extensioN method", True),
    ("GLM", "Gumbel-Softmax one-hot prior", False),  # its letters occur, unmarked
    ("BERT", "Bidirectional transformer", False),
    ("DPO", "Rafailov et al.", False),
])
def test_marked_long_form(short: str, long: str, marked: bool) -> None:
    assert marked_long_form(short, long) is marked


@given(st.lists(st.from_regex(r"[A-Z][a-z]{1,8}", fullmatch=True), min_size=2, max_size=6))
def test_initials_of_capitalized_words_are_a_marked_long_form(words: list[str]) -> None:
    assert marked_long_form("".join(w[0] for w in words), " ".join(words))


def test_initials_skip_function_words_and_split_hyphens() -> None:
    words = "we propose RL with Adaptive Regularization".split()
    assert words[_initials_long_form("RL-AR", words):] == ["RL", "with", "Adaptive", "Regularization"]
    assert _initials_long_form("XYZ", "nothing here".split()) is None
    # a function word may give a letter inside a long form, never its first one
    words = "we introduce the Accuracy and Global-Local Fairness Optimality Problem".split()
    assert words[_initials_long_form("AGLFOP", words):][0] == "Accuracy"
    assert "Search and Rescue".split()[_initials_long_form("SAR", "Search and Rescue".split()):] == ["Search", "and", "Rescue"]
    assert _initials_long_form("AS", "and segmentation".split()) is None


def test_gazetteer_case_rules_and_plurals(blank: spacy.Language) -> None:
    hits = gazetteer_hits(blank, "FedAvg beats fedavg. Dual averaging and node classifications on ImageNet.")
    found = [(text, label) for text, label, _ in hits]
    assert ("FedAvg", "METHOD") in found
    assert ("fedavg", "METHOD") not in found  # names with capitals match exactly
    assert ("Dual averaging", "METHOD") in found  # lower-case names match any case
    assert ("node classifications", "TASK") in found  # and their plural
    assert ("ImageNet", "DATASET") in found
    keys = {text: key for text, _, key in hits}
    assert keys["FedAvg"] == "method:fedavg"


def test_distinctive_capitalized_names_match_in_any_case_that_keeps_a_capital(blank: spacy.Language) -> None:
    found = [text for text, _, _ in gazetteer_hits(blank, (
        "On CAMELYON16 and camelyon16, DeepMind control tasks, deepmind control, 3D shapes and the "
        "3D Reconstruction of 3D reconstruction."))]
    # with digits or several words; a capital left in a word that is no number's; no task names
    assert sorted(found) == ["3D Reconstruction", "CAMELYON16", "DeepMind control"]


def test_gazetteer_hyphen_and_space_spellings(blank: spacy.Language) -> None:
    found = [text for text, _, _ in gazetteer_hits(blank, "Node-classification with in context learning or in-context learning.")]
    assert found == ["Node-classification", "in context learning", "in-context learning"]


def test_an_acronym_redefined_against_the_entrys_spelled_out_alias_is_not_the_entry(blank: spacy.Language) -> None:
    redefined = [m.span.label_ for m in components.mentions(blank("We define Cross-Object Consistency Optimization "
                                                                    "(COCO). COCO is fast.")) if m.span.text == "COCO"]
    assert redefined and "DATASET" not in redefined
    known = [m.span.kb_id_ for m in components.mentions(blank("Results on Common Objects in Context (COCO). COCO is big."))
             if m.span.text == "COCO"]
    assert known == ["dataset:coco", "dataset:coco"]


def test_gazetteer_aliases_share_the_entry_key(blank: spacy.Language) -> None:
    keys = {text: key for text, _, key in gazetteer_hits(blank, "Federated Averaging (FedAvg) is simple.")}
    assert keys["Federated Averaging"] == keys["FedAvg"] == "method:fedavg"


def test_final_mentions_carry_key_rule_and_acronym_link(blank: spacy.Language) -> None:
    doc = blank("Federated Averaging (FedAvg) is simple.")
    found = {m.span.text: m for m in components.mentions(doc)}
    assert found["FedAvg"].span.kb_id_ == "method:fedavg"
    assert found["FedAvg"].long is not None and found["FedAvg"].long.text == "Federated Averaging"
    assert found["Federated Averaging"].rule == "abbreviation"
    assert GAZ not in doc.spans and ABBREV not in doc.spans


def test_acronym_defined_in_text_labels_its_later_uses(blank: spacy.Language) -> None:
    doc = blank("We use graph neural networks (GNNs) here. GNNs are strong and a GNN is cheap.")
    found = spans(doc)
    assert ("graph neural networks", "METHOD") in found
    assert found.count(("GNNs", "METHOD")) == 2


def test_propose_rule_on_a_parse() -> None:
    nlp = spacy.blank("en")
    for name in components.PIPES:
        nlp.add_pipe(name)
    nlp.get_pipe("paperkg_gazetteer").initialize(nlp=nlp, package=False)
    words = ["We", "propose", "FedDA", ",", "a", "novel", "method", "for", "node", "classification", "."]
    doc = Doc(
        nlp.vocab,
        words=words,
        spaces=[True, True, False, True, True, True, True, True, True, False, False],
        heads=[1, 1, 1, 2, 6, 6, 2, 6, 9, 7, 1],
        deps=["nsubj", "ROOT", "dobj", "punct", "det", "amod", "appos", "prep", "compound", "pobj", "punct"],
        pos=["PRON", "VERB", "PROPN", "PUNCT", "DET", "ADJ", "NOUN", "ADP", "NOUN", "NOUN", "PUNCT"],
    )
    doc = nlp(doc)
    assert ("FedDA", "METHOD") in spans(doc)
    assert spans(doc, proposed=True) == [("FedDA", "METHOD")]
    assert ("node classification", "TASK") in spans(doc)


def test_generic_heads_and_fields_are_not_entities(blank: spacy.Language) -> None:
    doc = blank("Deep learning (DL) and machine learning models use a framework.")
    assert spans(doc) == []


def test_name_shape() -> None:
    doc = spacy.blank("en")("We use FedAvg , MD17 , Lattice Proteins , 3D data and the model .")
    shapes = {t.text: is_namey(t) for t in doc}
    assert shapes["FedAvg"] and shapes["MD17"] and shapes["Lattice"] and shapes["Proteins"]
    assert not shapes["We"] and not shapes["3D"] and not shapes["model"]


def test_read_patterns_reports_file_and_line(tmp_path: Path) -> None:
    good = tmp_path / "good.jsonl"
    good.write_text(json.dumps({"label": "METHOD", "name": "Foo", "aliases": ["F"]}) + "\n\n", encoding="utf-8")
    assert read_patterns(good) == [{"label": "METHOD", "name": "Foo", "aliases": ["F"]}]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"label": "METHOD", "name": "Foo"}) + "\n{not json\n", encoding="utf-8")
    with pytest.raises(InputError) as err:
        read_patterns(bad)
    assert err.value.line == 2 and err.value.path == str(bad)
    wrong = tmp_path / "wrong.jsonl"
    wrong.write_text(json.dumps({"label": "PERSON", "name": "Ada"}) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match="label"):
        read_patterns(wrong)
    with pytest.raises(InputError):
        read_patterns(tmp_path / "missing.jsonl")


def test_package_gazetteers_load() -> None:
    entries = package_patterns()
    assert entries and {e["label"] for e in entries} <= set(LABELS)


@pytest.mark.parametrize(("text", "label", "rule", "junk"), [
    ("SE(3)-equivariant", "METHOD", "camel-name", True),
    ("PAC-Bayesian", "METHOD", "our", True),
    ("+0.28dB", "METHOD", "camel-name", True),
    ("FID 1.73", "METHOD", "camel-name", True),
    ("language models", "METHOD", "technique", True),
    ("language models", "METHOD", "abbreviation", False),  # defined: "language models (LMs)"
    ("reinforcement learning", "TASK", "task-noun", True),
    ("reinforcement-learning", "TASK", "task-noun", True),  # hyphenated, still the field
    ("KL-divergence", "METHOD", "camel-name", True),
    ("state-of-the-art", "METHOD", "camel-name", True),
    ("imitation learning", "TASK", "such-as", False),  # a field listed as a task is one
    ("imitation learning", "TASK", "task-head", True),
    ("Langevin dynamics", "METHOD", "name-head", False),
    ("GPT-4", "METHOD", "gazetteer", False),
    ("Breadth-", "METHOD", "such-as", True),  # "Breadth- and depth-first search"
    ("-R", "DATASET", "conjunct", True),  # "ImageNet-C, -R"
    ("mIoU.", "METHOD", "camel-name", True),  # one token, full stop and all: "by at least +4.9 mIoU."
    ("PAC-learnability", "METHOD", "camel-name", True),  # a name glued to a common word
    ("GPT-family", "METHOD", "name-head", True),
    ("Extra-gradient", "METHOD", "name-head", False),
    ("Lion-phi", "METHOD", "name-head", False),
    ("OoD-detection", "TASK", "camel-name", False),
    ("Precision@1", "METHOD", "camel-name", True),  # metrics
    ("ROC-AUC", "METHOD", "camel-name", True),
    ("U-MAE", "METHOD", "camel-name", False),  # a masked autoencoder, not the error
    (".As", "METHOD", "camel-name", True),  # a sentence end glued to the next sentence
    ("PDE.LFlows", "METHOD", "camel-name", True),
])
def test_filter_of_name_shaped_non_entities(text: str, label: str, rule: str, junk: bool) -> None:
    doc = spacy.blank("en")(text)
    assert is_junk(Span(doc, 0, len(doc), label=label, span_id=rule), label) is junk


def test_a_shape_only_name_after_a_percentage_is_a_metric() -> None:
    doc = spacy.blank("en")("TopoMLP reaches 41.2% OLS and +5.3% Hits@1 with ResNet-50")
    verdicts = {t.text: is_junk(Span(doc, t.i, t.i + 1, label="METHOD", span_id="camel-name"), "METHOD")
                for t in doc if t.text in ("OLS", "Hits@1", "TopoMLP")}
    assert verdicts == {"OLS": True, "Hits@1": True, "TopoMLP": False}


@pytest.mark.parametrize(("text", "junk"), [
    ("InfoBatch is fast. InfoBatchrandomly prunes samples.", True),
    ("MAML works. Our MAMLbased learner adapts.", True),
    ("ModernTCN is new. Thus ModernTCNhas few layers.", True),
    ("We use LeaP. LeaPformer is a transformer.", False),  # a name of its own
    ("RandCBP works. RandCBPside helps.", False),
    ("Batch norms help. InfoBatchrandomly prunes samples.", False),  # the name never stands alone
])
def test_a_name_glued_to_a_word_by_a_lost_space_is_junk(text: str, junk: bool) -> None:
    doc = spacy.blank("en")(text)
    [glued] = [t for t in doc if t.text[0].isupper() and t.text[1:] != t.text[1:].lower() and t.i > 2]
    assert is_junk(Span(doc, glued.i, glued.i + 1, label="METHOD", span_id="camel-name"), "METHOD") is junk
