"""paperkg's spaCy components: plain functions on a Doc, plus thin ``@Language.factory`` wrappers.

Pipeline order: ``paperkg_abbreviations`` -> ``paperkg_gazetteer`` -> ``paperkg_rules``.
The first two leave intermediate span groups (``doc.spans["paperkg_abbrev"]``: long form, short
form, ...; ``doc.spans["paperkg_gaz"]``: gazetteer hits with ``kb_id_`` = gazetteer key). The rules
component consumes and removes them, and leaves the final mentions in ``doc.ents`` (paperkg does
not use spaCy's NER): ``label_`` METHOD/TASK/DATASET, ``kb_id_`` the gazetteer key or "", ``id_``
the rule, plus ``|proposed`` for what the paper introduces and ``|long=S-E`` on an acronym whose
long form is the entity at tokens S..E. ``mentions(doc)`` unpacks that.

Why ``doc.ents`` and not span groups or Doc extensions: when ``nlp.pipe(n_process=...)`` sends docs
back from its workers, each span group and the user data cost an extra (slow) msgpack round trip,
which ate most of the two-worker speedup; entity annotations travel in the token arrays for free.

Rules that need the dependency parse are skipped on docs without one (``spacy.blank``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import NamedTuple
from importlib import resources
from pathlib import Path

import numpy
from spacy.attrs import DEP, LOWER, ORTH
from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Span, Token

from .errors import InputError

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
TASK_STOP = LEX["task_modifier_stop"]
DATASET_WORDS = LEX["dataset_words"]
METHOD_CUES = LEX["method_cues"]
METRICS = LEX["metric_words"]
METHOD_MODIFIERS = LEX["method_modifiers"]
NAME_SUFFIX_STOP = LEX["name_suffix_stop"]
PROPOSE_VERBS = LEX["propose_verbs"]
NAMING_VERBS = LEX["naming_verbs"]
EVAL_WORDS = LEX["eval_verbs"]

# Capitalized words that start clauses or are ordinary English, not names.
_COMMON_CAPS = frozenset(
    "we our the a an in on for to this these that however moreover furthermore finally "
    "specifically additionally also first second third then thus therefore while although when "
    "here it its they their as by with from based using via experiments results extensive "
    "theoretically empirically notably existing unlike despite given recent".split()
)
_FUNCTION_WORDS = frozenset("of for and or with via in on to the a an from by as at".split())
# Words that describe a dataset's use rather than name it ("ARC evaluation dataset").
_NOT_IN_NAMES = frozenset(
    "evaluation test testing training validation public popular standard synthetic real benchmark "
    "downstream original full entire whole large small new novel several multiple different other".split()
)
# Capitalized adjectives that modify rather than name ("Gaussian kernel", "Bayesian model").
_CAP_ADJECTIVES = frozenset(
    "gaussian bayesian euclidean markovian lipschitz hessian riemannian boolean newtonian hamiltonian "
    "lagrangian laplacian jacobian cartesian poisson bernoulli dirichlet wasserstein hilbert banach "
    "byzantine english chinese french german spanish japanese korean arabic hindi russian transformer hilbertian".split()
)
# Heads of unnamed new contributions ("a new homeostatic objective") and modifiers too bland for one.
_NEW_THINGS = frozenset("objective loss regularizer regularization estimator sampler algorithm operator "
                        "attention mechanism layer architecture criterion penalty".split())
# Verbs that introduce the paper's own contribution when "we" (or "this paper") is the subject.
_STRONG_PROPOSE = frozenset("propose proposes introduce introduces present presents develop develops devise devises "
                            "design designs".split())
_PRIOR_CUES = frozenset("existing previous prior recent recently many various several numerous traditional".split())
_CORE_WORDS = frozenset(("central", "core", "heart", "key"))
_BLAND_MODIFIERS = frozenset("training learning optimization data model neural deep simple general generic".split())
_FINITE_VERBS = frozenset(("VBZ", "VBP", "VBD", "MD"))
_MODEL_SIZE = re.compile(r"\d+(?:\.\d+)?[BMK]\b")
_PLAIN_NAME = re.compile(r"[A-Za-z][A-Za-z0-9+\-]*[A-Za-z][A-Za-z0-9+\-]*(?: [A-Za-z0-9+\-]+)*")  # not "S^2"
_HAS_ALPHA = re.compile(r"[A-Za-z]")
_SIZE_TOKEN = re.compile(r"^\d+(?:\.\d+)?[DdKkMmBbx]$")


# ---------------------------------------------------------------- abbreviations (Schwartz-Hearst)


def _best_long_form(short: str, long: str) -> int | None:
    """Start offset in ``long`` of the shortest suffix whose characters spell ``short`` in order,
    the first one starting a word (Schwartz & Hearst 2003); None when there is none."""
    s, i = len(short) - 1, len(long) - 1
    while s >= 0:
        c = short[s].lower()
        if not c.isalnum():
            s -= 1
            continue
        while i >= 0 and (long[i].lower() != c or (s == 0 and i > 0 and long[i - 1].isalnum())):
            i -= 1
        if i < 0:
            return None
        i -= 1
        s -= 1
    return i + 1


def _initials_long_form(short: str, words: list[str]) -> int | None:
    """Index of the first word of the long form whose initials spell ``short``'s capitals and
    digits, right to left ("RL with Adaptive Regularization" for RL-AR, "Activation-Sharing
    Multi-Resolution" for ASMR); function words may be skipped. None when there is none."""
    if short[0].islower():
        letters = [c.lower() for c in short if c.isalnum()]
    else:
        letters = [c.lower() for c in short if c.isupper() or c.isdigit()]
    if len(letters) < 2 or sum(c.islower() for c in short) > len(letters):
        return None

    def match(li: int, wi: int) -> int | None:
        if li < 0:
            return wi + 1
        if wi < 0:
            return None
        word = words[wi]
        options = []
        parts = [p for p in word.split("-") if p]
        if parts:
            options.append("".join(p[0].lower() for p in parts))
            options.append(parts[0][0].lower())
            if word.isupper() and len(word) <= 4:
                options.append(word.lower())
        for opt in dict.fromkeys(options):
            n = len(opt)
            if li + 1 >= n and letters[li - n + 1 : li + 1] == list(opt):
                found = match(li - n, wi - 1)
                if found is not None:
                    return found
        if word.lower() in _FUNCTION_WORDS and li < len(letters) - 1:
            return match(li, wi - 1)
        return None

    return match(len(letters) - 1, len(words) - 1)


def _short_form_ok(text: str) -> bool:
    return (
        2 <= len(text) <= 12
        and text[0].isalnum()
        and any(c.isalpha() for c in text)
        and any(c.isupper() for c in text)
        and len(text.split()) <= 2
    )


def find_abbreviations(doc: Doc) -> list[tuple[Span, Span]]:
    """Pairs (long form, short form) for every "long form (SF)" in ``doc``."""
    pairs: list[tuple[Span, Span]] = []
    paren = doc.vocab.strings["("]
    for i in [i for i, orth in enumerate(doc.to_array(ORTH).tolist()) if orth == paren and i] if len(doc) else []:
        tok = doc[i]
        close = next((t.i for t in doc[tok.i + 1 : tok.i + 5] if t.text == ")"), None)
        if close is None or close == tok.i + 1:
            continue
        short = doc[tok.i + 1 : close]
        if not _short_form_ok(short.text):
            before = doc[i - 1]  # "DRO (Directed Representation Optimization)"
            inside = doc[tok.i + 1 : next((t.i for t in doc[tok.i + 1 : tok.i + 10] if t.text == ")"), tok.i + 1)]
            if len(inside) > 1 and is_acronymish(before.text) and _initials_long_form(
                    before.text, inside.text.split()) == 0 and inside.text[:1].isupper():
                pairs.append((inside, doc[i - 1 : i]))
            continue
        sf = short.text
        max_words = min(len(sf) + 5, 2 * len(sf))
        start = tok.i
        while start > 0 and tok.i - start < max_words:
            prev = doc[start - 1]
            if prev.is_punct and prev.text not in "-/'" or prev.is_sent_end:
                break
            start -= 1
        if start == tok.i:
            continue
        window = doc[start : tok.i]
        words = window.text.split()
        first = _initials_long_form(sf, words)
        if first is not None:
            offset = len(" ".join(words[:first])) + (1 if first else 0)
            offset = window.text.find(words[first], offset - 1 if first else 0)
            long = doc.char_span(window.start_char + offset, window.end_char, alignment_mode="expand")
            if long is not None:
                pairs.append((long, short))
                continue
        offset = None
        for variant in (sf, sf.replace("2", "t").replace("4", "f")):
            offset = _best_long_form(variant.rstrip("s") if variant.endswith("s") and len(variant) > 2 else variant,
                                     window.text)
            if offset is not None:
                break
        if offset is None:
            continue
        long = doc.char_span(window.start_char + offset, window.end_char, alignment_mode="expand")
        if long is None or len(long) > max_words or long.text.lower() == sf.lower() or any(
                t.tag_ in _FINITE_VERBS for t in long):
            continue  # "DéjàVu addresses ... library (DéjàVuLib)" is a clause, not a long form
        pairs.append((long, short))
    return pairs + _or_abbreviations(doc)


def _or_abbreviations(doc: Doc) -> list[tuple[Span, Span]]:
    """"Parallelizable Spatiotemporal Binder or PSB" and "CDTD, or Causal Domain-Invariant Temporal
    Dynamics": only when the capitals of the acronym are exactly the initials of the long form."""
    pairs: list[tuple[Span, Span]] = []
    word_or = doc.vocab.strings["or"]
    for i in [i for i, orth in enumerate(doc.to_array(ORTH).tolist()) if orth == word_or and 0 < i < len(doc) - 1] \
            if len(doc) else []:
        after, before = doc[i + 1], doc[i - 2] if doc[i - 1].text == "," and i > 1 else doc[i - 1]
        if is_acronymish(after.text) and _short_form_ok(after.text):  # long form before "or"
            window = doc[max(0, before.i - 7) : before.i + 1]
            words = window.text.split()
            first = _initials_long_form(after.text, words)
            if first is not None and first < len(words) - 1 and all(w[:1].isupper() for w in words[first:]):
                start = window.end_char - len(" ".join(words[first:]))
                long = doc.char_span(start, window.end_char, alignment_mode="expand")
                if long is not None:
                    pairs.append((long, doc[after.i : after.i + 1]))
        elif is_acronymish(before.text) and _short_form_ok(before.text):  # long form after "or"
            window = doc[i + 1 : i + 9]
            words = window.text.split()
            for k in range(2, len(words) + 1):
                if _initials_long_form(before.text, words[:k]) == 0 and words[k - 1][:1].isupper():
                    end = window.start_char + len(" ".join(words[:k]))
                    long = doc.char_span(window.start_char, end, alignment_mode="expand")
                    if long is not None:
                        pairs.append((long, doc[before.i : before.i + 1]))
                    break
    return pairs


@Language.factory("paperkg_abbreviations")
def make_abbreviations(nlp: Language, name: str) -> AbbreviationDetector:
    return AbbreviationDetector()


class AbbreviationDetector:
    """Stores long form / short form pairs in ``doc.spans["paperkg_abbrev"]``."""

    def __call__(self, doc: Doc) -> Doc:
        doc.spans[ABBREV] = [span for pair in find_abbreviations(doc) for span in pair]
        return doc


def abbreviation_pairs(doc: Doc) -> list[tuple[Span, Span]]:
    """(long form, short form) pairs found by the detector (before the rules consume them)."""
    group = list(doc.spans.get(ABBREV, []))
    return list(zip(group[::2], group[1::2]))


class Mention(NamedTuple):
    """One final mention: the span (label, gazetteer key in ``kb_id_``), the rule that found it,
    whether the paper proposes it, and the long form when it is an acronym of another mention."""

    span: Span
    rule: str
    proposed: bool
    long: Span | None


def _pack_id(rule: str, proposed: bool, long: Span | None) -> str:
    parts = [rule, *(["proposed"] if proposed else []), *([f"long={long.start}-{long.end}"] if long else [])]
    return "|".join(parts)


def mentions(doc: Doc) -> list[Mention]:
    """The final mentions the rules left in ``doc.ents``."""
    out = []
    for ent in doc.ents:
        rule, *flags = ent.id_.split("|")
        long = None
        for flag in flags:
            if flag.startswith("long="):
                start, end = flag[5:].split("-")
                long = doc[int(start) : int(end)]
        out.append(Mention(ent, rule, "proposed" in flags, long))
    return out


# ---------------------------------------------------------------- gazetteer


def read_patterns(path: str | Path) -> list[dict]:
    """Read a JSONL gazetteer: lines ``{"label", "name", "aliases"}``; errors name file and line."""
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read pattern file: {exc}", path=path) from exc
    return list(parse_patterns(lines, path))


def parse_patterns(lines: Iterable[str], source: str | Path) -> Iterator[dict]:
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"not JSON: {exc.msg}", path=source, line=number) from exc
        if not isinstance(entry, dict) or entry.get("label") not in LABELS:
            raise InputError(f"need an object with label one of {', '.join(LABELS)}", path=source, line=number)
        name, aliases = entry.get("name"), entry.get("aliases", [])
        if not isinstance(name, str) or not name.strip():
            raise InputError("need a non-empty string 'name'", path=source, line=number)
        if not isinstance(aliases, list) or not all(isinstance(a, str) and a.strip() for a in aliases):
            raise InputError("'aliases' must be a list of non-empty strings", path=source, line=number)
        yield {"label": entry["label"], "name": name.strip(), "aliases": [a.strip() for a in aliases]}


def package_patterns() -> list[dict]:
    """Every ``gazetteer_*.jsonl`` shipped in ``paperkg.data``."""
    entries: list[dict] = []
    for item in sorted(resources.files("paperkg.data").iterdir(), key=lambda p: p.name):
        if item.name.startswith("gazetteer_") and item.name.endswith(".jsonl"):
            entries.extend(parse_patterns(item.read_text(encoding="utf-8").splitlines(), item.name))
    # problem settings that papers treat as tasks ("continual learning") and paradigms used as one
    # technique ("in-context learning"): kept in the lexicon next to the broad fields they were split from
    for label, listed in (("TASK", "setting_tasks"), ("METHOD", "setting_methods")):
        entries.extend({"label": label, "name": w, "aliases": []} for w in sorted(LEX[listed]))
    return entries


def _plural(word: str) -> str:
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def gazetteer_key(label: str, name: str) -> str:
    return f"{label.lower()}:{name.lower()}"


class Gazetteer:
    """PhraseMatchers built once: names with uppercase or digits match exactly, lowercase names
    match case-insensitively, with their plural."""

    def __init__(self, nlp: Language):
        self.nlp = nlp
        self.exact = PhraseMatcher(nlp.vocab, attr="ORTH")
        self.lower = PhraseMatcher(nlp.vocab, attr="LOWER")
        self.size = 0

    def add(self, entries: Iterable[dict]) -> None:
        exact: dict[str, list[Doc]] = {}
        lower: dict[str, list[Doc]] = {}
        make = self.nlp.make_doc
        for entry in entries:
            match_id = f"{entry['label']}|{gazetteer_key(entry['label'], entry['name'])}"
            for surface in {entry["name"], *entry["aliases"]}:
                if surface.lower() == surface and not any(c.isdigit() for c in surface):
                    words = surface.split()
                    plural = " ".join([*words[:-1], _plural(words[-1])])
                    lower.setdefault(match_id, []).extend([make(surface), make(plural)])
                else:
                    exact.setdefault(match_id, []).append(make(surface))
                self.size += 1
        for match_id, docs in exact.items():
            self.exact.add(match_id, docs)
        for match_id, docs in lower.items():
            self.lower.add(match_id, docs)

    def __call__(self, doc: Doc) -> list[Span]:
        spans = []
        strings = doc.vocab.strings
        for matcher in (self.exact, self.lower):
            for match_id, start, end in matcher(doc):
                label, key = strings[match_id].split("|", 1)
                spans.append(Span(doc, start, end, label=label, kb_id=key, span_id="gazetteer"))
        return spans


@Language.factory("paperkg_gazetteer")
def make_gazetteer(nlp: Language, name: str) -> GazetteerComponent:
    return GazetteerComponent(nlp)


class GazetteerComponent:
    """Gazetteer hits into ``doc.spans["paperkg_gaz"]``; patterns are loaded in ``initialize``."""

    def __init__(self, nlp: Language):
        self.gazetteer = Gazetteer(nlp)

    def initialize(self, get_examples=None, *, nlp: Language | None = None,
                   pattern_files: list[str] | None = None, package: bool = True) -> None:
        entries = package_patterns() if package else []
        for path in pattern_files or []:
            entries.extend(read_patterns(path))
        self.gazetteer.add(entries)

    def __call__(self, doc: Doc) -> Doc:
        doc.spans[GAZ] = self.gazetteer(doc)
        return doc


# ---------------------------------------------------------------- contextual rules

TECH_HEADS = LEX["tech_heads"]
GENERIC_TECH = LEX["generic_tech_heads"]
INTRO_TASK = LEX["intro_task_objects"]
PROBLEM_PHENOMENA = LEX["problem_phenomena"]
TASK_ADJECTIVES = LEX["task_adjectives"]
_MOD_DEPS = frozenset(("compound", "amod", "nmod", "npadvmod", "hmod", "nummod", "quantmod"))
_LIST_CUES = frozenset(("as", "including", "like", "e.g.", "e.g"))
_ORDER = {"propose": 0, "called": 0, "novel-appos": 0, "our": 1, "abbreviation": 1, "gazetteer": 2}


def is_namey(tok: Token) -> bool:
    """Looks like part of a proper name: inner capitals (FedAvg, ReNO), letters with digits (MD17),
    or a capital in mid-sentence (Lattice Proteins)."""
    kind = _name_shape(tok.text)
    return kind == 2 or (kind == 1 and not tok.is_sent_start)


@lru_cache(maxsize=1 << 16)
def _name_shape(t: str) -> int:
    """2: a name wherever it stands; 1: a name unless it starts a sentence; 0: not a name."""
    if len(t) < 2 or t[0] in "0123456789" and _SIZE_TOKEN.match(t) or "/" in t:
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


def _glued(doc: Doc, i: int) -> bool:
    """Token i is joined to the next one by a hyphen without spaces ("text-to-image")."""
    return i + 1 < len(doc) and not doc[i].whitespace_ and (doc[i].text == "-" or doc[i + 1].text == "-")


def _name_run(doc: Doc, i: int) -> tuple[int, int]:
    """Token range of the name around token i: namey tokens joined directly or by hyphens."""
    start = end = i
    while start > 0:
        prev = doc[start - 1]
        if is_namey(prev) or (_glued(doc, start - 1) and start > 1 and (
                is_namey(doc[start - 2]) or prev.text != "-" or _SIZE_TOKEN.match(doc[start - 2].text)
                or (len(doc[start - 2].text) == 1 and doc[start - 2].text.isupper()))):  # "Q-Bench"
            start -= 1
        else:
            break
    while end + 1 < len(doc):
        nxt = doc[end + 1]
        if is_namey(nxt) or (_glued(doc, end) and end + 2 < len(doc) and nxt.text == "-" and not nxt.whitespace_):
            end += 1
        elif not doc[end].whitespace_ and (nxt.like_num or _glued(doc, end)) and nxt.text not in "()[],;:." \
                and nxt.lower_ not in NAME_SUFFIX_STOP and not (nxt.text == "-" and end + 2 < len(doc)
                                                              and doc[end + 2].lower_ in NAME_SUFFIX_STOP):
            end += 1
        else:
            break
    while doc[start].text == "-" and start < i:
        start += 1
    while doc[end].text == "-" and end > i:
        end -= 1
    return start, end + 1


def _word_start(doc: Doc, j: int) -> int:
    """First token of the hyphenated word that ends at token j ("out-of-distribution")."""
    while j >= 2 and doc[j - 1].text == "-" and not doc[j - 1].whitespace_ and not doc[j - 2].whitespace_:
        j -= 2
    return j


def _left_edge(doc: Doc, head: Token, stop: frozenset[str]) -> int:
    """Start of the contiguous pre-modifiers of ``head`` ("restarted dual averaging"), word by word
    (a hyphenated word is one word), stopping at determiners, prepositions and words in ``stop``."""
    start = _word_start(doc, head.i)
    while start > 0:
        j = start - 1
        w = _word_start(doc, j)
        first = doc[w]
        if (first.lower_ in stop or doc[j].lower_ in stop or doc[w : j + 1].text.lower() in stop
                or first.is_punct or first.like_url or first.like_num or _SIZE_TOKEN.match(first.text)
                or (w == j and first.tag_ == "VBG" and first.dep_ == "amod")):
            break
        attached = head.i - 6 <= first.head.i <= head.i and first.head.i >= w
        if w < j or (first.dep_ in _MOD_DEPS and attached) or (doc[j].dep_ in _MOD_DEPS and head.i - 6 <= doc[j].head.i <= head.i):
            start = w
        else:
            break
    return start


def _head_word(doc: Doc, end: int) -> str:
    """Lower-case word right after a name ("CIFAR-10 dataset" -> "dataset")."""
    return doc[end].lower_ if end < len(doc) else ""


def _label_from_head(word: str) -> str | None:
    if word in DATASET_WORDS and word not in ("tasks", "domains", "game", "games", "challenge", "collection"):
        return "DATASET"
    if word in METHOD_CUES and word not in METRICS:
        return "METHOD"
    return None


def _label_of_long_form(long: Span) -> str | None:
    last = long[-1].lower_
    if "-to-" in long.text.lower() and last not in METHOD_CUES | DATASET_WORDS:
        return "TASK"
    if last in METRICS:
        return None
    if last in TASK_HEADS and (last not in WEAK_TASKS or last not in METHOD_CUES):
        return "TASK"
    if last in DATASET_WORDS or last.startswith("bench"):
        return "DATASET"
    if last in METHOD_CUES or last.rstrip("s") in METHOD_CUES or last in TECH_HEADS:
        return "METHOD"
    return None


def task_span(doc: Doc, head: Token, allow_bare: bool = False) -> Span | None:
    """The task name in a noun phrase headed by a task word, evaluative modifiers dropped
    ("accurate image classification" -> "image classification")."""
    span = doc[_left_edge(doc, head, TASK_STOP) : head.i + 1]
    mods = [t for t in span[:-1] if t.text != "-"]
    if not mods:
        return span if allow_bare else None
    if not any(t.pos_ in ("NOUN", "PROPN") or is_namey(t) or _glued(doc, t.i) or t.lower_ in TASK_ADJECTIVES
               for t in mods) and (head.lower_ in WEAK_TASKS or len(mods) == 1):
        return None
    if span.text.lower() in FIELDS:
        return None
    return span


def named_problem(doc: Doc, head: Token) -> Span | None:
    """"the online knapsack problem": a problem named by noun modifiers after "the"."""
    start = head.i
    while start > 0 and head.i - start < 3 and doc[start - 1].dep_ in ("compound", "amod") \
            and doc[start - 1].lower_ not in TASK_STOP and (doc[start - 1].is_alpha or doc[start - 1].text == "-"):
        start -= 1
    last = doc[head.i - 1].lower_
    if start == head.i or start == 0 or doc[start - 1].lower_ != "the" or doc[head.i - 1].pos_ != "NOUN" \
            or last in METHOD_CUES or last in TECH_HEADS or last in PROBLEM_PHENOMENA \
            or doc[start].lower_ == "original":  # a method ("score matching"), a symptom ("exposure bias")
        return None
    return doc[start : head.i + 1]


def method_span(doc: Doc, head: Token) -> Span | None:
    """A technique named by a noun phrase: "dual averaging", "diffusion models",
    "adaptive gradient methods"; a bare generic head ("models") is not one."""
    span = doc[_left_edge(doc, head, TASK_STOP | NAMING_VERBS) : head.i + 1]
    mods = [t for t in span[:-1] if t.text != "-"]
    if not mods or all(is_namey(t) for t in mods):
        return None  # "T2I models": the name rule labels the name itself
    if head.lower_ in GENERIC_TECH:
        if mods[-1].lower_ in TECH_HEADS and mods[-1].lower_ not in GENERIC_TECH:
            return doc[span.start : head.i]  # "data augmentation techniques" -> "data augmentation"
        if not (any(t.lower_ in METHOD_MODIFIERS for t in mods) or mods[-1].lower_ == "based"):
            return None
        if doc[span.start : head.i].text.lower() in FIELDS:
            return None
    if mods[-1].lower_ in TASK_HEADS:
        return None  # "classification models" are models for a task, not a technique name
    return span


_LEADING = frozenset(("the", "a", "an", "our", "its", "their"))


def _add(out: dict, span: Span | tuple[int, int], label: str, rule: str, doc: Doc, proposed: bool = False) -> None:
    """Record a candidate (trimmed of leading determiners and outer punctuation); on a repeat, the
    stronger rule's label wins and proposal evidence accumulates."""
    start, end = (span.start, span.end) if isinstance(span, Span) else span
    while start < end and (doc[start].is_punct or doc[start].lower_ in _LEADING):
        start += 1
    while end > start and doc[end - 1].is_punct and doc[end - 1].text != ")":
        end -= 1
    if start == end:
        return
    text = doc[start:end].text
    if text.count("(") != text.count(")"):
        return
    if end + 1 < len(doc) and doc[end].lower_ == "et" and doc[end + 1].lower_.startswith("al"):
        return  # a citation: "Filippi et al."
    key = (start, end)
    if key in out:
        old = out[key]
        better = _ORDER.get(rule, 3) < _ORDER.get(old[1], 3)
        out[key] = (label if better else old[0], rule if better else old[1], old[2] or proposed)
        return
    out[key] = (label, rule, proposed)


def _is_junk(span: Span, label: str) -> bool:
    text = span.text.lower()
    if text in NOT_ENTITIES or text in FIELDS or text.rstrip("s") in FIELDS or text in GENERIC or text.rstrip("s") in GENERIC or text in METRICS:
        return True
    if label != "TASK" and span[-1].lower_ in METRICS and not is_acronymish(span.text):
        return True
    if not any(c.isalpha() for c in text) or len(text) < 2 or any(t.like_url for t in span):
        return True
    return False


class _Rules:
    """One pass of the contextual rules over a parsed doc; collects candidate spans in ``out``."""

    def __init__(self, doc: Doc):
        self.doc = doc
        self.out: dict[tuple[int, int], tuple[str, str, bool]] = {}
        self.pairs = abbreviation_pairs(doc)
        self.non_entities: set[str] = set()
        self.unnamed_at: int | None = None  # end of the sentence of a "we propose" that named nothing
        self.gaz_tokens = bytearray(len(doc))
        for span in doc.spans.get(GAZ, []):
            self.gaz_tokens[span.start : span.end] = b"\x01" * len(span)

    def finish(self) -> tuple[list[Span], list[Span]]:
        out = self.run()
        gaz_keys = {(s.start, s.end): s.kb_id_ for s in self.doc.spans.get(GAZ, [])}
        return _finalize(self.doc, out, gaz_keys)

    def add(self, span, label: str, rule: str, proposed: bool = False) -> None:
        _add(self.out, span, label, rule, self.doc, proposed)

    def run(self) -> dict:
        doc = self.doc
        for span in doc.spans.get(GAZ, []):
            self.add(span, span.label_, "gazetteer")
        short_labels = self.abbreviations()
        has_parse = doc.has_annotation("DEP")
        strings = doc.vocab.strings
        appos = strings["appos"]
        # Token objects are costly: look at words by their hashes and build Tokens only for the few
        # that can trigger a rule.
        rows = doc.to_array([ORTH, LOWER, DEP]).tolist() if len(doc) else []
        for i, (orth, lower, dep) in enumerate(rows):
            text = strings[orth]
            label = short_labels.get(text) or short_labels.get(text[:-1] if text.endswith("s") else text + "s")
            if label is not None:
                self.add(doc[i : i + 1], label, "acronym")
            if has_parse and (dep == appos or _name_shape(text) or strings[lower] in _TRIGGERS):
                tok = doc[i]
                if not tok.like_url:
                    self.token_rules(tok)
        if has_parse:
            self.conjuncts()
            if self.unnamed_at is not None and not any(v[2] for v in self.out.values()):
                self.subject_name(self.unnamed_at)
        return self.out

    def subject_name(self, after: int) -> None:
        """"we propose an adaptive prompting approach ... AdaPromptCL employs ...": with nothing named
        where it was proposed, a new name (not known, not used before) that later acts as a subject."""
        doc = self.doc
        shorts = {short.text for _, short in self.pairs}
        for t in doc[after:]:
            if t.dep_ not in ("nsubj", "nsubjpass") or not is_namey(t) or _name_shape(t.text) != 2 or not (
                    t.head.tag_ in _FINITE_VERBS or any(c.tag_ in _FINITE_VERBS for c in t.head.children if c.dep_.startswith("aux"))):
                continue
            start, end = _name_run(doc, t.i)
            if start != t.sent.start and not (start == t.sent.start + 1 and doc[start - 1].lower_ in ("the", "our")):
                continue  # it opens its sentence: "AdaPromptCL employs ..."
            name = doc[start:end].text
            if end - start <= 3 and not any(self.gaz_tokens[start:end]) and name not in shorts \
                    and name not in self.non_entities and name not in doc[:after].text \
                    and not _MODEL_SIZE.search(name) and _PLAIN_NAME.fullmatch(name):
                self.add((start, end), "METHOD", "propose", proposed=True)
            return

    def abbreviations(self) -> dict[str, str]:
        """Label each defined acronym by its long form; acronyms of non-entities ("out-of-domain
        (OOD)", "bilevel programs (BPs)") go to ``self.non_entities``."""
        short_labels: dict[str, str] = {}
        doc = self.doc
        gaz_label = {(s.start, s.end): s.label_ for s in doc.spans.get(GAZ, [])}
        for long, short in self.pairs:
            # the long form's own head word is the strongest evidence ("Grouped-Query Attention (GQA)"
            # is no dataset), then the gazetteer ("Low-Rank Adaptation (LoRA)" is no task)
            from_long = _label_of_long_form(long)
            label = (gaz_label.get((long.start, long.end))
                     or (from_long if long[-1].lower_ in METHOD_CUES | DATASET_WORDS else None)
                     or gaz_label.get((short.start, short.end)) or from_long
                     or _label_from_head(_head_word(doc, short.end + 1)))
            if label is None and sum(t.text[:1].isupper() for t in long) >= 2 and long[-1].pos_ != "ADJ":
                label = "METHOD"
            if label is None or long.text.lower() in FIELDS or long.text.lower() in NOT_ENTITIES:
                self.non_entities.update((short.text, short.text + "s", short.text.rstrip("s")))
                continue
            self.add(long, label, "abbreviation")
            self.add(short, label, "abbreviation")
            short_labels[short.text] = label
        return short_labels

    def token_rules(self, tok: Token) -> None:
        doc, low = self.doc, tok.lower_
        if low in PROPOSE_VERBS and tok.pos_ == "VERB" and _we_subject(tok) \
                and not any(c.dep_ == "neg" for a in (tok, *list(tok.ancestors)[:2]) for c in a.children):  # "we do not have to design"
            objects = _objects(tok)
            if not [obj for obj in objects if self.proposal(obj, tok)] and objects and self.unnamed_at is None:
                self.unnamed_at = tok.sent.end
            if not objects and tok.i + 1 < len(doc) and is_namey(doc[tok.i + 1]):
                # a parse without an object: "we propose CDTD, or ..."
                self.add(_name_run(doc, tok.i + 1), "METHOD", "propose", proposed=True)
        elif low in PROPOSE_VERBS and tok.tag_ == "VBN" and tok.dep_ != "amod" and self.passive(tok):
            pass
        elif low in _CORE_WORDS:
            self.core(tok)
        elif low in NAMING_VERBS and tok.pos_ == "VERB" and tok.i + 1 < len(doc):
            self.naming(tok)
        elif low == "proposed" and tok.dep_ == "amod":
            self.proposal(tok.head, tok)
        elif tok.dep_ == "appos" and is_namey(tok.head) and any(c.lower_ in ("novel", "new") for c in tok.children):
            label = "DATASET" if low in DATASET_WORDS else "METHOD"
            self.add(_name_run(doc, tok.head.i), label, "novel-appos", proposed=True)
        elif low == "our" and tok.dep_ == "poss":
            found = _named_in(doc, tok.head) or next(  # "our Stacked Tempering approach"
                (_name_run(doc, c.i) for c in tok.head.lefts if c.dep_ in ("compound", "amod") and is_namey(c)), None)
            if found is None and tok.head.lower_ in GENERIC and any(c.lower_ == "of" for c in tok.head.rights):
                found = self.defined_in(tok.head, "METHOD")  # "our method of curiosity-driven red teaming (CRT)"
            if found and found[0] > tok.i and not any(self.gaz_tokens[found[0] : found[1]]) \
                    and not re.fullmatch(r"[A-Z]+s", doc[found[0] : found[1]].text) \
                    and not _MODEL_SIZE.search(doc[found[0] : found[1]].text):  # "our Llama-7B" is used
                label = "DATASET" if tok.head.lower_ in DATASET_WORDS else "METHOD"
                self.add(found, label, "our", proposed=True)
        elif low in _LIST_CUES and tok.dep_ == "prep" and (low != "as" or doc[tok.i - 1].lower_ == "such"):
            self.such_as(tok)
        if tok.pos_ in ("NOUN", "PROPN") and not is_namey(tok):
            if low in TASK_HEADS and tok.dep_ not in ("compound", "amod", "nmod"):
                span = task_span(doc, tok)
                if span is not None:
                    self.add(span, "TASK", "task-head")
            elif low in ("task", "tasks", "problem", "problems") and tok.i > 0 and doc[tok.i - 1].lower_ in TASK_HEADS:
                span = task_span(doc, doc[tok.i - 1], allow_bare=True)
                if span is not None:
                    self.add(span, "TASK", "task-noun")
            elif low == "problem" and tok.i > 1:
                span = named_problem(doc, tok)
                if span is not None:
                    self.add(span, "TASK", "named-problem")
        if low in TECH_HEADS and tok.pos_ in ("NOUN", "PROPN"):
            span = method_span(doc, tok)  # also "multi-stream Transformer"
            if span is not None:
                self.add(span, "METHOD", "technique")
        if is_namey(tok) and (tok.i == 0 or not is_namey(doc[tok.i - 1])):
            self.name(tok)

    def name(self, tok: Token) -> None:
        doc = self.doc
        start, end = _name_run(doc, tok.i)
        if doc[start:end].text in self.non_entities:
            return
        if end + 1 < len(doc) and doc[end].lower_ == "et" and doc[end + 1].lower_.startswith("al"):
            return  # a citation: "Filippi et al."
        name = doc[start:end].text
        head = _head_word(doc, end)
        label = _label_from_head(head)
        # "DeepMind control suite": a name, a few lower-case words, then a dataset word
        for k in range(end, min(end + 3, len(doc))):
            if doc[k].lower_ in DATASET_WORDS and doc[k].lower_ not in ("tasks", "domains", "collection"):
                if k > end and all(t.is_alpha and t.is_lower and t.pos_ in ("NOUN", "ADJ", "PROPN")
                                   and t.lower_ not in TASK_HEADS and t.lower_ not in _NOT_IN_NAMES
                                   for t in doc[end:k]):
                    self.add((start, k + 1), "DATASET", "name-suite")
                    return
                break
        if "bench" in name.lower() or name.lower().endswith(("gym", "suite")) or (
                tok.dep_ in ("appos", "conj") and tok.head.lower_ in DATASET_WORDS):
            label = "DATASET"
        if end - start == 1 and tok.lower_ in _CAP_ADJECTIVES:
            return
        if label:
            self.add((start, end), label, "name-head")
        elif tok.dep_ == "pobj" and tok.head.lower_ in ("on", "across") and _eval_context(tok.head):
            self.add((start, end), "DATASET", "evaluated-on")
        elif end - start <= 3 and any(_name_shape(t.text) == 2 and (any(c.islower() for c in t.text) or end - start > 1)
                                      for t in doc[start:end]):
            self.add((start, end), "METHOD", "camel-name")

    def proposal(self, obj: Token, verb: Token) -> bool:
        doc = self.doc
        head = _object_head(obj)
        if obj.lower_ in INTRO_TASK:
            return
        label = "DATASET" if head in DATASET_WORDS else "METHOD"
        # "we propose HyperAgent, a reinforcement learning (RL) algorithm": the name, not the appositive
        named = _named_in(doc, obj) if is_namey(obj) and not self.gaz_tokens[obj.i] else None
        if named is None or named[1] >= len(doc) or doc[named[1]].text != ",":
            named = None
        found = named or self.defined_in(obj, label)
        if found is None:
            found = _named_in(doc, obj)
            if found is not None:
                found = self.widened(obj, found)
        found = found or self.described(obj, verb) or self.name_before(obj, verb)
        if found is not None and (found[1] <= obj.i or found[0] > obj.i) and all(self.gaz_tokens[found[0] : found[1]]):
            found = None  # "a novel LLM detector", "a new MLLM": a known name is used, not proposed
        found = found or next(  # "a method for X, namely DRO"
            (_name_run(doc, t.i + 1) for t in doc[obj.i + 1 : min(obj.right_edge.i, obj.i + 12)]
             if t.lower_ == "namely" and is_namey(doc[t.i + 1])), None)
        if found is None and obj.lower_ in TECH_HEADS and obj.lower_ not in GENERIC_TECH:
            span = method_span(doc, obj)
            found = (span.start, span.end) if span is not None else None
        if found is None and (obj.lower_ in GENERIC_TECH or obj.lower_ in GENERIC) and obj.tag_ in ("NN", "NNP") \
                and not is_namey(obj) and obj.dep_ != "appos" and doc[obj.left_edge.i - 1].text != ",":  # not an apposition
            # "the proximal alternating linearized minimization algorithm": unnamed but specific
            start = _left_edge(doc, obj, TASK_STOP | _BLAND_MODIFIERS)
            mods = [t for t in doc[start : obj.i] if t.text != "-"]
            if len(mods) >= 2 and start > obj.left_edge.i and mods[-1].pos_ == "NOUN" \
                    and any(t.tag_ in ("JJ", "VBN") for t in mods) and sum(not self.gaz_tokens[t.i] for t in mods) >= 2 \
                    and not any(t.lower_ in NAMING_VERBS or t.text == "(" for t in doc[obj.i + 1 : obj.i + 6]):
                found = (start, obj.i + 1)
        if found is None and any(c.lower_ in ("novel", "new") for c in obj.lefts) and obj.lower_ in _NEW_THINGS:
            # "a new homeostatic objective": unnamed, but specific and new
            start = _left_edge(doc, obj, TASK_STOP | _BLAND_MODIFIERS)
            if start < obj.i and start > obj.left_edge.i:
                found = (start, obj.i + 1)
        if found is not None:
            self.add(found, label, "propose", proposed=True)
        return found is not None

    def widened(self, obj: Token, found: tuple[int, int]) -> tuple[int, int]:
        """The whole noun phrase when the name is only part of it: "predictive CVaR policy gradient",
        "parameter-efficient MoE", "sparse mean-CVaR portfolio model" (but "a lightweight FooNet
        framework" proposes FooNet)."""
        doc = self.doc
        s, e = found
        if s < obj.left_edge.i or e > obj.i + 1 or (e == obj.i + 1 and s < obj.i):
            return found
        start = _left_edge(doc, obj, TASK_STOP | _BLAND_MODIFIERS)
        w = _word_start(doc, start - 1) if start > 1 else start
        if w < start - 1 and doc[w].lower_ not in TASK_STOP and doc[start - 1].head.i >= start:
            start = w  # a hyphenated modifier that ends in an evaluative word: "parameter-efficient"
        generic = obj.lower_ in GENERIC or obj.lower_ in GENERIC_TECH or obj.lower_ in DATASET_WORDS
        name = doc[s:e].text
        known = any(self.gaz_tokens[s:e]) or any(  # or an acronym defined earlier
            short.start < s and short.text.rstrip("s") == name.rstrip("s") for _, short in self.pairs)
        before = start < s and (known if s == obj.i else not generic or _word_start(doc, s) < s or known)
        after = e <= obj.i and not generic and obj.tag_ == "NN" and start <= s
        if (before or after) and obj.i + 1 - start <= 7 and not all(self.gaz_tokens[start : obj.i + 1]):
            return start, obj.i + 1
        return found

    def passive(self, verb: Token) -> bool:
        """"A novel algorithm, Stochastic Weight Shrinking, is proposed", "In this paper, X is
        introduced": present-tense passives about a new thing or this paper (not "X was proposed")."""
        aux = [c.lower_ for c in verb.children if c.dep_ in ("auxpass", "aux")]
        subj = next((c for c in verb.children if c.dep_ == "nsubjpass"), None)
        if subj is None or aux not in (["is"], ["are"]):
            return False
        sent = verb.sent
        if any(c.lower_ in ("novel", "new") for c in subj.lefts) or any(
                t.lower_ in ("here", "herein") or t.lower_ in ("paper", "work", "study", "article")
                and t.i > 0 and self.doc[t.i - 1].lower_ == "this" for t in sent):
            self.proposal(subj, verb)
        elif (subj.lower_ in GENERIC_TECH or subj.lower_ in GENERIC) and not any(t.lower_ in _PRIOR_CUES for t in sent):
            # "dedicated training approaches including the diversity loss and ... are proposed"
            for prep in subj.rights:
                if prep.lower_ in ("including", "like") or prep.lower_ == "as" and self.doc[prep.i - 1].lower_ == "such":
                    for item in (c for c in prep.children if c.dep_ == "pobj"):
                        for obj in (item, *item.conjuncts):
                            self.listed(obj)
        return True

    def listed(self, obj: Token) -> None:
        """One item of a list of new things: its name, else its specific noun phrase."""
        doc = self.doc
        if is_namey(obj):
            found = _name_run(doc, obj.i)
        else:
            start = _left_edge(doc, obj, TASK_STOP)
            found = (start, obj.i + 1) if start < obj.i and obj.pos_ == "NOUN" else None
        if found is not None and not all(self.gaz_tokens[found[0] : found[1]]):
            self.add(found, "METHOD", "propose", proposed=True)

    def core(self, tok: Token) -> None:
        """"Central to our approach is Graph Symmetric Attention", "At the core of our method lies X"
        (read off the words: the parse of these inversions varies)."""
        doc = self.doc
        sent_end = tok.sent.end
        verb = next((t for t in doc[tok.i + 1 : min(tok.i + 8, sent_end)] if t.lower_ in ("is", "are", "lies", "lie")), None)
        if verb is None or not any(t.lower_ == "our" for t in doc[tok.i : verb.i]):
            return
        nxt = verb.i + 1
        while nxt < sent_end and doc[nxt].lower_ in ("a", "an", "the", "novel", "new"):
            nxt += 1
        if nxt < sent_end and is_namey(doc[nxt]) and not self.gaz_tokens[nxt]:
            self.add(_name_run(doc, nxt), "METHOD", "propose", proposed=True)

    def name_before(self, obj: Token, verb: Token) -> tuple[int, int] | None:
        """"we present the Graphium graph machine learning library": a new name among the pre-modifiers
        of a generic head."""
        doc = self.doc
        if obj.lower_ not in GENERIC and obj.lower_ not in DATASET_WORDS or obj.left_edge.i != verb.i + 1:
            return None
        for t in doc[obj.left_edge.i : obj.i]:
            if _name_shape(t.text) and is_namey(t) and not self.gaz_tokens[t.i] and t.lower_ not in _CAP_ADJECTIVES:
                start, end = _name_run(doc, t.i)
                return (start, end) if end <= obj.i and doc[end].text != "-" and "-and-" not in doc[start:end].text \
                    and not any(self.gaz_tokens[start:end]) else None  # not "GPT-style"
        return None

    def described(self, obj: Token, verb: Token) -> tuple[int, int] | None:
        """An unnamed but specific contribution: "we introduce weight selection, a method for ...",
        "This paper proposes time-dependent importance reweighting" (a bare singular noun phrase)."""
        doc = self.doc
        first = obj
        while first.dep_ == "conj" and first.head.i < first.i:
            first = first.head
        if obj.pos_ != "NOUN" or first.left_edge.i != verb.i + 1 or verb.lower_ not in _STRONG_PROPOSE \
                or any(c.dep_ == "aux" for c in verb.children) \
                or obj.lower_ in TASK_STOP or obj.lower_ in GENERIC or obj.lower_ in METRICS or obj.lower_ in INTRO_TASK:
            return None
        typed = obj.i + 1 < len(doc) and doc[obj.i + 1].text == "," and any(
            c.dep_ == "appos" and c.lower_ in GENERIC_TECH | GENERIC for c in obj.rights)
        bare = obj.tag_ == "NN" and not any(c.dep_ in ("det", "poss", "nummod") for c in obj.lefts)
        if not (typed or bare):
            return None
        start = _left_edge(doc, obj, TASK_STOP | _BLAND_MODIFIERS)
        if start == obj.i and not typed or start > obj.i or all(self.gaz_tokens[start : obj.i + 1]) \
                or any(t.lower_ not in TASK_STOP | _BLAND_MODIFIERS for t in doc[obj.left_edge.i : start]) \
                or doc[start : obj.i + 1].text.lower() in FIELDS or doc[start].pos_ == "VERB":
            return None
        return start, obj.i + 1

    def defined_in(self, obj: Token, label: str) -> tuple[int, int] | None:
        """"a consistency policy with ... regularization (CP3ER)": the phrase before an acronym in
        parentheses inside the object is the long form of what is proposed."""
        doc = self.doc
        lo = obj.left_edge.i
        for i in range(max(lo + 1, obj.i - 8), min(len(doc) - 2, obj.i + 12)):
            if i > obj.right_edge.i and (doc[i].text in ",;:" or doc[i].pos_ in ("VERB", "AUX")):
                return None
            close = next((k for k in range(i + 2, min(i + 5, len(doc))) if doc[k].text == ")"), None)
            if doc[i].text != "(" or close is None or " " in doc[i + 1 : close].text \
                    or not is_acronymish(doc[i + 1 : close].text):
                continue
            # climb from the word before "(" to the phrase it belongs to, not past an apposition
            top = doc[i - 1]
            while top.dep_ != "appos" and top.head.i != top.i and lo <= top.head.i < i and top.i != obj.i:
                top = top.head
            start = top.left_edge.i
            naming = [k for k in range(start, i) if doc[k].lower_ in NAMING_VERBS]
            if naming:
                start = naming[-1] + 1
            while start < i and (doc[start].lower_ in TASK_STOP or doc[start].lower_ in GENERIC
                                 or doc[start].is_punct or doc[start].lower_ in _FUNCTION_WORDS):
                start += 1
            if start >= i or i - start > 12 or all(self.gaz_tokens[start:i]):
                return None  # too long to be a name, or a known thing ("a new MLLM")
            short, long = doc[i + 1 : close], doc[start:i]
            tail = _best_long_form(short.text, long.text)
            if tail is not None and long.text[:tail].strip():
                continue  # the acronym names only the end of the phrase ("... function (MLF)")
            self.add(short, label, "propose", proposed=True)
            self.pairs.append((long, short))
            return start, i
        return None

    def naming(self, tok: Token) -> None:
        """"a strategy, dubbed *proximal matching*", "which we call the inflated argmax"."""
        doc = self.doc
        nxt = tok.i + 1
        while nxt < len(doc) and (doc[nxt].is_punct or doc[nxt].is_quote or doc[nxt].text in ("`", "``")
                                  or doc[nxt].lower_ in ("the", "a", "an", "as", "to", "our")
                                  or doc[nxt].lower_ in GENERIC):  # "we name the method Tilt"
            nxt += 1
        if nxt < len(doc) and doc[nxt].lower_ in ("this", "these"):
            nxt += 1
            while nxt < len(doc) and doc[nxt].tag_ in ("JJ", "VBN"):
                nxt += 1  # "we call this proposed algorithm LoRA+"
            if nxt >= len(doc) or not (doc[nxt].lower_ in GENERIC or doc[nxt].lower_ in GENERIC_TECH
                                       or doc[nxt].lower_ in _NEW_THINGS or doc[nxt].lower_ in TECH_HEADS
                                       or doc[nxt].lower_ in ("measure", "metric")):
                return  # "we call this the weights component", "we call this phenomenon X"
            nxt += 1  # "we call this measure the SmoothECE"
            while nxt < len(doc) and doc[nxt].lower_ in ("the", "a", "an"):
                nxt += 1
        if nxt >= len(doc):
            return
        if is_namey(doc[nxt]):
            start, end = _name_run(doc, nxt)
        else:
            end = nxt
            while end < len(doc) and end - nxt < 5 and (doc[end].is_alpha or doc[end].text == "-") \
                    and doc[end].pos_ in ("NOUN", "PROPN", "ADJ", "VERB", "PUNCT"):
                end += 1
            start = nxt
        if end <= start:
            return
        short = self.acronym_after(start, end)
        if short is not None:  # "called Gibbs sampling with Graph-based Smoothing (GGS)"
            end = short.start - 1
        anchor = tok.head
        if anchor.lower_ in INTRO_TASK or anchor.lower_ in ("task", "tasks", "problem", "problems"):
            self.add((start, end), "TASK", "called")  # "a new problem called flexible docking"
            return
        label = "DATASET" if anchor.lower_ in DATASET_WORDS else "METHOD"
        context = list(anchor.subtree) + list(anchor.head.children)
        proposed = anchor.lower_ in GENERIC_TECH or anchor.lower_ in GENERIC or any(
            t.lower_ in ("we", "novel", "new", "our") for t in context) or any(  # "we propose a framework
            a.lower_ in PROPOSE_VERBS and a.pos_ == "VERB" and _we_subject(a) for a in anchor.ancestors)  # for X, called Y"
        self.add((start, end), label, "called", proposed=proposed)
        if short is not None:
            self.add(short, label, "called", proposed=proposed)
            self.pairs.append((doc[start:end], short))

    def acronym_after(self, start: int, end: int) -> Span | None:
        """The acronym in "(ACR)" that closes a long form starting at ``start`` (at or after ``end``)."""
        doc = self.doc
        for i in range(end, min(start + 10, len(doc) - 2)):
            if doc[i].text == "(":
                close = next((k for k in range(i + 2, min(i + 4, len(doc))) if doc[k].text == ")"), None)
                short = doc[i + 1 : close] if close else None
                if short is not None and _short_form_ok(short.text) and is_acronymish(short.text) \
                        and _best_long_form(short.text, doc[start:i].text) == 0:
                    return short
                return None
            if doc[i].tag_ in _FINITE_VERBS or doc[i].is_punct and doc[i].text != "-":
                return None
        return None

    def such_as(self, tok: Token) -> None:
        """"datasets such as N-body and MD17", "tasks including image captioning and retrieval"."""
        noun = tok.head
        low = noun.lower_
        if low in DATASET_WORDS and low not in ("tasks",):
            label = "DATASET"
        elif low in ("tasks", "task", "problems", "applications"):
            label = "TASK"
        elif low in GENERIC_TECH:
            label = "METHOD"
        else:
            return
        items = [c for c in tok.children if c.dep_ == "pobj"]
        for item in list(items):
            items.extend(item.conjuncts)
        for item in items:
            if is_namey(item):
                self.add(_name_run(self.doc, item.i), label, "such-as")
            elif label == "TASK":
                span = task_span(self.doc, item, allow_bare=True) if item.lower_ in TASK_HEADS else None
                if span is not None:
                    self.add(span, label, "such-as")

    def conjuncts(self) -> None:
        """Names coordinated with a labelled name share its label ("MNIST, CIFAR-10, and SVHN")."""
        doc = self.doc
        by_end = {end - 1: (start, end, val) for (start, end), val in self.out.items()}
        for last, (start, end, (label, rule, _)) in list(by_end.items()):
            if label == "TASK":
                continue
            for other in doc[last].conjuncts:
                if other.i in by_end:
                    continue
                named = [t.i for t in doc[_word_start(doc, other.i) : other.i + 1] if is_namey(t)]
                if named:  # "Meta-world": the conjunct is "world", the name starts at "Meta"
                    self.add(_name_run(doc, named[0]), label, "conjunct")


def rule_mentions(doc: Doc) -> tuple[list[Span], set[tuple[int, int]], list[tuple[Span, Span]]]:
    """All mentions of ``doc`` (gazetteer, abbreviations, parse rules) without overlaps, the token
    ranges of those the paper proposes, and the acronym definitions (long form, short form)."""
    rules = _Rules(doc)
    spans, proposed = rules.finish()
    return spans, {(s.start, s.end) for s in proposed}, rules.pairs


def _we_subject(verb: Token, depth: int = 0) -> bool:
    for child in verb.children:
        if child.dep_ in ("nsubj", "nsubjpass") and (
                child.lower_ in ("we", "paper", "work", "study") or any(c.lower_ == "our" for c in child.children)):
            return True
    if any(c.dep_ in ("nsubj", "nsubjpass") for c in verb.children) or verb.dep_ == "amod":
        return False  # its own subject, or a participle ("the recently introduced X")
    # no subject of its own ("..., and propose X"): the closest ancestor with one decides
    if depth < 4 and verb.head.i != verb.i:
        return _we_subject(verb.head, depth + 1)
    return False


def _objects(verb: Token) -> list[Token]:
    """What a verb introduces, every coordinated item included: "RSCP+ ... and Robust Conformal
    Training" (a noun conjunct of the verb), "two frameworks: A and B" (items after a colon)."""
    doc = verb.doc
    objs = [c for c in verb.children if c.dep_ in ("dobj", "attr", "oprd")
            or c.dep_ == "conj" and c.pos_ in ("NOUN", "PROPN") and c.i > verb.i and is_namey(c)
            and any(o.dep_ == "dobj" and any(is_namey(t) for t in doc[o.left_edge.i : o.i + 4])
                    for o in verb.children)  # a named first contribution, not "we present results ... and FEVER"
            or c.dep_ in ("dep", "appos") and c.pos_ in ("NOUN", "PROPN") and doc[c.left_edge.i - 1].text == ":"
            and not any(is_namey(o) for o in verb.children if o.dep_ == "dobj")]  # not "Albatross: AlphaZero for ..."
    for obj in list(objs):
        objs.extend(c for c in obj.children if c.dep_ == "conj"
                    or c.dep_ == "appos" and doc[c.left_edge.i - 1].text == ":" and not is_namey(obj))
    for obj in list(objs):
        objs.extend(c for c in obj.children if c.dep_ == "conj" and c not in objs)
    return objs


def _object_head(tok: Token) -> str:
    for child in tok.children:
        if child.dep_ == "appos" and child.lower_ in DATASET_WORDS:
            return child.lower_
    return tok.lower_


def _named_in(doc: Doc, tok: Token) -> tuple[int, int] | None:
    """A name in the phrase headed by ``tok``: the head itself, a pre-modifier, or a name right
    after it or in apposition ("a novel algorithm Pre-trained Embodiment-Aware Control")."""
    if is_namey(tok):
        return _name_run(doc, tok.i)
    if tok.i + 1 < len(doc) and is_namey(doc[tok.i + 1]):
        return _name_run(doc, tok.i + 1)
    for child in tok.rights:
        if child.dep_ == "appos" and is_namey(child):
            return _name_run(doc, child.i)
    for child in tok.lefts:
        if child.dep_ in ("compound", "amod", "nmod") and is_namey(child) and is_acronymish(child.text):
            return _name_run(doc, child.i)
    return None


def _eval_context(prep: Token) -> bool:
    head = prep.head
    for _ in range(3):
        if head.lower_ in EVAL_WORDS:
            return True
        if head.head.i == head.i:
            break
        head = head.head
    return False


def _finalize(doc: Doc, out: dict, gaz_keys: dict) -> tuple[list[Span], list[Span]]:
    """Resolve overlaps (longer spans first; among equals, proposal and gazetteer evidence) and
    drop junk."""
    items = sorted(out.items(), key=lambda kv: (-(kv[0][1] - kv[0][0]), _ORDER.get(kv[1][1], 3), kv[0][0]))
    taken = bytearray(len(doc))
    spans: list[Span] = []
    proposed: list[Span] = []
    for (start, end), (label, rule, prop) in items:
        if any(taken[start:end]):
            continue
        span = Span(doc, start, end, label=label, kb_id=gaz_keys.get((start, end), ""), span_id=rule)
        if _is_junk(span, label):
            continue
        taken[start:end] = b"\x01" * (end - start)
        spans.append(span)
        if prop:
            proposed.append(span)
    # a bare task word that heads a longer task of the same doc is a re-mention of that task
    heads = {s[-1].lower_ for s in spans if s.label_ == "TASK" and len(s) > 1}
    spans = [s for s in spans if not (s.label_ == "TASK" and len(s) == 1 and s.id_ != "gazetteer"
                                      and s[0].lower_ in heads)]
    spans.sort(key=lambda s: s.start)
    proposed.sort(key=lambda s: s.start)
    return spans, proposed


@Language.factory("paperkg_rules")
def make_rules(nlp: Language, name: str) -> RuleComponent:
    return RuleComponent()


class RuleComponent:
    """Final mentions into ``doc.ents`` (see the module docstring for what they carry)."""

    def __call__(self, doc: Doc) -> Doc:
        spans, chosen, pairs = rule_mentions(doc)
        by_start = {s.start: s for s in spans}
        long_of: dict[tuple[int, int], Span] = {}
        for long, short in pairs:
            final = by_start.get(long.start)
            if final is not None and final.end == long.end:
                long_of[(short.start, short.end)] = final
        doc.ents = [Span(doc, s.start, s.end, label=s.label_, kb_id=s.kb_id_,
                         span_id=_pack_id(s.id_, (s.start, s.end) in chosen, long_of.get((s.start, s.end))))
                    for s in spans]
        for group in (ABBREV, GAZ):
            if group in doc.spans:
                del doc.spans[group]
        # Nothing downstream reads the tok2vec tensor, and it dominates what worker processes of
        # nlp.pipe(n_process=...) send back, so it is dropped here.
        doc.tensor = _EMPTY_TENSOR
        return doc


_EMPTY_TENSOR = numpy.zeros((0, 0), dtype="float32")
#: Lower-case words that can trigger a rule (besides names and appositions).
_TRIGGERS = (PROPOSE_VERBS | NAMING_VERBS | TASK_HEADS | TECH_HEADS | _LIST_CUES
             | _CORE_WORDS | {"proposed", "our", "task", "tasks", "problem", "problems"})
PIPES = ("paperkg_abbreviations", "paperkg_gazetteer", "paperkg_rules")
