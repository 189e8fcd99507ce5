"""AttributeTable against spaCy's own AttributeRuler: the same annotations, token for token."""

from __future__ import annotations

import json
from pathlib import Path

import spacy
from hypothesis import given, settings
from hypothesis import strategies as st
from spacy.pipeline import AttributeRuler
from spacy.tokens import Doc

from paperkg.attributes import FACTORY, RULER, AttributeTable, replace_attribute_ruler
from paperkg.extract import load_base_model
from paperkg.settings import Settings

GOLD = Path(__file__).parent / "data" / "gold" / "seeds.jsonl"
TAGS = ["NN", "NNS", "VB", "VBZ", "DT", "JJ", "_SP"]
DEPS = ["nsubj", "dobj", "det", "aux", "expl", "ROOT", ""]
VOCAB = spacy.blank("en").vocab  # shared: a new one per hypothesis example is most of the test's time
WORDS = ["there", "is", "are", "the", "model", "models", "ai", "n't", "we", "learn"]


def annotations(doc: Doc) -> list[tuple]:
    return [(t.pos_, str(t.morph), t.lemma_, t.tag_, t.dep_) for t in doc]


def both(vocab, patterns: list[dict]) -> tuple[AttributeRuler, AttributeTable]:
    ruler = AttributeRuler(vocab)
    ruler.add_patterns(patterns)
    table = AttributeTable(vocab)
    table.add_patterns(patterns)
    return ruler, table


def test_same_annotations_as_the_models_ruler_on_the_seed_abstracts():
    nlp = load_base_model(Settings())
    ruler = nlp.get_pipe(RULER)
    table = AttributeTable(nlp.vocab)
    table.add_patterns(ruler.patterns)
    texts = [json.loads(line)["text"] for line in GOLD.read_text(encoding="utf-8").splitlines()]
    texts.append("There are 3 models , ai n't they ? Let 's see : gon na work  .")  # multi-token patterns
    with nlp.select_pipes(disable=[RULER]):
        docs = list(nlp.pipe(texts))
    for doc in docs:
        expected = annotations(ruler(doc.copy()))
        assert annotations(table(doc.copy())) == expected
    assert {t.pos_ for doc in docs for t in table(doc)} >= {"NOUN", "VERB", "AUX", "PRON", "PUNCT"}


def test_replace_attribute_ruler_keeps_the_ruler_place():
    nlp = load_base_model(Settings())
    before = nlp.pipe_names
    replace_attribute_ruler(nlp)
    assert nlp.pipe_names == [FACTORY if name == RULER else name for name in before]
    assert [t.pos_ for t in nlp("We propose a model.")] == ["PRON", "VERB", "DET", "NOUN", "PUNCT"]


def test_the_table_survives_saving_the_pipeline(tmp_path):
    nlp = load_base_model(Settings())
    replace_attribute_ruler(nlp)
    nlp.to_disk(tmp_path / "model")
    loaded = spacy.load(tmp_path / "model")
    text = "There are many models, and we propose ours."
    assert loaded.pipe_names == nlp.pipe_names
    assert annotations(loaded(text)) == annotations(nlp(text))
    assert spacy.blank("en").add_pipe(FACTORY).from_bytes(nlp.get_pipe(FACTORY).to_bytes()).patterns \
        == nlp.get_pipe(FACTORY).patterns


def test_a_ruler_with_an_operator_stays():
    nlp = spacy.blank("en")
    ruler = nlp.add_pipe(RULER)
    ruler.add([[{"LOWER": "very", "OP": "+"}]], {"POS": "ADV"})
    replace_attribute_ruler(nlp)
    assert nlp.pipe_names == [RULER]


def test_later_patterns_win_and_index_picks_the_token():
    vocab = spacy.blank("en").vocab
    patterns = [
        {"patterns": [[{"TAG": "VBZ"}]], "attrs": {"POS": "VERB", "MORPH": "Number=Sing"}},
        {"patterns": [[{"DEP": "expl"}, {"LOWER": {"IN": ["is", "are"]}}]], "attrs": {"POS": "AUX"}, "index": 1},
        {"patterns": [[{"LOWER": {"REGEX": "^th"}, "TAG": {"NOT_IN": ["NN"]}}]], "attrs": {"LEMMA": "th"}},
        {"patterns": [[{"LOWER": "gon"}, {"LOWER": "na"}]], "attrs": {"LEMMA": "go"}, "index": -2},
    ]
    ruler, table = both(vocab, patterns)
    doc = Doc(vocab, words=["There", "is", "gon", "na", "the", "is"], tags=["EX", "VBZ", "VBG", "TO", "DT", "VBZ"],
              heads=[1, 1, 1, 2, 5, 1], deps=["expl", "ROOT", "xcomp", "aux", "nsubj", "conj"])
    got = annotations(table(doc.copy()))
    assert got == annotations(ruler(doc.copy()))
    assert [(pos, lemma) for pos, _, lemma, _, _ in got] == [
        ("", "th"), ("AUX", ""), ("", "go"), ("", ""), ("", "th"), ("VERB", "")]


token_constraint = st.dictionaries(
    st.sampled_from(["TAG", "LOWER", "DEP"]),
    st.one_of(
        st.sampled_from(TAGS + DEPS[:-1] + WORDS),
        st.builds(lambda xs: {"IN": xs}, st.lists(st.sampled_from(TAGS + DEPS + WORDS), min_size=1, max_size=3)),
        st.builds(lambda xs: {"NOT_IN": xs}, st.lists(st.sampled_from(TAGS + DEPS + WORDS), min_size=1, max_size=3)),
        st.builds(lambda x: {"REGEX": x}, st.sampled_from(["^t", "s$", "^n'?t$", "^[A-Z]"])),
    ),
    min_size=1, max_size=2,
) | st.just({"IS_SPACE": True})
attrs = st.fixed_dictionaries({}, optional={
    "POS": st.sampled_from(["NOUN", "VERB", "AUX", "PRON"]),
    "MORPH": st.sampled_from(["Number=Sing", "Number=Plur", "Mood=Ind|Tense=Pres"]),
    "LEMMA": st.sampled_from(WORDS),
    "TAG": st.sampled_from(TAGS),
}).filter(bool)
pattern_entry = st.lists(token_constraint, min_size=1, max_size=3).flatmap(
    lambda pattern: st.fixed_dictionaries({
        "patterns": st.just([pattern]),
        "attrs": attrs,
        "index": st.integers(-len(pattern), len(pattern) - 1),
    }))
docs = st.integers(1, 8).flatmap(lambda n: st.tuples(
    st.lists(st.sampled_from(WORDS + ["There", "IS", "  "]), min_size=n, max_size=n),
    st.lists(st.sampled_from(TAGS), min_size=n, max_size=n),
    st.lists(st.sampled_from(DEPS[:-1]), min_size=n, max_size=n),
))


@settings(max_examples=300, deadline=None)
@given(st.lists(pattern_entry, min_size=1, max_size=6), docs)
def test_same_annotations_as_attribute_ruler_for_any_patterns(patterns, words_tags_deps):
    words, tags, deps = words_tags_deps
    ruler, table = both(VOCAB, patterns)
    heads = [0] * len(words)
    doc = Doc(VOCAB, words=words, tags=tags, heads=heads, deps=["ROOT", *deps[1:]])
    assert annotations(table(doc.copy())) == annotations(ruler(doc.copy()))
