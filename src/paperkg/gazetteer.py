"""Known names: reading and checking gazetteer pattern files, matching them, and the
``paperkg_gazetteer`` component that stores the hits for the rules.

Kept apart because pattern files are user input (errors must name file and line) and matching
needs no parse.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from importlib import resources
from pathlib import Path

from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Span

from .errors import InputError
from .lexicon import GAZ, LABELS, LEX

FACTORY = "paperkg_gazetteer"
#: Attribute of the hits' span group: each hit entry's spelled-out name (see Gazetteer.long_names).
LONG_NAMES = "long_names"
#: ``doc.user_data[RANGE_NAMES]``: "start-end" of a number that names a variant of a known name -> that name.
RANGE_NAMES = "range_names"
#: "CIFAR-10/100", "ImageNet-1K/21K": a slash between a name's number and another number.
SLASHED_NUMBER = (r"(?:(?<=[A-Za-z]\d)|(?<=[A-Za-z]\d\d)|(?<=[A-Za-z]\d[Kk])|(?<=\d[Kk])"
                  r"|(?<=[-/]\d)|(?<=[-/]\d\d)|(?<=[-/]\d\d\d))/(?=-?\d)")


def read_patterns(path: str | Path) -> list[dict]:
    """Read a JSONL gazetteer: lines ``{"label", "name", "aliases"}``; errors name file and line."""
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read pattern file: {exc}", path=path) from exc
    return list(parse_patterns(lines, path))


def parse_patterns(lines: Iterable[str], source: str | Path) -> Iterator[dict]:
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"not JSON: {exc.msg}", path=source, line=number) from exc
        if not isinstance(entry, dict) or entry.get("label") not in LABELS:
            raise InputError(f"need an object with label one of {', '.join(LABELS)}", path=source, line=number)
        name, aliases = entry.get("name"), entry.get("aliases", [])
        if not isinstance(name, str) or not name.strip():
            raise InputError("need a non-empty string 'name'", path=source, line=number)
        if not isinstance(aliases, list) or not all(isinstance(a, str) and a.strip() for a in aliases):
            raise InputError("'aliases' must be a list of non-empty strings", path=source, line=number)
        yield {"label": entry["label"], "name": name.strip(), "aliases": [a.strip() for a in aliases]}


def package_patterns() -> list[dict]:
    """Every ``gazetteer_*.jsonl`` shipped in ``paperkg.data``."""
    entries: list[dict] = []
    for item in sorted(resources.files("paperkg.data").iterdir(), key=lambda p: p.name):
        if item.name.startswith("gazetteer_") and item.name.endswith(".jsonl"):
            entries.extend(parse_patterns(item.read_text(encoding="utf-8").splitlines(), item.name))
    # problem settings that papers treat as tasks ("continual learning") and paradigms used as one
    # technique ("in-context learning"): kept in the lexicon next to the broad fields they were split from
    for label, listed in (("TASK", "setting_tasks"), ("METHOD", "setting_methods")):
        entries.extend({"label": label, "name": w, "aliases": []} for w in sorted(LEX[listed]))
    return entries


def _plural(word: str) -> str:
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


_SIZE_SUFFIX = re.compile(r"(?<=\d)[kKmMbB]$")


def _size_variants(name: str) -> set[str]:
    """A name ending in a size also written with the unit in the other case ("Fashion200K" = "Fashion200k",
    "ImageNet-1k" = "ImageNet-1K")."""
    return {name, _SIZE_SUFFIX.sub(lambda m: m.group().swapcase(), name)}


def _hyphen_variants(name: str) -> set[str]:
    """A two-word lower-case name also written with a hyphen, and a hyphenated one with spaces
    ("in context learning", "sharpness aware minimization")."""
    variants = {name}
    if name.count(" ") == 1 and "-" not in name:
        variants.add(name.replace(" ", "-"))
    if "-" in name:
        variants.add(name.replace("-", " "))
    return variants


def _distinctive(name: str) -> bool:
    """A capitalized name unlikely to be a common word in any case: with digits or of several words."""
    return any(c.isdigit() for c in name) and any(c.isalpha() for c in name) or len(name.split()) > 1


def gazetteer_key(label: str, name: str) -> str:
    return f"{label.lower()}:{name.lower()}"


class Gazetteer:
    """PhraseMatchers built once: names with uppercase or digits match exactly, lowercase names
    match case-insensitively, with their plural."""

    def __init__(self, nlp: Language):
        self.nlp = nlp
        self.exact = PhraseMatcher(nlp.vocab, attr="ORTH")
        self.lower = PhraseMatcher(nlp.vocab, attr="LOWER")
        #: distinctive capitalized names in any case: "CAMELYON16" for Camelyon16, "DeepMind control" for DeepMind Control
        self.folded = PhraseMatcher(nlp.vocab, attr="LOWER")
        self.size = 0
        #: key -> the entry's longest spelled-out name, which tells its acronym from a redefinition
        self.long_names: dict[str, str] = {}
        #: every exact name -> its match id, for the other half of "CIFAR-10/100"
        self.names: dict[str, str] = {}

    def add(self, entries: Iterable[dict]) -> None:
        exact: dict[str, list[Doc]] = {}
        lower: dict[str, list[Doc]] = {}
        folded: dict[str, list[Doc]] = {}
        make = self.nlp.make_doc
        for entry in entries:
            key = gazetteer_key(entry["label"], entry["name"])
            match_id = f"{entry['label']}|{key}"
            spelled = [n for n in (entry["name"], *entry["aliases"]) if " " in n]
            if spelled:
                self.long_names[key] = max(spelled, key=len)
            for surface in {entry["name"], *entry["aliases"]}:
                self.names[surface] = match_id
                if surface.lower() == surface and not any(c.isdigit() for c in surface):
                    for spelling in _hyphen_variants(surface):  # "message passing" = "message-passing"
                        words = spelling.split()
                        plural = " ".join([*words[:-1], _plural(words[-1])])
                        lower.setdefault(match_id, []).extend([make(spelling), make(plural)])
                else:
                    exact.setdefault(match_id, []).extend(make(spelling) for spelling in _size_variants(surface))
                    if entry["label"] != "TASK" and _distinctive(surface):  # task names in title case are prose
                        folded.setdefault(match_id, []).append(make(surface))
                self.size += 1
        for match_id, docs in exact.items():
            self.exact.add(match_id, docs)
        for match_id, docs in folded.items():
            self.folded.add(match_id, docs)
        for match_id, docs in lower.items():
            self.lower.add(match_id, docs)

    def __call__(self, doc: Doc) -> list[Span]:
        spans = []
        strings = doc.vocab.strings
        for matcher in (self.exact, self.lower):
            for match_id, start, end in matcher(doc):
                spans.append(_hit(doc, start, end, strings[match_id]))
        found = {(s.start, s.end) for s in spans}
        for match_id, start, end in self.folded(doc):
            # a capital in a word that is not a number's: not the words in lower-case prose, nor "3D shapes"
            if (start, end) not in found and any(not t.text[0].isdigit() and any(c.isupper() for c in t.text)
                                                 for t in doc[start:end]):
                spans.append(_hit(doc, start, end, strings[match_id]))
        return spans

    def ranges(self, doc: Doc, hits: list[Span]) -> dict[tuple[int, int], tuple[Span, str]]:
        """The other halves of "CIFAR-10/100" and "NAS-Bench-101/201/301": (start, end) of "100" -> its hit
        and the name it completes ("CIFAR-100"), where the gazetteer knows that name."""
        out: dict[tuple[int, int], tuple[Span, str]] = {}
        todo = [(span.end, span.text) for span in hits]
        while todo:
            end, name = todo.pop()
            if end + 1 >= len(doc) or doc[end].text != "/" or not doc[end + 1].text.lstrip("-")[:1].isdigit():
                continue
            variant = re.sub(r"\d+[Kk]?$", doc[end + 1].text.lstrip("-"), name)
            if variant != name and variant in self.names and (end + 1, end + 2) not in out:
                out[(end + 1, end + 2)] = (_hit(doc, end + 1, end + 2, self.names[variant]), variant)
                todo.append((end + 2, variant))
        return out


def _hit(doc: Doc, start: int, end: int, match_id: str) -> Span:
    """The span of a gazetteer match, its match id being "LABEL|key"."""
    label, key = match_id.split("|", 1)
    return Span(doc, start, end, label=label, kb_id=key, span_id="gazetteer")


@Language.factory(FACTORY)
def make_gazetteer(nlp: Language, name: str) -> GazetteerComponent:
    return GazetteerComponent(nlp)


class GazetteerComponent:
    """Gazetteer hits into ``doc.spans["paperkg_gaz"]``; patterns are loaded in ``initialize``."""

    def __init__(self, nlp: Language):
        self.gazetteer = Gazetteer(nlp)

    def initialize(self, get_examples=None, *, nlp: Language | None = None,
                   pattern_files: list[str] | None = None, package: bool = True) -> None:
        entries = package_patterns() if package else []
        for path in pattern_files or []:
            entries.extend(read_patterns(path))
        self.gazetteer.add(entries)

    def __call__(self, doc: Doc) -> Doc:
        hits = self.gazetteer(doc)
        ranges = self.gazetteer.ranges(doc, hits)
        hits.extend(hit for hit, _ in ranges.values())
        doc.spans[GAZ] = hits
        if ranges:
            doc.user_data[RANGE_NAMES] = {f"{s}-{e}": name for (s, e), (_, name) in ranges.items()}
        long_names = self.gazetteer.long_names
        doc.spans[GAZ].attrs[LONG_NAMES] = {s.kb_id_: long_names[s.kb_id_] for s in hits if s.kb_id_ in long_names}
        return doc
