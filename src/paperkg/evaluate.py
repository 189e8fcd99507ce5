"""Score predicted entities against a gold file, exactly as the Scoring section of the spec says.

Pure Python on purpose: scoring must not depend on the extractor's NLP stack.

Decisions the spec leaves open (kept here so every number is reproducible):
- Normalization is applied until nothing changes, so it is idempotent: "image models" loses
  its plural "s" and then the generic head "model" -> "image". A name is never normalized to
  nothing: a lone generic head ("model") stays. The plural rule looks at the final word only,
  and leaves words ending in "ss" alone ("class", "loss" keep their letters), which is what
  keeps it idempotent.
- Markdown emphasis (``**LA**yout``, ``*LPN*``) is stripped with the LaTeX markup: the seed
  abstracts use both to spell out acronyms. ``\\times`` becomes "x" (ImageNet 32x32), other
  bare commands keep their name (``\\foldflow`` -> "foldflow"), and the LaTeX tie ``~`` is a space.
- Unicode dashes (en, em, minus) fold like hyphens.
- Other punctuation is kept; names normalizing to "" never match anything.
- 0/0 is 0.0 for precision, recall and F1, so a label with no gold and no predictions scores 0.
- Predictions for ids not in the gold set, or repeated ids, are input errors; a gold paper with
  no prediction line has no predictions.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from .errors import InputError
from .models import PaperExtraction

ModelT = TypeVar("ModelT", bound=BaseModel)

ScoreLabel = Literal["METHOD", "TASK", "DATASET", "PROPOSED"]
SCORE_LABELS: tuple[ScoreLabel, ...] = ("METHOD", "TASK", "DATASET", "PROPOSED")
GOLD_FIELD: dict[ScoreLabel, str] = {
    "METHOD": "methods",
    "TASK": "tasks",
    "DATASET": "datasets",
    "PROPOSED": "proposed",
}

GENERIC_HEADS = frozenset(
    "task tasks problem dataset datasets benchmark benchmarks method model framework algorithm".split()
)
_LATEX_WRAPPER = re.compile(r"\\[A-Za-z]+\*?\s*\{([^{}]*)\}")
_LATEX_SYMBOLS = {"times": "x"}
_LATEX_COMMAND = re.compile(r"\\([A-Za-z]+)")
_HYPHENS = re.compile(r"[-_\u2010-\u2015\u2212]+")
_MAX_ROUNDS = 20


class _Forbid(BaseModel):
    model_config = ConfigDict(extra="forbid")


class GoldPaper(_Forbid):
    """One gold line: the abstract and its entities, each entity a list of its names."""

    id: str = Field(min_length=1)
    text: str = Field(min_length=1)
    methods: list[list[str]]
    tasks: list[list[str]]
    datasets: list[list[str]]
    proposed: list[list[str]]
    title: str | None = None
    authors: list[str] | None = None
    venue: str | None = None
    year: int | None = None
    area: str | None = None

    @field_validator("methods", "tasks", "datasets", "proposed")
    @classmethod
    def _entities_have_names(cls, entities: list[list[str]]) -> list[list[str]]:
        for names in entities:
            if not names or any(not n.strip() for n in names):
                raise ValueError(f"every entity needs at least one non-empty name, got {names!r}")
        return entities


class LabelScore(_Forbid):
    label: ScoreLabel
    tp: int
    fp: int
    fn: int
    precision: float
    recall: float
    f1: float


class Miss(_Forbid):
    """One scoring error, for developers: a prediction nothing matched (fp) or a gold entity missed (fn)."""

    paper_id: str
    label: ScoreLabel
    kind: Literal["fp", "fn"]
    names: list[str]


class EvalReport(_Forbid):
    per_label: list[LabelScore]
    macro_f1: float
    papers: int
    details: list[Miss] = []


def _strip_markup(text: str) -> str:
    previous = None
    while previous != text:
        previous = text
        text = _LATEX_WRAPPER.sub(r"\1", text)
    text = _LATEX_COMMAND.sub(lambda m: _LATEX_SYMBOLS.get(m.group(1), m.group(1)), text)
    text = text.replace("\\", "").replace("$", "").replace("{", "").replace("}", "")
    return text.replace("*", "").replace("~", " ")


def _drop_plural(word: str) -> str:
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _normalize_once(name: str) -> str:
    text = unicodedata.normalize("NFKC", name)
    text = unicodedata.normalize("NFKC", _strip_markup(text).lower())
    tokens = _HYPHENS.sub(" ", text).split()
    while len(tokens) > 1 and tokens[0] == "the":
        tokens = tokens[1:]
    while len(tokens) > 1 and tokens[-1] in GENERIC_HEADS:
        tokens = tokens[:-1]
    if tokens:
        tokens[-1] = _drop_plural(tokens[-1])
    return " ".join(tokens)


@lru_cache(maxsize=1 << 16)
def normalize_name(name: str) -> str:
    """The spec's name normalization, repeated to a fixed point so that it is idempotent."""
    for _ in range(_MAX_ROUNDS):
        normalized = _normalize_once(name)
        if normalized == name:
            break
        name = normalized
    return name


def _is_run(short: list[str], long: list[str]) -> bool:
    n = len(short)
    return any(long[i : i + n] == short for i in range(len(long) - n + 1))


def name_overlap(a: str, b: str) -> float:
    """1.0 for equal normalized names, shorter/longer token ratio for a contiguous run covering
    at least half of the longer name, else 0.0."""
    ta, tb = normalize_name(a).split(), normalize_name(b).split()
    if not ta or not tb:
        return 0.0
    if ta == tb:
        return 1.0
    short, long = (ta, tb) if len(ta) <= len(tb) else (tb, ta)
    if 2 * len(short) >= len(long) and _is_run(short, long):
        return len(short) / len(long)
    return 0.0


def entity_overlap(predicted: Sequence[str], gold: Sequence[str]) -> float:
    """Best overlap between any predicted name and any gold name."""
    return max((name_overlap(p, g) for p in predicted for g in gold), default=0.0)


def match(predicted: Sequence[Sequence[str]], gold: Sequence[Sequence[str]]) -> list[tuple[int, int]]:
    """Greedy one-to-one matching, best overlap first; ties go to the earlier gold, then the
    earlier prediction. Returns (prediction index, gold index) pairs."""
    candidates = []
    for pi, p in enumerate(predicted):
        for gi, g in enumerate(gold):
            overlap = entity_overlap(p, g)
            if overlap > 0:
                candidates.append((-overlap, gi, pi))
    candidates.sort()
    used_p: set[int] = set()
    used_g: set[int] = set()
    pairs = []
    for _, gi, pi in candidates:
        if pi not in used_p and gi not in used_g:
            used_p.add(pi)
            used_g.add(gi)
            pairs.append((pi, gi))
    return pairs


def _read_records(path: str | Path, model: type[ModelT], what: str) -> list[tuple[int, ModelT]]:
    """(line number, record) for every non-blank line of a JSONL file; anything wrong names file and line,
    and so does an id that an earlier line already used."""
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read {what} file: {exc}", path=path) from exc
    records: list[tuple[int, ModelT]] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = model.model_validate(json.loads(line))
        except json.JSONDecodeError as exc:
            raise InputError(f"not valid JSON: {exc.msg}", path=path, line=number) from exc
        except ValidationError as exc:
            raise InputError(f"not a {what}: {_brief(exc)}", path=path, line=number) from exc
        if record.id in seen:
            raise InputError(f"id {record.id!r} already on line {seen[record.id]}", path=path, line=number)
        seen[record.id] = number
        records.append((number, record))
    return records


def load_gold(path: str | Path) -> list[GoldPaper]:
    """Read a gold JSONL file; blank lines are skipped, anything else wrong names file and line."""
    return [paper for _, paper in _read_records(path, GoldPaper, "gold paper")]


def load_predictions(path: str | Path, gold: Sequence[GoldPaper]) -> list[PaperExtraction]:
    """Read a prediction JSONL file (the spec's format, as `paperkg extract` writes it) to score against
    `gold`: a prediction for a paper the gold file does not have is an error naming its line, since
    scoring would silently drop it."""
    gold_ids = {g.id for g in gold}
    predictions = []
    for number, pred in _read_records(path, PaperExtraction, "prediction"):
        if pred.id not in gold_ids:
            raise InputError(f"prediction for {pred.id!r}, which is not in the gold set", path=path, line=number)
        predictions.append(pred)
    return predictions


def _brief(exc: ValidationError) -> str:
    return "; ".join(
        f"{'.'.join(str(p) for p in err['loc']) or 'line'}: {err['msg']}" for err in exc.errors()
    )


def _predictions_by_id(
    gold_ids: set[str], predictions: Iterable[dict | PaperExtraction]
) -> dict[str, PaperExtraction]:
    by_id: dict[str, PaperExtraction] = {}
    for index, raw in enumerate(predictions):
        try:
            pred = raw if isinstance(raw, PaperExtraction) else PaperExtraction.model_validate(raw)
        except ValidationError as exc:
            raise InputError(f"prediction {index}: {_brief(exc)}") from exc
        if pred.id not in gold_ids:
            raise InputError(f"prediction for {pred.id!r}, which is not in the gold set")
        if pred.id in by_id:
            raise InputError(f"two predictions for {pred.id!r}")
        by_id[pred.id] = pred
    return by_id


def _ratio(num: int, den: int) -> float:
    return num / den if den else 0.0


def score(
    gold: Sequence[GoldPaper], predictions: Iterable[dict | PaperExtraction], details: bool = False
) -> EvalReport:
    """Micro P/R/F1 per label over all (paper, entity) pairs, and the macro F1 of the four labels."""
    by_id = _predictions_by_id({g.id for g in gold}, predictions)
    counts = {label: [0, 0, 0] for label in SCORE_LABELS}
    misses: list[Miss] = []
    for paper in gold:
        pred = by_id.get(paper.id)
        entities = pred.entities if pred else []
        for label in SCORE_LABELS:
            if label == "PROPOSED":
                chosen = [e for e in entities if e.proposed]
            else:
                chosen = [e for e in entities if e.label == label]
            predicted = [[e.name, *e.aliases] for e in chosen]
            gold_entities = getattr(paper, GOLD_FIELD[label])
            pairs = match(predicted, gold_entities)
            matched_p = {pi for pi, _ in pairs}
            matched_g = {gi for _, gi in pairs}
            c = counts[label]
            c[0] += len(pairs)
            c[1] += len(predicted) - len(pairs)
            c[2] += len(gold_entities) - len(pairs)
            if details:
                misses += [
                    Miss(paper_id=paper.id, label=label, kind="fp", names=names)
                    for i, names in enumerate(predicted)
                    if i not in matched_p
                ]
                misses += [
                    Miss(paper_id=paper.id, label=label, kind="fn", names=list(names))
                    for i, names in enumerate(gold_entities)
                    if i not in matched_g
                ]
    per_label = []
    for label, (tp, fp, fn) in counts.items():
        p, r = _ratio(tp, tp + fp), _ratio(tp, tp + fn)
        f1 = _ratio(2 * p * r, p + r)
        per_label.append(LabelScore(label=label, tp=tp, fp=fp, fn=fn, precision=p, recall=r, f1=f1))
    macro = sum(s.f1 for s in per_label) / len(per_label)
    return EvalReport(per_label=per_label, macro_f1=macro, papers=len(gold), details=misses)


def format_report(report: EvalReport) -> str:
    """A plain text table, then one line per scoring error when the report carries them."""
    lines = [f"{'label':<9}{'tp':>5}{'fp':>5}{'fn':>5}{'P':>8}{'R':>8}{'F1':>8}"]
    for s in report.per_label:
        lines.append(
            f"{s.label:<9}{s.tp:>5}{s.fp:>5}{s.fn:>5}{s.precision:>8.3f}{s.recall:>8.3f}{s.f1:>8.3f}"
        )
    lines.append(f"macro F1 {report.macro_f1:.3f} over {report.papers} papers")
    for m in report.details:
        lines.append(f"{m.kind}  {m.paper_id}  {m.label:<8} {' | '.join(m.names)}")
    return "\n".join(lines)
