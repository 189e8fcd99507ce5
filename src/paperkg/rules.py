"""The contextual rules: from the abbreviation and gazetteer span groups and the parse to the final,
non-overlapping mentions, and the ``paperkg_rules`` component that writes them to ``doc.ents``
(what they carry is described in ``paperkg.components``).

Rules that need the dependency parse are skipped on docs without one (``spacy.blank``).
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from functools import cache

import numpy
from spacy.attrs import DEP, LOWER, ORTH
from spacy.language import Language
from spacy.strings import hash_string
from spacy.tokens import Doc, Span, Token

from .abbreviations import abbreviation_pairs, best_long_form, sets_off, short_form_ok
from .clauses import PRIOR_CUES, modifies_what_follows, named_in, object_head, objects_of, we_before, we_subject
from .lexicon import (ABBREV, CONTRARY_PREFIXES, DATASET_WORDS, EVAL_WORDS, FIELDS, FINITE_VERBS, FUNCTION_WORDS, GAZ, GENERIC,
                      GENERIC_TECH, INTRO_TASK, LOOSE_TASKS, METHOD_CUES, METHOD_MODIFIERS, METRICS, NAMING_VERBS,
                      NOT_ENTITIES, OBSERVED, PROPOSE_VERBS, TASK_HEADS, TASK_STOP, TECH_HEADS, WEAK_TASKS,
                      is_acronymish, is_namey, name_shape, orth_shape)
from .filters import UMBRELLA_FIELDS, is_junk
from .gazetteer import LONG_NAMES, package_patterns
from .phrases import (VAGUE_ALONE, after_acronym, left_edge, method_span, name_run, named_problem, past_acronym, proposed_as_data, task_span,
                      typed_as_data, word_start)
from .resolve import related

FACTORY = "paperkg_rules"

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
#: Components a paper proposes under a plain-words name: "a bisimulation loss", "an interleaved-frame smoother".
_COMPONENTS = frozenset("loss regularizer penalty sampler smoother generator schedule".split())
_NEW_THINGS = frozenset("objective loss regularizer regularization estimator sampler algorithm operator "
                        "attention mechanism layer architecture criterion penalty".split())
# Verbs that introduce the paper's own contribution when "we" (or "this paper") is the subject.
_STRONG_PROPOSE = frozenset("propose proposes introduce introduces present presents develop develops devise devises "
                            "design designs".split())
#: Words before a long form that mark it as something the paper builds on: "the idea of renormalization group (RG)".
_BORROWED_FROM = frozenset("of between from upon leverages leveraging harnesses harnessing".split())
#: Nouns that propose what follows their "of" in a sentence about "our" work.
_PROPOSING_NOUNS = frozenset(("introduction", "development"))
#: Words that place a named thing in earlier work: "one of such algorithms, called predictive coding".
_EARLIER_WORK = frozenset("previously such emerging classic classical well-known popular standard widely".split())
_CORE_WORDS = frozenset(("central", "core", "heart", "key"))
#: Adverbs that make "proposed" someone else's: "the recently proposed X", "originally proposed for ...".
_PROPOSED_BEFORE = frozenset("recently previously originally already earlier widely commonly first".split())
_BLAND_MODIFIERS = frozenset("training learning optimization data model neural deep simple general generic".split())
_MODEL_SIZE = re.compile(r"\d+(?:\.\d+)?[BMK]\b")
_PLAIN_NAME = re.compile(r"[A-Za-z][A-Za-z0-9+\-]*[A-Za-z][A-Za-z0-9+\-]*(?: [A-Za-z0-9+\-]+)*")  # not "S^2"
_LIST_CUES = frozenset(("as", "including", "like", "e.g.", "e.g", "covering", "spanning"))
#: Plural nouns whose list after a colon (or, for applications, "to") names tasks.
_LISTING_TASKS = frozenset(("tasks", "applications", "problems"))
_ORDER = {"propose": 0, "called": 0, "novel-appos": 0, "our": 1, "abbreviation": 1, "gazetteer": 2}
_STOP_OR_BLAND = TASK_STOP | _BLAND_MODIFIERS
_CUE_OR_DATA_WORDS = METHOD_CUES | DATASET_WORDS
_ANY_GENERIC = GENERIC_TECH | GENERIC
#: What "X, our <...> dataset / method / model" can call X.
_OURS_HEADS = DATASET_WORDS | _ANY_GENERIC | TECH_HEADS
#: Kind words that a technique's name may follow: "the RPS technique ROAST", "baselines such as the method DAPT".
_METHOD_KINDS = frozenset("method methods algorithm algorithms technique techniques approach approaches model models "
                          "framework architecture baseline baselines optimizer optimizers".split())
#: Nouns that say what kind of thing a name right before them is ("the ... (MMTS) algorithm").
_KIND_WORDS = DATASET_WORDS | GENERIC_TECH | TECH_HEADS


def _suite_of_items(name: Span) -> bool:
    """The name holds tasks, games or environments: "3D-exploration tasks in DM-Hard-8"."""
    root = name.root
    return root.dep_ == "pobj" and root.head.lower_ in ("in", "from") and root.head.head.lower_ in _SUITE_ITEMS


def _head_word(doc: Doc, end: int) -> str:
    """Lower-case word right after a name ("CIFAR-10 dataset" -> "dataset"), past a quote or emphasis mark that
    closes it ("the \"HyPoradise\" dataset")."""
    while end < len(doc) and sets_off(doc[end]):
        end += 1
    return doc[end].lower_ if end < len(doc) else ""


def _label_from_head(word: str) -> str | None:
    if word in DATASET_WORDS and word not in ("tasks", "domains", "game", "games", "challenge", "collection"):
        return "DATASET"
    if word in METHOD_CUES and word not in METRICS:
        return "METHOD"
    return None


def _label_of_long_form(long: Span) -> str | None:
    last = long[-1].lower_
    if last in METRICS:
        return None  # also "signal-to-noise ratio (SNR)"
    if "-to-" in long.text.lower() and last not in _CUE_OR_DATA_WORDS:
        return "TASK"
    if last in TASK_HEADS and (last not in WEAK_TASKS or last not in METHOD_CUES):
        return "TASK"
    if last in ("game", "games", "problem", "problems"):
        return "TASK"  # a problem class: "robust Markov games (RMGs)", "the Bin Packing Problem (BPP)"
    if (last in DATASET_WORDS or last.startswith("bench")) and last not in ("challenge", "challenges"):
        return "DATASET"
    if last in METHOD_CUES or last.rstrip("s") in METHOD_CUES or last in TECH_HEADS:
        return "METHOD"
    return None


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
        better = _ORDER.get(rule, 3) < _ORDER.get(old[1], 3)
        out[key] = (label if better else old[0], rule if better else old[1], old[2] or proposed)
        return
    out[key] = (label, rule, proposed)


#: Nouns after a task name that make it one ("image classification tasks", "fact editing benchmarks").
_TASK_NOUNS = frozenset(("task", "tasks", "problem", "problems"))
#: Not "capabilities" or "abilities": of 12 phrases before them on the dev sets ("spatial imagination
#: ability", "multi-modal generation capabilities"), none was a gold task. Nor "performance" (1 in 8) or
#: "setting(s)" (2 in 9): "improving rate-distortion performance", "in multi-label and data-rich retrieval settings".
_TASK_FOLLOWERS = _TASK_NOUNS | frozenset(("benchmark", "benchmarks", "dataset", "datasets", "setup", "accuracy"))
#: A mapping between two modalities: "text-to-image", "Speech-to-Text", "image-to-3D".
_MODALITY = r"(?:text|image|video|speech|audio|3D|music|motion|layout|sketch|shape|caption|SQL|code)"
_MODALITY_TASK = re.compile(rf"(?<![\w-]){_MODALITY}-to-{_MODALITY}(?![\w-])", re.IGNORECASE)
#: Task words that follow the dataset they are done on: "ImageNet classification", "COCO detection"
#: (not "NAS-Bench-201 search space", "an N-body interaction task").
_DATA_TASK_HEADS = frozenset("classification detection segmentation recognition captioning retrieval tracking".split())
#: Words ending like a task noun that name something else ("out-of-distribution tasks").
_NOT_TASK_NOUNS = frozenset("distribution evaluation information function population iteration position condition "
                            "setting resolution existing training pretraining pre-training finetuning fine-tuning tuning validation".split())
#: Heads that make a technique of the phrase before them ("active learning strategy", "Bayesian filtering approach").
_TECHNIQUE_NOUNS = frozenset(("approach", "approaches", "method", "methods", "strategy", "strategies", "technique",
                              "techniques", "procedure", "procedures", "algorithm", "algorithms", "scheme", "schemes"))
_TECHNIQUE_SUFFIXES = ("ing", "tion", "sion", "ment", "ure")
#: Last words of a capitalized long form that name an object, condition or phenomenon rather than a technique.
_NOT_TECHNIQUES = frozenset("equilibrium equilibria graph graphs function functions series state states collapse "
                            "invariance view disease diseases opportunity mind shift shifts theory hypothesis "
                            "conjecture variable variables space spaces effect effects phenomenon".split())
#: Last words of a lower-case long form that name a technique.
_TECHNIQUE_LONG_FORM = re.compile(r"(transport|descent|ascent|sampling|search|programming|smoothing|filtering|"
                                  r"tempering|annealing|averaging|boosting|bagging|pruning|distillation|quantization|"
                                  r"regularization|normalization|dropout|attention|convolution|encoding|embedding|"
                                  r"tuning|learning|training|optimization|inference|estimation|decompositions?|"
                                  r"factorization|propagation|augmentation|iteration|networks?|models?|machines?|"
                                  r"processes|process|regression|transformers?|autoencoders?|encoders?|decoders?|minimization|"
                                  r"maximization|matching|perceptrons?|solvers?|backpropagation)$")
#: Where a long form's head ends and its qualification starts: "learning energy decompositions | for GFlowNets".
_QUALIFIER = re.compile(r" (?:for|with|via|based on|using|through|under) ")
#: What a method, framework or kernel is "for" is a task.
_MADE_FOR_HEADS = frozenset("approach approaches method methods framework frameworks model models kernel system "
                            "systems pipeline toolkit library solution solutions paradigm".split())
#: What a named quantity is, which makes it no method: "a metric called X".
_MEASURES = frozenset("metric metrics measure measures score scores coefficient coefficients".split())
#: Plural nouns whose parenthesized list names tasks or datasets.
_LISTING_NOUNS = frozenset(("tasks", "problems", "applications", "benchmarks", "datasets"))
#: Words that open a parenthesized list of examples.
_LIST_OPENERS = frozenset(("including", "like", "e.g.", "e.g", "i.e.", "i.e", "such", "as", "eg", "ie", "."))
#: Question-answering datasets are named "<Name>QA": CommonsenseQA, HotpotQA, TriviaQA (not VQA, video-QA).
_QA_DATASET = re.compile(r"[A-Z][A-Za-z]{2,}-?QA")
#: Hardware, complexity classes and molecules are no methods: "NVIDIA 2080Ti", "Google Cloud TPUs",
#: "14nm FinFET", "PPAD-Hard", "NP-complete", "RNAs".
_NO_METHOD_NAME = re.compile(r"NVIDIA|[GT]PUs?\b|\d{4}Ti\b|\b[AHV]100\b|FinFET"
                             r"|-(?:[Hh]ard|[Cc]omplete)$|^m?RNAs?$|^DNAs?$")
#: Last words of a name that say what it is like, not what it is called ("SupLinUCB-type").
_LIKENESS = frozenset(("type", "style", "like"))
#: What a paper does to test its claims, not what it contributes: "we propose ... experimental evaluation".
_EVALUATIONS = frozenset("evaluation evaluations validation validations comparison comparisons".split())
#: New things that are findings or settings, not contributions ("a new perspective", "a new problem").
_FINDINGS = frozenset("perspective view paradigm direction problem setting task challenge phenomenon insight "
                      "understanding lens angle bound result measure metric score index information knowledge "
                      "data evidence".split())
#: Verbs whose named object is data: "We compile CommitPack: 4 terabytes of Git commits".
_DATA_VERBS = frozenset("compile compiles compiled curate curates curated collect collects collected".split())
#: Counted lists of contributions ("two novel designs, A and B") and the nouns that head them.
_COUNTS = {"two": 2, "three": 3, "four": 4}
#: Singular heads that describe one model rather than name a technique ("a harmless language model",
#: "a differentiable neural network"): on the dev sets 3 of 16 such phrases were gold methods.
_SINGLE_THINGS = frozenset(("model", "network"))
#: Heads that make no technique of the words before them: "a generative framework", "adversarial training
#: techniques", "convolutional kernels", "optical flow fields", "forward message propagation", "LoRA
#: fine-tuning", "data normalization", "label encoding". On the dev sets the technique rule's phrases with
#: these heads were gold methods 11 times in 69.
_NO_TECHNIQUE_HEADS = frozenset("framework frameworks technique techniques kernels fields propagation fine-tuning finetuning "
                                 "normalization encoding".split())
#: Heads of problem classes that, used "via" or "through", name the technique that solves them.
_SOLVED_BY_TECHNIQUE = frozenset(("optimization", "programming", "optimisation"))
#: Heads naming a part of a method ("an Graph2Seq encoder").
_PART_NOUNS = frozenset("encoder decoder module modules block blocks layer layers head unit mechanism component "
                        "components network branch adapter tokenizer".split())
#: Words that call a thing new, and so the paper's own.
_NEW_WORDS = frozenset(("novel", "new"))
#: What a benchmark suite holds: "3D-exploration tasks in DM-Hard-8", "scenarios in NegotiationArena".
_SUITE_ITEMS = frozenset("tasks games environments scenarios".split())
#: Nouns after an acronym's parenthesis that make what it names data: "the ... Block Model (CSBM) dataset".
_DATA_KINDS = frozenset("dataset datasets benchmark benchmarks corpus corpora".split())
#: What sets off "namely X" after the thing it names: "a framework, namely X", "a framework---namely, X".
_NAMELY_MARKS = frozenset((",", "-", "--", "---", "\u2013", "\u2014"))
#: Prepositions before a name the paper evaluates on or compares with ("on UNIMAL", "than NeuPSL").
_USED_ON = frozenset("on with against than over from in".split())
#: Words that describe a name as someone else's: "ProtoNet, a popular baseline".
_KNOWN_WORDS = frozenset("popular widely standard common commonly well recent recently existing state classic "
                         "classical prominent leading prevalent famous typical strong advanced baseline previous "
                         "prior".split())
#: Verbs that, with "we" and a counted list of techniques, put forward the paper's own.
_OFFER_VERBS = frozenset("offer offers provide provides".split())
_WEAK_PROPOSE = _OFFER_VERBS | frozenset("give gives put puts arrive arrives describe describes".split())
_CONTRIBUTION_NOUNS = frozenset("methods approaches algorithms techniques strategies designs contributions components "
                                "classes types families "
                                "modules mechanisms frameworks models variants innovations benchmarks datasets "
                                "losses objectives regularizers estimators".split())
#: Gerunds of work done rather than techniques ("web scraping", "replay training").
_ACTIVITIES = ("training", "benchmarking", "scraping", "tuning", "processing", "engineering")
#: "We study X": the heads of the settings a paper studies.
_STUDY_VERBS = frozenset("study studies studied consider considers investigate investigates address addresses tackle "
                         "tackles".split())
_SETTING_HEADS = frozenset(("learning", "bandit", "bandits", "games", "problems", "optimization"))
#: "We address these limitations with ClimODE": verbs whose means ("with", "via", "through") is the paper's own.
_REMEDY_VERBS = frozenset("address addresses tackle tackles overcome overcomes mitigate mitigates alleviate alleviates "
                          "resolve resolves circumvent circumvents remedy remedies".split())
#: What such a verb remedies ("this", "these limitations", "the challenge").
_SHORTCOMINGS = frozenset("this these it them limitation limitations challenge challenges issue issues problem problems "
                          "gap gaps shortcoming shortcomings difficulty difficulties drawback drawbacks bottleneck "
                          "bottlenecks concern concerns question questions".split())
#: A name a method is compared with is a method too: "outperforms Bloomz", "compared to OPTQ", "vs. Shikra".
_BEATING_VERBS = frozenset("outperform outperforms outperformed outperforming surpass surpasses surpassed surpassing "
                           "beat beats beating".split())
_COMPARING_WORDS = frozenset(("compared", "comparison", "comparisons", "comparing", "relative"))
_VERSUS = frozenset(("vs", "vs.", "versus"))
_TWO_LETTERS = re.compile(r"[A-Za-z]{2}")
#: Verbs after which a specific noun phrase names a technique the paper uses.
_USE_VERBS = frozenset(
    "use uses used using employ employs employed employing leverage leverages leveraged leveraging utilize utilizes "
    "utilized utilizing utilise utilises utilised utilising incorporate incorporates incorporated incorporating "
    "adopt adopts adopted adopting".split())
#: Heads of used noun phrases that name techniques (besides gerunds and adaptable task words).
_USED_TECHNIQUES = frozenset(("attack", "attacks", "transport", "regression", "programming", "search", "sampling",
                              "smoothing", "filtering", "pruning", "distillation", "quantization", "regularization"))


@cache
def _known_dataset_names() -> dict[str, tuple[str, ...]]:
    """Shipped dataset names of at least five characters with an inner capital, indexed by their
    first five characters; built on first use, not at import."""
    names = {n for e in package_patterns() if e["label"] == "DATASET" for n in (e["name"], *e["aliases"])
             if len(n) >= 5 and " " not in n and any(c.isupper() for c in n[1:])}
    by_start: dict[str, list[str]] = {}
    for name in names:
        by_start.setdefault(name[:5], []).append(name)
    return {k: tuple(v) for k, v in by_start.items()}


_EXTENSION_START = frozenset(string.ascii_uppercase + string.digits + "+-")


def _extends_known_dataset(name: str) -> bool:
    """"HumanEvalPack", "ImageNet-R": a shipped dataset name, then a capital, digit, "+" or "-"."""
    candidates = _known_dataset_names().get(name[:5])
    return candidates is not None and any(
        len(name) > len(known) and name.startswith(known) and name[len(known)] in _EXTENSION_START for known in candidates)


def _named_object_label(obj: Token, verb: Token) -> str:
    """A name that is compiled or collected, or extends a known dataset's name, is a dataset."""
    if is_namey(obj) and (verb.lower_ in _DATA_VERBS or _extends_known_dataset(obj.text)):
        return "DATASET"
    return "METHOD"


def _names_task(tok: Token) -> bool:
    """A word that can end a task name when a task noun follows: a task word, or a gerund-like
    noun ("transfer learning tasks", "fact editing benchmarks", "audio-visual QA tasks")."""
    low = tok.lower_
    if low.endswith("ing") and tok.i > 1 and tok.doc[tok.i - 1].text == "-" and tok.doc[tok.i - 2].pos_ in ("ADJ", "ADV") \
            and tok.doc[tok.i - 2].lower_ not in ("over", "under"):
        return False  # an adjective: "a long-standing problem" (but "the over-smoothing problem", "decision-making tasks")
    return tok.pos_ in ("NOUN", "PROPN", "VERB") and (
        low in TASK_HEADS or low in ("qa", "vqa", "analysis") or low.endswith(("ing", "tion", "sion")) and tok.tag_ in ("NN", "VBG")
        and len(low) > 5 and low not in _NOT_TASK_NOUNS)


def _task_or_technique(doc: Doc, span: Span) -> str:
    """A phrase headed by a task word names a technique when a technique noun follows it: "an active
    learning strategy", "a Bayesian filtering approach" (but "a segmentation method" is for a task)."""
    head = span[-1].lower_
    if span.end < len(doc) and doc[span.end].lower_ in _TECHNIQUE_NOUNS and doc[span.end].tag_ == "NN" and (
            head in WEAK_TASKS or head.endswith("ing") or head == "optimization"):
        return "METHOD"
    return "TASK"


#: rules whose label is only a guess from the name's shape or its neighbours in a list
_WEAK_LABELS = frozenset(("camel-name", "conjunct"))


class _Rules:
    """One pass of the contextual rules over a parsed doc; collects candidate spans in ``out``."""

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

    def finish(self) -> tuple[list[Span], list[Span]]:
        out = self.run()
        gaz_keys = {(s.start, s.end): s.kb_id_ for s in self.gaz}
        return _finalize(self.doc, out, gaz_keys)

    def add(self, span, label: str, rule: str, proposed: bool = False) -> None:
        _add(self.out, span, label, rule, self.doc, proposed)

    def run(self) -> dict:
        doc = self.doc
        for span in self.gaz:
            self.add(_with_prefix(doc, span, self.gaz_tokens), span.label_, "gazetteer")
        short_labels = self.abbreviations()
        has_parse = doc.has_annotation("DEP")
        strings = doc.vocab.strings
        appos = strings["appos"]
        # Token objects are costly: look at words by their hashes and build Tokens only for the few
        # that can trigger a rule.
        rows = doc.to_array([ORTH, LOWER, DEP]).tolist() if len(doc) else []
        # every spelling _by_acronym accepts, by hash: most tokens are no defined acronym
        acronyms = {hash_string(form) for short in short_labels for form in (short, short + "s", short[:-1])}
        for i, (orth, lower, dep) in enumerate(rows):
            shaped = orth_shape(orth, strings)
            if orth in acronyms:
                label = _by_acronym(short_labels, strings[orth])
                if label is not None:
                    self.add(doc[i : i + 1], label, "acronym")
            if shaped:
                self.shaped.append(i)
            if lower in _TASK_HEAD_HASHES:
                self.task_words.append(i)
            if has_parse and (dep == appos or shaped or lower in _TRIGGER_HASHES):
                tok = doc[i]
                if not tok.like_url:
                    self.token_rules(tok)
        if has_parse:
            self.conjuncts()
            if self.unnamed_at is not None and not any(v[2] for v in self.out.values()):
                self.subject_name(self.unnamed_at)
            self.named_parts()
            self.pairs_after_proposing()
            self.novel_pairs()
            self.new_data()
            self.described_names()
            self.modality_tasks()
        self.same_name_same_label()
        self.proposed_data_stays_data()
        self.acronyms_follow_their_proposal()
        return self.out

    def modality_tasks(self) -> None:
        """"high-resolution text-to-image, and text-to-video applications", "Text-to-Speech": a mapping
        from one modality to another, said on its own, is a task (but "text-to-image diffusion models"
        name a family of models)."""
        doc = self.doc
        for m in _MODALITY_TASK.finditer(doc.text):
            span = doc.char_span(m.start(), m.end())
            after = doc[span.end] if span is not None and span.end < len(doc) else None
            if span is None or after is not None and (after.text == "-" or after.pos_ in ("NOUN", "PROPN", "ADJ")
                                                      and after.lower_ not in _TASK_FOLLOWERS
                                                      and after.lower_ not in ("application", "applications")):
                continue
            self.add(span, "TASK", "modality")

    def same_name_same_label(self) -> None:
        """A name labelled only by its shape ("CircuitNet 2.0 ..." later in the text) or by the list it
        stands in ("On CIFAR10/100, ImageNet-1K, and ADE20K, InfoBatch saves ...", a misparse) takes the
        label the abstract gave it elsewhere by a rule ("we introduce a dataset, CircuitNet 2.0", "we
        propose InfoBatch, a novel framework")."""
        doc = self.doc
        shaped = {key: doc[key[0] : key[1]].text for key, (_, rule, _) in self.out.items() if rule in _WEAK_LABELS}
        if not shaped:
            return
        lengths, names = {e - s for s, e in shaped}, set(shaped.values())
        labels: dict[str, set[str]] = {}
        for (s, e), (label, rule, _) in self.out.items():  # only spans as long as a weakly labelled name are read
            if rule not in _WEAK_LABELS and e - s in lengths and (text := doc[s:e].text) in names:
                labels.setdefault(text, set()).add(label)
        for key, text in shaped.items():
            label, rule, prop = self.out[key]
            known = labels.get(text)
            if known and len(known) == 1 and label not in known:
                self.out[key] = (next(iter(known)), rule, prop)

    def acronyms_follow_their_proposal(self) -> None:
        """Later mentions of an acronym labelled a task take the label its proposal gave it: after "we
        propose Dynamic Memory Compression (DMC)", "DMC" is a method, though "compression" alone would
        make it a task. (A paper proposes methods and data, not tasks.)"""
        doc = self.doc
        proposed = {}
        for _, short in self.pairs:
            found = self.out.get((short.start, short.end))
            if found is not None and found[1] == "propose":
                proposed[short.text] = found[0]
        if not proposed:
            return
        for (s, e), (label, rule, prop) in list(self.out.items()):
            if rule == "acronym" and label == "TASK":
                text = doc[s:e].text
                final = _by_acronym(proposed, text)
                if final is not None and final != label:
                    self.out[(s, e)] = (final, rule, prop)

    def proposed_data_stays_data(self) -> None:
        """A name the paper proposes as data once ("We propose MM-Vet, an evaluation benchmark") is data
        where another proposal sentence only defaulted to METHOD ("we present MM-Vet, designed ...")."""
        doc = self.doc
        data = {doc[s:e].text for (s, e), (label, rule, _) in self.out.items()
                if rule == "propose" and label == "DATASET"}
        if not data:
            return
        for (s, e), (label, rule, prop) in list(self.out.items()):
            if rule == "propose" and label == "METHOD" and doc[s:e].text in data:
                self.out[(s, e)] = ("DATASET", rule, prop)

    def pairs_after_proposing(self) -> None:
        """"we introduce the Atari Pre-training Benchmark (Atari-PB), which ...", "we devise probabilistically
        rewired MPNNs (PR-MPNNs)": in a "we propose" sentence that named nothing new (often because the parse hid
        its object), the first new acronym defined after the verb names the contribution, if its long form is a
        method or dataset (not a known acronym, nor one the paper builds on: "conditional flows of the maximum
        mean discrepancy (MMD)")."""
        doc = self.doc
        proposed_at = [s for (s, _), (_, _, prop) in self.out.items() if prop]
        for verb in self.proposing_words:  # a verb, or "introduction" or "development"
            sent = verb.sent
            if any(sent.start <= s < sent.end for s in proposed_at):
                continue
            for long, short in self.pairs:
                if verb.i < long.start < sent.end and self.coinable(long) \
                        and not all(self.gaz_tokens[short.start : short.end]) \
                        and doc[long.start - 1].lower_ not in _BORROWED_FROM \
                        and not any(t.lower_ in _EARLIER_WORK or t.lower_ in PRIOR_CUES for t in doc[max(long.start - 3, 0) : long.start]) \
                        and not modifies_what_follows(doc, short.end):  # not "a temporal-difference (TD) type ...",
                    # nor "the widely used HyperLogLog (HLL++)"
                    label = self.out.get((long.start, long.end), ("",))[0]
                    if label in ("METHOD", "DATASET"):
                        self.add((long.start, long.end), label, "propose", proposed=True)
                        self.add(short, label, "propose", proposed=True)
                    break

    def novel_pairs(self) -> None:
        """"through the use of novel Compressed Gradient Descent (CGD) algorithms": a long form the
        text calls new, defined with its acronym, is the paper's own wherever the sentence puts it. So is
        one a new thing follows: "Receding Horizon Inverse Planning (RHIP), a new generalization of ...",
        a method even where its words read as a task."""
        doc = self.doc
        for long, short in self.pairs:
            before = doc[max(long.sent.start, long.start - 7) : long.start]
            called_new = long.start > 0 and (doc[long.start - 1].lower_ in _NEW_WORDS or (
                doc[long.start - 1].text == "," and any(t.lower_ in _NEW_WORDS for t in before)
                and not any(t.text in (",", ";", ".") for t in before[:-1])))  # "a new optimal format, Student Float (SF4)"
            after = after_acronym(doc, short)
            new_after = after + 2 < len(doc) and doc[after].text == "," and doc[after + 1].lower_ in ("a", "an") \
                and doc[after + 2].lower_ in _NEW_WORDS
            if (called_new or new_after) and not all(self.gaz_tokens[long.start : long.end]):
                for key in ((long.start, long.end), (short.start, short.end)):
                    label, _, proposed = self.out.get(key, (None, None, True))
                    if not proposed and (label in ("METHOD", "DATASET") or label == "TASK" and new_after):
                        self.out[key] = ("METHOD" if label == "TASK" else label, "propose", True)

    def new_data(self) -> None:
        """"on a newly created Animeline-art dataset", "our new FooBench benchmark": a dataset the text
        calls new is the paper's own (not one the gazetteer knows). So is a method named after a new
        kind of thing: "new activation functions SwooshR and SwooshL" (not "a new MLLM")."""
        doc = self.doc
        for (start, end), (label, rule, prop) in sorted(self.out.items()):
            if label not in ("DATASET", "METHOD") or prop or rule == "gazetteer" or start == 0:
                continue
            i = start - 1  # back over the words describing it, within its noun phrase
            while i > max(doc[start].sent.start, start - 3) and doc[i].pos_ in ("ADJ", "NOUN", "PROPN", "NUM") \
                    and doc[i].lower_ not in _NEW_WORDS:
                i -= 1
            new = doc[i].lower_ in _NEW_WORDS or i > 0 and doc[i].tag_ == "VBN" and doc[i - 1].lower_ == "newly"
            if label == "METHOD":
                new = new and i < start - 1 and doc[start - 1].pos_ == "NOUN" and doc[start - 1].lower_ not in _FINDINGS \
                    and not self.named_after(end)
            if new:
                self.out[(start, end)] = (label, rule, True)
                if label == "METHOD" and end + 1 < len(doc) and doc[end].lower_ == "and":  # "... SwooshR and SwooshL"
                    other = name_run(doc, end + 1)
                    if self.out.get(other, ("", "gazetteer"))[1] != "gazetteer":
                        self.out[other] = (label, self.out[other][1], True)

    def named_after(self, end: int) -> bool:
        """A name follows ``doc[:end]`` as its appositive (past an acronym in parentheses): "a novel video
        Multimodal Large Language Model (MLLM), MotionEpic, ..." names MotionEpic."""
        doc = self.doc
        end = past_acronym(doc, end)
        return end + 1 < len(doc) and doc[end].text == "," and is_namey(doc[end + 1])

    def described_names(self) -> None:
        """"through LoD, a low-rank ordered decomposition": a coined name (inner capitals, not known) that
        the text describes where it first appears is the paper's own; "ProtoNet, a popular baseline", "on
        UNIMAL, a benchmark" are not. So is a known name right after a propose verb ("we introduce Lookahead
        decoding, an exact, parallel decoding algorithm"): gazetteers know many 2024 papers' own names."""
        doc = self.doc
        first: dict[str, int] = {}
        for start, end in sorted(self.out):
            first.setdefault(doc[start:end].text, start)
        for (start, end), (label, rule, prop) in list(self.out.items()):
            text = doc[start:end].text
            if label not in ("METHOD", "DATASET") or prop or first[text] != start or end + 2 >= len(doc):
                continue
            if rule == "gazetteer":
                if start == 0 or doc[start - 1].lower_ not in _STRONG_PROPOSE:
                    continue  # a known name is the paper's own only right after "we propose": "We propose TimesFM, a ..."
            elif not any(c.isupper() for c in text[1:]):
                continue
            comma, article, word = doc[end], doc[end + 1], doc[end + 2]
            if comma.text == "," and article.lower_ in ("a", "an") and word.lower_ not in _KNOWN_WORDS \
                    and (start == 0 or doc[start - 1].lower_ not in _USED_ON):  # "on UNIMAL, a benchmark": used
                self.out[(start, end)] = (label, rule, True)

    def named_parts(self) -> None:
        """"we introduce GraphsGPT, featuring an Graph2Seq encoder ... along with a GraphGPT decoder":
        a new name for a part, in the sentence that proposes the whole, is proposed too."""
        doc = self.doc
        proposed_at = [(s, e) for (s, e), (label, _, prop) in self.out.items() if prop and label == "METHOD"]
        for (start, end), (label, rule, prop) in list(self.out.items()):
            if prop or label != "METHOD" or rule not in ("name-head", "camel-name") or end >= len(doc) \
                    or doc[end].lower_ not in _PART_NOUNS or not any(name_shape(t.text) == 2 for t in doc[start:end]):
                continue
            sent = doc[start].sent
            if any(sent.start <= s and e <= start for s, e in proposed_at):
                self.out[(start, end)] = (label, "propose", True)

    def subject_name(self, after: int) -> None:
        """"we propose an adaptive prompting approach ... AdaPromptCL employs ...": with nothing named
        where it was proposed, a new name (not known, not used before) that later acts as a subject."""
        doc = self.doc
        shorts = {short.text for _, short in self.pairs}
        for t in doc[after:]:
            if t.dep_ not in ("nsubj", "nsubjpass") or not is_namey(t) or name_shape(t.text) != 2 or not (
                    t.head.tag_ in FINITE_VERBS or any(c.tag_ in FINITE_VERBS for c in t.head.children if c.dep_.startswith("aux"))):
                continue
            start, end = name_run(doc, t.i)
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
        gaz_label = self.gaz_label
        for long, short in self.pairs:
            # the long form's own head word is the strongest evidence ("Grouped-Query Attention (GQA)"
            # is no dataset), then the gazetteer ("Low-Rank Adaptation (LoRA)" is no task)
            from_long = _label_of_long_form(long)
            if from_long == "TASK" and _head_word(doc, short.end + 1) in _TECHNIQUE_NOUNS:
                from_long = "METHOD"  # "a Fast-Slow Test-Time Adaptation (FSTTA) approach"
            label = (gaz_label.get((long.start, long.end))
                     or (from_long if long[-1].lower_ in _CUE_OR_DATA_WORDS else None)
                     or gaz_label.get((short.start, short.end)) or from_long
                     or _label_from_head(_head_word(doc, short.end + 1))
                     or self.known_ending(long, short_labels))
            # "we propose _batch and match_ (BaM)": a name the author coins (not "dubbed _word sensitivity_ (WS)")
            set_off = sets_off(doc[long.end]) \
                and any(t.lower_ in PROPOSE_VERBS for t in doc[long.sent.start : long.start])
            if label is None and (set_off or sum(t.text[:1].isupper() for t in long) >= 2) and long[-1].pos_ != "ADJ" \
                    and long[-1].lower_ not in METRICS and long[-1].lower_ not in _NOT_TECHNIQUES:
                label = "METHOD"  # not "Attack Success Rate (ASR)", "Knowledge Graphs (KGs)", "Nash Equilibrium (NE)"
            if label is None and _TECHNIQUE_LONG_FORM.search(_QUALIFIER.split(long.text.lower(), 1)[0]):
                label = "METHOD"  # "optimal transport (OT)", "fair empirical risk minimization based on ... (f-FERM)"
            kind = _head_word(doc, short.end + 1)
            if label == "METHOD" and kind in ("problem", "problems", "task", "tasks", "setting") \
                    and (long.start, long.end) not in gaz_label:
                label = "TASK"  # "a Federated Reinforcement Learning (FRL) problem", "the Image Aesthetics Assessment (IAA) task"
            elif label == "METHOD" and kind in _DATA_KINDS and (long.start, long.end) not in gaz_label:
                label = "DATASET"  # "the Contextual Stochastic Block Model (CSBM) dataset"
            if label is None or long.text.lower() in FIELDS or long.text.lower() in NOT_ENTITIES:
                self.non_entities.update((short.text, short.text + "s", short.text.rstrip("s")))
                continue
            self.add(long, label, "abbreviation")
            self.add(short, label, "abbreviation")
            short_labels[short.text] = label
        return short_labels

    def known_ending(self, long: Span, defined: dict[str, str]) -> str | None:
        """METHOD for a long form that ends with a known or defined method: "evidential GCNs (EGCN)" is a
        kind of GCN. (Not so for tasks: "Balanced One-shot Subset Selection (BOSS)" is a method.)"""
        known = long.end in self.method_ends or _by_acronym(defined, long[-1].text) == "METHOD"
        return "METHOD" if known and len(long) > 1 else None

    def token_rules(self, tok: Token) -> None:
        doc, low = self.doc, tok.lower_
        if low in _PROPOSING_NOUNS and tok.i + 1 < len(doc) and doc[tok.i + 1].lower_ == "of" \
                and any(t.lower_ in ("our", "we") for t in doc[tok.sent.start : tok.i]):
            self.proposing_words.append(tok)  # "Our first contribution is the introduction of the ... (CTMA)"
        if low in PROPOSE_VERBS and tok.pos_ == "VERB" and we_subject(tok) \
                and not any(c.dep_ == "neg" for a in (tok, *list(tok.ancestors)[:2]) for c in a.children):  # "we do not have to design"
            self.proposing_words.append(tok)
            objects = objects_of(tok)
            if not [obj for obj in objects if self.proposal(obj, tok)] and objects and self.unnamed_at is None:
                self.unnamed_at = tok.sent.end
            named = tok.i + 1 + (tok.i + 2 < len(doc) and doc[tok.i + 1].text == "[")  # a link's text: "[CoIC](https://...)"
            if not objects and named < len(doc) and is_namey(doc[named]):
                # a parse without an object: "we propose CDTD, or ...", "we develop [CoIC](https://...), an algorithm"
                self.add_proposal(name_run(doc, named), _named_object_label(doc[named], tok))
        elif low in ("present", "presents") and tok.i > 0 and (doc[tok.i - 1].lower_ == "we" or doc[tok.i - 1].lower_ == "and"
                                                              and tok.i + 1 < len(doc) and is_namey(doc[tok.i + 1])
                                                              and we_before(tok)):
            # tagged as an adjective: "We present mean-field chaos diffusion models" (the adjective of the
            # object), "We present DeDer, a framework for ..." (the root, its object a dobj), "we make a step
            # towards such models and present ULTRA, an approach ..." (the adjective of ULTRA)
            for obj in ([tok.head] if tok.head.i > tok.i else objects_of(tok)):
                self.proposal(obj, tok)
        elif low in _WEAK_PROPOSE and tok.pos_ == "VERB" and we_subject(tok):
            # "we give Strongly Adaptive Bandit Learner (StABL)", "we put forth a ... (CoI-M) mechanism": a verb that
            # proposes only what the paper names with a new acronym
            for obj in objects_of(tok):
                self.coined_pair(obj, tok)
        elif low in PROPOSE_VERBS and tok.tag_ == "VBN" and tok.dep_ != "amod" and self.passive(tok):
            pass
        elif low in _CORE_WORDS:
            self.core(tok)
        elif low in NAMING_VERBS and tok.pos_ == "VERB" and tok.i + 1 < len(doc) \
                and (tok.is_lower or tok.is_sent_start) and "few" not in (t.lower_ for t in doc[tok.i + 1 : tok.i + 4]):
            self.naming(tok)  # not "Named Entity Recognition", nor "to name a few"
        elif low in ("proposed", "resulting") and tok.dep_ == "amod" and tok.tag_ != "VBD" \
                and not any(t.text[-1] in ".?!" and doc[t.i + 1].is_title for t in doc[tok.i : tok.head.i]):
            # not "work proposed X", nor past a sentence end the parser missed: "the proposed text y. Note that ..."
            if tok.i > 0 and doc[tok.i - 1].lower_ in _PROPOSED_BEFORE:
                self.someone_elses(tok)
            else:
                self.proposal(tok.head, tok)
        elif tok.dep_ == "appos" and is_namey(tok.head) and any(c.lower_ in _NEW_WORDS for c in tok.children):
            label = "DATASET" if low in DATASET_WORDS else "METHOD"
            named = self.comma_named(tok)  # "an instance of TMC, our new algorithm, ASpS, ...": the name after it
            self.add(named or name_run(doc, tok.head.i), label, "novel-appos", proposed=True)
        elif low == "our" and tok.dep_ == "poss" and tok.head.dep_ == "appos" and is_namey(tok.head.head) \
                and tok.head.head.i < tok.i and doc[tok.i - 1].text == "," and tok.head.lower_ in _OURS_HEADS \
                and tok.head.right_edge.i + 1 < len(doc) and doc[tok.head.right_edge.i + 1].text in (",", ".", ";", ")"):
            # "trained on MathInstruct, our meticulously curated instruction tuning dataset.": ours, even if known
            # (not the subject the parse misread: "On a subset of ARC, our automated pipeline achieves ...")
            label = "DATASET" if tok.head.lower_ in DATASET_WORDS else "METHOD"
            self.add(self.comma_named(tok.head) or name_run(doc, tok.head.head.i), label, "our", proposed=True)
        elif low == "our" and tok.dep_ == "poss":
            found = named_in(doc, tok.head) or next(  # "our Stacked Tempering approach"
                (name_run(doc, c.i) for c in tok.head.lefts if c.dep_ in ("compound", "amod") and is_namey(c)), None)
            if found is None and tok.head.lower_ in GENERIC and any(c.lower_ == "of" for c in tok.head.rights):
                found = self.defined_in(tok.head, "METHOD")  # "our method of curiosity-driven red teaming (CRT)"
            if found is None and (tok.head.lower_ in GENERIC or tok.head.lower_ in GENERIC_TECH):
                found = self.comma_named(tok.head)  # "our new algorithm, Accelerated Speculative Sampling (ASpS),"
            if found and found[0] > tok.i and not all(self.gaz_tokens[found[0] : found[1]]) \
                    and not re.fullmatch(r"[A-Z]+s", doc[found[0] : found[1]].text) \
                    and not _MODEL_SIZE.search(doc[found[0] : found[1]].text):  # "our Llama-7B" is used
                label = "DATASET" if tok.head.lower_ in DATASET_WORDS or proposed_as_data(doc, *found) else "METHOD"
                self.add(found, label, "our", proposed=True)
                if tok.head.tag_ == "NNS":  # "Our models, OctoCoder and OctoGeeX, ..."
                    for other in doc[found[1] - 1].conjuncts:
                        if other.i >= found[1] and is_namey(other) and not self.gaz_tokens[other.i]:
                            self.add(name_run(doc, other.i), label, "our", proposed=True)
        elif low in _LIST_CUES and tok.dep_ in ("prep", "acl") and (low != "as" or doc[tok.i - 1].lower_ == "such"):
            self.such_as(tok)
        elif low in _STUDY_VERBS and tok.pos_ == "VERB" and we_subject(tok):
            self.studied(tok)
        if low in _LISTING_TASKS and tok.i + 2 < len(doc):
            after = doc[tok.i + 1]
            if after.text == ":":
                self.colon_list(after)
            elif after.lower_ == "to" and after.dep_ == "prep" and low == "applications":  # "applications to X, Y"
                self.such_as(after)
        if low in _BEATING_VERBS or low in _COMPARING_WORDS or low in _VERSUS:
            self.compared(tok)
        if low in _REMEDY_VERBS and tok.pos_ == "VERB" and we_subject(tok) and any(c.dep_ == "nsubj" for c in tok.children):
            self.remedied(tok)  # its own subject: not "COPlanner, a framework ... to address X with Y"
        if tok.pos_ in ("NOUN", "PROPN") and not is_namey(tok):
            if low in _DATA_TASK_HEADS and tok.i - 1 in self.dataset_end:
                self.add((tok.i, tok.i + 1), "TASK", "task-head")  # "ImageNet classification": the dataset, then the task
            elif low in TASK_HEADS and low not in LOOSE_TASKS and (tok.dep_ not in ("compound", "amod", "nmod") or tok.head.pos_ not in ("NOUN", "PROPN")):
                # also a task word the parser hung on a verb ("gait prediction show")
                span = self.after_dataset(task_span(doc, tok))
                if span is not None and span.end not in self.method_ends and not self.described_activity(span):
                    self.add(span, "TASK", "task-head")  # not "online Monte Carlo tree search"
            elif low in _TASK_FOLLOWERS and tok.i > 0 and _names_task(doc[tok.i - 1]):
                # "fact editing benchmarks", "transfer learning tasks", "flow field prediction accuracy"
                prev = doc[tok.i - 1]
                bare = prev.lower_ in TASK_HEADS and low in _TASK_NOUNS
                span = self.after_dataset(task_span(doc, prev, allow_bare=bare, allow_field=True))  # "the ImageNet ... task"
                if span is not None:
                    self.add(span, "TASK", "task-noun")
                    if low in _TASK_NOUNS:  # "interpolation, forecasting, and classification tasks"
                        for other in (*prev.conjuncts, *tok.conjuncts):  # the parse hangs the list on either
                            if other.i < prev.i and _names_task(other):
                                item = self.after_dataset(task_span(doc, other, allow_bare=True))
                                if item is not None:
                                    self.add(item, "TASK", "task-noun")
            elif low in ("problem", "problems") and tok.i > 1:
                span = named_problem(doc, tok)
                if span is not None:
                    self.add(span, "TASK", "named-problem")
        if low in _COUNTS:
            self.counted_contributions(tok)
        if low in _LISTING_NOUNS and tok.i + 2 < len(doc) and doc[tok.i + 1].text == "(":
            self.parenthesized(tok)
        if low == "for" and tok.dep_ == "prep":
            self.made_for(tok)
        if low in _USE_VERBS and tok.pos_ == "VERB" or low in ("via", "through") and tok.dep_ == "prep":
            self.used(tok)  # "incorporates Bayesian filtering", "via minimax optimization"
        if low in ("task", "problem") and tok.pos_ == "NOUN":
            self.task_of(tok)
        if low in TECH_HEADS and low not in _SINGLE_THINGS and tok.pos_ in ("NOUN", "PROPN") \
                and doc[word_start(doc, tok.i) : tok.i + 1].text.lower() not in _NO_TECHNIQUE_HEADS \
                and not (tok.is_title and tok.dep_ == "compound" and tok.head.i > tok.i and tok.head.is_title):
            # not a word inside a capitalized name: "Attention" in "Attention Calibration Technique (ACT)"
            span = method_span(doc, tok)  # also "multi-stream Transformer"
            # not one act on a thing: "an implicit regularization of deep residual networks", "a power transform
            # of probability distribution" (on the dev sets 2 such phrases in 10 were gold methods); plural
            # "models" only as a known family with modifiers ("latent-space diffusion models"), not a family the
            # words describe ("image generative models": 56 such phrases in 164 were gold methods on the dev sets)
            if span is not None and not (span.end < len(doc) and doc[span.end].lower_ == "of") and not (
                    low == "models" and not any(self.gaz_label.get((k, span.end)) == "METHOD" for k in range(span.start, span.end))):
                self.add(span, "METHOD", "technique")
        if is_namey(tok) and (tok.i == 0 or not is_namey(doc[tok.i - 1])):
            self.name(tok)

    def described_activity(self, span: Span) -> bool:
        """A task-word phrase after an article, or before "of", describes one activity rather than naming
        a task: "the heterogeneous data generation on local clients", "a single label prediction", "our
        mathematical understanding of attention". On the dev sets, 4 such phrases in 15 after an article and
        1 in 12 before "of" were gold tasks (a task name stands bare: "for image classification")."""
        doc = self.doc
        return span.start > 0 and doc[span.start - 1].lower_ in ("a", "an", "the") \
            or span.end < len(doc) and doc[span.end].lower_ == "of"

    def task_of(self, noun: Token) -> None:
        """"the task of source imputation", "the problem of online bin packing": the noun phrase after
        "of" names the task. A gerund there ("the problem of learning skills") was a gold task 2 times
        in 9 on the dev sets, and is left."""
        doc = self.doc
        if noun.i + 2 >= len(doc) or doc[noun.i + 1].lower_ != "of" or not any(c.lower_ == "the" for c in noun.lefts):
            return
        first = doc[noun.i + 2]
        if first.tag_ != "VBG" and first.pos_ in ("NOUN", "ADJ", "PROPN") and first.lower_ not in TASK_STOP:
            end = noun.i + 2
            while end < len(doc) and end - noun.i < 7 and (doc[end].pos_ in ("NOUN", "ADJ", "PROPN") or doc[end].text == "-"):
                end += 1
            if end > noun.i + 2 and doc[end - 1].pos_ in ("NOUN", "PROPN") and not any(self.gaz_tokens[noun.i + 2 : end]):
                self.add((noun.i + 2, end), "TASK", "task-of")

    def name(self, tok: Token) -> None:
        doc = self.doc
        start, end = name_run(doc, tok.i)
        if end - start > 1 and doc[start].tag_ in ("MD", "VBZ", "VBP", "WP", "WRB") \
                and (start == 0 or doc[start].is_sent_start or doc[start - 1].is_quote or doc[start - 1].text in ("*", "_", ":")):
            start += 1  # a question's verb or wh-word: "Can LLMs ...?", "the question “Can LLMs ...”"
        name = doc[start:end].text
        if name in self.non_entities:
            return
        if end + 1 < len(doc) and doc[end].lower_ == "et" and doc[end + 1].lower_.startswith("al"):
            return  # a citation: "Filippi et al."
        if _NO_METHOD_NAME.search(name):
            return
        head = _head_word(doc, end)
        label = _label_from_head(head)
        if label == "DATASET" and head in ("benchmarks", "datasets") and start > 0 \
                and (doc[start - 1].tag_ == "CD" or doc[start - 1].lower_ in ("several", "multiple", "various", "many")):
            if not any(self.gaz_tokens[start:end]):
                self.add((start, end), "TASK", "name-head")  # "three RES benchmarks": a kind of benchmark, a task
            return
        if label is None and (any(self.dataset_end.get(k) == start for k in range(start, end))
                              or _extends_known_dataset(name)):
            label = "DATASET"  # a variant of a known dataset: "ImageNet V2", "ImageNet-subset", "HumanEvalPack"
        # "DeepMind control suite": a name, a few lower-case words, then a dataset word
        for k in range(end, min(end + 3, len(doc))):
            if doc[k].lower_ in DATASET_WORDS and doc[k].lower_ not in ("tasks", "domains", "collection"):
                if k > end and all(t.is_alpha and t.is_lower and t.pos_ in ("NOUN", "ADJ", "PROPN")
                                   and t.lower_ not in TASK_HEADS and t.lower_ not in _NOT_IN_NAMES
                                   for t in doc[end:k]):
                    if (start, end) in self.gaz_label:
                        return  # a known dataset described: "the MuJoCo continuous control benchmark" is MuJoCo
                    self.add((start, k + 1), "DATASET", "name-suite")
                    return
                break
        if "bench" in name.lower() or name.lower().endswith(("gym", "suite")) or _QA_DATASET.fullmatch(name) or (
                tok.dep_ in ("appos", "conj") and tok.head.lower_ in DATASET_WORDS) or typed_as_data(doc, start, end) \
                or _suite_of_items(doc[start:end]):
            label = "DATASET"
        if end - start == 1 and tok.lower_ in _CAP_ADJECTIVES:
            return
        if label == "METHOD" and end - start == 1 and name_shape(tok.text) == 1 and not self.gaz_tokens[start] \
                and (start, end) not in self.out and not self.stands_alone(tok):
            # a surname names a method with its head: "Langevin dynamics", "Matérn kernel" (not a coined name that
            # stands alone elsewhere, "Flextron", nor "Markov chain", nor a capitalized word opening a sentence or
            # clause: "(i) Larger models", "two pathways: Either models")
            if not (tok.is_sent_start or tok.is_stop or tok.lower_ in NOT_ENTITIES or doc[start - 1].is_punct):
                self.add((start, end + 1), label, "name-head")
        elif label:
            self.add((start, end), label, "name-head")
        elif end - start == 1 and start > 0 and doc[start - 1].lower_ in _METHOD_KINDS and is_acronymish(name) \
                and not self.gaz_tokens[start]:
            self.add((start, end), "METHOD", "name-head")  # "the state-of-the-art RPS technique ROAST"
        elif tok.dep_ == "pobj" and tok.head.lower_ in ("on", "across") and _eval_context(tok.head):
            self.add((start, end), "DATASET", "evaluated-on")
        elif (end - start <= 3 or end - start <= 5 and doc[start + 1].text == "-" and doc[start + 2].is_lower) \
                and any(name_shape(t.text) == 2 and (any(c.islower() for c in t.text) or end - start > 1)
                        for t in doc[start:end]):  # up to three tokens, or "Single-step" and two more
            self.add((start, end), "METHOD", "camel-name")

    def stands_alone(self, tok: Token) -> bool:
        """The word is used elsewhere in the abstract without a technique word after it: a name of its own."""
        doc = self.doc
        return any(t.orth == tok.orth and t.i != tok.i and (t.i + 1 == len(doc) or doc[t.i + 1].lower_ not in METHOD_CUES)
                   for t in doc)

    def proposal(self, obj: Token, verb: Token) -> bool:
        doc = self.doc
        head = object_head(obj)
        if obj.lower_ in INTRO_TASK:  # "we present an analysis", unless it is coined a name: "... analysis (ccGPFA)"
            return self.coined_pair(obj, verb)
        label = "DATASET" if head in DATASET_WORDS else _named_object_label(obj, verb)
        # "we propose HyperAgent, a reinforcement learning (RL) algorithm": the name, not the appositive
        named = named_in(doc, obj) if is_namey(obj) and not self.gaz_tokens[obj.i] else None
        if named is None or named[1] >= len(doc) or doc[named[1]].text != ",":
            named = None
        namely = self.namely(obj)
        found = named or namely or self.pair_at(obj, verb) or self.comma_named(obj) or self.defined_in(obj, label) \
            or self.pair_after(obj)
        if found is None:
            found = named_in(doc, obj)
            if found is not None:
                found = self.widened(obj, found)
        if found is not None and found[0] == obj.i and obj.i >= 2 and doc[obj.i - 1].text == "-" \
                and doc[obj.i - 2].whitespace_ and is_namey(doc[obj.i - 2]) and doc[obj.i - 2].head == obj:
            named = name_run(doc, obj.i - 2)  # "we propose CALM - Composition to Augment Language Models -"
            stop = next((k for k in range(obj.i + 1, min(obj.i + 9, len(doc))) if doc[k].is_punct), None)
            if stop is not None and stop - obj.i >= 2 and best_long_form(doc[named[0] : named[1]].text, doc[obj.i : stop].text) == 0:
                found = named  # (not "$S^{2} - SAM$": no long form after the dash)
        found = found or self.described(obj, verb) or self.name_before(obj, verb)
        if found is not None and found != namely and modifies_what_follows(doc, found[1]):
            self.add(found, label, "used")  # "a Monte Carlo Tree Search (MCTS)-based explainability method": a
            found = None  # technique the contribution builds on
        set_off = found is not None and found[0] == obj.i + 2 and doc[obj.i + 1].text == ","  # "a benchmark, LLMBar,"
        if found is not None and found != namely and not set_off and (found[1] <= obj.i or found[0] > obj.i) and (
                self.known_name(*found) or self.defined_before(*found)):
            found = None  # "a novel LLM detector", "a new MLLM", "a novel AE detection framework": a known name is used
        if found is None and obj.lower_ in TECH_HEADS and obj.lower_ not in GENERIC_TECH:
            span = method_span(doc, obj)
            found = (span.start, span.end) if span is not None else None
        if found is None and (obj.lower_ in GENERIC_TECH or obj.lower_ in GENERIC) and obj.tag_ in ("NN", "NNS", "NNP") \
                and label != "DATASET" \
                and not is_namey(obj) and obj.dep_ != "appos" \
                and (doc[obj.left_edge.i - 1].text != "," or obj.dep_ == "nsubjpass"):  # not an apposition
            # "the proximal alternating linearized minimization algorithm", "a mirror descent algorithm",
            # "learning-rate-free algorithms": unnamed but specific
            start = left_edge(doc, obj, _STOP_OR_BLAND)
            mods = [t for t in doc[start : obj.i] if t.text != "-"]
            if len(mods) >= 2 and start > obj.left_edge.i and mods[-1].pos_ == "NOUN" \
                    and sum(not self.gaz_tokens[t.i] for t in mods) >= 2 \
                    and not any(t.lower_ in NAMING_VERBS or t.text == "(" for t in doc[obj.i + 1 : obj.i + 6]):
                found = (start, obj.i + 1)
        if found is None and any(c.lower_ in _NEW_WORDS for c in obj.lefts) and (
                obj.lower_ in _NEW_THINGS or obj.tag_ == "NN" and obj.lower_ not in INTRO_TASK and obj.lower_ not in METRICS
                and obj.lower_ not in GENERIC and obj.lower_ not in TASK_HEADS and obj.lower_ not in _FINDINGS) \
                and not any(t.lower_ in NAMING_VERBS or t.text == "(" for t in doc[obj.i + 1 : obj.i + 6]):
            # "a new homeostatic objective": unnamed, but specific and new
            start = left_edge(doc, obj, _STOP_OR_BLAND)
            if start < obj.i and start > obj.left_edge.i:
                found = (start, obj.i + 1)
        if found is None and obj.lower_ in _COMPONENTS and (verb.lower_ in _STRONG_PROPOSE and obj.dep_ == "dobj"
                                                           or obj.dep_ in ("nsubjpass", "conj") and verb.tag_ == "VBN") \
                and not any(t.lower_ in NAMING_VERBS or t.text == "(" for t in doc[obj.i + 1 : obj.i + 6]):
            # "We introduce a bisimulation loss that ...": a component the paper proposes, its kind named by
            # the nouns before it (not only described: "a lightweight regularizer")
            start = left_edge(doc, obj, _STOP_OR_BLAND)
            if any(t.pos_ == "NOUN" for t in doc[start : obj.i]) and not any(self.gaz_tokens[start : obj.i + 1]):
                found = (start, obj.i + 1)
        if found is not None and any(doc[k].lower_ in _LIKENESS and doc[k - 1].text == "-" for k in range(found[0] + 1, found[1])):
            found = None  # "a new SupLinUCB-type algorithm" is like a known one, not named
        if found is not None:
            self.add_proposal(found, label)
        return found is not None

    def someone_elses(self, proposed: Token) -> None:
        """"the recently proposed test-time prompt tuning", "previously proposed FooNet": what the proposal rule
        finds there is named, but used, not this paper's."""
        before = dict(self.out)
        self.proposal(proposed.head, proposed)
        for key, (label, rule, _) in self.out.items():
            if before.get(key) != self.out[key]:
                self.out[key] = (label, "used", before[key][2] if key in before else False)

    def coined_pair(self, obj: Token, verb: Token) -> bool:
        """Propose only a name coined with its acronym at the object (see ``pair_at``), nothing described."""
        found = self.pair_at(obj, verb)
        if found is not None:
            self.add_proposal(found, "METHOD")
        return found is not None

    def namely(self, obj: Token) -> tuple[int, int] | None:
        """"a method for X, namely DRO", "a novel merging algorithm for SMoE, i.e., M-SMoE": a new name
        set off after the object (not a known one: "a new method, i.e., ControlNet with fewer steps", nor
        one of other things: "the proposed method on three tasks, namely SAT, ...")."""
        doc = self.doc
        for t in doc[obj.i + 2 : min(obj.sent.end - 2, obj.i + 30)]:  # "an algorithm for X (i.e., ...), namely Y"
            before = doc[t.i - 2]
            if t.lower_ in ("namely", "i.e.") and doc[t.i - 1].text in _NAMELY_MARKS and (
                    before == obj or before.tag_ not in ("NNS", "NNPS") and before.lower_ not in _TASK_NOUNS):
                k = t.i + 1 + (doc[t.i + 1].text == ",")
                k += doc[k].lower_ in ("the", "a", "an")
                # "namely the robust fitted-Z iteration (RFZI)"; the detector's long form may leave out a lower-case
                # word it could not spell ("namely, deep symbolic discovery ... solver (Symb4CO)")
                pair = self.proposed_pair(k) or next(
                    (p for j in (k + 1, k + 2) if doc[k:j].text.islower() and (p := self.proposed_pair(j))), None)
                if pair is not None:
                    return pair
                start, end = name_run(doc, k)
                if (end - start > 1 or is_namey(doc[k])) and (self.defined_here(start, end) or not all(self.gaz_tokens[start:end])):
                    return start, end  # also a known acronym given a new long form: "namely DRO (Directed ...)"
        return None

    def add_proposal(self, found: tuple[int, int], label: str) -> None:
        """Record a proposed name; one the words around it type as data is a dataset, whatever label its
        object suggested (the parse may hang "a large-scale ... dataset, DD100," on another word)."""
        start, end = found
        for span in self.gaz:  # "the Sinkhorn Method of Moments": the name runs on through a known one it overlaps
            if start < span.start < end < span.end and span.end - start <= 8:
                found = start, span.end
        if found in self.gaz_label:  # a known name keeps its label ("popular benchmarks: MMLU, HELM")
            label = self.gaz_label[found]
        elif label == "METHOD" and proposed_as_data(self.doc, *found):  # also "we construct GameBench"
            label = "DATASET"
        self.add(found, label, "propose", proposed=True)

    def comma_named(self, obj: Token) -> tuple[int, int] | None:
        """"propose a node-level metric, Topological Concentration (TC), based on ...": a new name set
        off by a comma right after a common-noun object (the parse may make it a conjunct), also a long
        form the abbreviation detector found there ("a novel imitation learning (IL) algorithm, Preference
        Aided Imitation Learning from imperfect demonstrations (PAIL)"), a name with its technique noun
        ("a novel architecture, Tandem transformers,") and a known name set off by commas ("a challenging
        meta-evaluation benchmark, LLMBar,": the gazetteer knows it because this paper made it)."""
        doc = self.doc
        i = obj.i + 1
        if not (obj.pos_ in ("NOUN", "ADJ") or obj.pos_ == "PROPN" and obj.is_lower) or i + 1 >= len(doc) \
                or doc[i].text != ",":
            return None
        found = self.proposed_pair(i + 1)  # also lower case: "Our method, simulation-based model inference (SBMI),"
        if found is not None or not is_namey(doc[i + 1]):
            return found
        start, end = name_run(doc, i + 1)
        if any(self.gaz_tokens[start:end]):
            return (start, end) if (start, end) in self.gaz_label and end < len(doc) and doc[end].text == "," else None
        if end + 1 < len(doc) and doc[end + 1].text in (",", ".", ";") and doc[end].is_lower \
                and (doc[end].lower_ in TECH_HEADS or self.gaz_label.get((end, end + 1)) == "METHOD"):
            return start, end + 1
        if end < len(doc) and doc[end].text in ("(", ",", ".", ";") \
                and (end - start >= 2 or is_acronymish(doc[start].text)):
            return start, end
        return None

    def pair_after(self, obj: Token) -> tuple[int, int] | None:
        """"a novel framework for integrating multiple graph pre-training tasks, Weigh And Select (WAS),":
        a long form with its acronym set off by a comma right after the object's phrase names it."""
        after = obj.right_edge.i + (self.doc[obj.right_edge.i].text != ",")  # the parse may hang the comma on the object
        if after + 1 >= len(self.doc) or self.doc[after].text != "," or obj.lower_ not in _ANY_GENERIC:
            return None
        return self.proposed_pair(after + 1)

    def after_dataset(self, span: Span | None) -> Span | None:
        """A task phrase with a known dataset in it is the task after the dataset: "COCO object detection"
        is object detection (the dataset is a mention of its own), "class-conditional ImageNet generation"
        is generation."""
        if span is None:
            return None
        last = max((k for k in range(span.start, span.end - 1) if k in self.dataset_end), default=None)
        return span if last is None else self.doc[last + 1 : span.end]

    def known_name(self, start: int, end: int) -> bool:
        """``doc[start:end]`` is made of known names; a long form its own acronym defines only if one known
        name covers it (see ``known_whole``)."""
        if any(long.start == start and long.end == end for long, _ in self.pairs):
            return self.known_whole(start, end)
        return all(self.gaz_tokens[start:end])

    def known_whole(self, start: int, end: int) -> bool:
        """One name the gazetteer knows covers ``doc[start:end]`` ("Self-Consistency"): not two known
        names joined into a new one ("Early-Stopping Self-Consistency (ESC)")."""
        return any(span.start <= start and end <= span.end for span in self.gaz)

    def coinable(self, long: Span) -> bool:
        """An acronym's long form can name a new contribution: no one known name covers it, and no naming verb
        is inside it (the detector's "called X (ACR)")."""
        return not self.known_whole(long.start, long.end) and not any(t.lower_ in NAMING_VERBS for t in long)

    def proposed_pair(self, start: int) -> tuple[int, int] | None:
        """The long form of an acronym definition that starts at ``start``, unless a naming verb is in it or
        the gazetteer knows it; its acronym is recorded as proposed."""
        for long, short in self.pairs:
            if long.start == start and self.coinable(long):
                self.add(short, "METHOD", "propose", proposed=True)
                return long.start, long.end
        return None

    def pair_at(self, obj: Token, verb: Token) -> tuple[int, int] | None:
        """"we propose RL with Adaptive Regularization (RL-AR)", "a unique Reinforcement Learning from NLE
        Feedback (RLNF) is introduced": a long form (found by the abbreviation detector) that starts right
        after the verb, or opens the passive's subject, and covers the object is what is proposed."""
        for long, short in self.pairs:
            # the words before the long form: after the verb, or opening a passive's subject
            lead = self.doc[verb.i + 1 : long.start] if verb.i < long.start <= verb.i + 6 else \
                self.doc[obj.left_edge.i : long.start] if obj.dep_ == "nsubjpass" and long.end < verb.i else None
            after = after_acronym(self.doc, short)
            # the object, or an appositive right after the pair: "we introduce direct-RLAIF (d-RLAIF) - a technique"
            covers = long.start <= obj.i < long.end \
                or after < obj.i <= after + 3 and self.doc[after].text in ("-", ",", ":", "—") \
                or obj.i == after and obj.lower_ in _KIND_WORDS  # "the Multi-agent ... Sampling (MMTS) algorithm"
            if covers and lead is not None \
                    and all(t.lower_ in ("a", "an", "the", "novel", "new") or t.dep_ == "prt"  # "put forth"
                            or t.pos_ in ("ADJ", "CCONJ", "ADV") and t.is_lower for t in lead) \
                    and self.coinable(long) and not modifies_what_follows(self.doc, short.end):
                if after + 1 < len(self.doc) and self.doc[after].lower_ in TECH_HEADS and self.doc[after + 1].text == ",":
                    # "a novel imitation learning (IL) algorithm, Preference Aided ... (PAIL)": the pair only
                    # says what kind of thing the name after the comma is
                    named = self.comma_named(self.doc[after])
                    if named is not None:
                        return named
                data = self.doc[long.end - 1].lower_ in DATASET_WORDS or typed_as_data(self.doc, long.start, long.end)
                self.add(short, "DATASET" if data else "METHOD", "propose", proposed=True)
                return long.start, long.end
        return None

    def widened(self, obj: Token, found: tuple[int, int]) -> tuple[int, int]:
        """The whole noun phrase when the name is only part of it: "predictive CVaR policy gradient",
        "parameter-efficient MoE", "sparse mean-CVaR portfolio model" (but "a lightweight FooNet
        framework" proposes FooNet)."""
        doc = self.doc
        s, e = found
        if s < obj.left_edge.i or e > obj.i + 1 or (e == obj.i + 1 and s < obj.i):
            return found
        start = left_edge(doc, obj, _STOP_OR_BLAND)
        w = word_start(doc, start - 1) if start > 1 else start
        if w < start - 1 and doc[w].lower_ not in TASK_STOP and doc[start - 1].head.i >= start:
            start = w  # a hyphenated modifier that ends in an evaluative word: "parameter-efficient"
        generic = obj.lower_ in GENERIC or obj.lower_ in GENERIC_TECH or obj.lower_ in DATASET_WORDS
        known = any(self.gaz_tokens[s:e]) or self.defined_before(s, e)
        before = start < s and (known if s == obj.i else not generic or word_start(doc, s) < s or known)
        after = e <= obj.i and not generic and obj.tag_ == "NN" and start <= s
        if (before or after) and obj.i + 1 - start <= 7 and not all(self.gaz_tokens[start : obj.i + 1]):
            return start, obj.i + 1
        return found

    def defined_here(self, start: int, end: int) -> bool:
        """``doc[start:end]`` is an acronym defined right here, whatever else it may name ("DRO (Directed
        Representation Optimization)")."""
        return any(short.start == start and short.end == end for _, short in self.pairs)

    def defined_before(self, start: int, end: int) -> bool:
        """``doc[start:end]`` is an acronym the abstract defined earlier ("Adversarial Examples (AEs)")."""
        name = self.doc[start:end].text.rstrip("s")
        return any(short.start < start and short.text.rstrip("s") == name for _, short in self.pairs)

    def passive(self, verb: Token) -> bool:
        """"A novel algorithm, Stochastic Weight Shrinking, is proposed", "In this paper, X is
        introduced": present-tense passives about a new thing or this paper (not "X was proposed")."""
        aux = [c.lower_ for c in verb.children if c.dep_ in ("auxpass", "aux")]
        subj = next((c for c in verb.children if c.dep_ == "nsubjpass"), None)
        if subj is None or aux not in (["is"], ["are"]):
            return False
        sent = verb.sent
        if any(c.lower_ in _NEW_WORDS or c.lower_ in ("a", "an") for c in subj.lefts) or any(
                t.lower_ in ("here", "herein") or t.lower_ in ("paper", "work", "study", "article")
                and t.i > 0 and self.doc[t.i - 1].lower_ == "this" for t in sent):
            for item in (subj, *subj.conjuncts):  # "an uncertainty loss and a token diversity loss are proposed"
                if item.i < verb.i:
                    self.proposal(item, verb)
        elif (subj.lower_ in GENERIC_TECH or subj.lower_ in GENERIC) and not any(t.lower_ in PRIOR_CUES for t in sent):
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
            found = name_run(doc, obj.i)
        else:
            start = left_edge(doc, obj, TASK_STOP)
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
            self.add(name_run(doc, nxt), "METHOD", "propose", proposed=True)

    def name_before(self, obj: Token, verb: Token) -> tuple[int, int] | None:
        """"we present the Graphium graph machine learning library": a new name among the pre-modifiers
        of a generic head."""
        doc = self.doc
        if obj.lower_ not in GENERIC and obj.lower_ not in DATASET_WORDS or obj.left_edge.i != verb.i + 1:
            return None
        for t in doc[obj.left_edge.i : obj.i]:
            if name_shape(t.text) and is_namey(t) and not self.gaz_tokens[t.i] and t.lower_ not in _CAP_ADJECTIVES:
                start, end = name_run(doc, t.i)
                dashed = end + 1 < len(doc) and doc[end].text == "-" and doc[end - 1].whitespace_ \
                    and doc[end + 1].lower_ in ("a", "an")
                return (start, end) if end <= obj.i and (doc[end].text != "-" or dashed) and "-and-" not in doc[start:end].text \
                    and not any(self.gaz_tokens[start:end]) else None  # not "GPT-style"; "Gen-Z - a ... framework" is
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
                or obj.lower_ in TASK_STOP or obj.lower_ in GENERIC or obj.lower_ in METRICS or obj.lower_ in INTRO_TASK \
                or obj.lower_ in _EVALUATIONS:
            return None
        typed = obj.i + 1 < len(doc) and doc[obj.i + 1].text == "," and any(
            c.dep_ == "appos" and c.lower_ in _ANY_GENERIC for c in obj.rights)
        bare = obj.tag_ == "NN" and not any(c.dep_ in ("det", "poss", "nummod") for c in obj.lefts)
        if not (typed or bare):
            return None
        start = left_edge(doc, obj, _STOP_OR_BLAND)
        if start == obj.i and not typed or start > obj.i or all(self.gaz_tokens[start : obj.i + 1]) \
                or any(t.lower_ not in _STOP_OR_BLAND for t in doc[obj.left_edge.i : start]) \
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
                                 or doc[start].is_punct or doc[start].lower_ in FUNCTION_WORDS):
                start += 1
            if start >= i or i - start > 12 or all(self.gaz_tokens[start:i]):
                return None  # too long to be a name, or a known thing ("a new MLLM")
            short, long = doc[i + 1 : close], doc[start:i]
            tail = best_long_form(short.text, long.text)
            if tail is None and all(self.gaz_tokens[i + 1 : close]):
                continue  # a known name the words do not spell: "results on small-scale (GPT-2) models"
            if tail is not None and long.text[:tail].strip():
                first = next((t.i for t in long if t.idx - long.start_char >= tail), None)
                if label != "DATASET" or first is None or doc[first - 1].lower_ not in ("of", "about", "on", "for"):
                    continue  # the acronym names only the end of the phrase ("... function (MLF)")
                start, long = first, doc[first:i]  # "a dataset about grounded image-text pairs (GrIT)"
            if modifies_what_follows(doc, i):  # "a temporal-difference (TD) type algorithm": what it builds on
                self.add((start, i), label, "used")
                return None
            self.add(short, label, "propose", proposed=True)
            self.pairs.append((long, short))
            return start, i
        return None

    def naming(self, tok: Token) -> None:
        """"a strategy, dubbed *proximal matching*", "which we call the inflated argmax"."""
        doc = self.doc
        nxt = tok.i + 1
        kind = None  # the noun of "we call this <kind> X"
        while nxt < len(doc) and (doc[nxt].is_punct or doc[nxt].is_quote or doc[nxt].text in ("`", "``")
                                  or doc[nxt].lower_ in ("the", "a", "an", "as", "to", "our")
                                  or (doc[nxt].lower_ in GENERIC or doc[nxt].lower_ in _NEW_WORDS)
                                  and not (nxt + 1 < len(doc) and doc[nxt + 1].text == "-" and not doc[nxt].whitespace_)):
            nxt += 1  # "we name the method Tilt", "we call the new method TPL" (not "called data-dependent ...")
        if nxt < len(doc) and doc[nxt].lower_ in ("this", "these"):
            nxt += 1
            while nxt < len(doc) and doc[nxt].tag_ in ("JJ", "VBN"):
                nxt += 1  # "we call this proposed algorithm LoRA+"
            if nxt >= len(doc) or not (doc[nxt].lower_ in GENERIC or doc[nxt].lower_ in GENERIC_TECH
                                       or doc[nxt].lower_ in _NEW_THINGS or doc[nxt].lower_ in TECH_HEADS
                                       or doc[nxt].lower_ in ("measure", "metric")):
                return  # "we call this the weights component", "we call this phenomenon X"
            kind = doc[nxt]
            nxt += 1  # "we call this measure the SmoothECE"
            while nxt < len(doc) and doc[nxt].lower_ in ("the", "a", "an"):
                nxt += 1
        if nxt >= len(doc):
            return
        if is_namey(doc[nxt]):
            start, end = name_run(doc, nxt)
            last = next((k for k in range(end, min(end + 4, len(doc))) if not (doc[k].is_lower and doc[k].pos_ == "NOUN")), None)
            if end - start == 1 and doc[start].is_title and last is not None and last > end and doc[last].is_title \
                    and is_namey(doc[last]) and (last + 1 == len(doc) or doc[last + 1].is_punct):
                end = last + 1  # "called the Time series Pile,": a title-case name with lower-case words inside
        else:
            end = nxt
            while end < len(doc) and end - nxt < 5 and (doc[end].is_alpha or doc[end].text == "-") \
                    and doc[end].pos_ in ("NOUN", "PROPN", "ADJ", "VERB", "PUNCT"):
                end += 1
            start = nxt
        if end <= start:
            return
        short = self.acronym_after(start, end)
        if short is None:  # "called data-dependent gated-prior graph variational autoencoder (GPGVAE)": the acronym
            # spells only the end of the phrase, which the detector paired with it
            short = next((acr for long, acr in self.pairs if start < long.start < end and long.end - start <= 12
                          and all(t.is_alpha or t.text == "-" for t in doc[start : long.start])), None)
        if short is not None:  # "called Gibbs sampling with Graph-based Smoothing (GGS)"
            end = short.start - 1
        anchor = tok.head
        if start <= anchor.i < end and anchor.head.i < tok.i and anchor.dep_ == "conj":
            anchor = anchor.head  # "a novel task ..., termed dance accompaniment": the parse hung "termed" on the name
        if anchor.dep_ == "pobj" and anchor.head.lower_ == "for" and anchor.head.head.lower_ in _ANY_GENERIC:
            anchor = anchor.head.head  # "a practical DRL agent system for fighting games named Shūkai": the system
        if anchor.lower_ in OBSERVED or any(t.lower_ in OBSERVED for t in doc[max(tok.i - 3, 0) : tok.i]):
            return  # "this phenomenon, which we call Initial Guessing Bias"
        if anchor.lower_ in _MEASURES and kind is None and not any(c.lower_ in _NEW_WORDS for c in anchor.children):
            return  # "a measure called geodesic correlation" is no method (but "we call this measure the SmoothECE",
            # "a new measure of discrepancy ..., called the Augmented Conditional Maximum Mean Discrepancy (ACMMD)")
        if tok.i > 1 and (doc[tok.i - 1].lower_ == "so" or doc[tok.i - 1].text == "-" and doc[tok.i - 2].lower_ == "so"):
            return  # "the so-called fractional Fokker-Planck equation": a name the reader is assumed to know
        if anchor.lower_ in ("task", "tasks", "problem", "problems") and tok.dep_ == "relcl":
            # "we introduce a framework to solve the X problem, which we name Deep-Align": the relative
            # clause may name the contribution rather than the problem just before it
            made = next((o for a in anchor.ancestors if a.lower_ in PROPOSE_VERBS and a.pos_ == "VERB" and we_subject(a)
                         for o in a.children if o.dep_ == "dobj" and (o.lower_ in GENERIC or o.lower_ in GENERIC_TECH)), None)
            anchor = made or anchor
        if any(t is not None and (t.lower_ in INTRO_TASK or t.lower_ in ("task", "tasks", "problem", "problems"))
               for t in (anchor, kind)):
            self.add((start, end), "TASK", "called")  # "a new problem called flexible docking", "we call this task X"
            return
        # a dataset word names data, and so does a name ending in a known dataset's ("the Time series Pile")
        label = "DATASET" if anchor.lower_ in DATASET_WORDS or end - 1 in self.dataset_end else "METHOD"
        context = list(anchor.subtree) + list(anchor.head.children)
        # "a fully local learning algorithm named dual propagation" after "Recently it has been shown": the
        # kind word alone proposes nothing in a sentence about earlier work
        prior = any(t.lower_ in PRIOR_CUES or t.lower_ in _EARLIER_WORK and not (t.lower_ == "such" and t.head.lower_ == "as")
                    for t in tok.sent)  # not "networks such as GPT-2"
        proposed = (anchor.lower_ in GENERIC_TECH or anchor.lower_ in GENERIC) and not prior or any(
            t.lower_ in ("we", "novel", "new", "our") or t.lower_ in ("resulting", "proposed") and t.dep_ == "amod"
            for t in context) or any(  # "we propose a framework
            a.lower_ in PROPOSE_VERBS and a.pos_ == "VERB" and we_subject(a) for a in anchor.ancestors)  # for X, called Y"
        if not proposed and not any(c.isupper() or c.isdigit() for c in doc[start:end].text) \
                and anchor.lower_ not in TECH_HEADS and doc[end - 1].lower_ not in TECH_HEADS:
            return  # plain words named in passing are rarely a technique: "a condition called strong identifiability"
        self.add((start, end), label, "called", proposed=proposed)
        if short is not None:
            self.add(short, label, "called", proposed=proposed)
            self.pairs.append((doc[start:end], short))
        elif end + 1 < len(doc) and doc[end].lower_ == "and" and anchor.tag_ == "NNS" and not is_namey(doc[start]):
            # "two contributions, which we refer to as A and B": the second name too
            second = end + 1
            while second < len(doc) and second - end <= 6 and (doc[second].is_alpha or doc[second].text == "-") \
                    and doc[second].pos_ in ("NOUN", "PROPN", "ADJ", "VERB", "PUNCT"):
                second += 1
            if second > end + 2:
                self.add((end + 1, second), label, "called", proposed=proposed)

    def acronym_after(self, start: int, end: int) -> Span | None:
        """The acronym in "(ACR)" that closes a long form starting at ``start`` (at or after ``end``)."""
        doc = self.doc
        for i in range(end, min(start + 12, len(doc) - 2)):
            if doc[i].text == "(":
                close = next((k for k in range(i + 2, min(i + 4, len(doc))) if doc[k].text == ")"), None)
                short = doc[i + 1 : close] if close else None
                if short is not None and short_form_ok(short.text) and is_acronymish(short.text) \
                        and best_long_form(short.text, doc[start:i].text) == 0:
                    return short
                return None
            if doc[i].tag_ in FINITE_VERBS or doc[i].is_punct and doc[i].text != "-":
                return None
        return None

    def such_as(self, tok: Token) -> None:
        """"datasets such as N-body and MD17", "tasks including image captioning and retrieval"."""
        label = None
        noun = tok.head
        for _ in range(3):  # "applications involving human interaction, such as ranking": the list is of applications
            low = noun.lower_
            if low in DATASET_WORDS and low not in ("tasks",) or any(  # also "benchmark scenarios such as"
                    c.dep_ in ("compound", "amod", "nmod") and c.lower_ in ("benchmark", "benchmarks") for c in noun.lefts):
                label = "DATASET"
            elif low in ("tasks", "task", "problems", "applications"):
                label = "TASK"
            elif low in GENERIC_TECH or low in _TECHNIQUE_NOUNS:
                label = "METHOD"
            if label is not None or noun.head.i == noun.i or noun.i - noun.head.i > 4 or noun.head.i > noun.i:
                break
            noun = noun.head
        if label is not None:
            self.list_items(label, [c for c in tok.children if c.dep_ in ("pobj", "dobj")])
        if label == "TASK":
            self.task_list_as_written(tok)

    def task_list_as_written(self, cue: Token) -> None:
        """The items of a task list read off the words, where the parse broke the list ("tasks such as
        summarization, question answering, and classifications", "tasks, including inpainting, deraining,
        and super-resolution"): comma- or and-separated noun phrases up to the list's end."""
        doc = self.doc
        covered = {i for s, e in self.out for i in range(s, e)}
        window = range(cue.i + 1, min(len(doc), cue.i + 25))
        stop = next((j for j in window if doc[j].text in (".", ";", ":", "(", ")")
                     or doc[j].pos_ in ("VERB", "AUX", "ADP", "PRON", "DET") and doc[j].tag_ != "VBG"), None)
        if stop is None:  # no end in sight: the items up to the last separator
            stop = max((j for j in window if _separates(doc[j])), default=cue.i + 1)
        for start, end in _separated(doc, cue.i + 1, stop):
            item = doc[start:end]
            if len(item) <= 4 and not covered.intersection(range(start, end)) and item[-1].is_lower \
                    and item[-1].tag_ in ("NN", "NNS") and item[0].tag_ != "VBG" \
                    and (item[-1].lower_.rstrip("s") in TASK_HEADS or item[-1].lower_.endswith("ing")) \
                    and all(w.is_alpha or w.text == "-" for w in item):
                self.add(item, "TASK", "such-as")

    def colon_list(self, colon: Token) -> None:
        """"the five predominant uncertainty applications: OoD-detection, active learning, ...": what a
        plural task noun introduces with a colon are tasks."""
        doc = self.doc
        item = doc[colon.i + 1]
        while item.head.i > item.i and item.head.i - colon.i < 6:
            item = item.head  # up to the first item's head word
        if item.pos_ in ("NOUN", "PROPN"):
            self.list_items("TASK", [item])

    def list_items(self, label: str, items: list[Token]) -> None:
        """Each item of a list of things of one kind, its appositions and conjuncts included."""
        for item in list(items):  # "classification, semi-supervised learning, transfer learning": appositions too
            items.extend(c for c in item.children if c.dep_ == "appos" and c not in items)
        for item in list(items):
            items.extend(c for c in item.conjuncts if c not in items)
        for item in items:
            if is_namey(item):
                start, end = name_run(self.doc, item.i)
                # "tasks including the GLUE Benchmark": a named benchmark in a task list is a dataset
                named = "DATASET" if self.doc[end - 1].lower_ in DATASET_WORDS else label
                self.add((start, end), named, "such-as")
            elif label == "TASK":
                if item.lower_ in TASK_HEADS:
                    span = task_span(self.doc, item, allow_bare=True)
                elif (item.pos_ == "NOUN" or item.lower_.endswith(_TECHNIQUE_SUFFIXES)) \
                        and item.lower_.rstrip("s") not in GENERIC:  # "class imbalance", "fact recall", "ranking"
                    span = self.doc[left_edge(self.doc, item, TASK_STOP) : item.i + 1]
                    if len(span) == 1 and not item.lower_.endswith(_TECHNIQUE_SUFFIXES):
                        span = None
                else:
                    span = None
                if span is not None:
                    self.add(span, label, "such-as")
            elif label == "METHOD" and item.pos_ == "NOUN" and item.lower_.rstrip("s") not in GENERIC:
                # "techniques including pruning, sparsification or quantization" (not "fields such as physics")
                start = left_edge(self.doc, item, TASK_STOP)
                if start < item.i or item.lower_.endswith(_TECHNIQUE_SUFFIXES) or item.lower_ in TECH_HEADS:
                    self.add((start, item.i + 1), label, "such-as")

    def made_for(self, prep: Token) -> None:
        """"a lightweight framework for medical image segmentation", "a toolkit for point cloud analysis":
        what a method is for is a task, when a task word says so."""
        doc = self.doc
        head = prep.head
        if head.lower_ not in GENERIC_TECH and head.lower_ not in _MADE_FOR_HEADS:
            return
        for obj in (c for c in prep.children if c.dep_ == "pobj"):
            low = obj.lower_
            if obj.tag_ not in ("NN", "NNS") or is_namey(obj) or low.rstrip("s") in GENERIC or low in METRICS:
                continue
            if not (low in TASK_HEADS or low in WEAK_TASKS or low == "analysis"):
                continue  # "a method for graphs", "a framework for the treatment effect"; other action nouns
                # ("a framework for data curation") were tasks 9 times in 27 on dev and held-out sets together
            start = left_edge(doc, obj, TASK_STOP)
            end = obj.i + 1
            of = next((c for c in obj.rights if c.dep_ == "prep" and c.lower_ in ("of", "over") and c.i == obj.i + 1), None)
            target = next((c for c in of.children if c.dep_ == "pobj" and c.pos_ == "NOUN"), None) if of is not None else None
            if target is not None and target.i - start < 8:
                end = target.i + 1  # "numerical simulation of a time-evolving Schrödinger equation"
            if end - start > 1 and not any(self.gaz_tokens[start:end]) and doc[start:end].text.lower() not in UMBRELLA_FIELDS:
                self.add((start, end), "TASK", "made-for")  # not a bare word: "a framework for generation" (2 in 7 on dev)

    def parenthesized(self, noun: Token) -> None:
        """"3 coding tasks (Code Repair, Code Explanation, Code Synthesis)", "two benchmarks (MMLU, GSM8K)":
        a parenthesized list right after a plural task or dataset noun lists tasks or datasets."""
        doc = self.doc
        close = next((j for j in range(noun.i + 2, min(noun.i + 30, len(doc))) if doc[j].text == ")"), None)
        if close is None:
            return
        start = noun.i + 2
        while start < close and (doc[start].lower_ in _LIST_OPENERS or doc[start].text == ","):
            start += 1  # "(including X, Y)", "(e.g., X and Y)", "(such as X, Y)"
        items = [(s, e) for s, e in _separated(doc, start, close) if not doc[s].lower_.startswith("etc")]
        if len(items) < 2 or any(e - s > 4 or doc[s].like_num or doc[s].lower_ in ("e.g.", "i.e.", "e.g", "i.e") for s, e in items):
            return
        if noun.lower_ == "applications" and not all(doc[e - 1].lower_ in TASK_HEADS or self.gaz_label.get((s, e)) == "TASK"
                                                     for s, e in items):
            return  # "applications (classification, clustering, etc.)", not "applications (chemistry, biology)"
        label = "TASK" if noun.lower_ in ("tasks", "problems", "applications") else "DATASET"
        if label == "DATASET" and not all(any(is_namey(t) for t in doc[s:e]) for s, e in items):
            return  # kinds of data, not names: "datasets (classification and regression)", "(world, US, NYC places)"
        # "3 newly created datasets (i.e., IQTest, FunctionQA, and PaperQA)": the paper's own
        new = label == "DATASET" and any(t.lower_ in _NEW_WORDS or t.lower_ in ("newly", "our")
                                         for t in doc[noun.left_edge.i : noun.i])
        for k, (s, e) in enumerate(items):
            shared_head = k + 1 < len(items) and e - s == 1 and doc[e].lower_ in ("and", "or") \
                and items[k + 1][1] - items[k + 1][0] > 1 and doc[items[k + 1][1] - 1].lower_ in TASK_HEADS \
                and doc[s].lower_ not in TASK_HEADS
            if label == "TASK" and (doc[s].tag_ == "VBG" or shared_head):
                continue  # a gerund ("generating a mixture"), a modifier sharing the next head ("image and point
                # cloud classification")
            self.add((s, e), label, "propose" if new else "listed", proposed=new)

    def counted_contributions(self, num: Token) -> None:
        """"we propose two novel methods, Post-Training Transformation (PTT) and Robust Conformal
        Training (RCT), to ...", "two novel designs, inter-clip spatial grounding and ...": a counted
        list of new things whose items (as many as counted) are each proposed."""
        doc = self.doc
        sent = num.sent
        k = num.i + 1
        while k < min(sent.end, num.i + 5) and doc[k].lower_ not in _CONTRIBUTION_NOUNS \
                and doc[k].lower_ not in ("tasks", "problems") and (
                doc[k].lower_ in _NEW_WORDS or doc[k].pos_ in ("ADJ", "NOUN") or doc[k].text == "-"):
            k += 1  # "two alternative matching strategies"
        colon = k + 1
        if colon < sent.end and doc[colon].lower_ == "of":  # "three stable classes of Neural SDEs:"
            colon = next((j for j in range(colon, min(colon + 5, sent.end)) if doc[j].text == ":"), sent.end)
        elif colon < sent.end and doc[colon].tag_ == "VBN" and doc[colon].head == doc[k] \
                and doc[k].right_edge.i + 1 < min(sent.end, colon + 12) and doc[doc[k].right_edge.i + 1].text == ":":
            colon = doc[k].right_edge.i + 1  # "four benchmarks designed to probe systematic generalization: ..."
        tasks = doc[k].lower_ in ("tasks", "problems")  # "studying two collaborative tasks, Social Navigation and ..."
        ours = any(t.lower_ in ("we", "our", "novel", "new") or t.lower_ in PROPOSE_VERBS for t in sent)
        if colon + 1 >= sent.end or not (doc[k].lower_ in _CONTRIBUTION_NOUNS or tasks) \
                or doc[colon].text not in (",", ":", "-", "—", "–") \
                or not (tasks or ours or self.named_subject(sent)) \
                or doc[colon + 1].pos_ == "PRON":  # a clause, not a list: "By integrating two modules, we develop X"
            return
        items: list[tuple[int, int]] = []
        start = colon + 1
        for i in range(colon + 1, sent.end + 1):
            t = doc[i] if i < sent.end else None
            stop = t is None or t.text in (",", ";", ".") or t.lower_ in ("and", "or") or t.text == "("
            if not stop:
                continue
            if start < i:
                items.append((start, i))
            if t is not None and t.text == "(":  # skip "(ACR)"
                close = next((j for j in range(i, min(i + 5, sent.end)) if doc[j].text == ")"), None)
                if close is None:
                    return
                start = close + 1
                continue
            if t is None or t.text in (".", ";") or t.text == "," and i + 1 < sent.end and (
                    doc[i + 1].pos_ in ("VERB", "PART", "AUX") or doc[i + 1].pos_ == "ADP" and len(items) == _COUNTS[num.lower_]):
                break  # "two models, SiamCUT and MoCUT, for tracking": the list ends with its count
            start = i + 1
        items = [_past_marker(doc, s, e) for s, e in items]  # "1) Space Displacement Bond and 2) ..."
        items = [_name_before_its_use(doc, s, e) for s, e in items]  # "SCAN for semantic parsing, PCFG for ..."
        items = [(s, e) for s, e in items if s < e and (doc[s].lower_ not in ("a", "an", "the") or e - s > 1)
                 and doc[s].lower_ not in ("which", "that", "where")]  # "X, which infers ..., and Y, which ..."
        if len(items) != _COUNTS[num.lower_] or any(e - s > 6 or doc[s].lower_ in ("one", "another") for s, e in items) \
                or any(doc[s].pos_ == "ADP" or doc[s].tag_ == "VBG" and doc[s].is_lower for s, _ in items):
            # not described items: "two variants: one related to ... and one based on ...", "(1) Prototype Graph
            # Model (PGM) for reliable ...", nor actions: "two components, minimizing the residual and ..."
            return
        if tasks:
            for s, e in items:
                self.add((s, e), "TASK", "listed")
            return
        label = "DATASET" if doc[k].lower_ in DATASET_WORDS else "METHOD"
        noun = doc[k]
        new = any(t.lower_ in _NEW_WORDS for t in doc[num.i : k]) or (
            (noun.head.lower_ in PROPOSE_VERBS or noun.head.lower_ in _OFFER_VERBS) and noun.head.pos_ == "VERB"
            and we_subject(noun.head)) or (  # "we offer two alternative matching strategies: A and B"
            noun.lower_ in ("modules", "components", "innovations") and (any(t.lower_ in ("we", "our") for t in sent) or (
                self.named_subject(sent) and all(is_namey(doc[s]) for s, _ in items))))  # "TapMo comprises ..."
        if not (new or ours):
            return  # "AdAutomixup comprises two modules, a mixed example generator, and a target classifier"
        for s, e in items:  # "three datasets: Adult, COMPAS, and CelebA" are used, not new
            if label == "DATASET" and doc[e - 1].lower_ in _TASK_NOUNS:
                self.add((s, e), "TASK", "listed")  # "four benchmarks: SCAN ..., and a compositional translation task"
            else:
                self.add((s, e), label, "propose" if new else "listed", proposed=new)

    def named_subject(self, sent: Span) -> bool:
        """The sentence is about a name the gazetteer does not know: "TapMo comprises two main components"."""
        subj = next((c for c in sent.root.children if c.dep_ == "nsubj"), None)
        return subj is not None and is_namey(subj) and not self.gaz_tokens[subj.i]

    def studied(self, verb: Token) -> None:
        """"We study risk-sensitive reinforcement learning", "this paper studies contextual dueling bandits":
        a learning setting or problem class the paper studies is its task."""
        doc = self.doc
        for obj in (c for c in verb.children if c.dep_ == "dobj"):
            if obj.lower_ in _SETTING_HEADS:
                start = left_edge(doc, obj, TASK_STOP)
                if start < obj.i:
                    self.add((start, obj.i + 1), "TASK", "studied")

    def compared(self, tok: Token) -> None:
        """"outperforms Bloomz", "compared to OPTQ", "NExT-Chat (87.7) vs. Shikra (86.9)": a name that
        the text compares a method with is a method, unless something else types it."""
        doc, low = self.doc, tok.lower_
        if low in _VERSUS:
            others = [doc[tok.i + 1]] if tok.i + 1 < len(doc) else []
        elif low in _BEATING_VERBS:
            others = [c for c in tok.children if c.dep_ == "dobj"]
        else:
            others = [g for c in tok.children if c.dep_ == "prep" and c.lower_ in ("to", "with", "against")
                      for g in c.children if g.dep_ == "pobj"]
        for other in [o for first in others for o in (first, *first.conjuncts)]:
            if is_namey(other) and not self.gaz_tokens[other.i]:
                start, end = name_run(doc, other.i)
                text = doc[start:end].text
                if start <= tok.i < end or text in self.non_entities or _NO_METHOD_NAME.search(text) \
                        or not _TWO_LETTERS.search(text) or "[" in text or "]" in text:
                    continue  # "Self-Attention Vs Virtual Node", "LoRA's 33.5M", "Lykouris][1"
                if end < len(doc) and doc[end].pos_ == "NOUN" and doc[end].lower_ not in METHOD_CUES \
                        and doc[end].lower_ not in TECH_HEADS:
                    continue  # "compared with the Wasserstein distance": the noun says what it is
                self.add((start, end), "METHOD", "compared")

    def remedied(self, verb: Token) -> None:
        """"We address these limitations with ClimODE", "we address the limitations via Auto-Bench": what
        the paper remedies a shortcoming with is its own contribution."""
        objects = [c for c in verb.children if c.dep_ == "dobj" and c.lower_ in _SHORTCOMINGS]
        if not objects:
            return
        for holder in (verb, *objects):
            for prep in holder.children:
                if prep.dep_ == "prep" and prep.lower_ in ("with", "via", "through") and prep.i > objects[0].i:
                    for obj in prep.children:
                        if obj.dep_ == "pobj" and not self.gaz_tokens[obj.i]:  # not "with label smoothing"
                            self.proposal(obj, verb)

    def used(self, verb: Token) -> None:
        """What a paper uses is a technique when its head says so: "incorporates Bayesian filtering",
        "leveraging dense subgraph discovery", "using optimal transport", "employ black-box attacks"."""
        doc = self.doc
        objects = [c for c in verb.children if c.dep_ == "dobj"] if verb.pos_ == "VERB" else [
            c for c in verb.children if c.dep_ == "pobj"]
        for obj in objects:
            for item in (obj, *obj.conjuncts):
                low = item.lower_
                known = next(((start, item.i + 1) for start in self.task_starts.get(item.i + 1, ())
                              if self.out.get((start, item.i + 1), ())[:2] == ("TASK", "gazetteer")), None)
                if known is not None and low in _SOLVED_BY_TECHNIQUE:  # "via minimax optimization": a problem class
                    self.out[known] = ("METHOD", "used", self.out[known][2])  # used as the technique
                    continue
                if item.tag_ not in ("NN", "NNS") or low.endswith(_ACTIVITIES) or not (
                        low in _USED_TECHNIQUES or low.endswith("ing") and len(low) > 5
                        or low in WEAK_TASKS and low not in ("design", "inference")):
                    continue
                start = left_edge(doc, item, TASK_STOP)
                mods = doc[start : item.i]  # specific, not just described ("systematic benchmarking")
                if any(t.pos_ in ("NOUN", "PROPN") or t.text == "-" or t.lower_ in METHOD_MODIFIERS for t in mods) \
                        and not any(self.gaz_tokens[start : item.i + 1]):
                    self.add((start, item.i + 1), "METHOD", "used")

    def conjuncts(self) -> None:
        """Names coordinated with a labelled name share its label ("MNIST, CIFAR-10, and SVHN")."""
        doc = self.doc
        by_end = {end - 1: (start, end, val) for (start, end), val in self.out.items()}
        for last, (start, end, (label, rule, _)) in list(by_end.items()):
            if label == "TASK":
                self.task_conjuncts(doc[last], by_end)
                continue
            for other in doc[last].conjuncts:
                if other.i in by_end:
                    o_start, o_end, (o_label, o_rule, o_prop) = by_end[other.i]
                    if label == "DATASET" and rule != "conjunct" and o_rule == "camel-name":
                        self.out[(o_start, o_end)] = (label, "conjunct", o_prop)  # "the NQ320K and MARCO datasets"
                    continue
                first = word_start(doc, other.i)
                while first > 0 and not doc[first - 1].whitespace_ and doc[first - 1].is_alpha | doc[first - 1].like_num:
                    first -= 1  # "NQ320K" is two tokens
                named = [t.i for t in doc[first : other.i + 1] if is_namey(t)]
                if named:  # "Meta-world": the conjunct is "world", the name starts at "Meta"
                    self.add(name_run(doc, named[0]), label, "conjunct")
        self.bare_task_lists(by_end)
        self.name_lists()

    def bare_task_lists(self, by_end: dict) -> None:
        """"supports classification, detection, and segmentation", "forecasting and classification": task
        words listed on their own, none of them vague ("generation") or loose ("search"), are tasks."""
        doc = self.doc
        for i in self.task_words:
            tok = doc[i]
            if tok.dep_ == "conj" or not self.bare_task(tok, by_end):
                continue
            items = [tok, *tok.conjuncts]
            last = items[-1]
            if len(items) >= 2 and all(self.bare_task(t, by_end) for t in items[1:]) \
                    and not (last.dep_ == "compound" and last.head.lower_ in TECH_HEADS):  # "classification and regression trees"
                for t in items:
                    self.add((t.i, t.i + 1), "TASK", "conjunct")

    def bare_task(self, tok: Token, by_end: dict) -> bool:
        """A task word with no modifier and no label yet, neither known nor loose nor vague."""
        return tok.lower_ in TASK_HEADS and tok.pos_ == "NOUN" and tok.i not in by_end and not self.gaz_tokens[tok.i] \
            and tok.lower_ not in LOOSE_TASKS and tok.lower_ not in VAGUE_ALONE \
            and not any(c.dep_ in ("amod", "compound", "nmod") for c in tok.lefts)

    def task_conjuncts(self, task: Token, by_end: dict) -> None:
        """A task word coordinated with a labelled task is a task with its modifiers ("summarization,
        translation and image captioning", "on classification, semantic segmentation, ... tasks");
        other words in such lists are often settings or fields, and are left."""
        doc = self.doc
        for other in task.conjuncts:
            if other.i in by_end or other.lower_ not in TASK_HEADS or other.pos_ != "NOUN" or self.gaz_tokens[other.i]:
                continue
            start = left_edge(doc, other, TASK_STOP)
            while self.gaz_tokens[start]:
                start += 1
            self.add((start, other.i + 1), "TASK", "conjunct")

    def name_lists(self) -> None:
        """Names listed one after another ("(xP3x, Self-Instruct, OASST)", "RefCOCO, RefCOCO+, and G-Ref")
        share the one label the known ones among them have, whatever the parse made of the list."""
        doc = self.doc
        runs: list[tuple[int, int]] = []
        for i in self.shaped:
            if (not runs or i >= runs[-1][1]) and is_namey(doc[i]):
                start, end = name_run(doc, i)
                if not runs or start >= runs[-1][1]:
                    runs.append((start, end))
        groups: list[list[tuple[int, int]]] = []
        for run in runs:
            if groups and 0 < run[0] - groups[-1][-1][1] <= 2 and all(
                    t.text == "," or t.lower_ in ("and", "or") for t in doc[groups[-1][-1][1] : run[0]]):
                groups[-1].append(run)
            else:
                groups.append([run])
        for group in groups:
            before = group[0][0] - 1
            while before > 0 and doc[before].text in (":", "(", "\u2014", "-", "--"):
                before -= 1
            if len(group) >= 2 and before >= 0 and doc[before].lower_ in ("benchmarks", "datasets"):
                known = {"DATASET"}  # "the WMT Shared Metrics Task benchmarks DARR20, MQM20, and MQM21"
            elif len(group) < 3:
                continue
            else:
                known = {self.out[r][0] for r in group if r in self.out and self.out[r][1] not in ("camel-name", "conjunct")}
            if len(known) == 1 and (label := known.pop()) in ("DATASET", "METHOD"):
                for r in group:
                    if r not in self.out or self.out[r][1] == "camel-name":
                        self.out[r] = (label, "conjunct", self.out[r][2] if r in self.out else False)


#: Roman numbers that open the items of an enumeration: "i) ... ii) ...".
_ROMAN = frozenset("i ii iii iv".split())


def _past_marker(doc: Doc, start: int, end: int) -> tuple[int, int]:
    """An item of an enumeration without its number: "1) Space Displacement Bond" -> "Space Displacement Bond"."""
    if start + 1 < end and doc[start + 1].text == ")" and (doc[start].like_num or doc[start].lower_ in _ROMAN):
        return start + 2, end
    return start, end


#: Words after a listed name that say what it is for: "four benchmarks: SCAN for semantic parsing, ...".
_USE_WORDS = frozenset("for on in with to from via using".split())


def _name_before_its_use(doc: Doc, start: int, end: int) -> tuple[int, int]:
    """A listed item that opens with a name and goes on to say in lower case what the name is for is the name
    (not a title-case name with a preposition in it: "Learning on Client Topology")."""
    if not is_namey(doc[start]):
        return start, end
    name_end = name_run(doc, start)[1]
    if name_end + 1 < end and doc[name_end].lower_ in _USE_WORDS and doc[name_end + 1].is_lower:
        return start, name_end
    return start, end


def _separates(tok: Token) -> bool:
    """A word between the items of a list."""
    return tok.text in (",", ";") or tok.lower_ in ("and", "or")


def _separated(doc: Doc, start: int, stop: int) -> list[tuple[int, int]]:
    """The non-empty items of the list ``doc[start:stop]``, as token ranges."""
    items = []
    for j in range(start, stop + 1):
        if j == stop or _separates(doc[j]):
            if start < j:
                items.append((start, j))
            start = j + 1
    return items


def rule_mentions(doc: Doc) -> tuple[list[Span], set[tuple[int, int]], list[tuple[Span, Span]]]:
    """All mentions of ``doc`` (gazetteer, abbreviations, parse rules) without overlaps, the token
    ranges of those the paper proposes, and the acronym definitions (long form, short form)."""
    rules = _Rules(doc)
    spans, proposed = rules.finish()
    return spans, {(s.start, s.end) for s in proposed}, rules.pairs


def _by_acronym(table: dict[str, str], text: str) -> str | None:
    """``table``'s entry for an acronym, written singular or plural ("LLM" / "LLMs")."""
    return table.get(text) or table.get(text[:-1] if text.endswith("s") else text + "s")


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


#: Symbols' names that the text normalizer leaves before a hyphen: "$\\varepsilon$-differential privacy".
_MATH_NAMES = frozenset("alpha beta gamma delta epsilon varepsilon zeta eta theta kappa lambda sigma tau phi varphi "
                        "psi omega ell".split())


def _with_prefix(doc: Doc, span: Span, known: bytearray) -> Span:
    """A known name hyphenated to the word before it is part of a longer name, which the span takes whole, and
    with it no gazetteer key: after a contrary prefix ("non-convex optimization" is not convex optimization), and
    after any prefix when the name is in lower case ("out-of-domain generalization" is no domain generalization,
    "self-supervised contrastive learning" no supervised contrastive learning). A capitalized name stays itself:
    "Sheared-LLaMA" and "CLIP-ViT" build on the known model. Nor does a prefix that is itself part of a known
    name ("self-attention mechanism" is self-attention) or a symbol's name ("$\\varepsilon$-differential privacy")."""
    start = span.start
    if start < 2 or doc[start - 1].text != "-" or doc[start - 2].whitespace_ or doc[start - 1].whitespace_:
        return span
    if doc[start - 2].lower_ in CONTRARY_PREFIXES and (start == 2 or doc[start - 3].whitespace_):
        return doc[start - 2 : span.end]
    first = word_start(doc, start)
    words = [t for t in doc[first:start] if t.text != "-"]
    plain = len(words[0]) >= 3 and all(t.is_alpha and t.is_lower and t.lower_ not in _MATH_NAMES
                                       and (len(t) >= 3 or t.lower_ in FUNCTION_WORDS) for t in words)
    if span.text[:1].islower() and plain and not any(known[first:start]):
        return doc[first : span.end]
    return span


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
    chosen_at: dict[int, Span] = {}  # token -> the kept span that covers it
    for (start, end), (label, rule, prop) in items:
        if any(taken[start:end]):
            # a proposal inside a longer kept name proposes that name: "we propose Prompting (for Robustness (PfR))"
            outer = chosen_at.get(start)
            if prop and outer is not None and end <= outer.end and outer.label_ != "TASK" and outer not in proposed:
                proposed.append(outer)
            continue
        if label == "TASK":
            label = _task_or_technique(doc, doc[start:end])
        span = Span(doc, start, end, label=label, kb_id=gaz_keys.get((start, end), ""), span_id=rule)
        if is_junk(span, label):
            continue
        taken[start:end] = b"\x01" * (end - start)
        for k in range(start, end):
            chosen_at[k] = span
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


def _pack_id(rule: str, proposed: bool, long: Span | None) -> str:
    """A final mention's ``id_``: the rule, then ``|proposed`` and ``|long=S-E`` (``components.mentions`` reads it)."""
    parts = [rule, *(["proposed"] if proposed else []), *([f"long={long.start}-{long.end}"] if long else [])]
    return "|".join(parts)


@Language.factory(FACTORY)
def make_rules(nlp: Language, name: str) -> RuleComponent:
    return RuleComponent()


class RuleComponent:
    """Final mentions into ``doc.ents`` (see ``paperkg.components`` for what they carry)."""

    def __call__(self, doc: Doc) -> Doc:
        spans, chosen, pairs = rule_mentions(doc)
        by_end = {s.end: s for s in spans}
        span_at = {(s.start, s.end): s for s in spans}
        long_of: dict[tuple[int, int], Span] = {}
        for long, short in pairs:
            end = long.end
            while end - 1 > long.start and sets_off(doc[end - 1]):
                end -= 1  # "termed 'Iterative Data Smoothing' (IDS)", "_deletion-anticipative data selection_ (DADS)"
            final = by_end.get(end)  # the long form, or a mention ending with it ("zero-shot anomaly classification (AC)")
            acronym = span_at.get((short.start, short.end))
            # labels that differ are one entity's ("WAVES (Watermark Analysis via ...), a benchmark"), unless
            # the gazetteer knows either name: its label is evidence of two things
            if final is not None and acronym is not None and final.start <= long.start and (
                    final.label_ == acronym.label_ or not (final.kb_id or acronym.kb_id)):
                long_of[(short.start, short.end)] = final
        doc.ents = [Span(doc, s.start, s.end, label=s.label, kb_id=s.kb_id,
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
_TRIGGERS = (PROPOSE_VERBS | _PROPOSING_NOUNS | NAMING_VERBS | TASK_HEADS | TECH_HEADS | _LIST_CUES
             | _CORE_WORDS | _TASK_FOLLOWERS | _USE_VERBS | _STUDY_VERBS | _REMEDY_VERBS
             | _BEATING_VERBS | _COMPARING_WORDS | _VERSUS | _LISTING_NOUNS
             | _LISTING_TASKS | _WEAK_PROPOSE | set(_COUNTS) | {"via", "through", "for", "proposed", "resulting", "our"})
_TRIGGER_HASHES = frozenset(map(hash_string, _TRIGGERS))
_TASK_HEAD_HASHES = frozenset(map(hash_string, TASK_HEADS))
