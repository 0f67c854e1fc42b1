"""The command line's option types (choices, back offsets, player counts) and the coercion of their values
without pydantic: typer 0.29 turns every option's text into its value through a pydantic TypeAdapter, and
importing pydantic costs about as much as the rest of pnpgen's start-up. pnpgen's options are text, whole
numbers (some with a range), paths, lists of them, or come with their own parser; `use_plain_coercion()`
coerces those as typer would, and leaves anything else to typer.
"""

from __future__ import annotations

import re
import types
import typing
from enum import Enum
from pathlib import Path
from typing import Any

import typer
import typer.core
from typer._click.exceptions import BadParameter
from typer._coercion import RuntimeParam

from generator.paths import DATA_DIR

_original = typer.core._TyperParameter.get_runtime_param


class PlainParam(RuntimeParam):
    """One parameter's coercion: `convert(text)` per value (a tuple of them for a repeated option)."""

    def __init__(self, parameter_info, annotation, convert, many: bool):
        object.__setattr__(self, "parameter_info", parameter_info)
        object.__setattr__(self, "annotation", annotation)
        object.__setattr__(self, "convert", convert)
        object.__setattr__(self, "many", many)

    def _coerce_value(self, value: Any, param, ctx) -> Any:
        try:
            if self.many:
                return [self.convert(item) for item in (value if isinstance(value, (list, tuple)) else [value])]
            return self.convert(value)
        except ValueError as error:
            raise BadParameter(str(error), ctx=ctx, param=param) from None


def _leaf(annotation: Any, info) -> Any:
    """How to turn one text into `annotation`'s value, or None where typer's own way is needed."""
    if info.parser is not None:
        return info.parser
    if annotation is str:
        return lambda value: value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)
    if annotation is Path and info.path_type is None and not (info.exists or info.resolve_path or info.allow_dash):
        return lambda value: value if isinstance(value, Path) else Path(value)
    if annotation in (int, float) and not info.clamp:
        return _number(annotation, info.min, info.max)
    if annotation is bool:
        return _flag
    return None


_TRUE, _FALSE = {"1", "on", "t", "true", "y", "yes"}, {"", "0", "off", "f", "false", "n", "no"}


def _flag(value: Any) -> bool:
    """A flag's value: a bool, or a word pydantic would read as one (from an environment variable)."""
    if isinstance(value, bool):
        return value
    word = str(value).strip().lower()
    if word in _TRUE or word in _FALSE:
        return word in _TRUE
    raise ValueError(f"{value!r} is not true or false")


def _number(kind: type, low: float | None, high: float | None):
    word = "a whole number" if kind is int else "a number"

    def convert(value: Any) -> Any:
        try:
            number = kind(value.strip() if isinstance(value, str) else value)
        except (TypeError, ValueError):
            raise ValueError(f"{value!r} is not {word}") from None
        if low is not None and number < low:
            raise ValueError(f"{number} is too small: the least is {low}")
        if high is not None and number > high:
            raise ValueError(f"{number} is too large: the most is {high}")
        return number

    return convert


def _without_none(annotation: Any) -> Any:
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        rest = [arg for arg in typing.get_args(annotation) if arg is not type(None)]
        if len(rest) == 1:
            return rest[0]
    return annotation


def plain_runtime_param(descriptor) -> RuntimeParam | None:
    """The plain coercion for a typer TypeDescriptor, or None when typer's own is needed."""
    if descriptor.file_annotation is not None:
        return None
    annotation = _without_none(descriptor.annotation)
    many = typing.get_origin(annotation) is list
    if many:
        (annotation,) = typing.get_args(annotation)
    convert = _leaf(_without_none(annotation), descriptor.parameter_info)
    return None if convert is None else PlainParam(descriptor.parameter_info, annotation, convert, many)


def _get_runtime_param(self) -> RuntimeParam:
    if self._runtime_param is None:
        self._runtime_param = plain_runtime_param(self.type_descriptor) or _original(self)
    return self._runtime_param


def use_plain_coercion() -> None:
    """Coerce typer's parameters here (once per process; typer's own way for anything not handled)."""
    typer.core._TyperParameter.get_runtime_param = _get_runtime_param


# The options' types and parsers (generator/cli.py declares the options).


class Choice(str, Enum):
    """An option's choices: `--help` lists them and shell completion offers them."""

    def __str__(self) -> str:
        return self.value


def _paper_names() -> list[str]:
    """The papers generator/data/papers.yaml defines, read without a YAML parser: `--help` stays fast."""
    return re.findall(r"^([A-Za-z0-9_-]+):", (DATA_DIR / "papers.yaml").read_text(encoding="utf-8"), re.MULTILINE)


Paper = Choice("Paper", [(name, name) for name in _paper_names()], module=__name__)


class Duplex(Choice):
    LONG_EDGE = "long-edge"
    SHORT_EDGE = "short-edge"


class Layout(Choice):
    HOME = "home"
    GUTTER_FOLD = "gutter-fold"
    PRINT_AND_CUT = "print-and-cut"


class Cutter(Choice):
    SILHOUETTE = "silhouette"
    CRICUT = "cricut"


class ReportFormat(Choice):
    TEXT = "text"
    JSON = "json"


class ReferenceFormat(Choice):
    SHEETS = "sheets"
    CARDS = "cards"


def choice_parser(kind: type[Choice], refusal: str):
    """A parser keeping pnpgen's own message for a value that is not one of `kind`'s (exit code 2): `refusal`
    with {value!r}, {choices} ('a4, letter, a3') and {either} ('text or json') filled in."""
    names = [choice.value for choice in kind]
    either = f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else names[0]

    def parse(value):
        if isinstance(value, kind):
            return value
        try:
            return kind(value)
        except ValueError:
            raise typer.BadParameter(refusal.format(value=value, choices=", ".join(names), either=either)) from None

    return parse


def choice_option(kind: type[Choice], flag: str, refusal: str, help: str):
    """The option `flag` taking one of `kind`'s values: `--help` shows them and shell completion offers them
    (the metavar and completer are spelled out: typer derives neither from an enum that has a parser)."""
    names = [choice.value for choice in kind]

    def complete(incomplete: str) -> list[str]:
        return [name for name in names if name.startswith(incomplete)]

    return typer.Option(flag, parser=choice_parser(kind, refusal), metavar=f"[{'|'.join(names)}]", autocompletion=complete,
                        help=help)


def parse_offset(text: str) -> tuple[float, float]:
    from generator.units import mm

    try:
        dx, dy = (float(part) for part in text.split(","))
    except ValueError:
        raise typer.BadParameter("write the back offset as X,Y in millimetres, e.g. 0.8,-0.4") from None
    if not (abs(dx) <= 20 and abs(dy) <= 20):  # also refuses nan
        raise typer.BadParameter("a back offset over 20 mm is not a printer misalignment; check the numbers")
    return mm(dx), mm(dy)


class Target(Choice):
    CUT = "cut"
    POD = "pod"
    TTS = "tts"
    PNG = "png"


def _service_names() -> list[str]:
    """The services generator/data/pod_services.yaml describes, read without a YAML parser (--help stays fast)."""
    text = (DATA_DIR / "pod_services.yaml").read_text(encoding="utf-8")
    return re.findall(r"^([a-z0-9_-]+):", text, re.MULTILINE)


Service = Choice("Service", [(name, name) for name in _service_names()], module=__name__)


def plain(choice: Choice | str | None) -> str | None:
    """The plain string of a choice (typer hands over the enum member or, for some versions, the string)."""
    return choice.value if isinstance(choice, Enum) else choice


def player_count(text: str) -> int:
    if not text.isdigit():
        raise typer.BadParameter("--players is a number or 'all'")
    return int(text)


class ScanFormat(Choice):
    TEXT = "text"
    JSON = "json"
    TREE = "tree"
