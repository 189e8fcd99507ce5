"""The one fixed graph schema shared by networkx, GraphML and Neo4j.

Labels and relationship types in Cypher come only from here, never from user input.
"""

from __future__ import annotations

from typing import Final, Literal

PAPER: Final = "Paper"
AUTHOR: Final = "Author"
METHOD: Final = "Method"
TASK: Final = "Task"
DATASET: Final = "Dataset"
AREA: Final = "Area"
VENUE: Final = "Venue"

NODE_LABELS: Final = (PAPER, AUTHOR, METHOD, TASK, DATASET, AREA, VENUE)

EntityLabel = Literal["METHOD", "TASK", "DATASET"]
ENTITY_LABELS: Final[tuple[EntityLabel, ...]] = ("METHOD", "TASK", "DATASET")
#: Extraction label (spec) -> node label (graph).
NODE_LABEL_OF: Final[dict[str, str]] = {"METHOD": METHOD, "TASK": TASK, "DATASET": DATASET}

AUTHORED: Final = "AUTHORED"
PROPOSES: Final = "PROPOSES"
USES_METHOD: Final = "USES_METHOD"
USES_DATASET: Final = "USES_DATASET"
ADDRESSES: Final = "ADDRESSES"
IN_AREA: Final = "IN_AREA"
SUBAREA_OF: Final = "SUBAREA_OF"
PUBLISHED_AT: Final = "PUBLISHED_AT"

#: Relationship type -> (allowed start labels, allowed end labels).
RELATIONSHIPS: Final[dict[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    AUTHORED: ((AUTHOR,), (PAPER,)),
    PROPOSES: ((PAPER,), (METHOD, DATASET)),
    USES_METHOD: ((PAPER,), (METHOD,)),
    USES_DATASET: ((PAPER,), (DATASET,)),
    ADDRESSES: ((PAPER,), (TASK,)),
    IN_AREA: ((PAPER,), (AREA,)),
    SUBAREA_OF: ((AREA,), (AREA,)),
    PUBLISHED_AT: ((PAPER,), (VENUE,)),
}
RELATIONSHIP_TYPES: Final = tuple(RELATIONSHIPS)

#: Relationship a paper has to an entity it uses; an entity it proposes gets PROPOSES instead.
MENTION_RELATIONSHIP: Final[dict[str, str]] = {
    "METHOD": USES_METHOD,
    "TASK": ADDRESSES,
    "DATASET": USES_DATASET,
}
