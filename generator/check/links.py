"""Resolve each `rule:` link (a component's, or a deck row's) and each waiver to the rulebook statements they mean.

Contract: `resolve_links(spec, rulebook)` returns a Resolution: the Links, each with its evidence — *read* (the
reader read the quoted statement and its count) or *vouched* (only the designer's `count:` stands behind it) —
the links that resolve to nothing (with the finding saying why), the statements each waiver covers, and the
findings about links and waivers themselves.
"""

from __future__ import annotations

import re
from typing import Hashable, Iterator

from generator.check.counts import Target
from generator.check.report import Finding, FindingKind
from generator.check.rulebook import Rulebook, Span, normalise
from generator.manifest.spec import KitSpec, RuleLink, Waiver
from generator.rules.numbers import NUMBER_WORD_PATTERN, parse_count
from generator.rules.scan import CountStatement
from generator.check.evidence import (_PLAYER_CONDITION, Link, Resolution, Statement, Unresolved, _category, from_scan,
                                      manifest_line)

_NUMBER_IN_QUOTE = re.compile(rf"(?<![\w.])\d+|(?<![\w.])(?:{NUMBER_WORD_PATTERN}|an?)(?![\w])", re.I)
_UNTELLING_WORDS = {"a", "an", "the", "of", "and", "or", "with", "each", "player", "for", "to", "in", "on", "their",
                    "there", "are", "is", "x"}
_PER_WORDS = re.compile(r"\b(?:each|every|per|a)\s+(?P<what>player|side|team|colou?r|suit|kind|type)s?\b"
                        r"|\bof\s+each\s+(?P<of>colou?r|suit|kind|type)\b|\b\d+\s*[x×]\s*N\b", re.I)
_PER_NAMES = {"team": "side", "color": "colour"}
_QUALIFIER_WORDS = {
    "at_least": re.compile(r"\bat\s+least\b|\bor\s+more\b|\bminimum\b|\d\+|\bno\s+fewer\b|\bor\s+over\b", re.I),
    "at_most": re.compile(r"\bat\s+most\b|\bup\s+to\b|\bmaximum\b|\bno\s+more\b|\bor\s+fewer\b|\bor\s+less\b", re.I),
    "about": re.compile(r"\babout\b|\baround\b|\bapproximately\b|\broughly\b|\bsome\b|~", re.I),
    "exact": re.compile(r""),
}

def all_links(spec: KitSpec) -> Iterator[tuple[Target, RuleLink]]:
    """Every link of the kit: each component's, then each of its deck rows'."""
    for component in spec.components:
        for rule in component.rules:
            yield Target(component), rule
        for row, card in enumerate(component.cards):
            for rule in card.rules:
                yield Target(component, row), rule


def resolve_links(spec: KitSpec, rulebook: Rulebook, strict: bool = False) -> Resolution:
    waived, lines, used, findings = _resolve_waivers(spec.waivers, rulebook, strict)
    resolver = _Resolver(spec, rulebook, waived)
    links: list[Link] = []
    unresolved: list[Unresolved] = []
    for target, rule in all_links(spec):
        found, problems, kind = resolver.resolve(target, rule)
        links.extend(found)
        findings.extend(problems)
        if not found:
            unresolved.append(Unresolved(target, rule, kind or "link"))
    return Resolution(tuple(links), tuple(unresolved), waived, tuple(findings), used, lines)


class _Resolver:
    def __init__(self, spec: KitSpec, rulebook: Rulebook, waived: dict[Hashable, Waiver]):
        self.spec, self.rulebook, self.waived = spec, rulebook, waived
        self.categories = {_category(name): n for name, n in rulebook.reading.categories.items()}

    def resolve(self, target: Target, rule: RuleLink) -> tuple[list[Link], list[Finding], FindingKind | None]:
        rulebook = self.rulebook
        spans = rulebook.find(rule.quote)
        if not spans:
            return [], [_dangling(target, rule, rulebook)], "dangling"
        if rule.section and not rulebook.synthetic:
            spans, problem = _after_section(target, rule, rulebook, spans)
            if problem is not None:
                return [], [problem], "dangling"
        # A short quote ("1 Mine") may occur in several places: the first one stating its number (and not
        # waived) is meant. With no statement stating it, a vouched count: goes where the reader reads none.
        viable = [(span, found) for span in spans if (found := self.candidates(rule, rulebook.statements_in(span)))]
        unwaived = [(span, found) for span, found in viable
                    if not all(from_scan(c, rulebook).key in self.waived for c in found)]
        bare = [span for span in spans if not _counted(rulebook.statements_in(span))] if rule.count is not None else []
        span, candidates = (unwaived or viable)[0] if viable else ((bare or spans)[0], [])
        notes: list[Finding] = []
        if len(unwaived) > 1 and not rulebook.synthetic and not rule.section:
            places = ", ".join(rulebook.short_where(rulebook.line_at(other[0])) for other, _ in unwaived)
            used = rulebook.line_at(span[0])
            notes.append(Finding("info", "note", f"{target.id}: the quote states its count in {rulebook.label} at {places}; "
                                 f"using {rulebook.where(used)} (add section: to choose)", target.id,
                                 manifest_line(rule.location), used, rulebook=rulebook.where(used)))
        if candidates:
            links, problem = self.choose(target, rule, span, candidates)
            problems, kind = ([problem] if problem else []), None if links else "link"
        else:
            links, problems, kind = self.without_candidates(target, rule, span)
        if links and rule.qualifier and not _QUALIFIER_WORDS[rule.qualifier].search(rule.quote):
            line = links[0].statement.line
            problems.append(Finding("error", "link", f"{target.id}: qualifier: {rule.qualifier} is not what the quote "
                                    f"\"{_short(rule.quote)}\" says; a link's qualifier states the quote's own words "
                                    "(\"at least\", \"up to\", \"about\")", target.id, manifest_line(rule.location), line,
                                    rulebook=rulebook.where(line)))
        return links, notes + problems, kind

    # -- which statements a link may mean --------------------------------------------------------------
    def candidates(self, rule: RuleLink, overlapping: list[CountStatement]) -> list[CountStatement]:
        """Statements a link may mean: its table cell or variant, its `count:`, else those stating a number the quote holds."""
        candidates = [c for c in overlapping if c.count is not None]
        if rule.players is not None and any(_players(c) for c in candidates):
            candidates = [c for c in candidates if _players(c) and rule.players in _players(c)]
        if rule.variant is not None and any(c.condition and not _players(c) for c in candidates):
            candidates = [c for c in candidates if c.condition and _same_variant(rule.variant, c.condition)]
        if rule.count is not None:
            return [c for c in candidates if c.count == rule.count]
        numbers = {value for value, _ in _numbers(rule.quote)}
        return [c for c in candidates if c.count in numbers] if numbers else candidates

    def choose(self, target: Target, rule: RuleLink, span: Span, candidates: list[CountStatement]
               ) -> tuple[list[Link], Finding | None]:
        rulebook = self.rulebook
        where, line = manifest_line(rule.location), None if rulebook.synthetic else rulebook.line_at(span[0])
        cells = [c for c in candidates if _players(c)]
        if cells and len(cells) == len(candidates) and len({c.line for c in cells}) == 1 and rule.players is None:
            return [self.link(target, rule, from_scan(c, rulebook)) for c in cells], None  # a table row: a cell per player count
        # A total and its parts in one quote ("20 Vote Cards (10 Approve & 10 Reject Cards)"): a link means the
        # total, unless it is a part link
        ids = {c.id for c in candidates}
        parents = [c for c in candidates if c.parent not in ids]
        children = [c for c in candidates if c.parent in ids]
        if children and rule.count is None:
            candidates = children if rule.role == "part" else parents
        best = _best_matches(target, rule.quote, candidates)
        if rule.role != "setup" and len({(c.count, c.per, c.condition) for c in best}) > 1:
            stated = "; ".join(f"{c.count} {c.component}" + (f" ({c.condition})" if c.condition else "") for c in best)
            return [], Finding("error", "link", f"{target.id}: the quote at {rulebook.where(line)} states several counts "
                               f"({stated}); quote less, or say which with count: N (or players:, variant:)",
                               target.id, where, line, rulebook=rulebook.where(line))
        if rule.role != "setup":
            best = best[:1]
        return [self.link(target, rule, from_scan(c, rulebook)) for c in best], None

    def link(self, target: Target, rule: RuleLink, statement: Statement, claimed: int | None = None) -> Link:
        per = rule.per or statement.per
        per_count = rule.per_count or (statement.per_count if statement.per == per else None) or self.categories.get(per or "")
        return Link(target, rule, statement, per, per_count, claimed, rule.qualifier or statement.qualifier)

    # -- a quote in which the reader reads none of the link's counts --------------------------------------
    def without_candidates(self, target: Target, rule: RuleLink, span: Span
                           ) -> tuple[list[Link], list[Finding], str | None]:
        rulebook = self.rulebook
        where, line = manifest_line(rule.location), None if rulebook.synthetic else rulebook.line_at(span[0])
        at = rulebook.where(line)
        overlapping = rulebook.statements_in(span)
        read = [c for c in overlapping if c.count is not None]
        unspecified = [c for c in overlapping if c.count is None]
        numbers = _numbers(rule.quote)
        in_quote = rule.count is not None and any(value == rule.count for value, _ in numbers)
        stated = ", ".join(str(c.count) for c in read)
        if rule.count is not None:
            if in_quote or rule.derivation:
                return self.vouched(target, rule, span, line, numbers)
            if read:
                best = _best_matches(target, rule.quote, read)[0]
                statement = from_scan(best, rulebook)
                link = self.link(target, rule, statement, claimed=rule.count)
                return [link], [Finding("error", "mismatch", f"{target.id}: the link says count: {rule.count}, but "
                                        f"{statement.describe()} is what the rulebook states; the link's count is not "
                                        "the rulebook's (drop count:, or quote the statement it means)", target.id,
                                        where, line, None, best.count, rulebook=at)], None
            written = ", ".join(str(value) for value, _ in numbers) or "no number"
            return [], [Finding("error", "link", f"{target.id}: count: {rule.count} is not written in the quote "
                                f"\"{_short(rule.quote)}\" (it states {written}); a vouched count must be written in its "
                                "quote, or say how it is derived with from:", target.id, where, line, None,
                                rule.count, rulebook=at)], "link"
        if rulebook.synthetic:
            return [], [Finding("info", "note", f"{target.id}: the quote \"{_short(rule.quote)}\" alone states no count "
                                "pnpgen can read; not checked without the rulebook", target.id, where)], "unreadable"
        if read:
            wanted = (f" for {rule.players} players" if rule.players is not None else "") + \
                     (f" for {rule.variant}" if rule.variant is not None else "")
            if wanted and any(c.count in {v for v, _ in numbers} for c in read):
                return [], [Finding("error", "link", f"{target.id}: {at} states no count{wanted} in the quote (it states "
                                    f"{_conditions(read)}); check players: / variant:", target.id, where, line,
                                    rulebook=at)], "link"
            return [], [Finding("error", "link", f"{target.id}: the quote matches {at}, which states {stated}, none of "
                                "them a number in the quote; quote the count itself, or add count: N", target.id, where,
                                line, rulebook=at)], "link"
        if unspecified:
            return [], [Finding("error", "link", f"{target.id}: {at} leaves the count unspecified (\"{_short(unspecified[0].quote)}\"); "
                                "vouch for the kit's number with count: N and from: saying where it comes from",
                                target.id, where, line, rulebook=at)], "link"
        if not numbers:
            return [], [Finding("error", "link", f"{target.id}: the quote \"{_short(rule.quote)}\" states no count; quote "
                                "the count, or vouch for it with count: N", target.id, where, line, rulebook=at)], "link"
        return [], [Finding("error", "unreadable", f"{target.id}: the rulebook reader reads no count in {at} "
                            f"\"{_short(rulebook.line_text(line) if line else rule.quote)}\"; vouch for it with count: N "
                            "(it stays unverified), or waive it", target.id, where, line, rulebook=at)], "unreadable"

    def vouched(self, target: Target, rule: RuleLink, span: Span, line: int | None,
                numbers: list[tuple[int, int]]) -> tuple[list[Link], list[Finding], str | None]:
        """The designer's `count:` for a quote the reader reads no such count in: it stands unverified."""
        rulebook = self.rulebook
        where, at = manifest_line(rule.location), rulebook.where(line)
        if rule.derivation:
            key: Hashable = ("vouched", span, "from", rule.count, target.id)
        else:
            key = ("vouched", span, _number_position(rule.quote, rule.count, numbers, _target_words(target)), rule.count)
        statement = Statement(rule.count, "exact", target.component.name, rulebook.excerpt(span), line, at, key,
                              "vouched", derivation=rule.derivation)
        findings = []
        per_words = _PER_WORDS.search(rule.quote)
        if per_words and rule.per is None and rule.derivation is None:
            what = per_words.group("what") or per_words.group("of") or "player"
            what = _PER_NAMES.get(what.lower(), what.lower())
            findings.append(Finding("error", "link", f"{target.id}: the quote counts per {what} (\"{per_words.group(0)}\"), "
                                    f"but the vouched count: {rule.count} says nothing of it; say per: {what} (a vouched "
                                    "count is compared as written)", target.id, where, line, None, rule.count,
                                    rulebook=at))
        return [self.link(target, rule, statement)], findings, None


# -- helpers ------------------------------------------------------------------------------------------------
def _counted(statements: list[CountStatement]) -> list[CountStatement]:
    return [c for c in statements if c.count is not None]


def _players(stmt: CountStatement) -> frozenset[int] | None:
    if not stmt.condition:
        return None
    match = _PLAYER_CONDITION.match(stmt.condition)
    if match is None:
        return None
    low = int(match.group("a"))
    return frozenset(range(low, int(match.group("b") or (low + 50 if match.group("plus") else low)) + 1))


def _same_variant(variant: str, condition: str) -> bool:
    a, b = normalise(variant), normalise(condition)
    return bool(a) and (a in b or b in a)


def _conditions(statements: list[CountStatement]) -> str:
    return ", ".join(f"{c.count}" + (f" for {c.condition}" if c.condition else "") for c in statements)


def _numbers(quote: str) -> list[tuple[int, int]]:
    """(value, position) of each number the quote writes, in digits or words ('a'/'an' are one)."""
    found = []
    for match in _NUMBER_IN_QUOTE.finditer(quote):
        text = match.group(0)
        value = 1 if text.lower() in ("a", "an") else parse_count(text)
        if value is not None:
            found.append((value, match.start()))
    return found


def _number_position(quote: str, count: int | None, numbers: list[tuple[int, int]], words: set[str]) -> int:
    """Where in the quote the vouched count stands: the occurrence followed by the component's words
    ("18 crowns, 18 shields": the shield's 18 is the second), so two components vouching one sentence stay apart."""
    places = [position for value, position in numbers if value == count]
    if len(places) <= 1:
        return places[0] if places else -1

    def score(position: int) -> int:
        after = re.match(r"\S*([^\d,;:()]*)", quote[position:])
        return len(_words(after.group(1) if after else "") & words)

    return max(places, key=lambda p: (score(p), -p))


def _target_words(target: Target) -> set[str]:
    words = _words(target.component.id.replace("_", " ") + " " + target.component.name)
    if target.card is not None:
        words |= _words(target.row_label)
    return words


def _best_matches(target: Target, quote: str, candidates: list[CountStatement]) -> list[CountStatement]:
    """The candidates whose counted noun shares most words with the quote (first) and the component or row."""
    quote_words = _words(quote)
    component_words = _target_words(target)

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


def _short(text: str, size: int = 70) -> str:
    text = " ".join(text.split())
    return text if len(text) <= size else text[: size - 3].rstrip() + "…"


def _dangling(target: Target, rule: RuleLink, rulebook: Rulebook) -> Finding:
    closest = rulebook.closest_line(rule.quote)
    hint = f"; the closest is {rulebook.where(closest[0])}: \"{closest[1][:80]}\"" if closest else ""
    return Finding("error", "dangling", f"{target.id}: the quote \"{_short(rule.quote, 200)}\" is not in {rulebook.label}{hint}",
                   target.id, manifest_line(rule.location), closest[0] if closest else None,
                   rulebook=rulebook.where(closest[0]) if closest else None)


def _after_section(target: Target, rule: RuleLink, rulebook: Rulebook,
                   spans: list[Span]) -> tuple[list[Span], Finding | None]:
    where = manifest_line(rule.location)
    start = rulebook.section_start(rule.section or "")
    if start is None:
        return [], Finding("error", "dangling", f"{target.id}: section {rule.section!r} is not in {rulebook.label}",
                           target.id, where)
    after = [span for span in spans if span[0] >= start]
    if not after:
        line = rulebook.line_at(start)
        return [], Finding("error", "dangling", f"{target.id}: the quote does not occur after section "
                           f"{rule.section!r} in {rulebook.label}", target.id, where, line, rulebook=rulebook.where(line))
    return after, None


def _span_lines(rulebook: Rulebook, span: Span) -> range:
    return range(rulebook.line_at(span[0]), rulebook.line_at(max(span[0], span[1] - 1)) + 1)


def _resolve_waivers(waivers: tuple[Waiver, ...], rulebook: Rulebook, strict: bool
                     ) -> tuple[dict[Hashable, Waiver], dict[int, Waiver], int, list[Finding]]:
    """The statements each waiver covers (narrowed to the numbers its quote holds), the lines it quotes, how many
    waivers waive something, and the dangling and unused waivers."""
    waived: dict[Hashable, Waiver] = {}
    lines: dict[int, Waiver] = {}
    findings: list[Finding] = []
    used = 0
    finding_lines = {n for f in rulebook.reading.findings for n in (f.line, *f.lines)}
    for waiver in waivers:
        where = manifest_line(waiver.location)
        if len(waiver.reason.strip()) < 3:
            findings.append(Finding("error", "link", "a waiver needs its reason", None, where))
            continue
        spans = rulebook.find(waiver.quote)
        if not spans:
            if rulebook.synthetic:
                continue  # nothing links this statement, and without the rulebook there is nothing to waive
            closest = rulebook.closest_line(waiver.quote)
            hint = f"; the closest is {rulebook.where(closest[0])}: \"{closest[1][:80]}\"" if closest else ""
            findings.append(Finding("error", "dangling", f"the waived quote \"{_short(waiver.quote, 200)}\" is not in "
                                    f"{rulebook.label}{hint}", None, where, closest[0] if closest else None,
                                    rulebook=rulebook.where(closest[0]) if closest else None))
            continue
        numbers = {value for value, _ in _numbers(waiver.quote)}
        covers = False
        for span in spans:
            covered = _counted(rulebook.statements_in(span))
            for stmt in [c for c in covered if c.count in numbers] or covered:
                waived.setdefault(from_scan(stmt, rulebook).key, waiver)
                covers = True
            for line in _span_lines(rulebook, span):
                lines.setdefault(line, waiver)
                covers = covers or (line in finding_lines and not rulebook.synthetic)
        if covers or rulebook.synthetic:
            used += 1
            continue
        line = rulebook.line_at(spans[0][0])
        findings.append(Finding("warning", "unused-waiver",
                                f"the waiver of {rulebook.where(line)} \"{_short(waiver.quote)}\" waives nothing: the "
                                "rulebook reader reads no count statement there (nor a contradiction); drop the waiver, "
                                "or quote the count it means", None, where, line, rulebook=rulebook.where(line)))
    return waived, lines, used, findings
