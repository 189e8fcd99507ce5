"""Write and read the graph files: GraphML for Gephi/Cytoscape/igraph, node-link JSON, predictions JSONL."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

import networkx as nx

from .errors import InputError
from .models import PaperExtraction

LIST_SEPARATOR = "|"
# Characters XML 1.0 forbids: C0 controls other than tab/newline/return, surrogates, U+FFFE/U+FFFF.
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_safe(text: str) -> str:
    """Text as any XML reader returns it: invalid characters removed, line ends folded to \\n."""
    return _XML_INVALID.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))


def _graphml_value(value: object) -> str | int | float | bool:
    if isinstance(value, list | tuple):
        return LIST_SEPARATOR.join(xml_safe(str(v)) for v in value)
    if isinstance(value, str):
        return xml_safe(value)
    return value  # type: ignore[return-value]


def graphml_ready(graph: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """A copy that every GraphML reader accepts: lists joined, no None, XML-invalid characters removed.

    Nodes also get `name` as Gephi's display `label`; the schema label moves to `kind`.
    """
    out = nx.MultiDiGraph()
    for node, attrs in graph.nodes(data=True):
        clean = {k: _graphml_value(v) for k, v in attrs.items() if v is not None and k != "label"}
        clean["kind"] = attrs["label"]
        clean["label"] = xml_safe(str(attrs.get("name", node)))
        out.add_node(xml_safe(node), **clean)
    for u, v, key, attrs in graph.edges(keys=True, data=True):
        clean = {k: _graphml_value(val) for k, val in attrs.items() if val is not None}
        out.add_edge(xml_safe(u), xml_safe(v), key=key, **clean)
    return out


def write_graphml(graph: nx.MultiDiGraph, path: Path) -> None:
    nx.write_graphml(graphml_ready(graph), path, encoding="utf-8", named_key_ids=True)


def write_node_link(graph: nx.MultiDiGraph, path: Path) -> None:
    data = nx.node_link_data(graph, edges="edges")
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def read_node_link(path: Path) -> nx.MultiDiGraph:
    """A graph written by `write_node_link` (`paperkg build`'s graph.json)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        return nx.node_link_graph(data, directed=True, multigraph=True, edges="edges")
    except FileNotFoundError as e:
        raise InputError("no such file (run `paperkg build` first)", path) from e
    except (json.JSONDecodeError, UnicodeDecodeError, KeyError, TypeError, nx.NetworkXError) as e:
        raise InputError(f"not a paperkg graph.json: {e}", path) from e


#: The output path that means standard output (`paperkg extract papers.jsonl -o - | jq ...`).
STDOUT = "-"


def write_extractions(extractions: Iterable[PaperExtraction], path: str | Path) -> int:
    """The spec's prediction format, one paper a line, to a file or to standard output (``STDOUT``);
    returns the number of lines."""
    if str(path) == STDOUT:
        return _write_lines(extractions, sys.stdout)
    with Path(path).open("w", encoding="utf-8") as f:
        return _write_lines(extractions, f)


def _write_lines(extractions: Iterable[PaperExtraction], f: TextIO) -> int:
    count = 0
    for extraction in extractions:
        f.write(extraction.model_dump_json(exclude_none=True) + "\n")
        count += 1
    return count
