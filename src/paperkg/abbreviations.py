"""Acronym definitions ("long form (SF)", "SF (long form)", "long form or SF") and the
``paperkg_abbreviations`` component that stores them for the rules.

Kept apart because it is self-contained string matching (Schwartz & Hearst 2003 plus initials),
needing no dependency parse and only a few shared word lists.
"""

from __future__ import annotations

import re
from functools import lru_cache

from spacy.attrs import ORTH
from spacy.language import Language
from spacy.tokens import Doc, Span, Token

from .lexicon import ABBREV, FINITE_VERBS, FUNCTION_WORDS, is_acronymish

FACTORY = "paperkg_abbreviations"

#: Markdown's emphasis marks, which set off a name as quotes do: "_batch and match_", "**CO**arse"
_EMPHASIS_MARKS = frozenset(("*", "**", "_"))


def sets_off(tok: Token) -> bool:
    """A quote or emphasis mark, which ends a name the author sets off: "_batch and match_ (BaM)",
    "termed 'Iterative Data Smoothing' (IDS)"."""
    return tok.is_quote or tok.text in _EMPHASIS_MARKS


def best_long_form(short: str, long: str) -> int | None:
    """Start offset in ``long`` of the shortest suffix whose characters spell ``short`` in order,
    the first one starting a word (Schwartz & Hearst 2003), or an initial X standing for "ex"
    ("extreme multi-label classification (XMC)"); None when there is none."""
    s, i = len(short) - 1, len(long) - 1
    while s >= 0:
        c = short[s].lower()
        if not c.isalnum():
            s -= 1
            continue
        while i >= 0 and (long[i].lower() != c or (s == 0 and i > 0 and long[i - 1].isalnum())):
            if s == 0 and c == "x" and long[i].lower() == "x" and i > 0 and long[i - 1].lower() == "e" \
                    and (i == 1 or not long[i - 2].isalnum()):
                return i - 1
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
    every = [c.lower() for c in short if c.isalnum()]
    if every != letters and len(every) <= 5:  # "Tree-of-Thought" for ToT: its small letters are initials too
        found = _initials_match(every, words)
        if found is not None:
            return found
    return _initials_match(letters, words)


#: A capital inside a word, which marks a letter of an acronym: "tenSorized", "errOr", "raNk".
_INNER_CAPITAL = re.compile(r"[a-z][A-Z]")


def _capitals_long_form(short: str, words: list[str]) -> int | None:
    """Index of the first word of a long form that marks its acronym's letters with capitals, some inside
    words: "Enhanced Dictionary-Induced tenSorized incomplete multi-view clustering with Gaussian errOr raNk
    minimization (EDISON)". The shortest run of words whose capitals hold the acronym's letters in order,
    the first of them in its first word; None when no word in it has a capital inside."""
    letters = [c.upper() for c in short if c.isalpha()]
    if len(letters) < 3:
        return None
    for first in range(len(words) - 1, -1, -1):
        if next((c for c in words[first] if c.isupper()), None) != letters[0]:
            continue  # (its first capital, which need not open it: "imPlicit self-ImprovemenT (PIT)")
        capitals = iter(c for w in words[first:] for c in w if c.isupper())
        if all(c in capitals for c in letters):
            return first if any(_INNER_CAPITAL.search(w) for w in words[first:]) else None
    return None


def _initials_match(letters: list[str], words: list[str]) -> int | None:
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
                if li < n and word.lower() in FUNCTION_WORDS:
                    continue  # no long form opens with a function word: "Accuracy and Global-Local ... (AGLFOP)"
                found = match(li - n, wi - 1)
                if found is not None:
                    return found
        if word.lower() in FUNCTION_WORDS and li < len(letters) - 1:
            return match(li, wi - 1)
        return None

    return match(len(letters) - 1, len(words) - 1)


def marked_long_form(short: str, long: str, unmarked_allowed: int = 1) -> bool:
    """``long``, written after its acronym, spells it from its first letter with letters it marks as
    initials: capitals or word starts, all but at most ``unmarked_allowed`` ("ITIT (InTegrating Image Text)",
    "SAFLEX (Self-Adaptive Augmentation via Feature Label EXtrapolation)", "URIAL (Untuned LLMs with Restyled
    In-context Alignment)"), not a gloss whose letters merely occur in it ("GLM (Gumbel-Softmax one-hot prior)")."""
    letters = [c.lower() for c in short if c.isalnum()]
    marked = [c.isupper() or i == 0 or not long[i - 1].isalnum() for i, c in enumerate(long)]

    @lru_cache(maxsize=None)  # each state once: no backtracking blow-up on "AAAA (AAAAAAAA ...)"
    def spell(li: int, at: int, unmarked: int) -> bool:
        if li == len(letters):
            return True
        for i in range(at, len(long)):
            if long[i].lower() == letters[li] and (marked[i] or unmarked < unmarked_allowed):
                if spell(li + 1, i + 1, unmarked + (not marked[i])):
                    return True
        return False

    return bool(letters) and long[:1].lower() == letters[0] and spell(1, 1, 0)


def spelled_after(short: str, long: str, unmarked_allowed: int = 1) -> bool:
    """``long``, written after its acronym ("DRO (Directed Representation Optimization)", "SMASH: a Score
    MAtching-based pSeudolikeliHood estimator"), spells it with all its words' initials or its marked letters
    (see ``marked_long_form``)."""
    return _initials_long_form(short, long.split()) == 0 or marked_long_form(short, long, unmarked_allowed)


def short_form_ok(text: str) -> bool:
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
        # ")" closes, and so does "):", which spaCy keeps whole as an emoticon: "ITIT (InTegrating Image Text):"
        # (a long form inside may run long if capitals mark it: "CABINET (Content RelevAnce-Based NoIse ReductioN ...)")
        close = next((t.i for t in doc[tok.i + 1 : tok.i + 30] if t.text in (")", "):")), None)
        if close is None or close == tok.i + 1:
            continue
        short = doc[tok.i + 1 : close]
        if close > tok.i + 4 or not short_form_ok(short.text):
            before, inside = doc[i - 1], short  # "DRO (Directed Representation Optimization)"
            if len(inside) > 1 and is_acronymish(before.text) and inside.text[:1].isupper() \
                    and (spelled_after(before.text, inside.text) if close < tok.i + 10
                         else _capitals_long_form(before.text, inside.text.split()) == 0):
                pairs.append((inside, doc[i - 1 : i]))
            continue
        sf = short.text
        max_words = min(len(sf) + 5, 2 * len(sf))
        # a long form set off by emphasis or quotes ends before their closing mark: "_batch and match_ (BaM)"
        stop = tok.i - 1 if tok.i > 1 and sets_off(doc[tok.i - 1]) else tok.i
        start = _window_start(doc, stop, max_words)
        if start == stop:
            continue
        wide = doc[_window_start(doc, stop, 3 * max_words) : stop]  # capitals mark a long form of many words
        window = doc[start:stop]
        words = window.text.split()
        first = _initials_long_form(sf, words)
        initials = sf.rstrip("0123456789")
        if first is None and initials != sf and initials[-1:].isupper():
            # "Student Float (SF4)": a version or bit-width after the initials of a capitalized name
            first = _initials_long_form(initials, words)
            if first is not None and not all(w[:1].isupper() for w in words[first:]):
                first = None
        long = _from_word(wide, _capitals_long_form(sf, wide.text.split())) or _from_word(window, first)
        if long is not None:
            pairs.append((long, short))
            continue
        offset = None
        for variant in (sf, sf.replace("2", "t").replace("4", "f")):
            offset = best_long_form(variant.rstrip("s") if variant.endswith("s") and len(variant) > 2 else variant,
                                     window.text)
            if offset is not None:
                break
        if offset is None:
            continue
        long = doc.char_span(window.start_char + offset, window.end_char, alignment_mode="expand")
        if long is None or len(long) > max_words or long.text.lower() == sf.lower() or any(
                t.tag_ in FINITE_VERBS for t in long):
            continue  # "DéjàVu addresses ... library (DéjàVuLib)" is a clause, not a long form
        pairs.append((long, short))
    return pairs + _or_abbreviations(doc)


def _window_start(doc: Doc, stop: int, max_tokens: int) -> int:
    """Where a long form ending before token ``stop`` may start: at most ``max_tokens`` back, within the
    sentence and past no punctuation but hyphens, slashes and apostrophes."""
    start = stop
    while start > 0 and stop - start < max_tokens:
        prev = doc[start - 1]
        if prev.is_punct and prev.text not in "-/'" or prev.is_sent_end:
            break
        start -= 1
    return start


def _from_word(window: Span, first: int | None) -> Span | None:
    """``window`` from its ``first``-th whitespace-separated word on (None for no word, or no token edge)."""
    if first is None:
        return None
    offset = [m.start() for m in re.finditer(r"\S+", window.text)][first]
    return window.doc.char_span(window.start_char + offset, window.end_char, alignment_mode="expand")


def _or_abbreviations(doc: Doc) -> list[tuple[Span, Span]]:
    """"Parallelizable Spatiotemporal Binder or PSB" and "CDTD, or Causal Domain-Invariant Temporal
    Dynamics": only when the capitals of the acronym are exactly the initials of the long form."""
    pairs: list[tuple[Span, Span]] = []
    word_or = doc.vocab.strings["or"]
    for i in [i for i, orth in enumerate(doc.to_array(ORTH).tolist()) if orth == word_or and 0 < i < len(doc) - 1] \
            if len(doc) else []:
        after, before = doc[i + 1], doc[i - 2] if doc[i - 1].text == "," and i > 1 else doc[i - 1]
        if is_acronymish(after.text) and short_form_ok(after.text):  # long form before "or"
            window = doc[max(0, before.i - 7) : before.i + 1]
            words = window.text.split()
            first = _initials_long_form(after.text, words)
            if first is not None and first < len(words) - 1 and all(w[:1].isupper() for w in words[first:]):
                start = window.end_char - len(" ".join(words[first:]))
                long = doc.char_span(start, window.end_char, alignment_mode="expand")
                if long is not None:
                    pairs.append((long, doc[after.i : after.i + 1]))
        elif is_acronymish(before.text) and short_form_ok(before.text):  # long form after "or"
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

@Language.factory(FACTORY)
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
