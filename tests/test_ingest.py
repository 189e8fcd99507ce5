"""Ingest: both seed layouts, JSONL/CSV/gzip, ids, duplicates, and every kind of bad input."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paperkg.errors import InputError
from paperkg.ingest import author_key, detect_format, normalize_author, paper_id, read_papers, split_area

SEEDS = Path(__file__).resolve().parents[1] / "seeds"
LISTING = SEEDS / "000_53756cee41e1786d.txt"
BLOCKS = SEEDS / "004_c90637a6e00c65a7.txt"
ABSTRACT = "We propose FooNet, a novel method for node classification on the Cora dataset."


def write_jsonl(path: Path, records: list[object]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def test_seed_layouts_are_detected():
    assert detect_format(LISTING) == "listing"
    assert detect_format(BLOCKS) == "blocks"


def test_listing_layout_takes_venue_and_year_from_header():
    result = read_papers([LISTING])
    assert result.stats.kept == 19
    assert {(p.venue, p.year) for p in result.papers} == {("ICLR", 2024)}
    assert all(not p.authors for p in result.papers)


def test_block_layout_reads_area_authors_abstract_and_no_venue():
    papers = read_papers([BLOCKS]).papers
    assert len(papers) == 20
    first = papers[0]
    assert (first.area, first.subarea) == ("Computer Vision", "Image Generation")
    assert first.authors[:2] == ["Luca Eyring", "Shyamgopal Karthik"]
    assert first.abstract.startswith("Text-to-Image (T2I) models")
    assert all(p.venue is None and p.year is None for p in papers)


def test_seed_folder_counts():
    result = read_papers([SEEDS])
    assert result.stats.model_dump() == {"read": 39, "kept": 39, "duplicates": 0, "rejected": 0, "without_abstract": 0,
                                         "skipped_files": []}
    assert len({author_key(a) for p in result.papers for a in p.authors}) == 86


def test_ids_are_stable_and_given_ids_win(tmp_path):
    first = [p.id for p in read_papers([SEEDS]).papers]
    assert first == [p.id for p in read_papers([SEEDS]).papers]
    path = write_jsonl(tmp_path / "a.jsonl", [{"id": "x1", "abstract": ABSTRACT}, {"abstract": ABSTRACT + " More."}])
    ids = [p.id for p in read_papers([path]).papers]
    assert ids[0] == "x1" and ids[1] == paper_id(ABSTRACT + " More.")


def test_jsonl_fields_and_gzip(tmp_path):
    record = {"id": "p1", "title": "FooNet", "abstract": ABSTRACT, "authors": ["ADA LOVELACE", " Alan  Turing "],
              "venue": "ICML", "year": "2024", "area": "Deep Learning · Graphs", "keywords": ["ignored"]}
    path = tmp_path / "papers.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as f:
        f.write(json.dumps(record) + "\n")
    [paper] = read_papers([path]).papers
    assert paper.authors == ["Ada Lovelace", "Alan Turing"]
    assert (paper.venue, paper.year, paper.area, paper.subarea) == ("ICML", 2024, "Deep Learning", "Graphs")


def test_csv_with_semicolon_authors_and_quoted_newlines(tmp_path):
    path = tmp_path / "papers.csv"
    path.write_text('id,title,abstract,authors,venue,year\n'
                    'c1,T,"Line one,\nline two.",A One; B Two,NeurIPS,2023\n', encoding="utf-8")
    [paper] = read_papers([path]).papers
    assert paper.abstract == "Line one,\nline two."
    assert paper.authors == ["A One", "B Two"]


def test_duplicates_are_merged_and_counted(tmp_path):
    path = write_jsonl(tmp_path / "d.jsonl", [
        {"abstract": ABSTRACT, "authors": ["A"]},
        {"abstract": "  " + ABSTRACT.upper(), "authors": ["B"], "title": "Later title"},
    ])
    result = read_papers([path])
    assert result.stats.model_dump() == {"read": 2, "kept": 1, "duplicates": 1, "rejected": 0,
                                         "without_abstract": 0, "skipped_files": []}
    assert result.papers[0].authors == ["A", "B"]
    assert result.papers[0].title == "Later title"


def test_title_only_records_are_kept_and_counted(tmp_path):
    """Metadata lists (NeurIPS's has no abstracts) still give papers, authors and venues."""
    path = write_jsonl(tmp_path / "t.jsonl", [
        {"id": "n1", "title": "Cycle-Consistent  Model Merging", "authors": ["A", "B"], "venue": "NeurIPS"},
        {"title": "Another title", "abstract": "   "},
        {"id": "n1", "title": "Cycle-Consistent Model Merging", "abstract": ABSTRACT},
    ])
    result = read_papers([path])
    assert result.stats.model_dump() == {"read": 3, "kept": 2, "duplicates": 1, "rejected": 0,
                                         "without_abstract": 1, "skipped_files": []}
    merged, title_only = result.papers
    assert (merged.title, merged.abstract, merged.authors) == ("Cycle-Consistent Model Merging", ABSTRACT, ["A", "B"])
    assert (title_only.abstract, title_only.id) == ("", paper_id("Another title"))


@pytest.mark.parametrize(
    ("content", "line", "reason"),
    [
        (b'{"abstract": "ok"}\n{"abstract": "trunc', 2, "invalid JSON"),
        (b'{"abstract": "ok"}\n{"venue": "ICLR"}\n', 2, "neither abstract nor title"),
        (b'{"abstract": "ok"}\n{"title": "T", "abstract": 3}\n', 2, "abstract must be a string"),
        (b'{"abstract": "ok"}\n{"title": "T", "abstract": false}\n', 2, "abstract must be a string"),
        (b'{"abstract": "ok"}\n{"abstract": "bad \xff byte"}\n', 2, "not valid UTF-8"),
        (b'{"abstract": "ok"}\n[1, 2]\n', 2, "JSON object"),
        (b'{"abstract": "ok", "year": "soon"}\n', 1, "year must be a number"),
    ],
)
def test_bad_records_name_file_and_line(tmp_path, content, line, reason):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    with pytest.raises(InputError) as info:
        read_papers([path])
    assert info.value.path == str(path) and info.value.line == line
    assert reason in str(info.value) and f"bad.jsonl:{line}:" in str(info.value)


def test_skip_bad_keeps_the_good_and_counts_the_rest(tmp_path):
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(b'{"abstract": "one"}\n{"abstract": "tr\n{"abstract": "\xff"}\n{"venue": "x"}\n{"abstract": "two"}\n')
    result = read_papers([path], skip_bad=True)
    assert [p.abstract for p in result.papers] == ["one", "two"]
    assert result.stats.model_dump() == {"read": 5, "kept": 2, "duplicates": 0, "rejected": 3, "without_abstract": 0,
                                         "skipped_files": []}
    assert [r.line for r in result.rejections] == [2, 3, 4]


def test_empty_file_is_an_error_naming_it(tmp_path):
    path = tmp_path / "empty.jsonl"
    path.write_text("")
    with pytest.raises(InputError, match="empty.jsonl: file has no papers"):
        read_papers([path])


def test_a_directory_reads_its_paper_lists_and_names_the_files_it_skips(tmp_path):
    (tmp_path / "iclr.jsonl.gz").write_bytes(gzip.compress(b'{"id": "a", "abstract": "We study FooNet."}\n'))
    (tmp_path / "more.csv").write_text("id,abstract\nb,We study BarNet.\n")
    (tmp_path / "README.md").write_text("# Paper lists\n\nPublic metadata, gathered from GitHub.\n")
    result = read_papers([tmp_path])
    assert sorted(p.id for p in result.papers) == ["a", "b"]
    assert result.stats.read == 2 and result.stats.skipped_files == [str(tmp_path / "README.md")]
    # named on its own, a file is read whatever its name
    assert read_papers([tmp_path / "README.md"]).stats.kept == 1
    only_readme = tmp_path / "docs"
    only_readme.mkdir()
    (only_readme / "README.md").write_text("Nothing here.\n")
    with pytest.raises(InputError, match="no papers were read; skipped .*README.md"):
        read_papers([only_readme])


def test_missing_file_and_unknown_format(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        read_papers([tmp_path / "nope.jsonl"])
    with pytest.raises(InputError, match="unknown format"):
        read_papers([LISTING], "xml")


def test_malformed_block_is_rejected_and_reading_resumes(tmp_path):
    path = tmp_path / "blocks.txt"
    path.write_text("Header\n\nArea One\n\nA Author, B Author\n\nFirst abstract is here.\n\n"
                    "Area Two\n\nSecond abstract without authors is here and long enough.\n\n"
                    "Area Three · Sub\n\nC Author\n\nThird abstract.\n", encoding="utf-8")
    result = read_papers([path], "blocks", skip_bad=True)
    assert [p.abstract for p in result.papers] == ["First abstract is here.", "Third abstract."]
    assert result.stats.rejected >= 1


def test_area_and_author_normalization():
    assert split_area("Theory · Game Theory") == ("Theory", "Game Theory")
    assert split_area("Causality") == ("Causality", None)
    assert normalize_author("JEAN-PIERRE  DUPONT") == "Jean-Pierre Dupont"
    assert normalize_author("Yann LeCun") == "Yann LeCun"


text_st = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=80).filter(str.strip)


@settings(max_examples=60, deadline=None)
@given(records=st.lists(st.fixed_dictionaries(
    {"abstract": text_st},
    optional={"title": text_st, "authors": st.lists(text_st, max_size=3), "year": st.integers(1900, 2100)},
), min_size=1, max_size=8))
def test_jsonl_round_trip_counts_add_up(tmp_path_factory, records):
    path = write_jsonl(tmp_path_factory.mktemp("h") / "p.jsonl", records)
    result = read_papers([path])
    assert result.stats.read == len(records) == result.stats.kept + result.stats.duplicates
    first_by_id: dict[str, str] = {}  # abstracts equal up to NFKC and case are one paper: the first is kept
    for r in records:
        first_by_id.setdefault(paper_id(r["abstract"]), r["abstract"].strip())
    assert {p.abstract for p in result.papers} == set(first_by_id.values())


@settings(max_examples=60, deadline=None)
@given(lines=st.lists(st.binary(max_size=40), min_size=1, max_size=6))
def test_arbitrary_bytes_never_crash_with_skip_bad(tmp_path_factory, lines):
    path = tmp_path_factory.mktemp("b") / "junk.jsonl"
    path.write_bytes(b"\n".join(lines) + b'\n{"abstract": "anchor"}\n')
    result = read_papers([path], skip_bad=True)
    s = result.stats
    assert s.read == s.kept + s.duplicates + s.rejected
    assert "anchor" in {p.abstract for p in result.papers}
