"""Counts in running text: every sentence of every paragraph the lists and tables left, read by the prose
productions (prose.py, articles.py, specials.py) and made into statements with verbatim quotes; the
enumerations a sentence states ("five colours: red, blue …") checked against their length. Entry point:
prose_statements."""

from __future__ import annotations

import re
from dataclasses import replace

from . import patterns
from .annotations import named_parts, read_per
from .articles import (EXPANSION_CONTENTS, by_player_count, coordinated_ones, deal_each, dealt_aside, first_player_piece, imperative_one, inline_items, laid_out, listed_one, named_alone,
                       of_them, one_each, one_per_player, one_used, paren_per_player, the_ones_set_out, the_thing_described, yours_set_out)
from .collected import Statements, quote_of
from .grammar import COUNT_HINT, NUMBER, STOP_WORDS, Phrase, bare_item, count_first, count_last, parse_number
from .layout import LayoutLine
from .lexicon import (BREAKDOWN_CUE, COLOUR_NAMES, COMPONENT_HEADS, GROUP_PATTERN, NOT_COMPONENTS, PER_WORDS, STEP_OPENING_PATTERN, TRADITIONAL_PIECES,
                      TURN_START, head_of, pairs_of, per_word, singular)
from .paragraphs import Paragraph, paragraphs, sentences
from .prose import (FOR_PLAYERS, PER_PLAYER, PLAY, PLAYER_CONDITION, STRONG, SUPPLIED_WORDS, SentenceWords, condition_of, is_imperative, is_setup_step,
                    per_label, read_sentence, sets_out_on_the_table)
from .sections import OTHER, SETUP, SUPPLIED, is_play
from .specials import category_counts, special_productions
from .statement import Finding

_ENUMERATION = patterns.compile(r"(?<![\w.])(?P<n>two|three|four|five|six|seven|eight|nine|ten|\d+)\s+(?P<what>[a-z]+(?:\s+[a-z]+)?)\s*:\s*(?P<names>[^\W\d_][^.:]*)", re.I)
_CONTENTS_SENTENCE = patterns.compile(r"\b(?:in\s+the\s+box|(?:game|box|set)\s+(?:also\s+)?(?:contains|includes|comes\s+with)|comes\s+with|contains|includes|consists\s+of"
                                      r"|you\s+(?:will\s+)?find)\b", re.I)
_EXAMPLE_OPENS = patterns.compile(r"\W*example\s*(?:\d+\s*)?:", re.I)
_EXAMPLE_ENDS = patterns.compile(r"\W*(?:important|note|tip|remember|exception|reminder|attention|clarification|setup|set-up)\b\s*:"
                                 r"|\W*\(?\d{1,2}[).]\s|\W*(?:so|thus|in\s+total|altogether|overall|moreover|however|in\s+addition)\b"
                                 rf"|\W*{STEP_OPENING_PATTERN}\b", re.I)  # a new label, a set-up step ('Add a disc …'), a
# numbered step, a conclusion: the rules again
_FOR_EVERY_CUE = patterns.compile(r"\bfor\s+(?:every|each)\b", re.I)
_EACH_NEEDS = patterns.compile(r"\W*(?:each|every)\s+(?:player|person)\s+(?:needs|will\s+need|requires|must\s+have)\b", re.I)
_ARTICLE_CUE = patterns.compile(r"\b(?:use|used|using|needs?|needed|requires?|required|played|included|give|deal|hand|each\s+player|per\s+player|both|have|keep|bring|grab"
                                r"|draw|reveal|choose|select|pick|flip|turn\s+over|prepare"
                                r"|takes?|places?|placed|puts?|sets?|lays?|laid|adds?|receives?|gets?|find|contains?|includes?|consists|comes\s+with|helpful|useful|handy"
                                r"|recommended)\b|^\W*(?:an?|one)\s", re.I)  # ('A felt mat and a scoring pad.': named alone)


EXAMPLE_SENTENCES = 4  # an example told in more sentences than this is rare; the rules are not lost for long


def _start_of(paragraph: Paragraph, offset: int, sentence: str) -> tuple[int, int] | None:
    """(line index, column) where `sentence`, at `offset` of `paragraph`, starts."""
    start = offset + len(sentence) - len(sentence.lstrip())
    return paragraph.places[start] if start < len(paragraph.places) else None


def _resumes_rules(paragraph: Paragraph, offset: int, sentence: str, lines: list[LayoutLine]) -> bool:
    """Whether `sentence`, after an example's label, is the rules again: a new label, a numbered or set-up step, a
    conclusion, a sentence that states what the game holds ('The game contains 40 cards.'), or a bulleted line."""
    if _EXAMPLE_ENDS.match(sentence) or STRONG.search(sentence):
        return True
    at = _start_of(paragraph, offset, sentence)
    return at is not None and lines[at[0]].bullet is not None and not lines[at[0]].text[:at[1]].strip()


def prose_statements(lines: list[LayoutLine], sections, taken: set[int], out: Statements,
                      findings: list[Finding], categories: dict[str, int]) -> None:
    """Every sentence of every paragraph, read by the prose productions (prose.py)."""
    known = ({item["head"] for item in out.items if item.get("head")} | TRADITIONAL_PIECES) - NOT_COMPONENTS
    titles = frozenset(section.line for section in sections if section.line and section.kind != OTHER)  # 'Components'
    found = paragraphs(lines, taken, titles)
    said = {id(paragraph): sentences(paragraph.text) for paragraph in found}  # each paragraph split once
    steps = _setup_step_runs(found, said, lines, sections)
    for paragraph in found:
        last_total: dict | None = None
        last_counted: dict | None = None  # the last thing counted in the paragraph, for a count that leaves out its noun
        in_example = 0  # 'Example: Alex rolls a 7. Larry has 8 cards …': the sentences after the label tell the example
        for offset, sentence in said[id(paragraph)]:
            if _EXAMPLE_OPENS.match(sentence):  # (a label that opens its line: not one of another column's)
                at = _start_of(paragraph, offset, sentence)
                in_example = EXAMPLE_SENTENCES if at is not None and not lines[at[0]].text[:at[1]].strip() else 0
            elif in_example and not _resumes_rules(paragraph, offset, sentence, lines):
                in_example -= 1
                continue
            else:
                in_example = 0
            has_count = bool(COUNT_HINT.search(sentence) or (categories and _FOR_EVERY_CUE.search(sentence)))
            if not sentence.strip() or not (has_count or ":" in sentence or _ARTICLE_CUE.search(sentence)):
                continue  # nothing a count could be read from: most sentences of a rulebook
            first_line = lines[paragraph.places[offset][0]] if offset < len(paragraph.places) else None
            around = sections[first_line.number - 1] if first_line is not None else None
            section = "" if around is None or around.inherited else PLAY if is_play(around) else around.kind
            if (id(paragraph) in steps or (id(paragraph), offset) in steps) and section in {"", OTHER}:
                section = SETUP  # 'Draw two Mission Cards.' among 'Shuffle all the decks …', 'Place a cube …'
            # (the prose of '## Market Cards' under '# Components' describes the pieces its list counts)
            emit = lambda phrase, info, start=None, end=None: _prose_statement(  # noqa: E731
                phrase, phrase.start if start is None else start, phrase.end if end is None else end,
                paragraph, offset, lines, out, info)
            listed = inline_items(sentence)
            if listed is not None and any(len([p for p in count_first(text) if not p.is_excluded]) >= 2 for _, text in listed):
                listed = None  # 'CONTENTS Game Board … 4 Home Boards Score Pad 60 Décor Tokens …': a list flattened into a line
            if listed is not None:
                _inline_statements(listed, sentence, section, paragraph, offset, lines, out,
                                   special_productions(sentence, categories) if "of which" in sentence.lower() else [])
                continue
            words = SentenceWords(sentence)  # (asked by both readings of the sentence)
            _article_statements(sentence, section, emit, last_counted["component"] if last_counted else None, words)
            if not has_count:
                continue
            categories.update(category_counts(sentence))
            _enumeration(sentence, paragraph, offset, lines, findings)
            specials = special_productions(sentence, categories)
            elided = _ELIDED.match(sentence) if last_counted is not None and (section == SETUP or last_counted.get("role") == "setup") else None
            if elided is not None and parse_number(elided.group("n")):  # 'With 2 players, remove 20.': of the thing before
                noun = last_counted["component"]
                emit(Phrase(elided.start("n"), elided.end("n"), elided.start("n"), elided.end("n"), parse_number(elided.group("n")),
                            "exact", noun, head_of(noun), "elliptic"),
                     {"role": "setup", "per": last_counted.get("per"), "component": noun, "condition": condition_of(sentence, elided.start("n"),
                      elided.end("n")), "optional": False, "supplied": False})
                continue
            last_made, last_end = None, 0
            totals_here: list[tuple[int, int, dict]] = []  # (start, end, statement) of the sentence's totals: a part
            named_per: list[tuple[int, int]] = []  # notes read kind by kind (_prose_per_part)
            # joins the total before it, the counts after a total's colon are its breakdown
            for phrase, info in read_sentence(sentence, section, known, words):
                if any(s["start"] <= phrase.count_start < s["end"] for s in specials):
                    continue
                made = emit(phrase, info)
                if made is not None and made["role"] == "total":
                    last_total = made
                    totals_here.append((phrase.start, phrase.end, made))
                if made is not None:
                    named_per += _prose_per_part(sentence, phrase, made, emit)
                if made is not None and made["role"] in {"total", "setup"} and phrase.form in {"count_first", "compound"}:
                    last_made, last_end = made, phrase.end
                    last_counted = made
            if last_made is not None:
                _total_after(sentence, last_end, last_made, emit)
                _part_of_which(sentence, last_end, last_made, emit)
                _coordinated_ones(sentence, last_end, last_made, emit)
            _breakdowns_after_colons(sentence, totals_here)
            for special in specials:
                if any(start <= special["start"] < end for start, end in named_per):
                    continue  # ('11 of each of 8 types: Elephant, …': read kind by kind already)
                if special["kind"] == "setup" and special.get("condition") is None:  # 'If two people are playing, only the
                    special = {**special, "condition": condition_of(sentence, special["start"], special["end"])}  # cards …'
                before = [made for start, _, made in totals_here if start < special["start"]]
                _special_statement(special, before[-1] if before else last_total, emit, findings)
    _prose_sums(out, findings)


# 'With 2 players, remove 20.', 'For 5 players, use 12 instead.': a count whose noun is the one counted just before it
_ELIDED = patterns.compile(rf"^\W*{FOR_PLAYERS}\s*,?\s*"
                           r"(?:remove|use|add|deal|take|place|return|set\s+aside|put\s+out|lay\s+out|reveal|draw)\s+(?:only\s+)?"
                           rf"(?P<n>{NUMBER})"
                           r"(?:\s+(?:instead|of\s+them|more))?\s*[.;!]?\s*$", re.I)
_ELIDED_TOTAL = patterns.compile(rf"(?:\s+(?:of|in|on|for)\s+(?:each|every)\s+(?:of\s+the\s+)?(?:\w+\s+){{0,2}}?\w+)?(?:,\s*|\s+)(?:for\s+)?(?:a\s+total\s+of\s+(?P<n>{NUMBER})|(?P<m>{NUMBER})\s+(?:in\s+(?:total|all)|altogether))"
                                 r"\s*(?=[.;)]|$)", re.I)  # ', for a total of 36', ', 48 in total' right after a count: all of what it counts
_MORE_AFTER = patterns.compile(rf"[^.;:]{{0,60}}?,?\s+plus\s+(?P<n>{NUMBER})\s+(?:more|extra|additional)\b(?!\s+(?:points?|vp|times?|turns?|rounds?)\b)", re.I)
_TURN_START = patterns.compile(rf"\b{TURN_START}", re.I)
_OPTIONAL_CUE = patterns.compile(rf"^\W*{EXPANSION_CONTENTS}", re.I)
_PARTS_FOLLOW = patterns.compile(rf"\s*:\s*|\s*,?\s*{BREAKDOWN_CUE}\s*:?\s*", re.I)  # '70 cards: 19 red …', '100 cards, made up of 80 …'
_LISTED_BETWEEN = patterns.compile(r"\s*(?:[,;+&]|\band\b|\bplus\b)?\s*(?:and\s+)?", re.I)


def _breakdowns_after_colons(sentence: str, counted: list[tuple[int, int, dict]]) -> None:
    """'The game includes 70 cards: 19 red, 19 blue, 24 action cards and 8 wild cards': the counts listed right after a
    total's colon are its parts — the longest run that adds up to it, or all of them when all count its kind (then a
    finding says they do not add up). `counted`: the totals read in the sentence, in order, with their spans."""
    for index, (_, end, total) in enumerate(counted):
        colon = _PARTS_FOLLOW.match(sentence, end)
        if total["count"] is None or total.get("parent_ref") is not None or colon is None:
            continue
        after, last = [], colon.end()
        for start, stop, made in counted[index + 1:]:  # a list right after the colon: '19 red, 19 blue and 8 wild'
            if made.get("parent_ref") is not None or made["count"] is None or not _LISTED_BETWEEN.fullmatch(sentence[last:start]):
                break
            after.append(made)
            last = stop
        sizes = [size for size in range(len(after), 1, -1) if sum(made["count"] for made in after[:size]) == total["count"]]
        if not sizes and len(after) >= 2 and all(made.get("head") == total.get("head") for made in after):
            sizes = [len(after)]  # all of its kind, not adding up: its parts still, and a finding (_prose_sums)
        for made in after[:sizes[0]] if sizes else []:  # the longest run from the colon on that adds up
            made.update(role="part", parent_ref=total)
            total.setdefault("prose_parts", []).append(made)
            total["has_parts"] = True


def _setup_step_runs(found: list[Paragraph], said: dict[int, list], lines: list[LayoutLine], sections) -> set:
    """The paragraphs (by id) and sentences (by paragraph id and offset) of runs of set-up steps outside a section
    titled as the set-up: paragraphs that follow each other with only blank lines between, in the same section, two or
    more of whose sentences open with a verb that only sets pieces out ('Shuffle all the decks', 'Place a cube from each player …'). A set-up is known by its
    shape as well as by its heading ('steps:', 'The Game Board', a second column of the page)."""
    runs: list[list[Paragraph]] = []
    last_line = -2
    for paragraph in found:
        first, last = paragraph.places[0][0], paragraph.places[len(paragraph.places) - 1][0]
        joined = runs and sections[first] is sections[last_line] and all(lines[i].blank for i in range(last_line + 1, first))
        if joined:
            runs[-1].append(paragraph)
        else:
            runs.append([paragraph])
        last_line = last
    steps: set = set()
    for run in runs:
        opening = [i for i, paragraph in enumerate(run) for _, sentence in said[id(paragraph)] if is_setup_step(sentence)]
        for first, last in _clusters(opening):
            while last + 1 < len(run) and said[id(run[last + 1])] and is_imperative(said[id(run[last + 1])][0][1]):
                last += 1  # '5) Draw two Mission Cards.' after the last 'Place …'
            for paragraph in run[first:last + 1]:
                steps.update(_step_sentences(paragraph, said[id(paragraph)]))
    return steps


def _step_sentences(paragraph: Paragraph, said: list[tuple[int, str]]) -> set:
    """A paragraph of a run of set-up steps as set-up: all of it (its id) when it opens with an imperative
    ('Take 10 Gold.') or is imperatives for half its sentences or more; else only its steps, each (id, offset) — not
    the turn summary '1. Do 4 actions 2. Draw 2 cards' that a page's layout put between two steps, nor the rules in a
    table of actions ('Hunt: Place a figure on a forest. Take two markers …')."""
    if said and (is_imperative(said[0][1]) or 2 * sum(is_imperative(sentence) for _, sentence in said) >= len(said)):
        return {id(paragraph)}
    return {(id(paragraph), offset) for offset, sentence in said if is_setup_step(sentence)}


def _clusters(opening: list[int], gap: int = 3) -> list[tuple[int, int]]:
    """(first, last) of each cluster of two or more steps (the index of each step's paragraph, once a step) no more
    than `gap` paragraphs apart: not the turn summary or a table between the set-up's steps and a rule's 'Place it
    face down'."""
    clusters: list[list[int]] = []
    for index in opening:
        if clusters and index - clusters[-1][-1] <= gap:
            clusters[-1].append(index)
        else:
            clusters.append([index])
    return [(cluster[0], cluster[-1]) for cluster in clusters if len(cluster) >= 2]


def _beside(made: dict, role: str, component: str, per: str | None = None) -> dict:
    """What a statement read right after `made` in its sentence ('… 72 of which …', '(20 of each colour)', '… and a
    pencil') shares with it: its condition, whether it is optional, whether the players supply it."""
    return {"role": role, "per": per, "component": component, "condition": made.get("condition"),
            "optional": made.get("optional", False), "supplied": made.get("supplied_by") is not None}


def _emit_part(emit, phrase: Phrase, made: dict, info: dict) -> None:
    """`phrase` as a part of `made`."""
    part = emit(phrase, info)
    if part is not None:
        part["parent_ref"] = made


def _prose_per_part(sentence: str, phrase: Phrase, made: dict, emit) -> list[tuple[int, int]]:
    """'the 100 tiles (20 of each color)': the per-colour count, a part of the total the sentence names; the kinds
    named one by one ('(11 of each of 8 types: Elephant, …, Zebra)'), each a part. Returns the span of a note read
    kind by kind."""
    per = read_per(sentence, phrase.end, phrase.count)
    if per is None or per.count is None or per.count == phrase.count or per.per == "player":
        return []
    named = named_parts(per.names, per.count, phrase.count)
    for name, start, end in named:  # '88 tiles (11 of each of 8 types: Elephant, …, Zebra)': eleven of each, by name
        component = f"{name} {phrase.component}"
        _emit_part(emit, Phrase(start, end, start, end, per.count, "exact", component, phrase.head, "prose"), made,
                   _beside(made, "part", component))
    if named:
        return [(per.start, per.end)]
    _emit_part(emit, Phrase(per.start, per.end, per.start, per.end, per.count, "exact", phrase.component, phrase.head, "prose"),
               made, _beside(made, "part", phrase.component, per.per))
    return []


_COUNTED_ITEMS = patterns.compile(r"(?:\s*\([^()]*\))?(?:\s*,\s*\d{1,3}\s+[^,;.()]*?(?:\s*\([^()]*\))?(?=\s*,|\s+and\s))*")


_PAIR_OF = patterns.compile(r"(?:a\s+)?pair\s+of\s+(?P<what>.+)", re.I)


def _named_thing(start: int, end: int, value: int | None, noun: str) -> Phrase:
    """What an article production found ('a pencil', 'five to each player'); a pair of what comes in twos is two of
    it ('a pair of dice'), a pair of scissors one pair."""
    pair = _PAIR_OF.match(noun)
    if pair and value == 1:
        value, noun = pairs_of(pair.group("what"))
    return Phrase(start, end, start, end, value, "exact", noun, head_of(noun), "prose")


def _total_after(sentence: str, after: int, made: dict, emit) -> None:
    """'… 9 Weather cards of each season, for a total of 36', '12 tiles, 48 in total': all of what the count just
    before says, its noun left out."""
    total = _ELIDED_TOTAL.match(sentence, after)
    group = ("n" if total.group("n") else "m") if total is not None else None
    value = parse_number(total.group(group)) if total is not None else None
    if not value:
        more = _MORE_AFTER.match(sentence, after) if made["role"] == "setup" else None
        value = parse_number(more.group("n")) if more is not None else None
        if value:  # 'Place 1 Ruin token per player on the Temple space, plus 2 more': two more of them
            emit(Phrase(more.start("n"), more.end("n"), more.start("n"), more.end("n"), value, "exact", made["component"],
                        head_of(made["component"]), "elliptic"), {**_beside(made, "setup", made["component"]), "per": None})
        return
    emit(Phrase(total.start(group), total.end(group), total.start(group), total.end(group), value, "exact",
                made["component"], head_of(made["component"]), "elliptic"),
         _beside(made, made["role"], made["component"]))


_OF_WHICH = patterns.compile(rf"\s*,\s*(?P<n>{NUMBER})\s+of\s+(?:which|them)\s+(?:are|have|show|bear|carry|depict)\b", re.I)


def _part_of_which(sentence: str, after: int, made: dict, emit) -> None:
    """'80 cards, 72 of which have various shapes': a part of the count just before, said of so many of it."""
    match = _OF_WHICH.match(sentence, after)
    value = parse_number(match.group("n")) if match is not None else None
    if not value or made.get("count") is None or value >= made["count"]:
        return
    _emit_part(emit, Phrase(match.start("n"), match.end(), match.start("n"), match.end("n"), value, "exact",
                             made["component"], head_of(made["component"]), "elliptic"),
               made, _beside(made, "part", made["component"]))


def _coordinated_ones(sentence: str, after: int, made: dict, emit) -> None:
    """'give 12 cards, 1 board and a pencil': single things coordinated after the sentence's last count, with the
    role of its last statement."""
    listed = _COUNTED_ITEMS.match(sentence, after)  # ', 1 of each Sheet': more counted items before 'and a pencil'
    for start, end, noun in coordinated_ones(sentence, listed.end() if listed else after):
        if re.search(r"\d(?!\d*-[a-z])", noun, re.I):
            break  # 'a 30x20 cm board', 'a 3-5 board': a size or a label, not a plain single thing
        phrase = _named_thing(start, end, 1, noun)
        emit(phrase, _beside(made, made["role"], phrase.component, made.get("per")))


def _article_statements(sentence: str, section: str, emit, counted_before: str | None = None,
                        words: SentenceWords | None = None) -> None:
    """'Give each player a pencil', 'deal five to each player', 'a felt mat is used' (`counted_before`: what the
    paragraph counted last, for 'remove 8 of them'; `words`: the sentence's SETUP and GAMEPLAY words, if known)."""
    words = words or SentenceWords(sentence)
    compounds = [p.count_start for p in count_first(sentence) if p.form == "compound"] if "-" in sentence else []
    if compounds:  # 'use a standard 52-card deck': the compound counts the cards, the article does not count the deck
        emit = _unless_counted_within(emit, compounds)
    emit = _each_after(emit, sentence)
    setup = {"role": "setup", "per": "player", "condition": None, "optional": False, "supplied": False}

    def found(start: int, end: int, value: int | None, noun: str, unless_counted: bool = False, **info) -> None:
        phrase = _named_thing(start, end, value, noun)
        made = emit(phrase, {**setup, **info, "component": phrase.component})
        if made is not None and unless_counted:
            made["unless_counted"] = True  # dropped where another statement counts the same thing (document.py)

    on_the_table = section != PLAY and sets_out_on_the_table(sentence)  # 'Place the board in the middle of the table':
    # set-up, titled so or not (not 'Place the discarded card in the middle of the table' under 'Playing')
    said_setup = section == SETUP or (words.setup and not _TURN_START.search(sentence)) or on_the_table or (
        section != PLAY and is_setup_step(sentence) and PLAYER_CONDITION.match(sentence) is not None)  # ('With 3 players, put 8 …')
    lower = sentence.lower()  # each production below is tried only where its own words stand
    for start, end, noun in one_per_player(sentence) if said_setup and "player" in lower else []:
        found(start, end, 1, noun)
    for start, end, noun in first_player_piece(sentence) if section != PLAY and "player" in lower else []:
        found(start, end, 1, noun, per=None)
    for start, end, value, noun, players in by_player_count(sentence) if said_setup and "player" in lower else []:
        found(start, end, value, noun, per="player" if PER_PLAYER.search(sentence) else None, condition=f"{players} players")
    for start, end, value, noun in of_them(sentence, counted_before) if said_setup and COUNT_HINT.search(sentence) else []:
        found(start, end, value, noun, per=None, condition=condition_of(sentence, start, end))
    labelled = per_label(sentence) if section == "components" and ":" in sentence else None  # 'For each player: a screen, …'
    for start, end, noun in listed_one(sentence) if (_CONTENTS_SENTENCE.search(sentence) or labelled) and (
            COUNT_HINT.search(sentence) or section == "components") else []:
        found(start, end, 1, noun, role="total", per=labelled)
    for start, end, value, noun, per in one_each(sentence) if said_setup and ("player" in lower or "both" in lower) else []:
        found(start, end, value, noun, per=per)
    for start, end, noun in the_thing_described(sentence) if section == "components" else []:
        found(start, end, 1, noun, role="total", per=None)
    for start, end, noun in laid_out(sentence) if section == SETUP else []:
        found(start, end, 1, noun, per=None)
    for start, end, noun, per, placed in the_ones_set_out(sentence) if said_setup and "the " in lower else []:
        if section == SETUP or not placed or on_the_table:  # (given or taken wherever a sentence sets up; placed in a
            # set-up's steps, or in the middle of the table outside a section about play)
            found(start, end, 1, noun, per=per, unless_counted=placed)
    for start, end, noun in named_alone(sentence) if section != PLAY else []:
        found(start, end, 1, noun, role="setup" if section == SETUP else "total", per=None, supplied=section == SUPPLIED)
    for start, end, noun in imperative_one(sentence) if section == SETUP else []:
        found(start, end, 1, noun, per=None)
    for start, end, noun in yours_set_out(sentence) if section == SETUP and "your" in lower else []:
        found(start, end, 1, noun)  # (for every player)
    for start, end, value, noun in paren_per_player(sentence) if "(" in sentence and (said_setup or section in {"components", "setup"}) else []:
        found(start, end, value, noun)
    for start, end, value, noun in deal_each(sentence) if "each player" in lower else []:
        found(start, end, value, noun, condition=condition_of(sentence, start, end))  # 'Deal 10 cards to each player in a
        # 3-player game', 'With 4 players, deal 5 cards to each player'
    for start, end, value, noun in dealt_aside(sentence) if "deal" in lower else []:
        found(start, end, value, noun, per=None)
    for start, end, noun in [] if words.gameplay and not said_setup \
            else one_used(sentence):
        found(start, end, 1, noun, role="setup" if section == "setup" else "total",
              per="player" if _EACH_NEEDS.match(sentence) else None,  # 'Each player needs a 20-sided die (not included)'
              optional=bool(re.search(r"optional", sentence, re.I)), supplied=section == SUPPLIED or bool(SUPPLIED_WORDS.search(sentence)))


_FOR_EACH_GROUP = rf"(?:(?:for|to)\s+each|per)\s+(?P<group>player|{GROUP_PATTERN})\b"  # 'for each player', 'per team'
_EACH_AFTER = patterns.compile(rf"\s*(?:,\s*)?(?:{_FOR_EACH_GROUP}|each\b)", re.I)  # right after the thing, or 'each'
_EACH_IN_ITEM = patterns.compile(rf"\b{_FOR_EACH_GROUP}", re.I)  # anywhere in an inline list's item


def _each_after(emit, sentence: str):
    """`emit` for article statements, per player when the sentence says so right after the thing: 'a pencil for each
    player', 'a screen each'."""
    def emit_each(phrase: Phrase, info: dict):
        each = _EACH_AFTER.match(sentence, phrase.end) if info.get("per") is None else None
        if each is not None:
            info = {**info, "per": per_word(each.group("group") or "player")}
        return emit(phrase, info)
    return emit_each


def _unless_counted_within(emit, counts: list[int]):
    """`emit` for article statements, skipping a span with a count of its own inside it."""
    def emit_uncounted(phrase: Phrase, info: dict):
        if any(phrase.start <= at < phrase.end for at in counts):
            return None
        return emit(phrase, info)
    return emit_uncounted


def _special_statement(special: dict, last_total: dict | None, emit, findings: list[Finding]) -> None:
    """A statement of a sentence production; a part ('the remaining 40 are tinted') joins the last total."""
    if special["count"] is None and special["kind"] != "product":
        return
    role = {"part": "part", "setup": "setup"}.get(special["kind"], "total")
    info = {"role": role, "per": special.get("per"), "component": special["component"],
            "condition": special.get("condition"), "optional": False, "supplied": False}
    made = emit(Phrase(special["start"], special["end"], special["start"], special["end"], special["count"],
                       "exact", special["component"], head_of(special["component"]), "prose"), info)
    if made is None or special["kind"] != "part" or last_total is None:
        return
    made["parent_ref"] = last_total
    named = len(special["component"].split()) > 1 or head_of(special["component"]) != head_of(last_total["component"])
    made["component"] = f"{special['component']} {last_total['component']}" if named else last_total["component"]
    # ('5 suits of 20 cards each' of '110 cards' are cards; '4 copies of each Action card' stay Action cards)
    last_total["has_parts"] = True
    last_total.setdefault("prose_parts", []).append(made)
    if "fraction" in special and last_total["count"]:
        num, den = special["fraction"]
        if last_total["count"] * num != special["count"] * den:
            findings.append(Finding("fraction", made["line"], f"{num}/{den} of {last_total['count']} is not {special['count']}"))


def _inline_statements(listed, sentence: str, section: str, paragraph, offset: int, lines, out: Statements,
                       specials: list[dict]) -> None:
    """Each item of an inline list ('Equipment: 8 suits, paper, pencils, optional playmat') as a statement, and the
    parts the sentence's productions read after them ('…, of which 10 are golden embers')."""
    supplied = bool(SUPPLIED_WORDS.search(sentence)) or section == SUPPLIED
    cue_optional = bool(_OPTIONAL_CUE.match(sentence))  # 'Expansion content: 12 Night cards, 4 Moon tokens'
    read_here: list[tuple[int, int, dict]] = []  # (start, end, statement), for the breakdowns after a colon
    for start, text in listed:
        optional = cue_optional or bool(re.match(r"optional(?:ly)?\b", text, re.I))
        body = re.sub(r"^optional(?:ly)?\s+", "", text, flags=re.I)
        shift = start + len(text) - len(body)
        counted = count_first(body)
        first = [p for p in counted if p.start <= 2] or [  # 'a standard deck of 52 playing cards' counts the cards
            p for p in counted if re.fullmatch(r"(?:an?|one)\s+(?:[\w-]+\s+){0,2}?(?:deck|pack|set|box|bag)\s+of\s+", body[:p.start], re.I)]
        last = count_last(body) if not first and re.search(r"\(\s*\d{1,3}\s*\)\s*\.?$", body) else None
        phrase = first[0] if first else last or bare_item(body)  # ('Gem tokens (30)': the count after the name)
        if phrase is None or phrase.is_excluded or len(re.sub(r"\([^()]*\)", "", body).split()) > 8:
            continue  # (a clause, not a thing; a note in parentheses is no part of the count: '60 cubes (12 in each of 5 colours)')
        if phrase.form == "bare_item" and phrase.head not in COMPONENT_HEADS and (
                len(body.split()) > 3 or body.split()[0].lower() in STOP_WORDS or body.strip(" .").lower() in COLOUR_NAMES):
            continue  # 'to collect income from', 'build public works': a clause, not a thing; '…, red and white pegs': a colour
        end = phrase.end if phrase.form != "bare_item" else len(body)
        per = read_per(body, phrase.end, phrase.count)
        each = _EACH_IN_ITEM.search(body) if per is None else None  # 'a pencil for each player'
        parted = per is not None and per.count is not None and per.count != phrase.count and per.per != "player"
        # ('60 wooden cubes (12 of each colour)': sixty, twelve of them in each colour, a part)
        read = phrase
        phrase = replace(phrase, count_start=shift + phrase.count_start, count_end=shift + phrase.count_end)
        made = _prose_statement(phrase, shift + phrase.start, shift + end, paragraph, offset, lines, out,
                                {"role": "total", "per": None if parted else per.per if per else per_word(each.group("group"))
                                 if each else phrase.per, "component": phrase.component,
                                 "condition": None, "optional": optional or section == "optional", "supplied": supplied})
        if made is not None:
            read_here.append((shift + phrase.start, shift + phrase.end, made))
            if parted:
                _prose_per_part(body, read, made, lambda part, info, at=shift: _prose_statement(
                    replace(part, count_start=at + part.count_start, count_end=at + part.count_end), at + part.start,
                    at + part.end, paragraph, offset, lines, out, info))
    _breakdowns_after_colons(sentence, read_here)
    for special in specials:
        before = [made for start, _, made in read_here if start < special["start"]]
        if special["kind"] == "part" and before:  # 'The game includes 50 Ember tokens, of which 10 are golden embers'
            _special_statement(special, before[-1], lambda phrase, info: _prose_statement(
                phrase, phrase.start, phrase.end, paragraph, offset, lines, out, info), [])


def _prose_sums(out: Statements, findings: list[Finding]) -> None:
    for item in out.items:
        parts = item.pop("prose_parts", None)
        if parts and item["count"] is not None:
            total = sum(p["count"] or 0 for p in parts)
            if len(parts) >= 2 and total != item["count"]:
                findings.append(Finding("parts-total", item["line"], f"the parts add up to {total}, but the total is {item['count']}",
                                        tuple(p["line"] for p in parts)))


_ARTICLE_AT = patterns.compile(r"(?i:an?)\s+")


def _prose_statement(phrase: Phrase, start: int, end: int, paragraph, offset: int, lines, out: Statements,
                     info: dict) -> dict | None:
    a = offset + start
    b = offset + end - 1
    if a >= len(paragraph.places):
        return None
    count_at = offset + phrase.count_start
    if count_at < len(paragraph.places) and paragraph.places[count_at][0] != paragraph.places[a][0]:
        a = count_at  # 'A\ntotal of 10 tiles': quote from the line the count stands on
    article = _ARTICLE_AT.match(paragraph.text, a)
    noun_at = article.end() if article else a
    if article and noun_at < min(len(paragraph.places), offset + end) and paragraph.places[noun_at][0] != paragraph.places[a][0]:
        a = noun_at  # '… and a' / 'Tao token in his color': an article alone says nothing; quote from the thing named
        # ('one Titan and one' / 'Angel' is quoted where its number stands)
    line_index, column = paragraph.places[a]
    line = lines[line_index]
    end_index, end_column = paragraph.places[min(b, len(paragraph.places) - 1)]
    stop = end_column + 1 if end_index == line_index else len(line.text)
    return out.add(
        line=line.number, column=line.cols[column] if column < len(line.cols) else 0, quote=quote_of(line, column, stop),
        count=phrase.count, component=info["component"], qualifier=phrase.qualifier, role=info["role"],
        per=info["per"], per_count=phrase.per_count if info["per"] == phrase.per else None, condition=info["condition"],
        optional=info["optional"],
        supplied_by="player" if info["supplied"] else None, head=phrase.head,
    )


def _enumeration(sentence: str, paragraph, offset: int, lines, findings: list[Finding]) -> None:
    """'Five banner colours: red, teal, amber, teal and grey' names four, not five."""
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

