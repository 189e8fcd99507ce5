"""Load the spaCy pipeline with paperkg's components and turn papers into entity extractions."""

from __future__ import annotations

import re
from collections import Counter, deque
from collections.abc import Iterable, Iterator

import spacy
from spacy.language import Language
from spacy.tokens import Doc

from . import components
from .errors import ConfigError
from .models import Entity, Mention, Paper, PaperExtraction
from .resolve import is_short_form, match_key, merge_paper
from .settings import DEFAULT_SPACY_MODELS, Settings
from .textnorm import CleanText, clean, clean_text

#: Pipes of the English models that paperkg does not use (left out for speed).
EXCLUDED_PIPES = ("ner", "lemmatizer")
#: "ReNO: Enhancing ..." -> "ReNO" (the title names what the paper introduces).
_TITLE_NAME = re.compile(r"^\s*([^:]{2,60}?)\s*:\s")


def _pip_name(model: str) -> str:
    return model.replace("_", "-")


def load_base_model(settings: Settings) -> Language:
    """The bare spaCy model paperkg builds on (without paperkg's components)."""
    names = [settings.spacy_model] if settings.spacy_model else list(DEFAULT_SPACY_MODELS)
    for name in names:
        if settings.spacy_model is None and not spacy.util.is_package(name):
            continue
        try:
            return spacy.load(name, exclude=list(EXCLUDED_PIPES))
        except OSError as exc:
            raise ConfigError(
                f"spaCy model {name!r} is not installed or cannot be loaded ({exc}); "
                f"install it with: pip install {_pip_name(name)}"
            ) from exc
    raise ConfigError(
        f"no spaCy English model installed (tried {', '.join(DEFAULT_SPACY_MODELS)}); "
        f"install one with: pip install {_pip_name(DEFAULT_SPACY_MODELS[-1])}"
    )


def load_pipeline(settings: Settings) -> Language:
    """The spaCy model plus paperkg's components, gazetteers loaded (package data and
    ``settings.patterns``; a bad pattern file raises InputError naming file and line)."""
    nlp = load_base_model(settings)
    for name in components.PIPES:
        nlp.add_pipe(name)
    nlp.get_pipe("paperkg_gazetteer").initialize(nlp=nlp, pattern_files=list(settings.patterns))
    return nlp


def extract_papers(
    papers: Iterable[Paper],
    nlp: Language,
    *,
    workers: int = 1,
    batch_size: int = 64,
    progress: bool = False,
) -> Iterator[PaperExtraction]:
    """One PaperExtraction per paper, in input order."""
    pending: deque[tuple[Paper, CleanText]] = deque()

    def texts() -> Iterator[str]:
        for paper in papers:
            cleaned = clean(paper.abstract)
            pending.append((paper, cleaned))
            yield cleaned.text

    docs = nlp.pipe(texts(), batch_size=batch_size, n_process=workers)
    if progress:
        from tqdm import tqdm

        docs = tqdm(docs, desc="extracting", unit="paper")
    for doc in docs:
        paper, cleaned = pending.popleft()
        yield doc_to_extraction(paper, cleaned, doc)


def doc_to_extraction(paper: Paper, cleaned: CleanText, doc: Doc) -> PaperExtraction:
    """Map the doc's final spans back to the original abstract and group them into entities."""
    abstract = paper.abstract
    title_name = _title_name(paper.title)
    has_sents = doc.has_annotation("SENT_START")
    sentences: dict[int, str] = {}
    entities: list[Entity] = []
    found = components.mentions(doc)
    for span, rule, proposed, _ in found:
        name = span.text
        if name.endswith(".") and len(name) > 3 and "." not in name[:-1]:
            name = name[:-1]  # "BloombergGPT-50B." at a sentence end: spaCy kept the period on the token
        start, end = cleaned.span(span.start_char, span.start_char + len(name))
        sent = span.sent if has_sents else doc[:]
        if sent.start not in sentences:
            s_start, s_end = cleaned.span(sent.start_char, sent.end_char)
            sentences[sent.start] = abstract[s_start:s_end]
        mention = Mention(start=start, end=end, text=abstract[start:end], sentence=sentences[sent.start], rule=rule)
        proposed = proposed or (title_name is not None and match_key(span.text) == title_name)
        entities.append(Entity(label=span.label_, name=name, proposed=proposed, mentions=[mention],
                               key=span.kb_id_ or None))
    _link_abbreviations([(m.long.text, m.span.text) for m in found if m.long is not None], entities)
    return PaperExtraction(id=paper.id, entities=merge_paper(entities))


def _title_name(title: str | None) -> str | None:
    """Match key of a name before the title's colon, when it looks like a name."""
    if not title:
        return None
    m = _TITLE_NAME.match(clean_text(title))
    if not m:
        return None
    name = m.group(1)
    if len(name.split()) > 4 or not any(c.isupper() for c in name[1:]) and len(name.split()) > 1:
        return None
    return match_key(name) or None


def _link_abbreviations(pairs: list[tuple[str, str]], entities: list[Entity]) -> None:
    """Give every long-form entity its acronym as alias (and vice versa), so that merging joins
    "Reward-based Noise Optimization" and "ReNO"; labels follow the majority of the pair."""
    by_key: dict[str, list[Entity]] = {}
    for e in entities:
        by_key.setdefault(match_key(e.name), []).append(e)
    for long, short in pairs:
        longs, shorts = by_key.get(match_key(long), []), by_key.get(match_key(short), [])
        if not longs or not shorts or not is_short_form(short):
            continue
        label = Counter(e.label for e in longs + shorts).most_common(1)[0][0]
        proposed = any(e.proposed for e in longs + shorts)
        for e in longs + shorts:
            e.label = label
            e.proposed = proposed
        for e in longs:
            if short not in e.aliases:
                e.aliases.append(short)
        for e in shorts:
            if long not in e.aliases:
                e.aliases.append(long)
