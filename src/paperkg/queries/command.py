"""`paperkg query QUESTION ...`: the questions on the command line, on either backend.

Backend choice, in order: `--graph DIR` (embedded), `--uri URI` or `--neo4j` (Neo4j, other settings from
NEO4J_* variables), else `./out/graph.json` when it exists, else Neo4j when NEO4J_URI is set.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from pydantic import BaseModel

from .. import queries as q
from ..errors import ConfigError

DEFAULT_GRAPH = Path("out")
DEFAULT_LIMIT = 20

BACKEND_HELP = """\
backend (first that applies):
  --graph DIR    the embedded graph DIR/graph.json written by `paperkg build --out DIR` (no server)
  --uri URI      Neo4j at URI; --neo4j: Neo4j at $NEO4J_URI (user, password, database from
                 --user/--password/--database, else $NEO4J_USERNAME/$NEO4J_PASSWORD/$NEO4J_DATABASE)
  (neither)      ./out/graph.json when it exists, else Neo4j when $NEO4J_URI is set
Unknown names exit with status 1 and suggest close matches."""

QUESTIONS: dict[str, tuple[str, str]] = {
    "shared-datasets": ("pairs of papers sharing at least --min datasets, with their names", "--min 1"),
    "shared-methods": ("pairs of papers sharing at least --min methods", "--min 2 --limit 10"),
    "shared-tasks": ("pairs of papers addressing at least --min common tasks", "--min 2"),
    "papers-using": ("papers that use, address or propose an entity (any name or alias, any case)",
                     "'graph neural network'"),
    "top": ("the entities or authors in the most papers", "--label DATASET"),
    "method-task": ("which methods are used for which tasks (papers with both)", "--min 2"),
    "coauthors": ("an author's collaborators and the papers they share", "'Yoshua Bengio'"),
    "collaboration": ("the largest groups of connected authors and the most collaborative authors", "--limit 5"),
    "similar": ("the papers most similar to one (title or id): 2 x methods + 2 x datasets + 1 x tasks shared",
                "'Attention Is All You Need'"),
    "path": ("the shortest chain between two papers, authors or entities", "'Ann Lee' 'ImageNet'"),
    "proposed": ("which paper introduced a method or dataset, and which others use it", "ResNet"),
    "area": ("the top methods, tasks and datasets of an area, subareas included (--limit each)",
             "'Computer Vision' --limit 5"),
}


def add_parser(sub: argparse._SubParsersAction, add_neo4j_options: Callable[[argparse.ArgumentParser], None]) -> None:
    """Register `query` and one sub-command per question under `sub`."""
    common = argparse.ArgumentParser(add_help=False)
    where = common.add_argument_group("backend")
    where.add_argument("--graph", metavar="DIR", help="embedded graph folder (or its graph.json)")
    where.add_argument("--neo4j", action="store_true", help="query Neo4j ($NEO4J_URI, else bolt://localhost:7687)")
    add_neo4j_options(where)
    common.add_argument("--format", choices=("table", "json", "csv"), default="table", help="output (default table)")
    common.add_argument("--limit", type=int, default=DEFAULT_LIMIT, metavar="N",
                        help=f"at most N rows, 0 for all (default {DEFAULT_LIMIT}; area: N per label, default 10)")

    examples = "\n".join(f"  paperkg query {name} {example}" for name, (_, example) in QUESTIONS.items())
    parser = sub.add_parser("query", help="answer a question about the graph (embedded or Neo4j)",
                            description="Answer a researcher's question about the graph, on the embedded "
                                        "graph or in Neo4j; both give the same rows.",
                            epilog=f"examples:\n{examples}\n\n{BACKEND_HELP}",
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    questions = parser.add_subparsers(dest="question", metavar="QUESTION", required=True)
    for name, (help_text, example) in QUESTIONS.items():
        p = questions.add_parser(name, help=help_text, description=help_text, parents=[common],
                                 epilog=f"example:\n  paperkg query {name} {example}\n\n{BACKEND_HELP}",
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
        p.set_defaults(func=run)
        if name.startswith("shared-"):
            p.add_argument("--min", type=int, default=2, metavar="N", help="shared at least N (default 2)")
        elif name == "method-task":
            p.add_argument("--min", type=int, default=1, metavar="N", help="in at least N papers (default 1)")
        elif name == "top":
            p.add_argument("--label", type=str.upper, choices=list(q.TOP_LABELS), default="METHOD",
                           help="what to rank (default METHOD)")
        elif name == "path":
            p.add_argument("a", metavar="A", help="name of a paper, author, method, task or dataset")
            p.add_argument("b", metavar="B", help="another one")
        elif name != "collaboration":
            p.add_argument("name", nargs="+", metavar="NAME", help="name (several words are joined)")
        if name == "area":
            p.set_defaults(limit=10)


@contextmanager
def open_backend(args: argparse.Namespace) -> Iterator[q.Backend]:
    """The backend the arguments ask for (see BACKEND_HELP)."""
    use_neo4j = bool(args.uri or args.neo4j)
    if args.graph and use_neo4j:
        raise ConfigError("give --graph (embedded) or --uri/--neo4j (Neo4j), not both")
    if not args.graph and not use_neo4j:
        if (DEFAULT_GRAPH / "graph.json").is_file():
            args.graph = str(DEFAULT_GRAPH)
        elif os.environ.get("NEO4J_URI"):
            use_neo4j = True
        else:
            raise ConfigError("no graph: run `paperkg build INPUT --out out` first, or pass --graph DIR or --uri URI")
    if not use_neo4j:
        from ..export import read_node_link

        path = Path(args.graph)
        yield read_node_link(path / "graph.json" if path.is_dir() else path)
        return
    from ..neo4j_store import connect
    from ..settings import Neo4jSettings

    logging.getLogger("neo4j").addHandler(logging.NullHandler())
    logging.getLogger("neo4j").propagate = False
    settings = Neo4jSettings.from_env(uri=args.uri, user=args.user, password=args.password, database=args.database)
    with connect(settings) as driver:
        yield q.Neo4jBackend(driver, settings.database)


def answer(backend: q.Backend, args: argparse.Namespace) -> list[BaseModel] | q.Collaboration:
    """Call the helper `args.question` names."""
    limit = args.limit if args.limit > 0 else None
    name = " ".join(getattr(args, "name", None) or [])
    match args.question:
        case "shared-datasets":
            return q.shared_datasets(backend, args.min, limit)
        case "shared-methods":
            return q.shared_methods(backend, args.min, limit)
        case "shared-tasks":
            return q.shared_tasks(backend, args.min, limit)
        case "papers-using":
            return q.papers_using(backend, name, limit)
        case "top":
            return q.top(backend, args.label, limit)
        case "method-task":
            return q.method_task(backend, args.min, limit)
        case "coauthors":
            return q.coauthors(backend, name, limit)
        case "collaboration":
            return q.collaboration(backend, limit)
        case "similar":
            return q.similar(backend, name, limit)
        case "path":
            return q.path(backend, args.a, args.b)
        case "proposed":
            return q.proposed(backend, name, limit)
        case "area":
            return q.area(backend, name, limit)
    raise ConfigError(f"unknown question {args.question!r}")


def render(result: list[BaseModel] | q.Collaboration, fmt: str) -> str:
    from ..cli import format_csv, format_table

    if fmt == "json":
        data = result.model_dump() if isinstance(result, q.Collaboration) else [r.model_dump() for r in result]
        return json.dumps(data, ensure_ascii=False, indent=2)
    show = format_table if fmt == "table" else format_csv
    if isinstance(result, q.Collaboration):
        groups = [g.model_dump() for g in result.groups]
        authors = [a.model_dump() for a in result.authors]
        if fmt == "csv":
            return f"{show(groups)}\n\n{show(authors)}"
        return (f"{result.authors_total} authors in {result.groups_total} groups (authors linked by shared papers)"
                f"\n\nlargest groups\n{show(groups)}\n\nmost collaborative authors\n{show(authors)}")
    rows = [r.model_dump() for r in result]
    if fmt == "table" and result and isinstance(result[0], q.PathStep):
        chain = " ".join(f"{r['via']} {r['name']}".strip() for r in rows)
        return f"{chain}\n\n{show(rows)}"
    return show(rows)


def run(args: argparse.Namespace) -> int:
    with open_backend(args) as backend:
        print(render(answer(backend, args), args.format))
    return 0
