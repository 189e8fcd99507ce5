"""Who does what in a sentence, from the parse: whether "we" (or "this paper") is a verb's subject, what a
verb introduces, and the name in a noun phrase. The rules ask these questions of every proposal cue; kept
apart because they are pure functions of the parse, and the place to look when a proposal is missed or
taken from someone else's sentence.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Token

from .lexicon import DATASET_WORDS, NAMING_VERBS, is_acronymish, is_namey
from .phrases import name_run

#: Words that put a name in earlier work: "existing methods such as X", "Other recent work proposed X".
PRIOR_CUES = frozenset("existing previous prior recent recently latest many various several numerous traditional".split())


def we_before(tok: Token) -> bool:
    """The sentence's main verb before ``tok`` has "we" as its subject."""
    root = tok.sent.root
    return root.i < tok.i and any(c.dep_ == "nsubj" and c.lower_ == "we" for c in root.children)


def we_subject(verb: Token, depth: int = 0, active_conj: bool = False) -> bool:
    if verb.dep_ == "xcomp" and any(c.lower_ == "us" for c in verb.head.children):
        return True  # "this prompts us to propose X"
    for child in verb.children:
        if child.dep_ in ("nsubj", "nsubjpass") and (
                child.lower_ == "we" or child.lower_ in ("paper", "work", "study")
                and not any(c.lower_ in PRIOR_CUES or c.lower_ == "other" for c in child.children)  # "Other recent work proposed X"
                or any(c.lower_ == "our" for c in child.children)
                or child.lower_ == "it" and depth == 0):  # "it introduces X", not "it is possible to build X"
            return True
        if child.dep_ == "compound" and child.lower_ in ("paper", "work", "study") and child.i == verb.i - 1:
            return True  # the parse of "This paper introduces AIM" ("paper" a compound of the verb)
    passive = any(c.dep_ == "nsubjpass" for c in verb.children) and not any(c.dep_ == "nsubj" for c in verb.children)
    if active_conj and passive and verb.dep_ == "ccomp":
        pass  # "We show that X are correlated ... and propose Y": the parser hung "propose" on the passive clause
    elif any(c.dep_ in ("nsubj", "nsubjpass") and not (c.lower_ == "it" and expletive(verb)) for c in verb.children) \
            or verb.dep_ == "amod":
        return False  # its own subject, or a participle ("the recently introduced X")
    # no subject of its own ("..., and propose X"): the closest ancestor with one decides
    if depth < 4 and verb.head.i != verb.i:
        return we_subject(verb.head, depth + 1, active_conj=depth == 0 and verb.dep_ == "conj")
    return False


#: What follows a name that makes it a modifier of what comes next: "(MCTS)-based method", "(TD) type
#: algorithm", "(MIM) based search" (not "based on", "powered by": a participle describing the name).
_MODIFIER_TAIL = re.compile(r"\)?\s*(?:\([^()]{1,20}\))?\s*-?\s*(?:based|type|style|like|inspired|guided|driven|aware|"
                            r"enhanced|powered|assisted|augmented|informed|oriented)\b(?!\s+(?:on|upon|by|from|in|to)\b)",
                            re.IGNORECASE)


def modifies_what_follows(doc: Doc, end: int) -> bool:
    """The name ending before token ``end`` goes on, past its acronym, as a compound modifier."""
    return end < len(doc) and _MODIFIER_TAIL.match(doc.text, doc[end - 1].idx + len(doc[end - 1].text)) is not None


def expletive(verb: Token) -> bool:
    """"(we show that) it is possible to ...": an "it" that stands for the infinitive, not a subject."""
    return verb.lemma_ == "be" and any(c.dep_ == "acomp" for c in verb.children) \
        and any(c.dep_ == "xcomp" for c in verb.children)


def objects_of(verb: Token) -> list[Token]:
    """What a verb introduces, every coordinated item included: "RSCP+ ... and Robust Conformal
    Training" (a noun conjunct of the verb), "two frameworks: A and B" (items after a colon)."""
    doc = verb.doc
    objs = [c for c in verb.children if c.dep_ in ("dobj", "attr", "oprd")
            or c.dep_ == "conj" and c.pos_ in ("NOUN", "PROPN") and c.i > verb.i and is_namey(c)
            and any(o.dep_ == "dobj" and any(is_namey(t) for t in doc[o.left_edge.i : o.i + 4])
                    for o in verb.children)  # a named first contribution, not "we present results ... and FEVER"
            or c.dep_ in ("dep", "appos") and c.pos_ in ("NOUN", "PROPN") and doc[c.left_edge.i - 1].text == ":"
            and not any(is_namey(o) for o in verb.children if o.dep_ == "dobj")]  # not "Albatross: AlphaZero for ..."
    # a participle or infinitive misread as a clause: "we propose a Multi-Window Masked Autoencoder (MW-MAE)
    # fitted with ...", "we propose Topology-aware Federated Learning (TFL) that ... to effectively train ..."
    objs.extend(s for c in verb.children if c.dep_ == "ccomp" and c.tag_ in ("VBN", "VBD", "VB") and c.lower_ not in NAMING_VERBS
                and not any(a.dep_ == "mark" or a.dep_ in ("aux", "auxpass") and a.lower_ != "to" for a in c.children)
                and (c.tag_ != "VB" or any(a.lower_ == "to" for a in c.children))
                for s in c.children if s.dep_ == "nsubj" and s.left_edge.i == verb.i + 1)
    for obj in list(objs):
        objs.extend(c for c in obj.children if c.dep_ == "conj"
                    or c.dep_ == "appos" and doc[c.left_edge.i - 1].text == ":" and not is_namey(obj))
    for obj in list(objs):
        objs.extend(c for c in obj.children if c.dep_ == "conj" and c not in objs)
    return objs


def object_head(tok: Token) -> str:
    """The noun that says what kind of thing the object is: its own word, or a dataset word set off
    beside it ("a new benchmark, MathVista", which the parse may hang on the name)."""
    for child in tok.children:
        if child.lower_ in DATASET_WORDS and (child.dep_ == "appos" or child.dep_ in ("nmod", "compound")
                                              and child.i + 1 < tok.i and child.doc[child.i + 1].text == ","):
            return child.lower_
    return tok.lower_


def named_in(doc: Doc, tok: Token) -> tuple[int, int] | None:
    """A name in the phrase headed by ``tok``: the head itself, a pre-modifier, or a name right
    after it or in apposition ("a novel algorithm Pre-trained Embodiment-Aware Control")."""
    if is_namey(tok):
        return name_run(doc, tok.i)
    if tok.i + 1 < len(doc) and is_namey(doc[tok.i + 1]):
        return name_run(doc, tok.i + 1)
    appositive = next((child for child in tok.rights if (
        child.dep_ == "appos" or child.dep_ == "npadvmod" and doc[child.i - 1].text == ",") and is_namey(child)), None)
    spelled_out = appositive is not None and doc[appositive.i - 1].text == "(" \
        and " " in doc[appositive.left_edge.i : appositive.right_edge.i + 1].text
    if appositive is not None and not spelled_out:
        return name_run(doc, appositive.i)  # "a large-scale dataset, CircuitNet 2.0,": the parse may call it npadvmod
    for child in tok.lefts:
        if child.dep_ in ("compound", "amod", "nmod") and is_namey(child):
            run = name_run(doc, child.i)  # "a FooNet framework", "a Domain-wise Active Acquisition framework"
            words = doc[run[0] : run[1]].text.split()  # words, not hyphen parts: not "Plug-and-Play"
            if is_acronymish(child.text) or len(words) >= 2 and all(w[0].isupper() for w in words):
                return run
    # a name in parentheses after the object, unless the name before it is the object's own ("the W4NT3D
    # benchmark (Wiki-40B 4dversarial Near-T3xt Dataset)" spells W4NT3D out)
    return name_run(doc, appositive.i) if spelled_out else None
