"""Load the spaCy pipeline with paperkg's components and turn papers into entity extractions."""

from __future__ import annotations

import multiprocessing
import re
from collections import deque
from collections.abc import Iterable, Iterator
from typing import NoReturn
from functools import partial

import spacy
from spacy.language import Language
from spacy.tokens import Doc, Span, Token

from . import components
from .abbreviations import sets_off
from .acronyms import link_acronyms, marked_long_forms
from .attributes import replace_attribute_ruler
from .errors import ConfigError
from .filters import DEFINED_RULES
from .gazetteer import RANGE_NAMES, SLASHED_NUMBER
from .lexicon import (CONTRARY_PREFIXES, FIELDS, GENERIC, GENERIC_TECH, METRICS, NAMING_VERBS, OBSERVED, PROPOSE_VERBS,
                      is_acronymish)
from .models import Entity, Mention, Paper, PaperExtraction
from .phrases import proposed_as_data
from .resolve import is_mapping, is_short_form, match_key, merge_paper
from .settings import DEFAULT_SPACY_MODELS, Settings
from .textnorm import CleanText, clean, clean_text, emphasized, in_bare_math, math_spans

#: Pipes of the English models that paperkg does not use (left out for speed).
EXCLUDED_PIPES = ("ner", "lemmatizer")
#: "ReNO: Enhancing ..." -> "ReNO" (the title names what the paper introduces).
_TITLE_NAME = re.compile(r"^\s*([^:]{2,60}?)\s*:\s")
#: "MAP IT to Visualize Representations", "RingAttention with Blockwise Transformers": a title that opens
#: with a coined name and no colon, then a preposition (not "CausalLM is not optimal ...").
_TITLE_LEAD = re.compile(r"^\s*([A-Za-z0-9][\w+\-]*(?: [A-Z0-9][\w+\-]*)?) (?=(?:to|for|with|and|via|through|based|in|on|as)\b)")
#: "(DAT)" just after a quoted or emphasized name.
_ACRONYM_AFTER = re.compile(r"[\"'\s]{0,3}\(([A-Za-z0-9\-+]{2,12})\)")
_NOT_TITLE_NAMES = frozenset("position survey review tutorial perspective opinion benchmark dataset".split())
#: Where a title's leading name ends.
_TITLE_HEAD = re.compile(r"\s*[:,;?]\s*|\s+(?:for|via|with|through|in|on|to|and|as|from|of|by|using|based)\s+", re.IGNORECASE)
#: Words that put a sentence about the paper's own work.
_OURS = re.compile(r"\b(?:[Ww]e|[Oo]ur|[Tt]his (?:paper|work|study))\b")
_DATASET_TITLE = re.compile(r"\b(benchmark|dataset|corpus|suite|testbed|leaderboard)", re.IGNORECASE)


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
    ``settings.patterns``; a bad pattern file raises InputError naming file and line).

    The model's attribute ruler becomes an AttributeTable: same annotations, a fraction of the time."""
    nlp = load_base_model(settings)
    # "CIFAR-10/100" is two datasets: split the slash spaCy keeps inside the token
    nlp.tokenizer.infix_finditer = spacy.util.compile_infix_regex([*nlp.Defaults.infixes, SLASHED_NUMBER]).finditer
    # a full stop after a digit and a capital ends the sentence, not the name: "such as GPT-4V.", "on ImageNet-1K."
    # (spaCy splits it after two capitals or a digit, but keeps it after one capital as in "U.S.")
    nlp.tokenizer.suffix_search = spacy.util.compile_suffix_regex([*nlp.Defaults.suffixes, r"(?<=[0-9][A-Z])\."]).search
    replace_attribute_ruler(nlp)
    for name in components.PIPES:
        nlp.add_pipe(name)
    nlp.get_pipe("paperkg_gazetteer").initialize(nlp=nlp, pattern_files=list(settings.patterns))
    # what nlp.set_error_handler sets first; that call then fails on the model's parser (it has no
    # error_handler attribute), and it is paperkg's own pipes that should name the abstract
    nlp.default_error_handler = _name_the_abstract
    return nlp


def _name_the_abstract(pipe_name: str, pipe: object, docs: list[Doc], error: Exception) -> NoReturn:
    """spaCy's error handler: a pipe that fails (a bug, not the user's mistake) says which abstract it failed
    on, so that one bad abstract in a long list can be found and reported; the error and its traceback stay."""
    beginning = docs[0].text[:100] if docs else ""
    error.add_note(f"paperkg: the spaCy pipe {pipe_name!r} failed on the abstract that begins {beginning!r}; "
                   "please report it with that abstract")
    raise error


def extract_papers(
    papers: Iterable[Paper],
    nlp: Language,
    *,
    workers: int = 1,
    batch_size: int = 16,
    progress: bool = False,
) -> Iterator[PaperExtraction]:
    """One PaperExtraction per paper, in input order; `workers` > 1 runs that many processes."""
    if workers > 1 and "fork" in multiprocessing.get_all_start_methods():
        results = _extract_forked(papers, nlp, workers, batch_size)
    else:
        results = _extract(papers, nlp, batch_size, n_process=workers)
    if progress:
        from tqdm import tqdm

        results = tqdm(results, desc="extracting", unit="paper")
    yield from results


def _extract(papers: Iterable[Paper], nlp: Language, batch_size: int, n_process: int = 1) -> Iterator[PaperExtraction]:
    pending: deque[tuple[Paper, CleanText]] = deque()

    def texts() -> Iterator[str]:
        for paper in papers:
            cleaned = clean(paper.abstract)
            pending.append((paper, cleaned))
            yield cleaned.text

    for doc in nlp.pipe(texts(), batch_size=batch_size, n_process=n_process):
        paper, cleaned = pending.popleft()
        try:
            extraction = doc_to_extraction(paper, cleaned, doc)
        except Exception as e:  # a bug: name the paper, keep the error and its traceback
            where = f"{paper.source}:{paper.line}" if paper.source else "the input"
            e.add_note(f"paperkg: extraction failed on paper {paper.id!r} ({where}); please report it with its abstract")
            raise
        yield extraction


#: The pipeline forked workers inherit from the parent (set just before the pool forks).
_FORKED_NLP: Language | None = None


def _extract_chunk(chunk: list[Paper], batch_size: int) -> list[str]:
    # JSON rather than pickled models: about 4x cheaper to encode here and decode in the parent,
    # which shares the cores with the workers.
    assert _FORKED_NLP is not None
    return [extraction.model_dump_json() for extraction in _extract(chunk, _FORKED_NLP, batch_size)]


def _extract_forked(papers: Iterable[Paper], nlp: Language, workers: int, batch_size: int) -> Iterator[PaperExtraction]:
    """Forked workers inherit the loaded pipeline and send back only the small extractions, not Docs:
    that serialization is what keeps spaCy's own `n_process` from scaling on abstracts."""
    global _FORKED_NLP
    chunks = _chunks(papers, batch_size)
    _FORKED_NLP = nlp
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            for extractions in pool.imap(partial(_extract_chunk, batch_size=batch_size), chunks):
                yield from map(PaperExtraction.model_validate_json, extractions)
    finally:
        _FORKED_NLP = None


def _chunks(items: Iterable[Paper], size: int) -> Iterator[list[Paper]]:
    chunk: list[Paper] = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def doc_to_extraction(paper: Paper, cleaned: CleanText, doc: Doc) -> PaperExtraction:
    """Map the doc's final spans back to the original abstract and group them into entities."""
    abstract = paper.abstract
    clean_title = clean_text(paper.title) if paper.title else ""
    title = _title_name(clean_title)
    title_name = match_key(title[0]) if title else None
    lead = title_name is None and _title_lead(clean_title)
    sentence = _Sentences(doc, cleaned)
    entities: list[Entity] = []
    found = components.mentions(doc)
    math = math_spans(abstract)
    range_names = doc.user_data.get(RANGE_NAMES, {})
    for span, rule, proposed, _ in found:
        # spaCy makes a token of the second space of a double one, which a span may start or end with
        offset = len(span.text) - len(span.text.lstrip())
        name = text = span.text.strip()
        if name.endswith(".") and len(name) > 3 and "." not in name[:-1] or name.endswith("-") and len(span) > 1:
            name = name[:-1]  # "BloombergGPT-50B." at a sentence end, "FLEXGEN-EHR– a": spaCy kept it on the token
        start, end = cleaned.span(span.start_char + offset, span.start_char + offset + len(name))
        if math and not proposed and rule not in DEFINED_RULES and in_bare_math(abstract, start, end, math):
            continue  # a formula's letters shaped like a name: "$\\mathbb{R}^{n_2}$", "$O(\\sqrt{dT})$"
        if rule == "camel-name" and not proposed and abstract[start - 1 : start] == "\\":
            continue  # a shape from the rest of a LaTeX command: "($\\approx$0.5\\,Hz)", "$\\sim$1B"
        mention = Mention(start=start, end=end, text=abstract[start:end], sentence=sentence(span), rule=rule)
        ranged = range_names.get(f"{span.start}-{span.end}")  # the "100" of "CIFAR-10/100" is CIFAR-100
        proposed = proposed or (title_name is not None and match_key(text) == title_name) \
            or (bool(lead) and not span.kb_id_ and match_key(text) == lead)  # a known name is no coinage
        entities.append(Entity(label=span.label_, name=ranged or name, proposed=proposed, mentions=[mention],
                               key=span.kb_id_ or None, aliases=[_written_range(abstract, start, end)] if ranged else []))
    if title and not any(e.proposed and match_key(e.name) == title_name for e in entities):
        entities.extend(_title_mentions(title, doc, cleaned, sentence))
    entities = _emphasized_contributions(doc, cleaned, sentence, entities)
    link_acronyms([(m.long.text.strip(), m.span.text.strip()) for m in found if m.long is not None], entities, abstract)
    merged = marked_long_forms(merge_paper(entities), abstract)
    _named_in_title(clean_title, merged)
    _no_proposed_tasks(merged)
    _variants_of_proposals(merged)
    _parts_of_proposals(merged)
    merged = _one_label_per_name(_shortened_tasks(_names_with_their_kind(_fragments_of_proposals(merged))))
    entities = _descriptions_of_named(merged)
    _repeated_mentions(entities, doc, cleaned, sentence)
    return PaperExtraction(id=paper.id, entities=[e for e in entities if not _word_of_a_longer_name(e)])


#: A noun made of a verb or adjective ("Alignment", "Fusion", "Adaptation"): a common word, not a coined name.
_NOMINALIZATION = re.compile(r"[A-Z][a-z]+(?:tion|sion|ment|ance|ence|ing|ity|ness)")


def _word_of_a_longer_name(entity: Entity) -> bool:
    """A capitalized common noun that a propose rule took once is a word cut from a longer name: "ARGS,
    Alignment as Reward-Guided Search", "Divergence, Adaptation, and REfinement", "\\textbf{Re}trieval
    representation \\textbf{Fusion}" (a name said again, "Reprompting", is one)."""
    return entity.proposed and not entity.aliases and len(entity.mentions) == 1 and entity.mentions[0].rule == "propose" \
        and bool(_NOMINALIZATION.fullmatch(entity.name))


def _repeated_mentions(entities: list[Entity], doc: Doc, cleaned: CleanText, sentence: _Sentences) -> None:
    """Every other occurrence of a capitalized name that one entity of the abstract has is a mention of it:
    a rule finds "we propose Motif" once, and "Motif outperforms ..." later is the same thing, so the graph's
    mention counts and sentences are the abstract's, not only the rules' evidence; so is an acronym's plural
    ("IWCNNs"). Not an occurrence inside a longer word or name ("Motif-2", "Vision Transformer" for Transformer,
    a URL), nor one that overlaps a mention the rules found."""
    owners: dict[str, list[Entity]] = {}
    for e in entities:
        for name in {e.name, *e.aliases}:
            if any(c.isupper() or c.isdigit() for c in name[1:]) or name[:1].isupper() and " " not in name:
                owners.setdefault(name, []).append(e)
    taken = [(m.start, m.end) for e in entities for m in e.mentions]
    text = cleaned.text  # the doc's text (doc.text would be rebuilt from its tokens)
    for name, (entity, *others) in owners.items():
        if others:
            continue  # a name two entities share says nothing about which one a later use means
        at = text.find(name)
        while at >= 0:
            span = doc.char_span(at, at + len(name))
            if span is None and name[-1].isupper() and text[at + len(name) : at + len(name) + 1] == "s":
                span = doc.char_span(at, at + len(name) + 1)  # the acronym's plural: "IWCNN" ... "IWCNNs"
            at = text.find(name, at + 1)
            if span is None or _inside_longer_name(doc, span):
                continue
            start, end = cleaned.span(span.start_char, span.end_char)
            if any(start < e and s < end for s, e in taken):
                continue
            taken.append((start, end))
            entity.mentions.append(Mention(start=start, end=end, text=cleaned.original[start:end],
                                           sentence=sentence(span), rule="repeat"))
    for e in entities:
        e.mentions.sort(key=lambda m: (m.start, m.end))


def _inside_longer_name(doc: Doc, span: Span) -> bool:
    """The span is part of a longer word or name: glued to a token before or after it ("Motif-2",
    "github.com/x/ReSimAD"), or next to another capitalized word ("Vision Transformer")."""
    before = doc[span.start - 1] if span.start > 0 else None
    after = doc[span.end] if span.end < len(doc) else None
    if before is not None and not before.whitespace_ and not _sets_apart(before) \
            or after is not None and not span[-1].whitespace_ and not (_sets_apart(after) or after.lower_ in ("'s", "\u2019s")):
        return True
    return any(t is not None and (t.like_url or t.is_alpha and not t.is_lower and not t.is_sent_start) for t in (before, after))


def _sets_apart(tok: Token) -> bool:
    """Punctuation that ends a word ("(Motif", "Motif,", "**Motif**"), not one that joins two ("Motif-2")."""
    return tok.is_punct and tok.text not in ("-", "/", "+") or sets_off(tok)


def _written_range(abstract: str, start: int, end: int) -> str:
    """The whole range a number completes, as written ("CIFAR-10/100" for the "100" that is CIFAR-100):
    the name annotators give it, since CIFAR-100 itself is never written there."""
    begin = start
    while begin > 0 and not abstract[begin - 1].isspace() and abstract[begin - 1] not in "([{\"'`":
        begin -= 1
    return abstract[begin:end]


def _named(entity: Entity) -> bool:
    return any(c.isupper() or c.isdigit() for n in (entity.name, *entity.aliases) for c in n)


_GENERIC_HEADS = GENERIC_TECH | GENERIC


def _descriptions_of_named(entities: list[Entity]) -> list[Entity]:
    """A plain-words proposal with a generic head in the sentence that also proposes a name describes that
    named thing ("we propose a novel adaptive stochastic gradient algorithm for black-box MOO, called
    ASMG"): it is no proposal of its own, and no entity where the proposal was its only evidence. (Named
    techniques stay: "a strategy, dubbed proximal matching".) Anywhere, two words or fewer before the
    head only describe an unnamed contribution ("a diffusion sampling algorithm", "graph generative
    models"): on the dev sets such proposals were gold 15 times in 67, those with three words or more
    ("a risk-sensitive pessimistic value iteration algorithm") 31 times in 47. A proposal that only
    describes, in lower case after names it uses, what the same sentence then names ("termed", "named",
    "dubbed") is that name's description too."""
    named_in = {m.sentence for e in entities if e.proposed and _named(e) for m in e.mentions}
    called_in = {m.sentence for e in entities if e.proposed for m in e.mentions if m.rule == "called"}
    kept = []
    for e in entities:
        head = e.name.rsplit(" ", 1)[-1]
        only_proposal = all(m.rule == "propose" for m in e.mentions)
        if e.proposed and head in _GENERIC_HEADS and only_proposal and any(m.sentence in called_in for m in e.mentions):
            continue  # "a general Transformer-based SNN architecture, termed as Meta-SpikeFormer": the name's description
        if e.proposed and not _named(e) and head.lower() in _GENERIC_HEADS \
                and (any(m.sentence in named_in for m in e.mentions) or len(e.name.replace("-", " ").split()) <= 3):
            if only_proposal:
                continue
            e.proposed = False
        kept.append(e)
    return kept


#: What follows a proposed name in the name of one of its variants: "MoMo-Adam", "Medusa-1", "TiC-YFCC"
#: (after an acronym, only a hyphen or a number: "EFCIL" is no variant of EFC).
_VARIANT_TAIL = re.compile(r"[-+]?[A-Z0-9]")
_ACRONYM_VARIANT_TAIL = re.compile(r"[-+0-9]")
#: What comes before a proposed name in the name of one of its variants: "pFedLMT" (personalized FedLMT).
_VARIANT_HEAD = re.compile(r"[a-z]{1,2}")


def _variants_of_proposals(entities: list[Entity]) -> None:
    """Named variants of a proposed one-word name are the paper's own too: "MoMo-Adam" beside MoMo,
    "SPGM-IHT" and "SPGM-BCD" beside SPGM, "RepoBench-R" beside RepoBench, "pFedLMT" beside FedLMT."""
    bases = {n for e in entities if e.proposed for n in (e.name, *e.aliases)
             if len(n) >= 3 and " " not in n and n.lower() not in METRICS}
    if not bases:
        return
    for e in entities:
        if not e.proposed and e.label != "TASK" and any(
                n.startswith(b) and (_ACRONYM_VARIANT_TAIL if b.isupper() else _VARIANT_TAIL).match(n, len(b))
                or b[:1].isupper() and n.endswith(b) and _VARIANT_HEAD.fullmatch(n[: -len(b)])
                for n in (e.name, *e.aliases) for b in bases):
            e.proposed = True


#: Words that say a sentence lists the parts of something ("X consists of two key components: ...").
_COMPOSITION = re.compile(r"\b(?:consists?|comprises?|composed|contains?|containing|includes?|including|"
                          r"incorporat\w*|integrat\w*|equipped|employs|components?|modules?|blocks?|mechanisms?|core)\b",
                          re.IGNORECASE)


def _parts_of_proposals(entities: list[Entity]) -> None:
    """Acronyms the abstract coins for the parts of its proposal, in a sentence that names the proposal and
    lists its parts, are the paper's own methods too: "PROGRAM consists of two key components: (1) Prototype
    Graph Model (PGM) ...", "we propose TimeMixer ... with Past-Decomposable-Mixing (PDM) and
    Future-Multipredictor-Mixing (FMM) blocks", "... the Morphology Knowledge Transfer (MKT) module" (a
    method, though its words read as a task). Names the gazetteer knows (a key) are parts it uses, such as
    Robust Self-Training (RST). On the dev labels: +22 true proposals against +2 false."""
    proposed = [e for e in entities if e.proposed]
    candidates = [(e, parts) for e in entities
                  if not e.proposed and e.label != "DATASET" and not e.key and (parts := _listing_parts(e))]
    if not proposed or not candidates:
        return
    proposing = {m.sentence for e in proposed for m in e.mentions}
    named = re.compile("|".join(rf"(?<!\w){re.escape(n)}(?!\w)" for e in proposed for n in (e.name, *e.aliases)))
    for e, parts in candidates:
        if any(s in proposing or named.search(s) for s in parts):  # also a later "PROGRAM consists of ..."
            e.proposed, e.label = True, "METHOD"  # "Morphology Knowledge Transfer (MKT) module": no task


def _listing_parts(entity: Entity) -> list[str]:
    """The sentences that define ``entity``'s acronym among words listing parts ("consists of", "module")."""
    return [m.sentence for m in entity.mentions if m.rule == "abbreviation" and _COMPOSITION.search(m.sentence)]


#: Rules that find a name coined in the abstract (a definition, a naming, an emphasis), not a phrase.
_COINING_RULES = frozenset(("abbreviation", "acronym", "called", "our", "emphasis", "novel-appos"))


def _no_proposed_tasks(entities: list[Entity]) -> None:
    """A paper proposes methods and data, not tasks (spec: PROPOSED). A proposed name that its words made
    a task is the method it names when the abstract coins it ("MLLM-Guided Image Editing (MGIE)",
    "Concomitant Linear DAG Estimation (CoLiDE)"); otherwise (a phrase after a propose verb, "we
    introduce alignment ...", or a known task) the task is only addressed."""
    for e in entities:
        if e.proposed and e.label == "TASK":
            rules = {m.rule for m in e.mentions}
            if rules & _COINING_RULES and "gazetteer" not in rules:
                e.label = "METHOD"
            else:
                e.proposed = False  # also a known task the abstract defines: "test time adaptation (TTA)"


def _named_in_title(title: str, entities: list[Entity]) -> None:
    """A title that opens with the long form of an acronym the abstract defines names the paper's own
    contribution: "Smoothing Proximal Gradient Methods for Nonsmooth ..." (SPGM), "Mean-field Chaos
    Diffusion Models" (MF-CDMs), when nothing else is proposed; so does a whole title that is such a long form,
    whatever else is ("Stochastic Localization via Iterative Posterior Sampling" (SLIPS)). Known (gazetteer)
    names are not coined."""
    if not title:
        return
    lead = match_key(_TITLE_HEAD.split(title, 1)[0]) if not any(e.proposed for e in entities) else None
    whole = match_key(title)
    for e in entities:
        if e.label in ("METHOD", "DATASET") and not e.key and e.aliases \
                and len(e.name.split()) >= 2 and match_key(e.name) in (lead, whole):
            e.proposed = True


class _Sentences:
    """The original-text sentence of a span, computed once per sentence."""

    def __init__(self, doc: Doc, cleaned: CleanText):
        self.doc, self.cleaned = doc, cleaned
        self.has_sents = doc.has_annotation("SENT_START")
        self.cache: dict[int, str] = {}

    def __call__(self, span: Span) -> str:
        sent = span.sent if self.has_sents else self.doc[:]
        if sent.start not in self.cache:
            start, end = self.cleaned.span(sent.start_char, sent.end_char)
            self.cache[sent.start] = self.cleaned.original[start:end]
        return self.cache[sent.start]


def _title_mentions(title: tuple[str, str], doc: Doc, cleaned: CleanText, sentence: _Sentences) -> list[Entity]:
    """The title's name ("Emu: Generative Pretraining in Multimodality") where the abstract uses it
    and the rules missed it: proposed, a DATASET when the title calls it a benchmark or dataset."""
    name, rest = title
    label = "DATASET" if _DATASET_TITLE.search(rest) else "METHOD"
    # a title capitalizes every word: "Privacy Backdoors: Stealing Data ..." is the abstract's "privacy backdoors",
    # where a sentence about this paper's work uses it ("We show that this practice introduces a new risk of ...")
    flags = re.IGNORECASE if " " in name else 0
    matches = list(re.finditer(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", cleaned.text, flags))
    spans = [doc.char_span(*m.span(), alignment_mode="expand") for m in matches]
    if any(m.group(0) != name for m in matches) and not any(_OURS.search(sentence(span)) for span in spans):
        return []
    out = []
    for m, span in zip(matches, spans):
        start, end = cleaned.span(*m.span())
        mention = Mention(start=start, end=end, text=cleaned.original[start:end], sentence=sentence(span), rule="title")
        out.append(Entity(label=label, name=m.group(0), proposed=True, mentions=[mention]))
    return out


def _emphasized_contributions(doc: Doc, cleaned: CleanText, sentence: _Sentences, entities: list[Entity]) -> list[Entity]:
    """Authors set their coinages off: "we propose \\textbf{Scaling Laws of RoPE-based Extrapolation}",
    "a method called *weighted visual-text cross alignment* (WCA)". An emphasized or quoted run right
    after a proposing or naming verb is the contribution's whole name; proposed fragments of it go."""
    for a, b in emphasized(cleaned.original):
        cs, ce = cleaned.clean_offset(a), cleaned.clean_offset(b)
        paren = cleaned.text.find(" (", cs, ce)  # "Latent stroke-cloud generator (LSG)": the long form
        span = doc.char_span(cs, paren if paren > 0 else ce, alignment_mode="contract")
        while span is not None and len(span) > 1 and span[-1].is_punct and span[-1].text not in (")", "!"):
            span = span[:-1]  # "*PnP Inversion,*": the name, not its comma (but "ZipIt!")
        glued = a > 0 and cleaned.original[a - 1].isalnum() or b < len(cleaned.original) and cleaned.original[b].isalnum()
        if glued or span is None or not 1 <= sum(t.text != "-" for t in span) <= 8 or not _coined_here(doc, span) \
                or len(span) == 1 and not (is_acronymish(span.text) or "-" in span.text) \
                or span[0].is_stop and not (span[0].is_upper and len(span[0]) > 1) \
                or span.text.lower() in GENERIC or span.text.lower() in FIELDS or span.text.strip("-") != span.text:
            continue  # not "**Bi**-Directional", "*safe*", "the first successful development", "*Un-*" (but "**BEYOND**")
        start, end = cleaned.span(span.start_char, span.end_char)
        same = [e for e in entities if (e.mentions[0].start, e.mentions[0].end) == (start, end)]
        if any(e.key and not e.proposed for e in same):
            continue  # a known name, emphasized: used, not coined
        entities = [e for e in entities if not (e.proposed and start <= e.mentions[0].start and e.mentions[0].end <= end)]
        label = "DATASET" if proposed_as_data(doc, span.start, span.end) else "METHOD"
        mention = Mention(start=start, end=end, text=cleaned.original[start:end], sentence=sentence(span), rule="emphasis")
        short = _ACRONYM_AFTER.match(cleaned.text, ce if paren < 0 else paren)
        aliases = [short.group(1)] if short and is_short_form(short.group(1)) else []
        entities.append(Entity(label=label, name=span.text, aliases=aliases, proposed=True, mentions=[mention]))
    return entities


def _coined_here(doc: Doc, span: Span) -> bool:
    """A proposing or naming verb (or "our") just before ``span``, with at most an article,
    adjectives or a generic head between: "we propose a novel *X*", "a method called *X*"."""
    sent_start = span.sent.start if doc.has_annotation("SENT_START") else 0
    if sent_start == span.start > 0 and doc[span.start - 1].text not in (".", "!", "?"):
        sent_start = doc[span.start - 1].sent.start  # the parser may start a sentence at the emphasis: "propose _X_"
    for k in range(span.start - 1, max(sent_start, span.start - 6) - 1, -1):
        t = doc[k]
        if t.lower_ in NAMING_VERBS and any(w.lower_ in OBSERVED for w in doc[max(sent_start, k - 4) : k]):
            return False  # "this phenomenon, which we call *Initial Guessing Bias*": named, but observed
        if t.lower_ in PROPOSE_VERBS or t.lower_ in NAMING_VERBS or t.lower_ == "our":
            return True
        if not (t.is_punct or t.pos_ in ("DET", "ADJ") or t.lower_ in GENERIC or t.lower_ in GENERIC_TECH):
            return False  # nor "the notion of *core stability*", "the concept of **conditional probability curvature**"
    return False


def _title_name(text: str) -> tuple[str, str] | None:
    """The name before the (cleaned) title's colon, when it looks like a name, and the rest of the title."""
    m = _TITLE_NAME.match(text)
    if not m:
        return None
    name = m.group(1)
    words = name.split()
    if len(words) > 4 or (len(words) > 1 and not any(c.isupper() for c in name[1:])) \
            or name.lower() in _NOT_TITLE_NAMES or not name[:1].isalnum():
        return None
    return (name, text[m.end():]) if match_key(name) else None


def _title_lead(title: str) -> str:
    """The match key of a coined name opening a colon-less title: every word has an inner capital
    ("MAP IT", "ImplicitSLIM", "Fast-ELECTRA"; not "Pre-Training and ...", "Model-Based RL")."""
    m = _TITLE_LEAD.match(title) if ":" not in title else None
    if m is None:
        return ""
    words = m.group(1).split()
    if not all(any(part[1:] != part[1:].lower() for part in w.split("-")) for w in words):
        return ""
    return match_key(m.group(1))


def _take_mentions(entity: Entity, other: Entity) -> None:
    """``entity`` also holds ``other``'s mentions, in text order (``other`` is then dropped by the caller)."""
    entity.mentions = sorted([*entity.mentions, *other.mentions], key=lambda m: m.start)


def _absorb(entity: Entity, other: Entity) -> None:
    """``entity`` also holds ``other``'s names, mentions, key and proposal: they are one thing
    (``other`` is then dropped by the caller)."""
    entity.aliases.extend(n for n in (other.name, *other.aliases) if n != entity.name and n not in entity.aliases)
    _take_mentions(entity, other)
    entity.key = entity.key or other.key
    entity.proposed = entity.proposed or other.proposed


def _fragments_of_proposals(entities: list[Entity]) -> list[Entity]:
    """A proposed name that is a short run of the words of another proposed name in the paper is that
    one, named in part: "we propose an Image Modeling framework ... Our proposed Random Orthogonal
    Projection Image Modeling (ROPIM)". Its mentions join the full name's entity, but not its name:
    as an alias, "Image Modeling" would join other papers' image modeling to ROPIM. A run covering half
    the longer name or more stays an entity of its own: folding those too lost 14 true proposals on
    the dev gold (separate contributions that share words)."""
    proposals = [(e, re.findall(r"\w+", e.name.lower())) for e in entities if e.proposed and e.label != "TASK"]
    fragments = set()
    for part, words in proposals:
        if part.aliases:
            continue  # a part with an acronym of its own is a part, named: "Prototype Graph Model (PGM)"
        whole = next((e for e, longer in proposals if 2 * len(words) < len(longer) and _runs_at(words, longer)
                      and not e.name.lower().startswith(part.name.lower() + "-")), None)  # "MOMENT-1-large" is a variant
        if whole is not None and whole.label == part.label:
            _take_mentions(whole, part)
            fragments.add(id(part))
    return [e for e in entities if id(e) not in fragments]


def _one_label_per_name(entities: list[Entity]) -> list[Entity]:
    """One entity for a name the paper's mentions gave two labels (gazetteer entries of two kinds, or two
    rules): what the paper proposes keeps its label; otherwise a task name is the task ("image restoration",
    "structure learning"), else the label with more mentions. On the dev sets this removed 13 false methods,
    3 false datasets, a false task and 3 false proposals for 6 true entities."""
    by_name: dict[str, list[Entity]] = {}
    for e in entities:
        by_name.setdefault(match_key(e.name), []).append(e)
    dropped = set()
    for same in by_name.values():
        if len({e.label for e in same}) < 2:
            continue  # (same-label entities kept apart by their keys are kept apart: EGNN is an equivariant GNN)
        proposed = [e for e in same if e.proposed]
        keep = max(proposed, key=lambda e: len(e.mentions)) if proposed else next(
            (e for e in same if e.label == "TASK"), None) or max(same, key=lambda e: len(e.mentions))
        for e in same:
            if e is not keep:
                _absorb(keep, e)
                dropped.add(id(e))
    return [e for e in entities if id(e) not in dropped]


def _names_with_their_kind(entities: list[Entity]) -> list[Entity]:
    """A name the gazetteer does not know, said also with a lower-case word for what it is, is one method:
    "Ridge" and "Ridge regression", "Borda" and "Borda count", "νPI" and "the νPI controller"."""
    methods = {e.name: e for e in entities if e.label == "METHOD"}
    joined = set()
    for short in methods.values():
        if " " in short.name or short.key or not any(c.isupper() or c.isalpha() and not c.isascii() for c in short.name):
            continue
        longer = next((e for name, e in methods.items() if name.startswith(short.name + " ") and name.count(" ") == 1
                       and name.split(" ")[1].isalpha() and name.split(" ")[1].islower()), None)
        if longer is not None:
            _absorb(longer, short)
            joined.add(id(short))
    return [e for e in entities if id(e) not in joined]


#: Words that name the same task in another form: "time series forecasting" is time series prediction.
_TASK_WORD_VARIANTS = {"forecasting": "prediction", "synthesis": "generation", "modelling": "modeling",
                       "identification": "detection", "captioning": "caption", "molecule": "molecular"}


def _shortened_tasks(entities: list[Entity]) -> list[Entity]:
    """A task named again by some of the words of a longer task named earlier is that task, shortened: "human
    sketch generation" ... "sketch generation". Its mentions join the longer one's entity, but not its name,
    which would join other papers' sketch generation to it. So is a task named again in another form of its
    words ("time series forecasting" ... "time series prediction"). (On the dev sets this removed 69 false tasks
    for 14 true ones; tasks named in the other order, or methods, were as often separate entities as not.)"""
    def words(name: str) -> list[str]:
        return [_TASK_WORD_VARIANTS.get(w, w) for w in name.lower().replace("-", " ").split()]

    tasks = [(e, [words(n) for n in (e.name, *e.aliases)], min(m.start for m in e.mentions))
             for e in entities if e.label == "TASK" and e.mentions]
    shortened = set()
    for short, (name, *_), first in tasks:
        if short.aliases or short.proposed:
            continue
        mapping = is_mapping(short.name)  # "text-to-image" is "text-to-image generation", in either order
        longer = next((e for e, names, start in tasks if (start < first or mapping) and e is not short
                       and id(e) not in shortened and any(other == name or _shortened_form(name, other) for other in names)),
                      None)
        if longer is not None:
            _take_mentions(longer, short)
            shortened.add(id(short))
    return [e for e in entities if id(e) not in shortened]


def _shortened_form(words: list[str], longer: list[str]) -> bool:
    """``words`` run on inside ``longer`` (not after a contrary prefix: "non-convex optimization" is no
    convex optimization), or keep its first and last words and drop some between ("zero-shot classification"
    for "zero-shot text classification")."""
    if len(longer) <= len(words):
        return False
    if any(k == 0 or longer[k - 1] not in CONTRARY_PREFIXES for k in _runs_at(words, longer)):
        return True
    rest = iter(longer)
    return len(words) >= 2 and words[0] == longer[0] and words[-1] == longer[-1] and all(w in rest for w in words)


def _runs_at(words: list[str], longer: list[str]) -> list[int]:
    """Where ``words`` run on, one after another, inside ``longer``: the index of each run's first word."""
    n = len(words)
    return [k for k in range(len(longer) - n + 1) if longer[k : k + n] == words]
