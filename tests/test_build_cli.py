"""The main job end to end on the seeds, through the real CLI, with real spaCy."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import igraph
import networkx as nx
import pytest

from paperkg.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT / "seeds"


@pytest.fixture(scope="module")
def seed_build(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("out")
    assert main(["build", str(SEEDS), "--out", str(out), "--no-progress"]) == 0
    return out


def test_graphml_of_the_seeds_has_the_expected_shape(seed_build):
    graph = nx.read_graphml(seed_build / "graph.graphml", force_multigraph=True)
    kinds = Counter(kind for _, kind in graph.nodes(data="kind"))
    types = Counter(t for *_, t in graph.edges(data="type"))
    assert kinds["Paper"] == 39 and kinds["Author"] == 86 and kinds["Venue"] == 1
    assert types["AUTHORED"] == 86 and types["PUBLISHED_AT"] == 19
    areas = [n for n, kind in graph.nodes(data="kind") if kind == "Area"]
    subareas = {u for u, _, t in graph.edges(data="type") if t == "SUBAREA_OF"}
    assert len(areas) - len(subareas) == 12 and len(subareas) == 10
    [venue] = [d for _, d in graph.nodes(data=True) if d["kind"] == "Venue"]
    assert venue["name"] == "ICLR 2024"
    assert kinds["Method"] > 0 and kinds["Task"] > 0 and kinds["Dataset"] > 0

    ig = igraph.Graph.Read_GraphML(str(seed_build / "graph.graphml"))
    assert (ig.vcount(), ig.ecount()) == (graph.number_of_nodes(), graph.number_of_edges())


def test_predictions_follow_the_spec(seed_build):
    lines = (seed_build / "extractions.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 39
    graph = json.loads((seed_build / "graph.json").read_text(encoding="utf-8"))
    abstracts = {n["key"]: n["abstract"] for n in graph["nodes"] if n["label"] == "Paper"}
    for line in lines:
        record = json.loads(line)
        for entity in record["entities"]:
            assert entity["label"] in {"METHOD", "TASK", "DATASET"}
            assert isinstance(entity["proposed"], bool)
            for m in entity["mentions"]:
                assert abstracts[record["id"]][m["start"]:m["end"]] == m["text"]


def test_build_is_deterministic(seed_build, tmp_path):
    assert main(["build", str(SEEDS), "--out", str(tmp_path), "--no-progress"]) == 0
    assert (tmp_path / "graph.json").read_bytes() == (seed_build / "graph.json").read_bytes()
    assert (tmp_path / "extractions.jsonl").read_bytes() == (seed_build / "extractions.jsonl").read_bytes()


def test_build_json_summary(tmp_path, capsys):
    assert main(["build", str(SEEDS), "--out", str(tmp_path), "--json", "--no-progress"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["ingest"] == {"read": 39, "kept": 39, "duplicates": 0, "rejected": 0, "without_abstract": 0,
                                 "skipped_files": []}
    assert summary["nodes"]["Paper"] == 39 and summary["relationships"]["AUTHORED"] == 86


def test_skip_bad_writes_rejects_and_counts(tmp_path, capsys):
    src = tmp_path / "in.jsonl"
    src.write_bytes(b'{"abstract": "We propose FooNet for image classification on CIFAR-10."}\n{"abstract": \n')
    assert main(["build", str(src), "--out", str(tmp_path / "o"), "--skip-bad", "--no-progress"]) == 0
    err = capsys.readouterr().err
    assert "read 2, kept 1, merged duplicates 0, rejected 1" in err
    [reject] = [json.loads(x) for x in (tmp_path / "o" / "rejects.jsonl").read_text().splitlines()]
    assert reject["line"] == 2 and "invalid JSON" in reject["reason"]


def test_title_only_papers_give_authors_and_venue_but_no_entities(tmp_path, capsys):
    src = tmp_path / "neurips.jsonl"
    src.write_text(json.dumps({"id": "n1", "title": "FooNet: Image Classification on CIFAR-10",
                               "authors": ["Ada Lovelace", "Alan Turing"], "venue": "NeurIPS", "year": 2024}) + "\n")
    assert main(["build", str(src), "--out", str(tmp_path / "o"), "--no-progress"]) == 0
    assert "1 kept papers have a title but no abstract (nothing extracted)" in capsys.readouterr().err
    (tmp_path / "README.md").write_text("# Lists\n\nNotes on the lists.\n")
    assert main(["build", str(tmp_path), "--out", str(tmp_path / "o2"), "--no-progress"]) == 0
    assert f"read 1, kept 1, merged duplicates 0, rejected 0; skipped {tmp_path / 'README.md'} (not named as a paper " \
           "list)" in capsys.readouterr().err
    graph = nx.read_graphml(tmp_path / "o" / "graph.graphml")
    assert Counter(kind for _, kind in graph.nodes(data="kind")) == {"Paper": 1, "Author": 2, "Venue": 1}
    assert "abstract" not in graph.nodes["Paper:n1"]
    assert graph.nodes["Paper:n1"]["name"] == "FooNet: Image Classification on CIFAR-10"


def test_extract_command_writes_predictions(tmp_path):
    out = tmp_path / "pred.jsonl"
    assert main(["extract", str(SEEDS / "000_53756cee41e1786d.txt"), "-o", str(out), "--no-progress"]) == 0
    assert len(out.read_text().splitlines()) == 19


def test_extract_to_standard_output_keeps_the_counts_off_it(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    src = str(SEEDS / "000_53756cee41e1786d.txt")
    assert main(["extract", src, "-o", "ref.jsonl", "--no-progress"]) == 0
    capsys.readouterr()
    assert main(["extract", src, "-o", "-", "--no-progress"]) == 0
    out, err = capsys.readouterr()
    assert out == (tmp_path / "ref.jsonl").read_text()  # the predictions, and nothing else
    assert "wrote 19 predictions to standard output" in err
    assert not (tmp_path / "-").exists()


def test_eval_of_extract_output_equals_eval_of_the_gold(tmp_path, capsys):
    """`paperkg extract` on the gold abstracts, scored with `eval --predictions`, is what `eval` reports:
    the path a user's own extraction (or another system's) is scored by."""
    gold = ROOT / "tests" / "data" / "gold" / "seeds.jsonl"
    papers = tmp_path / "papers.jsonl"
    with papers.open("w") as out:
        for line in gold.read_text().splitlines():
            row = json.loads(line)
            out.write(json.dumps({"id": row["id"], "title": row.get("title"), "abstract": row["text"]}) + "\n")
    pred = tmp_path / "pred.jsonl"
    assert main(["extract", str(papers), "-o", str(pred), "--no-progress"]) == 0
    capsys.readouterr()
    assert main(["eval", str(gold), "--predictions", str(pred), "--json"]) == 0
    scored = json.loads(capsys.readouterr().out)
    assert main(["eval", str(gold), "--json", "--no-progress"]) == 0
    assert scored == json.loads(capsys.readouterr().out)
    assert scored["macro_f1"] > 0.8


def test_user_error_is_one_line_and_exit_code_1(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"abstract": "fine"}\n{"venue": "ICLR", "year": 2024}\n')
    proc = subprocess.run([sys.executable, "-m", "paperkg", "build", str(bad), "--out", str(tmp_path / "o")],
                          capture_output=True, text=True)
    assert proc.returncode == 1
    assert proc.stderr.strip() == f"paperkg: error: {bad}:2: record has neither abstract nor title"
    assert "Traceback" not in proc.stderr


def test_every_command_help_has_an_example(capsys):
    parser = build_parser()
    commands = parser._subparsers._group_actions[0].choices  # noqa: SLF001 - argparse has no public accessor
    for name, sub in commands.items():
        assert "example" in sub.format_help(), name
        assert f"paperkg {name}" in sub.format_help(), name
    assert "example" in parser.format_help()


def test_eval_command_on_the_seed_gold_keeps_its_floor(capsys):
    """The development set's scores may only go up; the real target is measured on unseen abstracts."""
    gold = ROOT / "tests" / "data" / "gold" / "seeds.jsonl"
    assert main(["eval", str(gold), "--json", "--no-progress"]) == 0
    report = json.loads(capsys.readouterr().out)
    f1 = {row["label"]: row["f1"] for row in report["per_label"]}
    assert report["papers"] == 39
    assert report["macro_f1"] >= 0.85, f1
    assert f1["METHOD"] >= 0.80 and f1["TASK"] >= 0.80 and f1["DATASET"] >= 0.93 and f1["PROPOSED"] >= 0.88, f1
