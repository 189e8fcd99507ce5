"""The project's exceptions: one root, so the CLI can turn any of them into a one-line message."""

from __future__ import annotations

from pathlib import Path


class PaperkgError(Exception):
    """Root of every error paperkg raises on purpose (a user mistake or an environment problem)."""


class InputError(PaperkgError):
    """Bad input data; names the file and line so the user can fix it."""

    def __init__(self, message: str, path: str | Path | None = None, line: int | None = None):
        self.reason = message
        self.path = str(path) if path is not None else None
        self.line = line
        where = ""
        if self.path is not None:
            where = f"{self.path}:{line}: " if line is not None else f"{self.path}: "
        super().__init__(f"{where}{message}")


class ConfigError(PaperkgError):
    """A setting is wrong or something paperkg needs is not installed."""


class StoreError(PaperkgError):
    """The graph database refused or could not be reached."""


class NotFoundError(PaperkgError):
    """A name asked for is not in the graph; carries close matches to suggest."""

    def __init__(self, message: str, suggestions: list[str] | None = None):
        self.suggestions = suggestions or []
        if self.suggestions:
            message = f"{message}; did you mean: {', '.join(self.suggestions)}?"
        super().__init__(message)
