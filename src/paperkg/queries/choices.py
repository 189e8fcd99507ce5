"""Choices both backends share; the `.cypher` files spell the same values out literally.

Similarity weights are integers so the score is exact on both backends (no float rounding to agree on):
a shared method or dataset says more about two papers than a shared task, which is usually broad
("image classification"), so methods and datasets weigh 2 and tasks 1.

Paths leave out areas and venues: every paper of an area or a venue would be two steps from every
other, which says little about how two things are connected.
"""

from __future__ import annotations

from .. import schema as s

SIMILARITY_WEIGHTS = {s.METHOD: 2, s.DATASET: 2, s.TASK: 1}
PATH_TYPES = frozenset({s.AUTHORED, s.PROPOSES, s.USES_METHOD, s.USES_DATASET, s.ADDRESSES})
PATH_MAX_HOPS = 10
