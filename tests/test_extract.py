"""The real pipeline end to end: loading, offsets into the abstract as given, order, workers, quality."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from spacy.language import Language
from spacy.tokens import Doc

from paperkg import extract as extract_module
from paperkg.acronyms import _defined_beside
from paperkg.errors import ConfigError, InputError
from paperkg.evaluate import load_gold, score
from paperkg.extract import _no_proposed_tasks, extract_papers, load_pipeline
from paperkg.models import Entity, Mention, Paper
from paperkg.phrases import name_run
from paperkg.resolve import resolve
from paperkg.settings import Settings
from paperkg.textnorm import clean_text

GOLD = Path(__file__).parent / "data" / "gold" / "seeds.jsonl"
ABSTRACT = (
    "Text-to-Image (T2I) models struggle with compositional prompts. In this work, we propose "
    "Reward-based Noise Optimization (ReNO), a novel approach that enhances T2I models at inference. "
    "ReNO yields strong results on two benchmarks, T2I-CompBench and GenEval.We compare with SDXL and "
    "\\textbf{PixArt-alpha} on ImageNet 32$\\times$32 and $S^{2}$-SAM."
)


@pytest.fixture(scope="module")
def nlp():
    return load_pipeline(Settings())


def _proposed_names(nlp, abstract: str) -> set[str]:
    """The names of what the one-paper extraction of ``abstract`` proposes."""
    (ex,) = extract_papers([Paper(id="p", abstract=abstract)], nlp)
    return {e.name for e in ex.entities if e.proposed}


def by_name(extraction):
    return {e.name: e for e in extraction.entities}


def test_mentions_are_exact_offsets_into_the_abstract(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=ABSTRACT)], nlp)
    assert ex.entities
    for entity in ex.entities:
        for m in entity.mentions:
            assert ABSTRACT[m.start : m.end] == m.text
            assert m.text in m.sentence and m.sentence in ABSTRACT and m.rule


def test_a_long_form_before_a_double_space_is_named_without_it(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "Convolutional  neural network  (CNN) is easily attacked. We study how CNN memorizes."))], nlp)
    assert [(e.name, e.aliases) for e in ex.entities] == [("Convolutional  neural network", ["CNN"])]


def test_finds_proposed_method_datasets_and_markup_names(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=ABSTRACT)], nlp)
    entities = by_name(ex)
    reno = entities["Reward-based Noise Optimization"]
    assert reno.label == "METHOD" and reno.proposed and "ReNO" in reno.aliases
    assert len(reno.mentions) == 3
    assert entities["T2I-CompBench"].label == "DATASET"
    assert entities["GenEval"].label == "DATASET"
    assert not entities["SDXL"].proposed
    pixart = entities["PixArt-alpha"]
    assert [m.text for m in pixart.mentions] == ["PixArt-alpha"]


def test_title_prefix_marks_the_proposed_name(nlp) -> None:
    paper = Paper(id="p", title="FedDA: Faster Adaptive Gradient Methods",
                  abstract="FedDA is applied to federated problems and compared with FedAvg.")
    (ex,) = extract_papers([paper], nlp)
    entities = by_name(ex)
    assert entities["FedDA"].proposed and not entities["FedAvg"].proposed


@pytest.mark.parametrize(("title", "abstract", "proposed"), [
    # a title capitalizes every word of a name the abstract writes in lower case
    ("Privacy Backdoors: Stealing Data with Corrupted Pretrained Models",
     "Practitioners download pretrained models. We show that this practice introduces a new risk of privacy backdoors.",
     ["privacy backdoors"]),
    # ... but in a sentence about the field, the title's words name no contribution
    ("Self-Supervised Heterogeneous Graph Learning: a Homophily and Heterogeneity View",
     "Self-supervised heterogeneous graph learning has achieved promising results in various real applications.", []),
])
def test_a_lower_case_title_name_is_proposed_where_the_paper_speaks(nlp, title: str, abstract: str,
                                                                   proposed: list[str]) -> None:
    (ex,) = extract_papers([Paper(id="p", title=title, abstract=abstract)], nlp)
    assert [e.name for e in ex.entities if e.proposed] == proposed


def test_order_and_workers_give_the_same_result(nlp) -> None:
    gold = load_gold(GOLD)[:8]
    papers = [Paper(id=g.id, abstract=g.text) for g in gold]
    one = [e.model_dump() for e in extract_papers(papers, nlp, batch_size=3)]
    two = [e.model_dump() for e in extract_papers(papers, nlp, workers=2, batch_size=3)]
    assert [e["id"] for e in one] == [p.id for p in papers]
    assert one == two


def test_progress_bar_does_not_change_results(nlp, capsys) -> None:
    papers = [Paper(id="a", abstract=ABSTRACT), Paper(id="b", abstract="We evaluate on MNIST.")]
    plain = list(extract_papers(papers, nlp))
    shown = list(extract_papers(papers, nlp, progress=True))
    assert plain == shown
    assert "extracting" in capsys.readouterr().err


def test_user_pattern_files(tmp_path: Path) -> None:
    patterns = tmp_path / "mine.jsonl"
    patterns.write_text(json.dumps({"label": "DATASET", "name": "ZorbBench", "aliases": ["zorb suite"]}) + "\n")
    nlp = load_pipeline(Settings(patterns=[str(patterns)]))
    (ex,) = extract_papers([Paper(id="p", abstract="we report results on the zorb suite.")], nlp)
    assert [(e.label, e.key) for e in ex.entities] == [("DATASET", "dataset:zorbbench")]
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"label": "DATASET", "name": "X"}\n{"label": "DATASET"}\n')
    with pytest.raises(InputError) as err:
        load_pipeline(Settings(patterns=[str(bad)]))
    assert err.value.line == 2


def test_missing_model_names_the_package_to_install() -> None:
    with pytest.raises(ConfigError, match="pip install no-such-model"):
        load_pipeline(Settings(spacy_model="no_such_model"))


def test_seed_gold_quality_floor(nlp) -> None:
    """A floor, not the target: the target is measured on unseen abstracts."""
    gold = load_gold(GOLD)
    papers = [Paper(id=g.id, abstract=g.text, title=g.title) for g in gold]
    report = score(gold, resolve(list(extract_papers(papers, nlp))))
    f1 = {s.label: s.f1 for s in report.per_label}
    assert report.macro_f1 >= 0.87, f1  # 0.903 in the eighth session


def test_title_name_found_in_abstract_is_proposed(nlp) -> None:
    paper = Paper(id="p", title="Zorblax: A Benchmark for Counting Sheep",
                  abstract="Counting sheep is hard. Zorblax contains ten thousand images of sheep.")
    (ex,) = extract_papers([paper], nlp)
    zorblax = by_name(ex)["Zorblax"]
    assert zorblax.proposed and zorblax.label == "DATASET"
    assert [(m.text, m.rule) for m in zorblax.mentions] == [("Zorblax", "title")]
    assert zorblax.mentions[0].sentence.startswith("Zorblax contains")
    position = Paper(id="q", title="Position: Levels of AGI", abstract="A Position is taken on Levels of AGI.")
    (ex,) = extract_papers([position], nlp)
    assert not any(e.proposed and e.name == "Position" for e in ex.entities)


@pytest.mark.parametrize(("title", "abstract", "name"), [
    ("MAP IT to Visualize Representations", "MAP IT visualizes representations. MAP IT aligns distributions.",
     "MAP IT"),
    ("VPG-C: Visual Prompt Generator Complete", "We propose a lightweight module. VPG-C improves MLLMs.", "VPG-C"),
    ("One Size Fits All", "We propose an adaptive prompting approach. AdaPromptCL employs semantic grouping. "
     "AdaPromptCL outperforms baselines.", "AdaPromptCL"),
    ("Smoothing Proximal Gradient Methods for Nonsmooth Sparsity Constrained Optimization",
     "This paper considers Smoothing Proximal Gradient Methods (SPGM) as solutions to nonsmooth problems.",
     "Smoothing Proximal Gradient Methods"),
    ("Stochastic Localization via Iterative Posterior Sampling",  # the whole title, not just its lead
     "We introduce an explicit class of observation processes. We provide a complete methodology, *Stochastic "
     "Localization via Iterative Posterior Sampling* (SLIPS), to obtain approximate samples.",
     "Stochastic Localization via Iterative Posterior Sampling"),
])
def test_new_names_from_the_title_or_as_later_subjects(nlp, title: str, abstract: str, name: str) -> None:
    (ex,) = extract_papers([Paper(id="p", title=title, abstract=abstract)], nlp)
    assert [e.name for e in ex.entities if e.proposed] == [name]


def test_known_or_analysed_title_names_are_not_proposed(nlp) -> None:
    for title, abstract in (("CausalLM is not optimal for in-context learning", "We study CausalLM and prefixLM."),
                            ("BERT for Everything", "We study BERT on GLUE."),
                            ("Open Problems", "We propose a theoretical framework. BERT learns fast."),
                            # the title's long form is a known name here
                            ("Stochastic Gradient Descent in Deep Networks", "We analyse stochastic gradient descent (SGD).")):
        (ex,) = extract_papers([Paper(id="p", title=title, abstract=abstract)], nlp)
        assert not [e.name for e in ex.entities if e.proposed]


@pytest.mark.parametrize(("sentence", "name"), [
    ("The resulting method, codenamed Mixture-of-Prompts (MoP), achieves an average win rate of 81%.",
     "Mixture-of-Prompts"),
    ("In the tabular setting, we present a novel algorithmic solution, Nash-MD, founded on mirror descent.",
     "Nash-MD"),
    ("The proposed model, named advisedRFLVM, is evaluated across diverse datasets.", "advisedRFLVM"),
    ("We propose HyperAgent, a reinforcement learning (RL) algorithm based on the hypermodel framework.",
     "HyperAgent"),
    ("Our method, simulation-based model inference (SBMI), represents distributions over model components.",
     "simulation-based model inference"),
    ("Our method, called Gibbs sampling with Graph-based Smoothing (GGS), improves fitness.",
     "Gibbs sampling with Graph-based Smoothing"),
    ("We propose a new data extraction attack that we call ``neural phishing''.", "neural phishing"),
    ("We propose an unsupervised learning model, called data-dependent gated-prior graph variational autoencoder "
     "(GPGVAE), that infers the latent interaction type.", "data-dependent gated-prior graph variational autoencoder"),
    ("In this paper, we propose a novel framework for discrete prompt optimization, called EvoPrompt, "
     "which borrows ideas from evolution.", "EvoPrompt"),
    ("In this work, we introduce weight selection, a method for initializing smaller models.", "weight selection"),
    ("We present the Graphium graph machine learning library which simplifies the process.", "Graphium"),
    ("It generalises well. Central to our approach is Graph Symmetric Attention, which refines "
     "the traditional self-attention mechanism.", "Graph Symmetric Attention"),
    ("We term this approach Stochastic Flow Matching and show it works well.", "Stochastic Flow Matching"),
    ("We call this measure the SmoothECE.", "SmoothECE"),
    ("A novel algorithm, Stochastic Weight Shrinking, is proposed to solve the problem.", "Stochastic Weight Shrinking"),
    ("To address this, we propose predictive CVaR policy gradient, which improves sample efficiency.",
     "predictive CVaR policy gradient"),
    ("We propose an extremely parameter-efficient MoE by combining MoE architecture with lightweight experts.",
     "parameter-efficient MoE"),
    ("We propose an autonomous sparse mean-CVaR portfolio model for portfolio selection.",
     "autonomous sparse mean-CVaR portfolio model"),
    ("We add a gate to each block. The resulting Highway Vision Network (HVN) converges faster.",
     "Highway Vision Network"),
    ("This prompts us to propose a node-level metric, Topological Concentration (TC), based on the intersection.",
     "Topological Concentration"),
    # "it is possible to" hides no subject: "we" still proposes
    ("We show that it is possible to mitigate this issue by proposing the Headless-AD model that generalizes.",
     "Headless-AD"),
    ("We introduce a novel architecture, Tandem transformers, to address these issues.", "Tandem transformers"),
    ("In this paper, we propose a novel imitation learning (IL) algorithm, **P**reference **A**ided **I**mitation "
     "**L**earning from imperfect demonstrations (PAIL).", "Preference Aided Imitation Learning from imperfect demonstrations"),
    ("Finally, we introduce direct-RLAIF (d-RLAIF) - a technique that circumvents RM training.", "direct-RLAIF"),
    ("We introduce a bisimulation loss that captures the extent to which this happens.", "bisimulation loss"),
    ("We propose an interleaved-frame smoother to smooth the intermediate frames.", "interleaved-frame smoother"),
    ("We introduce a lightweight regularizer and a randomized algorithm.", None),
    ("We address these limitations with ClimODE, a spatiotemporal continuous-time process.", "ClimODE"),
    ("In this work, we address the limitations via Auto-Bench, which delves into exploring LLMs as aligners.",
     "Auto-Bench"),
    ("Moreover, derived from our technique, {\\sc Bias Neuron Suppression (BNS)} is further proposed to mitigate biases.",
     "Bias Neuron Suppression"),
    ("We propose a novel merging algorithm for SMoE, $\\textit{i.e.}$, $\\texttt{M-SMoE}$, which leverages routing "
     "statistics.", "M-SMoE"),
    ("To tackle this issue, we introduce a causal graphical model of the dropout mechanism, namely, Causal Dropout Model.",
     "Causal Dropout Model"),
    ("We also propose a sample-based offline learning algorithm, namely the robust fitted-Z iteration (RFZI), for "
     "a soft RMDP problem.", "robust fitted-Z iteration"),
    ("We propose a method for safety prompt optimization, namely DRO (Directed Representation Optimization).",
     "Directed Representation Optimization"),  # a known acronym, defined anew
    # set off by dashes, and a first lower-case word the acronym does not spell
    ("We propose the first symbolic discovery framework---namely, deep symbolic discovery for exact combinatorial "
     "optimization solver (Symb4CO)---to learn symbolic policies.",
     "symbolic discovery for exact combinatorial optimization solver"),
    ("The MAmmoTH models are trained on MathInstruct, our meticulously curated instruction tuning dataset.",
     "MathInstruct"),  # ours, though the gazetteer knows it
    ("By tapping into experts crucial for accurate SR, our model excels in uncovering details.", None),
    ("As for the latter stage, a unique Reinforcement Learning from NLE Feedback (RLNF) is introduced for injecting "
     "visual facts.", "Reinforcement Learning from NLE Feedback"),
    ("We evaluate the proposed MAgg method on three tasks for combinatorial problems, namely Boolean Satisfiability "
     "Prediction (SAT) and others.", "MAgg"),
    ("Additionally, we introduce the W4NT3D benchmark (Wiki-40B 4dversarial Near-T3xt Dataset), enabling the "
     "evaluation of models.", "W4NT3D"),
    ("We first present ToolBench, an instruction-tuning dataset for tool use.", "ToolBench"),  # known, yet its own
    ("We introduce Hyperband, a novel bandit-based approach to hyperparameter optimization.", "Hyperband"),
    ("It is derived from 3 newly created datasets (i.e., IQTest and FunctionQA).", ["IQTest", "FunctionQA"]),
    ("In this paper, we present Partially Stochastic Infinitely Deep Bayesian Neural Networks, a novel family of "
     "architectures.", "Partially Stochastic Infinitely Deep Bayesian Neural Networks"),
    # the proposal the parse finds ("Prompting") lies inside the longer name that is kept
    ("We leverage these observations to propose Prompting for Robustness (PfR) which first uses foundation models.",
     "Prompting for Robustness"),
    # "Attention" heads no technique phrase of its own inside a capitalized name
    ("Building upon our findings, we propose a training-free Attention Calibration Technique (ACT) that optimizes "
     "the attention distributions.", "Attention Calibration Technique"),
    # a new name that runs on through a known one ("Method of Moments")
    ("To address these shortcomings, we propose the Sinkhorn Method of Moments, an optimal transport-based IV "
     "estimator.", "Sinkhorn Method of Moments"),
    # a known name set off after "a ... benchmark," is still this paper's benchmark
    ("We introduce a challenging meta-evaluation benchmark, LLMBar, designed to test LLM evaluators.", "LLMBar"),
    # the parse makes "online" an adverb of "speculative"; it still modifies the known name into a new one
    ("Speculative decoding is a pivotal technique to accelerate the inference of large language models. We introduce "
     "online speculative decoding to address this challenge.", "online speculative decoding"),
    # weaker verbs propose only a name coined with its acronym
    ("With just two queries per round, we give Strongly Adaptive Bandit Learner (StABL) that achieves low regret.",
     "Strongly Adaptive Bandit Learner"),
    ("Leveraging these representations, we put forth a Context-based Instance-level Modulation (CoI-M) mechanism.",
     "Context-based Instance-level Modulation"),
    ("We give a lower bound on the regret of Thompson sampling (TS).", None),
    # "we propose an analysis" proposes nothing, unless the analysis is coined a name
    ("To overcome this challenge, we propose a conditionally-conjugate Gaussian process factor analysis (ccGPFA) "
     "resulting in tractable inference.", "conditionally-conjugate Gaussian process factor analysis"),
    ("We present an analysis of the training dynamics of transformers.", None),
    # a kind word before "called" proposes nothing in a sentence about earlier work
    ("Recently it has been shown that it is possible for a fully local learning algorithm named dual propagation to "
     "bridge the performance gap.", None),
    ("An emerging theory-guided approach (called TIL+OOD) is to train a task-specific model for each task.", None),
    ("It outperforms the most advanced and widely used automation tool in theorem proving called Sledgehammer.", None),
    ("We design an attack that needs only 4k queries against the widely used HyperLogLog Plus Plus (HLLPP) sketch.",
     None),
    ("We show that an optimizer called Improved Variational Online Newton (IVON) matches Adam for training large "
     "networks such as GPT-2.", "Improved Variational Online Newton"),
    # the parser hangs "the proposed text" on the first word of the next sentence when a formula ends it
    ("Coactive learning only requires that the edited text is an improvement over the proposed text y. Note that such "
     "weak feedback is available in many settings.", None),
    # the name after "called" is the contribution, not the kind of thing it is
    ("We propose a novel geodesic loss called Frame Aligned Frame Error, which enables the model to better optimize.",
     "Frame Aligned Frame Error"),
])
def test_proposal_phrasings(nlp, sentence: str, name: str | list[str] | None) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=sentence)], nlp)
    assert [e.name for e in ex.entities if e.proposed] == ([name] if isinstance(name, str) else name or [])


@pytest.mark.parametrize(("sentence", "names"), [
    ("We propose RSCP+ to provide robustness guarantee and Robust Conformal Training (RCT) to train the model.",
     ["RSCP+", "Robust Conformal Training"]),
    ("We propose two frameworks: Conjugate Integrators and Splitting Integrators.",
     ["Conjugate Integrators", "Splitting Integrators"]),
    ("We introduce Directional Integrated Distance (DID) and Finite Volume Features (FVF), two new descriptors.",
     ["Directional Integrated Distance", "Finite Volume Features"]),
    ("We develop the stochastic variance-reduced minimization algorithm and the nested fixed-point "
     "proximity algorithm to solve the problem.",
     ["stochastic variance-reduced minimization algorithm", "nested fixed-point proximity algorithm"]),
    ("We develop a diffusion sampling algorithm and graph generative models for the problem.", []),  # descriptions
    ("From this analysis, we developed a tuning-free 2bit KV cache quantization algorithm, named KIVI.", ["KIVI"]),
    ("We propose the sparse-to-dense registration paradigm: we first register coarsely.",
     ["sparse-to-dense registration paradigm"]),
    ("To learn dense information, we introduce an auxiliary masked image modeling objective.", []),
    ("Moreover, dedicated training approaches including the diversity loss and the unpaired audio-visual mixed "
     "training scheme are proposed to avoid modality dominance.",
     ["diversity loss", "unpaired audio-visual mixed training scheme"]),
    ("Many methods such as LoRA and prefix tuning are proposed to reduce cost.", []),
    ("This paper addresses the above limitations with label smoothing (LS) from a theoretical aspect.", []),
    ("Specifically, an NTFGen module is proposed to model text latent code.", ["NTFGen"]),
    ("Then, a correctness-guaranteed flipping mechanism is further developed to alleviate it.",
     ["correctness-guaranteed flipping mechanism"]),
    ("Many methods are proposed to reduce cost.", []),
    ("Other recent work proposed Abstractors, an extension of Transformers.", []),  # prior work's
    ("Previous work introduced SlotNet for this setting.", []),
    ("Moreover, an uncertainty loss and a token diversity loss are proposed to increase the uncertainty.",
     ["uncertainty loss", "token diversity loss"]),
    ("We collect a specialized multimodal reasoning dataset for pre-training.", []),  # unnamed data is no entity
    ("We propose COPlanner, a framework to address the model error problem with conservative model rollouts.",
     ["COPlanner"]),
    ("Leveraging this extensive dataset, we developed SleepFM, the first multi-modal foundation model for sleep "
     "analysis.", ["SleepFM"]),
    ("To this end, we propose Albatross: AlphaZero for Learning Bounded-rational Agents and Temperature-based "
     "Response Optimization using Simulated Self-play.", ["Albatross"]),
    ("We show that LoRA as originally introduced leads to suboptimal finetuning. We call this proposed algorithm "
     "LoRA+. LoRA+ improves finetuning speed at the same cost as LoRA.", ["LoRA+"]),
    ("We call this the “weights component”, and the remainder the “context component”.", []),
    ("In this work, we propose a Multi-Window Masked Autoencoder (MW-MAE) fitted with a novel Multi-Window Multi-Head "
     "Attention (MW-MHA) module that facilitates the modelling of local-global interactions.",
     ["Multi-Window Masked Autoencoder", "Multi-Window Multi-Head Attention"]),  # "fitted" parsed as a clause
    ("We propose a novel greedy algorithm called retro-fallback which maximizes the probability.", ["retro-fallback"]),
    ("To achieve OOF-resiliency in a scalable manner, we propose Topology-aware Federated Learning (TFL) that leverages "
     "client topology - a graph representing client relationships - to effectively train robust models against OOF "
     "data.", ["Topology-aware Federated Learning"]),  # "to ... train" parsed as a clause with the name its subject
    ("We formulate a problem for TFL, consisting of two key modules: Client Topology Learning, which infers the client "
     "relationships, and Learning on Client Topology, which leverages the learned topology.",
     ["Client Topology Learning", "Learning on Client Topology"]),
    ("This paper introduces AIM, a collection of vision models pre-trained with an autoregressive objective.", ["AIM"]),
    # the parts of a new named system, numbered or set off by a dash
    ("Specifically, TapMo comprises two main components - Mesh Handle Predictor and Shape-aware Diffusion Module.",
     ["Mesh Handle Predictor", "Shape-aware Diffusion Module"]),
    ("CrossGET features two primary innovations: 1) Cross-Guided Matching and 2) Complete-Graph Soft Matching.",
     ["Cross-Guided Matching", "Complete-Graph Soft Matching"]),
    ("AdAutomixup comprises two modules, a mixed example generator, and a target classifier.", []),  # described parts
    ("Our contributions: 4) new activation functions SwooshR and SwooshL work better than Swish.",
     ["SwooshR", "SwooshL"]),
    ("We first introduce a novel video Multimodal Large Language Model (MLLM), MotionEpic, which grounds.", []),
    ("By leveraging LMs, we do not have to define a language of models or design a handcrafted search procedure.", []),
    ("Notably, we present results that achieve a new state-of-the-art on FB15k-237 (+5.3\\% Hits@1) and "
     "FEVER (+8\\% accuracy) with linear evaluation.", []),
])
def test_every_coordinated_contribution_is_proposed(nlp, sentence: str, names: list[str]) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=sentence)], nlp)
    assert [e.name for e in ex.entities if e.proposed] == names


def test_unnamed_objects_that_are_not_contributions(nlp) -> None:
    text = ("Our second-order approach can introduce new valuable information. LoRA was proposed by Hu et al. "
            "We propose a novel, simple yet effective method for image completion.")
    (ex,) = extract_papers([Paper(id="p", abstract=text)], nlp)
    assert not [e.name for e in ex.entities if e.proposed]


def test_problem_settings_are_tasks_and_stop_words_are_nothing(nlp) -> None:
    text = ("Continual learning has received considerable attention. We study offline reinforcement learning "
            "with in-context learning on A100 GPUs; code is on GitHub.")
    (ex,) = extract_papers([Paper(id="p", abstract=text)], nlp)
    found = {(e.label, e.name.lower()) for e in ex.entities}
    assert {("TASK", "continual learning"), ("TASK", "offline reinforcement learning"),
            ("METHOD", "in-context learning")} <= found
    assert not {name for _, name in found} & {"considerable attention", "a100", "gpus", "github"}


def test_conditions_and_risk_measures_are_no_methods(nlp) -> None:
    text = ("It converges in the Polyak-\u0141ojasiewicz (PL) region. The risk measures we study include variance, "
            "Value-at-Risk (VaR), and Conditional Value-at-Risk (CVaR).")
    (ex,) = extract_papers([Paper(id="p", abstract=text)], nlp)
    assert not {n.lower() for e in ex.entities for n in (e.name, *e.aliases)} & {
        "polyak-\u0142ojasiewicz", "pl", "value-at-risk", "conditional value-at-risk"}


def test_evaluative_words_are_no_tasks_and_sota_is_no_method(nlp) -> None:
    text = ("Training agents with sparse rewards is a long-standing problem in robotics, as is the over-smoothing "
            "problem in GNNs. We outperform state-of-the-art (SOTA) methods on tasks that need a profound "
            "understanding of physics, with 2% more Top-1 accuracy, a better F1-score and $O(\\sqrt{T})$ regret, as "
            "\\citet{Wang2020Understanding} showed for graphs, proteins and text, to name a few. Unlike prevalent "
            "pruning, it needs no resource-intensive fine-tuning. We solve the Bin Packing Problem (BPP) governed by "
            "Partial Differential Equations (PDEs), and reinforcement learning tasks on SARS-CoV-2 and fMRI data with a "
            "PAC-Bayesian bound.")
    (ex,) = extract_papers([Paper(id="p", abstract=text)], nlp)
    names = {e.name.lower() for e in ex.entities}
    assert "over-smoothing" in names
    assert {(e.name, e.label) for e in ex.entities} >= {("Bin Packing Problem", "TASK")}
    assert not names & {"long-standing", "state-of-the-art", "sota", "profound understanding", "top-1", "f1-score", "sqrtt",
                        "wang2020understanding", "few", "prevalent pruning", "resource-intensive fine-tuning",
                        "partial differential equations", "pdes", "reinforcement learning", "sars-cov-2", "fmri",
                        "pac-bayesian"}


def test_formula_letters_are_no_names_but_names_set_in_math_text_are(nlp) -> None:
    text = ("We propose $\\texttt{DSNT}$, which improves over $\\mathsf{FedRo}$. Its regret is $O(\\sqrt{dT})$ for "
            "$M \\in \\mathbb{R}^{n_2 \\times k}$ factored as $UV^\\top$.")
    (ex,) = extract_papers([Paper(id="p", abstract=text)], nlp)
    names = {e.name: e for e in ex.entities}
    assert names["DSNT"].proposed and "FedRo" in names
    assert not {n for n in names if "^" in n or "_" in n or "dT" in n}


def test_shapes_across_latex_commands_are_no_names_but_greek_led_names_are(nlp) -> None:
    text = ("It suffers from a limited resolution ($\\approx$0.5\\,Hz) at $\\sim$1B parameters, "
            "within $\\widetilde{O}(1/\\epsilon^4)$[Here $\\widetilde{O}(\\cdot)$ hides logarithmic factors]. "
            "We propose $\\Delta$-AI, which beats $\\beta$-VAE.")
    (ex,) = extract_papers([Paper(id="p", abstract=text)], nlp)
    assert sorted(e.name for e in ex.entities) == ["Delta-AI", "beta-VAE"]


def test_descriptions_and_measurements_shaped_like_names_are_not_methods(nlp) -> None:
    text = ("The layer is SE(3)-equivariant and O(1)-Lipschitz, trains MLM-pretrained encoders with an "
            "information-theoretic loss, gains +0.28dB at 44.1kHz and reaches FID 1.73, beside 4DGS and "
            "an on-policy actor-critic. Our compact 33MB model beats the 175M parameter attention network.")
    (ex,) = extract_papers([Paper(id="p", abstract=text)], nlp)
    names = {e.name for e in ex.entities}
    assert {"4DGS", "on-policy actor-critic"} <= names
    assert not names & {"SE(3)-equivariant", "O(1)-Lipschitz", "MLM-pretrained", "information-theoretic", "+0.28dB",
                        "44.1kHz", "FID 1.73", "MB", "M parameter attention", "M parameter attention network"}


def test_an_acronym_defined_earlier_is_used_not_proposed(nlp) -> None:
    text = ("Deep networks are vulnerable to Adversarial Examples (AEs). In this paper, we present **BEYOND**, a novel "
            "AE detection framework designed for reliable predictions.")
    (ex,) = extract_papers([Paper(id="p", abstract=text)], nlp)
    assert "BEYOND" in {e.name for e in ex.entities if e.proposed}
    assert not [e.name for e in ex.entities if e.proposed and "AEs" in e.aliases]


def test_a_full_stop_after_a_digit_and_a_capital_ends_the_sentence(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "Biases remain, even in advanced models such as GPT-4V. These findings matter."))], nlp)
    assert [(e.name, e.label) for e in ex.entities] == [("GPT-4V", "METHOD")]


def test_a_name_given_to_a_system_for_something_names_the_system(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "We propose a practical DRL agent system for fighting games named Shukai, which has been deployed."))], nlp)
    assert [(e.name, e.label, e.proposed) for e in ex.entities] == [("Shukai", "METHOD", True)]


def test_a_questions_verb_is_not_part_of_a_name(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract="We ask the question “Can LLMs demonstrate discernment?”")], nlp)
    assert [e.name for e in ex.entities] == ["LLMs"]


def test_an_acronym_after_a_kind_word_is_a_method(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "We identified issues in the state-of-the-art RPS technique ROAST, specifically regarding stability."))], nlp)
    assert ("ROAST", "METHOD") in {(e.name, e.label) for e in ex.entities}


def test_a_surname_names_its_method_with_the_head_word(nlp) -> None:
    text = ("We sample with underdamped Langevin dynamics and a Wendland kernel. We present the Flextron architecture; "
            "Flextron is fast. As shown: Either models fail or they converge.")
    (ex,) = extract_papers([Paper(id="p", abstract=text)], nlp)
    names = {e.name for e in ex.entities}
    assert {"underdamped Langevin dynamics", "Wendland kernel", "Flextron"} <= names
    assert not names & {"Langevin", "Wendland", "Either models", "Either"}


def test_capitalized_long_forms_of_objects_and_phenomena_are_not_methods(nlp) -> None:
    text = ("Agents reach a Nash Equilibrium (NE) over Knowledge Graphs (KGs) as Neural Collapse (NC) predicts, "
            "while Sharpness-Aware Minimization (SAM) and Low-Rank Adaptation (LoRA) are methods.")
    (ex,) = extract_papers([Paper(id="p", abstract=text)], nlp)
    methods = {e.name for e in ex.entities if e.label == "METHOD"}
    assert {"Sharpness-Aware Minimization", "Low-Rank Adaptation"} <= methods
    assert not methods & {"Nash Equilibrium", "Knowledge Graphs", "Neural Collapse", "NE", "KGs", "NC"}


def test_a_coined_bench_name_is_a_proposed_dataset(nlp) -> None:
    text = "We construct the GameBench with 15 games. We also build a challenging benchmark (termed \\emph{DragBench})."
    (ex,) = extract_papers([Paper(id="p", abstract=text)], nlp)
    found = {(e.name, e.label, e.proposed) for e in ex.entities}
    assert {("GameBench", "DATASET", True), ("DragBench", "DATASET", True)} <= found
    assert not [e for e in ex.entities if e.label == "METHOD"]


@pytest.mark.parametrize(("abstract", "name", "short"), [
    ("In this paper, we introduce **LASER**: **L**ine**A**r Compre**S**sion in Wir**E**less Dist**R**ibuted "
     "Optimization. LASER is fast.", "LineAr CompreSsion in WirEless DistRibuted Optimization", "LASER"),
    ("Our proposed algorithm, **ACE**: Off-policy **A**ctor-critic with **C**ausality-aware **E**ntropy "
     "regularization, wins.", "Off-policy Actor-critic with Causality-aware Entropy regularization", "ACE"),
    ("This paper introduces $\\textbf{PAE}$: $\\textbf{P}$lanner-$\\textbf{A}$ctor-$\\textbf{E}$valuator, a novel "
     "framework.", "Planner-Actor-Evaluator", "PAE"),
    ("We propose a general-purpose framework, named UP2ME (**U**nivariate **P**re-training to **M**ultivariate "
     "Fin**e**-tuning).", "Univariate Pre-training to Multivariate Fine-tuning", "UP2ME"),
    ("This paper introduces an $\\textbf{A}$daptive, $\\textbf{D}$ynamic, and $\\textbf{A}$utomated framework for "
     "identifying $\\textbf{G}$raph $\\textbf{L}$ottery $\\textbf{T}$ickets ($\\textbf{AdaGLT}$).",
     "Adaptive, Dynamic, and Automated framework for identifying Graph Lottery Tickets", "AdaGLT"),
    ("We propose a novel **De**centralized FL technique by introducing **S**ynthetic **A**nchors, dubbed as DeSA.",
     "Decentralized FL technique by introducing Synthetic Anchors", "DeSA"),
])
def test_a_long_form_whose_marked_letters_spell_the_acronym_before_it_is_one_proposal(
        nlp, abstract: str, name: str, short: str) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=abstract)], nlp)
    methods = [(e.name, e.aliases, e.proposed) for e in ex.entities if e.label == "METHOD"]
    assert methods == [(name, [short], True)]  # not also its pieces: "LineAr CompreSsion", "Univariate Pre-training"
    (entity,) = [e for e in ex.entities if e.name == name]
    assert any(clean_text(m.text) == name and abstract[m.start : m.end] == m.text for m in entity.mentions)


def test_marked_letters_inside_a_longer_long_form_do_not_cut_it(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "We propose **D**istillation with **D**omain **S**hift (**D3S**), a method for robust models."))], nlp)
    assert [(e.name, e.aliases) for e in ex.entities if e.proposed] == [("Distillation with Domain Shift", ["D3S"])]


def test_a_problem_named_by_noun_modifiers_is_a_task(nlp) -> None:
    doc = nlp("The online knapsack problem is a classic problem in online algorithms.")
    assert ("online knapsack problem", "TASK") in {(e.text, e.label_) for e in doc.ents}
    doc = nlp("A polynomial time algorithm is known to approximate the Balanced Cut problem up to value O(alpha).")
    assert ("Balanced Cut problem", "TASK") in {(e.text, e.label_) for e in doc.ents}
    doc = nlp("We show how to address the OOD problem with a new loss.")  # an acronym's problem: named elsewhere
    assert not [e for e in doc.ents if e.label_ == "TASK"]
    doc = nlp("We study the exposure bias problem of autoregressive decoders.")
    assert not [e for e in doc.ents if e.label_ == "TASK" and "bias" in e.text]
    doc = nlp("Our method overcomes the scalability problem and mitigates the parameter interference problem.")
    assert not [e for e in doc.ents if e.label_ == "TASK"]  # shortcomings, not tasks
    doc = nlp("We design data structures for two fundamental dynamic graph problems.")
    assert not [e for e in doc.ents if e.label_ == "TASK"]  # a kind of problems, not one named problem


@pytest.mark.parametrize(("sentence", "task"), [
    ("Experiments on abnormal detection, event type classification, emotion recognition, and gait prediction "
     "show that our LaBraM outperforms all compared SOTA methods.",
     "event type classification"),
    ("Experimental results on multiple fact editing benchmarks demonstrate that Larimar attains accuracy.",
     "fact editing"),
    ("We call this general task universal forecasting.", "universal forecasting"),
])
def test_tasks_named_by_context(nlp, sentence: str, task: str) -> None:
    doc = nlp(sentence)
    assert (task, "TASK") in {(e.text, e.label_) for e in doc.ents}


@pytest.mark.parametrize("sentence", [
    "We propose a physically-informed framework for generating clean images from data.",
    "Identifying these risks is crucial for deployment.",
    "We study the problem of learning skills from demonstrations.",
])
def test_gerunds_are_no_tasks(nlp, sentence: str) -> None:
    """A gerund and its object were gold tasks too rarely to name one (3 of 17 on the dev sets)."""
    assert not [e for e in nlp(sentence).ents if e.label_ == "TASK"]


@pytest.mark.parametrize("sentence", [
    "LUM-ViT keeps the accuracy loss within 1.8% on the ImageNet classification task.",
    "Our experiments on ImageNet classification and COCO object detection demonstrate it.",
])
def test_a_task_done_on_a_known_dataset_is_split_from_it(nlp, sentence: str) -> None:
    assert {("ImageNet", "DATASET"), ("classification", "TASK")} <= {(e.text, e.label_) for e in nlp(sentence).ents}


def test_a_known_dataset_described_before_its_data_word_is_the_dataset(nlp) -> None:
    found = {(e.text, e.label_) for e in nlp("We show gains on the MuJoCo continuous control benchmark.").ents}
    assert ("MuJoCo", "DATASET") in found and not any("benchmark" in text for text, _ in found)


@pytest.mark.parametrize(("sentence", "dataset", "task"), [
    ("On ImageNet classification, COCO object detection, and ADE20k segmentation tasks, Vim performs well.", "COCO",
     "object detection"),
    ("We validate our theory by experiments on the FEMNIST and CIFAR-10 image classification tasks.", "CIFAR-10",
     "image classification"),
])
def test_a_task_phrase_opening_with_a_known_dataset_is_the_task_on_it(nlp, sentence: str, dataset: str, task: str) -> None:
    found = {(e.text, e.label_) for e in nlp(sentence).ents}
    assert {(dataset, "DATASET"), (task, "TASK")} <= found
    assert not any(label == "TASK" and dataset in text for text, label in found)


def test_a_mapping_between_modalities_is_a_task(nlp) -> None:
    doc = nlp("It supports high-resolution text-to-image, and text-to-video applications with text-to-image diffusion "
              "models.")
    tasks = [e.text for e in doc.ents if e.label_ == "TASK"]
    assert tasks == ["text-to-image", "text-to-video"]  # the models are a family, not the task


def test_described_list_items_are_no_names(nlp) -> None:
    doc = nlp("We propose two variants: one related to deterministic pushdown automata (PDAs) and one based on "
              "nondeterministic PDAs, which allows transformers to recognize CFLs.")
    assert not [e for e in doc.ents if e.text.startswith("one ")]


@pytest.mark.parametrize(("sentence", "tasks"), [
    ("Our model outperforms state-of-the-art models in various tasks spanning classification, forecasting, and anomaly "
     "detection.", {"classification", "forecasting", "anomaly detection"}),
    ("We provide test-beds for the five predominant uncertainty applications: OoD-detection, active learning, failure "
     "detection, calibration, and ambiguity modeling.", {"OoD-detection", "failure detection", "calibration"}),
    ("The computation of such correspondences has applications to style transfer, algorithmic fairness, and data "
     "decorruption.", {"style transfer", "algorithmic fairness"}),
])
def test_tasks_listed_after_spanning_colons_and_applications_to(nlp, sentence: str, tasks: set[str]) -> None:
    assert tasks <= {e.text for e in nlp(sentence).ents if e.label_ == "TASK"}


def test_a_task_list_is_read_off_the_words_where_the_parse_breaks_it(nlp) -> None:
    doc = nlp("They achieve competitive performance across many different NLP tasks such as summarization, question "
              "answering, and classifications, including showing results.")
    tasks = {e.text for e in doc.ents if e.label_ == "TASK"}
    assert {"summarization", "question answering", "classifications"} <= tasks and "showing" not in tasks


@pytest.mark.parametrize(("sentence", "tasks", "not_tasks"), [
    ("It shows gains in various applications (classification, clustering, etc.).", {"classification", "clustering"},
     {"etc"}),
    ("It shows gains on downstream tasks (e.g., mortality, sepsis and segmentation).", {"mortality", "sepsis"}, set()),
    ("It covers visual recognition tasks (e.g., image and point cloud classification).", {"point cloud classification"},
     {"image"}),
    ("Alongside the inference tasks (i.e., generating a mixture, separating the sources), we study it.", set(),
     {"generating a mixture", "separating the sources"}),
    ("It is used in applications (chemistry, biology).", set(), {"chemistry", "biology"}),
])
def test_tasks_listed_in_parentheses_after_a_task_noun(nlp, sentence: str, tasks: set[str], not_tasks: set[str]) -> None:
    found = {e.text for e in nlp(sentence).ents if e.label_ == "TASK"}
    assert tasks <= found and not found & not_tasks


def test_task_words_listed_on_their_own_are_tasks(nlp) -> None:
    doc = nlp("This is the first SNN backbone that can simultaneously support classification, detection, and "
              "segmentation. We fit classification and regression trees to the data.")
    tasks = {e.text for e in doc.ents if e.label_ == "TASK"}
    assert {"classification", "detection", "segmentation"} <= tasks and "regression" not in tasks


def test_vague_task_words_alone_are_no_tasks(nlp) -> None:
    """"prediction tasks", "generation and editing": on the annotated sets such bare words were gold tasks 5 times in 33."""
    doc = nlp("Experiments on prediction tasks and generation tasks show the benefits of CoFormer.")
    assert not [e for e in doc.ents if e.label_ == "TASK"]


def test_fields_and_properties_are_no_known_tasks(nlp) -> None:
    """Fields, paradigms and properties are no tasks (spec: TASK "No"); on the dev sets "transfer learning",
    "causal inference" and "adversarial robustness" were gold tasks 11 times in 42."""
    doc = nlp("Results on transfer learning, adversarial robustness and causal inference show gains.")
    assert not [e for e in doc.ents if e.label_ == "TASK"]


def test_an_acronym_defined_problem_is_a_task(nlp) -> None:
    doc = nlp("We explore a Federated Reinforcement Learning (FRL) problem where N agents learn a common policy.")
    assert {("Federated Reinforcement Learning", "TASK"), ("FRL", "TASK")} <= {(e.text, e.label_) for e in doc.ents}


def test_a_known_method_ending_in_a_metric_word_is_kept(nlp) -> None:
    doc = nlp("We solve NP-hard problems under the branch and bound framework with an upper confidence bound rule.")
    assert {"branch and bound", "upper confidence bound"} <= {e.text for e in doc.ents if e.label_ == "METHOD"}


def test_abilities_are_no_tasks(nlp) -> None:
    doc = nlp("It shows strong spatial imagination ability and improved metadata-based reasoning capabilities.")
    assert not [e for e in doc.ents if e.label_ == "TASK"]
    doc = nlp("This is opaque to human understanding, unlike human-level understanding, which aids visual understanding.")
    assert [e.text for e in doc.ents if e.label_ == "TASK"] == ["visual understanding"]


def test_a_task_worded_technique_is_a_method(nlp) -> None:
    """A phrase headed by a task word followed by "approach" / "strategy" names a technique."""
    doc = nlp("We propose a Fast-Slow Test-Time Adaptation (FSTTA) approach for online navigation. "
              "We also develop an active learning strategy for preference optimization.")
    labels = {(e.text, e.label_) for e in doc.ents}
    assert {("Fast-Slow Test-Time Adaptation", "METHOD"), ("FSTTA", "METHOD"), ("active learning", "METHOD")} <= labels


def test_techniques_used_or_listed_are_methods_and_families_are_not(nlp) -> None:
    doc = nlp("The proposed SLWI uniquely incorporates Bayesian filtering to track the weights. "
              "We compare with gradient-based methods and attention-free models.")
    found = {(e.text, e.label_) for e in doc.ents}
    assert ("Bayesian filtering", "METHOD") in found
    assert not {text for text, _ in found} & {"gradient-based methods", "attention-free models"}


@pytest.mark.parametrize(("sentence", "proposed", "not_proposed"), [
    ("In this paper, we propose an efficient query-based membership inference attack (MIA), namely Proximal "
     "Initialization Attack (PIA), which utilizes groundtruth trajectories.", "Proximal Initialization Attack", "MIA"),
    ("We introduce a novel framework aimed at learning to solve the weight alignment problem, which we name "
     "Deep-Align.", "Deep-Align", None),
    ("We present mean-field chaos diffusion models (MF-CDMs), which address the curse of dimensionality.",
     "MF-CDMs", None),
    ("We propose a new SupLinUCB-type algorithm that enjoys computational efficiency.", None, "SupLinUCB-type"),
    ("To address this, we introduce the Atari Pre-training Benchmark (Atari-PB), which pre-trains a ResNet-50 model "
     "on 10 million transitions from 50 Atari games.", "Atari-PB", "ResNet-50"),
    ("We propose a novel matrix family containing Monarch matrices, the Block Tensor-Train (BTT), which we show "
     "performs better than dense matrices.", "BTT", "Monarch"),
    ("We propose conditional flows of the maximum mean discrepancy (MMD) with the negative distance kernel for "
     "posterior sampling.", None, "MMD"),
    ("Our first contribution is the introduction of the Centered Trimmed Meta Aggregator (CTMA), an efficient "
     "meta-aggregator.", "CTMA", None),
    ("The development of large language models (LLMs) has greatly advanced the field.", None, "LLMs"),
])
def test_which_name_is_the_contribution(nlp, sentence: str, proposed: str | None, not_proposed: str | None) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=sentence)], nlp)
    names = {n for e in ex.entities if e.proposed for n in (e.name, *e.aliases)}
    assert proposed is None or proposed in names
    assert not_proposed is None or not any(not_proposed in n for n in names)


def test_listed_and_studied_settings_are_tasks(nlp) -> None:
    doc = nlp("Tail performance is crucial for machine learning tasks, such as algorithmic fairness, class imbalance, "
              "and risk-sensitive decision making. We study risk-sensitive reinforcement learning (RL).")
    tasks = {e.text for e in doc.ents if e.label_ == "TASK"}
    assert {"algorithmic fairness", "class imbalance", "risk-sensitive decision making",
            "risk-sensitive reinforcement learning"} <= tasks


def test_datasets_inside_task_phrases_and_qa_names(nlp) -> None:
    doc = nlp("Our method achieves competitive performance on ImageNet classification, COCO detection, and ADE20k "
              "segmentation, with a gain of 8% on CommonSenseQA. Using the NQ320K and MARCO datasets, we evaluate it.")
    found = {(e.text, e.label_) for e in doc.ents}
    assert {("ImageNet", "DATASET"), ("COCO", "DATASET"), ("ADE20k", "DATASET"), ("classification", "TASK"),
            ("CommonSenseQA", "DATASET"), ("NQ320K", "DATASET"), ("MARCO", "DATASET")} <= found


@pytest.mark.parametrize(("abstract", "name"), [
    ("We evaluate on the string transformation dataset SyGuS and on ImageNet.", "SyGuS"),
    ("This benchmark contains DAEval, a dataset consisting of 603 data analysis questions.", "DAEval"),
    ("We also release a new 2 billion example dataset DFN-2B and show that it helps.", "DFN-2B"),
    ("We first build a large-scale and diverse duet interactive dance dataset, DD100, by recording dancers.", "DD100"),
    ("We propose Diffusion Reconstruction Contrastive Learning (DRCT), a universal framework. In addition, we have "
     "built a million-scale dataset, DRCT-2M, including 16 types of diffusion models.", "DRCT-2M"),
    ("We propose MM-Vet, an evaluation benchmark that examines large multimodal models. To this end, we present "
     "MM-Vet, designed based on the insight that solving complicated tasks is often achieved by generalists.", "MM-Vet"),
    ("In addition, we release the benchmark R-GSM, based on GSM8K, to examine the ordering effect.", "R-GSM"),
    # described as data past a misparse, or past its long form in parentheses
    ("Specifically, we introduce VinT-6D, the first extensive multi-modal dataset integrating vision, touch, and "
     "proprioception, to enhance robotic manipulation.", "VinT-6D"),
    ("Finally, we provide *Generic COG* (gCOG), a configurable benchmark with several multimodal splits.", "Generic COG"),
    ("This separation is achieved through a co-training scheme on monocular videos and our new synthetic dataset DySO.", "DySO"),
])
def test_names_typed_as_data_are_datasets(nlp, abstract: str, name: str) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=abstract)], nlp)
    assert {e.label for e in ex.entities if e.name == name} == {"DATASET"}


def test_a_name_described_as_a_data_technique_is_no_dataset(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "In this paper, we propose PruNeRF, a segment-centric dataset pruning framework via 3D spatial consistency."))], nlp)
    assert ("PruNeRF", "METHOD") in [(e.name, e.label) for e in ex.entities]


def test_a_benchmark_name_that_is_a_modifier_or_a_verb_object_is_not_data(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract="Finally, we benchmark DPO and PPO across a collection of "
                                                   "tasks, on six benchmark MuJoCo tasks. We conduct extensive "
                                                   "experiments and benchmark SaSPA against RandAugment.")], nlp)
    assert "DATASET" not in {e.label for e in ex.entities if e.name in ("DPO", "PPO", "SaSPA")}


def test_a_known_name_in_parentheses_is_no_new_acronym(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract="We present comprehensive experimental results on small-scale "
                                                   "(GPT-2) and large-scale language models.")], nlp)
    gpt2 = [e for e in ex.entities if e.name == "GPT-2" or "GPT-2" in e.aliases]
    assert gpt2 and not any(e.proposed for e in gpt2) and all(e.name == "GPT-2" for e in gpt2)


def test_an_acronym_defined_as_something_else_is_not_the_gazetteer_entry(nlp) -> None:
    # the gazetteer knows DMC as the DeepMind Control Suite (a dataset)
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "As a solution, we propose Dynamic Memory Compression (DMC), a method for on-line key-value cache "
        "compression at inference time. DMC is applied via continued pre-training. DMC preserves accuracy."))], nlp)
    dmc = [e for e in ex.entities if "DMC" in (e.name, *e.aliases)]
    assert [(e.label, e.name, e.proposed) for e in dmc] == [("METHOD", "Dynamic Memory Compression", True)]
    assert len(dmc[0].mentions) == 4
    assert all(e.key != "dataset:deepmind control suite" for e in ex.entities)


def test_a_metric_defined_with_its_acronym_is_no_method(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "The Attack Success Rate (ASR) of our attack is 90%, and the False Positive Rate (FPR) stays low. The peak "
        "signal-to-noise ratio (PSNR) improves."))], nlp)
    assert not ex.entities


def test_a_bound_is_no_method(nlp) -> None:
    """An objective's bound is a mathematical object (spec: METHOD "No"): on the dev sets "evidence lower
    bound" was a gold method in 1 of the 7 abstracts that spell it out."""
    (ex,) = extract_papers([Paper(id="p", abstract="We maximize the evidence lower bound (ELBO). The ELBO is tight.")], nlp)
    assert not ex.entities


def test_what_a_method_is_compared_with_is_a_method(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "Our model, Instruct-XMLR, outperforms Bloomz on all evaluation tasks. We see NExT-Chat (87.7) vs. Shikra "
        "(86.9) on POPE-Random, and a 2.1x speed-up compared to OPTQ. FourierFT needs 0.06M parameters, compared to "
        "LoRA's 33.5M, and our distance is more accurate in comparison to the Wasserstein distance."))], nlp)
    labels = {e.name: e.label for e in ex.entities}
    assert {name: labels.get(name) for name in ("Bloomz", "Shikra", "OPTQ")} == dict.fromkeys(("Bloomz", "Shikra", "OPTQ"), "METHOD")
    assert labels.get("POPE-Random") == "DATASET"
    assert not [name for name in labels if "33.5M" in name or name == "Wasserstein"]


def test_a_metric_acronym_after_a_name_is_not_part_of_it(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "Our detector reaches 40.1 on HICO-DET mAP. We also test CRATE-MAE, a masked autoencoder."))], nlp)
    names = {e.name for e in ex.entities}
    assert "HICO-DET" in names and "HICO-DET mAP" not in names
    assert "CRATE-MAE" in names  # glued: part of the name
    doc = nlp.make_doc("SIngle-Loop VariancE-Reduction works")
    assert doc[slice(*name_run(doc, 0))].text == "SIngle-Loop VariancE-Reduction"  # a capitalized word, no metric


def test_a_proposed_known_name_keeps_its_label(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "We release tiny versions of popular benchmarks: MMLU, HELM, and AlpacaEval 2.0."))], nlp)
    assert [e.label for e in ex.entities if e.name == "MMLU"] == ["DATASET"]


def test_namely_and_a_capitalized_named_do_not_name_things(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "We evaluate on two cross-lingual transfer tasks, namely Named Entity Recognition and Event Argument "
        "Extraction, spanning 20 languages."))], nlp)
    found = {(e.label, e.name.lower()) for e in ex.entities}
    assert ("TASK", "named entity recognition") in found
    assert not [name for _, name in found if name.startswith("namely")]


def test_hardware_links_and_dataset_variants(nlp) -> None:
    doc = nlp("It runs on one NVIDIA 2080Ti and Google Cloud TPUs, and gains 4% on ImageNet V2. "
              "Code is available at [this link](https://github.com/YBYBZhang/ControlVideo).")
    found = {(e.text, e.label_) for e in doc.ents}
    assert ("ImageNet V2", "DATASET") in found
    assert not {text for text, _ in found} & {"NVIDIA 2080Ti", "Google Cloud TPUs", "YBYBZhang"}


@pytest.mark.parametrize(("sentence", "name", "alias"), [
    ("After that, we propose \\textbf{\\textit{Scaling Laws of RoPE-based Extrapolation}}, a unified framework.",
     "Scaling Laws of RoPE-based Extrapolation", None),
    ("In this paper, we introduce \"Detect Any Text\" (DAT), an advanced paradigm.", "Detect Any Text", "DAT"),
    # eight words, though the tokenizer splits the hyphens off
    ("We propose a model-free algorithm called *Hybrid robust Total-variation-regularized Q-iteration*.",
     "Hybrid robust Total-variation-regularized Q-iteration", None),
    # lower-case, but set off and coined with its acronym after the closing mark
    ("In this work, we propose _batch and match_ (BaM), an alternative approach to BBVI.", "batch and match", "BaM"),
])
def test_an_emphasized_coinage_is_the_whole_proposed_name(nlp, sentence: str, name: str, alias: str | None) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=sentence)], nlp)
    proposed = [e for e in ex.entities if e.proposed]
    assert [e.name for e in proposed] == [name]
    assert alias is None or alias in proposed[0].aliases


def test_a_set_off_long_form_not_coined_is_no_method(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract="Our work studies this key property, dubbed _word sensitivity_ (WS), "
                                                   "in random features.")], nlp)
    assert not [e for e in ex.entities if e.name == "word sensitivity" or "WS" in (e.name, *e.aliases)]


def test_a_long_form_ending_in_a_known_method_is_a_method_with_its_acronym(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "We use graph convolution networks (GCNs). We adapt evidential GCNs (EGCN) to HSIC. We regularize EGCN."))], nlp)
    assert ("evidential GCNs", ["EGCN"], "METHOD") in [(e.name, e.aliases, e.label) for e in ex.entities]


@pytest.mark.parametrize(("abstract", "long", "short"), [
    ("We introduce SMASH: a Score MAtching-based pSeudolikeliHood estimator for marked STPPs. SMASH works.",
     "Score MAtching-based pSeudolikeliHood estimator", "SMASH"),
    ("We present MOFI, Manifold OF Images, a new vision foundation model. MOFI differs from previous work.",
     "Manifold OF Images", "MOFI"),
    ("Our solution relies on a novel Support-based Domain Adaptation method, namely SuDA, which aligns supports.",
     "Support-based Domain Adaptation", "SuDA"),
    ("To address this challenge, we propose COFT, a novel **CO**arse-to-**F**ine highligh**T**ing method to focus "
     "on key texts.", "COarse-to-Fine highlighTing", "COFT"),
])
def test_an_acronym_defined_beside_its_long_form_without_parentheses_joins_it(nlp, abstract: str, long: str,
                                                                               short: str) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=abstract)], nlp)
    assert [e for e in ex.entities if e.name == long and short in e.aliases]
    assert not [e for e in ex.entities if e.name == short]


def test_an_undefined_acronym_joins_the_one_name_whose_initials_it_is(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "We give algorithms via multiplicative weights update for the densest subgraph problem. "
        "Compared with prior work, our MWU algorithm is simpler."))], nlp)
    assert ("multiplicative weights update", ["MWU"]) in [(e.name, e.aliases) for e in ex.entities]


def test_an_acronym_does_not_join_a_task_its_initials_spell(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "We study multiple object tracking in crowded videos. Our tracker, MOT, is fast."))], nlp)
    assert ("multiple object tracking", [], "TASK") in [(e.name, e.aliases, e.label) for e in ex.entities]


@pytest.mark.parametrize(("abstract", "short", "long", "joined"), [
    # the "e" of "self" is no initial
    ("For SE, a novel self-distillation mechanism is used.", "SE", "self-distillation mechanism", False),
    ("We propose COFT, a novel COarse-to-Fine highlighTing method.", "COFT", "COarse-to-Fine highlighTing", True),
])
def test_a_long_form_after_its_acronym_spells_it_with_initials_only(abstract: str, short: str, long: str,
                                                                    joined: bool) -> None:
    def entity(name: str) -> Entity:
        start = abstract.index(name)
        return Entity(label="METHOD", name=name, mentions=[Mention(start=start, end=start + len(name), text=name,
                                                                   sentence=abstract)])
    pairs = _defined_beside([entity(short), entity(long)], abstract)
    assert (pairs == [(long, short)]) is joined


def test_a_clause_after_an_acronyms_comma_is_no_long_form(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "We use CoT. However, with T steps of CoT, constant-depth transformers solve more problems."))], nlp)
    assert not [e for e in ex.entities if "CoT" in (e.name, *e.aliases) and "constant-depth transformers" in (e.name, *e.aliases)]


def test_a_named_measure_is_no_method(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "To capitalize on the geometric structure, we introduce a measure called geodesic correlation which expands "
        "traditional correlation."))], nlp)
    assert not [e for e in ex.entities if e.name == "geodesic correlation"]


def test_emphasis_without_a_coining_verb_is_nothing(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract="We handle semantic shifts of *varying* degree with a **Bi**-Directional net.")], nlp)
    assert not [e for e in ex.entities if e.proposed]


def test_counted_lists_of_new_things_and_of_used_datasets(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "It includes two novel designs, inter-clip spatial grounding and intra-clip temporal grouping, to promote "
        "learning. We evaluate across three datasets: Adult, COMPAS, and CelebA."))], nlp)
    found = {(e.name, e.label, e.proposed) for e in ex.entities}
    assert {("inter-clip spatial grounding", "METHOD", True), ("intra-clip temporal grouping", "METHOD", True),
            ("CelebA", "DATASET", False), ("COMPAS", "DATASET", False)} <= found


def test_a_listed_name_is_named_without_what_it_is_for(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "We evaluate on three benchmarks: SCAN for semantic parsing, Coinrun for generalization, and HINT for "
        "arithmetic reasoning."))], nlp)
    assert {e.name for e in ex.entities if e.label == "DATASET"} == {"SCAN", "Coinrun", "HINT"}


def test_a_counted_list_may_follow_a_participle_and_hold_a_task(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "We evaluate NSR across four benchmarks designed to probe systematic generalization: SCAN for semantic "
        "parsing, Coinrun for generalization, HINT for arithmetic reasoning, and a compositional machine "
        "translation task."))], nlp)
    labels = {e.name: e.label for e in ex.entities}
    assert {name for name, label in labels.items() if label == "DATASET"} == {"SCAN", "Coinrun", "HINT"}
    assert labels["compositional machine translation task"] == "TASK"


def test_a_counted_list_ends_with_its_count_and_holds_no_actions(nlp) -> None:
    assert {"SiamCUT", "MoCUT"} == _proposed_names(nlp, (
        "We propose two models, SiamCUT and MoCUT, for tracking. Our approach is the first attempt to formulate two "
        "essential components, minimizing the residual and seeking the optimal training set, into one problem."))


@pytest.mark.parametrize(("sentence", "task"), [
    ("It consistently improves downstream tasks including classification, semi-supervised learning, transfer "
     "learning, and anomaly detection.", "semi-supervised learning"),
    ("It fits various applications involving human interaction, such as ranking, information retrieval, and "
     "recommendation systems.", "ranking"),
    ("It offers a powerful framework for practical learning-based control problems in domains such as robotics.",
     "learning-based control problems"),
    ("This is essentially a few-shot dataset transfer problem.", "dataset transfer"),
])
def test_listed_tasks_and_problems_despite_the_parse(nlp, sentence: str, task: str) -> None:
    assert (task, "TASK") in {(e.text, e.label_) for e in nlp(sentence).ents}


@pytest.mark.parametrize(("abstract", "names"), [
    ("It fails.  We propose pseudo-point SPA  (pp-SPA) as a new method.", {"pseudo-point SPA", "pp-SPA"}),
    ("We propose a novel measure --- Meta-Distribution Energy (MDE) for this.", {"Meta-Distribution Energy", "MDE"}),
])
def test_a_double_space_at_a_names_edge_is_not_part_of_it(nlp, abstract: str, names: set[str]) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=abstract)], nlp)
    (entity,) = [e for e in ex.entities if e.proposed]
    assert {entity.name, *entity.aliases} == names
    assert {m.text for m in entity.mentions} == names
    assert all(abstract[m.start : m.end] == m.text for m in entity.mentions)


@pytest.mark.parametrize(("abstract", "parts"), [
    ("We propose PROGRAM, a novel test-time adaptation method. PROGRAM consists of two key components: (1) Prototype "
     "Graph Model (PGM) for reliable pseudo-label generation; (2) Noise-Aware Self-Labeling (NASL) for noisy labels.",
     {"Prototype Graph Model", "Noise-Aware Self-Labeling"}),
    ("Based on this observation, we propose TimeMixer as a fully MLP-based architecture with Past-Decomposable-Mixing "
     "(PDM) and Future-Multipredictor-Mixing (FMM) blocks.", {"Past-Decomposable-Mixing", "Future-Multipredictor-Mixing"}),
    ("We introduce the Neural-Symbolic Recursive Machine (NSR), whose core is a Grounded Symbol System (GSS), allowing "
     "for the emergence of combinatorial syntax.", {"Grounded Symbol System"}),
    ("We propose ARM, a multivariate forecaster. ARM employs Adaptive Univariate Effect Learning (AUEL), Random "
     "Dropping (RD) training strategy, and Multi-kernel Local Smoothing (MKLS), to better handle temporal patterns.",
     {"Adaptive Univariate Effect Learning", "Random Dropping", "Multi-kernel Local Smoothing"}),
])
def test_acronyms_coined_for_the_parts_of_a_proposal_are_proposed(nlp, abstract: str, parts: set[str]) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=abstract)], nlp)
    assert parts <= {e.name for e in ex.entities if e.proposed}


def test_a_known_method_a_proposal_integrates_is_not_proposed(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "To tackle this issue, we propose the MAZero algorithm, which combines a centralized model with Monte Carlo "
        "Tree Search (MCTS) for policy search."))], nlp)
    assert {(e.name, e.proposed) for e in ex.entities if e.label == "METHOD"} >= {
        ("MAZero", True), ("Monte Carlo Tree Search", False)}


def test_a_named_benchmark_in_a_task_list_is_a_dataset(nlp) -> None:
    doc = nlp("We validate its effectiveness on a range of tasks including the GLUE Benchmark and Instruction-tuning.")
    assert ("GLUE Benchmark", "DATASET") in {(e.text, e.label_) for e in doc.ents}


@pytest.mark.parametrize(("abstract", "task", "mentions"), [
    ("We study human sketch generation from photos. We show that sketch generation is hard.",
     "human sketch generation", ["human sketch generation", "sketch generation"]),
    ("We study the online knapsack problem with predictions. Items arrive online into a capacity-limited knapsack.",
     "online knapsack problem", ["online knapsack problem", "knapsack"]),
    ("We study zero-shot text classification with LLMs. We show that zero-shot classification improves.",
     "zero-shot text classification", ["zero-shot text classification", "zero-shot classification"]),
    ("We study time series forecasting with transformers. Accurate time series prediction matters.",
     "time series forecasting", ["time series forecasting", "time series prediction"]),
    # a modality mapping named before its task, in either order
    ("Our model is strong on text-to-image. It excels at text-to-image generation.",
     "text-to-image generation", ["text-to-image", "text-to-image generation"]),
    # some of the words of its acronym-bearing alias
    ("Offline preference-based reinforcement learning (offline PbRL) learns from preferences. However, preference "
     "labels in PbRL are trajectory-based.", "Offline preference-based reinforcement learning",
     ["Offline preference-based reinforcement learning", "offline PbRL", "PbRL"]),
])
def test_a_task_named_again_by_some_of_its_words_is_that_task(nlp, abstract: str, task: str, mentions: list) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=abstract)], nlp)
    tasks = [e for e in ex.entities if e.label == "TASK"]
    assert [(e.name, [m.text for m in e.mentions]) for e in tasks] == [(task, mentions)]
    assert "PbRL" not in tasks[0].aliases  # mentions join, names do not


def test_an_unknown_name_said_with_its_kind_is_one_method(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "In this work, we propose the *Fragment-WL* test, an extension to the well-known Weisfeiler & Leman (WL) "
        "test. We show that Fragment-WL is more expressive."))], nlp)
    assert [(e.name, e.aliases, e.proposed) for e in ex.entities if "Fragment-WL" in (e.name, *e.aliases)] == [
        ("Fragment-WL test", ["Fragment-WL"], True)]


def test_a_name_with_two_labels_in_a_paper_is_one_entity(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "We study image restoration with diffusion priors. Our image restoration method is fast."))], nlp)
    assert [(e.label, len(e.mentions)) for e in ex.entities if e.name == "image restoration"] == [("TASK", 2)]


def test_a_contrary_prefix_makes_a_known_name_another_thing(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract="We study non-convex optimization with anti-Hebbian learning and "
                                  "convex optimization.")], nlp)
    keys = {e.name: e.key for e in ex.entities}
    assert {"non-convex optimization", "anti-Hebbian learning", "convex optimization"} <= set(keys)
    assert keys["non-convex optimization"] != keys["convex optimization"]


def test_a_known_lower_case_name_hyphenated_to_a_prefix_is_part_of_a_longer_name(nlp) -> None:
    hyphenated, plain = extract_papers([
        Paper(id="a", abstract=("We improve out-of-domain generalization with self-supervised contrastive learning and "
                                "the self-attention mechanism under $\\varepsilon$-differential privacy.")),
        Paper(id="b", abstract="We improve domain generalization with supervised contrastive learning.")], nlp)
    keys = {e.name: e.key for e in hyphenated.entities}
    known = {e.name: e.key for e in plain.entities}
    assert {"out-of-domain generalization", "self-supervised contrastive learning"} <= set(keys)
    assert keys["out-of-domain generalization"] != known["domain generalization"]
    assert keys["self-supervised contrastive learning"] != known["supervised contrastive learning"]
    # a prefix that a known name takes, or a symbol's name, is no part of the name after it
    assert keys["self-attention"] and keys["differential privacy"]


@pytest.mark.parametrize(("sentence", "names"), [
    ("Here, we propose RL with Adaptive Regularization (RL-AR), an algorithm that enables safe exploration.",
     {"RL with Adaptive Regularization", "RL-AR"}),
    ("We show that both properties are strongly correlated with the transferability and propose a Common "
     "Weakness Attack (CWA) to generate more transferable adversarial examples.", {"Common Weakness Attack", "CWA"}),
    ("This work presents Self-supervised Open-world Hierarchical Entity Segmentation (SOHES), a novel approach.",
     {"Self-supervised Open-world Hierarchical Entity Segmentation", "SOHES"}),
    ("To address this issue, we introduce a generic and lightweight Visual Prompt Generator Complete module (VPG-C).",
     {"Visual Prompt Generator Complete module", "VPG-C"}),
])
def test_acronym_defined_contributions_are_proposed_methods(nlp, sentence: str, names: set[str]) -> None:
    doc = nlp(sentence)
    assert names <= {e.text for e in doc.ents if e.label_ == "METHOD" and "proposed" in e.id_}


@pytest.mark.parametrize(("abstract", "name", "aliases"), [
    # two known names joined, with an acronym of their own, are a new name
    ("We propose a simple and scalable sampling process, Early-Stopping Self-Consistency (ESC), to reduce the cost "
     "of SC.", "Early-Stopping Self-Consistency", ("ESC",)),
    # a short form that keeps the long form's first word is still its short form
    ("We propose Safe Reinforcement Learning from Human Feedback (Safe RLHF), a novel algorithm for value "
     "alignment. Safe RLHF decouples human preferences.", "Safe Reinforcement Learning from Human Feedback",
     ("Safe RLHF",)),
])
def test_a_new_name_made_of_known_words_is_one_proposed_entity(nlp, abstract: str, name: str, aliases: tuple) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=abstract)], nlp)
    assert [(e.name, tuple(e.aliases)) for e in ex.entities if e.proposed] == [(name, aliases)]


def test_a_defined_name_a_new_thing_follows_is_a_proposed_method(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "This insight is leveraged in Receding Horizon Inverse Planning (RHIP), a new generalization of classic IRL "
        "algorithms that provides fine-grained control."))], nlp)
    assert ("Receding Horizon Inverse Planning", ("RHIP",), "METHOD", True) in {
        (e.name, tuple(e.aliases), e.label, e.proposed) for e in ex.entities}


def test_a_defined_name_before_its_kind_word_is_proposed(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "We propose the Multi-agent Multi-type Thompson Sampling (MMTS) algorithm for bandits."))], nlp)
    assert {(e.name, tuple(e.aliases), e.proposed) for e in ex.entities if e.label == "METHOD"} == {
        ("Multi-agent Multi-type Thompson Sampling", ("MMTS",), True)}


@pytest.mark.parametrize(("sentence", "name"), [
    ("To fill these gaps, we release the Weapons of Mass Destruction Proxy (WMDP) benchmark, a dataset of 3,668 "
     "questions.", "Weapons of Mass Destruction Proxy"),
    ("In this study, we introduce **BEND**, a **BEN**chmark for **D**NA language models, featuring realistic tasks.",
     "BEND"),
])
def test_a_proposal_typed_as_data_is_a_dataset(nlp, sentence: str, name: str) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=sentence)], nlp)
    assert [(e.label, e.name) for e in ex.entities if e.proposed] == [("DATASET", name)]


def test_a_short_form_written_as_a_word_joins_the_long_form_whose_capitals_spell_it(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "In this paper, we propose NOise Robust Temporal Optimal traNsport (Norton) that addresses MNC. "
        "In brief, Norton employs contrastive losses."))], nlp)
    (proposed,) = [e for e in ex.entities if e.proposed]
    assert {proposed.name, *proposed.aliases} == {"Norton", "NOise Robust Temporal Optimal traNsport"}


def test_a_proposal_named_in_part_is_the_whole_name(nlp) -> None:
    sentence = ("In this paper, we propose an Image Modeling framework based on random orthogonal projection. "
                "Our proposed Random Orthogonal Projection Image Modeling (ROPIM) reduces token information.")
    (ex,) = extract_papers([Paper(id="p", abstract=sentence)], nlp)
    (proposed,) = [e for e in ex.entities if e.proposed]
    assert proposed.name == "Random Orthogonal Projection Image Modeling"
    assert "Image Modeling" not in proposed.aliases  # it would join other papers' image modeling
    assert sentence.index("Image Modeling") in [m.start for m in proposed.mentions]


def test_a_proposed_name_is_no_fragment_of_its_own_variant(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "We introduce MOMENT, a family of open-source foundation models for time series. "
        "Our largest model, MOMENT-1-large, is pre-trained on public data."))], nlp)
    assert "MOMENT" in {e.name for e in ex.entities if e.proposed}


@pytest.mark.parametrize(("sentence", "name"), [
    ("We show how the combination of a reverse curriculum and forward curriculum in our method, RFCL, enables "
     "significant improvements.", "RFCL"),
    ("To address both limitations, we propose _Scene Flow via Distillation_, a simple, scalable distillation "
     "framework.", "Scene Flow via Distillation"),
    ("As a particular instance of TMC, our new algorithm, Accelerated Speculative Sampling (ASpS), outperforms SpS.",
     "Accelerated Speculative Sampling"),
    ("This paper proposes a novel instance-level framework for integrating multiple graph pre-training tasks,Weigh And "
     "Select (WAS), where the two collaborative processes are combined by decoupled siamese networks.", "Weigh And Select"),
    ("To bridge this gap, this paper presents the first algorithm for meta-BO of risk measures (i.e., value-at-risk "
     "(VaR) and the conditional VaR), namely meta-VBO, by introducing a novel adjustment.", "meta-VBO"),
    # an em dash glued to the words around it sets the name off too
    ("To address these issues, we propose Gen-Z\u2014a generative prompting framework for zero-shot text "
     "classification.", "Gen-Z"),
    ("To this end, we propose CALM\u2014Composition to Augment Language Models\u2014which introduces "
     "cross-attention between models.", "CALM"),
])
def test_names_set_off_by_our_method_underscores_or_dashes_are_proposed(nlp, sentence: str, name: str) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=sentence)], nlp)
    assert [e.name for e in ex.entities if e.proposed] == [name]


def test_a_dataset_about_an_acronym_defined_thing_is_that_dataset(nlp) -> None:
    doc = nlp("To train the model, we construct a large-scale dataset about grounded image-text pairs (GrIT).")
    assert {("GrIT", "DATASET"), ("grounded image-text pairs", "DATASET")} <= {(e.text, e.label_) for e in doc.ents}


@pytest.mark.parametrize(("sentence", "task"), [
    ("This paper addresses a policy optimization task with the conditional value-at-risk objective.",
     "policy optimization"),
    ("Experiments on image classification datasets and transfer learning tasks show that it works.",
     "transfer learning"),
    ("We evaluate on the string transformation dataset SyGuS and two public object detection datasets.",
     "string transformation"),
])
def test_tasks_said_to_be_tasks(nlp, sentence: str, task: str) -> None:
    assert (task, "TASK") in {(e.text, e.label_) for e in nlp(sentence).ents}


@pytest.mark.parametrize(("sentence", "expected"), [
    ("In this paper, we propose an Excitation-Inhibition Mechanism-assisted Hybrid Learning(EIHL) algorithm.",
     {("EIHL", "METHOD")}),
    ("In this study, we propose three stable classes of Neural SDEs: Langevin-type SDE, Linear Noise SDE, and "
     "Geometric SDE.", {("Langevin-type SDE", "METHOD"), ("Linear Noise SDE", "METHOD"), ("Geometric SDE", "METHOD")}),
    ("Extensive experiments on three RES benchmarks reveal its superior performance.", {("RES", "TASK")}),
])
def test_glued_acronyms_counted_classes_and_benchmark_kinds(nlp, sentence: str, expected: set) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=sentence)], nlp)
    assert expected <= {(name, e.label) for e in ex.entities for name in (e.name, *e.aliases)}


@pytest.mark.parametrize("sentence", [
    "The triggers exploit a phenomenon we call _inter-class poison transferability_, where learning helps.",
    "Firstly, we introduce a stability concept called *compositional uniform stability* and establish its relation.",
    "Our approach begins with a novel observation called the inlier-memorization (IM) effect in training.",
    "In particular, we propose a new and weaker assumption, named the heterogeneity-driven pseudo-Lipschitz assumption.",
])
def test_a_name_for_an_observed_phenomenon_or_assumption_is_not_coined(nlp, sentence: str) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=sentence)], nlp)
    assert not [e for e in ex.entities if e.proposed]


def test_an_emphasized_notion_or_concept_is_not_a_coined_method(nlp) -> None:
    """On the dev sets, 2 of 6 such emphasized notions were gold methods ("a *universal critic*" was one)."""
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "We introduce the concept of **conditional probability curvature** to explain it. Prior work introduced the "
        "notion of *core stability*."))], nlp)
    assert not [e for e in ex.entities if e.proposed or e.label == "METHOD"]


def test_described_embeddings_architectures_and_methods_are_not_named(nlp) -> None:
    doc = nlp("It optimizes the similarity between local features and label embeddings, uses a shared decoder "
              "architecture, and outperforms ensemble methods.")
    assert not [e.text for e in doc.ents if e.label_ == "METHOD"]


def test_a_novel_specific_thing_is_proposed(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "To address long-horizon reasoning, we develop a novel multi-channel heatmap that enables the prediction of "
        "actions. We also offer a new perspective on planning."))], nlp)
    assert [e.name for e in ex.entities if e.proposed] == ["multi-channel heatmap"]


def test_compiled_data_and_extensions_of_known_datasets_are_datasets(nlp) -> None:
    doc = nlp("We compile CommitPack: 4 terabytes of Git commits. We further introduce HumanEvalPack, expanding the "
              "HumanEval benchmark.")
    assert {("CommitPack", "DATASET"), ("HumanEvalPack", "DATASET")} <= {(e.text, e.label_) for e in doc.ents}


def test_methods_for_a_task_name_the_task(nlp) -> None:
    doc = nlp("Conventional causal discovery methods rely on centralized data. We develop an active learning strategy.")
    found = {(e.text, e.label_) for e in doc.ents}
    assert {("causal discovery", "TASK"), ("active learning", "METHOD")} <= found


def test_parenthesized_lists_after_tasks_and_benchmarks(nlp) -> None:
    doc = nlp("We expand it to 3 coding tasks (Code Repair, Code Explanation, Code Synthesis) and report two "
              "benchmarks (GSM8K and MATH-500). Results hold (e.g., 3 tasks (a) and (b)). We probe three temporal "
              "datasets (historical figures, artworks, news headlines).")
    found = {(e.text, e.label_) for e in doc.ents}
    assert {("Code Repair", "TASK"), ("Code Synthesis", "TASK"), ("GSM8K", "DATASET"), ("MATH-500", "DATASET")} <= found
    assert not {text for text, _ in found} & {"historical figures", "artworks", "news headlines"}


def test_names_listed_with_known_ones_share_their_label(nlp) -> None:
    doc = nlp("Extensive experiments on three RES benchmarks—RefCOCO, RefCOCO+, and G-Ref reveal it.")
    assert {("RefCOCO+", "DATASET"), ("G-Ref", "DATASET")} <= {(e.text, e.label_) for e in doc.ents}


def test_what_a_method_is_for_is_a_task(nlp) -> None:
    doc = nlp("We introduce a lightweight framework for medical image segmentation. It is a method for graphs. "
              "We give a framework for remote-sensing images and an approach for the conditional average treatment "
              "effect, a toolkit for point cloud analysis, and a pipeline for data curation. Ours is a framework "
              "for verification.")
    tasks = {e.text for e in doc.ents if e.label_ == "TASK"}
    assert {"medical image segmentation", "point cloud analysis"} <= tasks
    # other action nouns after "for" were tasks 9 times in 27 on the dev and held-out sets; a bare task word 2 in 7
    assert not tasks & {"graphs", "remote-sensing images", "conditional average treatment effect", "data curation",
                        "verification"}


def test_a_name_list_that_ends_the_abstract_is_labelled_too(nlp) -> None:
    doc = nlp("Experiments use RefCOCO, RefCOCO+, and G-Ref")
    assert ("G-Ref", "DATASET") in {(e.text, e.label_) for e in doc.ents}


@pytest.mark.parametrize(("sentence", "proposed"), [
    ("Our models, OctoCoder and OctoGeeX, achieve the best performance.", {"OctoCoder", "OctoGeeX"}),
    ("Within SemiRES, we offer two alternative matching strategies: IoU-based Optimal Matching (IOM) and "
     "Composite Parts Integration (CPI).", {"IoU-based Optimal Matching", "Composite Parts Integration"}),
    ("In this work, we propose a zero-shot continuous prompt transfer method, where source prompts are encoded.",
     {"zero-shot continuous prompt transfer method"}),
    ("Additionally, it introduces a stochastic random slicing approach that circumvents the costly Jacobian.",
     {"stochastic random slicing approach"}),
    ("It minimizes objectives through the use of novel Compressed Gradient Descent (CGD) algorithms.",
     {"Compressed Gradient Descent"}),
    ("Finally, we derive a new neural-symbolic method, Fuzzy Inference with Truth value (FIT), for queries.",
     {"Fuzzy Inference with Truth value"}),
])
def test_coordinated_offered_and_zero_shot_contributions(nlp, sentence: str, proposed: set[str]) -> None:
    assert _proposed_names(nlp, sentence) == proposed


def test_tasks_listed_before_a_shared_task_noun(nlp) -> None:
    doc = nlp("We run experiments on four benchmark datasets for interpolation, forecasting, and classification tasks.")
    assert {"interpolation", "forecasting", "classification"} <= {e.text for e in doc.ents if e.label_ == "TASK"}


@pytest.mark.parametrize(("sentence", "datasets"), [
    ("It achieves the best results on the WMT Shared Metrics Task benchmarks DARR20, MQM20, and MQM21.",
     {"DARR20", "MQM20", "MQM21"}),
    ("Extensive experiments on three RES benchmarks\u2014RefCOCO, RefCOCO+, and G-Ref reveal its strength.",
     {"RefCOCO", "RefCOCO+", "G-Ref"}),
])
def test_names_listed_after_benchmarks_are_datasets(nlp, sentence: str, datasets: set[str]) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=sentence)], nlp)
    assert datasets <= {e.name for e in ex.entities if e.label == "DATASET"}


def test_new_names_of_parts_in_the_proposing_sentence_are_proposed(nlp) -> None:
    assert {"GraphsGPT", "Graph2Seq", "GraphGPT", "Calibrated ConfidenceNet"} == _proposed_names(nlp, (
        "In this paper, we introduce GraphsGPT, featuring an Graph2Seq encoder that transforms graphs into words, "
        "along with a GraphGPT decoder that reconstructs the graph. Our results suggest that it is possible to "
        "build high quality language models. We propose a Calibrated ConfidenceNet (CCNet) to learn adjustments."))


def test_an_acronym_joins_the_mention_that_ends_with_its_long_form(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract="This paper studies zero-shot anomaly classification (AC) in "
                                                    "industrial vision.")], nlp)
    assert [(e.name, e.aliases, e.label) for e in ex.entities] == [("zero-shot anomaly classification", ["AC"], "TASK")]


def test_training_a_technique_is_not_part_of_its_name(nlp) -> None:
    doc = nlp("Training Transformers is hard. We study training graph neural networks, unlike training-free tuning.")
    methods = {e.text for e in doc.ents if e.label_ == "METHOD"}
    assert methods == {"Transformers", "graph neural networks", "training-free tuning"}


def test_one_described_model_is_no_technique_but_a_family_is(nlp) -> None:
    doc = nlp("It trains a harmless language model and an end-to-end differentiable neural network, unlike "
              "latent-space diffusion models and image generative models.")
    assert {e.text for e in doc.ents if e.label_ == "METHOD"} == {"latent-space diffusion models"}


def test_a_named_new_dataset_keeps_its_version_and_its_label(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "We introduce an advanced large-scale dataset, CircuitNet 2.0, which targets chip design. We also "
        "introduce a new benchmark, MathVista. CircuitNet 2.0 is released. It gains 1.5 points on MT-Bench 1.5 %."))], nlp)
    found = {(e.name, e.label, e.proposed) for e in ex.entities}
    assert {("CircuitNet 2.0", "DATASET", True), ("MathVista", "DATASET", True)} <= found
    assert not [name for name, label, _ in found if label == "METHOD" or name.endswith("1.5")]


def test_a_proposed_name_misparsed_into_a_dataset_list_stays_a_method(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "To solve this problem, we propose InfoBatch, a novel framework aiming to achieve lossless training "
        "acceleration. On CIFAR10/100, ImageNet-1K, and ADE20K, InfoBatch losslessly saves 40% overall cost."))], nlp)
    assert {(e.label, e.proposed) for e in ex.entities if e.name == "InfoBatch"} == {("METHOD", True)}
    assert {"ImageNet-1K", "ADE20K"} <= {e.name for e in ex.entities if e.label == "DATASET"}


def test_no_mention_runs_across_a_sentence_end_the_tokenizer_kept_in_a_word(nlp) -> None:
    doc = nlp("It suits 3D generation tasks such as novel-view-synthesis, text-to-3D, and image-to-3D. Project page: "
              "https://example.org. We also compare with DF2M. Empirical results follow.")
    assert not [e.text for e in doc.ents if ". " in e.text]


def test_benchmarks_of_a_defined_task_acronym_are_no_dataset(nlp) -> None:
    doc = nlp("It is unexplored in settings like extreme multi-label classification (XMC). Current evidence "
              "indicates that DE models fall short on XMC benchmarks.")
    assert {(e.text, e.label_) for e in doc.ents if e.text == "XMC"} == {("XMC", "TASK")}


@pytest.mark.parametrize("sentence", [
    "This is a so-called Bernstein-type result in approximation theory.",
    "We prove it under a condition called strong identifiability.",
    "It tunes the model to enhance desired behaviors, a process referred to as alignment.",
])
def test_names_in_passing_are_not_coined_methods(nlp, sentence: str) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=sentence)], nlp)
    assert not [e.name for e in ex.entities if e.label == "METHOD"]


def test_papers_propose_methods_not_tasks() -> None:
    coined = Entity(label="TASK", name="MLLM-Guided Image Editing", proposed=True,
                    mentions=[Mention(start=0, end=25, text="MLLM-Guided Image Editing", rule="abbreviation")])
    phrase = Entity(label="TASK", name="subset selection", proposed=True,
                    mentions=[Mention(start=0, end=16, text="subset selection", rule="propose")])
    known = Entity(label="TASK", name="test time adaptation", aliases=["TTA"], proposed=True,
                   mentions=[Mention(start=0, end=20, text="test time adaptation", rule="abbreviation"),
                             Mention(start=0, end=20, text="test time adaptation", rule="gazetteer")])
    _no_proposed_tasks([coined, phrase, known])
    assert [(e.label, e.proposed) for e in (coined, phrase, known)] == [("METHOD", True), ("TASK", False), ("TASK", False)]


def test_a_generic_description_beside_the_name_it_describes_is_no_proposal(nlp) -> None:
    assert {"ASMG", "proximal matching"} == _proposed_names(nlp, (
        "To find a Pareto optimal solution, we propose a novel adaptive stochastic gradient algorithm for "
        "black-box MOO, called ASMG. Separately, we introduce a strategy, dubbed proximal matching, for it."))


@pytest.mark.parametrize("sentence", [
    "Furthermore, we introduce a Monte Carlo Tree Search (MCTS)-based explainability method for explanations.",
    "We design a temporal-difference (TD) type algorithm tailored for policy evaluation in this context.",
    "To this end, this paper proposes a masked image modelling (MIM) based neural architecture search method.",
    "We further propose a Protein Language Model (PLM)-based policy network that samples mutants.",
])
def test_a_name_that_modifies_the_proposal_is_used_not_proposed(nlp, sentence: str) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=sentence)], nlp)
    assert [e.name for e in ex.entities if e.proposed] == []
    assert [e.name for e in ex.entities if e.label == "METHOD"][:1] == [sentence.split(" (")[0].split(" a ")[-1]]


@pytest.mark.parametrize(("sentence", "name", "alias"), [
    ("To alleviate this issue, we propose a **C**andidate **P**seudolabel **L**earning method, termed **CPL**, to "
     "fine-tune VLMs.", "Candidate Pseudolabel Learning", "CPL"),
    ("To tackle these challenges, we propose a Hypergraph-Enhanced DuAL framework named HEAL for graph classification.",
     "Hypergraph-Enhanced DuAL", "HEAL"),
])
def test_a_proposal_named_by_its_acronym_without_parentheses_is_one_entity(nlp, sentence: str, name: str, alias: str) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=sentence)], nlp)
    assert [(e.name, e.aliases) for e in ex.entities if e.proposed] == [(name, [alias])]


@pytest.mark.parametrize(("sentence", "name", "alias"), [
    ("To counter this, we present a novel algorithm, called Multi-Modal Moment Matching (M4), designed to reduce "
     "biases.", "Multi-Modal Moment Matching", "M4"),
    ("We propose a novel, theoretically principled method, Pairwise Alignment (Pair-Align) to counter graph "
     "structure shift.", "Pairwise Alignment", "Pair-Align"),
    ("This paper analyzes potential reasons behind the issues, and designs improved reward learning algorithm "
     "termed 'Iterative Data Smoothing' (IDS).",
     "Iterative Data Smoothing", "IDS"),
    ("We further propose how to construct these _deletion-anticipative data selection_ ($\\texttt{DADS}$) "
     "maximization objectives.", "deletion-anticipative data selection", "DADS"),
])
def test_a_short_form_that_is_no_plain_acronym_joins_its_long_form(nlp, sentence: str, name: str, alias: str) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=sentence)], nlp)
    assert [(e.name, e.aliases) for e in ex.entities if e.proposed] == [(name, [alias])]


def test_a_name_split_by_a_spaced_dash_is_not_cut_to_its_first_part(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "In light of such revelation, we propose $S^{2} - SAM$, characterized by a single-step sharpness-aware "
        "minimization."))], nlp)
    assert "S2" not in {e.name for e in ex.entities if e.proposed}


def test_an_acronym_the_initials_do_not_spell_names_its_own_entity(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "Offline imitation learning (IL) is hard. We propose a principled offline-to-online IL method, named OLLIE, "
        "that learns a policy."))], nlp)
    assert [(e.name, e.aliases) for e in ex.entities if e.proposed] == [("OLLIE", [])]


def test_a_name_based_on_another_is_still_proposed(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "Furthermore, we propose PointSAM based on the Segment Anything Model for automated coarse labeling."))], nlp)
    assert [e.name for e in ex.entities if e.proposed] == ["PointSAM"]


@pytest.mark.parametrize(("sentence", "proposed"), [
    ("In this work, we propose a general Transformer-based SNN architecture, termed as ``Meta-SpikeFormer'', "
     "whose goals are lower power.", {"Meta-SpikeFormer"}),
    ("Offline imitation learning (IL) is hard. To overcome this challenge, we propose a principled "
     "offline-to-online IL method, named OLLIE, that learns a policy.", {"OLLIE"}),
    # a capitalized name is a name, not a description of the one after it
    ("We introduce an Outlier-Efficient Modern Hopfield Model (termed `OutEffHop`) to address outliers.",
     {"Outlier-Efficient Modern Hopfield Model", "OutEffHop"}),
])
def test_a_description_with_names_in_it_is_no_proposal_beside_the_name_it_gets(nlp, sentence: str, proposed: set) -> None:
    assert _proposed_names(nlp, sentence) == proposed


def test_named_variants_of_a_proposed_name_are_proposed(nlp) -> None:
    assert {"SPGM", "SPGM-IHT", "SPGM-BCD"} == _proposed_names(nlp, (
        "We propose SPGM, a smoothing method. Two specific variants of SPGM are explored: one based on Iterative "
        "Hard Thresholding (SPGM-IHT) and the other on Block Coordinate Decomposition (SPGM-BCD). It beats "
        "SGD-M and SPGMIL."))


@pytest.mark.parametrize(("sentence", "tasks"), [
    ("We analyse the heterogeneous data generation on local clients for image classification.", ["image classification"]),
    ("Our mathematical understanding of attention is limited, unlike for molecule generation.", ["molecule generation"]),
])
def test_an_activity_described_after_an_article_or_before_of_is_no_task(nlp, sentence: str, tasks: list) -> None:
    doc = nlp(sentence)
    assert [e.text for e in doc.ents if e.label_ == "TASK"] == tasks


def test_a_camel_cased_name_keeps_its_hyphenated_first_word(nlp) -> None:
    doc = nlp("We propose S2-SAM, characterized by a Single-step Sharpness_Aware Minimization that suits sparse training.")
    assert ("Single-step Sharpness_Aware Minimization", "METHOD") in {(e.text, e.label_) for e in doc.ents}


def test_a_technique_word_before_of_names_an_act_not_a_method(nlp) -> None:
    doc = nlp("By reinterpreting temperature scaling as a power transform of probability distribution, we show that "
              "an implicit regularization of deep residual networks holds.")
    assert {e.text for e in doc.ents if e.label_ == "METHOD"} == {"temperature scaling", "deep residual networks"}


def test_a_phrase_before_performance_or_settings_is_no_task(nlp) -> None:
    doc = nlp("Our system encodes videos at a given bitrate while enhancing the rate-distortion performance. Their "
              "performance in multi-label and data-rich retrieval settings remains under-explored.")
    assert not [e.text for e in doc.ents if e.label_ == "TASK"]


def test_generic_and_object_heads_make_no_technique(nlp) -> None:
    doc = nlp("We propose a generative framework with convolutional kernels and forward message propagation, "
              "using adversarial training techniques on optical flow fields. Unlike LoRA fine-tuning, it needs "
              "no data normalization or label encoding.")
    assert not [e.text for e in doc.ents if e.label_ == "METHOD" and "technique" in e.id_]


def test_loose_task_words_alone_make_no_task(nlp) -> None:
    doc = nlp("We incorporate a mapping mechanism, facilitating effective knowledge transfer and history compression "
              "for image classification.")
    assert [e.text for e in doc.ents if e.label_ == "TASK"] == ["image classification"]


@pytest.mark.parametrize(("sentence", "label", "name"), [
    ("We call the new method TPL (Task-id Prediction based on Likelihood Ratio).", "METHOD", "TPL"),
    ("Therefore, we analyze yet another AF called a probability of improvement from the maximum of a sample path "
     "(PIMS).", "METHOD", "probability of improvement from the maximum of a sample path"),
    ("We compile a large collection of public time series, called the Time series Pile. Pre-training on the Time "
     "Series Pile helps.", "DATASET", "Time Series Pile"),
    ("To address the issue, we propose Best-fit Packing, a scalable and efficient method.", "METHOD", "Best-fit Packing"),
])
def test_names_given_by_calling_keep_their_whole_name(nlp, sentence: str, label: str, name: str) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=sentence)], nlp)
    assert [(e.label, e.name) for e in ex.entities if e.proposed] == [(label, name)]


def test_a_task_named_after_a_comma_is_a_task_not_a_proposal(nlp) -> None:
    # the parser hangs "termed" on the name itself, which is coordinated with "task"
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "We introduce a novel task within the field of human motion generation, termed dance accompaniment, "
        "which necessitates the generation of responsive movements."))], nlp)
    assert [(e.label, e.proposed) for e in ex.entities if e.name == "dance accompaniment"] == [("TASK", False)]


def test_task_words_coordinated_with_a_task_are_tasks(nlp) -> None:
    doc = nlp("Our model excels at summarization, translation and image captioning tasks. It gains on "
              "classification, semantic segmentation, and instruction tuning, and on summarization and robustness.")
    tasks = {e.text for e in doc.ents if e.label_ == "TASK"}
    assert {"translation", "classification"} <= tasks and "robustness" not in tasks


def test_data_words_do_not_make_training_a_task(nlp) -> None:
    doc = nlp("We train on pre-existing datasets and a pretraining dataset, then test on public object detection datasets.")
    assert {e.text for e in doc.ents if e.label_ == "TASK"} == {"object detection"}


def test_benchmark_scenarios_and_possessives_inside_names(nlp) -> None:
    doc = nlp("It performs best in benchmark scenarios such as the Iterated Prisoner's Dilemma and the Coin Game, "
              "unlike OpenAI's GPT-4.")
    found = {(e.text, e.label_) for e in doc.ents}
    assert {("Iterated Prisoner's Dilemma", "DATASET"), ("Coin Game", "DATASET"), ("GPT-4", "METHOD")} <= found


def test_a_problem_class_used_via_is_a_technique(nlp) -> None:
    doc = nlp("We bound the gap via convex optimization. Convex optimization is well studied.")
    assert [(e.text, e.label_) for e in doc.ents] == [("convex optimization", "METHOD"), ("Convex optimization", "TASK")]


def test_known_names_match_with_a_hyphen_or_a_space(nlp) -> None:
    doc = nlp("We re-weight edges in the message-passing and study image-captioning.")
    assert {(e.text, e.label_) for e in doc.ents} == {("message-passing", "METHOD"), ("image-captioning", "TASK")}


@pytest.mark.parametrize(("sentence", "proposed"), [
    ("Additionally, we introduce a Domain-wise Active Acquisition framework.", {"Domain-wise Active Acquisition"}),
    ("Both proprietary models and our fine-tuned model SWE-Llama resolve only simple issues.", {"SWE-Llama"}),
    ("We introduce a Plug-and-Play framework. Then we fine-tune our Llama-7B on the data.", set()),
])
def test_capitalized_names_before_a_generic_head_and_partly_known_names(nlp, sentence: str, proposed: set) -> None:
    assert _proposed_names(nlp, sentence) == proposed


@pytest.mark.parametrize(("sentence", "tasks"), [
    ("Collaborative tasks: we study two collaborative tasks, Social Navigation and Social Rearrangement.",
     {"Social Navigation", "Social Rearrangement"}),
    ("We evaluate LLM-based agents on data analysis tasks.", {"data analysis"}),
    ("Applied to many tasks (including reading comprehension, mathematical problem-solving), it works.",
     {"reading comprehension", "mathematical problem-solving"}),
])
def test_counted_and_parenthesized_task_lists(nlp, sentence: str, tasks: set[str]) -> None:
    assert {e.text for e in nlp(sentence).ents if e.label_ == "TASK"} == tasks


def test_a_known_technique_is_no_task_for_its_last_word(nlp) -> None:
    doc = nlp("It is a hierarchical approach based on online Monte Carlo tree search.")
    assert [(e.text, e.label_) for e in doc.ents] == [("Monte Carlo tree search", "METHOD")]


def test_complexity_classes_and_molecules_are_no_methods(nlp) -> None:
    doc = nlp("Computing a best response is PPAD-Hard and NP-complete; outputs adhere to the constraints of RNAs.")
    assert not [e.text for e in doc.ents if e.label_ == "METHOD"]


def test_an_acronym_stands_for_the_long_form_the_paper_gives_it(nlp) -> None:
    """The gazetteer knows TTS as text-to-speech; here it is the zero-shot task, one entity, not two."""
    abstract = ("Language models now drive zero-shot Text-to-Speech (TTS) synthesis. "
                "We study TTS with neural audio codecs.")
    (ex,) = resolve(list(extract_papers([Paper(id="p", abstract=abstract)], nlp)))
    tts = [e for e in ex.entities if "TTS" in (e.name, *e.aliases)]
    assert len(tts) == 1 and tts[0].name == "zero-shot Text-to-Speech"
    assert tts[0].key == "task:zero-shot text-to-speech" and len(tts[0].mentions) == 3


def test_datasets_of_every_area_are_known(nlp) -> None:
    abstract = ("We evaluate composed image retrieval on FashionIQ and Fashion200k, sign language translation "
                "on RWTH-PHOENIX-Weather 2014T, and memory in RL on POPGym and Memory Maze.")
    (ex,) = extract_papers([Paper(id="p", abstract=abstract)], nlp)
    datasets = {e.name for e in ex.entities if e.label == "DATASET"}
    assert {"FashionIQ", "Fashion200k", "RWTH-PHOENIX-Weather 2014T", "POPGym", "Memory Maze"} <= datasets


def test_an_acronym_of_a_known_name_takes_the_whole_name(nlp) -> None:
    """Schwartz-Hearst's shortest long form for FT is "fine-tuning"; the paper means full fine-tuning."""
    abstract = "There is a gap between LoRA and full fine-tuning (FT). We close the gap to FT."
    (ex,) = extract_papers([Paper(id="p", abstract=abstract)], nlp)
    ft = [e for e in ex.entities if "FT" in (e.name, *e.aliases)]
    assert len(ft) == 1 and ft[0].name == "full fine-tuning" and len(ft[0].mentions) == 3


def test_a_capitalized_long_form_is_not_widened_into_a_lower_case_task(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract="Post-training quantization of Large Language Models (LLMs) is "
                                  "challenging.")], nlp)
    assert not [e for e in ex.entities if "LLMs" in e.aliases and e.label == "TASK"]


def test_a_dataset_the_text_calls_new_is_proposed(nlp) -> None:
    abstract = ("We evaluate on ImageNet and on complex drawings (a newly created Animeline-art dataset). "
                "It also generalizes to new environments in FooWorld-3.")
    (ex,) = extract_papers([Paper(id="p", abstract=abstract)], nlp)
    proposed = {e.name for e in ex.entities if e.proposed}
    assert proposed == {"Animeline-art"}


@pytest.mark.parametrize(("abstract", "proposed"), [
    ("The low-rank structure is baked into training through LoD, a low-rank ordered decomposition.", {"LoD"}),
    ("We compare with ProtoNet, a popular baseline, and show gains on UNIMAL, a benchmark of robots.", set()),
    ("We present DeDer, a framework for decomposing and distilling embodied reasoning.", {"DeDer"}),
    ("We present DeDer.", {"DeDer"}),  # "present" tagged as an adjective, the root of its sentence
    ("We make a step towards such foundation models and present ULTRA, an approach for learning graph representations.",
     {"ULTRA"}),  # "present" tagged as the adjective of ULTRA
    ("By integrating two modules, we develop [CoIC](https://github.com/x/CoIC), an innovative algorithm. "
     "Code is available at [ZIP Lab](https://github.com/ziplab/QLLM) and in our [Project Page](https://x.io/).",
     {"CoIC"}),  # a link's text is named by the link, unless a propose verb names it
    ("The backbone of our tools is a new measure of discrepancy between the true conditional distribution and the "
     "model's estimate, called the Augmented Conditional Maximum Mean Discrepancy (ACMMD).",
     {"Augmented Conditional Maximum Mean Discrepancy"}),
    ("We propose both theoretical analysis and experimental evaluation to back these claims.", set()),
    ("We propose a Monte Carlo sampler from the reverse diffusion process.", set()),  # a known technique, used
])
def test_a_coined_name_described_where_it_first_appears_is_proposed(nlp, abstract: str, proposed: set) -> None:
    assert _proposed_names(nlp, abstract) == proposed


def test_present_as_the_last_word_after_and_is_no_cue(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract="We study methods past and present")], nlp)
    assert not [e for e in ex.entities if e.proposed]


def test_a_capitalized_common_noun_cut_from_a_longer_name_is_no_name(nlp) -> None:
    cut, said_again = extract_papers([
        Paper(id="p", abstract="In response to this challenge, we introduce ARGS, Alignment as Reward-Guided Search, "
                               "a novel framework that integrates alignment into the decoding process."),
        Paper(id="q", abstract="We introduce Reprompting, an iterative sampling algorithm. Reprompting outperforms CoT.")],
        nlp)
    assert "ARGS" in {e.name for e in cut.entities if e.proposed}
    assert "Alignment" not in {e.name for e in cut.entities}
    assert "Reprompting" in {e.name for e in said_again.entities if e.proposed}


def test_a_slashed_range_of_known_names_is_each_of_them(nlp) -> None:
    abstract = "We train on CIFAR-10/100 and NAS-Bench-101/201/301, half (1/2) of it in 2021/2022."
    (ex,) = resolve(list(extract_papers([Paper(id="p", abstract=abstract)], nlp)))
    found = {e.name: e for e in ex.entities}
    assert {"CIFAR-10", "CIFAR-100", "NAS-Bench-101", "NAS-Bench-201", "NAS-Bench-301"} <= set(found)
    (hundred,) = found["CIFAR-100"].mentions
    assert hundred.text == "100" and abstract[hundred.start : hundred.end] == "100"
    assert "100" not in found["CIFAR-100"].aliases  # a bare number is no alias
    assert "CIFAR-10/100" in found["CIFAR-100"].aliases and "NAS-Bench-101/201/301" in found["NAS-Bench-301"].aliases
    assert [t.text for t in nlp.make_doc("1/2 in 2021/2022")] == ["1/2", "in", "2021/2022"]


@pytest.mark.parametrize(("abstract", "name", "alias", "label"), [
    # a long form the text puts after its acronym, longer than three words, or closed by "):"
    ("We introduce SAFLEX (Self-Adaptive Augmentation via Feature Label EXtrapolation), which learns weights.",
     "Self-Adaptive Augmentation via Feature Label EXtrapolation", "SAFLEX", "METHOD"),
    ("We introduce $\\textbf{ITIT}$ ($\\textbf{I}$n$\\textbf{T}$egrating $\\textbf{I}$mage $\\textbf{T}$ext): "
     "an innovative training paradigm.", "InTegrating Image Text", "ITIT", "METHOD"),
    # the acronym is proposed as a benchmark, its long form reads like a method: still one entity
    ("We present WAVES (Watermark Analysis via Enhanced Stress-testing), a benchmark for assessing image "
     "watermark robustness.", "Watermark Analysis via Enhanced Stress-testing", "WAVES", "DATASET"),
])
def test_an_acronym_and_its_long_form_are_one_proposed_entity(nlp, abstract: str, name: str, alias: str,
                                                               label: str) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=abstract)], nlp)
    (proposed,) = [e for e in ex.entities if e.proposed]
    assert (proposed.name, proposed.aliases, proposed.label) == (name, [alias], label)


@pytest.mark.parametrize(("abstract", "name"), [
    ("We introduce *PnP Inversion,* which disentangles the branches.", "PnP Inversion"),
    ("To bridge this gap, we introduce FLEXGEN-EHR\u2013 a versatile diffusion model.", "FLEXGEN-EHR"),
])
def test_a_name_does_not_keep_the_punctuation_after_it(nlp, abstract: str, name: str) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=abstract)], nlp)
    (proposed,) = [e for e in ex.entities if e.proposed]
    assert proposed.name == name
    (mention,) = proposed.mentions
    assert abstract[mention.start : mention.end] == mention.text == name


@pytest.mark.parametrize(("sentence", "name", "alias"), [
    ("RL-CFR utilizes counterfactual regret minimization (CFR) for strategy derivation.",
     "counterfactual regret minimization", "CFR"),
    ("It further adjusts variational expectation maximization (V-EM) to reduce the search space.",
     "variational expectation maximization", "V-EM"),
    ("Our method builds on learning energy decompositions for GFlowNets (LED-GFN) to assign credit.",
     "learning energy decompositions for GFlowNets", "LED-GFN"),  # the head before its qualification
])
def test_a_lower_case_long_form_with_a_technique_head_is_a_method(nlp, sentence: str, name: str, alias: str) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=sentence)], nlp)
    assert any(e.label == "METHOD" and e.name == name and e.aliases == [alias] for e in ex.entities)


def test_every_later_use_of_a_found_name_is_a_mention_of_it(nlp) -> None:
    abstract = ("We propose Motif, a novel method for image classification. Motif outperforms ViT and Vision Motif "
                "variants. Motif-2 is larger (code: https://github.com/x/Motif). Unlike Motif's rivals, "
                "\\textbf{Motif} is fast, and **Motif** too.")
    (ex,) = extract_papers([Paper(id="p", abstract=abstract)], nlp)
    (motif,) = [e for e in ex.entities if e.name == "Motif"]
    assert [(abstract[m.start : m.end], m.rule) for m in motif.mentions] == [
        ("Motif", "propose"), ("Motif", "repeat"), ("Motif", "repeat"), ("Motif", "repeat"), ("Motif", "repeat")]
    assert [m.start for m in motif.mentions] == [
        11, abstract.index("Motif out"), abstract.index("Motif's"), abstract.index("{Motif}") + 1,
        abstract.index("**Motif**") + 2]
    assert motif.mentions[-2].sentence == "Unlike Motif's rivals, \\textbf{Motif} is fast, and **Motif** too."


def test_an_acronyms_plural_is_a_mention_of_it(nlp) -> None:
    abstract = ("Our variational Bayesian last layer (VBLL) is cheap. We investigate VBLLs, and combine VBLL layers "
                "with VBLLNet.")
    (ex,) = extract_papers([Paper(id="p", abstract=abstract)], nlp)
    (vbll,) = [e for e in ex.entities if "VBLL" in (e.name, *e.aliases)]
    assert [m.text for m in vbll.mentions if m.rule == "repeat"] == ["VBLLs", "VBLL"]


def test_the_noun_after_an_acronym_types_an_unknown_long_form(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "We study node classification on the Contextual Stochastic Block Model (CSBM) dataset, and a Federated "
        "Reinforcement Learning (FRL) problem, with a Low-Rank Adaptation (LoRA) benchmark."))], nlp)
    labels = {e.name: e.label for e in ex.entities}
    assert labels["Contextual Stochastic Block Model"] == "DATASET"
    assert labels["Federated Reinforcement Learning"] == "TASK"
    assert labels["Low-Rank Adaptation"] == "METHOD"  # a known method stays one


def test_a_data_noun_after_a_quoted_name_types_it(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        'Prior work trains on the "HyPoradise" dataset and the *Quokka* corpus.'))], nlp)
    assert {e.name: e.label for e in ex.entities} == {"HyPoradise": "DATASET", "Quokka": "DATASET"}


def test_what_a_model_is_trained_on_is_data(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "We introduce OWL, a language model fine-tuned on our constructed Owl-Instruct with IT questions. Students "
        "trained on FooNet outputs are weaker."))], nlp)
    labels = {e.name: e.label for e in ex.entities}
    assert labels["Owl-Instruct"] == "DATASET"
    assert labels.get("FooNet", "METHOD") == "METHOD"  # what made the data, not the data


def test_a_name_that_holds_tasks_or_games_is_data(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "RECODE sets a new state of the art on challenging 3D-exploration tasks in DM-Hard-8 and on games from "
        "QuokkaSuite-57."))], nlp)
    labels = {e.name: e.label for e in ex.entities}
    assert labels["DM-Hard-8"] == labels["QuokkaSuite-57"] == "DATASET"


def test_a_recently_proposed_name_is_used_not_proposed(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract=(
        "We show that the recently proposed uncertainty aware (UA) ranking functions are stable. Unlike previously "
        "proposed FooNet, the proposed BazNet is fast. The latest work proposes QuxNet."))], nlp)
    proposed = {e.name: e.proposed for e in ex.entities}
    assert proposed == {"uncertainty aware": False, "FooNet": False, "BazNet": True, "QuxNet": False}


def test_a_count_as_the_last_words_of_an_abstract_is_no_list(nlp) -> None:
    (ex,) = extract_papers([Paper(id="p", abstract="Transformers consisting of one self-attention layer with two feed-forward")],
                           nlp)
    assert not [e for e in ex.entities if e.proposed]


#: Words that open a rule's look to the right: counts, proposing and naming verbs, list cues, problem nouns.
_CUES = frozenset("two three four present propose introduce called named namely termed such including problem problems "
                  "tasks our".split())


def test_an_abstract_cut_right_after_any_rule_cue_extracts(nlp) -> None:
    """Lists of papers hold truncated abstracts: a rule that looks past its cue must stop at the doc's end
    (an IndexError here is a crash of the whole extraction)."""
    gold = load_gold(Path(__file__).parent / "data" / "gold" / "seeds.jsonl")
    cut = [" ".join(words[: i + 1]) for g in gold for words in [g.text.split(" ")]
           for i, word in enumerate(words) if word.lower() in _CUES]
    extractions = list(extract_papers([Paper(id=f"cut{i}", abstract=text) for i, text in enumerate(cut)], nlp))
    assert len(cut) > 100 and len(extractions) == len(cut)


@Language.component("paperkg_test_fails_on_boom")
def _fails_on_boom(doc: Doc) -> Doc:
    if doc.text.startswith("Boom"):
        raise RuntimeError("boom")
    return doc


def test_a_pipe_that_fails_says_on_which_abstract() -> None:
    nlp = load_pipeline(Settings())
    nlp.add_pipe("paperkg_test_fails_on_boom")
    with pytest.raises(RuntimeError) as failed:
        list(extract_papers([Paper(id="a", abstract="We study X."), Paper(id="b", abstract="Boom, said the parser.")], nlp))
    assert any("'Boom, said the parser.'" in note for note in failed.value.__notes__)


def test_extraction_that_fails_says_on_which_paper_and_line(nlp, monkeypatch) -> None:
    real = extract_module.doc_to_extraction

    def fails_on_b(paper, cleaned, doc):
        if paper.id == "b":
            raise ValueError("bug")
        return real(paper, cleaned, doc)

    monkeypatch.setattr(extract_module, "doc_to_extraction", fails_on_b)
    papers = [Paper(id="a", abstract="We study X.", source="list.jsonl", line=1),
              Paper(id="b", abstract="We study Y.", source="list.jsonl", line=2)]
    with pytest.raises(ValueError) as failed:
        list(extract_papers(papers, nlp))
    assert any("'b' (list.jsonl:2)" in note for note in failed.value.__notes__)


@pytest.mark.parametrize(("abstract", "proposed"), [
    ("We propose a novel triplane-based 3D-aware diffusion model with transformer, DiffTF, for handling challenges.",
     {"DiffTF"}),
    ("We introduce a transformer with discrete bottlenecks, TDB, whose latent codes learn a compressed representation.",
     {"TDB"}),
    ("We evaluate our proposed method on the CATH, TS50, TS500, and PDB datasets.", set()),  # tried there, not named
])
def test_a_name_set_off_after_the_proposed_things_phrase_names_it(nlp, abstract: str, proposed: set) -> None:
    assert _proposed_names(nlp, abstract) == proposed


def test_a_proposed_name_with_a_lower_case_prefix_is_a_variant_of_it(nlp) -> None:
    assert {"FedLMT", "pFedLMT"} == _proposed_names(nlp, (
        "We propose FedLMT, a federated learning method with low-rank models. To meet clients' personalized needs, "
        "we extend FedLMT to pFedLMT, by separating model parameters into common and custom ones."))
