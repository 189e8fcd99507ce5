"""Clean abstract text for spaCy while keeping a map back to the original characters.

Real abstracts carry LaTeX (``\\textbf{FedDA}``, ``$S^{2}$-SAM``, ``$\\tilde{O}(K^{-1})$``), sentence
breaks that lost their space ("of LLMs.To overcome") and Unicode variants (ligatures, non-breaking
spaces, typographic hyphens). The parser does better on clean text, but mentions must be offsets
into the abstract exactly as given, so the cleaner records which original characters every clean
character came from.

The clean text is a sequence of pieces: a *copy* of ``original[a:b]`` (clean characters map one to
one) or a *replacement* (its clean characters, possibly none, stand for the whole ``original[a:b]``).
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from dataclasses import dataclass

# Formatting commands whose argument is the text itself: \textbf{X} -> X.
_WRAPPERS = (
    "textbf|textit|texttt|textsc|textrm|textsf|emph|text|mathrm|mathbf|mathit|mathsf|mathtt|mathcal|"
    "mathbb|mathfrak|mathscr|boldsymbol|bm|operatorname|underline|overline|tilde|hat|bar|vec|dot|"
    "widetilde|widehat|textnormal|mbox|hbox|url|"
    "tiny|scriptsize|footnotesize|small|normalsize|large|Large|LARGE|huge|Huge"  # sizes: "aL\\small{LM}4T" -> aLLM4T
)
#: A function word glued to an acronym ("theFL", "thatDePLM", "calledNeuroBack") and an acronym glued to its long form
#: ("Learning(EIHL)"), as real paper lists have them.
_GLUED_WORD = r"(?<![A-Za-z])(?:the|by|of|in|on|to|and|that|with|for|from|via|than|called|named|dubbed|termed)(?=[A-Z][A-Za-z0-9]*[A-Z])"
_GLUED_PAREN = r"(?<=[a-z]{2})\((?=[A-Z][A-Za-z0-9\-]{1,10}\))"
#: A sentence glued to the one before ("of LLMs.To overcome"), a clause glued after a comma
#: ("tasks (Wikitext2),previous linear ...").
_GLUED_SENTENCE = r"(?<=[a-z0-9)\]%])[.?!](?=[A-Z][a-z])|(?<=[A-Za-z)\]]),(?=[A-Za-z]{3})"
#: A sentence glued to one that ends in a capital ("on VisA.In addition", "MVTec AD.We"): only before
#: words that open sentences, so "U.S." or "Fig.A" stay whole.
_GLUED_AFTER_CAPITAL = (r"(?<=[A-Z])\.(?=(?:In|We|The|This|These|Our|It|Its|To|On|At|Moreover|Furthermore|However|"
                        r"Extensive|Experiments|Experimental|Results|Code|Further|Besides|Thus|Therefore|Despite|"
                        r"Given|Yet|Though|Although|Nevertheless|Among|Compared|Unlike|While|When|Hence|Here|"
                        r"[A-Z][a-z]+ly)\b)")  # and adverbs: "of CLIP.Typically, GDA ..."
#: The bracket that closes a Markdown link's text, glued to its target: "we develop [CoIC](https://github.com/x/CoIC),
#: an algorithm" reads "we develop [CoIC (https://github.com/x/CoIC), an algorithm", which spaCy splits apart.
_MARKDOWN_LINK = r"(?<=[^\s\]])\](?=\((?:https?://|www\.)[^()\s]*\))"
#: TeX accents over a letter ("\\'e", "\\'{e}", "\\"{o}", "\\v{s}") or over a dotless i or j ("\\'{\\i}"), and
#: their combining marks.
_ACCENT = r"\\['\"`^~=.]\s*(?:\{\s*(?:\\[ij]|[A-Za-z])\s*\}|\\[ij]|[A-Za-z])|\\[uvHck]\{\s*(?:\\[ij]|[A-Za-z])\s*\}"
_ACCENT_MARKS = {"'": "\u0301", '"': "\u0308", "`": "\u0300", "^": "\u0302", "~": "\u0303", "=": "\u0304",
                 ".": "\u0307", "u": "\u0306", "v": "\u030c", "H": "\u030b", "c": "\u0327", "k": "\u0328"}
#: TeX's foreign letters; the space that ends the command is TeX's, not the text's ("\\L ojasiewicz").
_TEX_LETTER = r"\\(?:ss|ae|AE|oe|OE|aa|AA|L|l|o|O)(?![A-Za-z])(?: (?=[a-z]))?"
_TEX_LETTERS = {"ss": "ß", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "aa": "å", "AA": "Å", "L": "Ł", "l": "ł",
                "o": "ø", "O": "Ø", "i": "i", "j": "j"}  # \i and \j (dotless) only under an accent
_TOKEN = re.compile(
    r"(?=[\\{}$^_~*.,?!\-(\]\x80-\U0010ffff\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|[tbiaofwvcnd][a-z]{1,5}[A-Z])"  # fail fast
    r"(?:(?P<wrap>\\(?:" + _WRAPPERS + r")\*?\s*\{)"   # command opening a group: dropped
    r"|(?P<cite>\\(?:cite[a-z]*|ref|eqref|label)\*?(?:\[[^\]]*\])*\{[^{}]*\}(?: (?=\w))?)"  # a citation key: dropped
    r"|(?P<accent>" + _ACCENT + ")"                # TeX accent: "Poincar\\'e" -> "Poincaré", "Schr\\"{o}dinger"
    r"|(?P<letter>" + _TEX_LETTER + ")"            # TeX letter: "Polyak-\\L ojasiewicz" -> "Polyak-Łojasiewicz"
    r"|(?P<switch>(?<=\{)\\(?:bf|it|em|sc|tt|rm|sf|sl)(?![A-Za-z])\s*)"  # font switch "{\\sc BNS}": dropped
    r"|(?P<esc>\\[%&$#_{}])"                      # escaped character: keep the character
    r"|(?P<escstar>\\\*)"                          # escaped Markdown star ("Rein\*for\*ced"): dropped
    r"|(?P<times>\\times\b)"                      # 32\times32 -> 32x32
    r"|(?P<cmd>\\[A-Za-z]+)"                      # other command (\epsilon, \cite): keep its name
    r"|(?P<script>[\^_](?=\{))|(?P<brace>[{}$])"  # math scripts and group markers: dropped
    r"|(?P<tilde>~)"                              # TeX non-breaking space
    r"|(?P<dash>-{2,3})"                          # TeX dashes: "---" -> " - ", "A--B" -> "A-B"
    r"|(?P<link>" + _MARKDOWN_LINK + ")"           # Markdown link: "[CoIC](https://...)" -> "[CoIC (https://...)"
    r"|(?P<stars>\*\*|(?<![\w*])\*(?=\w)|(?<=\w)\*(?![*]))"  # Markdown emphasis: dropped
    r"|(?P<glue>" + _GLUED_SENTENCE + "|" + _GLUED_AFTER_CAPITAL + ")"  # "LLMs.To" -> "LLMs. To"
    r"|(?P<word>" + _GLUED_WORD + ")"             # "theFL" -> "the FL"
    r"|(?P<paren>" + _GLUED_PAREN + ")"           # "Learning(EIHL)" -> "Learning (EIHL)"
    r"|(?P<wide>[^\x00-\x7f])"                    # non-ASCII: Unicode-normalize one character
    r"|(?P<ctrl>[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]))"  # control character left by PDF extraction
)
#: Commands whose group is a note beside the text, not a word of it.
_NOTE = re.compile(r"\\(?:footnote|thanks)")
_CHAR_MAP = {
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2212": "-",
    "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u00a0": " ", "\u200b": "",
    "\u200c": "", "\u200d": "", "\ufeff": "", "\u00ad": "",
}


@dataclass(frozen=True, slots=True)
class CleanText:
    """Clean text plus the piece table mapping it back to ``original``."""

    original: str
    text: str
    # Parallel lists, one entry per piece: clean start, original start, original end, is_copy.
    _clean_starts: tuple[int, ...]
    _orig_starts: tuple[int, ...]
    _orig_ends: tuple[int, ...]
    _copies: tuple[bool, ...]

    def span(self, start: int, end: int) -> tuple[int, int]:
        """Original ``(start, end)`` of the clean span ``[start, end)`` (end exclusive, non-empty)."""
        if not self._clean_starts:
            return start, end
        i = bisect_right(self._clean_starts, start) - 1
        o_start = self._orig_starts[i] + (start - self._clean_starts[i] if self._copies[i] else 0)
        j = bisect_right(self._clean_starts, end - 1) - 1
        o_end = self._orig_starts[j] + (end - self._clean_starts[j]) if self._copies[j] else self._orig_ends[j]
        return o_start, o_end

    def clean_offset(self, pos: int) -> int:
        """Clean position of original position ``pos`` (a dropped original character maps to where
        the clean text resumes)."""
        if not self._clean_starts:
            return pos
        i = bisect_right(self._orig_starts, pos) - 1
        if i < 0:
            return 0
        if pos < self._orig_ends[i]:
            return self._clean_starts[i] + (pos - self._orig_starts[i] if self._copies[i] else 0)
        return self._clean_starts[i + 1] if i + 1 < len(self._clean_starts) else len(self.text)


#: Text the author set off as a name: \textbf{X}, \textit{X}, \emph{X}, {\sc X}, **X**, *X*, _X_, ``X'', "X", “X”.
_EMPHASIS = re.compile(
    r"\\(?:textbf|textit|emph|textsc|texttt|underline)\{(?P<tex>(?:[^{}]|\{[^{}]*\})+)\}"
    r"|\{\\(?:bf|it|em|sc|tt)\s+(?P<switched>(?:[^{}]|\{[^{}]*\})+)\}"
    r"|\*\*(?P<bold>[^*\n]+)\*\*|(?<![\w*])\*(?P<star>[^*\s][^*\n]*?)\*(?![\w*])"
    r"|(?<![\w$\\])_(?P<under>[A-Za-z][^_$\n]*?)_(?![\w$])"
    r"|``(?P<ticks>[^`'\n]+)''|\"(?P<quote>[^\"\n]+)\"|\u201c(?P<curly>[^\u201d\n]+)\u201d"
)


def emphasized(original: str) -> list[tuple[int, int]]:
    """Original offsets of the emphasized or quoted runs of ``original`` (outermost only)."""
    return [m.span(m.lastgroup) for m in _EMPHASIS.finditer(original)]


#: Inline math, "$...$" or "$$...$$" (not an escaped "\\$").
_MATH = re.compile(r"(?<!\\)(\$\$?)(?:[^$\\]|\\.)+?(?<!\\)\1", re.DOTALL)
#: A text-mode command right before a name set in math: "$\\texttt{MoE-RBench}$", "$\\mathsf{DirMixE}$".
_TEXT_IN_MATH = re.compile(r"\\(?:text[a-z]*|math(?:rm|sf|tt|bf|it)|operatorname|it|bf|rm|sf|tt)\s*\{?\s*$")


def math_spans(original: str) -> list[tuple[int, int]]:
    """Original offsets of the inline-math runs of ``original``."""
    return [m.span() for m in _MATH.finditer(original)] if "$" in original else []


def in_bare_math(original: str, start: int, end: int, spans: list[tuple[int, int]]) -> bool:
    """``original[start:end]`` is formula, not a name: inside math and not set in text mode there
    ("$O(\\sqrt{dT})$", "$\\mathbb{R}^{n_2}$"; not "$\\texttt{DSNT}$")."""
    for a, b in spans:
        if a < start and end <= b:
            return not _TEXT_IN_MATH.search(original, a, start)
    return False


def _char(ch: str) -> str:
    mapped = _CHAR_MAP.get(ch)
    if mapped is not None:
        return mapped
    return unicodedata.normalize("NFKC", ch)


def clean(original: str) -> CleanText:
    """Clean ``original`` (see module docstring). Text needing no work maps by identity."""
    matches = list(_TOKEN.finditer(original))
    if not matches:
        return CleanText(original, original, (), (), (), ())
    pieces: list[str] = []
    c_starts: list[int] = []
    o_starts: list[int] = []
    o_ends: list[int] = []
    copies: list[bool] = []
    pos = 0  # original position
    length = 0  # clean length so far
    group_at = -1  # where a command's argument group opens ("\\sqrt{")

    def add(text: str, a: int, b: int, copy: bool) -> None:
        nonlocal length
        if not text:
            return
        pieces.append(text)
        c_starts.append(length)
        o_starts.append(a)
        o_ends.append(b)
        copies.append(copy)
        length += len(text)

    for m in matches:
        a, b = m.span()
        if a > pos:
            add(original[pos:a], pos, a, True)
        kind = m.lastgroup
        if kind == "accent":
            mark, letter = m.group()[1], m.group()[2:].strip(" {}")
            letter = _TEX_LETTERS[letter[1:]] if letter.startswith("\\") else letter  # "\\'{\\i}": the dotless i
            add(unicodedata.normalize("NFC", letter + _ACCENT_MARKS[mark]), a, b, False)
        elif kind == "letter":
            add(_TEX_LETTERS[m.group()[1:].rstrip()], a, b, False)
        elif kind == "esc":
            add(original[b - 1], b - 1, b, True)
        elif kind == "times":
            add("x", a, b, False)
        elif kind == "cmd":
            opens = original.startswith("{", b)
            glued = a > 0 and original[a - 1].isalnum()
            if _NOTE.fullmatch(m.group()):
                add(" ", a, b, False)  # "GEOM-DRUG\footnote{The scores ...}": the note is beside the name
            elif glued or opens:
                if glued:
                    add(" ", a, a, False)  # a command glued to a word is not part of it: "$n\log n$" -> "n log n"
                add(m.group()[1:], a, b, False)
            else:
                add(m.group()[1:], a + 1, b, True)
            if opens:
                group_at = b  # the brace that opens its group becomes a space: "\sqrt{T}" -> "sqrt T", not "sqrtT"
        elif kind == "brace" and a == group_at:
            add(" ", a, b, False)
        elif kind in ("tilde", "link"):
            add(" ", a, b, False)
        elif kind == "dash":
            # "Weisfeiler--Leman" (an en dash between names) is one name; "RL--has", "SE(3)---enabling" are not
            joins = b - a == 2 and 0 < a and b < len(original) and original[a - 1].isalpha() and original[b].isupper()
            add("-" if joins else " - ", a, b, False)
        elif kind == "glue":
            add(m.group(), a, b, True)
            add(" ", b, b, False)
        elif kind == "word":
            add(m.group(), a, b, True)
            add(" ", b, b, False)
        elif kind == "paren":
            add(" ", a, a, False)
            add("(", a, b, True)
        elif kind == "ctrl":
            # PDF text writes hyphens as \x02: a line-break hyphen inside a word ("evalua\x02tion",
            # "Contin\x02uous") goes, one between names ("3D\x02MoLM") stays a hyphen; others go
            inside_word = original[a - 1 : a].islower() and original[b : b + 1].islower()
            add("-" if m.group() == "\x02" and not inside_word else "", a, b, False)
        elif kind == "wide":
            ch = m.group()
            out = _char(ch)
            if ch == "\u2014" and not (original[a - 1 : a].isspace() and original[b : b + 1].isspace()):
                out = " - "  # an em dash is punctuation, as TeX's "---": "Gen-Z\u2014a generative framework"
            add(out, a, b, out == ch)
        pos = b
    if pos < len(original):
        add(original[pos:], pos, len(original), True)
    return CleanText(original, "".join(pieces), tuple(c_starts), tuple(o_starts), tuple(o_ends), tuple(copies))


def clean_text(original: str) -> str:
    """Just the clean text (for names, titles and tests)."""
    return clean(original).text
