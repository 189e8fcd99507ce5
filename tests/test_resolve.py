"""Corpus-wide entity resolution: one entity per thing, canonical names, stable keys."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from paperkg.models import Entity, Mention, PaperExtraction
from paperkg.resolve import canonical, match_key, merge_paper, resolve, respelled


def ent(label: str, name: str, *aliases: str, key: str | None = None, proposed: bool = False,
        at: int = 0) -> Entity:
    mention = Mention(start=at, end=at + len(name), text=name)
    return Entity(label=label, name=name, aliases=list(aliases), key=key, proposed=proposed, mentions=[mention])


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Meta-World", "Metaworld"),
        ("ImageNet 32x32", "ImageNet"),
        ("ImageNet-1k", "ImageNet"),
        ("LLaMA-30B", "LLaMA"),
        ("Mixtral 8x7b", "Mixtral"),
        ("graph neural networks", "Graph Neural Network"),
        ("LLMs", "LLM"),
        ("the CIFAR-10 dataset", "CIFAR-10"),
        ("\\textbf{FedDA}", "FedDA"),
        ("generative modelling", "generative modeling"),
        ("text summarisation", "Text Summarization"),
        ("Normalising Flows", "normalizing flows"),
        ("Rényi DP", "Renyi DP"),
        ("Polyak-Łojasiewicz", "Polyak-Lojasiewicz"),
        ("behaviour cloning", "behavior cloning"),
    ],
)
def test_match_key_folds_variants(a: str, b: str) -> None:
    assert match_key(a) == match_key(b)


def test_match_key_keeps_different_things_apart() -> None:
    assert match_key("Lasso") != match_key("group Lasso")
    assert match_key("class") == "class"


def test_canonical_prefers_the_frequent_full_name() -> None:
    assert canonical(["ReNO", "ReNO", "Reward-based Noise Optimization"]) == "Reward-based Noise Optimization"
    assert canonical(["SDXL"]) == "SDXL"


def test_a_version_after_a_hyphen_is_no_long_form_but_joined_words_are() -> None:
    assert canonical(["LLaMA", "LLaMA", "LLaMA", "Llama", "Llama-1", "LLaMA-1"]) == "LLaMA"
    assert canonical(["FTRL", "FTRL", "follow-the-regularized-leader"]) == "follow-the-regularized-leader"


def test_canonical_spells_out_an_acronym_inside_a_long_form() -> None:
    names = ["offline RL", "offline RL", "offline RL", "offline reinforcement learning"]
    assert canonical(names) == "offline reinforcement learning"
    assert canonical(["OOD detection", "out-of-distribution detection"]) == "out-of-distribution detection"
    assert canonical(["Low-Rank Adaptation", "Low-Rank Adaptation", "low-rank adaption"]) == "Low-Rank Adaptation"


def test_merge_paper_joins_acronym_and_long_form() -> None:
    merged = merge_paper([
        ent("METHOD", "Reward-based Noise Optimization", "ReNO", at=0),
        ent("METHOD", "ReNO", proposed=True, at=50),
        ent("DATASET", "GenEval", at=90),
    ])
    assert len(merged) == 2
    reno = merged[0]
    assert reno.name == "Reward-based Noise Optimization" and reno.aliases == ["ReNO"]
    assert reno.proposed and len(reno.mentions) == 2


def test_resolve_links_papers_and_sets_stable_keys() -> None:
    papers = [
        PaperExtraction(id="p1", entities=[ent("METHOD", "Sharpness-Aware Minimization", "SAM")]),
        PaperExtraction(id="p2", entities=[ent("METHOD", "SAM")]),
        PaperExtraction(id="p3", entities=[ent("METHOD", "sharpness-aware minimization"),
                                           ent("DATASET", "ImageNet 32x32", key="dataset:imagenet", at=40)]),
        PaperExtraction(id="p4", entities=[ent("DATASET", "ImageNet")]),
    ]
    out = resolve(papers)
    keys = [[e.key for e in p.entities] for p in out]
    assert keys[0] == keys[1] == ["method:sharpness aware minimization"]
    assert keys[2] == ["method:sharpness aware minimization", "dataset:imagenet"]
    assert keys[3] == ["dataset:imagenet"]
    assert out[1].entities[0].name == "Sharpness-Aware Minimization"
    assert [p.id for p in out] == ["p1", "p2", "p3", "p4"]
    again = resolve(list(reversed(papers)))
    assert sorted(e.key for p in again for e in p.entities) == sorted(k for ks in keys for k in ks)


def test_ambiguous_acronym_does_not_merge_different_long_forms() -> None:
    papers = [
        PaperExtraction(id="p1", entities=[ent("METHOD", "Sharpness-Aware Minimization", "SAM")]),
        PaperExtraction(id="p2", entities=[ent("METHOD", "Segment Anything Model", "SAM")]),
    ]
    out = resolve(papers)
    assert out[0].entities[0].key != out[1].entities[0].key


def test_labels_stay_apart() -> None:
    out = resolve([PaperExtraction(id="p", entities=[ent("TASK", "planning"), ent("METHOD", "planning", at=30)])])
    assert {e.label for e in out[0].entities} == {"TASK", "METHOD"}


def test_merge_paper_joins_aliases_of_one_gazetteer_entry() -> None:
    merged = merge_paper([
        ent("TASK", "offline RL", key="task:offline reinforcement learning", at=0),
        ent("TASK", "offline reinforcement learning", key="task:offline reinforcement learning", at=20),
        ent("METHOD", "VQA", key="task:visual question answering", at=60),
        ent("METHOD", "SAC", key="method:soft actor-critic", at=80),
    ])
    assert [(e.label, e.name, e.aliases) for e in merged] == [
        ("TASK", "offline reinforcement learning", ["offline RL"]),
        ("METHOD", "VQA", []),
        ("METHOD", "SAC", []),
    ]
    variants = merge_paper([ent("METHOD", "Lasso", key="method:lasso"),
                            ent("METHOD", "group Lasso", key="method:lasso", at=10)])
    assert [e.name for e in variants] == ["Lasso", "group Lasso"]


def test_trailing_plus_names_another_method() -> None:
    assert match_key("LoRA+") != match_key("LoRA") and match_key("RSCP++") != match_key("RSCP+")


def test_a_modality_mapping_said_alone_is_the_generation_task_of_that_name() -> None:
    gazetteer = "task:text-to-image generation"
    out = resolve([
        PaperExtraction(id="a", entities=[ent("TASK", "text-to-image generation", key=gazetteer)]),
        PaperExtraction(id="b", entities=[ent("TASK", "text-to-image"), ent("TASK", "image-to-image", at=20)]),
        PaperExtraction(id="c", entities=[ent("TASK", "Text-to-Image")]),
    ])
    tasks = {(ex.id, e.name, e.key) for ex in out for e in ex.entities}
    assert {("a", "text-to-image generation", gazetteer), ("b", "text-to-image generation", gazetteer),
            ("c", "text-to-image generation", gazetteer)} <= tasks
    assert ("b", "image-to-image", "task:image to image") in tasks  # no image-to-image generation task to join
    assert [e.aliases for e in out[1].entities if e.key == gazetteer] == [["text-to-image"]]
    assert canonical(["text-to-image", "text-to-image", "text-to-image generation"]) == "text-to-image generation"
    assert canonical(["Text-to-Image", "T2I"]) == "Text-to-Image"  # still better than its acronym


def test_a_known_acronym_alone_shares_the_gazetteer_entry_key_across_papers() -> None:
    gazetteer = "dataset:deepmind control suite"
    a, b = (ex.entities[0] for ex in resolve([
        PaperExtraction(id="a", entities=[ent("DATASET", "DeepMind Control Suite", key=gazetteer)]),
        PaperExtraction(id="b", entities=[ent("DATASET", "DMC", key=gazetteer)]),
    ]))
    assert a.key == b.key == gazetteer
    assert b.name == "DeepMind Control Suite" and b.aliases == ["DMC"]
    # an acronym its paper defines by another long form is not the gazetteer's entry
    [[c]] = [ex.entities for ex in resolve([
        PaperExtraction(id="c", entities=[ent("DATASET", "Dynamic Motion Capture", "DMC", key=gazetteer)]),
    ])]
    assert c.key == "dataset:dynamic motion capture"


def test_each_paper_keeps_its_own_spellings_as_aliases() -> None:
    """The corpus calls it CIFAR-10; a paper that writes "CIFAR10" still lists that spelling, because
    readers and the spec's scorer do not fold "CIFAR10" into "CIFAR 10". Markup cut-outs are no spelling."""
    papers = [
        PaperExtraction(id="p1", entities=[ent("DATASET", "CIFAR-10"), ent("DATASET", "CIFAR-10", at=30)]),
        PaperExtraction(id="p2", entities=[ent("DATASET", "CIFAR10"), ent("METHOD", "FedDA", at=30)]),
    ]
    papers[1].entities[1].mentions.append(Mention(start=50, end=57, text="Fed}$DA"))
    out = resolve(papers)
    cifar = out[1].entities[0]
    assert (cifar.name, cifar.aliases) == ("CIFAR-10", ["CIFAR10"])
    assert out[0].entities[0].aliases == []
    assert out[1].entities[1].aliases == []


def test_a_one_word_respelling_is_no_long_form() -> None:
    assert canonical(["ImageNet", "ImageNet", "ImageNet", "Imagenet"]) == "ImageNet"
    assert canonical(["CIFAR-10", "CIFAR-10", "Cifar10"]) == "CIFAR-10"
    # a glued spelling of a real long form does not demote it
    assert canonical(["SGD", "SGD", "stochastic gradient descent", "StochasticGradientDescent"]) \
        == "stochastic gradient descent"


def test_two_gazetteer_entries_never_merge_though_their_names_fold_together() -> None:
    papers = [
        PaperExtraction(id="p1", entities=[ent("DATASET", "ImageNet-1k", key="dataset:imagenet"),
                                           ent("DATASET", "ImageNet-21K", key="dataset:imagenet-21k", at=20)]),
        PaperExtraction(id="p2", entities=[ent("DATASET", "ImageNet", key="dataset:imagenet")]),
    ]
    p1, p2 = resolve(papers)
    assert sorted(e.key for e in p1.entities) == ["dataset:imagenet", "dataset:imagenet-21k"]
    assert [e.name for e in p2.entities] == ["ImageNet"]
    assert len(merge_paper(papers[0].entities)) == 2


def test_entries_that_differ_only_by_a_hyphen_are_one() -> None:
    merged = merge_paper([ent("TASK", "multi-task learning", key="task:multi-task learning"),
                          ent("TASK", "multitask learning", key="task:multitask learning", at=30)])
    assert len(merged) == 1


def test_a_known_acronym_alone_keeps_its_gazetteer_meaning_over_another_papers_definition() -> None:
    papers = [
        PaperExtraction(id="p1", entities=[ent("METHOD", "Gaussian Discriminant Analysis", "GDA")]),
        PaperExtraction(id="p2", entities=[ent("METHOD", "Gaussian Discriminant Analysis", "GDA")]),
        PaperExtraction(id="p3", entities=[ent("METHOD", "GDA", key="method:gradient descent ascent")]),
        PaperExtraction(id="p4", entities=[ent("METHOD", "GDA")]),  # not found by the gazetteer: the usual reading
    ]
    p1, _, p3, p4 = resolve(papers)
    assert p3.entities[0].key == "method:gradient descent ascent" != p1.entities[0].key
    assert p3.entities[0].name == "GDA"
    assert p4.entities[0].key == p1.entities[0].key and p4.entities[0].name == "Gaussian Discriminant Analysis"


def gaz(label: str, name: str, key: str, at: int = 0) -> Entity:
    """An entity the gazetteer found under entry ``key``."""
    mention = Mention(start=at, end=at + len(name), text=name, rule="gazetteer")
    return Entity(label=label, name=name, key=key, mentions=[mention])


def test_every_name_the_gazetteer_lists_for_an_entry_shares_its_key() -> None:
    papers = [PaperExtraction(id="p1", entities=[gaz("DATASET", "MS COCO", "dataset:coco")]),
              PaperExtraction(id="p2", entities=[gaz("DATASET", "COCO", "dataset:coco")]),
              PaperExtraction(id="p3", entities=[gaz("TASK", "OOD generalization", "task:out-of-distribution generalization")]),
              PaperExtraction(id="p4", entities=[gaz("TASK", "out-of-distribution generalization",
                                                     "task:out-of-distribution generalization")])]
    keys = [p.entities[0].key for p in resolve(papers)]
    assert keys == ["dataset:coco", "dataset:coco", *["task:out-of-distribution generalization"] * 2]


def test_a_name_with_a_kind_word_is_the_entry_itself() -> None:
    (paper,) = resolve([PaperExtraction(id="p", entities=[
        gaz("METHOD", "transformers", "method:transformer"),
        gaz("METHOD", "transformer architecture", "method:transformer", at=40)])])
    assert [e.key for e in paper.entities] == ["method:transformer"]


def test_a_narrower_alias_stays_apart_from_its_entry_within_a_paper() -> None:
    (paper,) = resolve([PaperExtraction(id="p", entities=[
        gaz("TASK", "text detection", "task:text detection"),
        gaz("TASK", "scene text detection", "task:text detection", at=40)])])
    assert sorted((e.name, e.key) for e in paper.entities) == [
        ("scene text detection", "task:scene text detection"), ("text detection", "task:text detection")]


def test_a_narrower_alias_said_alone_is_its_entry_named_by_the_entry() -> None:
    papers = [PaperExtraction(id=f"p{i}", entities=[
        gaz("TASK", "automatic speech recognition", "task:speech recognition")]) for i in range(3)]
    papers.append(PaperExtraction(id="q", entities=[gaz("TASK", "speech recognition", "task:speech recognition")]))
    resolved = resolve(papers)
    assert {(e.key, e.name) for p in resolved for e in p.entities} == {("task:speech recognition", "speech recognition")}
    assert resolved[0].entities[0].aliases == ["automatic speech recognition"]


def test_spellings_that_differ_in_case_or_hyphens_are_written_as_most_authors_write_them() -> None:
    assert canonical(["Meta-World", "Meta-World", "Meta-world"]) == "Meta-World"
    assert canonical(["U-Net", "U-Net", "U-net", "UNet"]) == "U-Net"
    assert canonical(["backpropagation", "BP", "BP"]) == "backpropagation"  # a one-word long form still wins


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Reinforcement Learning from Human Feedback", "Reinforcement Learning with Human Feedback"),
        ("Low-Rank Adaptation", "Low-rank adapation"),
        ("Multimodal Large Language Models", "Multi-modality Large Language Models"),
        ("positive-unlabeled", "Positive and Unlabeled"),
    ],
)
def test_long_forms_of_one_acronym_that_are_respellings_are_one_entity(a: str, b: str) -> None:
    acronym = "".join(w[0] for w in a.replace("-", " ").split() if w[0].isupper()) or "PU"
    out = resolve([PaperExtraction(id="p1", entities=[ent("METHOD", a, acronym)]),
                   PaperExtraction(id="p2", entities=[ent("METHOD", b, acronym)]),
                   PaperExtraction(id="p3", entities=[ent("METHOD", a, acronym)])])
    assert len({p.entities[0].key for p in out}) == 1
    assert out[1].entities[0].name == a  # the spelling most papers use
    assert b in out[1].entities[0].aliases  # and the paper's own


def test_long_forms_of_one_acronym_that_differ_in_a_word_stay_apart() -> None:
    out = resolve([PaperExtraction(id="p1", entities=[ent("METHOD", "Bayesian optimization", "BO")]),
                   PaperExtraction(id="p2", entities=[ent("METHOD", "bilevel optimization", "BO")]),
                   PaperExtraction(id="p3", entities=[ent("METHOD", "Graph Convolution Network", "GCN")]),
                   PaperExtraction(id="p4", entities=[ent("METHOD", "Graph Contrastive Network", "GCN")])])
    assert len({p.entities[0].key for p in out}) == 4


@given(st.text(alphabet="bcdeghijk -", min_size=1, max_size=40))  # these letters spell no function word
def test_respelled_is_reflexive_and_symmetric(name: str) -> None:
    if name.strip(" -"):
        assert respelled(name, name)
    assert respelled(name, name + "x") == respelled(name + "x", name)


def test_british_and_american_spellings_of_one_listed_phrase_are_one_entity() -> None:
    papers = [PaperExtraction(id=f"p{i}", entities=[ent("TASK", name, key=f"task:{name}")])
              for i, name in enumerate(["generative modeling", "generative modelling", "generative modeling"])]
    out = resolve(papers)
    assert {p.entities[0].key for p in out} == {"task:generative modeling"}


def test_a_task_no_paper_spells_out_takes_its_gazetteer_name() -> None:
    papers = [PaperExtraction(id=f"p{i}", entities=[gaz("TASK", "OOD detection", "task:out-of-distribution detection")])
              for i in range(2)]
    out = resolve(papers)
    assert [p.entities[0].name for p in out] == ["out-of-distribution detection"] * 2
    assert out[0].entities[0].aliases == ["OOD detection"]
    method = resolve([PaperExtraction(id="p", entities=[gaz("METHOD", "WL test", "method:weisfeiler-lehman test")])])
    assert method[0].entities[0].name == "WL test"  # the key's lower case would misspell a name


def test_groups_that_share_a_key_share_the_name_most_papers_use() -> None:
    papers = [PaperExtraction(id="p1", entities=[gaz("METHOD", "skip connections", "method:residual connection")])]
    papers += [PaperExtraction(id=f"p{i}", entities=[gaz("METHOD", "residual connections", "method:residual connection")])
               for i in (2, 3)]
    out = resolve(papers)
    assert [p.entities[0].name for p in out] == ["residual connections"] * 3
    assert out[0].entities[0].aliases == ["skip connections"]


def test_an_acronym_a_paper_proposes_is_not_another_papers_long_form() -> None:
    out = resolve([
        PaperExtraction(id="p1", entities=[ent("METHOD", "Self-reflection-guided EArly Stopping", "SEA")]),
        PaperExtraction(id="p2", entities=[ent("METHOD", "SEA", proposed=True)]),  # "we propose SEA"
        PaperExtraction(id="p3", entities=[ent("METHOD", "SEA")]),  # used: the known long form
        PaperExtraction(id="p4", entities=[ent("METHOD", "Neural Architecture Generation", "NAG"),
                                           ent("METHOD", "NAG", proposed=True, at=60)]),
    ])
    keys = [[e.key for e in p.entities] for p in out]
    assert keys[0] == keys[2] != keys[1]
    assert len(keys[3]) == 1 and out[3].entities[0].proposed  # its own long form it still joins


def test_a_short_mixed_case_acronym_joins_only_a_long_form_written_alike() -> None:
    out = resolve([
        PaperExtraction(id="p1", entities=[ent("METHOD", "Inverse Optimal Transport", "iOT")]),
        PaperExtraction(id="p2", entities=[ent("METHOD", "IoT")]),  # the Internet of Things
        PaperExtraction(id="p3", entities=[ent("METHOD", "iOT")]),
        PaperExtraction(id="p4", entities=[ent("METHOD", "Sharpness-Aware Minimization", "SAM")]),
        PaperExtraction(id="p5", entities=[ent("METHOD", "SAM")]),
    ])
    keys = [p.entities[0].key for p in out]
    assert keys[0] == keys[2] != keys[1] and keys[3] == keys[4]


def test_an_acronym_alone_takes_the_long_form_whose_papers_share_its_context() -> None:
    def paper(pid: str, *entities: Entity) -> PaperExtraction:
        return PaperExtraction(id=pid, entities=[e.model_copy(update={"mentions": [Mention(start=i, end=i + 1, text="x")]})
                                                 for i, e in enumerate(entities)])

    sharpness = [paper(f"s{i}", ent("METHOD", "Sharpness-Aware Minimization", "SAM"), ent("DATASET", "CIFAR-10"),
                       ent("TASK", "image classification")) for i in range(3)]
    segment = paper("g", ent("METHOD", "Segment Anything Model", "SAM"), ent("TASK", "instance segmentation"),
                    ent("DATASET", "LVIS"))
    out = resolve([*sharpness, segment,
                   paper("a", ent("METHOD", "SAM"), ent("TASK", "instance segmentation"), ent("DATASET", "LVIS")),
                   paper("b", ent("METHOD", "SAM")),  # no context: the most frequent meaning
                   paper("c", ent("METHOD", "SAM"), ent("DATASET", "CIFAR-10"))])
    name = {p.id: p.entities[0].name for p in out}
    assert name["a"] == "Segment Anything Model"
    assert name["b"] == name["c"] == "Sharpness-Aware Minimization"


def test_an_acronym_alone_keeps_the_frequent_long_form_over_a_modified_variant_of_it() -> None:
    frequent = [PaperExtraction(id=f"p{i}", entities=[ent("METHOD", "stochastic gradient descent", "SGD")])
                for i in range(3)]
    variant = PaperExtraction(id="v", entities=[ent("METHOD", "zeroth-order stochastic gradient descent", "SGD"),
                                                ent("TASK", "black-box attacks", at=50)])
    alone = PaperExtraction(id="a", entities=[ent("METHOD", "SGD"), ent("TASK", "black-box attacks", at=50)])
    out = resolve([*frequent, variant, alone])
    assert out[-1].entities[0].name == "stochastic gradient descent"


def test_capitalized_words_joined_by_hyphens_are_a_long_form() -> None:
    out = resolve([
        PaperExtraction(id="p1", entities=[ent("METHOD", "Partial Information Decomposition", "PID")]),
        PaperExtraction(id="p2", entities=[ent("METHOD", "Partial Information Decomposition", "PID")]),
        PaperExtraction(id="p3", entities=[ent("METHOD", "Proportional-Integral-Derivative", "PID"),
                                           ent("METHOD", "PID", at=80)]),
        PaperExtraction(id="p4", entities=[ent("METHOD", "Frank-Wolfe"), ent("METHOD", "FW", at=40)]),
        PaperExtraction(id="p5", entities=[ent("METHOD", "conditional gradient", "Frank-Wolfe")]),
    ])
    assert [e.name for e in out[2].entities] == ["Proportional-Integral-Derivative"]  # its own, not p1's
    assert out[4].entities[0].name == "Frank-Wolfe"  # the most frequent full name


def test_a_name_most_papers_call_a_task_is_a_task_everywhere() -> None:
    papers = [PaperExtraction(id=f"t{i}", entities=[gaz("TASK", "transfer learning", "task:transfer learning")])
              for i in range(3)]
    papers += [PaperExtraction(id="m", entities=[ent("METHOD", "transfer learning")]),
               PaperExtraction(id="a1", entities=[ent("METHOD", "active learning")]),
               PaperExtraction(id="a2", entities=[ent("TASK", "active learning")]),
               PaperExtraction(id="a3", entities=[ent("METHOD", "active learning")])]  # 2 to 1: no agreement
    out = resolve(papers)
    assert {(e.label, e.key) for p in out[:4] for e in p.entities} == {("TASK", "task:transfer learning")}
    assert [p.entities[0].label for p in out[4:]] == ["METHOD", "TASK", "METHOD"]


def test_a_respelling_of_a_name_the_gazetteer_found_keeps_its_entry() -> None:
    papers = [PaperExtraction(id=f"p{i}", entities=[gaz("TASK", "OOD generalization", "task:out-of-distribution generalization")])
              for i in range(2)]
    papers.append(PaperExtraction(id="x", entities=[ent("TASK", "OOD GENeralization")]))  # found by a rule
    out = resolve(papers)
    assert {p.entities[0].key for p in out} == {"task:out-of-distribution generalization"}


def test_a_name_takes_the_corpus_label_unless_the_paper_proposes_it_as_a_method() -> None:
    papers = [PaperExtraction(id=f"t{i}", entities=[ent("TASK", "alignment")]) for i in range(6)]
    papers += [PaperExtraction(id="used", entities=[ent("METHOD", "alignment")]),
               PaperExtraction(id="ours", entities=[ent("METHOD", "Alignment", proposed=True)])]
    labels = {p.id: p.entities[0].label for p in resolve(papers)}
    assert labels == {**{f"t{i}": "TASK" for i in range(6)}, "used": "TASK", "ours": "METHOD"}


def test_a_name_the_gazetteer_found_joins_another_papers_spelling_of_it_in_other_case() -> None:
    # "PASCAL-Context" reads as an acronym-like short form; "Pascal-Context" (which the gazetteer,
    # matching case, missed) as a long form: still one name, so one entity under the entry's key
    found, missed = (ex.entities[0] for ex in resolve([
        PaperExtraction(id="a", entities=[gaz("DATASET", "PASCAL-Context", "dataset:pascal-context")]),
        PaperExtraction(id="b", entities=[ent("DATASET", "Pascal-Context")]),
    ]))
    assert found.key == missed.key == "dataset:pascal-context"
    # an acronym the gazetteer found still keeps out of another paper's unrelated long form of it
    known, other = (ex.entities[0] for ex in resolve([
        PaperExtraction(id="a", entities=[gaz("METHOD", "GDA", "method:gradient descent ascent")]),
        PaperExtraction(id="b", entities=[ent("METHOD", "Gaussian Discriminant Analysis", "GDA")]),
    ]))
    assert known.key != other.key


def test_a_size_variant_does_not_name_the_bare_short_form() -> None:
    assert canonical(["GPT-4", "GPT-4", "GPT-4 128K"]) == "GPT-4"
    assert canonical(["ImageNet 32x32", "ImageNet 32x32"]) == "ImageNet 32x32"
    papers = [PaperExtraction(id=f"p{i}", entities=[gaz("METHOD", "GPT-4", "method:gpt-4")]) for i in range(3)]
    papers.append(PaperExtraction(id="q", entities=[ent("METHOD", "GPT-4 128K")]))
    assert {ex.entities[0].name for ex in resolve(papers)} == {"GPT-4"}
    assert {ex.entities[0].key for ex in resolve(papers)} == {"method:gpt-4"}


def test_a_short_form_with_a_kind_word_is_no_long_form() -> None:
    assert canonical(["GLUE", "GLUE", "GLUE Benchmark"]) == "GLUE"
    assert canonical(["DPO", "DPO algorithm", "Direct Preference Optimization"]) == "Direct Preference Optimization"
