"""The document step: every count statement of a rulebook with its structure — parts and their totals,
per-player / per-colour / per-category products, conditions (player count, variant), optional and
player-supplied components, restatements — and the rulebook's own contradictions. Entry point: read_document."""

from __future__ import annotations

import re
from dataclasses import replace

from .annotations import read_per
from .articles import deal_each, inline_items, of_them, one_per_player, one_used, paren_per_player, imperative_one, listed_one
from .grammar import COUNT_HINT, STOP_WORDS, Phrase, bare_item, count_first, parse_number
from .layout import LayoutLine, layout_lines
from .lexicon import COMPONENT_HEADS, NOT_COMPONENTS, PER_WORDS, head_of, singular
from .lists import Item, ListRun, read_lists
from .paragraphs import paragraphs, sentences
from .prose import GAMEPLAY, PLAY, SETUP as SETUP_WORDS, read_sentence
from .sections import OPTIONAL, SETUP, SUPPLIED, is_play, section_kinds
from .specials import category_counts, special_productions
from .statement import CountStatement, Finding, Reading
from .tables import table_statements

_PLAYER_RANGE = re.compile(r"\b(?P<a>\d{1,2})\s*(?:-|to|–)\s*(?P<b>\d{1,2})\s+players\b|\bfor\s+(?P<c>\d{1,2})\s+players\b", re.I)
_ENUMERATION = re.compile(r"(?<![\w.])(?P<n>two|three|four|five|six|seven|eight|nine|ten|\d+)\s+(?P<what>[a-z]+(?:\s+[a-z]+)?)\s*:\s*(?P<names>[A-Za-z][^.:]*)", re.I)


class _Statements:
    """Statements as they are made, with ids in text order once all are in."""

    def __init__(self) -> None:
        self.items: list[dict] = []

    def add(self, **fields) -> dict:
        fields.setdefault("qualifier", "exact")
        fields.setdefault("role", "total")
        self.items.append(fields)
        return fields


def _quote(line: LayoutLine, start: int, end: int) -> str:
    return line.quote(start, end) or line.raw.strip()


def _from_item(item: Item, run: ListRun, out: _Statements) -> dict | None:
    phrase = item.phrase
    line = item.line
    if phrase.form == "elliptic":  # "2 players: 5 of each kind" counts what the list above counts
        named = next((s for s in reversed(out.items) if s.get("component") and s.get("head")), None)
        if named is not None:
            phrase = Phrase(phrase.start, phrase.end, phrase.count_start, phrase.count_end, phrase.count,
                            phrase.qualifier, named["component"], named["head"], "elliptic")
    section = run.section_of(item)
    role = "setup" if section.kind == SETUP or getattr(item, "setup_intro", False) or item.condition else "total"
    count = phrase.count
    per = item.per
    per_count = item.per_count
    if item.inner is not None and count is not None and item.inner != count:
        per_count = per_count or (count // item.inner if item.inner and count % item.inner == 0 else None)
    start = item.offset + phrase.start
    statement = out.add(
        line=line.number, column=line.cols[start] if line.cols and start < len(line.cols) else 0,
        quote=_quote(line, start, item.quote_end), count=count, component=phrase.component,
        qualifier=phrase.qualifier, role=role, per=per, per_count=per_count, condition=item.condition,
        optional=section.kind == OPTIONAL or bool(re.search(r"\boptional\b|\bexpansion\b", line.text, re.I)),
        supplied_by="player" if section.kind == SUPPLIED or re.search(r"not\s+included", line.text, re.I) else None,
        inner=item.inner, head=phrase.head, item=item,
    )
    item.statement = statement  # type: ignore[attr-defined]
    grouped = re.search(r"\bof\s+(?P<n>\w+)\s+(?P<noun>[A-Za-z][\w -]*)$", phrase.component)
    if grouped and parse_number(grouped.group("n")) and head_of(phrase.component) in COMPONENT_HEADS:
        # '5 sets of eight dice': five sets, and eight dice in each
        at = line.text.find(grouped.group("n"), start)
        if at >= 0:
            out.add(line=line.number, column=line.cols[at], quote=_quote(line, at, at + len(grouped.group(0)) - 3),
                    count=parse_number(grouped.group("n")), component=grouped.group("noun"), role="part",
                    per=head_of(phrase.component.split(" of ")[0]) or "set", parent_ref=statement,
                    head=head_of(grouped.group("noun")))
    if item.inner is not None and count is not None and item.inner != count and item.inner_span:
        # "45 glass beads (9 in each of 5 colours)": the box total, and the per-colour count as its part
        statement["per"], statement["per_count"] = None, None
        a, b = item.inner_span
        out.add(line=line.number, column=line.cols[a] if a < len(line.cols) else 0, quote=_quote(line, a, b),
                count=item.inner, component=phrase.component, role="part", per=per, per_count=per_count,
                parent_ref=statement, head=phrase.head, inner_of=count)
        statement["inner"] = item.inner
        statement["per_label"] = per
    return statement


def _list_statements(runs: list[ListRun], out: _Statements, findings: list[Finding]) -> set[int]:
    taken: set[int] = set()
    for run in runs:
        for line in run.lines:
            taken.add(line.number)
        for item in run.items:
            _from_item(item, run, out)
        for item in run.items:
            statement = item.statement  # type: ignore[attr-defined]
            if item.parent is not None:
                statement["role"] = "part"
                statement["parent_ref"] = item.parent.statement  # type: ignore[attr-defined]
                if item.parent.statement["role"] == "setup":  # type: ignore[attr-defined]
                    statement["role"] = "setup"
            if item.children:
                statement["has_parts"] = True
                total = sum(c.phrase.count or 0 for c in item.children)
                if item.phrase.count is not None and total != item.phrase.count and all(c.phrase.count is not None for c in item.children):
                    findings.append(Finding("parts-total", item.line.number,
                                            f"the parts add up to {total}, but the total is {item.phrase.count}",
                                            tuple(c.line.number for c in item.children)))
            if item.parts:
                _breakdown(item, statement, out, findings)
            _check_multiple(statement, findings)
    return taken


def _breakdown(item: Item, statement: dict, out: _Statements, findings: list[Finding]) -> None:
    line = getattr(item, "parts_line", item.line)
    statement["has_parts"] = True
    noun = item.phrase.component
    for name, count, start, end, *stands in item.parts:
        line = stands[0] if stands else getattr(item, "parts_line", item.line)  # a wrapped part keeps its own line
        if start is None:
            at = line.text.find(name)
            start, end = (max(0, line.text.rfind(str(count), 0, at)) if at >= 0 else 0), (at + len(name) if at >= 0 else len(line.text))
        component = name if head_of(name) in COMPONENT_HEADS else f"{name} {noun}"
        out.add(line=line.number, column=line.cols[start] if start < len(line.cols) else 0,
                quote=_quote(line, start, end), count=count, component=component, role="part",
                parent_ref=statement, head=head_of(component))
    total = sum(part[1] for part in item.parts)
    if item.phrase.count is not None and total != item.phrase.count and not getattr(item, "including", False):
        findings.append(Finding("parts-total", item.line.number,
                                f"the parts in parentheses add up to {total}, but the total is {item.phrase.count}",
                                (line.number,)))


def _check_multiple(statement: dict, findings: list[Finding]) -> None:
    inner, count = statement.get("inner"), statement.get("count")
    if inner and count and inner != count and count % inner:
        findings.append(Finding("not-a-multiple", statement["line"],
                                f"{count} {statement['component']} is not a multiple of {inner} per "
                                f"{statement.get('per_label') or statement.get('per')}"))


_CONTENTS_SENTENCE = re.compile(r"\b(?:in\s+the\s+box|(?:game|box|set)\s+(?:contains|includes|comes\s+with)|contains|includes|consists\s+of"
                                r"|you\s+(?:will\s+)?find)\b", re.I)
_FOR_EVERY_CUE = re.compile(r"\bfor\s+(?:every|each)\b", re.I)
_ARTICLE_CUE = re.compile(r"\b(?:use|used|using|needs?|needed|requires?|required|played|included|give|deal|hand|each\s+player|have|keep|bring|grab"
                          r"|take|place|put|set|lay|add)\b", re.I)


def _prose_statements(lines: list[LayoutLine], sections, taken: set[int], out: _Statements,
                      findings: list[Finding], categories: dict[str, int]) -> None:
    """Every sentence of every paragraph, read by the prose productions (prose.py)."""
    known = {item["head"] for item in out.items if item.get("head")} - NOT_COMPONENTS
    for paragraph in paragraphs(lines, taken):
        last_total: dict | None = None
        for offset, sentence in sentences(paragraph.text):
            has_count = bool(COUNT_HINT.search(sentence) or (categories and _FOR_EVERY_CUE.search(sentence)))
            if not sentence.strip() or not (has_count or ":" in sentence or _ARTICLE_CUE.search(sentence)):
                continue  # nothing a count could be read from: most sentences of a rulebook
            first_line = lines[paragraph.places[offset][0]] if offset < len(paragraph.places) else None
            section = "" if first_line is None else PLAY if is_play(sections[first_line.number - 1]) else \
                sections[first_line.number - 1].kind
            emit = lambda phrase, info, start=None, end=None: _prose_statement(  # noqa: E731
                phrase, phrase.start if start is None else start, phrase.end if end is None else end,
                paragraph, offset, lines, out, info)
            listed = inline_items(sentence)
            if listed is not None and any(len([p for p in count_first(text) if not p.is_excluded]) >= 2 for _, text in listed):
                listed = None  # 'CONTENTS Game Board … 4 Home Boards Score Pad 60 Décor Tokens …': a list flattened into a line
            if listed is not None:
                _inline_statements(listed, sentence, section, paragraph, offset, lines, out)
                continue
            _article_statements(sentence, section, emit)
            if not has_count:
                continue
            categories.update(category_counts(sentence))
            _enumeration(sentence, paragraph, offset, lines, findings)
            specials = special_productions(sentence, categories)
            for phrase, info in read_sentence(sentence, section, known):
                if any(s["start"] <= phrase.count_start < s["end"] for s in specials):
                    continue
                made = emit(phrase, info)
                if made is not None and made["role"] == "total":
                    last_total = made
                if made is not None:
                    _prose_per_part(sentence, phrase, made, emit)
            for special in specials:
                _special_statement(special, last_total, emit, findings)
    _prose_sums(out, findings)


def _prose_per_part(sentence: str, phrase: Phrase, made: dict, emit) -> None:
    """'the 100 tiles (20 of each color)': the per-colour count, a part of the total the sentence names."""
    per = read_per(sentence, phrase.end)
    if per is None or per.count is None or per.count == phrase.count or per.per == "player":
        return
    part = emit(Phrase(per.start, per.end, per.start, per.end, per.count, "exact", phrase.component, phrase.head, "prose"),
                {"role": "part", "per": per.per, "component": phrase.component, "condition": made.get("condition"),
                 "optional": made.get("optional", False), "supplied": made.get("supplied_by") is not None})
    if part is not None:
        part["parent_ref"] = made


def _article_statements(sentence: str, section: str, emit) -> None:
    """'Give each player a pencil', 'deal five to each player', 'a felt mat is used'."""
    setup = {"role": "setup", "per": "player", "condition": None, "optional": False, "supplied": False}
    said_setup = section == SETUP or bool(SETUP_WORDS.search(sentence))
    for start, end, noun in one_per_player(sentence) if said_setup else []:
        emit(Phrase(start, end, start, end, 1, "exact", noun, head_of(noun), "prose"), {**setup, "component": noun})
    for start, end, value, noun in of_them(sentence) if said_setup else []:
        emit(Phrase(start, end, start, end, value, "exact", noun, head_of(noun), "prose"), {**setup, "per": None, "component": noun})
    for start, end, noun in listed_one(sentence) if _CONTENTS_SENTENCE.search(sentence) and COUNT_HINT.search(sentence) else []:
        emit(Phrase(start, end, start, end, 1, "exact", noun, head_of(noun), "prose"),
             {**setup, "role": "total", "per": None, "component": noun})
    for start, end, noun in imperative_one(sentence) if section == SETUP else []:
        emit(Phrase(start, end, start, end, 1, "exact", noun, head_of(noun), "prose"), {**setup, "per": None, "component": noun})
    for start, end, value, noun in paren_per_player(sentence) if said_setup or section in {"components", "setup"} else []:
        emit(Phrase(start, end, start, end, value, "exact", noun, head_of(noun), "prose"), {**setup, "component": noun})
    for start, end, value, noun in deal_each(sentence):
        emit(Phrase(start, end, start, end, value, "exact", noun, head_of(noun), "prose"), {**setup, "component": noun})
    for start, end, noun in [] if GAMEPLAY.search(sentence) and not said_setup \
            else one_used(sentence):
        emit(Phrase(start, end, start, end, 1, "exact", noun, head_of(noun), "prose"),
             {"role": "setup" if section == "setup" else "total", "per": None, "component": noun, "condition": None,
              "optional": bool(re.search(r"optional", sentence, re.I)), "supplied": section == "supplied"})


def _special_statement(special: dict, last_total: dict | None, emit, findings: list[Finding]) -> None:
    """A statement of a sentence production; a part ('the remaining 40 are tinted') joins the last total."""
    if special["count"] is None and special["kind"] != "product":
        return
    info = {"role": "part" if special["kind"] == "part" else "total", "per": special.get("per"),
            "component": special["component"], "condition": None, "optional": False, "supplied": False}
    made = emit(Phrase(special["start"], special["end"], special["start"], special["end"], special["count"],
                       "exact", special["component"], head_of(special["component"]), "prose"), info)
    if made is None or special["kind"] != "part" or last_total is None:
        return
    made["parent_ref"] = last_total
    made["component"] = f"{special['component']} {last_total['component']}"
    last_total["has_parts"] = True
    last_total.setdefault("prose_parts", []).append(made)
    if "fraction" in special and last_total["count"]:
        num, den = special["fraction"]
        if last_total["count"] * num != special["count"] * den:
            findings.append(Finding("fraction", made["line"], f"{num}/{den} of {last_total['count']} is not {special['count']}"))


def _inline_statements(listed, sentence: str, section: str, paragraph, offset: int, lines, out: _Statements) -> None:
    """Each item of an inline list ('Equipment: 8 suits, paper, pencils, optional playmat') as a statement."""
    supplied = bool(re.search(r"not\s+included|also\s+need|you\s+(?:will\s+)?need", sentence, re.I)) or section == "supplied"
    for start, text in listed:
        optional = bool(re.match(r"optional(?:ly)?\b", text, re.I))
        body = re.sub(r"^optional(?:ly)?\s+", "", text, flags=re.I)
        shift = start + len(text) - len(body)
        first = [p for p in count_first(body) if p.start <= 2]
        phrase = first[0] if first else bare_item(body)
        if phrase is None or phrase.is_excluded or len(body.split()) > 8:
            continue
        if phrase.form == "bare_item" and phrase.head not in COMPONENT_HEADS and (
                len(body.split()) > 3 or body.split()[0].lower() in STOP_WORDS):
            continue  # 'to collect income from', 'build public works': a clause, not a thing
        end = phrase.end if phrase.form != "bare_item" else len(body)
        per = read_per(body, phrase.end)
        phrase = replace(phrase, count_start=shift + phrase.count_start, count_end=shift + phrase.count_end)
        _prose_statement(phrase, shift + phrase.start, shift + end, paragraph, offset, lines, out,
                         {"role": "total", "per": per.per if per else None, "component": phrase.component,
                          "condition": None, "optional": optional or section == "optional", "supplied": supplied})


def _prose_sums(out: _Statements, findings: list[Finding]) -> None:
    for item in out.items:
        parts = item.pop("prose_parts", None)
        if parts and item["count"] is not None:
            total = sum(p["count"] or 0 for p in parts)
            if len(parts) >= 2 and total != item["count"]:
                findings.append(Finding("parts-total", item["line"], f"the parts add up to {total}, but the total is {item['count']}",
                                        tuple(p["line"] for p in parts)))


def _prose_statement(phrase: Phrase, start: int, end: int, paragraph, offset: int, lines, out: _Statements,
                     info: dict) -> dict | None:
    a = offset + start
    b = offset + end - 1
    if a >= len(paragraph.places):
        return None
    count_at = offset + phrase.count_start
    if count_at < len(paragraph.places) and paragraph.places[count_at][0] != paragraph.places[a][0]:
        a = count_at  # 'A\ntotal of 10 tiles': quote from the line the count stands on
    line_index, column = paragraph.places[a]
    line = lines[line_index]
    end_index, end_column = paragraph.places[min(b, len(paragraph.places) - 1)]
    stop = end_column + 1 if end_index == line_index else len(line.text)
    return out.add(
        line=line.number, column=line.cols[column] if column < len(line.cols) else 0, quote=_quote(line, column, stop),
        count=phrase.count, component=info["component"], qualifier=phrase.qualifier, role=info["role"],
        per=info["per"], condition=info["condition"], optional=info["optional"],
        supplied_by="player" if info["supplied"] else None, head=phrase.head,
    )


def _enumeration(sentence: str, paragraph, offset: int, lines, findings: list[Finding]) -> None:
    """'Five banner colours: red, teal, amber, teal and grey' names four, not five."""
    from .grammar import parse_number

    match = _ENUMERATION.search(sentence)
    if match is None:
        return
    stated = parse_number(match.group("n"))
    if singular(match.group("what").split()[-1].lower()) not in PER_WORDS:
        return  # only enumerations of categories (colours, suits, kinds …) are checked
    names = [n.strip().lower() for n in re.split(r",\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+", match.group("names")) if n.strip()]
    if stated is None or len(names) < 2 or any(len(n.split()) > 3 for n in names):
        return
    distinct = len(dict.fromkeys(names))
    if distinct != stated:
        line = lines[paragraph.places[offset + match.start()][0]]
        findings.append(Finding("enumeration-length", line.number,
                                f"{stated} {match.group('what')} are stated, but {distinct} different ones are named"))


def _restatements(items: list[dict]) -> None:
    seen: dict[tuple, dict] = {}
    for item in items:
        if item["count"] is None:
            continue
        key = (singular(item.get("head") or ""), item["count"], item.get("per"), item.get("condition"))
        earlier = seen.get(key)
        words = {singular(w) for w in re.findall(r"[a-z0-9]+", item["component"].lower())}
        before = {singular(w) for w in re.findall(r"[a-z0-9]+", earlier["component"].lower())} if earlier else set()
        if earlier is not None and earlier is not item and (words <= before or before <= words):
            if item["role"] == earlier["role"] or item["role"] == "setup":
                item["restates_ref"] = earlier
                continue
        seen.setdefault(key, item)


def _players(text: str) -> tuple[int, int] | None:
    match = _PLAYER_RANGE.search(text)
    if match is None:
        return None
    if match.group("c"):
        return int(match.group("c")), int(match.group("c"))
    a, b = int(match.group("a")), int(match.group("b"))
    return (a, b) if a <= b else None


def _lost_ranges(lines: list[LayoutLine], players: tuple[int, int] | None, findings: list[Finding]) -> None:
    """'24 players' where a '2-4 players' lost its dash in extraction."""
    for line in lines:
        for match in re.finditer(r"\b(?P<a>[1-9])(?P<b>[2-9])\s+players\b", line.text):
            a, b = int(match.group("a")), int(match.group("b"))
            if a < b and (players is None or (a, b) == players or players[1] < 10):
                findings.append(Finding("lost-range", line.number,
                                        f"'{match.group(0)}' reads as {a}{b} players; probably {a}-{b} players with the dash lost"))


def read_document(text: str) -> Reading:
    """Every count statement of the rulebook text, its findings and the list lines it could not read."""
    lines = layout_lines(text)
    sections = section_kinds(lines)
    out = _Statements()
    findings: list[Finding] = []
    categories: dict[str, int] = {}
    table_lines = table_statements(lines, sections, out, set())
    runs = read_lists(lines, sections, table_lines)
    taken = _list_statements(runs, out, findings) | table_lines
    _prose_statements(lines, sections, taken, out, findings, categories)
    items = sorted(out.items, key=lambda s: (s["line"], s["column"]))
    items = _deduplicated(items)
    _restatements(items)
    statements = _finish(items)
    players = _players(text)
    _lost_ranges(lines, players, findings)
    unread = _unread(runs, items)
    return Reading(statements, tuple(sorted(findings, key=lambda f: f.line)), unread, players, categories)


def _deduplicated(items: list[dict]) -> list[dict]:
    kept, seen = [], set()
    for item in items:
        key = (item["line"], item["column"], item["count"])
        if key in seen:
            continue
        seen.add(key)
        kept.append(item)
    return kept


def _finish(items: list[dict]) -> tuple[CountStatement, ...]:
    for number, item in enumerate(items, start=1):
        item["id"] = f"s{number}"
    result = []
    for item in items:
        parent = item.get("parent_ref")
        restates = item.get("restates_ref")
        per_count = item.get("per_count")
        total = None
        if item["count"] is not None and item.get("per") and per_count:
            total = item["count"] * per_count if not item.get("inner") else item["count"]
        elif item["count"] is not None and not item.get("per"):
            total = item["count"]
        confidence = 0.9 if item.get("item") is not None else 0.75
        result.append(CountStatement(
            line=item["line"], quote=item["quote"], count=item["count"], component=item["component"],
            qualifier=item["qualifier"], role=item["role"], per=item.get("per"), per_count=per_count, total=total,
            parent=parent["id"] if parent else None, condition=item.get("condition"),
            optional=bool(item.get("optional")), supplied_by=item.get("supplied_by"),
            restates=restates["id"] if restates else None, confidence=confidence, id=item["id"],
            column=item["column"], _has_parts=bool(item.get("has_parts")),
        ))
    return tuple(result)


_COUNTED_THING = re.compile(r"\d+\s*[x×]\s*\S|\d+\s+(?!(?:to|and|or|through|of)\b)[A-Za-z]{3,}", re.I)  # '10 x 3 cents', '5 gulls'


def _unread(runs: list[ListRun], items: list[dict]) -> tuple[int, ...]:
    read_lines = {item["line"] for item in items}
    unread = []
    for run in runs:
        for line in run.lines:
            if line.number not in read_lines and re.search(r"\d", line.text) and not line.text.rstrip().endswith(":") \
                    and (line.number not in run.continued or _COUNTED_THING.search(line.text)):
                unread.append(line.number)
    return tuple(sorted(set(unread)))
