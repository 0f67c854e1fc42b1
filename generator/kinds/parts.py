"""What a kind's module hands the stages, as its `PARTS`: how a component of the kind is read and built. The kind
table (generator/kinds/registry.py) loads a kind's module, and with it its parts, the first time a kit uses it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping

from generator.kinds import plain

if TYPE_CHECKING:
    from generator.manifest.spec import ComponentSpec, KitSpec
    from generator.pieces import Piece

KeyPath = tuple[Any, ...]
Builder = Callable[["KitSpec", "ComponentSpec", int], Iterator["Piece"]]
KeyProblem = tuple[KeyPath, str]  # (key path from the component, message)
Checker = Callable[[dict[str, Any], dict[str, Any]], Iterable[KeyProblem]]
# (its block or None, the raw component, the kit palette) -> (frozen options in points or None, problems)
Parser = Callable[[Any, Mapping[str, Any], Mapping[str, str]], tuple[Any, list[KeyProblem]]]


@dataclass(frozen=True)
class KindParts:
    """A kind's builder, the check and the parser of its option block, the frozen options the parser returns, and
    its block's JSON Schema when the module carries it."""

    build: Builder = plain.simple_pieces
    check: Checker | None = None    # (blocks, raw component) -> its blocks' problems, found before `parse` runs
    parse: Parser | None = None     # reads its block once, at load, into frozen options (points) or problems
    options: type | None = None     # the frozen dataclass `parse` returns, which its builder gets
    schema: Mapping[str, Any] | None = None  # its block's JSON Schema, when not written in kit.schema.json


PLAIN = KindParts()  # pieces of the size and templates their component gives
