"""The main job: ingest, extract, resolve and build the graph; `paperkg build` and `paperkg load` run it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

import networkx as nx
import spacy

from . import export
from .extract import extract_papers, load_pipeline
from .graph import build_graph_data, from_networkx, summarize, to_networkx
from .errors import InputError
from .ingest import IngestResult, IngestStats, read_papers, write_rejections
from .evaluate import EvalReport, load_gold, load_predictions, score
from .models import GraphData, Model, Paper, PaperExtraction
from .resolve import resolve
from .neo4j_store import DEFAULT_BATCH_SIZE, LoadSummary, connect, load_graph, paper_sources
from .settings import Neo4jSettings, Settings

GRAPHML = "graph.graphml"
GRAPH_JSON = "graph.json"
EXTRACTIONS = "extractions.jsonl"
REJECTS = "rejects.jsonl"


class Corpus(Model):
    """What the main job made of its inputs, before anything is written."""

    ingest: IngestResult
    extractions: list[PaperExtraction]
    graph: GraphData


class BuildSummary(Model):
    out_dir: str
    files: dict[str, str]
    ingest: IngestStats
    nodes: dict[str, int]
    relationships: dict[str, int]


def extract_resolved(
    papers: Sequence[Paper], settings: Settings, *, nlp: spacy.Language | None = None, progress: bool = False
) -> list[PaperExtraction]:
    """Extract every paper, then resolve entities across all of them (keys and canonical names)."""
    nlp = nlp if nlp is not None else load_pipeline(settings)
    return resolve(list(extract_papers(
        papers, nlp, workers=settings.workers, batch_size=settings.batch_size, progress=progress,
    )))


def make_corpus(
    inputs: Iterable[str | Path],
    settings: Settings,
    *,
    fmt: str = "auto",
    skip_bad: bool = False,
    nlp: spacy.Language | None = None,
    progress: bool = False,
) -> Corpus:
    """Ingest, extract and resolve, then build the graph records."""
    ingested = read_papers(inputs, fmt, skip_bad=skip_bad)
    extractions = extract_resolved(ingested.papers, settings, nlp=nlp, progress=progress)
    return Corpus(ingest=ingested, extractions=extractions, graph=build_graph_data(ingested.papers, extractions))


def write_outputs(corpus: Corpus, out_dir: Path, rejects: Path | None = None) -> BuildSummary:
    """GraphML, node-link JSON, predictions JSONL and (when anything was rejected) the rejects file."""
    out_dir.mkdir(parents=True, exist_ok=True)
    graph: nx.MultiDiGraph = to_networkx(corpus.graph)
    files = {
        "graphml": out_dir / GRAPHML,
        "graph_json": out_dir / GRAPH_JSON,
        "extractions": out_dir / EXTRACTIONS,
    }
    export.write_graphml(graph, files["graphml"])
    export.write_node_link(graph, files["graph_json"])
    export.write_extractions(corpus.extractions, files["extractions"])
    if corpus.ingest.rejections:
        files["rejects"] = rejects or out_dir / REJECTS
        write_rejections(corpus.ingest.rejections, files["rejects"])
    counts = summarize(corpus.graph)
    return BuildSummary(
        out_dir=str(out_dir), files={k: str(v) for k, v in files.items()}, ingest=corpus.ingest.stats,
        nodes=counts["nodes"], relationships=counts["relationships"],
    )


def build(
    inputs: Iterable[str | Path],
    out_dir: str | Path,
    settings: Settings,
    *,
    fmt: str = "auto",
    skip_bad: bool = False,
    rejects: str | Path | None = None,
    progress: bool = False,
) -> BuildSummary:
    """`paperkg build`: the whole job from input files to graph files in `out_dir`."""
    corpus = make_corpus(inputs, settings, fmt=fmt, skip_bad=skip_bad, progress=progress)
    return write_outputs(corpus, Path(out_dir), Path(rejects) if rejects else None)


class ExtractSummary(Model):
    ingest: IngestStats
    papers: int
    output: str
    rejects: str | None = None


def extract_to_file(
    inputs: Iterable[str | Path],
    output: str | Path,
    settings: Settings,
    *,
    fmt: str = "auto",
    skip_bad: bool = False,
    rejects: str | Path | None = None,
    progress: bool = False,
) -> ExtractSummary:
    """`paperkg extract`: the spec's prediction JSONL, entities resolved across the inputs."""
    ingested = read_papers(inputs, fmt, skip_bad=skip_bad)
    extractions = extract_resolved(ingested.papers, settings, progress=progress)
    count = export.write_extractions(extractions, Path(output))
    rejects_path = None
    if ingested.rejections:
        rejects_path = Path(rejects) if rejects else Path(
            "rejects.jsonl" if str(output) == export.STDOUT else Path(output).with_suffix(".rejects.jsonl"))
        write_rejections(ingested.rejections, rejects_path)
    return ExtractSummary(ingest=ingested.stats, papers=count, output=str(output),
                          rejects=str(rejects_path) if rejects_path else None)


def evaluate_gold(gold_path: str | Path, settings: Settings, *, progress: bool = False) -> EvalReport:
    """`paperkg eval`: extract from the gold abstracts (with their titles) and score by the spec."""
    gold = load_gold(gold_path)
    papers = [
        Paper(id=g.id, abstract=g.text, title=g.title, authors=g.authors or [], venue=g.venue, year=g.year,
              source=str(gold_path), line=number)
        for number, g in enumerate(gold, start=1)
    ]
    return score(gold, extract_resolved(papers, settings, progress=progress), details=True)


def score_predictions(gold_path: str | Path, predictions_path: str | Path) -> EvalReport:
    """`paperkg eval --predictions`: score a prediction file already written, by `paperkg extract` or by
    another system, without running a spaCy pipeline. A gold paper with no prediction line has no predictions."""
    gold = load_gold(gold_path)
    return score(gold, load_predictions(predictions_path, gold), details=True)


class LoadResult(Model):
    ingest: IngestStats | None = None
    load: LoadSummary


def load(
    inputs: Iterable[str | Path],
    neo4j_settings: Neo4jSettings,
    settings: Settings,
    *,
    graph_json: str | Path | None = None,
    fmt: str = "auto",
    skip_bad: bool = False,
    replace: bool = False,
    write_batch: int = DEFAULT_BATCH_SIZE,
    progress: bool = False,
) -> LoadResult:
    """`paperkg load`: connect first (a wrong password fails before minutes of extraction), then build the
    graph from `inputs` or read `graph_json`, and merge it into Neo4j."""
    inputs = list(inputs)
    if bool(inputs) == bool(graph_json):
        raise InputError("give either INPUT files or --graph FILE, not both or neither")
    with connect(neo4j_settings) as driver:
        ingest = None
        if graph_json:
            data = from_networkx(export.read_node_link(Path(graph_json)))
        else:
            corpus = make_corpus(inputs, settings, fmt=fmt, skip_bad=skip_bad, progress=progress)
            ingest, data = corpus.ingest.stats, corpus.graph
        sources = paper_sources(data) if replace else []
        if replace and not sources:
            raise InputError("--replace: the graph's papers name no source to replace")
        summary = load_graph(driver, neo4j_settings.database, data, batch_size=write_batch,
                             replace_sources=sources, progress=progress)
    return LoadResult(ingest=ingest, load=summary)
