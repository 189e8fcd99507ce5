"""The shipped gazetteers: well-formed, unambiguous, large enough, and free of the broad or
generic terms the extraction spec says are not entities (a junk entry costs precision on
every abstract that mentions it)."""

import json
import re
from importlib import resources

import pytest
import spacy

from paperkg.gazetteer import Gazetteer, gazetteer_key

FILES = {
    "gazetteer_datasets.jsonl": ("DATASET", 400),
    "gazetteer_methods.jsonl": ("METHOD", 500),
    "gazetteer_tasks.jsonl": ("TASK", 300),
}

# The spec's "No" examples, broad fields/paradigms, generic heads, metrics, bare task words.
FORBIDDEN = {
    # generic heads
    "method", "methods", "approach", "framework", "model", "models", "algorithm", "technique",
    "architecture", "system", "network", "neural network", "neural networks", "baseline",
    "task", "tasks", "problem", "application", "dataset", "datasets", "benchmark", "corpus",
    "data", "experiments", "ablation", "environment", "module", "pipeline",
    # broad fields and paradigms
    "deep learning", "machine learning", "reinforcement learning", "federated learning",
    "self-supervised learning", "representation learning", "transfer learning", "meta-learning",
    "meta learning", "supervised learning", "unsupervised learning", "semi-supervised learning",
    "weakly supervised learning", "online learning",
    "few-shot learning", "zero-shot learning", "multi-task learning",
    "imitation learning", "deep reinforcement learning",
    "multi-agent reinforcement learning", "artificial intelligence", "computer vision",
    "natural language processing", "robotics", "statistics", "optimization", "learning",
    "training", "inference", "fine-tuning", "pre-training", "pretraining", "generalization",
    "robustness", "interpretability", "explainability", "fairness", "privacy",
    "generative models", "foundation models", "deep neural networks",
    "AI", "ML", "RL", "FL", "DL", "NLP", "SSL", "DNN", "DNNs", "CV",
    # metrics
    "accuracy", "BLEU", "ROUGE", "FID", "F1", "AUC", "AUROC", "perplexity", "PSNR", "SSIM",
    "LPIPS", "mIoU", "mAP", "WER", "CLIPScore", "Inception Score",
    # bare task words
    "classification", "generation", "prediction", "detection", "segmentation", "regression",
    "reasoning", "estimation", "recognition", "retrieval", "clustering", "recommendation",
    "calibration",
}


def _data_dir():
    return resources.files("paperkg") / "data"


def _load(filename):
    lines = (_data_dir() / filename).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def _entries():
    return [(f, e) for f in FILES for e in _load(f)]


def _surfaces(entry):
    return [entry["name"], *entry["aliases"]]


def _is_lower(surface):
    """The gazetteer matches such surfaces case-insensitively (and adds a plural)."""
    return surface == surface.lower() and not any(c.isdigit() for c in surface)


@pytest.mark.parametrize("filename", sorted(FILES))
def test_lines_parse_with_fields_and_label(filename):
    label, _ = FILES[filename]
    for entry in _load(filename):
        assert set(entry) == {"label", "name", "aliases"}, entry
        assert entry["label"] == label, entry
        assert isinstance(entry["name"], str) and entry["name"].strip() == entry["name"] != ""
        assert isinstance(entry["aliases"], list)
        for alias in entry["aliases"]:
            assert isinstance(alias, str) and alias.strip() == alias != "", entry
        assert entry["name"] not in entry["aliases"], entry
        assert len(set(entry["aliases"])) == len(entry["aliases"]), entry


@pytest.mark.parametrize("filename", sorted(FILES))
def test_minimum_size(filename):
    _, minimum = FILES[filename]
    assert len(_load(filename)) >= minimum


def test_no_surface_shared_between_entries():
    """A surface form (case-folded when the matcher folds it) belongs to one entry only."""
    owner = {}
    for _, entry in _entries():
        key = gazetteer_key(entry["label"], entry["name"])
        for surface in _surfaces(entry):
            folded = surface.lower() if _is_lower(surface) else surface
            other = owner.setdefault(folded, key)
            assert other == key, f"{surface!r} in {other} and {key}"


def test_canonical_names_unique_per_label():
    keys = [gazetteer_key(e["label"], e["name"]) for _, e in _entries()]
    assert len(keys) == len(set(keys))


def test_no_forbidden_terms():
    forbidden = {t.lower() for t in FORBIDDEN}
    for _, entry in _entries():
        for surface in _surfaces(entry):
            assert surface.lower() not in forbidden, (surface, entry["name"])


# Two-character names that are unambiguous in ML abstracts.
SHORT_OK = {"C4", "T5", "S4", "S5"}


def test_no_short_aliases():
    """One- and two-character strings are too ambiguous to match in free text."""
    for _, entry in _entries():
        for surface in _surfaces(entry):
            assert len(surface) >= 3 or surface in SHORT_OK, (surface, entry["name"])


#: Proper nouns that task names keep capitalized, as papers write them ("Hamiltonian prediction", "Markov game").
PROPER_NOUNS = {"Alzheimer's", "Android", "Bayes", "Bayesian", "Boltzmann", "Byzantine", "Carlo", "Chinese", "Dyck", "Earth",
                "Euclidean", "Fisher", "Gaussian", "Gaussians", "Gleason", "Gromov", "Hamiltonian", "Hessian", "Ising", "Koopman",
                "Lipschitz", "Lyapunov", "Markov", "Massart", "Monge", "Monte", "Nash", "Pareto", "Parkinson's", "Rényi",
                "Riemannian", "Rubik's", "Schrödinger", "Shapley", "Stackelberg", "Steiner", "Sudoku", "Verilog", "Wasserstein",
                "Wikipedia"}


def test_task_names_lowercase_unless_acronym():
    """Task names match case-insensitively only when written in lower case: no title case. Acronyms,
    symbols ("T-cell", "RGB-D", "N-body", "pKa") and proper nouns keep their capitals."""
    for entry in _load("gazetteer_tasks.jsonl"):
        for word in re.split(r"[\s\-/]+", entry["name"]):
            assert word == word.lower() or word in PROPER_NOUNS or len(word) == 1 or not word[0].isupper() \
                or sum(c.isupper() or c.isdigit() for c in word) >= 2, entry["name"]


def test_each_surface_matches_its_own_entry_only():
    """Run the real gazetteer over every surface: the whole span resolves to its own entry."""
    nlp = spacy.blank("en")
    gazetteer = Gazetteer(nlp)
    entries = [e for _, e in _entries()]
    gazetteer.add(entries)
    for entry in entries:
        key = gazetteer_key(entry["label"], entry["name"])
        for surface in _surfaces(entry):
            doc = nlp.make_doc(surface)
            full = {(s.label_, s.kb_id_) for s in gazetteer(doc) if s.start == 0 and s.end == len(doc)}
            assert full == {(entry["label"], key)}, (surface, full)
