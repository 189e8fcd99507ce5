"""The filter against candidates that are shaped like names but name nothing the spec counts (its "No"
lists): fields, generic heads, metrics and their values, units, hyphenated descriptions, links. The rules
run it on every span before it becomes a mention."""

from __future__ import annotations

import re

from spacy.tokens import Doc, Span

from .lexicon import DATASET_WORDS, FIELDS, FUNCTION_WORDS, GENERIC, METRICS, NOT_ENTITIES, TECH_HEADS, is_acronymish

#: "language models" in passing: a family of models, not a method.
_LM_FAMILY = re.compile(r"(?:natural |foundational |foundation |neural )?language models?")
#: Fields too broad to be a task even where one is listed ("machine learning tasks").
UMBRELLA_FIELDS = frozenset(("machine learning", "deep learning", "statistical learning", "artificial intelligence",
                             "computer vision", "natural language processing", "data science", "signal processing",
                             "reinforcement learning", "self-supervised learning", "online learning", "graph learning"))

#: A number with a unit: "+0.28dB", "5.5Gb", "44.1kHz".
_MEASUREMENT = re.compile(r"[+\-]?\d[\d.,]*\s?(?:dB|[kKMGT][bB]|[kMG]?Hz|ms|fps|%)")
#: Rules whose names are known or defined ("Neural Collapse ($\\mathcal{NC}$)" names even inside math).
DEFINED_RULES = frozenset(("gazetteer", "abbreviation", "acronym"))
#: The adjective that ends a hyphenated description ("E(3)-invariant", "PAC-Bayesian").
_ADJECTIVE_TAIL = re.compile(r"-(?:[a-z]+(?:able|ible|ian|ed|ous)|[a-z]*(?:variant|consistent|relevant|efficient|dependent|"
                             r"theoretic|symbolic|specific|agnostic|adaptive|centric|symmetric|aware|free)|[Ll]ipschitz|Bayesian)$")


#: A name glued to a common word: "PAC-learnability", "O(1)-approximation", "ML-agent", "LLaMA-family".
_GLUED_WORD_TAIL = re.compile(r"[^\s-]*[A-Z][^\s-]*-(?P<tail>[a-z]{3,})")
#: Rules that take such a compound for a name; what it ends in when it is one ("Q-learning", "Extra-gradient",
#: "Lion-$\\phi$"; and a task: "OoD-detection").
_SHAPE_RULES = frozenset(("camel-name", "name-head"))
_TECHNIQUE_TAILS = TECH_HEADS | {"learning", "maximization", "minimization", "gradient"} | frozenset(
    "alpha beta gamma delta epsilon zeta eta theta kappa lambda mu nu xi pi rho sigma tau phi chi psi omega".split())


#: What a word that lost its space to a name looks like: a short function word ("has", "for", "while")
#: or an inflected word ("randomly", "prompting", "estimates").
_WORD_ENDINGS = re.compile(r"(?:ly|ing|ed|es|able|ance|ence|ion|ate)$")
_GLUE_WORDS = FUNCTION_WORDS | frozenset("are but can had has have into its not our than that then this under was "
                                         "when where which while propose call use".split())
#: Metrics that end a hyphenated metric name ("ROC-AUC", "TM-Score"); MAE also names the masked
#: autoencoder ("U-MAE").
_METRIC_TAILS = METRICS - {"mae"}
#: A full stop glued to the next sentence inside a name: ".As", "PDE.LFlows".
_SENTENCE_END_INSIDE = re.compile(r"^\.|\w\.[A-Z][A-Za-z]*[a-z]")


def _lost_space(span: Span) -> bool:
    """The name is another name of the abstract run together with an English word by a lost space in the
    source ("InfoBatchrandomly", "promptingGPT-4", "ModernTCNhas"), not a name of its own ("LeaPformer",
    "DiPmark", "RandCBPside" are)."""
    doc, text = span.doc, span.text
    for k in range(2, len(text) - 2):
        head, tail = text[:k], text[k:]
        if tail.isalpha() and tail.islower() and not head.endswith("-") and not head.islower():
            name, word = head, tail
        elif head.isalpha() and head.islower() and len(head) >= 4 and tail[0].isupper():
            name, word = tail, head
        else:
            continue
        if word not in _GLUE_WORDS and not _WORD_ENDINGS.search(word):
            continue
        elsewhere = re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", doc.text)
        if any(not span.start_char <= m.start() < span.end_char for m in elsewhere):
            return True  # the name stands on its own elsewhere in the abstract
    return False


def _glued_before(doc: Doc, start: int) -> str:
    """The text glued to token ``start`` from the left, back to the last space ("https://github.com/" before a name)."""
    parts = []
    i = start - 1
    while i >= 0 and not doc[i].whitespace_:
        parts.append(doc[i].text)
        if " " in parts[-1]:
            break
        i -= 1
    glued = "".join(reversed(parts))
    return glued[glued.rfind(" ") + 1 :]


def _listed(text: str, label: str, rule: str, length: int) -> bool:
    """``text`` is on a list of non-entities: a field (unless listed or studied as a task: "tasks including
    transfer learning"), a generic head, a metric, a named non-entity."""
    field_ok = label == "TASK" and rule in ("such-as", "studied", "task-noun") and length > 1 \
        and text not in UMBRELLA_FIELDS
    return text in NOT_ENTITIES or (text in FIELDS or text.rstrip("s") in FIELDS or text + "s" in FIELDS) and not field_ok \
        or text in GENERIC or text.rstrip("s") in GENERIC or text in METRICS


def is_junk(span: Span, label: str) -> bool:
    """A candidate that only looks like a name: a field, generic head or listed non-entity, a metric or a
    measurement, a hyphenated description, half of a hyphenated pair, a run without letters, a family of
    models named in passing, or part of a link. ``span.id_`` is the rule that proposed it."""
    text = span.text.lower().rstrip(".")  # the tokenizer leaves the full stop on some names: "+4.9 mIoU."
    if _listed(text, label, span.id_, len(span)) or "-" in text and _listed(text.replace("-", " "), label, span.id_, 2):
        return True  # hyphens folded: "reinforcement-learning tasks" name the field too
    if label != "TASK" and span[-1].lower_ in METRICS and not is_acronymish(span.text) and not span.kb_id_:
        return True  # a score ("test accuracy"), unless known by that name ("branch and bound", "Connectivity Map")
    if _MEASUREMENT.fullmatch(span.text) or len(span) > 1 and span[0].lower_ in METRICS and span[-1].like_num:
        return True  # "+0.28dB", "5.5Gb", "FID 1.73"
    if span.id_ not in DEFINED_RULES and _ADJECTIVE_TAIL.search(span.text):
        return True  # described, not named: "PAC-Bayesian", "E(3)-invariant", "O(1)-Lipschitz", "poly(S)-free"
    tail = _GLUED_WORD_TAIL.fullmatch(span.text)
    if tail and span.id_ in _SHAPE_RULES and label != "TASK" and tail["tail"] not in _TECHNIQUE_TAILS \
            and not (span.end < len(span.doc) and span.doc[span.end].lower_ in DATASET_WORDS):
        return True  # described, not named: "PAC-learnability", "VC-dimension", "GPT-family" (not "Animeline-art dataset")
    if span.id_ in _SHAPE_RULES and (_lost_space(span) or span.start > 0 and span.doc[span.start - 1].text.endswith("%")
                                     or _SENTENCE_END_INSIDE.search(span.text) or "@" in span.text
                                     or span.text.rsplit("-", 1)[-1].lower() in _METRIC_TAILS):
        return True  # glued by a lost space or sentence end ("PDE.LFlows"), or a metric: "+5.3% Hits@1",
        # "41.2% OLS", "Precision@1", "ROC-AUC", "TM-Score"
    if len(span) == 1 and (text[0] == "-" or text[-1] == "-") and not span.kb_id_:
        return True  # half of a hyphenated pair: "Breadth- and depth-first", "ImageNet-C, -R" (not "LLaMA-1/-2")
    if not any(c.isalpha() for c in text) and not span.kb_id_ or len(text) < 2 or any(t.like_url for t in span):
        return True  # (a number the gazetteer keyed is half of a range: the "100" of "CIFAR-10/100")
    if _LM_FAMILY.fullmatch(text) and span.id_ != "abbreviation":
        return True  # "language models" in passing are a family; defined ("language models (LMs)") they are named
    # inside a link: "(https://github.com/YBYBZhang/ControlVideo)"
    before = _glued_before(span.doc, span.start)
    if "://" in before or "www." in before:
        return True
    if span.id_ != "propose" and span.end + 1 < len(span.doc) and span.doc[span.end].text == "(" \
            and span.doc[span.end + 1].like_url:
        return True  # a link's text names the link: "Code is available at [ModelTC](https://github.com/...)", "in our
        # [Project Page](https://...)" (not "we develop [CoIC](https://github.com/...), an algorithm")
    return False
