"""The questions answered in Neo4j by running exactly the files in `cypher/queries/`.

Names are matched inside each file; only when a question comes back empty does `find.cypher` run, to
tell an unknown name (NotFoundError with close matches from `names.cypher`) from an empty answer.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import schema as s
from . import names as nm
from .backend import Neo4jBackend
from .embedded import summarize_collaboration
from .rows import (AreaEntity, Coauthor, Collaboration, MethodTask, PaperUse, PathStep, ProposedUse,
                   SharedPair, SimilarPaper, TopEntity)
from .choices import PATH_MAX_HOPS

#: Cypher's LIMIT needs a number: "no limit" is a large one (ArcadeDB fails on 2**31 - 1 and above).
NO_LIMIT = 1_000_000_000
SHARED_FILES = {s.DATASET: "shared_datasets", s.METHOD: "shared_methods", s.TASK: "shared_tasks"}
WHAT = {nm.ENTITIES: "method, task or dataset", nm.PROPOSABLE: "method or dataset", (s.AUTHOR,): "author",
        (s.PAPER,): "paper", (s.AREA,): "area", nm.PATH_ENDS: "paper, author, method, task or dataset"}


def _limit(limit: int | None) -> int:
    return NO_LIMIT if limit is None else limit


def _require(db: Neo4jBackend, name: str, labels: Sequence[str]) -> None:
    """NotFoundError (with close matches) unless some node of `labels` is called `name`."""
    if db.run("find", name=name, labels=list(labels)):
        return
    known = [x for row in db.run("names", labels=list(labels)) for x in (row["name"], *row["aliases"])
             if isinstance(x, str)]
    raise nm.not_found(WHAT[tuple(labels)], name, known)


def _answer(db: Neo4jBackend, query: str, asked: str, labels: Sequence[str], /, **params: object) -> list[dict]:
    rows = db.run(query, **params)
    if not rows:
        _require(db, asked, labels)
    return rows


def shared(db: Neo4jBackend, label: str, min_shared: int, limit: int | None) -> list[SharedPair]:
    return [SharedPair(**r) for r in db.run(SHARED_FILES[label], min_shared=min_shared, limit=_limit(limit))]


def papers_using(db: Neo4jBackend, name: str, limit: int | None) -> list[PaperUse]:
    rows = _answer(db, "papers_using", name, nm.ENTITIES, name=name, limit=_limit(limit))
    return [PaperUse(**r) for r in rows]


def top(db: Neo4jBackend, label: str, limit: int | None) -> list[TopEntity]:
    return [TopEntity(**r) for r in db.run("top", label=label, limit=_limit(limit))]


def method_task(db: Neo4jBackend, min_papers: int, limit: int | None) -> list[MethodTask]:
    return [MethodTask(**r) for r in db.run("method_task", min_papers=min_papers, limit=_limit(limit))]


def coauthors(db: Neo4jBackend, name: str, limit: int | None) -> list[Coauthor]:
    rows = _answer(db, "coauthors", name, (s.AUTHOR,), name=name, limit=_limit(limit))
    return [Coauthor(**r) for r in rows]


def collaboration(db: Neo4jBackend, limit: int | None) -> Collaboration:
    rows = db.run("collaboration")
    return summarize_collaboration({r["key"]: (r["author"], r["papers"]) for r in rows},
                                   {r["key"]: r["coauthors"] for r in rows}, limit)


def similar(db: Neo4jBackend, paper: str, limit: int | None) -> list[SimilarPaper]:
    rows = _answer(db, "similar", paper, (s.PAPER,), paper=paper, limit=_limit(limit))
    return [SimilarPaper(**r) for r in rows]


def path(db: Neo4jBackend, a: str, b: str) -> list[PathStep]:
    rows = db.run("path", from_name=a, to_name=b)
    if not rows:
        _require(db, a, nm.PATH_ENDS)
        _require(db, b, nm.PATH_ENDS)
        raise nm.NotFoundError(f"no connection between {a!r} and {b!r} within {PATH_MAX_HOPS} steps")
    return [PathStep(**r) for r in rows]


def proposed(db: Neo4jBackend, name: str, limit: int | None) -> list[ProposedUse]:
    rows = _answer(db, "proposed", name, nm.PROPOSABLE, name=name, limit=_limit(limit))
    return [ProposedUse(**r) for r in rows]


def area(db: Neo4jBackend, name: str, limit: int | None) -> list[AreaEntity]:
    rows = _answer(db, "area", name, (s.AREA,), name=name, limit=_limit(limit))
    return [AreaEntity(**r) for r in rows]
