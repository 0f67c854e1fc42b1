"""Find every component-count statement ("50xN Peasant markers", "Each player takes 5 tokens") in a rulebook.
Contract: CountStatements come in line order, each quote a verbatim substring of line `line` (1-based, split
on "\\n"); sizes, ages, dice, prices, turns, phases and page refs are never counts."""

from .named_items import listed_items
from .output import format_statements_text, statements_to_json
from .rulebook_text import read_rulebook_text
from .scanner import scan_rulebook
from .statement import CountStatement

__all__ = [
    "CountStatement",
    "format_statements_text",
    "listed_items",
    "read_rulebook_text",
    "scan_rulebook",
    "statements_to_json",
]
