"""docker-compose.yml is valid Compose and gives a healthy-checked Neo4j 5 with its data in a volume.

No Docker engine runs here, so this checks the file as `docker-compose config` resolves it
(v1.29 from Debian, or v2); whether the container really turns healthy is not tested.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
TO_JSON = "import json, sys, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)"


def run(args: list[str], env: dict[str, str], stdin: str | None = None) -> str:
    proc = subprocess.run(
        args, cwd=REPO, env=env, input=stdin, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, f"{args} failed ({proc.returncode}):\n{proc.stderr}"
    return proc.stdout


@pytest.fixture(scope="module")
def compose(require):
    exe = shutil.which("docker-compose")
    if exe is None:
        require("docker-compose is not installed (apt-get install -y docker-compose)")
    return exe


def resolved_config(exe: str, **env_overrides: str) -> dict:
    """The config as docker-compose resolves it, as a dict (interpolated, normalised)."""
    env = {k: v for k, v in os.environ.items() if k != "NEO4J_PASSWORD"} | env_overrides
    run([exe, "config", "-q"], env)
    if run([exe, "version", "--short"], env).strip().startswith("1."):
        # Compose v1 is Python with no --format; parse its YAML with the PyYAML it runs on.
        python = Path(exe).read_text(errors="replace").splitlines()[0].removeprefix("#!").split()
        return json.loads(run(python + ["-c", TO_JSON], env, stdin=run([exe, "config"], env)))
    return json.loads(run([exe, "config", "--format", "json"], env))


@pytest.fixture(scope="module")
def config(compose):
    return resolved_config(compose)


def test_neo4j_service(config):
    assert list(config["services"]) == ["neo4j"]
    neo4j = config["services"]["neo4j"]
    assert neo4j["image"] == "neo4j:5.26-community"
    ports = {(int(p["published"]), int(p["target"])) for p in neo4j["ports"]}
    assert ports == {(7474, 7474), (7687, 7687)}


def test_password_default_and_override(compose, config):
    default = config["services"]["neo4j"]["environment"]["NEO4J_AUTH"]
    assert default == "neo4j/paperkg-password"
    assert len(default.removeprefix("neo4j/")) >= 8  # Neo4j 5 refuses shorter passwords
    custom = resolved_config(compose, NEO4J_PASSWORD="s3cret-pass")
    assert custom["services"]["neo4j"]["environment"]["NEO4J_AUTH"] == "neo4j/s3cret-pass"


def test_data_in_named_volume(config):
    assert "neo4j-data" in config["volumes"]
    mounts = config["services"]["neo4j"]["volumes"]
    # v1 prints "source:target:mode", v2 prints {"source": ..., "target": ...}
    pairs = {
        (m["source"], m["target"]) if isinstance(m, dict) else tuple(m.split(":")[:2])
        for m in mounts
    }
    assert ("neo4j-data", "/data") in pairs


def test_healthcheck_waits_for_cypher(config):
    check = config["services"]["neo4j"]["healthcheck"]
    assert check["test"][0] == "CMD-SHELL"
    assert "cypher-shell" in check["test"][1] and "RETURN 1" in check["test"][1]
    assert {"interval", "timeout", "retries", "start_period"} <= check.keys()
    assert int(check["retries"]) >= 5


def test_services_and_volumes_listing(compose):
    env = dict(os.environ)
    assert run([compose, "config", "--services"], env).split() == ["neo4j"]
    assert run([compose, "config", "--volumes"], env).split() == ["neo4j-data"]
