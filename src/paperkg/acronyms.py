"""A paper's acronyms and the long forms they stand for, found across its entities after the rules ran.

The ``paperkg_abbreviations`` component (``paperkg.abbreviations``) finds the definitions a sentence makes
with parentheses ("Reward-based Noise Optimization (ReNO)"). Papers also define acronyms without them ("a
framework named HEAL", "SMASH: a Score MAtching-based ..."), by marked letters ("**L**ine**A**r ...") or only
by initials used elsewhere ("Diffusion Bridge Network" ... "DBN"); this module finds those pairs and makes
each long form and its acronym one entity's names.
"""

from __future__ import annotations

import re
from collections import Counter

from .abbreviations import best_long_form, marked_long_form, spelled_after
from .lexicon import FUNCTION_WORDS
from .models import Entity, Mention
from .resolve import has_size, is_short_form, match_key
from .textnorm import clean_text


def link_acronyms(defined: list[tuple[str, str]], entities: list[Entity], abstract: str) -> None:
    """Give each long form its acronym as alias and back: the (long, short) pairs the abbreviation detector
    ``defined``, and those the paper makes without parentheses, by name or by initials."""
    _link_abbreviations(defined + _named_by_acronym(entities) + _defined_beside(entities, abstract)
                        + _initials_elsewhere(entities), entities)


def _named_by_acronym(entities: list[Entity]) -> list[tuple[str, str]]:
    """(long, short) pairs for a proposal that the same sentence then names by its acronym without
    parentheses: "a **C**andidate **P**seudolabel **L**earning method, termed **CPL**", "a
    Hypergraph-Enhanced DuAL framework named HEAL"."""
    shorts = [e for e in entities if e.proposed and " " not in e.name and is_short_form(e.name)
              and e.mentions[0].rule in ("called", "emphasis")]
    return [(e.name, short.name) for short in shorts for e in entities
            if e.proposed and " " in e.name and e.mentions[0].sentence == short.mentions[0].sentence
            and e.mentions[0].end < short.mentions[0].start
            and marked_long_form(short.name, e.name, unmarked_allowed=0)]  # not "OLLIE" after "an offline-to-online IL method"


#: text between an acronym and the long form after it: "SMASH: a Score MAtching-based ...", "MOFI, Manifold OF Images"
_ACRONYM_THEN_LONG = re.compile(r"(?:\s*(?::|--?|\u2013|\u2014)\s*(?:(?:a|an|the)\s+)?|\s*,\s*(?:a|an|the)\s+)"
                                r"(?:(?:novel|new|simple|general|unified)\s+)?[*_`'\"\u2018\u201c]*")
#: a comma alone sets off a long form only when it is capitalized ("MOFI, Manifold OF Images"), not a
#: clause that follows ("with T steps of CoT, constant-depth transformers ...")
_ACRONYM_COMMA = re.compile(r"\s*,\s*")
#: text between a long form and the acronym after it: "... Adaptation method, namely SuDA", "... Model (termed `OutEffHop`"
_LONG_THEN_ACRONYM = re.compile(r"\s*(?:\w+\s*)?(?:,\s*|\(\s*)?(?:namely|termed|called|dubbed|named|abbreviated as)"
                                r"\s*[`'\"\u2018\u201c*_]*|\s*[`'\u2018\u201c]+")


def _defined_beside(entities: list[Entity], abstract: str) -> list[tuple[str, str]]:
    """(long, short) pairs for an acronym defined without parentheses right beside its long form, in either
    order: "SMASH: a Score MAtching-based pSeudolikeliHood estimator", "MOFI, Manifold OF Images, a new ...",
    "a novel Support-based Domain Adaptation method, namely SuDA". The long form must spell the acronym; one
    after it, with its initials or marked letters only (not "for SE, a novel self-distillation mechanism")."""
    shorts = [(e, m) for e in entities if is_short_form(e.name) for m in e.mentions]
    pairs = []
    for long in entities:
        if " " not in long.name:
            continue
        capitalized = all(w[:1].isupper() for w in long.name.split() if w.lower() not in FUNCTION_WORDS)
        for m in long.mentions:
            for short, s in shorts:
                if s.sentence != m.sentence:
                    continue
                between = abstract[s.end : m.start]
                if s.end <= m.start and (_ACRONYM_THEN_LONG.fullmatch(between)
                                         or capitalized and _ACRONYM_COMMA.fullmatch(between)) \
                        and spelled_after(short.name, long.name, unmarked_allowed=0) \
                        or m.end <= s.start and _LONG_THEN_ACRONYM.fullmatch(abstract[m.end : s.start]) \
                        and spelled_after(short.name, long.name):
                    pairs.append((long.name, short.name))
    return pairs


#: Letters a paper marks to spell its acronym: "**L**ine**A**r", "$\\textbf{A}$ctor", "\\underline{C}".
_MARKED_LETTERS = re.compile(r"\*\*([A-Za-z]+)\*\*|\\(?:textbf|underline|mathbf)\{([A-Za-z]+)\}")
#: An acronym's closing markup and what opens its long form: a colon ("**LASER**: ", "$\\textbf{PAE}$: ") or a
#: parenthesis ("MC-GTA (**M**odel-based **C**lustering via ...)").
_MARKED_OPENING = re.compile(r"(?:\*\*|\}|\$)*\s*([:(])\s*")
#: Where the long form ends: after a colon, at the clause's end or a parenthesis; in parentheses, where they close.
_LONG_FORM_END = {":": re.compile(r"[,;(]|\.(?:\s|$)"), "(": re.compile(r"\)")}
#: What comes between a long form and its acronym after it: "... **A**nchors, dubbed as DeSA", "... **T**ickets
#: ($\\textbf{AdaGLT}$)".
_MARKED_CLOSING = re.compile(r"\s*(?:\(|,?\s*(?:dubbed|termed|called|named|namely)(?:\s+as)?)\s*"
                             r"(?:\*\*|\$?\\textbf\{|\{\\bf\s*)?$")


def marked_long_forms(entities: list[Entity], abstract: str) -> list[Entity]:
    """A long form whose marked letters spell a proposed acronym beside it names the acronym's entity, where
    the abbreviation detector did not find it whole: after it, "**LASER**: **L**ine**A**r Compre**S**sion in
    Wir**E**less Dist**R**ibuted Optimization", "UP2ME (**U**nivariate **P**re-training to **M**ultivariate
    Fin**e**-tuning)"; before it, "an $\\textbf{A}$daptive, $\\textbf{D}$ynamic, and $\\textbf{A}$utomated
    framework for identifying $\\textbf{G}$raph $\\textbf{L}$ottery $\\textbf{T}$ickets ($\\textbf{AdaGLT}$)".
    The rules see only pieces of it ("LineAr CompreSsion", "Univariate Pre-training", "Dynamic"), which go."""
    for entity in [e for e in entities if e.proposed]:
        short = next((n for n in (entity.name, *entity.aliases) if is_short_form(n)), None)
        said = next((m for m in entity.mentions if m.text == short), None)
        found = said and (_marked_after(abstract, said, short) or _marked_before(abstract, said, short))
        if not found:
            continue
        start, end = found
        long = clean_text(abstract[start:end]).strip()
        if any(m.start < start and m.text != short and m.sentence == said.sentence for m in entity.mentions) \
                or match_key(long) == match_key(entity.name):
            continue  # the detector found it, or a longer one: "**D**istillation with **D**omain **S**hift (**D3S**)"
        inside = [e for e in entities if e is not entity and all(start <= m.start and m.end <= end for m in e.mentions)]
        entities = [e for e in entities if not any(e is piece for piece in inside)]
        kept = [m for m in entity.mentions if not (start <= m.start and m.end <= end)]
        entity.name, entity.aliases = long, [short, *(a for a in entity.aliases if a != short and any(
            m.text == a for m in kept))]
        entity.mentions = sorted([*kept, Mention(start=start, end=end, text=abstract[start:end], sentence=said.sentence,
                                                 rule="abbreviation")], key=lambda m: m.start)
    return entities


def _acronym_letters(short: str) -> str:
    return "".join(c for c in short if c.isalpha()).lower()


def _spelled_by_marks(abstract: str, start: int, end: int, short: str) -> bool:
    """The letters marked in ``abstract[start:end]``, two marks or more, are the acronym's ("UP2ME": u, p, m, e)."""
    marked = ["".join(m.groups("")) for m in _MARKED_LETTERS.finditer(abstract, start, end)]
    return len(marked) >= 2 and "".join(marked).lower() == _acronym_letters(short)


def _marked_after(abstract: str, said: Mention, short: str) -> tuple[int, int] | None:
    opening = _MARKED_OPENING.match(abstract, said.end)
    if opening is None:
        return None
    start = opening.end()
    found = _LONG_FORM_END[opening.group(1)].search(abstract, start, start + 200)
    end = found.start() if found else start
    return (start, end) if _spelled_by_marks(abstract, start, end, short) else None


def _marked_before(abstract: str, said: Mention, short: str) -> tuple[int, int] | None:
    """The long form right before the acronym: back from the separator over marked letters until they spell it,
    to the start of the word the first one is in."""
    lo = max(abstract.rfind(". ", 0, said.start) + 2, said.start - 200)
    closing = _MARKED_CLOSING.search(abstract, lo, said.start)
    if closing is None:
        return None
    end = closing.start()
    letters = _acronym_letters(short)
    marks = list(_MARKED_LETTERS.finditer(abstract, lo, end))
    if not marks or " " in abstract[marks[-1].end() : end].strip():
        return None  # the last marked letter must be in the long form's last word
    spelled = ""
    for mark in reversed(marks):
        spelled = "".join(mark.groups("")).lower() + spelled
        if spelled == letters:
            start = mark.start()
            while start > lo and not abstract[start - 1].isspace() and abstract[start - 1] != "(":
                start -= 1
            return (start, end) if _spelled_by_marks(abstract, start, end, short) else None
        if not letters.endswith(spelled):
            return None
    return None


def _initials_elsewhere(entities: list[Entity]) -> list[tuple[str, str]]:
    """(long, short) pairs for an acronym of three or more capitals that the abstract never defines, when the
    initials of exactly one other name in it are its letters: "a novel approach called Diffusion Bridge Network"
    ... "constructing DBN"; "algorithms via multiplicative weights update" ... "our MWU algorithm"."""
    longs: dict[tuple[str, str], list[str]] = {}
    for e in entities:
        words = e.name.split()
        if len(words) >= 3 and not any(is_short_form(a) for a in e.aliases):
            longs.setdefault((e.label, "".join(w[0].lower() for w in words)), []).append(e.name)
    pairs = []
    for e in entities:
        letters = e.name[:-1] if e.name.endswith("s") else e.name
        found = longs.get((e.label, letters.lower()), [])
        if letters.isalpha() and letters.isupper() and len(letters) >= 3 and not e.aliases and len(found) == 1:
            pairs.append((found[0], e.name))  # (not a task and a method: "Temporal Graph Clustering called TGC")
    return pairs


def _spelled_out(short: str, long: str) -> bool:
    """A capitalized short form whose letters the long form spells (Schwartz & Hearst), digits aside:
    "Multi-Modal Moment Matching (M4)", "Pairwise Alignment (Pair-Align)"."""
    letters = "".join(c for c in short if c.isalpha())
    return short[:1].isupper() and bool(letters) and best_long_form(letters, long) is not None


def _spelled_by_capitals(short: str, long: str) -> bool:
    """The long form's capitals spell a short form written as a word: "NOise Robust Temporal Optimal
    traNsport (Norton)"."""
    return len(short) >= 3 and "".join(c for c in long if c.isupper()) == short.upper()


def _word_and_acronym(short: str, long: str) -> bool:
    """A short form that keeps the long form's first word before an acronym: "Safe Reinforcement Learning
    from Human Feedback (Safe RLHF)"."""
    words, long_words = short.split(), long.split()
    return len(words) == 2 and len(long_words) > 2 and words[0].lower() == long_words[0].lower() \
        and is_short_form(words[1])


def _link_abbreviations(pairs: list[tuple[str, str]], entities: list[Entity]) -> None:
    """Give every long-form entity its acronym as alias (and vice versa), so that merging joins
    "Reward-based Noise Optimization" and "ReNO"; labels follow the majority of the pair."""
    if not pairs:
        return
    by_key: dict[str, list[Entity]] = {}
    for e in entities:
        by_key.setdefault(match_key(e.name), []).append(e)
    for long, short in pairs:
        longs = by_key.get(match_key(long), [])
        # not a sized name that only folds to the acronym: "DRCT-2M" (a dataset) is not DRCT (a method)
        shorts = [e for e in by_key.get(match_key(short), []) if not has_size(e.name) or has_size(short)]
        if not longs or not shorts or not (is_short_form(short) or _spelled_by_capitals(short, long)
                                           or _word_and_acronym(short, long) or _spelled_out(short, long)):
            continue
        counts = Counter(e.label for e in longs + shorts)  # a tie goes to what the paper proposes it as
        label = max(counts, key=lambda lab: (counts[lab], any(e.proposed and e.label == lab for e in longs + shorts)))
        proposed = any(e.proposed for e in longs + shorts)
        for e in longs + shorts:
            e.label = label
            e.proposed = proposed
        for e in longs:
            if short not in e.aliases:
                e.aliases.append(short)
        # the paper says what its acronym stands for: "zero-shot Text-to-Speech (TTS)" makes this
        # TTS the zero-shot task, not the gazetteer's general "TTS" (which would split it in two)
        long_key = next((e.key for e in longs if e.key), None)
        for e in shorts:
            e.key = long_key or e.key
            if long not in e.aliases:
                e.aliases.append(long)
