"""Word lists and word-level tests shared by all of paperkg's components.

The lists live in ``data/lexicon.jsonl`` so they can be tuned without touching code; this module
loads them once and adds the few constants (labels, span-group keys) and word-shape predicates
(``is_namey``, ``is_acronymish``) that the abbreviation, gazetteer and rule modules all need.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources

from spacy.strings import StringStore
from spacy.tokens import Token

LABELS = ("METHOD", "TASK", "DATASET")
ABBREV, GAZ = "paperkg_abbrev", "paperkg_gaz"


def _load_lexicon() -> dict[str, frozenset[str]]:
    text = resources.files("paperkg.data").joinpath("lexicon.jsonl").read_text(encoding="utf-8")
    lists = (json.loads(line) for line in text.splitlines() if line.strip())
    return {item["list"]: frozenset(w.lower() for w in item["words"]) for item in lists}


LEX = _load_lexicon()
GENERIC = LEX["generic_heads"]
FIELDS = LEX["broad_fields"]
#: Companies, venues, hardware, divergences, metrics, fairness criteria, "considerable attention".
NOT_ENTITIES = LEX["not_entities"]
TASK_HEADS = LEX["task_heads"]
WEAK_TASKS = LEX["weak_task_heads"]
#: Task words that head a task noun phrase less than a third of the time ("Bayesian inference",
#: "world modeling", "visual planning", "knowledge transfer", "history compression"): alone they do not make a
#: phrase a task.
LOOSE_TASKS = LEX["loose_task_heads"]
TASK_STOP = LEX["task_modifier_stop"]
DATASET_WORDS = LEX["dataset_words"]
METHOD_CUES = LEX["method_cues"]
METRICS = LEX["metric_words"]
METHOD_MODIFIERS = LEX["method_modifiers"]
NAME_SUFFIX_STOP = LEX["name_suffix_stop"]
PROPOSE_VERBS = LEX["propose_verbs"]
NAMING_VERBS = LEX["naming_verbs"]
EVAL_WORDS = LEX["eval_verbs"]
TECH_HEADS = LEX["tech_heads"]
GENERIC_TECH = LEX["generic_tech_heads"]
INTRO_TASK = LEX["intro_task_objects"]
PROBLEM_PHENOMENA = LEX["problem_phenomena"]
TASK_ADJECTIVES = LEX["task_adjectives"]
#: What a paper may name without contributing it: "a phenomenon we call _inter-class poison transferability_".
OBSERVED = LEX["observed_things"]

# Capitalized words that start clauses or are ordinary English, not names.
_COMMON_CAPS = frozenset(
    "we our the a an in on for to this these that however moreover furthermore finally "
    "specifically additionally also first second third then thus therefore while although when "
    "here it its they their as by with from based using via experiments results extensive "
    "theoretically empirically notably existing unlike despite given recent".split()
)
# Prefixes that make a known name into another thing: "non-convex optimization", "anti-Hebbian learning".
CONTRARY_PREFIXES = frozenset("non anti semi quasi pseudo un".split())
# Words an acronym's long form may skip ("Reinforcement Learning with ...").
FUNCTION_WORDS = frozenset("of for and or with via in on to the a an from by as at".split())
# Tags of finite verbs: a span holding one is a clause, not a name.
FINITE_VERBS = frozenset(("VBZ", "VBP", "VBD", "MD"))
_HAS_ALPHA = re.compile(r"[A-Za-z]")
# Sizes and dimensions ("7B", "3D", "4x") are not names on their own.
SIZE_TOKEN = re.compile(r"^\d+(?:\.\d+)?[DdKkMmBbx]$")


def is_namey(tok: Token) -> bool:
    """Looks like part of a proper name: inner capitals (FedAvg, ReNO), letters with digits (MD17),
    or a capital in mid-sentence (Lattice Proteins)."""
    kind = _SHAPES_BY_ORTH.get(tok.orth)  # orth_shape's cache, read inline: this runs for most tokens
    if kind is None:
        kind = orth_shape(tok.orth, tok.vocab.strings)
    return kind == 2 or (kind == 1 and not tok.is_sent_start)


#: name_shape by ORTH hash (the same in every vocab), a cache of the last words seen: with it most
#: tokens are never decoded to str, which is much of what the rules would otherwise spend per token.
_SHAPES_BY_ORTH: dict[int, int] = {}
_MAX_SHAPES = 1 << 18


def orth_shape(orth: int, strings: StringStore) -> int:
    """``name_shape`` of the word whose ORTH hash is ``orth``, cached by the hash (decoded only once)."""
    kind = _SHAPES_BY_ORTH.get(orth)
    if kind is None:
        if len(_SHAPES_BY_ORTH) > _MAX_SHAPES:
            _SHAPES_BY_ORTH.clear()
        kind = _SHAPES_BY_ORTH[orth] = name_shape(strings[orth])
    return kind


@lru_cache(maxsize=1 << 16)
def name_shape(t: str) -> int:
    """2: a name wherever it stands; 1: a name unless it starts a sentence; 0: not a name."""
    if len(t) < 2 or t[0] in "0123456789" and SIZE_TOKEN.match(t) or "/" in t:
        return 0
    if not t.isascii() and not any(c.isalpha() for c in t) or t.isascii() and not _HAS_ALPHA.search(t):
        return 0
    if not t[1:].islower() and any(c.isupper() for c in t[1:]):
        return 2
    if any(c.isdigit() for c in t):
        return 2 if any(c.isupper() for c in t) else 0
    return 1 if t[0].isupper() and t.lower() not in _COMMON_CAPS else 0


def is_acronymish(text: str) -> bool:
    """Inner capitals or capitals with digits: FedAvg, ReNO, GPT-4, T2I-CompBench."""
    return sum(c.isupper() for c in text) >= 2 or (text[:1].isupper() and any(c.isdigit() for c in text))


def names_benchmark(name: str) -> bool:
    """A coined benchmark name: "DragBench", "Q-Bench", "MoE-RBench", "RelBench"."""
    return name[-5:].lower() == "bench" and len(name) > 5
