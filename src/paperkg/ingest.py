"""Read paper lists (two plain-text layouts, JSONL, CSV; gzip by extension) into `Paper` records.

Every record read is either kept, merged into an earlier duplicate, or rejected with its file, line and
reason, so the counts always add up and nothing is dropped silently.
"""

from __future__ import annotations

import csv
import gzip
import hashlib
import json
import re
import unicodedata
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Literal

from pydantic import ValidationError

from .errors import InputError
from .models import Model, Paper

Format = Literal["auto", "jsonl", "csv", "listing", "blocks"]
FORMATS: tuple[str, ...] = ("auto", "jsonl", "csv", "listing", "blocks")

AREA_SEPARATOR = "·"
_VENUE_HEADER = re.compile(r"^\s*(?P<venue>[A-Za-z][\w&.\-]*(?: [A-Z][\w&.\-]*)*?)\s+(?P<year>(?:19|20)\d\d)\b")
_SPACES = re.compile(r"\s+")


class Rejection(Model):
    """A record that was not kept, and why."""

    path: str
    line: int
    reason: str
    raw: str = ""


class IngestStats(Model):
    read: int = 0
    kept: int = 0
    duplicates: int = 0
    rejected: int = 0
    #: kept papers that came with a title but no abstract (nothing to extract from them)
    without_abstract: int = 0
    #: files in a given directory that are not paper lists by their extension (a README.md), not read
    skipped_files: list[str] = []


class IngestResult(Model):
    papers: list[Paper] = []
    rejections: list[Rejection] = []
    stats: IngestStats = IngestStats()


class _Bad(Exception):
    """A record-level problem; becomes a Rejection or an InputError."""

    def __init__(self, line: int, reason: str, raw: str = ""):
        super().__init__(reason)
        self.line, self.reason, self.raw = line, reason, raw


# --- normalization -------------------------------------------------------------------------------


def clean_text(text: str) -> str:
    """Unicode NFC and single spaces; the abstract keeps its characters otherwise."""
    return _SPACES.sub(" ", unicodedata.normalize("NFC", text)).strip()


def normalize_author(name: str) -> str:
    """Whitespace folded; an ALL-CAPS name gets name case ("JOHN McDONALD-SMITH" stays readable)."""
    name = _SPACES.sub(" ", unicodedata.normalize("NFKC", name)).strip().strip(",;")
    letters = [c for c in name if c.isalpha()]
    if len(letters) > 1 and all(c.isupper() for c in letters):
        name = re.sub(r"[^\W\d_]+", lambda m: m.group(0).capitalize(), name)
    return name


def author_key(name: str) -> str:
    """One Author per normalized name: case-insensitive."""
    return normalize_author(name).casefold()


def paper_id(text: str) -> str:
    """A stable id from the normalized abstract (the title when there is none), so re-runs on the same
    input give the same ids."""
    normalized = _SPACES.sub(" ", unicodedata.normalize("NFKC", text)).strip().casefold()
    return "p" + hashlib.sha1(normalized.encode("utf-8")).hexdigest()[:15]


def split_area(area: str | None) -> tuple[str | None, str | None]:
    """'Computer Vision · Image Generation' -> ('Computer Vision', 'Image Generation')."""
    if not area or not area.strip():
        return None, None
    top, _, sub = (part.strip() for part in area.partition(AREA_SEPARATOR))
    return top or None, sub or None


def _authors(value: object, line: int) -> list[str]:
    if value is None or value == "":
        return []
    if isinstance(value, str):
        parts = value.split(";")
    elif isinstance(value, list) and all(isinstance(a, str) for a in value):
        parts = value
    else:
        raise _Bad(line, "authors must be a list of strings or a ';'-separated string")
    return [a for a in (normalize_author(p) for p in parts) if a]


def _year(value: object, line: int) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise _Bad(line, f"year must be a number, got {value!r}")
    try:
        year = int(str(value).strip())
    except ValueError:
        raise _Bad(line, f"year must be a number, got {value!r}") from None
    if not 1000 <= year <= 9999:
        raise _Bad(line, f"year {year} is out of range")
    return year


def _optional_str(record: dict, field: str, line: int) -> str | None:
    value = record.get(field)
    if value is None:
        return None
    if not isinstance(value, str | int | float) or isinstance(value, bool):
        raise _Bad(line, f"{field} must be a string")
    return clean_text(str(value)) or None


def paper_from_record(record: dict, *, source: str, line: int) -> Paper:
    """A JSONL/CSV record -> Paper; raises _Bad for a record the user must fix."""
    abstract = record.get("abstract")
    if abstract is None:
        abstract = ""
    elif not isinstance(abstract, str):
        raise _Bad(line, "abstract must be a string")
    title = _optional_str(record, "title", line)
    if not abstract.strip() and not title:
        raise _Bad(line, "record has neither abstract nor title")
    area, subarea = split_area(_optional_str(record, "area", line))
    subarea = _optional_str(record, "subarea", line) or subarea
    given_id = _optional_str(record, "id", line)
    try:
        return Paper(
            id=given_id or paper_id(abstract if abstract.strip() else title),
            abstract=abstract.strip(),
            title=title,
            authors=_authors(record.get("authors"), line),
            venue=_optional_str(record, "venue", line),
            year=_year(record.get("year"), line),
            area=area,
            subarea=subarea,
            source=source,
            line=line,
        )
    except ValidationError as e:
        raise _Bad(line, e.errors()[0]["msg"]) from e


# --- reading files -------------------------------------------------------------------------------


def _open_bytes(path: Path):
    return gzip.open(path, "rb") if path.suffix == ".gz" else path.open("rb")


def _lines(path: Path) -> Iterator[tuple[int, str | _Bad]]:
    """(line number, text without newline); an undecodable line comes as _Bad so reading goes on."""
    try:
        with _open_bytes(path) as f:
            for number, raw in enumerate(f, start=1):
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError as e:
                    yield number, _Bad(number, f"not valid UTF-8 (byte {e.start})", raw.decode("utf-8", "replace"))
                    continue
                yield number, (text.lstrip("\ufeff") if number == 1 else text).rstrip("\r\n")
    except (OSError, EOFError, gzip.BadGzipFile) as e:
        raise InputError(f"cannot read: {e}", path) from e


def _strip_gz(path: Path) -> str:
    name = path.name.lower()
    return name[:-3] if name.endswith(".gz") else name


def detect_format(path: Path) -> str:
    """By extension; plain text is told apart by its shape (listing of abstracts vs blocks)."""
    name = _strip_gz(path)
    if name.endswith((".jsonl", ".ndjson", ".json")):
        return "jsonl"
    if name.endswith((".csv", ".tsv")):
        return "csv"
    body = _paragraphs(path)[1:]
    # In the block layout every abstract is preceded by a short area line and an author line.
    short = sum(1 for _, text in body if len(text) < 200 and not text.rstrip().endswith("."))
    return "blocks" if body and short >= len(body) / 3 else "listing"


def _paragraphs(path: Path) -> list[tuple[int, str | _Bad]]:
    """Blank-line separated paragraphs as (first line number, text joined with spaces).

    A paragraph with an undecodable line comes as _Bad: the whole record is rejected, not half of it.
    """
    paragraphs: list[tuple[int, str | _Bad]] = []
    current: list[str] = []
    bad: _Bad | None = None
    start = 0

    def close() -> None:
        paragraphs.append((start, bad if bad is not None else " ".join(current)))

    for number, text in _lines(path):
        if isinstance(text, _Bad) or text.strip():
            if not current and bad is None:
                start = number
            if isinstance(text, _Bad):
                bad = bad or text
            else:
                current.append(text.strip())
        elif current or bad is not None:
            close()
            current, bad = [], None
    if current or bad is not None:
        close()
    return paragraphs


def _read_jsonl(path: Path, source: str) -> Iterator[Paper | _Bad]:
    for number, text in _lines(path):
        if isinstance(text, _Bad):
            yield text
            continue
        if not text.strip():
            continue
        try:
            record = json.loads(text)
        except json.JSONDecodeError as e:
            yield _Bad(number, f"invalid JSON ({e.msg} at column {e.colno})", text)
            continue
        if not isinstance(record, dict):
            yield _Bad(number, "a line must be a JSON object", text)
            continue
        try:
            yield paper_from_record(record, source=source, line=number)
        except _Bad as bad:
            bad.raw = text
            yield bad


def _read_csv(path: Path, source: str) -> Iterator[Paper | _Bad]:
    dialect = "excel-tab" if _strip_gz(path).endswith(".tsv") else "excel"
    good: list[tuple[int, str]] = []
    for number, text in _lines(path):
        if isinstance(text, _Bad):
            yield text
        else:
            good.append((number, text))
    reader = csv.reader((text + "\n" for _, text in good), dialect=dialect)

    def line_number() -> int:
        return good[min(reader.line_num, len(good)) - 1][0]

    header = [h.strip().lower() for h in next(reader, [])]
    if not header:
        return
    if "abstract" not in header:
        raise InputError("CSV header has no 'abstract' column", path, line_number())
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as e:
            yield _Bad(line_number(), f"bad CSV: {e}")
            continue
        number = line_number()
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            yield _Bad(number, f"expected {len(header)} columns, found {len(row)}", ",".join(row))
            continue
        try:
            yield paper_from_record(dict(zip(header, row, strict=True)), source=source, line=number)
        except _Bad as bad:
            bad.raw = ",".join(row)
            yield bad


def _venue_from_header(header: str) -> tuple[str | None, int | None]:
    """'ICLR 2024 Papers' -> ('ICLR', 2024); a header without venue and year gives neither."""
    match = _VENUE_HEADER.match(header)
    if not match:
        return None, None
    return match.group("venue"), int(match.group("year"))


def _read_listing(path: Path, source: str) -> Iterator[Paper | _Bad]:
    """Layout A: a header naming venue and year, then abstracts separated by blank lines."""
    paragraphs = _paragraphs(path)
    if not paragraphs:
        return
    header = paragraphs[0][1]
    venue, year = _venue_from_header(header) if isinstance(header, str) else (None, None)
    for number, text in paragraphs[1:]:
        if isinstance(text, _Bad):
            yield text
        else:
            yield Paper(id=paper_id(text), abstract=text, venue=venue, year=year, source=source, line=number)


def _looks_like_authors(text: str) -> bool:
    names = [n.strip() for n in text.split(",")]
    return len(text) < 2000 and all(0 < len(n.split()) <= 6 and not n.endswith(".") for n in names)


def _is_area_line(text: str) -> bool:
    return len(text) <= 200 and not text.endswith(".")


def _read_blocks(path: Path, source: str) -> Iterator[Paper | _Bad]:
    """Layout B: a header, then blocks of area line, author line and abstract (no venue given).

    A malformed block is rejected and reading resumes at the next area line.
    """
    paragraphs = _paragraphs(path)[1:]
    i = 0
    while i < len(paragraphs):
        block = paragraphs[i : i + 3]
        bad = next((text for _, text in block if isinstance(text, _Bad)), None)
        if bad is not None:
            yield bad
            i += 3
            continue
        (number, area_line), rest = block[0], block[1:]
        if not _is_area_line(area_line):  # type: ignore[arg-type]
            yield _Bad(number, "expected an area line (e.g. 'Computer Vision · Image Generation')", area_line)
            i += 1
            continue
        if len(rest) < 2:
            yield _Bad(number, "block ends before its author line and abstract", area_line)
            return
        (author_number, author_line), (abstract_number, abstract) = rest
        if not _looks_like_authors(author_line) or _is_area_line(abstract):  # type: ignore[arg-type]
            yield _Bad(author_number, "expected an author line, then an abstract", author_line)
            i += 1
            continue
        area, subarea = split_area(area_line)  # type: ignore[arg-type]
        yield Paper(
            id=paper_id(abstract),  # type: ignore[arg-type]
            abstract=abstract,
            authors=_authors(author_line.replace(",", ";"), number),  # type: ignore[union-attr]
            area=area,
            subarea=subarea,
            source=source,
            line=abstract_number,
        )
        i += 3


_READERS = {"jsonl": _read_jsonl, "csv": _read_csv, "listing": _read_listing, "blocks": _read_blocks}


def _merge(kept: Paper, dup: Paper) -> Paper:
    """Fill what the first copy lacks from the duplicate; authors are unioned in order."""
    update = {
        field: getattr(dup, field)
        for field in ("abstract", "title", "venue", "year", "area", "subarea")
        if not getattr(kept, field) and getattr(dup, field)
    }
    known = {author_key(a) for a in kept.authors}
    extra = [a for a in dup.authors if author_key(a) not in known]
    if extra:
        update["authors"] = kept.authors + extra
    return kept.model_copy(update=update) if update else kept


def iter_file(path: Path, fmt: str = "auto") -> Iterator[Paper | Rejection]:
    """One file's records, in order: each a Paper or a Rejection (an empty file is one Rejection)."""
    if not path.exists():
        raise InputError("no such file", path)
    if path.is_dir():
        raise InputError("is a directory (give the files in it)", path)
    if fmt not in FORMATS:
        raise InputError(f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})", path)
    fmt = detect_format(path) if fmt == "auto" else fmt
    empty = True
    for item in _READERS[fmt](path, str(path)):
        empty = False
        if isinstance(item, _Bad):
            yield Rejection(path=str(path), line=item.line, reason=item.reason, raw=item.raw[:2000])
        else:
            yield item
    if empty:
        yield Rejection(path=str(path), line=0, reason="file has no papers")


#: What a file in a directory must be called to be read as a paper list (also gzipped); a file named
#: on the command line is read whatever its name.
LIST_SUFFIXES = (".jsonl", ".ndjson", ".json", ".csv", ".tsv", ".txt")


def expand_inputs(inputs: Iterable[str | Path]) -> tuple[list[Path], list[Path]]:
    """Files to read, and files skipped: a directory stands for the paper lists directly in it, sorted;
    its other files (a README.md beside the lists) are skipped, not parsed as abstracts."""
    paths: list[Path] = []
    skipped: list[Path] = []
    for item in inputs:
        path = Path(item)
        if path.is_dir():
            for p in sorted(p for p in path.iterdir() if p.is_file() and not p.name.startswith(".")):
                (paths if _strip_gz(p).endswith(LIST_SUFFIXES) else skipped).append(p)
        else:
            paths.append(path)
    return paths, skipped


def read_papers(inputs: Iterable[str | Path], fmt: str = "auto", *, skip_bad: bool = False) -> IngestResult:
    """Read every input; without `skip_bad` the first bad record raises InputError naming file and line."""
    stats = IngestStats()
    by_id: dict[str, Paper] = {}
    rejections: list[Rejection] = []
    paths, skipped = expand_inputs(inputs)
    stats.skipped_files = [str(p) for p in skipped]
    for path in paths:
        for item in iter_file(path, fmt):
            stats.read += 1
            if isinstance(item, Rejection):
                if not skip_bad:
                    raise InputError(item.reason, item.path, item.line or None)
                rejections.append(item)
                stats.rejected += 1
            elif item.id in by_id:
                by_id[item.id] = _merge(by_id[item.id], item)
                stats.duplicates += 1
            else:
                by_id[item.id] = item
    stats.kept = len(by_id)
    stats.without_abstract = sum(not paper.abstract for paper in by_id.values())
    if not by_id:
        raise InputError("no papers were read" + (f" ({len(rejections)} rejected)" if rejections else "")
                         + (f"; skipped {', '.join(stats.skipped_files)} (a paper list is named *.jsonl, *.csv, "
                            "*.txt, ...)" if stats.skipped_files else ""))
    return IngestResult(papers=list(by_id.values()), rejections=rejections, stats=stats)


def write_rejections(rejections: Iterable[Rejection], path: Path) -> None:
    with path.open("w", encoding="utf-8") as f:
        for r in rejections:
            f.write(r.model_dump_json() + "\n")
