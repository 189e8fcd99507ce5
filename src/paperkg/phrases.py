"""Where a name or noun phrase starts and ends: name runs ("T2I-CompBench"), hyphenated words,
pre-modifier edges, and the task / technique phrase headed by a word.

Kept apart from the rules because these are pure functions of the tokens and parse, reused by
many rules, and the place to look when a mention has the right label but the wrong extent.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Span, Token

from .lexicon import (DATASET_WORDS, FIELDS, GENERIC_TECH, METHOD_CUES, METHOD_MODIFIERS, METRICS, NAME_SUFFIX_STOP,
                      NAMING_VERBS, PROBLEM_PHENOMENA, SIZE_TOKEN, TASK_ADJECTIVES, TASK_HEADS, TASK_STOP, TECH_HEADS,
                      WEAK_TASKS, is_namey, name_shape, names_benchmark)

_METHOD_STOP = TASK_STOP | NAMING_VERBS
_MOD_DEPS = frozenset(("compound", "amod", "nmod", "npadvmod", "hmod", "nummod", "quantmod"))


def _glued(doc: Doc, i: int) -> bool:
    """Token i is joined to the next one by a hyphen without spaces ("text-to-image")."""
    return i + 1 < len(doc) and not doc[i].whitespace_ and (doc[i].text == "-" or doc[i + 1].text == "-")


#: Owners whose possessive precedes a name rather than being part of it ("OpenAI's GPT-4").
_OWNERS = frozenset("google meta microsoft openai deepmind amazon apple nvidia facebook anthropic baidu alibaba "
                    "tencent huawei ibm intel".split())


def _possessive_in_name(word: Token) -> bool:
    """A plain capitalized word glued to "'s" inside a name ("Prisoner's" in "Iterated Prisoner's Dilemma")."""
    return not word.whitespace_ and name_shape(word.text) == 1 and word.lower_ not in _OWNERS


_VERSION = re.compile(r"v?\d+\.\d+|v\d+")


#: A metric written as an acronym ("mAP", "FID", "mIoU"), not a capitalized word ("VariancE-Reduction").
_METRIC_ACRONYM = re.compile(r"[a-z]?[A-Z]{2}")


def name_run(doc: Doc, i: int) -> tuple[int, int]:
    """Token range of the name around token i: namey tokens joined directly or by hyphens."""
    start = end = i
    while start > 0:
        prev = doc[start - 1]
        if prev.text == "'s" and start > 1 and _possessive_in_name(doc[start - 2]):
            start -= 2  # "Iterated Prisoner's Dilemma"
            continue
        if is_namey(prev) or (_glued(doc, start - 1) and start > 1 and (
                is_namey(doc[start - 2]) or prev.text != "-" or SIZE_TOKEN.match(doc[start - 2].text)
                or (len(doc[start - 2].text) == 1 and doc[start - 2].text.isupper()))):  # "Q-Bench"
            start -= 1
        else:
            break
    while end + 1 < len(doc):
        nxt = doc[end + 1]
        if doc[end].whitespace_ and nxt.lower_ in METRICS and _METRIC_ACRONYM.match(nxt.text):
            break  # "HICO-DET mAP", "CIFAR-10 FID": the score on the name, not part of it
        if is_namey(nxt) or (_glued(doc, end) and end + 2 < len(doc) and nxt.text == "-" and not nxt.whitespace_):
            end += 1
        elif nxt.is_title and nxt.is_alpha and end + 2 < len(doc) and is_namey(doc[end + 2]) and doc[end + 2].is_title:
            end += 1  # a capitalized common word inside a title-case name: "Infinitely Deep Bayesian Neural Networks"
        elif nxt.text == "'s" and end + 2 < len(doc) and is_namey(doc[end + 2]) and _possessive_in_name(doc[end]):
            end += 2
        elif _VERSION.fullmatch(nxt.text) and is_namey(doc[end]) and not (
                end + 2 < len(doc) and doc[end + 2].lower_ in ("%", "percent", "points", "times", "x")):
            end += 1  # "CircuitNet 2.0", "AlpacaEval v2", but not "MT-Bench 1.5 points"
        elif not doc[end].whitespace_ and (nxt.like_num or _glued(doc, end) or nxt.text.isupper() and nxt.is_alpha
                                           or nxt.text in ("+", "++") and (nxt.whitespace_ or end + 2 >= len(doc)
                                                                          or doc[end + 2].is_punct)) \
                and nxt.text not in "()[],;:." \
                and nxt.lower_ not in NAME_SUFFIX_STOP and not (nxt.text == "-" and end + 2 < len(doc)
                                                              and doc[end + 2].lower_ in NAME_SUFFIX_STOP):
            end += 1
        else:
            break
    if start >= 3 and doc[start].is_title and doc[start - 1].is_lower and doc[start - 1].is_alpha \
            and doc[start - 2].text == "-" and not doc[start - 3].whitespace_ and not doc[start - 2].whitespace_ \
            and doc[start - 3].is_title and doc[start - 3].is_alpha and not doc[start - 3].is_sent_start:
        start -= 3  # a title-case name opening with a hyphenated word: "Best-fit Packing"
    while doc[start].text == "-" and start < i:
        start += 1
    while doc[end].text == "-" and end > i:
        end -= 1
    return start, end + 1


def word_start(doc: Doc, j: int) -> int:
    """First token of the hyphenated word that ends at token j ("out-of-distribution")."""
    while j >= 2 and doc[j - 1].text == "-" and not doc[j - 1].whitespace_ and not doc[j - 2].whitespace_:
        j -= 2
    return j


def left_edge(doc: Doc, head: Token, stop: frozenset[str]) -> int:
    """Start of the contiguous pre-modifiers of ``head`` ("restarted dual averaging"), word by word
    (a hyphenated word is one word), stopping at determiners, prepositions and words in ``stop``."""
    start = word_start(doc, head.i)
    while start > 0:
        j = start - 1
        w = word_start(doc, j)
        first = doc[w]
        if (first.lower_ in stop or doc[j].lower_ in stop or w < j and doc[w : j + 1].text.lower() in stop
                or first.is_punct or first.like_url or SIZE_TOKEN.match(first.text)
                or first.like_num and not (w < j and first.is_alpha)  # "zero-shot" is a word, "3" is not
                or (w == j and first.tag_ == "VBG" and first.dep_ == "amod")):
            break
        attached = head.i - 6 <= first.head.i <= head.i and first.head.i >= w
        modifier = first.dep_ in _MOD_DEPS or first.dep_ == "advmod" and first.tag_ == "JJ"  # "online" parsed as an adverb
        if w < j or (modifier and attached) or (doc[j].dep_ in _MOD_DEPS and head.i - 6 <= doc[j].head.i <= head.i) \
                or _nominal(doc[j]) and doc[j].whitespace_ and head.is_lower and doc[j].lower_ not in METHOD_CUES:
            # a noun before a common noun modifies it, whatever the parse says ("event type classification")
            start = w
        else:
            break
    return start


_PLAIN_ADJECTIVES = frozenset("random robust deep large small high fast slow good hard soft dense sparse full open real "
                              "true false short long wide narrow strong weak safe clean online offline joint main "
                              "whole fine coarse rich poor same next past".split())
_ADJECTIVE_ENDINGS = ("al", "ive", "ous", "ic", "able", "ible", "ed", "ful", "less", "ar", "ent", "ant", "ary", "ory",
                      "ing", "ian", "ish", "wise", "like", "est", "er", "y")


def _nominal(tok: Token) -> bool:
    """A common noun, or a noun the tagger took for a bare verb or an adjective ("gait prediction",
    "transfer learning", "dataset transfer")."""
    return tok.tag_ in ("NN", "NNS") or tok.dep_ in ("compound", "amod") and (
        tok.tag_ == "VB" or tok.tag_ == "JJ" and tok.is_alpha and len(tok) > 3 and not tok.lower_.endswith(_ADJECTIVE_ENDINGS)
        and tok.lower_ not in _PLAIN_ADJECTIVES)


#: Task words too vague to be a task on their own ("prediction tasks", "generation and editing").
VAGUE_ALONE = frozenset("generation prediction planning understanding modeling modelling editing".split())


#: Faculties, and whose they are: "human reasoning", "human-like understanding", "LLMs reasoning", "deep visual
#: understanding" say how well someone thinks, not what problem is solved (on the dev sets 1 of 7 was a gold task).
_FACULTIES = frozenset(("reasoning", "understanding"))
_THINKERS = frozenset("human humans llm llms model models deep".split())


def task_span(doc: Doc, head: Token, allow_bare: bool = False, allow_field: bool = False) -> Span | None:
    """The task name in a noun phrase headed by a task word, evaluative modifiers dropped
    ("accurate image classification" -> "image classification")."""
    span = doc[left_edge(doc, head, TASK_STOP) : head.i + 1]
    mods = [t for t in span[:-1] if t.text != "-"]
    if not mods:
        return span if allow_bare and head.lower_ not in VAGUE_ALONE else None
    if head.lower_ in _FACULTIES and mods[0].lower_ in _THINKERS:
        return None
    if not any(t.pos_ in ("NOUN", "PROPN") or _nominal(t) or is_namey(t) or _glued(doc, t.i) or t.lower_ in TASK_ADJECTIVES
               for t in mods) and (head.lower_ in WEAK_TASKS or len(mods) == 1):
        return None
    if span.text.lower() in FIELDS and not allow_field:  # but "transfer learning tasks" are tasks
        return None
    return span


#: Words that count or pick out some of a kind of problems: "two fundamental dynamic graph problems".
_SOME = frozenset("some several many various multiple these those their its our all both".split())


def named_problem(doc: Doc, head: Token) -> Span | None:
    """"the online knapsack problem", "a few-shot dataset transfer problem", "practical learning-based
    control problems": a problem named by noun modifiers after an article (or an evaluative adjective), not
    problems of a kind counted or picked out ("two dynamic graph problems", "some pedagogical toy problems":
    none of 4 on dev was a task)."""
    start = head.i
    while start > 0 and head.i - start < 4 and (doc[start - 1].dep_ in ("compound", "amod", "nmod", "npadvmod") or doc[start - 1].text == "-") \
            and doc[start - 1].lower_ not in TASK_STOP and (doc[start - 1].is_alpha or doc[start - 1].text == "-"):
        start -= 1
    while start < head.i and doc[start].text == "-":
        start += 1
    last = doc[head.i - 1].lower_
    before = doc[start - 1] if start > 0 else None
    opens = before is not None and (before.lower_ in ("the", "a", "an") or before.lower_ in TASK_STOP and head.i - start >= 2
                                    and not (head.tag_ == "NNS" and any(c.like_num or c.lower_ in _SOME for c in head.lefts)))
    proper = doc[head.i - 1].pos_ == "PROPN" and not any(t.is_upper for t in doc[start : head.i])  # "the Balanced Cut problem"
    if start == head.i or not opens or doc[head.i - 1].pos_ != "NOUN" and not proper \
            or last in METHOD_CUES or last in TECH_HEADS or last in PROBLEM_PHENOMENA \
            or doc[start].lower_ == "original":  # a method ("score matching"), a symptom ("exposure bias")
        return None
    return doc[start : head.i + 1]


#: Heads after which annotators rarely see a technique's name (on 170 annotated abstracts, every such
#: phrase the rule proposed was a false positive).
_DESCRIBED_HEADS = frozenset(("embedding", "embeddings", "architecture", "architectures", "method", "methods"))


#: Words that, leading a technique phrase, say what is done to the technique, not which it is.
_ACTS_ON_MODELS = frozenset(("training", "train", "pretraining", "pre-training", "finetuning"))


def method_span(doc: Doc, head: Token) -> Span | None:
    """A technique named by a noun phrase: "dual averaging", "diffusion models",
    "adaptive gradient methods"; a bare generic head ("models") is not one."""
    if head.lower_ in _DESCRIBED_HEADS:
        return None  # "label embeddings", "a shared decoder architecture", "ensemble methods": described, not named
    span = doc[left_edge(doc, head, _METHOD_STOP) : head.i + 1]
    if len(span) > 1 and span[0].lower_ in _ACTS_ON_MODELS and span[0].whitespace_:  # not "training-free"
        span = span[1:]  # "training diffusion models": the act, then the technique it acts on
    mods = [t for t in span[:-1] if t.text != "-"]
    if not mods or all(is_namey(t) for t in mods):
        return None  # "T2I models": the name rule labels the name itself
    if head.lower_ in GENERIC_TECH:
        if mods[-1].lower_ in TECH_HEADS and mods[-1].lower_ not in GENERIC_TECH:
            return doc[span.start : head.i]  # "data augmentation techniques" -> "data augmentation"
        if mods[-1].lower_ in ("based", "free") or not any(t.lower_ in METHOD_MODIFIERS for t in mods):
            return None  # "GNN-based methods", "attention-free models" are families, not techniques
        if doc[span.start : head.i].text.lower() in FIELDS:
            return None
    if mods[-1].lower_ in TASK_HEADS:
        return None  # "classification models" are models for a task, not a technique name
    if all(t.tag_ == "JJ" and t.lower_ not in METHOD_MODIFIERS for t in mods):
        return None  # described, not named: "meticulous tuning", "performant quantization"
    return span


def after_acronym(doc: Doc, short: Span) -> int:
    """Where the text resumes after the acronym ``short`` of a definition, past its closing parenthesis."""
    return short.end + (short.end < len(doc) and doc[short.end].text == ")")


def past_acronym(doc: Doc, end: int) -> int:
    """Where the text resumes after a name ending at ``end``, past its acronym in parentheses, if any
    ("Weapons of Mass Destruction Proxy (WMDP) benchmark")."""
    return end + 3 if end + 2 < len(doc) and doc[end].text == "(" and doc[end + 2].text == ")" else end


#: Singular nouns that type the name beside them as data: "the dataset SyGuS", "MM-Vet, an evaluation benchmark".
DATA_TYPES = frozenset(("dataset", "benchmark", "corpus", "testbed"))


def proposed_as_data(doc: Doc, start: int, end: int) -> bool:
    """A proposed name ``doc[start:end]`` is data, not a method: a data word ends it or follows it
    ("the X benchmark"), it is named like a benchmark ("GameBench"), or the words around type it as data."""
    return doc[end - 1].lower_ in DATASET_WORDS or end < len(doc) and doc[end].lower_ in DATASET_WORDS \
        or names_benchmark(doc[start:end].text) or typed_as_data(doc, start, end)


def _described_as_data(doc: Doc, end: int) -> bool:
    """The words set off after the name (and its parenthesized long form) describe it as data, whatever
    the parse made of them: "VinT-6D, the first extensive multi-modal dataset integrating ...", "ViLMA (Video
    Language Model Assessment), a task-agnostic benchmark that ..." (not "X, a dataset distillation method")."""
    if end < len(doc) and doc[end].text == "(":
        end = next((k + 1 for k in range(end + 1, min(end + 12, len(doc))) if doc[k].text == ")"), end)
    if end + 2 >= len(doc) or doc[end].text not in (",", ":") or doc[end + 1].lower_ not in ("a", "an", "the"):
        return False
    for k in range(end + 2, min(end + 10, len(doc))):
        word = doc[k]
        if word.lower_ in DATA_TYPES:  # the head, unless a technique word ends the phrase ("dataset pruning framework")
            for later in doc[k + 1 : k + 5]:
                if later.lower_ in METHOD_CUES or later.lower_ in GENERIC_TECH:
                    return False
                if later.is_punct or later.pos_ in ("ADP", "DET", "VERB", "AUX"):
                    break
            return True
        if word.is_punct and word.text != "-" or word.pos_ in ("VERB", "AUX", "ADP", "CCONJ", "PRON", "DET"):
            return False
    return False


#: Participles after which "on X" names what a model learned from: "trained on our constructed Owl-Instruct".
_TRAINED = frozenset(("trained", "tuned", "finetuned", "pretrained"))


def _trained_on(doc: Doc, start: int, end: int) -> bool:
    """The name is what a model is trained on, the whole object of "on" ("fine-tuned on our curated X with ...",
    not "trained on GPT-4 outputs")."""
    k = start - 1
    while k > 1 and (doc[k].lower_ in ("our", "the", "a", "an", "this", "newly") or doc[k].is_lower and doc[k].tag_ in ("JJ", "VBN")):
        k -= 1
    return k > 0 and doc[k].lower_ == "on" and doc[k - 1].lower_ in _TRAINED \
        and (end == len(doc) or doc[end].pos_ not in ("NOUN", "PROPN") and doc[end].text not in ("-", "'s"))


#: What stands before "benchmark" used as a verb: "we benchmark", "and benchmark", "to benchmark".
_VERB_CONTEXT = frozenset(("PRON", "CCONJ", "PART", "AUX", "ADV"))


def typed_as_data(doc: Doc, start: int, end: int) -> bool:
    """The name ``doc[start:end]`` has a data noun as its appositive ("DAEval, a dataset consisting of
    ...") or after its acronym ("... Proxy (WMDP) benchmark") or right before it ("our new synthetic
    dataset DySO", "a dataset, DD100,", "the benchmark R-GSM", where the tagger may call it an adjective;
    not "the benchmark MuJoCo tasks", where the name is a modifier, nor "we benchmark DPO" or "and
    benchmark SaSPA against", where the word is a verb)."""
    head = doc[end - 1]
    if any(c.dep_ == "appos" and c.lower_ in DATA_TYPES and c.i > head.i for c in head.rights) \
            or _described_as_data(doc, end):
        return True
    after = past_acronym(doc, end)
    if after < len(doc) and doc[after].lower_ in DATA_TYPES and doc[after].tag_ == "NN" and after > end:
        return True  # "the Weapons of Mass Destruction Proxy (WMDP) benchmark"
    if start >= 2 and doc[start - 1].text == "," and doc[start - 2].lower_ in DATA_TYPES \
            and (end == len(doc) or doc[end].text in (",", "(", ".", ";")):
        return True  # "a million-scale dataset, DRCT-2M, including ..." (not "On this dataset, FooNet achieves")
    if _trained_on(doc, start, end):
        return True
    before = doc[start - 1] if start > 0 else None
    return before is not None and before.lower_ in DATA_TYPES \
        and (before.tag_ in ("NN", "NNP") or before.tag_ == "JJ" and start > 1 and doc[start - 2].pos_ not in _VERB_CONTEXT) \
        and before.head.i == end - 1 and (end == len(doc) or doc[end].pos_ not in ("NOUN", "PROPN"))
