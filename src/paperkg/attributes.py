"""A faster stand-in for the model's ``attribute_ruler``: the same patterns, looked up instead of matched.

Why: in en_core_web_sm the attribute ruler (its tag map and morph rules, 179 Matcher patterns) costs
about as much as the parser on abstracts. Its Matcher tries every pattern at every token, and every
match is applied through a new Span. But its patterns only test a token's TAG, LOWER, DEP and IS_SPACE,
so which pattern tokens a token can fill depends only on those four values: `AttributeTable` works that
out once per combination and caches it, then writes POS, MORPH and LEMMA for the whole doc in one array.
The result is the ruler's, token for token (the tests compare them); a ruler with patterns it cannot
express (other attributes, operators) is left in place.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

import numpy
import srsly
from spacy.attrs import DEP, IS_SPACE, LEMMA, LOWER, MORPH, POS, TAG
from spacy.language import Language
from spacy.tokens import Doc
from spacy.tokens._retokenize import normalize_token_attrs, set_token_attrs

FACTORY = "paperkg_attributes"
RULER = "attribute_ruler"
#: The token attributes a pattern may test; together they are a token's cache key.
_KEYED = ("TAG", "LOWER", "DEP", "IS_SPACE")
#: Attributes written for all tokens at once (Doc.from_array); any others a pattern sets go token by token.
_COLUMNS = [POS, MORPH, LEMMA]
_Test = Callable[[Any], bool]


def _test(value: Any) -> _Test | None:
    """A Matcher token constraint as a test of the attribute's string (or bool) value; None if unsupported."""
    if isinstance(value, (str, bool)):
        return lambda v: v == value
    if isinstance(value, dict) and len(value) == 1:
        ((op, arg),) = value.items()
        if op == "IN":
            allowed = frozenset(arg)
            return lambda v: v in allowed
        if op == "NOT_IN":
            banned = frozenset(arg)
            return lambda v: v not in banned
        if op == "REGEX":
            regex = re.compile(arg)
            return lambda v: isinstance(v, str) and regex.search(v) is not None
    return None


def _token_tests(token: dict) -> dict[str, _Test] | None:
    if not set(token) <= set(_KEYED):
        return None
    tests = {attr: _test(value) for attr, value in token.items()}
    return None if None in tests.values() else tests  # type: ignore[return-value]


def supports(patterns: Iterable[dict]) -> bool:
    """Whether an AttributeRuler's ``.patterns`` can all be expressed as an AttributeTable."""
    return all(_token_tests(token) is not None
               for entry in patterns for pattern in entry["patterns"] for token in pattern)


class _Pattern(NamedTuple):
    attr_id: int  # position of its attributes in AttributeTable.attrs: later ones win
    tests: tuple[int, ...]  # one token test (an index into AttributeTable.tests) per token
    index: int  # which matched token takes the attributes (negative: from the end)


class _Key(NamedTuple):
    """What the patterns make of a token with one combination of TAG, LOWER, DEP and IS_SPACE."""

    passed: frozenset[int]  # token tests it passes
    ids: tuple[int, ...]  # single-token patterns it matches, in order
    updates: tuple[tuple[int, int], ...]  # what they set: (position in _COLUMNS, value) ...
    rest: dict  # ... and attributes outside _COLUMNS
    starts: tuple[int, ...]  # multi-token patterns it can begin (indices into AttributeTable.spanning)


class AttributeTable:
    """Sets the attributes an AttributeRuler with the same patterns would set, later patterns winning."""

    def __init__(self, vocab):
        self.vocab = vocab
        self.patterns: list[dict] = []  # as given, for serialization
        self.attrs: list[dict] = []  # normalized, as AttributeRuler.attrs
        self.tests: list[dict[str, _Test]] = []  # a pattern token's tests of attributes other than LOWER
        # ... and of LOWER: which tests have none, which need one of a few words, which others
        self._no_lower: frozenset[int] = frozenset()
        self._lower_equals: dict[str, set[int]] = {}
        self._lower_other: list[tuple[int, _Test]] = []
        self.single: list[_Pattern] = []
        self.spanning: list[_Pattern] = []
        self._lower_class: dict[int, frozenset[int]] = {}  # LOWER hash -> the LOWER tests it passes
        self._classes: dict[frozenset[int], frozenset[int]] = {}
        self._keys: dict[tuple, _Key] = {}

    def add_patterns(self, patterns: Iterable[dict]) -> None:
        """Patterns in AttributeRuler's format: ``{"patterns": [[{...}, ...]], "attrs": {...}, "index": 0}``."""
        for entry in patterns:
            self.patterns.append(entry)
            attr_id = len(self.attrs)
            self.attrs.append(normalize_token_attrs(self.vocab, entry["attrs"]))
            for pattern in entry["patterns"]:
                tests = []
                for token in pattern:
                    token_tests = _token_tests(token)
                    if token_tests is None:
                        raise ValueError(f"unsupported attribute pattern: {pattern!r}")
                    n = len(self.tests)
                    tests.append(n)
                    lower = token.get("LOWER")
                    if lower is None:
                        self._no_lower |= {n}
                    elif isinstance(lower, str) or (isinstance(lower, dict) and "IN" in lower):
                        for word in [lower] if isinstance(lower, str) else lower["IN"]:
                            self._lower_equals.setdefault(word, set()).add(n)
                    else:
                        self._lower_other.append((n, token_tests["LOWER"]))
                    self.tests.append({attr: test for attr, test in token_tests.items() if attr != "LOWER"})
                target = self.single if len(pattern) == 1 else self.spanning
                target.append(_Pattern(attr_id, tuple(tests), entry.get("index", 0)))
        for cache in (self._lower_class, self._classes, self._keys):
            cache.clear()

    def __call__(self, doc: Doc) -> Doc:
        if not len(doc):
            return doc
        lower_class, classes, by_key = self._lower_class, self._classes, self._keys
        keys = []
        for tag, lower, dep, space in doc.to_array([TAG, LOWER, DEP, IS_SPACE]).tolist():
            # The LOWER value matters only through the tests it passes, which keeps the cache small.
            passed = lower_class.get(lower)
            if passed is None:
                passed = self._lower_tests_passed(lower)
                passed = lower_class[lower] = classes.setdefault(passed, passed)  # one copy of each set
            key = by_key.get((tag, passed, dep, space))
            if key is None:
                key = by_key[(tag, passed, dep, space)] = self._classify(tag, passed, dep, space)
            keys.append(key)
        spanning = self._spanning_hits(keys) if self.spanning else {}
        columns = doc.to_array(_COLUMNS).tolist()
        others: list[tuple[int, dict]] = []
        for i, key in enumerate(keys):
            if i in spanning:
                key = key._replace(**self._action(sorted({*key.ids, *spanning[i]})))
            if key.updates:
                row = columns[i]
                for n, value in key.updates:
                    row[n] = value
            if key.rest:
                others.append((i, key.rest))
        doc.from_array(_COLUMNS, numpy.array(columns, dtype="uint64"))
        for i, attrs in others:
            set_token_attrs(doc[i], attrs)
        return doc

    def to_bytes(self, *, exclude: Iterable[str] = ()) -> bytes:
        return srsly.msgpack_dumps(self.patterns)

    def from_bytes(self, data: bytes, *, exclude: Iterable[str] = ()) -> AttributeTable:
        self.add_patterns(srsly.msgpack_loads(data))
        return self

    def to_disk(self, path: str | Path, *, exclude: Iterable[str] = ()) -> None:
        path = Path(path)
        path.mkdir(parents=True, exist_ok=True)
        srsly.write_msgpack(path / "patterns.msgpack", self.patterns)

    def from_disk(self, path: str | Path, *, exclude: Iterable[str] = ()) -> AttributeTable:
        self.add_patterns(srsly.read_msgpack(Path(path) / "patterns.msgpack"))
        return self

    def _lower_tests_passed(self, lower: int) -> frozenset[int]:
        """The token tests whose LOWER part (if any) this word passes."""
        text = self.vocab.strings[lower]
        return self._no_lower.union(self._lower_equals.get(text, ()),
                                    (n for n, test in self._lower_other if test(text)))

    def _classify(self, tag: int, lower_passed: frozenset[int], dep: int, space: int) -> _Key:
        strings = self.vocab.strings
        values = {"TAG": strings[tag], "DEP": strings[dep], "IS_SPACE": bool(space)}
        passed = frozenset(n for n in lower_passed
                           if all(test(values[attr]) for attr, test in self.tests[n].items()))
        ids = sorted({p.attr_id for p in self.single if p.tests[0] in passed})
        starts = tuple(n for n, p in enumerate(self.spanning) if p.tests[0] in passed)
        return _Key(passed, starts=starts, **self._action(ids))

    def _spanning_hits(self, keys: list[_Key]) -> dict[int, list[int]]:
        """Token index -> ids of the multi-token patterns that set its attributes."""
        hits: dict[int, list[int]] = {}
        for start, key in enumerate(keys):
            for n in key.starts:
                pattern = self.spanning[n]
                end = start + len(pattern.tests)
                if end <= len(keys) and all(test in keys[i].passed for i, test in enumerate(pattern.tests, start)):
                    target = start + pattern.index if pattern.index >= 0 else end + pattern.index
                    hits.setdefault(target, []).append(pattern.attr_id)
        return hits

    def _action(self, ids: list[int]) -> dict:
        """What patterns `ids` do, in order with later ones winning: _Key's ids, updates and rest."""
        merged: dict = {}
        for attr_id in ids:
            merged.update(self.attrs[attr_id])
        updates = tuple((n, merged.pop(attr)) for n, attr in enumerate(_COLUMNS) if attr in merged)
        return {"ids": tuple(ids), "updates": updates, "rest": merged}


@Language.factory(FACTORY)
def make_attribute_table(nlp: Language, name: str) -> AttributeTable:
    return AttributeTable(nlp.vocab)


def replace_attribute_ruler(nlp: Language) -> None:
    """Swap the model's attribute_ruler for an AttributeTable of its patterns, in the same place.

    A ruler with a pattern the table cannot express is left as it is."""
    if RULER not in nlp.pipe_names:
        return
    patterns = nlp.get_pipe(RULER).patterns
    if not supports(patterns):
        return
    table = nlp.add_pipe(FACTORY, after=RULER)
    table.add_patterns(patterns)
    nlp.remove_pipe(RULER)
