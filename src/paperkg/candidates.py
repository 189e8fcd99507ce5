"""The candidate spans the contextual rules collect for a doc, with what every rule family reads: the
gazetteer hits and abbreviation pairs of the doc (``paperkg.rules`` runs the families over it)."""

from __future__ import annotations

from collections.abc import Iterable

from spacy.tokens import Doc, Span, Token

from .abbreviations import abbreviation_pairs
from .gazetteer import LONG_NAMES
from .lexicon import GAZ
from .resolve import related

#: How strong a rule's evidence is (lower is stronger; unlisted rules are 3): on a repeated span the stronger
#: rule's label wins, and among overlapping spans of one length the stronger rule's span is kept.
ORDER = {"propose": 0, "called": 0, "novel-appos": 0, "our": 1, "abbreviation": 1, "gazetteer": 2}


_LEADING = frozenset(("the", "a", "an", "our", "its", "their", "namely"))


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
    if text.count("(") != text.count(")") or any(t.text[-1] in ".?!" and doc[t.i + 1].is_title for t in doc[start : end - 1]):
        return  # unbalanced, or across a sentence end the sentencizer missed ("image-to-3D. Project page")
    if end + 1 < len(doc) and doc[end].lower_ == "et" and doc[end + 1].lower_.startswith("al"):
        return  # a citation: "Filippi et al."
    if start > 0 and doc[start - 1].like_num and not doc[start - 1].whitespace_:
        return  # the unit of a quantity, not a name: "Our compact 33MB model", "175M parameter attention"
    key = (start, end)
    if key in out:
        old = out[key]
        better = ORDER.get(rule, 3) < ORDER.get(old[1], 3)
        out[key] = (label if better else old[0], rule if better else old[1], old[2] or proposed)
        return
    out[key] = (label, rule, proposed)


#: Nouns after a task name that make it one ("image classification tasks", "fact editing benchmarks").
TASK_NOUNS = frozenset(("task", "tasks", "problem", "problems"))


#: Words that call a thing new, and so the paper's own.
NEW_WORDS = frozenset(("novel", "new"))


def _widened(pairs: list[tuple[Span, Span]], gaz: Iterable[Span]) -> list[tuple[Span, Span]]:
    """"full fine-tuning (FT)": Schwartz-Hearst takes the shortest long form the letters spell ("fine-tuning");
    a known name that ends there and starts earlier in the sentence is the long form the paper means."""
    if not pairs:
        return pairs
    widest: dict[int, Span] = {}
    for span in gaz:
        if span.end not in widest or span.start < widest[span.end].start:
            widest[span.end] = span
    out = []
    for long, short in pairs:
        known = widest.get(long.end)
        if known is not None and known.start < long.start and known.start >= long.sent.start \
                and not (long[0].is_title and known[0].is_lower):  # not "quantization of Large Language Models (LLMs)"
            long = long.doc[known.start : long.end]
        out.append((long, short))
    return out


def _not_redefined(gaz: list[Span], pairs: list[tuple[Span, Span]], long_names: dict[str, str]) -> list[Span]:
    """Gazetteer hits, less those of an acronym the abstract defines as something else: after "Dynamic
    Memory Compression (DMC)", no "DMC" is the DeepMind Control Suite. An entry named by a single
    word with no spelled-out name ("MMLU"), found on the long form itself ("Low-Rank Adaptation (LoRA)")
    or related to it ("reinforcement learning with human feedback (RLHF)") is no conflict."""
    if not pairs or not gaz:
        return list(gaz)
    key_at = {(s.start, s.end): s.kb_id_ for s in gaz}
    redefined = set()
    for long, short in pairs:
        key = key_at.get((short.start, short.end))
        if key is None or key_at.get((long.start, long.end)) == key:
            continue
        entry = long_names.get(key) or key.split(":", 1)[-1]  # "Stochastic Variance Reduced Gradient" for SVRG
        if " " in entry and not related(entry, long.text):  # "RL from human feedback" is RLHF
            redefined.add(short.text)
    return [s for s in gaz if s.text not in redefined] if redefined else list(gaz)


class Candidates:
    """Candidate spans of one doc (``out``: token range -> label, rule, proposed) and the doc's known names."""

    def __init__(self, doc: Doc):
        self.doc = doc
        self.out: dict[tuple[int, int], tuple[str, str, bool]] = {}
        hits = doc.spans.get(GAZ)
        self.pairs = _widened(abbreviation_pairs(doc), hits or ())
        self.non_entities: set[str] = set()
        self.unnamed_at: int | None = None  # end of the sentence of a "we propose" that named nothing
        self.proposing_words: list[Token] = []  # every "we propose" verb, and "our ... introduction of"
        self.shaped: list[int] = []  # tokens shaped like a name (filled by run)
        self.task_words: list[int] = []  # task-word tokens (filled by run)
        self.gaz_tokens = bytearray(len(doc))
        self.dataset_end: dict[int, int] = {}  # last token of a known dataset name -> its start
        self.method_ends: set[int] = set()  # ends of known method names
        self.task_starts: dict[int, list[int]] = {}  # end of a known task name -> its starts
        self.gaz = _not_redefined(list(hits or ()), self.pairs, hits.attrs.get(LONG_NAMES, {}) if hits else {})
        self.gaz_label = {(s.start, s.end): s.label_ for s in self.gaz}
        for span in self.gaz:
            self.gaz_tokens[span.start : span.end] = b"\x01" * len(span)
            if span.label_ == "DATASET":
                self.dataset_end[span.end - 1] = span.start
            elif span.label_ == "METHOD":
                self.method_ends.add(span.end)
            else:
                self.task_starts.setdefault(span.end, []).append(span.start)

    def add(self, span, label: str, rule: str, proposed: bool = False) -> None:
        _add(self.out, span, label, rule, self.doc, proposed)
