"""Researchers' questions, answered the same way on the embedded graph and in Neo4j.

Every helper takes a backend: the networkx graph `paperkg build` writes (`export.read_node_link`), or a
`Neo4jBackend` (driver plus database), which runs exactly the files in `cypher/queries/`. Both return the
same pydantic rows in the same order: counts descending, then names, then keys, so ties are decided
the same way on both. `limit=None` means all rows. Unknown names raise `NotFoundError` with close matches.
"""

from __future__ import annotations

from types import ModuleType

import networkx as nx

from .. import schema as s
from ..errors import NotFoundError
from . import embedded
from .backend import Neo4jBackend
from .choices import PATH_MAX_HOPS, PATH_TYPES, SIMILARITY_WEIGHTS
from .rows import (AreaEntity, AuthorGroup, Coauthor, Collaboration, CollaborativeAuthor, MethodTask,
                   PaperUse, PathStep, ProposedUse, SharedPair, SimilarPaper, TopEntity)

Backend = nx.MultiDiGraph | Neo4jBackend

#: `top --label` values -> schema labels.
TOP_LABELS = {"METHOD": s.METHOD, "TASK": s.TASK, "DATASET": s.DATASET, "AUTHOR": s.AUTHOR}

__all__ = [
    "AreaEntity", "AuthorGroup", "Backend", "Coauthor", "Collaboration", "CollaborativeAuthor", "MethodTask",
    "Neo4jBackend", "PATH_MAX_HOPS", "PATH_TYPES", "PaperUse", "PathStep", "ProposedUse", "SIMILARITY_WEIGHTS",
    "SharedPair", "SimilarPaper", "TOP_LABELS", "TopEntity", "area", "coauthors", "collaboration", "method_task",
    "papers_using", "path", "proposed", "shared_datasets", "shared_methods", "shared_tasks", "similar", "top",
]


def _impl(backend: Backend) -> ModuleType:
    if isinstance(backend, Neo4jBackend):
        from . import bolt

        return bolt
    if isinstance(backend, nx.MultiDiGraph):
        return embedded
    raise TypeError(f"a backend is a networkx MultiDiGraph or a Neo4jBackend, not {type(backend).__name__}")


def _at_least_one(value: int, what: str) -> int:
    if value < 1:
        raise ValueError(f"{what} must be at least 1, got {value}")
    return value


def _limit(limit: int | None) -> int | None:
    return None if limit is None else max(limit, 0)


def shared_datasets(backend: Backend, min_shared: int = 2, limit: int | None = None) -> list[SharedPair]:
    """Pairs of papers sharing at least `min_shared` datasets (used or proposed), with their names."""
    return _impl(backend).shared(backend, s.DATASET, _at_least_one(min_shared, "min_shared"), _limit(limit))


def shared_methods(backend: Backend, min_shared: int = 2, limit: int | None = None) -> list[SharedPair]:
    """Pairs of papers sharing at least `min_shared` methods (used or proposed)."""
    return _impl(backend).shared(backend, s.METHOD, _at_least_one(min_shared, "min_shared"), _limit(limit))


def shared_tasks(backend: Backend, min_shared: int = 2, limit: int | None = None) -> list[SharedPair]:
    """Pairs of papers addressing at least `min_shared` common tasks."""
    return _impl(backend).shared(backend, s.TASK, _at_least_one(min_shared, "min_shared"), _limit(limit))


def papers_using(backend: Backend, name: str, limit: int | None = None) -> list[PaperUse]:
    """Papers that use, address or propose the entity called `name` (any name or alias, any case)."""
    return _impl(backend).papers_using(backend, name, _limit(limit))


def top(backend: Backend, label: str = "METHOD", limit: int | None = None) -> list[TopEntity]:
    """The entities (or authors) of `label` in the most papers."""
    wanted = label.strip().upper()
    if wanted not in TOP_LABELS:
        raise NotFoundError(f"no label {label!r}", list(TOP_LABELS))
    return _impl(backend).top(backend, TOP_LABELS[wanted], _limit(limit))


def method_task(backend: Backend, min_papers: int = 1, limit: int | None = None) -> list[MethodTask]:
    """Methods and the tasks they are used for: in how many papers both occur."""
    return _impl(backend).method_task(backend, _at_least_one(min_papers, "min_papers"), _limit(limit))


def coauthors(backend: Backend, name: str, limit: int | None = None) -> list[Coauthor]:
    """An author's collaborators and the papers they share."""
    return _impl(backend).coauthors(backend, name, _limit(limit))


def collaboration(backend: Backend, limit: int | None = None) -> Collaboration:
    """The largest groups of connected authors and the authors with the most coauthors."""
    return _impl(backend).collaboration(backend, _limit(limit))


def similar(backend: Backend, paper: str, limit: int | None = None) -> list[SimilarPaper]:
    """Papers most similar to `paper` (title or id): weighted count of shared methods, datasets, tasks.

    score = 2 x shared methods + 2 x shared datasets + 1 x shared task (see `choices`).
    """
    return _impl(backend).similar(backend, paper, _limit(limit))


def path(backend: Backend, a: str, b: str) -> list[PathStep]:
    """The shortest chain of papers, authors and entities from `a` to `b` (at most PATH_MAX_HOPS steps).

    Among equally short chains the one with the smallest node ids ("Label:key") wins, so both
    backends pick the same. No chain raises NotFoundError.
    """
    return _impl(backend).path(backend, a, b)


def proposed(backend: Backend, name: str, limit: int | None = None) -> list[ProposedUse]:
    """Which papers propose a method or dataset, and which others use it: proposers first."""
    return _impl(backend).proposed(backend, name, _limit(limit))


def area(backend: Backend, name: str, limit: int | None = 10) -> list[AreaEntity]:
    """The top `limit` datasets, methods and tasks (each) of an area's papers, its subareas included."""
    return _impl(backend).area(backend, name, _limit(limit))
