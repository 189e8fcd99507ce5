"""Text cleaning and its offset map back to the original abstract."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paperkg.textnorm import clean, clean_text, emphasized, in_bare_math, math_spans

FRAGMENTS = [
    "we", "introduce", "FedDA", "ImageNet", "models", "(ReNO)", "the", "of", "on", "6.9\\%",
    "\\textbf{FedDA},", "\\emph{novel}", "$S^{2}$-SAM", "$\\tilde{O}(K^{-1}\\epsilon^{-1.5})$",
    "LLMs.To", "VisA.In", "(Wikitext2),previous", "1,000", "ﬁne‑tuning", "ImageNet 32$\\times$32", "**LA**yout", "*learned*", "SE(3)---enabling",
    "feedback~(RLCF)", "Learning(EIHL)", "theFL", "calledNeuroBack", "Ｔ２Ｉ", "x_1", "$k$-fold", "\u201cquoted\u201d", "Gen-Z\u2014a", "a\u00a0b", "zero\u200bwidth",
    "$\\sqrt{T}$", "\\citep{key2020}", "Contin\x02uous", "3D\x02MoLM", "Poincar\\'e", "R{\\'e}nyi", "Polyak-\\L ojasiewicz", "{\\sc BNS}",
    "GEOM-DRUG\\footnote{x}", "aL\\small{LM}4T", "n\\log", "[CoIC](https://a.b/CoIC),", "[x]", "(y)",
    "\\.\\A",  # an accent over a command that is no letter (hypothesis found it)
]


@pytest.mark.parametrize(
    ("original", "expected"),
    [
        ("we introduce \\textbf{FedDA}, a novel", "we introduce FedDA, a novel"),
        ("$S^{2}$-SAM works", "S2-SAM works"),
        ("complexity $\\tilde{O}(K^{-1})$ and", "complexity O(K-1) and"),
        ("of LLMs.To overcome", "of LLMs. To overcome"),
        ("these computations?We answer, in learning!In", "these computations? We answer, in learning! In"),
        ("tasks (Wikitext2),previous linear, 1,000 and CIFAR-10,CIFAR-100", "tasks (Wikitext2), previous linear, 1,000 and CIFAR-10,CIFAR-100"),
        ("gain on VisA.In addition, MVTec AD.We show, in the U.S. and Fig.A", "gain on VisA. In addition, MVTec AD. We show, in the U.S. and Fig.A"),
        ("mIoU on ADE20K.At little extra cost", "mIoU on ADE20K. At little extra cost"),
        ("of CLIP.Typically, GDA (P.Despite", "of CLIP. Typically, GDA (P. Despite"),
        ("ﬁne‑tuning on ImageNet 32$\\times$32", "fine-tuning on ImageNet 32x32"),
        ("6.9\\% higher", "6.9% higher"),
        ("better than 50%.Furthermore, and 6.5% of", "better than 50%. Furthermore, and 6.5% of"),
        ("**LA**yout **C**onstraint", "LAyout Constraint"),
        ("develop *learned proximal networks* (LPN)", "develop learned proximal networks (LPN)"),
        ("SE(3)---enabling", "SE(3) - enabling"),
        ("the Weisfeiler--Leman test", "the Weisfeiler-Leman test"),
        ("exploration--a crucial aspect of RL--has been", "exploration - a crucial aspect of RL - has been"),
        ("we propose Gen-Z\u2014a framework \u2014 for CALM\u2013style 2D\u20133D", "we propose Gen-Z - a framework - for CALM-style 2D-3D"),
        ("CLIP feedback~(RLCF)", "CLIP feedback (RLCF)"),
        ("Hybrid Learning(EIHL) algorithm, f(x), SE(3)", "Hybrid Learning (EIHL) algorithm, f(x), SE(3)"),
        ("results in theFL scenario show thatDePLM and ByT5 work", "results in the FL scenario show that DePLM and ByT5 work"),
        ("an approach calledNeuroBack and a dataset namedDataBack, not recalledX", "an approach called NeuroBack and a dataset named DataBack, not recalledX"),
        ("\\alpha x", "alpha x"),
        ("regret $O(\\sqrt{T})$", "regret O(sqrt T)"),
        ("like LPIPS \\citep{zhang2018} and PIM~\\cite[p.~3]{x}.", "like LPIPS and PIM ."),
        ("strong Contin\x02uous learning, 3D\x02MoLM, and \x08i) tasks", "strong Continuous learning, 3D-MoLM, and i) tasks"),
        ("the Poincar\\'e ball, R{\\'e}nyi DP, Schr\\\"{o}dinger, Erd\\H{o}s, Mart\\'{\\i}n, \\v{S}kerlj",
         "the Poincaré ball, Rényi DP, Schrödinger, Erdős, Martín, Škerlj"),
        ("the Polyak-\\L ojasiewicz (PL) condition, Stra\\ss e, \\o, \\omega", "the Polyak-Łojasiewicz (PL) condition, Straße, ø, omega"),
        ("{\\sc Bias Neuron Suppression (BNS)} is proposed, {\\em new} and {\\bf 1}", "Bias Neuron Suppression (BNS) is proposed, new and 1"),
        ("stability in GEOM-DRUG\\footnote{Scores at 1k steps.} and QM9", "stability in GEOM-DRUG  Scores at 1k steps. and QM9"),
        ("cost $O(n\\log n)$, $\\text{aL\\small{LM}4T\\small{S}}$", "cost O(n log n), aLLM4TS"),
        ("we develop [CoIC](https://github.com/x/CoIC), an algorithm; see [here](www.x.org), [x] (y) and [a](b)",
         "we develop [CoIC (https://github.com/x/CoIC), an algorithm; see [here (www.x.org), [x] (y) and [a](b)"),
        ("plain text stays as it is.", "plain text stays as it is."),
    ],
)
def test_clean_examples(original: str, expected: str) -> None:
    assert clean_text(original) == expected


def test_spans_map_back_to_exact_original_text() -> None:
    original = "we introduce \\textbf{FedDA}, a novel $S^{2}$-SAM for LLMs.To do so"
    cleaned = clean(original)
    for word, source in [("FedDA", "FedDA"), ("S2-SAM", "S^{2}$-SAM"), ("LLMs.", "LLMs."), ("To", "To")]:
        start = cleaned.text.index(word)
        a, b = cleaned.span(start, start + len(word))
        assert original[a:b] == source


def test_identity_when_nothing_to_clean() -> None:
    cleaned = clean("Plain abstract, nothing to do.")
    assert cleaned.text == cleaned.original
    assert cleaned.span(6, 14) == (6, 14)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab AB.{}$^_\\*-~%12()x\x02\x08'L") + ["\u2013", "ﬁ", "\u00a0", "Ｔ"]),
               max_size=60))
def test_offsets_monotonic_and_in_range(original: str) -> None:
    cleaned = clean(original)
    n = len(cleaned.text)
    previous = (0, 0)
    for i in range(n):
        a, b = cleaned.span(i, i + 1)
        assert 0 <= a <= b <= len(original)
        assert a >= previous[0] and b >= previous[1]
        previous = (a, b)
    for i in range(n):
        for j in range(i + 1, n + 1):
            a, b = cleaned.span(i, j)
            assert 0 <= a <= b <= len(original)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS), min_size=1, max_size=12))
def test_word_spans_clean_back_to_themselves(fragments: list[str]) -> None:
    """Every clean word (and run of words) maps to original text that, cleaned, is that text."""
    original = " ".join(fragments)
    cleaned = clean(original)
    words = [m.span() for m in re.finditer(r"\S+", cleaned.text)]
    for i, (start, _) in enumerate(words):
        for _, end in words[i : i + 3]:
            a, b = cleaned.span(start, end)
            assert clean_text(original[a:b]).strip() == cleaned.text[start:end]


@given(st.text(alphabet=st.sampled_from(list("ab AB.{}$^_\\*-~%12()x\x02\x08'L") + ["\u2013", "ﬁ", "\u00a0", "Ｔ"]),
               max_size=60))
@settings(max_examples=300)
def test_clean_offset_inverts_span(original: str) -> None:
    """Going back to the original and forward again lands on the first clean character of the same piece.
    A character the cleaner inserted (the space in "LLMs.To" -> "LLMs. To") has no original of its
    own: it maps to the character after it."""
    c = clean(original)
    for p in range(len(c.text)):
        origin, origin_end = c.span(p, p + 1)
        q = c.clean_offset(origin)
        assert c.span(q, q + 1)[0] == origin
        assert q <= p or origin == origin_end and all(c.span(k, k + 1)[0] == c.span(k, k + 1)[1] for k in range(p, q))


def test_an_inserted_space_maps_to_the_next_character() -> None:
    c = clean("1.Aa")
    assert c.text == "1. Aa" and c.span(2, 3) == (2, 2) and c.clean_offset(2) == 3


@pytest.mark.parametrize(("original", "inner"), [
    ("we propose \\textbf{\\textit{Scaling Laws of RoPE}}, a unified", "Scaling Laws of RoPE"),
    ("a method called *weighted cross alignment* (WCA)", "weighted cross alignment"),
    ("we introduce \"Detect Any Text\" (DAT)", "Detect Any Text"),
    ("the resulting \u201cLatent generator\u201d thus", "Latent generator"),
    ("a ``denoising via diffusion'' strategy", "denoising via diffusion"),
    ("and **BiSHop** works", "BiSHop"),
    ("further, {\\sc Bias Neuron Suppression} is", "Bias Neuron Suppression"),
])
def test_emphasized_runs_clean_to_their_text(original: str, inner: str) -> None:
    c = clean(original)
    runs = [c.text[c.clean_offset(a) : c.clean_offset(b)] for a, b in emphasized(original)]
    assert runs == [inner]


def test_math_subscripts_are_not_emphasis() -> None:
    assert emphasized("with $x_i$ and $a_{b}$ terms") == []


def test_bare_math_is_told_from_names_set_in_math() -> None:
    text = "we propose $\\texttt{DSNT}$ with $O(\\sqrt{dT})$ regret, $\\mathbb{R}^{n_2}$ and \\$5, not $5"
    spans = math_spans(text)
    assert [text[a:b] for a, b in spans] == ["$\\texttt{DSNT}$", "$O(\\sqrt{dT})$", "$\\mathbb{R}^{n_2}$"]

    def bare(word: str) -> bool:
        start = text.index(word)
        return in_bare_math(text, start, start + len(word), spans)

    assert bare("dT") and bare("n_2") and not bare("DSNT") and not bare("regret")
