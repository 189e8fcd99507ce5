"""One entity per thing: merge names within a paper and across the corpus, and give stable keys.

Names are compared by a *match key*: Unicode and case folded, LaTeX dropped, hyphens, spaces and
punctuation removed, a final plural "s" and size variants ("ImageNet 32x32", "ImageNet-1k") dropped.
So "Meta-World" = "Metaworld", "graph neural networks" = "Graph Neural Network".
Acronyms join their long forms through the aliases the extractor found ("Reward-based Noise
Optimization (ReNO)"); long forms of one acronym that differ only by a typo, a function word or a
spelling variant are one thing ("Reinforcement Learning from / with Human Feedback (RLHF)", "Low-rank
adapation (LoRA)"); an acronym that several different long forms claim joins none of them but the
most frequent, or the one whose papers share the acronym's context ("SAM" beside segmentation tasks).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable
from functools import lru_cache

from .models import Entity, PaperExtraction
from .textnorm import clean_text

_SIZE = re.compile(r"(?:[\s\-_]*\(?\d+\s*[x×]\s*\d+[kmb]?\)?|[\s\-_]+\d+(?:\.\d+)?[kmb]\b)$", re.IGNORECASE)
_ACRONYM_PLURAL = re.compile(r"(?<![A-Za-z])([A-Z][A-Za-z0-9\-]*[A-Z0-9])s\b")
_NON_ALNUM = re.compile(r"[^0-9a-z]+")
_SPACES = re.compile(r"[\s\-_\u2010-\u2015]+")
_GENERIC_TAIL = frozenset("task problem dataset benchmark method model framework algorithm".split())
_DATA_TAIL = frozenset(("dataset", "benchmark"))
#: A mention cut out of LaTeX ("N}$ormalizing th$\\textbf{e}$") is no spelling of a name.
_MARKUP = re.compile(r"[$\\{}]")
_SPELLING = re.compile(r"[\s\-_\u2010-\u2015]+")


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")) else word


@lru_cache(maxsize=1 << 16)
def readable(name: str) -> str:
    """Lower-case display form used in keys: LaTeX stripped, hyphens/underscores -> spaces, size
    variant, leading "the" and a trailing "dataset"/"benchmark" dropped, last word singular."""
    text = unicodedata.normalize("NFKC", clean_text(name)).strip()
    text = _ACRONYM_PLURAL.sub(r"\1", text)
    text = _SIZE.sub("", text) or text
    words = _SPACES.sub(" ", text.lower()).split()
    if len(words) > 1 and words[0] == "the":
        words = words[1:]
    if words:
        words[-1] = _singular(words[-1])
    if len(words) > 1 and words[-1] in _DATA_TAIL:
        words = words[:-1]
    return " ".join(words)


#: Words two unrelated names often share: "Binary Neural Networks" is not "Bayesian neural network".
_UNTELLING_WORDS = frozenset("a an the of for and or with in on to by via from neural network model learning "
                             "language graph deep machine method algorithm system".split())


def related(a: str, b: str) -> bool:
    """The two names share a word that says what they are ("RL from human feedback" and "reinforcement
    learning with human feedback")."""
    return bool(set(readable(a).split()) & set(readable(b).split()) - _UNTELLING_WORDS)


#: British spellings and their American twins: "generative modelling", "summarisation", "Normalising Flows".
_BRITISH = re.compile(r"(?<=[a-z]{3})(?:is(?=ation|ing|ed|er|e\b)|ell(?=ing|ed\b)|our\b)")
_AMERICAN = {"is": "iz", "ell": "el", "our": "or"}


def _american(text: str) -> str:
    return _BRITISH.sub(lambda m: _AMERICAN[m.group()], text)


#: Letters NFKD does not decompose into a base letter and an accent.
_UNDECOMPOSED = str.maketrans("łŁøØđĐ", "lLoOdD")


def _unaccented(text: str) -> str:
    """``text`` without accents: "Rényi" -> "Renyi", "Łojasiewicz" -> "Lojasiewicz"."""
    if text.isascii():
        return text
    return "".join(unicodedata.normalize("NFKD", c)[0] for c in text.translate(_UNDECOMPOSED))


@lru_cache(maxsize=1 << 16)
def match_key(name: str) -> str:
    """Key under which two names are the same entity (see module docstring): ``readable`` without
    a trailing generic head ("diffusion model" = "diffusion models" = "diffusion"), punctuation, accents
    and British spelling ("modelling" = "modeling")."""
    words = readable(name).split()
    if len(words) > 1 and words[-1] in _GENERIC_TAIL:
        words = words[:-1]
    return _NON_ALNUM.sub("", _unaccented(_american(" ".join(words))).replace("+", "plus"))  # LoRA+ is not LoRA


_FUNCTION_WORDS = frozenset("a an the of for and or with in on to by via from".split())


@lru_cache(maxsize=1 << 16)
def _letters(name: str) -> str:
    """A long form's letters without its function words: what a respelling keeps."""
    return _NON_ALNUM.sub("", "".join(w for w in readable(name).split() if w not in _FUNCTION_WORDS))


def _edit_distance(a: str, b: str, limit: int) -> int:
    """Levenshtein distance, or ``limit + 1`` as soon as it must exceed ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        if min(current) > limit:
            return limit + 1
        previous = current
    return previous[-1]


def respelled(a: str, b: str) -> bool:
    """Two long forms are one name written two ways: a typo ("Low-rank adapation"), another function
    word ("from" / "with Human Feedback") or a variant ("modelling", "Multi-modality"). One edit is
    allowed per ten letters, at least one."""
    la, lb = _letters(a), _letters(b)
    limit = max(1, max(len(la), len(lb)) // 10)
    return bool(la and lb) and _edit_distance(la, lb, limit) <= limit


def has_size(name: str) -> bool:
    """The name ends in a size ("ImageNet 32x32", "DRCT-2M", "LLaMA-30B", "Mixtral 8x7B"), which
    ``match_key`` drops."""
    return _SIZE.search(name) is not None


#: Capitalized words joined by hyphens: a long form, though it has no space ("Frank-Wolfe").
_HYPHENED_WORDS = re.compile(r"[A-Z\u00c0-\u024f][a-z\u00df-\u024f]{2,}(?:-[A-Z\u00c0-\u024f][a-z\u00df-\u024f]{2,})+")


def is_short_form(name: str) -> bool:
    """A single-token acronym-like name (ReNO, SDXL, GPT-4), as opposed to a long form, which may also be
    capitalized words joined by hyphens ("Frank-Wolfe", "Polyak-Łojasiewicz", "Plan-Seq-Learn")."""
    name = name.strip()
    return " " not in name and sum(c.isupper() for c in name) >= 2 and not _HYPHENED_WORDS.fullmatch(name)


#: A mapping from one modality to another, named alone: "text-to-image", "text-to-3D".
_MAPPING = re.compile(r"[^\W_]+-to-[^\W_]+", re.IGNORECASE)


def is_mapping(name: str) -> bool:
    """``name`` is a modality mapping said alone ("text-to-image"), which names the task done with it."""
    return bool(_MAPPING.fullmatch(name.strip()))


#: Words joined by a hyphen, as a long form may be written ("Follow-the-Regularized-Leader"); not a version
#: after one ("Llama-1" is no long form of LLaMA).
_JOINED_WORDS = re.compile(r"[^\W\d_]{2}-[^\W\d_]{2}")


def canonical(names: Iterable[str]) -> str:
    """The most specific full name: the most frequent long form, spelled out where some paper spells
    it out (ties: the longer, then the one with capitals as its authors wrote it), else the most
    frequent name; never a size variant where the bare name is there. Spellings that differ only in
    case, spaces and hyphens count as one, written as most authors write it ("Meta-World", not
    "Meta-world"); a one-word respelling of a short form ("Imagenet", "Cifar10") is no long form."""
    counts = Counter(names)
    if len(counts) == 1:
        return next(iter(counts))
    spellings: dict[str, list[str]] = defaultdict(list)
    for n in counts:
        spellings[_SPELLING.sub("", n.lower())].append(n)
    total: dict[str, int] = {}
    longs = []
    for group in spellings.values():
        usual = max(group, key=lambda n: (counts[n], len(n.split()), sum(c.isupper() for c in n), n))
        total[usual] = sum(counts[n] for n in group)
        has_short = any(is_short_form(n) for n in group)
        if any(not is_short_form(n) and not _short_form_of_a_kind(n)
               and (" " in n.strip() or _JOINED_WORDS.search(n) or not has_short)
               for n in group):
            longs.append(usual)
    bare = [n for n in longs if not has_size(n)]
    if longs and not bare:  # "GPT-4 128K" is no long form of GPT-4
        bare = [n for n in total if not has_size(n)]
    pool = bare or longs or list(total)
    # a size variant ("ImageNet-1k", "ImageNet 32x32") names the entity only when no bare name does, a long
    # form with an acronym in it ("offline RL") only when none is spelled out, and a modality mapping said
    # alone ("text-to-image") only when no name says what is done with it
    return max(pool, key=lambda n: (not has_size(n), not _abbreviated(n), not _extended_mapping(n, pool), total[n],
                                    len(n.split()), len(n),
                                    sum(c.isupper() for c in n), n))


def _extended_mapping(name: str, names: list[str]) -> bool:
    """A modality mapping said alone that another name says what is done with: "text-to-image" beside
    "text-to-image generation" (but "Text-to-Image" is still a better name than "T2I")."""
    return is_mapping(name) and any(n.lower().startswith(name.lower() + " ") for n in names)


def _short_form_of_a_kind(name: str) -> bool:
    """A short form with a kind word after it ("GLUE Benchmark", "DPO algorithm"): no long form of it."""
    words = name.split()
    return len(words) == 2 and is_short_form(words[0]) and words[1].lower().rstrip("s") in _GENERIC_TAIL


def _abbreviated(name: str) -> bool:
    """A long form with an acronym for one of its words: "offline RL", "OOD detection" (not "Low-Rank")."""
    words = name.split()
    return len(words) > 1 and any(sum(c.isupper() for c in w) >= max(2, sum(c.islower() for c in w))
                                  for w in words)


def _entry(entity: Entity) -> frozenset[str]:
    """The gazetteer entry an entity was found under, spacing, hyphens and British spelling folded (the
    lexicon lists both "multi-task learning" and "multitask learning", "generative modelling" and
    "generative modeling"); empty when no entry of its own label found it."""
    key = entity.key
    if not key or not key.startswith(entity.label.lower() + ":"):
        return frozenset()
    return frozenset((_american(_SPELLING.sub(" ", key)).replace(" ", ""),))


class _UnionFind:
    """Groups that never join two different gazetteer entries: "ImageNet-21K" folds to the same match
    key as "ImageNet-1k", but the gazetteer lists them as two datasets."""

    def __init__(self, entries: list[frozenset[str]]):
        self.parent = list(range(len(entries)))
        self.entries = list(entries)

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def fits(self, short: int, group: int) -> bool:
        """A short form the gazetteer found ("GDA" alone) joins only a group of its own entry, not
        another paper's "Gaussian Discriminant Analysis (GDA)"; a short form it did not find joins any."""
        mine = self.entries[self.find(short)]
        return not mine or bool(mine & self.entries[self.find(group)])

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra == rb or self.entries[ra] and self.entries[rb] and self.entries[ra].isdisjoint(self.entries[rb]):
            return
        root, child = min(ra, rb), max(ra, rb)
        self.parent[child] = root
        self.entries[root] = self.entries[root] | self.entries[child]


def _merge_group(entities: list[Entity], key: str | None) -> Entity:
    names = [e.name for e in entities for _ in range(max(1, len(e.mentions)))]
    all_names = [n for e in entities for n in (e.name, *e.aliases)]
    name = canonical(names + all_names)
    seen = {match_key(name)}
    aliases = []
    for n in all_names:
        k = match_key(n)
        if k not in seen:
            seen.add(k)
            aliases.append(n)
    mentions = sorted({(m.start, m.end): m for e in entities for m in e.mentions}.values(),
                      key=lambda m: (m.start, m.end))
    return Entity(label=entities[0].label, name=name, aliases=aliases,
                  proposed=any(e.proposed for e in entities), mentions=mentions, key=key)


def _variant(a: str, b: str) -> bool:
    """One name is the other with extra words in front or behind ("group lasso" / "lasso")."""
    short, long = sorted((a, b), key=len)
    return short != long and (long.endswith(" " + short) or long.startswith(short + " "))


def _groups(entities: list[Entity], by_key: bool = False, papers: list[int] | None = None) -> list[list[int]]:
    """Indices of ``entities`` grouped into one entity each (same label only); ``by_key`` also joins
    entities found under one gazetteer entry of their own label ("offline RL" and "offline
    reinforcement learning"), which is safe within one paper, except for a modified variant the
    gazetteer lists as an alias ("group Lasso" is not "Lasso"). ``papers`` (the paper of each entity)
    keeps an acronym a paper proposes from joining other papers' long forms of it. A modality mapping said
    alone ("text-to-image") joins the generation task of that name ("text-to-image generation")."""
    uf = _UnionFind([_entry(e) for e in entities])
    if by_key:
        first: dict[str, int] = {}
        for i, e in enumerate(entities):
            if e.key and e.key.startswith(e.label.lower() + ":"):
                j = first.setdefault(e.key, i)
                if not _variant(readable(e.name), readable(entities[j].name)):
                    uf.union(j, i)
    long_owner: dict[tuple[str, str], int] = {}
    short_users: dict[tuple[str, str], list[int]] = defaultdict(list)
    for i, e in enumerate(entities):
        for n in (e.name, *e.aliases):
            k = (e.label, match_key(n))
            if not k[1]:
                continue
            if is_short_form(n):
                short_users[k].append(i)
            elif k in long_owner:
                uf.union(long_owner[k], i)
            else:
                long_owner[k] = i
    for i, e in enumerate(entities):  # "text-to-image" said alone is the text-to-image generation task
        if e.label == "TASK" and is_mapping(e.name):
            owner = next((j for head in ("generation", "synthesis")
                          if (j := long_owner.get(("TASK", match_key(f"{e.name} {head}")))) is not None), None)
            if owner is not None:
                uf.union(owner, i)
    senses = _Senses(entities, papers) if papers is not None else None
    # Short forms: join the group(s) of the long forms they stand for, unless ambiguous.
    for k, users in short_users.items():
        if k in long_owner:
            users = [*users, long_owner[k]]
        with_long: Counter[int] = Counter()
        for i in users:
            if any(not is_short_form(n) for n in (entities[i].name, *entities[i].aliases)):
                with_long[uf.find(i)] += 1
        if len(with_long) > 1:
            _join_respellings(uf, entities, users)
            with_long = Counter(uf.find(r) for r in with_long.elements())
        long_roots = set(with_long)
        spelled: dict[int, set[str]] = defaultdict(set)  # root -> how its papers write the acronym
        for i in users:
            if uf.find(i) in long_roots:
                spelled[uf.find(i)] |= _acronym_spellings(entities[i], k[1])
        alone = None  # short forms with no long form of their own entry stay together
        for i in users:
            if uf.find(i) in long_roots:
                continue
            # the gazetteer's "PASCAL-Context" is another paper's "Pascal-Context": one name, differently cased
            same_name = uf.find(long_owner[k]) if k in long_owner else None
            fits = [r for r in with_long if uf.fits(i, r) or r == same_name]
            mixed = {n for n in _acronym_spellings(entities[i], k[1])
                     if len(n) <= 5 and n.isalpha() and not n.isupper()}
            if mixed and not uf.entries[uf.find(i)]:
                # a short acronym in mixed case is another paper's only if written alike: "IoT" is not "iOT"
                # (Inverse Optimal Transport), "AmP" not "AMP", "PaLM" not "PALM"
                fits = [r for r in fits if mixed & spelled[r]]
            if papers is not None and entities[i].proposed and not uf.entries[uf.find(i)]:
                # a paper's own acronym ("we propose SEA") is not another paper's long form of it
                fits = [r for r in fits if any(papers[j] == papers[i] and uf.find(j) == r for j in users)]
            if fits:
                usual = max(fits, key=lambda r: with_long[r])
                if senses is not None and len(fits) > 1:
                    usual = senses.choose(usual, fits, i, users, uf, k[1])
                uf.union(usual, i)
            elif alone is None:
                alone = i
            else:
                uf.union(alone, i)
    groups: dict[int, list[int]] = defaultdict(list)
    for i in range(len(entities)):
        groups[uf.find(i)].append(i)
    return list(groups.values())


class _Senses:
    """Which of an acronym's unrelated long forms a paper that only writes the acronym means: the one
    whose papers share its rarer names, when that one clearly wins ("SAM" beside segmentation tasks
    is the Segment Anything Model, though Sharpness-Aware Minimization is more frequent)."""

    def __init__(self, entities: list[Entity], papers: list[int]):
        self.entities, self.papers = entities, papers
        self.context: dict[int, set[str]] = defaultdict(set)  # paper -> match keys of its names
        for e, p in zip(entities, papers):
            self.context[p].update(match_key(n) for n in (e.name, *e.aliases))
        df = Counter(k for keys in self.context.values() for k in keys)
        self.weight = {k: math.log(len(self.context) / n) for k, n in df.items()}

    def choose(self, usual: int, fits: list[int], short: int, users: list[int], uf: _UnionFind, acronym: str) -> int:
        """The group in ``fits`` that ``short`` joins; ``usual`` unless another, unrelated long form's
        papers share more than twice the weight of names with its paper."""
        members = {r: [j for j in users if uf.find(j) == uf.find(r)] for r in fits}
        mine = self.context[self.papers[short]] - {acronym}
        score = {r: sum(self.weight[k] for k in mine & set().union(*(self.context[self.papers[j]] for j in members[r])))
                 for r in fits}
        best = max(fits, key=score.__getitem__)
        if score[best] <= 2 * score[usual]:
            return usual
        long_forms = [{n for j in members[r] for n in (self.entities[j].name, *self.entities[j].aliases)
                       if not is_short_form(n)} for r in (best, usual)]
        return usual if any(related(a, b) for a in long_forms[0] for b in long_forms[1]) else best


def _acronym_spellings(entity: Entity, key: str) -> set[str]:
    """The entity's short forms with match key ``key``, as written, less a size and a plural "s"."""
    return {_ACRONYM_PLURAL.sub(r"\1", _SIZE.sub("", n) or n) for n in (entity.name, *entity.aliases)
            if is_short_form(n) and match_key(n) == key}


def _join_respellings(uf: _UnionFind, entities: list[Entity], users: list[int]) -> None:
    """Join the groups of the entities ``users`` of one acronym whose long forms are respellings."""
    longs: dict[int, set[str]] = defaultdict(set)
    for i in users:
        longs[uf.find(i)].update(n for n in (entities[i].name, *entities[i].aliases) if not is_short_form(n))
    order = sorted(r for r in longs if longs[r])
    for x, a in enumerate(order):
        for b in order[x + 1:]:
            if any(respelled(n, m) for n in longs[a] for m in longs[b]):
                uf.union(a, b)


#: Words that say what kind of thing a name is, not which one: "transformer architecture" is the transformer.
_HEAD_WORDS = frozenset("architecture architectures method methods model models algorithm algorithms framework "
                        "frameworks approach technique mechanism network networks task tasks problem problems "
                        "dataset datasets benchmark benchmarks".split())


def _narrowed(name: str, entry: str) -> bool:
    """``name`` is ``entry`` with lower-case words in front or behind, or ``entry`` is ``name`` with
    more words: "scene text detection" is a kind of text detection and "group Lasso" a kind of Lasso,
    but "MS COCO" is COCO and "transformer architecture" the transformer."""
    words, base = readable(name).split(), readable(entry).split()
    if not _variant(" ".join(words), " ".join(base)):
        return False
    if len(words) < len(base):
        return True  # a broader alias ("text detection" for scene text detection) keeps its own key
    original = _SPELLING.split(name.strip())
    extra = original[: len(original) - len(base)] if words[-len(base):] == base else original[len(base):]
    return all(w[:1].islower() for w in extra) and not all(w.lower() in _HEAD_WORDS for w in extra)


def _key_name(key: str) -> str:
    """The name part of a key: the gazetteer entry's name, or the readable name ("task:speech recognition")."""
    return key.split(":", 1)[-1]


def _listed_for(key: str, entities: list[Entity]) -> set[str]:
    """Match keys of the names the gazetteer gave ``key`` on their own: an entity with that key whose one
    full name it found ("automatic speech recognition (ASR)" alone is the entry speech recognition, which
    lists it), as against a narrower name merged into an entity that a broader name keyed."""
    listed = set()
    for e in entities:
        long_names = {match_key(n) for n in (e.name, *e.aliases) if not is_short_form(n)}
        if e.key == key and len(long_names) == 1 and all(m.rule == "gazetteer" for m in e.mentions if not is_short_form(m.text)):
            listed |= long_names
    return listed


def _narrower_beside_entry(key: str, members: list[Entity]) -> list[list[Entity]]:
    """The entities of one paper under ``key`` that the paper names apart from the entry: "scene text
    detection" beside "text detection" is a kind of it there, though alone it is the entry's alias."""
    entry = _key_name(key)
    if not any(match_key(e.name) == match_key(entry) for e in members):
        return []
    narrower: dict[str, list[Entity]] = defaultdict(list)
    for e in members:
        if not is_short_form(e.name) and match_key(e.name) != match_key(entry) and _narrowed(e.name, entry) \
                and len(readable(e.name).split()) > len(readable(entry).split()):
            narrower[match_key(e.name)].append(e)
    return list(narrower.values())


def entity_key(label: str, entities: list[Entity], name: str) -> str:
    """Stable key, label first: the gazetteer entry's name when the entity goes by it or by other names
    the gazetteer found for it ("MS COCO" is COCO; "automatic speech recognition", which the gazetteer lists,
    is speech recognition, but a narrower name merged into an entity another name keyed is not the entry:
    "scene text detection" with "text detection"), or goes only by short forms the gazetteer knows ("DMC" alone is the
    DeepMind Control Suite, so papers that only say DMC share its key); an acronym defined by an
    unrelated long form is not the entry ("variational quantum algorithms (VQAs)" is not the VQA
    dataset). Else the readable name."""
    all_names = [n for e in entities for n in (e.name, *e.aliases)]
    names = {match_key(n) for n in all_names}
    only_short_forms = all(is_short_form(n) for n in all_names)
    matched = {match_key(m.text) for e in entities for m in e.mentions if m.rule == "gazetteer"}
    for key, _ in Counter(e.key for e in entities if e.key).most_common():
        entry = _key_name(key)
        if match_key(entry) in names or only_short_forms:
            return f"{label.lower()}:{entry}"
        listed = _listed_for(key, entities)
        if all(match_key(n) in matched and (match_key(n) in listed or not _narrowed(n, entry))  # (a name as the
               for n in all_names if not is_short_form(n)):  # gazetteer found it, or respelled)
            return f"{label.lower()}:{entry}"
    return f"{label.lower()}:{readable(name)}"


def _spelled_out(label: str, name: str, key: str) -> str:
    """A task no paper spells out ("OOD detection") is named by its gazetteer entry ("out-of-distribution
    detection"), which the key holds in lower case, as tasks are written anyway."""
    entry = _key_name(key)
    return entry if label == "TASK" and _abbreviated(name) and entry != readable(name) else name


def merge_paper(entities: list[Entity]) -> list[Entity]:
    """Merge one paper's entities that name the same thing; keys are left as the extractor set them."""
    merged = []
    for group in _groups(entities, by_key=True):
        members = [entities[i] for i in group]
        keys = Counter(e.key for e in members if e.key)
        merged.append(_merge_group(members, keys.most_common(1)[0][0] if keys else None))
    merged.sort(key=lambda e: (e.mentions[0].start if e.mentions else 1 << 30, e.label, e.name))
    return merged


#: A name is relabelled to the corpus's label for it when that label has this many times its papers.
_LABEL_MAJORITY = 3


def _agreed_labels(flat: list[tuple[int, Entity]]) -> list[tuple[int, Entity]]:
    """A name most papers call a task is a task in the few that call it a method, and vice versa
    ("generative modeling": 46 papers a task, 2 a method), so it is one node. Datasets keep their label,
    and so does a method a paper proposes (papers propose methods, not tasks)."""
    papers: dict[str, dict[str, set[int]]] = defaultdict(lambda: defaultdict(set))
    for p, e in flat:
        if e.label != "DATASET":
            papers[match_key(e.name)][e.label].add(p)
    relabel: dict[tuple[str, str], str] = {}  # (name, minority label) -> the majority label, decided once per name
    for name, by_label in papers.items():
        usual = max(by_label, key=lambda label: len(by_label[label]))
        for label, in_papers in by_label.items():
            if label != usual and len(by_label[usual]) >= _LABEL_MAJORITY * len(in_papers):
                relabel[(name, label)] = usual
    out = []
    for p, e in flat:
        usual = relabel.get((match_key(e.name), e.label))
        if e.proposed and usual == "TASK":
            usual = None
        out.append((p, e.model_copy(update={"label": usual, "key": None}) if usual else e))
    return out


def resolve(extractions: list[PaperExtraction]) -> list[PaperExtraction]:
    """Corpus-wide resolution: same thing -> same canonical name, aliases and ``key`` in every paper;
    within a paper, one Entity per thing."""
    flat: list[tuple[int, Entity]] = _agreed_labels([(p, e) for p, ex in enumerate(extractions) for e in ex.entities])
    entities = [e for _, e in flat]
    group_of = [0] * len(entities)
    keys: list[str] = []  # per corpus group
    groups_of_key: dict[str, list[tuple[str, list[Entity]]]] = defaultdict(list)  # (group's name, members)
    names: dict[str, str] = {}
    for g, group in enumerate(_groups(entities, papers=[p for p, _ in flat])):
        members = [entities[i] for i in group]
        merged = _merge_group(members, None)
        key = entity_key(merged.label, members, merged.name)
        keys.append(key)
        groups_of_key[key].append((merged.name, members))
        names[key] = merged.name
        for i in group:
            group_of[i] = g
    # groups that ended up with one key are one thing, named from all their names but narrower aliases of
    # its gazetteer entry ("speech recognition", though more papers say "automatic speech recognition")
    for key, groups in groups_of_key.items():
        if len(groups) > 1:
            broad = [members for name, members in groups if not _narrowed(name, _key_name(key))] \
                or [members for _, members in groups]
            names[key] = _merge_group([e for members in broad for e in members], None).name
        names[key] = _spelled_out(groups[0][1][0].label, names[key], key)
    per_paper: list[dict[str, list[Entity]]] = [defaultdict(list) for _ in extractions]
    for i, (p, e) in enumerate(flat):
        per_paper[p][keys[group_of[i]]].append(e)
    for groups in per_paper:
        for key, members in list(groups.items()):
            for narrower in _narrower_beside_entry(key, members):
                own = f"{narrower[0].label.lower()}:{readable(narrower[0].name)}"
                names.setdefault(own, _merge_group(narrower, None).name)
                groups[own].extend(narrower)
                moved = {id(e) for e in narrower}
                groups[key] = [e for e in groups[key] if id(e) not in moved]
    out = []
    for ex, groups in zip(extractions, per_paper):
        entities_out = []
        for key, members in groups.items():
            name = names[key]
            local = _merge_group(members, key)
            # the corpus-wide canonical name, and as aliases every spelling this paper itself uses
            # ("CIFAR10" for CIFAR-10: one thing, but not one string to a reader or a scorer)
            seen = {readable(name)}
            local_aliases = []
            surface = (m.text for m in local.mentions  # not the "100" of "CIFAR-10/100"
                       if not _MARKUP.search(m.text) and any(c.isalpha() for c in m.text))
            for n in (local.name, *local.aliases, *surface):
                if readable(n) not in seen:
                    seen.add(readable(n))
                    local_aliases.append(n)
            entities_out.append(local.model_copy(update={"name": name, "aliases": local_aliases}))
        entities_out.sort(key=lambda e: (e.mentions[0].start if e.mentions else 1 << 30, e.label, e.name))
        out.append(PaperExtraction(id=ex.id, entities=entities_out))
    return out
