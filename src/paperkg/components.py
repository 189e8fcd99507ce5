"""paperkg's spaCy components as one pipeline: their order, and the mentions they leave on a Doc.

Pipeline order: ``paperkg_abbreviations`` -> ``paperkg_gazetteer`` -> ``paperkg_rules``.
The first two leave intermediate span groups (``doc.spans["paperkg_abbrev"]``: long form, short
form, ...; ``doc.spans["paperkg_gaz"]``: gazetteer hits with ``kb_id_`` = gazetteer key). The rules
component consumes and removes them, and leaves the final mentions in ``doc.ents`` (paperkg does
not use spaCy's NER): ``label_`` METHOD/TASK/DATASET, ``kb_id_`` the gazetteer key or "", ``id_``
the rule, plus ``|proposed`` for what the paper introduces and ``|long=S-E`` on an acronym whose
long form is the entity at tokens S..E. ``mentions(doc)`` unpacks that.

Why ``doc.ents`` and not span groups or Doc extensions: when ``nlp.pipe(n_process=...)`` sends docs
back from its workers, each span group and the user data cost an extra (slow) msgpack round trip,
which ate most of the two-worker speedup; entity annotations travel in the token arrays for free.

The components live in ``abbreviations``, ``gazetteer`` and ``rules`` (importing them registers
the factories); this module names them in pipeline order and unpacks their output.
"""

from __future__ import annotations

from typing import NamedTuple

from spacy.tokens import Doc, Span

from . import abbreviations, gazetteer, rules

PIPES = (abbreviations.FACTORY, gazetteer.FACTORY, rules.FACTORY)


class Mention(NamedTuple):
    """One final mention: the span (label, gazetteer key in ``kb_id_``), the rule that found it,
    whether the paper proposes it, and the long form when it is an acronym of another mention."""

    span: Span
    rule: str
    proposed: bool
    long: Span | None


def mentions(doc: Doc) -> list[Mention]:
    """The final mentions the rules left in ``doc.ents``."""
    out = []
    for ent in doc.ents:
        rule, *flags = ent.id_.split("|")
        long = None
        for flag in flags:
            if flag.startswith("long="):
                start, end = flag[5:].split("-")
                long = doc[int(start) : int(end)]
        out.append(Mention(ent, rule, "proposed" in flags, long))
    return out
