"""Read what a rulebook says about its components: every count statement ("50 Peasant markers", "Each player
takes 5 tokens", "a 40-card deck"), with its structure (parts, per-player and per-colour products, conditions),
from .txt, .md, .html or .pdf. Stages: source (file to text) -> layout (normalised lines with a map back) ->
sections + lists + tables + prose (the grammar of count phrases) -> document (structure and findings).
Contract: every quote is a verbatim substring of line `line` of the text (1-based, split on "\n")."""

from .named_items import listed_items
from .output import format_statements_text, format_tree, reading_to_json, statements_to_json
from .scanner import file_reading, read_rulebook_document, scan_rulebook
from .source import RulebookSource, read_rulebook, read_rulebook_text, source_of_text
from .statement import CountStatement, Finding, Reading
from . import patterns

patterns.keep()  # every module's patterns are compiled: kept for the next run

__all__ = [
    "CountStatement",
    "Finding",
    "Reading",
    "RulebookSource",
    "file_reading",
    "format_statements_text",
    "format_tree",
    "listed_items",
    "read_rulebook",
    "read_rulebook_document",
    "read_rulebook_text",
    "reading_to_json",
    "scan_rulebook",
    "source_of_text",
    "statements_to_json",
]
