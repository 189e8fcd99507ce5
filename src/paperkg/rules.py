"""The contextual rules: from the abbreviation and gazetteer span groups and the parse to the final,
non-overlapping mentions, and the ``paperkg_rules`` component that writes them to ``doc.ents``
(what they carry is described in ``paperkg.components``). The rule families live in ``paperkg.proposals``
(what a paper proposes and names) and ``paperkg.context_labels`` (labels from a phrase's context); this module
runs them with the name and abbreviation rules and settles overlaps.

Rules that need the dependency parse are skipped on docs without one (``spacy.blank``).
"""

from __future__ import annotations

import re

import numpy
from spacy.attrs import DEP, LOWER, ORTH
from spacy.language import Language
from spacy.strings import hash_string
from spacy.tokens import Doc, Span, Token

from .abbreviations import sets_off
from .candidates import NEW_WORDS, ORDER, TASK_NOUNS
from .clauses import named_in, objects_of, we_before, we_subject
from .context_labels import BEATING_VERBS, NO_METHOD_NAME, TASK_FOLLOWERS, TECHNIQUE_NOUNS, VERSUS, ContextRules
from .filters import is_junk
from .lexicon import (ABBREV, CONTRARY_PREFIXES, DATASET_WORDS, EVAL_WORDS, FIELDS, FUNCTION_WORDS, GAZ, GENERIC,
                      GENERIC_TECH, LOOSE_TASKS, METHOD_CUES, METRICS, NAMING_VERBS, NOT_ENTITIES, PROPOSE_VERBS,
                      TASK_HEADS, TECH_HEADS, WEAK_TASKS, is_acronymish, is_namey, name_shape, orth_shape)
from .phrases import method_span, name_run, named_problem, proposed_as_data, task_span, typed_as_data, word_start
from .proposals import (ANY_GENERIC, CAP_ADJECTIVES, COUNTS, MODEL_SIZE, WEAK_PROPOSE, ProposalRules, by_acronym,
                        extends_known_dataset, named_object_label)

FACTORY = "paperkg_rules"


# Words that describe a dataset's use rather than name it ("ARC evaluation dataset").
_NOT_IN_NAMES = frozenset(
    "evaluation test testing training validation public popular standard synthetic real benchmark "
    "downstream original full entire whole large small new novel several multiple different other".split()
)


#: Nouns that propose what follows their "of" in a sentence about "our" work.
_PROPOSING_NOUNS = frozenset(("introduction", "development"))


_CORE_WORDS = frozenset(("central", "core", "heart", "key"))


#: Adverbs that make "proposed" someone else's: "the recently proposed X", "originally proposed for ...".
_PROPOSED_BEFORE = frozenset("recently previously originally already earlier widely commonly first".split())


_LIST_CUES = frozenset(("as", "including", "like", "e.g.", "e.g", "covering", "spanning"))


#: Plural nouns whose list after a colon (or, for applications, "to") names tasks.
_LISTING_TASKS = frozenset(("tasks", "applications", "problems"))


_CUE_OR_DATA_WORDS = METHOD_CUES | DATASET_WORDS


#: What "X, our <...> dataset / method / model" can call X.
_OURS_HEADS = DATASET_WORDS | ANY_GENERIC | TECH_HEADS


#: Kind words that a technique's name may follow: "the RPS technique ROAST", "baselines such as the method DAPT".
_METHOD_KINDS = frozenset("method methods algorithm algorithms technique techniques approach approaches model models "
                          "framework architecture baseline baselines optimizer optimizers".split())


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


#: Task words that follow the dataset they are done on: "ImageNet classification", "COCO detection"
#: (not "NAS-Bench-201 search space", "an N-body interaction task").
_DATA_TASK_HEADS = frozenset("classification detection segmentation recognition captioning retrieval tracking".split())


#: Words ending like a task noun that name something else ("out-of-distribution tasks").
_NOT_TASK_NOUNS = frozenset("distribution evaluation information function population iteration position condition "
                            "setting resolution existing training pretraining pre-training finetuning fine-tuning tuning validation".split())


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


#: Plural nouns whose parenthesized list names tasks or datasets.
_LISTING_NOUNS = frozenset(("tasks", "problems", "applications", "benchmarks", "datasets"))


#: Question-answering datasets are named "<Name>QA": CommonsenseQA, HotpotQA, TriviaQA (not VQA, video-QA).
_QA_DATASET = re.compile(r"[A-Z][A-Za-z]{2,}-?QA")


#: Singular heads that describe one model rather than name a technique ("a harmless language model",
#: "a differentiable neural network"): on the dev sets 3 of 16 such phrases were gold methods.
_SINGLE_THINGS = frozenset(("model", "network"))


#: Heads that make no technique of the words before them: "a generative framework", "adversarial training
#: techniques", "convolutional kernels", "optical flow fields", "forward message propagation", "LoRA
#: fine-tuning", "data normalization", "label encoding". On the dev sets the technique rule's phrases with
#: these heads were gold methods 11 times in 69.
_NO_TECHNIQUE_HEADS = frozenset("framework frameworks technique techniques kernels fields propagation fine-tuning finetuning "
                                 "normalization encoding".split())


#: What a benchmark suite holds: "3D-exploration tasks in DM-Hard-8", "scenarios in NegotiationArena".
_SUITE_ITEMS = frozenset("tasks games environments scenarios".split())


#: Nouns after an acronym's parenthesis that make what it names data: "the ... Block Model (CSBM) dataset".
_DATA_KINDS = frozenset("dataset datasets benchmark benchmarks corpus corpora".split())


#: "We study X": the heads of the settings a paper studies.
_STUDY_VERBS = frozenset("study studies studied consider considers investigate investigates address addresses tackle "
                         "tackles".split())


#: "We address these limitations with ClimODE": verbs whose means ("with", "via", "through") is the paper's own.
_REMEDY_VERBS = frozenset("address addresses tackle tackles overcome overcomes mitigate mitigates alleviate alleviates "
                          "resolve resolves circumvent circumvents remedy remedies".split())


_COMPARING_WORDS = frozenset(("compared", "comparison", "comparisons", "comparing", "relative"))


#: Verbs after which a specific noun phrase names a technique the paper uses.
_USE_VERBS = frozenset(
    "use uses used using employ employs employed employing leverage leverages leveraged leveraging utilize utilizes "
    "utilized utilizing utilise utilises utilised utilising incorporate incorporates incorporated incorporating "
    "adopt adopts adopted adopting".split())


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
    if span.end < len(doc) and doc[span.end].lower_ in TECHNIQUE_NOUNS and doc[span.end].tag_ == "NN" and (
            head in WEAK_TASKS or head.endswith("ing") or head == "optimization"):
        return "METHOD"
    return "TASK"


#: rules whose label is only a guess from the name's shape or its neighbours in a list
_WEAK_LABELS = frozenset(("camel-name", "conjunct"))


class _Rules(ProposalRules, ContextRules):
    """One pass of the contextual rules over a parsed doc: ``run`` looks at each word once and hands it to the
    rule families (proposals, context labels) or to the name and abbreviation rules here; all of them collect
    candidate spans in ``out``, which ``finish`` settles into mentions."""

    def finish(self) -> tuple[list[Span], list[Span]]:
        out = self.run()
        gaz_keys = {(s.start, s.end): s.kb_id_ for s in self.gaz}
        return _finalize(self.doc, out, gaz_keys)

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
        # every spelling by_acronym accepts, by hash: most tokens are no defined acronym
        acronyms = {hash_string(form) for short in short_labels for form in (short, short + "s", short[:-1])}
        for i, (orth, lower, dep) in enumerate(rows):
            shaped = orth_shape(orth, strings)
            if orth in acronyms:
                label = by_acronym(short_labels, strings[orth])
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
            if from_long == "TASK" and _head_word(doc, short.end + 1) in TECHNIQUE_NOUNS:
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
        known = long.end in self.method_ends or by_acronym(defined, long[-1].text) == "METHOD"
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
                self.add_proposal(name_run(doc, named), named_object_label(doc[named], tok))
        elif low in ("present", "presents") and tok.i > 0 and (doc[tok.i - 1].lower_ == "we" or doc[tok.i - 1].lower_ == "and"
                                                              and tok.i + 1 < len(doc) and is_namey(doc[tok.i + 1])
                                                              and we_before(tok)):
            # tagged as an adjective: "We present mean-field chaos diffusion models" (the adjective of the
            # object), "We present DeDer, a framework for ..." (the root, its object a dobj), "we make a step
            # towards such models and present ULTRA, an approach ..." (the adjective of ULTRA)
            for obj in ([tok.head] if tok.head.i > tok.i else objects_of(tok)):
                self.proposal(obj, tok)
        elif low in WEAK_PROPOSE and tok.pos_ == "VERB" and we_subject(tok):
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
        elif tok.dep_ == "appos" and is_namey(tok.head) and any(c.lower_ in NEW_WORDS for c in tok.children):
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
                    and not MODEL_SIZE.search(doc[found[0] : found[1]].text):  # "our Llama-7B" is used
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
        if low in BEATING_VERBS or low in _COMPARING_WORDS or low in VERSUS:
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
            elif low in TASK_FOLLOWERS and tok.i > 0 and _names_task(doc[tok.i - 1]):
                # "fact editing benchmarks", "transfer learning tasks", "flow field prediction accuracy"
                prev = doc[tok.i - 1]
                bare = prev.lower_ in TASK_HEADS and low in TASK_NOUNS
                span = self.after_dataset(task_span(doc, prev, allow_bare=bare, allow_field=True))  # "the ImageNet ... task"
                if span is not None:
                    self.add(span, "TASK", "task-noun")
                    if low in TASK_NOUNS:  # "interpolation, forecasting, and classification tasks"
                        for other in (*prev.conjuncts, *tok.conjuncts):  # the parse hangs the list on either
                            if other.i < prev.i and _names_task(other):
                                item = self.after_dataset(task_span(doc, other, allow_bare=True))
                                if item is not None:
                                    self.add(item, "TASK", "task-noun")
            elif low in ("problem", "problems") and tok.i > 1:
                span = named_problem(doc, tok)
                if span is not None:
                    self.add(span, "TASK", "named-problem")
        if low in COUNTS:
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
        if NO_METHOD_NAME.search(name):
            return
        head = _head_word(doc, end)
        label = _label_from_head(head)
        if label == "DATASET" and head in ("benchmarks", "datasets") and start > 0 \
                and (doc[start - 1].tag_ == "CD" or doc[start - 1].lower_ in ("several", "multiple", "various", "many")):
            if not any(self.gaz_tokens[start:end]):
                self.add((start, end), "TASK", "name-head")  # "three RES benchmarks": a kind of benchmark, a task
            return
        if label is None and (any(self.dataset_end.get(k) == start for k in range(start, end))
                              or extends_known_dataset(name)):
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
        if end - start == 1 and tok.lower_ in CAP_ADJECTIVES:
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

    def after_dataset(self, span: Span | None) -> Span | None:
        """A task phrase with a known dataset in it is the task after the dataset: "COCO object detection"
        is object detection (the dataset is a mention of its own), "class-conditional ImageNet generation"
        is generation."""
        if span is None:
            return None
        last = max((k for k in range(span.start, span.end - 1) if k in self.dataset_end), default=None)
        return span if last is None else self.doc[last + 1 : span.end]


def rule_mentions(doc: Doc) -> tuple[list[Span], set[tuple[int, int]], list[tuple[Span, Span]]]:
    """All mentions of ``doc`` (gazetteer, abbreviations, parse rules) without overlaps, the token
    ranges of those the paper proposes, and the acronym definitions (long form, short form)."""
    rules = _Rules(doc)
    spans, proposed = rules.finish()
    return spans, {(s.start, s.end) for s in proposed}, rules.pairs


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
    items = sorted(out.items(), key=lambda kv: (-(kv[0][1] - kv[0][0]), ORDER.get(kv[1][1], 3), kv[0][0]))
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
             | _CORE_WORDS | TASK_FOLLOWERS | _USE_VERBS | _STUDY_VERBS | _REMEDY_VERBS
             | BEATING_VERBS | _COMPARING_WORDS | VERSUS | _LISTING_NOUNS
             | _LISTING_TASKS | WEAK_PROPOSE | set(COUNTS) | {"via", "through", "for", "proposed", "resulting", "our"})


_TRIGGER_HASHES = frozenset(map(hash_string, _TRIGGERS))


_TASK_HEAD_HASHES = frozenset(map(hash_string, TASK_HEADS))


