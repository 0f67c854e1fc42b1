"""Resolve each component's `rule:` quotes and each waiver to the rulebook count statements they mean.

Contract: `resolve_links(spec, rulebook)` returns the Links (component, rule link, Statement) plus findings
for quotes that are missing, ambiguous or state no readable count, and the statements every waiver covers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Hashable

from generator.check.report import Finding
from generator.check.rulebook import Rulebook, Span
from generator.manifest.spec import ComponentSpec, KitSpec, Location, RuleLink, Waiver
from generator.rules.numbers import NUMBER_WORD_PATTERN, parse_count
from generator.rules.scan import CountStatement

_NUMBER_IN_QUOTE = re.compile(rf"\d+|\b{NUMBER_WORD_PATTERN}\b", re.I)
_LIST_MARKER = re.compile(r"^\s*[-–•*]\s+")
_UNTELLING_WORDS = {"a", "an", "the", "of", "and", "or", "with", "each", "player", "for", "to", "in", "on", "their"}


@dataclass(frozen=True)
class Statement:
    """A count statement as the checker compares it (from the scanner, or given by the link's `count:`)."""

    count: int
    multiplier: str | None
    colours: int | None
    qualifier: str
    component: str
    is_total: bool
    players: int | None
    quote: str
    line: int | None  # None when there is no rulebook to point into
    key: Hashable

    @property
    def where(self) -> str:
        return f"rulebook line {self.line}" if self.line is not None else "the manifest quote"

    @property
    def short_quote(self) -> str:
        quote = " ".join(_LIST_MARKER.sub("", self.quote).split())
        return quote if len(quote) <= 70 else quote[:67].rstrip() + "…"

    def describe(self) -> str:
        """'"50xN Peasant/Noble markers …" (50 per player)' — short enough for a message."""
        quote = self.short_quote
        amount = {"at_least": "at least ", "at_most": "at most "}.get(self.qualifier, "") + str(self.count)
        if self.multiplier == "per_player":
            amount += " per player"
        elif self.multiplier == "per_colour":
            amount += " per colour" + (f" × {self.colours} colours" if self.colours else "")
        if self.players is not None:
            amount += f" for {self.players} players"
        return f'"{quote}" ({amount})'


@dataclass(frozen=True)
class Link:
    component: ComponentSpec
    rule: RuleLink
    statement: Statement


@dataclass(frozen=True)
class Resolution:
    links: tuple[Link, ...]
    waived: dict[Hashable, Waiver]  # statement key -> the waiver covering it
    findings: tuple[Finding, ...]
    waivers_used: int


def manifest_line(location: Location) -> str:
    """file:line, the form every message uses."""
    return f"{location.path}:{location.line}" if location.line is not None else location.path


def from_scan(stmt: CountStatement, rulebook: Rulebook) -> Statement:
    line = None if rulebook.synthetic else stmt.line
    key = ("scan", stmt.line, stmt.quote, stmt.count, stmt.component, stmt.players)
    return Statement(stmt.count, stmt.multiplier, stmt.colours, stmt.qualifier, stmt.component, stmt.is_total,
                     stmt.players, stmt.quote, line, key)


def resolve_links(spec: KitSpec, rulebook: Rulebook) -> Resolution:
    waived, used, findings = _resolve_waivers(spec.waivers, rulebook)
    links: list[Link] = []
    for component in spec.components:
        for rule in component.rules:
            found, problems = _resolve(component, rule, rulebook, waived)
            links.extend(found)
            findings.extend(problems)
    return Resolution(tuple(links), waived, tuple(findings), used)


def _resolve(component: ComponentSpec, rule: RuleLink, rulebook: Rulebook,
             waived: dict[Hashable, Waiver]) -> tuple[list[Link], list[Finding]]:
    where = manifest_line(rule.location)
    spans = rulebook.find(rule.quote)
    if not spans:
        return [], [_dangling(component, rule, rulebook)]
    if rule.section and not rulebook.synthetic:
        spans, problem = _after_section(component, rule, rulebook, spans)
        if problem is not None:
            return [], [problem]
    # A short quote ("1 Mine") may occur in several places: the first one stating its number (and not
    # waived) is meant. With no statement stating it, the link's own count: goes where no other count is.
    viable = [(span, found) for span in spans if (found := _candidates(rule, rulebook.statements_in(span)))]
    unwaived = [(span, found) for span, found in viable if not all(from_scan(c, rulebook).key in waived for c in found)]
    bare = [span for span in spans if not rulebook.statements_in(span)] if rule.count is not None else []
    span, candidates = (unwaived or viable)[0] if viable else ((bare or spans)[0], [])
    notes: list[Finding] = []
    if len(unwaived) > 1 and not rulebook.synthetic and not rule.section:
        lines = ", ".join(str(rulebook.line_at(other[0])) for other, _ in unwaived)
        used = rulebook.line_at(span[0])
        notes.append(Finding("info", "ambiguous", f"{component.id}: the quote states its count on rulebook lines {lines}; "
                             f"using line {used} (add section: to choose)", component.id, where, used))
    chosen, problem = _choose(component, rule, rulebook, span, candidates)
    if problem is not None:
        return [], notes + [problem]
    return [Link(component, rule, statement) for statement in chosen], notes


def _after_section(component: ComponentSpec, rule: RuleLink, rulebook: Rulebook,
                   spans: list[Span]) -> tuple[list[Span], Finding | None]:
    where = manifest_line(rule.location)
    start = rulebook.section_start(rule.section or "")
    if start is None:
        return [], Finding("error", "dangling", f"{component.id}: section {rule.section!r} is not in {rulebook.label}",
                           component.id, where)
    after = [span for span in spans if span[0] >= start]
    if not after:
        return [], Finding("error", "dangling", f"{component.id}: the quote does not occur after section "
                           f"{rule.section!r} in {rulebook.label}", component.id, where, rulebook.line_at(start))
    return after, None


def _candidates(rule: RuleLink, overlapping: list[CountStatement]) -> list[CountStatement]:
    """Statements a link may mean: its table cell, its `count:`, else those stating a number the quote holds."""
    candidates = overlapping
    if rule.players is not None and any(c.players is not None for c in candidates):
        candidates = [c for c in candidates if c.players == rule.players]
    if rule.count is not None:
        return [c for c in candidates if c.count == rule.count]
    numbers = _numbers(rule.quote)
    return [c for c in candidates if c.count in numbers] if numbers else candidates


def _numbers(quote: str) -> set[int | None]:
    return {parse_count(m.group(0)) for m in _NUMBER_IN_QUOTE.finditer(quote)}


def _dangling(component: ComponentSpec, rule: RuleLink, rulebook: Rulebook) -> Finding:
    quote = " ".join(rule.quote.split())
    closest = rulebook.closest_line(rule.quote)
    hint = f"; the closest is rulebook line {closest[0]}: \"{closest[1][:80]}\"" if closest else ""
    return Finding("error", "dangling", f"{component.id}: the quote \"{quote}\" is not in {rulebook.label}{hint}",
                   component.id, manifest_line(rule.location), closest[0] if closest else None)


def _choose(component: ComponentSpec, rule: RuleLink, rulebook: Rulebook, span: Span,
            candidates: list[CountStatement]) -> tuple[list[Statement], Finding | None]:
    """The statement(s) a link means among its candidates, or the finding saying why there is none."""
    where, line = manifest_line(rule.location), None if rulebook.synthetic else rulebook.line_at(span[0])
    at = f"rulebook line {line}" if line is not None else "the quote"
    if not candidates:
        if rule.count is not None and not rulebook.statements_in(span):
            return [_given_count(component, rule, rulebook, span, line)], None
        return [], _no_candidate(component, rule, rulebook, span, line)
    cells = [c for c in candidates if c.players is not None]
    if cells and len(cells) == len(candidates) and len({c.line for c in cells}) == 1:
        return [from_scan(c, rulebook) for c in cells], None  # a table row: one cell per player count
    best = _best_matches(component, rule.quote, candidates)
    if rule.role == "count" and len({(c.count, c.multiplier, c.players) for c in best}) > 1:
        stated = "; ".join(f"{c.count} {c.component}" for c in best)
        return [], Finding("error", "ambiguous", f"{component.id}: the quote at {at} states several counts ({stated}); "
                           "quote less, or say which with count: N", component.id, where, line)
    return [from_scan(c, rulebook) for c in best], None


def _no_candidate(component: ComponentSpec, rule: RuleLink, rulebook: Rulebook, span: Span, line: int | None) -> Finding:
    where, at = manifest_line(rule.location), f"rulebook line {line}" if line is not None else "the quote"
    stated = ", ".join(str(c.count) for c in rulebook.statements_in(span))
    if rule.count is not None:
        return Finding("error", "count", f"{component.id}: count: {rule.count} is not a count {at} states "
                       f"(it states {stated})", component.id, where, line, None, rule.count)
    if rulebook.synthetic:
        return Finding("info", "note", f"{component.id}: the quote \"{' '.join(rule.quote.split())}\" alone "
                       "states no count pnpgen can read; not checked without the rulebook", component.id, where)
    if stated:
        return Finding("error", "count", f"{component.id}: the quote matches {at}, which states {stated}, none of them a "
                       "number in the quote; quote the count itself, or add count: N", component.id, where, line)
    return Finding("error", "count", f"{component.id}: {at} states no count pnpgen can read in the quote; "
                   "add count: N to the link", component.id, where, line)


def _given_count(component: ComponentSpec, rule: RuleLink, rulebook: Rulebook, span: Span, line: int | None) -> Statement:
    """The link's own `count:` for a quote the scanner reads no count in (the designer vouches for it)."""
    return Statement(rule.count, None, None, "exact", component.name, False, rule.players,
                     rulebook.excerpt(span), line, ("given", span, rule.count, rule.players))


def _best_matches(component: ComponentSpec, quote: str, candidates: list[CountStatement]) -> list[CountStatement]:
    """The candidates whose counted noun shares most words with the quote (first) and the component."""
    quote_words = _words(quote)
    component_words = _words(component.id.replace("_", " ") + " " + component.name)

    def score(stmt: CountStatement) -> int:
        words = _words(stmt.component)
        return 2 * len(words & quote_words) + len(words & component_words)

    top = max(score(c) for c in candidates)
    return [c for c in candidates if score(c) == top]


def _words(text: str) -> set[str]:
    words = set()
    for word in re.findall(r"[a-z0-9]+", text.lower()):
        if word not in _UNTELLING_WORDS:
            words.add(word[:-1] if len(word) > 3 and word.endswith("s") else word)
    return words


def _resolve_waivers(waivers: tuple[Waiver, ...], rulebook: Rulebook
                     ) -> tuple[dict[Hashable, Waiver], int, list[Finding]]:
    """The statements each waiver covers (narrowed to the numbers its quote holds), and dangling waivers."""
    waived: dict[Hashable, Waiver] = {}
    findings: list[Finding] = []
    used = 0
    for waiver in waivers:
        where = manifest_line(waiver.location)
        if len(waiver.reason.strip()) < 3:
            findings.append(Finding("error", "waived", "a waiver needs its reason", None, where))
            continue
        spans = rulebook.find(waiver.quote)
        if not spans:
            if rulebook.synthetic:
                continue  # nothing links this statement, and without the rulebook there is nothing to waive
            closest = rulebook.closest_line(waiver.quote)
            hint = f"; the closest is rulebook line {closest[0]}: \"{closest[1][:80]}\"" if closest else ""
            findings.append(Finding("error", "dangling", f"the waived quote \"{' '.join(waiver.quote.split())}\" is not in "
                                    f"{rulebook.label}{hint}", None, where, closest[0] if closest else None))
            continue
        used += 1
        numbers = _numbers(waiver.quote)
        for span in spans:
            covered = rulebook.statements_in(span)
            for stmt in [c for c in covered if c.count in numbers] or covered:
                waived.setdefault(from_scan(stmt, rulebook).key, waiver)
    return waived, used, findings
