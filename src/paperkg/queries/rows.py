"""The rows every question returns, identical on both backends.

Field order is column order in the CLI's tables; keys come last because they are for machines.
Scores are integers (see `similar`), so no float rounding can make the backends disagree.
"""

from __future__ import annotations

from typing import Literal

from ..models import Model


class SharedPair(Model):
    """Two papers and the entities of one label they share; `paper_a` sorts before `paper_b`."""

    paper_a: str
    paper_b: str
    shared: int
    names: list[str]
    key_a: str
    key_b: str


class PaperUse(Model):
    """A paper's relation to an entity: USES_METHOD, USES_DATASET, ADDRESSES or PROPOSES."""

    paper: str
    relation: str
    mentions: int
    entity: str
    label: str
    key: str


class TopEntity(Model):
    name: str
    papers: int
    label: str
    key: str


class MethodTask(Model):
    method: str
    task: str
    papers: int
    method_key: str
    task_key: str


class Coauthor(Model):
    author: str
    papers: int
    titles: list[str]
    key: str


class CollaborativeAuthor(Model):
    """`group` is the size of the author's connected group (authors linked by shared papers)."""

    author: str
    coauthors: int
    papers: int
    group: int
    key: str


class AuthorGroup(Model):
    rank: int
    authors: int
    papers: int
    members: list[str]


class Collaboration(Model):
    """Groups largest first; authors most collaborative first."""

    groups_total: int
    authors_total: int
    groups: list[AuthorGroup]
    authors: list[CollaborativeAuthor]


class SimilarPaper(Model):
    paper: str
    score: int
    methods: list[str]
    datasets: list[str]
    tasks: list[str]
    key: str


class PathStep(Model):
    """One node of a chain; `via` is the relationship reaching it from the previous step ('' first)."""

    step: int
    via: str
    label: str
    name: str
    key: str


class ProposedUse(Model):
    entity: str
    label: str
    role: Literal["proposes", "uses"]
    paper: str
    key: str


class AreaEntity(Model):
    label: str
    name: str
    papers: int
    key: str
