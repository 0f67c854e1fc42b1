"""pnpgen's own exceptions. Library code raises these; only the CLI turns them into exit codes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


class PnpError(Exception):
    """Base of every error pnpgen reports to a user (exit code 2 unless stated)."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the user's input, located as precisely as we can."""

    path: str
    line: int | None
    column: int | None
    key: str
    message: str

    def __str__(self) -> str:
        where = self.path
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        key = f" {self.key}:" if self.key else ""
        return f"{where}:{key} {self.message}"


def shown_value(value: Any, limit: int = 60) -> str:
    """A value the user wrote, for a problem's message: its repr, shortened."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


class ManifestError(PnpError):
    """The manifest (or a file it names) is invalid; carries every problem found, not just the first."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]):
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class TemplateError(PnpError):
    """A template is missing, malformed, or produced SVG that cannot be drawn."""


class LayoutError(PnpError):
    """Something cannot be laid out: a piece too big for any sheet, text that cannot fit its box."""


class UnsafeResourceError(PnpError):
    """Art or a template tried to read outside the kit and templates folders, or the network."""


class RulebookError(PnpError):
    """The rulebook file cannot be read or a rule link is malformed."""


class UsageError(PnpError):
    """The command line was used wrongly (bad option value)."""
