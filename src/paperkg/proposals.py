"""The rules that find what a paper proposes and names: "we propose X", "X, a novel ...", "our X",
acronyms defined for a contribution, counted lists of contributions, and names the paper coins."""

from __future__ import annotations

import re
import string
from functools import cache

from spacy.tokens import Doc, Span, Token

from .abbreviations import best_long_form, short_form_ok
from .candidates import NEW_WORDS, TASK_NOUNS, Candidates
from .clauses import PRIOR_CUES, modifies_what_follows, named_in, object_head, we_subject
from .gazetteer import package_patterns
from .lexicon import (DATASET_WORDS, FIELDS, FINITE_VERBS, FUNCTION_WORDS, GENERIC, GENERIC_TECH, INTRO_TASK, METRICS,
                      NAMING_VERBS, OBSERVED, PROPOSE_VERBS, TASK_HEADS, TASK_STOP, TECH_HEADS, is_acronymish, is_namey,
                      name_shape)
from .phrases import (after_acronym, left_edge, method_span, name_run, past_acronym, proposed_as_data, typed_as_data,
                      word_start)

# Capitalized adjectives that modify rather than name ("Gaussian kernel", "Bayesian model").
CAP_ADJECTIVES = frozenset(
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


#: Words that place a named thing in earlier work: "one of such algorithms, called predictive coding".
_EARLIER_WORK = frozenset("previously such emerging classic classical well-known popular standard widely".split())


_BLAND_MODIFIERS = frozenset("training learning optimization data model neural deep simple general generic".split())


MODEL_SIZE = re.compile(r"\d+(?:\.\d+)?[BMK]\b")


_PLAIN_NAME = re.compile(r"[A-Za-z][A-Za-z0-9+\-]*[A-Za-z][A-Za-z0-9+\-]*(?: [A-Za-z0-9+\-]+)*")  # not "S^2"


_STOP_OR_BLAND = TASK_STOP | _BLAND_MODIFIERS


ANY_GENERIC = GENERIC_TECH | GENERIC


#: Nouns that say what kind of thing a name right before them is ("the ... (MMTS) algorithm").
_KIND_WORDS = DATASET_WORDS | GENERIC_TECH | TECH_HEADS


#: What a named quantity is, which makes it no method: "a metric called X".
_MEASURES = frozenset("metric metrics measure measures score scores coefficient coefficients".split())


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
COUNTS = {"two": 2, "three": 3, "four": 4}


#: Heads naming a part of a method ("an Graph2Seq encoder").
_PART_NOUNS = frozenset("encoder decoder module modules block blocks layer layers head unit mechanism component "
                        "components network branch adapter tokenizer".split())


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


WEAK_PROPOSE = _OFFER_VERBS | frozenset("give gives put puts arrive arrives describe describes".split())


_CONTRIBUTION_NOUNS = frozenset("methods approaches algorithms techniques strategies designs contributions components "
                                "classes types families "
                                "modules mechanisms frameworks models variants innovations benchmarks datasets "
                                "losses objectives regularizers estimators".split())


#: What such a verb remedies ("this", "these limitations", "the challenge").
_SHORTCOMINGS = frozenset("this these it them limitation limitations challenge challenges issue issues problem problems "
                          "gap gaps shortcoming shortcomings difficulty difficulties drawback drawbacks bottleneck "
                          "bottlenecks concern concerns question questions".split())


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


def extends_known_dataset(name: str) -> bool:
    """"HumanEvalPack", "ImageNet-R": a shipped dataset name, then a capital, digit, "+" or "-"."""
    candidates = _known_dataset_names().get(name[:5])
    return candidates is not None and any(
        len(name) > len(known) and name.startswith(known) and name[len(known)] in _EXTENSION_START for known in candidates)


def named_object_label(obj: Token, verb: Token) -> str:
    """A name that is compiled or collected, or extends a known dataset's name, is a dataset."""
    if is_namey(obj) and (verb.lower_ in _DATA_VERBS or extends_known_dataset(obj.text)):
        return "DATASET"
    return "METHOD"


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


def by_acronym(table: dict[str, str], text: str) -> str | None:
    """``table``'s entry for an acronym, written singular or plural ("LLM" / "LLMs")."""
    return table.get(text) or table.get(text[:-1] if text.endswith("s") else text + "s")


class ProposalRules(Candidates):
    """Proposal and naming rules over a parsed doc (mixed into ``paperkg.rules._Rules``)."""

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
                final = by_acronym(proposed, text)
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
            called_new = long.start > 0 and (doc[long.start - 1].lower_ in NEW_WORDS or (
                doc[long.start - 1].text == "," and any(t.lower_ in NEW_WORDS for t in before)
                and not any(t.text in (",", ";", ".") for t in before[:-1])))  # "a new optimal format, Student Float (SF4)"
            after = after_acronym(doc, short)
            new_after = after + 2 < len(doc) and doc[after].text == "," and doc[after + 1].lower_ in ("a", "an") \
                and doc[after + 2].lower_ in NEW_WORDS
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
                    and doc[i].lower_ not in NEW_WORDS:
                i -= 1
            new = doc[i].lower_ in NEW_WORDS or i > 0 and doc[i].tag_ == "VBN" and doc[i - 1].lower_ == "newly"
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
                    and not MODEL_SIZE.search(name) and _PLAIN_NAME.fullmatch(name):
                self.add((start, end), "METHOD", "propose", proposed=True)
            return

    def proposal(self, obj: Token, verb: Token) -> bool:
        doc = self.doc
        head = object_head(obj)
        if obj.lower_ in INTRO_TASK:  # "we present an analysis", unless it is coined a name: "... analysis (ccGPFA)"
            return self.coined_pair(obj, verb)
        label = "DATASET" if head in DATASET_WORDS else named_object_label(obj, verb)
        # "we propose HyperAgent, a reinforcement learning (RL) algorithm": the name, not the appositive
        named = named_in(doc, obj) if is_namey(obj) and not self.gaz_tokens[obj.i] else None
        if named is None or named[1] >= len(doc) or doc[named[1]].text != ",":
            named = None
        namely = self.namely(obj)
        found = named or namely or self.pair_at(obj, verb) or self.comma_named(obj) or self.defined_in(obj, label) \
            or self.pair_after(obj) or self.named_past_phrase(obj)
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
        if found is None and any(c.lower_ in NEW_WORDS for c in obj.lefts) and (
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
                    before == obj or before.tag_ not in ("NNS", "NNPS") and before.lower_ not in TASK_NOUNS):
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
        if after + 1 >= len(self.doc) or self.doc[after].text != "," or obj.lower_ not in ANY_GENERIC:
            return None
        return self.proposed_pair(after + 1)

    def named_past_phrase(self, obj: Token) -> tuple[int, int] | None:
        """"a novel triplane-based 3D-aware diffusion model with transformer, DiffTF, for ...": a coined name set
        off by commas right after the object's prepositional phrase (the parse hangs it on the phrase's noun)."""
        doc = self.doc
        if obj.i + 1 >= len(doc) or doc[obj.i + 1].lower_ not in ("with", "for", "of", "via") or doc[obj.i + 1].head != obj:
            return None  # not where it is tried: "our method on the CATH, TS50, TS500, and PDB datasets"
        comma = next((k for k in range(obj.i + 2, min(obj.i + 9, len(doc) - 1)) if doc[k].text == ","), None)
        if comma is None or any(t.pos_ in ("VERB", "AUX", "PRON") or obj not in t.ancestors for t in doc[obj.i + 1 : comma]):
            return None
        name = comma + 1
        if not is_namey(doc[name]) or name_run(doc, name) != (name, name + 1) or not is_acronymish(doc[name].text) \
                or self.gaz_tokens[name] or name + 1 >= len(doc) or doc[name + 1].text not in (",", "(", ".", ";") \
                or doc[name + 1].text == "," and name + 2 < len(doc) and is_namey(doc[name + 2]):
            return None  # one name of a list
        return name, name + 1

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
        if any(c.lower_ in NEW_WORDS or c.lower_ in ("a", "an") for c in subj.lefts) or any(
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
            if name_shape(t.text) and is_namey(t) and not self.gaz_tokens[t.i] and t.lower_ not in CAP_ADJECTIVES:
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
            c.dep_ == "appos" and c.lower_ in ANY_GENERIC for c in obj.rights)
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
                                  or (doc[nxt].lower_ in GENERIC or doc[nxt].lower_ in NEW_WORDS)
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
        if anchor.dep_ == "pobj" and anchor.head.lower_ == "for" and anchor.head.head.lower_ in ANY_GENERIC:
            anchor = anchor.head.head  # "a practical DRL agent system for fighting games named Shūkai": the system
        if anchor.lower_ in OBSERVED or any(t.lower_ in OBSERVED for t in doc[max(tok.i - 3, 0) : tok.i]):
            return  # "this phenomenon, which we call Initial Guessing Bias"
        if anchor.lower_ in _MEASURES and kind is None and not any(c.lower_ in NEW_WORDS for c in anchor.children):
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

    def counted_contributions(self, num: Token) -> None:
        """"we propose two novel methods, Post-Training Transformation (PTT) and Robust Conformal
        Training (RCT), to ...", "two novel designs, inter-clip spatial grounding and ...": a counted
        list of new things whose items (as many as counted) are each proposed."""
        doc = self.doc
        sent = num.sent
        k = num.i + 1
        while k < min(sent.end, num.i + 5) and doc[k].lower_ not in _CONTRIBUTION_NOUNS \
                and doc[k].lower_ not in ("tasks", "problems") and (
                doc[k].lower_ in NEW_WORDS or doc[k].pos_ in ("ADJ", "NOUN") or doc[k].text == "-"):
            k += 1  # "two alternative matching strategies"
        if k >= sent.end:
            return  # the sentence ends before the counted noun: "... with two feed-forward"
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
                    doc[i + 1].pos_ in ("VERB", "PART", "AUX") or doc[i + 1].pos_ == "ADP" and len(items) == COUNTS[num.lower_]):
                break  # "two models, SiamCUT and MoCUT, for tracking": the list ends with its count
            start = i + 1
        items = [_past_marker(doc, s, e) for s, e in items]  # "1) Space Displacement Bond and 2) ..."
        items = [_name_before_its_use(doc, s, e) for s, e in items]  # "SCAN for semantic parsing, PCFG for ..."
        items = [(s, e) for s, e in items if s < e and (doc[s].lower_ not in ("a", "an", "the") or e - s > 1)
                 and doc[s].lower_ not in ("which", "that", "where")]  # "X, which infers ..., and Y, which ..."
        if len(items) != COUNTS[num.lower_] or any(e - s > 6 or doc[s].lower_ in ("one", "another") for s, e in items) \
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
        new = any(t.lower_ in NEW_WORDS for t in doc[num.i : k]) or (
            (noun.head.lower_ in PROPOSE_VERBS or noun.head.lower_ in _OFFER_VERBS) and noun.head.pos_ == "VERB"
            and we_subject(noun.head)) or (  # "we offer two alternative matching strategies: A and B"
            noun.lower_ in ("modules", "components", "innovations") and (any(t.lower_ in ("we", "our") for t in sent) or (
                self.named_subject(sent) and all(is_namey(doc[s]) for s, _ in items))))  # "TapMo comprises ..."
        if not (new or ours):
            return  # "AdAutomixup comprises two modules, a mixed example generator, and a target classifier"
        for s, e in items:  # "three datasets: Adult, COMPAS, and CelebA" are used, not new
            if label == "DATASET" and doc[e - 1].lower_ in TASK_NOUNS:
                self.add((s, e), "TASK", "listed")  # "four benchmarks: SCAN ..., and a compositional translation task"
            else:
                self.add((s, e), label, "propose" if new else "listed", proposed=new)

    def named_subject(self, sent: Span) -> bool:
        """The sentence is about a name the gazetteer does not know: "TapMo comprises two main components"."""
        subj = next((c for c in sent.root.children if c.dep_ == "nsubj"), None)
        return subj is not None and is_namey(subj) and not self.gaz_tokens[subj.i]

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
