"""pydantic models for papers, extractions and graph records.

Every property value is a type Neo4j can store (str, int, float, bool or a list of one of them),
so the same records feed networkx, GraphML and Neo4j without conversion surprises.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .schema import NODE_LABELS, RELATIONSHIPS, EntityLabel

Scalar = str | int | float | bool
PropertyValue = Scalar | list[str] | list[int] | list[float]


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Paper(Model):
    """One paper as read from an input file; `source` and `line` say where it came from.

    A paper listed with only its title (metadata lists such as NeurIPS's) has an empty abstract: it still
    links to its authors, venue and area, and nothing is extracted from it."""

    id: str = Field(min_length=1)
    abstract: str = ""
    title: str | None = None
    authors: list[str] = []
    venue: str | None = None
    year: int | None = None
    area: str | None = None
    subarea: str | None = None
    source: str = ""
    line: int = 0


class Mention(Model):
    """A span of the abstract exactly as given: `abstract[start:end] == text`."""

    start: int = Field(ge=0)
    end: int = Field(ge=0)
    text: str
    sentence: str = ""
    rule: str = ""


class Entity(Model):
    """One METHOD, TASK or DATASET of one paper, with all the names the paper uses for it."""

    label: EntityLabel
    name: str
    aliases: list[str] = []
    proposed: bool = False
    mentions: list[Mention] = []
    key: str | None = None


class PaperExtraction(Model):
    """A paper's entities: one line of the spec's prediction file."""

    id: str
    entities: list[Entity] = []


class Node(Model):
    label: str
    key: str = Field(min_length=1)
    properties: dict[str, PropertyValue] = {}

    @model_validator(mode="after")
    def _known_label(self) -> Node:
        if self.label not in NODE_LABELS:
            raise ValueError(f"unknown node label {self.label!r}")
        return self


class Relationship(Model):
    type: str
    start_label: str
    start_key: str = Field(min_length=1)
    end_label: str
    end_key: str = Field(min_length=1)
    properties: dict[str, PropertyValue] = {}

    @model_validator(mode="after")
    def _fits_schema(self) -> Relationship:
        if self.type not in RELATIONSHIPS:
            raise ValueError(f"unknown relationship type {self.type!r}")
        starts, ends = RELATIONSHIPS[self.type]
        if self.start_label not in starts or self.end_label not in ends:
            raise ValueError(f"{self.start_label}-[:{self.type}]->{self.end_label} is not in the schema")
        return self


class GraphData(Model):
    """All nodes and relationships of a graph, nodes first: what every backend loads."""

    nodes: list[Node] = []
    relationships: list[Relationship] = []
