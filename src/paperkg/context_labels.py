"""The rules that label a phrase from its context: lists ("tasks such as X, Y"), what a method is "for",
what is studied, used or compared with, coordinations, and modality mappings ("text-to-image")."""

from __future__ import annotations

import re

from spacy.tokens import Doc, Span, Token

from .candidates import NEW_WORDS, TASK_NOUNS, Candidates
from .filters import UMBRELLA_FIELDS
from .lexicon import (DATASET_WORDS, GENERIC, GENERIC_TECH, LOOSE_TASKS, METHOD_CUES, METHOD_MODIFIERS, METRICS,
                      TASK_HEADS, TASK_STOP, TECH_HEADS, WEAK_TASKS, is_namey)
from .phrases import VAGUE_ALONE, left_edge, name_run, task_span, word_start

#: Not "capabilities" or "abilities": of 12 phrases before them on the dev sets ("spatial imagination
#: ability", "multi-modal generation capabilities"), none was a gold task. Nor "performance" (1 in 8) or
#: "setting(s)" (2 in 9): "improving rate-distortion performance", "in multi-label and data-rich retrieval settings".
TASK_FOLLOWERS = TASK_NOUNS | frozenset(("benchmark", "benchmarks", "dataset", "datasets", "setup", "accuracy"))


#: A mapping between two modalities: "text-to-image", "Speech-to-Text", "image-to-3D".
_MODALITY = r"(?:text|image|video|speech|audio|3D|music|motion|layout|sketch|shape|caption|SQL|code)"


_MODALITY_TASK = re.compile(rf"(?<![\w-]){_MODALITY}-to-{_MODALITY}(?![\w-])", re.IGNORECASE)


#: Heads that make a technique of the phrase before them ("active learning strategy", "Bayesian filtering approach").
TECHNIQUE_NOUNS = frozenset(("approach", "approaches", "method", "methods", "strategy", "strategies", "technique",
                              "techniques", "procedure", "procedures", "algorithm", "algorithms", "scheme", "schemes"))


_TECHNIQUE_SUFFIXES = ("ing", "tion", "sion", "ment", "ure")


#: What a method, framework or kernel is "for" is a task.
_MADE_FOR_HEADS = frozenset("approach approaches method methods framework frameworks model models kernel system "
                            "systems pipeline toolkit library solution solutions paradigm".split())


#: Words that open a parenthesized list of examples.
_LIST_OPENERS = frozenset(("including", "like", "e.g.", "e.g", "i.e.", "i.e", "such", "as", "eg", "ie", "."))


#: Hardware, complexity classes and molecules are no methods: "NVIDIA 2080Ti", "Google Cloud TPUs",
#: "14nm FinFET", "PPAD-Hard", "NP-complete", "RNAs".
NO_METHOD_NAME = re.compile(r"NVIDIA|[GT]PUs?\b|\d{4}Ti\b|\b[AHV]100\b|FinFET"
                             r"|-(?:[Hh]ard|[Cc]omplete)$|^m?RNAs?$|^DNAs?$")


#: Heads of problem classes that, used "via" or "through", name the technique that solves them.
_SOLVED_BY_TECHNIQUE = frozenset(("optimization", "programming", "optimisation"))


#: Gerunds of work done rather than techniques ("web scraping", "replay training").
_ACTIVITIES = ("training", "benchmarking", "scraping", "tuning", "processing", "engineering")


_SETTING_HEADS = frozenset(("learning", "bandit", "bandits", "games", "problems", "optimization"))


#: A name a method is compared with is a method too: "outperforms Bloomz", "compared to OPTQ", "vs. Shikra".
BEATING_VERBS = frozenset("outperform outperforms outperformed outperforming surpass surpasses surpassed surpassing "
                           "beat beats beating".split())


VERSUS = frozenset(("vs", "vs.", "versus"))


_TWO_LETTERS = re.compile(r"[A-Za-z]{2}")


#: Heads of used noun phrases that name techniques (besides gerunds and adaptable task words).
_USED_TECHNIQUES = frozenset(("attack", "attacks", "transport", "regression", "programming", "search", "sampling",
                              "smoothing", "filtering", "pruning", "distillation", "quantization", "regularization"))


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


class ContextRules(Candidates):
    """Labelling rules over a parsed doc (mixed into ``paperkg.rules._Rules``)."""

    def modality_tasks(self) -> None:
        """"high-resolution text-to-image, and text-to-video applications", "Text-to-Speech": a mapping
        from one modality to another, said on its own, is a task (but "text-to-image diffusion models"
        name a family of models)."""
        doc = self.doc
        for m in _MODALITY_TASK.finditer(doc.text):
            span = doc.char_span(m.start(), m.end())
            after = doc[span.end] if span is not None and span.end < len(doc) else None
            if span is None or after is not None and (after.text == "-" or after.pos_ in ("NOUN", "PROPN", "ADJ")
                                                      and after.lower_ not in TASK_FOLLOWERS
                                                      and after.lower_ not in ("application", "applications")):
                continue
            self.add(span, "TASK", "modality")

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
            elif low in GENERIC_TECH or low in TECHNIQUE_NOUNS:
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
        new = label == "DATASET" and any(t.lower_ in NEW_WORDS or t.lower_ in ("newly", "our")
                                         for t in doc[noun.left_edge.i : noun.i])
        for k, (s, e) in enumerate(items):
            shared_head = k + 1 < len(items) and e - s == 1 and doc[e].lower_ in ("and", "or") \
                and items[k + 1][1] - items[k + 1][0] > 1 and doc[items[k + 1][1] - 1].lower_ in TASK_HEADS \
                and doc[s].lower_ not in TASK_HEADS
            if label == "TASK" and (doc[s].tag_ == "VBG" or shared_head):
                continue  # a gerund ("generating a mixture"), a modifier sharing the next head ("image and point
                # cloud classification")
            self.add((s, e), label, "propose" if new else "listed", proposed=new)

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
        if low in VERSUS:
            others = [doc[tok.i + 1]] if tok.i + 1 < len(doc) else []
        elif low in BEATING_VERBS:
            others = [c for c in tok.children if c.dep_ == "dobj"]
        else:
            others = [g for c in tok.children if c.dep_ == "prep" and c.lower_ in ("to", "with", "against")
                      for g in c.children if g.dep_ == "pobj"]
        for other in [o for first in others for o in (first, *first.conjuncts)]:
            if is_namey(other) and not self.gaz_tokens[other.i]:
                start, end = name_run(doc, other.i)
                text = doc[start:end].text
                if start <= tok.i < end or text in self.non_entities or NO_METHOD_NAME.search(text) \
                        or not _TWO_LETTERS.search(text) or "[" in text or "]" in text:
                    continue  # "Self-Attention Vs Virtual Node", "LoRA's 33.5M", "Lykouris][1"
                if end < len(doc) and doc[end].pos_ == "NOUN" and doc[end].lower_ not in METHOD_CUES \
                        and doc[end].lower_ not in TECH_HEADS:
                    continue  # "compared with the Wasserstein distance": the noun says what it is
                self.add((start, end), "METHOD", "compared")

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
