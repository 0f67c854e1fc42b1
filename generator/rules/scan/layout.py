"""Normalise a rulebook's layout line by line, keeping a map back to the original columns so that every quote
stays verbatim: markup (Markdown, wiki, leftover HTML entities), bullet glyphs of any kind, leaders of any
kind, letter-spaced headings, typographic dashes and quotes. Entry point: layout_lines."""

from __future__ import annotations

import html
import re
import string
from bisect import bisect_left
from dataclasses import dataclass

from generator.rules.numbers import NUMBER_PATTERN

from . import patterns
from .debris import WORD_SPACE, debris_indexes
from .lexicon import COMPONENT_HEADS, STEP_OPENING_PATTERN, head_of, is_plural

_FOLD = str.maketrans({"«": "\"", "»": "\"", "‘": "'", "’": "'", "‚": "'", "“": '"', "”": '"', "„": '"', "–": "-", "—": "-",
                       "−": "-", "‒": "-", "\u2010": "-", "\u2011": "-", "―": "-", "×": "x", "\u00a0": " ", "\u2009": " ", "\u202f": " ",
                       "\u2002": " ", "\u2003": " ", "\u3000": " ", "\u205f": " ", "\u00ad": "", "\x02": "", "\ufffe": "", "\u200b": "",
                       "¼": " 1/4", "½": " 1/2", "¾": " 3/4", "⅓": " 1/3", "⅔": " 2/3", "⅛": " 1/8",  # '2¼"': a size
                       "ﬁ": "fi", "ﬂ": "fl", "ﬀ": "ff", "ﬃ": "ffi", "ﬄ": "ffl", "ﬅ": "st", "ﬆ": "st"})  # a PDF's ligatures;
# '\x02' and '\ufffe' are pdfium's marks of a word broken at a line's end: soft hyphens, as pdf_page writes them

# (and the Symbol and Wingdings bullets a word processor's PDF leaves in the private use area: U+F0B7, U+F0A7,
# U+F076, U+F0D8, U+F0FC, U+F0A8, U+F06E, U+F071)
BULLET_GLYPHS = "-–—•●○◦▪▫■□◆◇➤►▶‣⁃∙·*+>✓✔☐☑❖➢→⇒✦✧★☆♦◊◉◎▸▹►▻❯❱⦿⁌⁍※\uf0b7\uf0a7\uf076\uf0d8\uf0fc\uf0a8\uf06e\uf071"
_BULLET_RE = patterns.compile(
    r"^(?P<indent>[ \t]*)(?P<bullet>(?:[" + re.escape(BULLET_GLYPHS.replace("-", "")) + r"]|-(?=[ \t])|\*(?=[ \t]))"
    r"|\d{1,2}[.)](?=[ \t]+\D)|[a-hA-H][.)](?=[ \t])|[i-zI-Z][.)](?=[ \t]+\d{1,3}[ \t]+[^\W\d_])|\((?:\d{1,2}|[a-h]|[ivx]{1,4})\)(?=[ \t])|\[[A-Za-z]\](?=[ \t])"
    r"|[ulnqvwy](?=[ \t]+\d)|[ulnqwy](?=\d{1,3}[ \t]+[^\W\d_])|[\ue000-\uf8ff]|:(?=[ \t]))[ \t]*"  # ':' opens a Markdown definition  # a symbol font's bullet extracted as a letter ('u 1 Rules booklet', 'y29 City Plan cards') or private-use glyph
)
_JUSTIFIED_ITEM = patterns.compile(r"^\s*\d{1,3}(?: {2,}[^\W\d_][\w'’-]*){1,2} {2,}(?P<last>[^\W\d_][\w'’-]*)\s*$")
_MARKDOWN_TABLE_RULE = patterns.compile(r"^\s*(?:\|\s*)?:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)+\|?[ \t]*$")
_SLASHED_ROW = patterns.compile(r"^\s*[^\W\d_][^\d/:|]{1,40}:\s*[1-9]\d{0,2}(?:\s+/\s+[1-9]\d{0,2}){2,11}\s*$")  # (spaced
# slashes: '12/05/23' is a date)
_SHORT_LEADER = patterns.compile(r"(?:(?<=[^\W\d_])|(?<=\)))[ \t]+\.\.[ \t]+(?=\d{1,4}\s*$)")  # (not '1 .. 6', a range)
_LEADER_RE = patterns.compile(r"(?<![ \t])[ \t]*(?:(?:\.[ \t]?){3,}|…+[ \t…]*|_{2,}|-{3,}|(?:-[ \t]){3,}-?|(?:·[ \t]?){3,}|(?:•[ \t]?){3,})[ \t]*")
# ('Hive tiles – – – – 60': dashes a space apart, folded to '-', lead to the count too)
# (each pattern that opens with a run of spaces starts only where the run starts: tried from every space of a
# long run, it would take time in the square of the run's length)
_LETTER_SPACED_RE = patterns.compile(r"\b(?:[^\W\d_] ){3,}[^\W\d_]\b")
_HEADING_WORDS = ("components", "component", "contents", "content", "equipment", "materials", "setup",
                  "set-up", "preparation", "overview", "included", "includes", "inventory", "pieces",
                  "gameplay", "objective", "introduction", "rules", "scoring", "requirements", "needed")
_NUMBER_AT_START = patterns.compile(rf"^(?:{NUMBER_PATTERN}|xx+|\?+)\b", re.I)


@dataclass(frozen=True)
class LayoutLine:
    """One line of the rulebook: its original text, and its content normalised for reading.

    `cols[i]` is the column in `raw` of character i of `text`; `quote(a, b)` gives the original text of a span.
    """

    number: int
    raw: str
    text: str
    cols: tuple[int, ...]
    indent: int
    bullet: str | None
    heading_level: int  # 0 = not marked as a heading (Markdown #, wiki ==, underline, all caps)
    is_debris: bool

    @property
    def blank(self) -> bool:
        return not self.text.strip()

    def index_of(self, column: int) -> int:
        """The index in `text` of the first character at or after `column` of `raw` (the inverse of `cols`)."""
        index = bisect_left(self.cols, column)  # `cols` never decreases: text keeps the raw line's order
        return index if index < len(self.cols) else 0

    def quote(self, start: int = 0, end: int | None = None) -> str:
        """The verbatim original text behind text[start:end], stripped."""
        end = len(self.text) if end is None else end
        if not self.cols or start >= end:
            return ""
        begin = self.cols[min(start, len(self.cols) - 1)]
        stop = self.cols[min(end, len(self.cols)) - 1] + 1
        return self.raw[begin:stop].strip()


def _compiled(pattern: re.Pattern | str) -> re.Pattern:
    """A pattern given as text to _Mapped.sub, compiled once a run (each is used on every line that needs work)."""
    return pattern if isinstance(pattern, re.Pattern) else patterns.compile(pattern)


class _Mapped:
    """A string whose every character remembers its column in the original line."""

    def __init__(self, text: str) -> None:
        self._chars = list(text)
        self.cols = list(range(len(text)))
        self._text: str | None = text

    @property
    def chars(self) -> list[str]:
        return self._chars

    @chars.setter
    def chars(self, value: list[str]) -> None:
        self._chars, self._text = value, None

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = "".join(self._chars)
        return self._text

    def sub(self, pattern: re.Pattern | str, repl) -> None:
        """re.sub on the text; replacement characters take the column of the match's first character
        (or, for a group reference `\\1`-style function result, keep their own when repl returns a span; a list of
        spans and strings puts them one after the other)."""
        text = self.text
        matches = list(_compiled(pattern).finditer(text))
        if not matches:
            return
        out_chars, out_cols, last = [], [], 0
        for match in matches:
            out_chars.extend(self.chars[last:match.start()])
            out_cols.extend(self.cols[last:match.start()])
            replacement = repl(match) if callable(repl) else repl
            for piece in replacement if isinstance(replacement, list) else [replacement]:
                if isinstance(piece, tuple):  # (start, end) of a span of the match to keep as it is
                    out_chars.extend(self.chars[piece[0]:piece[1]])
                    out_cols.extend(self.cols[piece[0]:piece[1]])
                else:
                    col = self.cols[match.start()] if match.start() < len(self.cols) else (self.cols[-1] if self.cols else 0)
                    out_chars.extend(piece)
                    out_cols.extend([col] * len(piece))
            last = match.end()
        out_chars.extend(self.chars[last:])
        out_cols.extend(self.cols[last:])
        self.chars, self.cols = out_chars, out_cols

    def fold(self) -> None:
        text = self.text
        if "-\u00ad\u2010" in text:
            self.sub("-\u00ad(?=\u2010)", "")  # 'face-\xad‐up' in some PDFs' text: one hyphen, written three ways
            text = self.text
        folded = text.translate(_FOLD)
        if folded == text:
            return
        if len(folded) == len(text):
            self.chars = list(folded)
            return
        chars, cols = [], []
        for ch, col in zip(self.chars, self.cols):
            for folded in ch.translate(_FOLD):
                chars.append(folded)
                cols.append(col)
        self.chars, self.cols = chars, cols


def _join_spaced_letters(match: re.Match) -> str:
    letters = match.group(0).replace(" ", "")
    if letters.lower() in string.ascii_lowercase:
        return match.group(0)  # 'a b c d e f g h': a board's file labels, not a word spaced out
    return letters



def _unspace_heading(mapped: _Mapped) -> None:
    """'COMP ONEN TS' and 'C O M P O N E N T S' (PDF letter spacing) become one word."""
    mapped.sub(_LETTER_SPACED_RE, _join_spaced_letters)
    text = mapped.text.strip()
    if not text or len(text) > 40 or not re.fullmatch(r"[A-Z][A-Z '&-]*", text) or " " not in text:
        return
    joined = text.replace(" ", "").lower()
    fragments = text.split()
    if any(word in joined for word in _HEADING_WORDS) and not any(f.lower() in _HEADING_WORDS for f in fragments):
        # Rejoin the fragments, keeping a space before a heading word that stands whole ("GAME COMPONENTS").
        mapped.sub(r"(?<=[A-Z]) (?=[A-Z])", "")


_INLINE_ENTRY = patterns.compile(r"(?<![\w'’])[A-Z][\w'’&!?-]*(?: [\w'’&!?-]+){0,5}\t(?P<page>\d{1,3})(?=\s|$)")


def _blank_inline_contents(mapped: _Mapped) -> None:
    """'Introduction… 2 Goal… 2 In This Box… 2' (a contents page flattened into one line, its leaders now tabs): the
    entries are titles and pages, not counts; they are blanked, and what follows them on the line is read."""
    entries = list(_INLINE_ENTRY.finditer(mapped.text))
    pages = [int(e.group("page")) for e in entries]
    titled = sum(head_of(e.group(0).split("\t")[0]) in COMPONENT_HEADS for e in entries)
    if len(entries) >= 3 and pages == sorted(pages) and titled * 3 <= len(entries):
        mapped.sub(_INLINE_ENTRY, " ; ")  # a break no count phrase reads across


def _markup(mapped: _Mapped) -> None:
    mapped.sub(r"\[\[(?:[^\]|\[]*\|)?([^\]\[]*)\]\]", lambda m: m.span(1))  # wiki links [[target|shown]]
    mapped.sub(r"\[([^\]\[]+)\]\([^)]*\)", lambda m: m.span(1))  # Markdown links (no '[' inside: a run of them is
    # met once, not scanned to its end from each)
    mapped.sub(r"^([ \t]*(?:[-*+][ \t]+)?\*\*[^*\n]{0,60}?[^\W\d_]{2}[^*\n]{0,60}?)\*\*(?=[ \t]+(?!(?:and|or|plus)\b)(?P<next>[a-z]|\d+[ \t]+[a-z]))",
               _bold_name_ended)
    # ('* **Market Deck** 100 cards': the count of what the bold names; '**Gem Tokens (6):** 2 of each': said already)
    # ('* **1 Governor placard** indicates the start player': the bold name ends the item, a description follows)
    mapped.sub(r"'''|''|\*\*|__|`", "")
    mapped.sub(r"(?<!\w)\*(?=\S)|(?<=\S)\*(?!\w)", "")  # *emphasis*, not a bullet
    mapped.sub(r"&(?:#\d+|#x[0-9a-fA-F]+|[a-zA-Z]{2,8});", lambda m: html.unescape(m.group(0)))
    mapped.sub(r"<[a-zA-Z/][^>]{0,200}>", " ")  # leftover tags in a text file
    mapped.sub(r"\{%[^%]*%\}|\{\{[^{}]*\}\}", " ")  # template tags (Jekyll, Liquid, wiki templates)
    mapped.sub(r"(?<=\d)--(?=\d)", "-")  # TeX's en dash between numbers: '12--15 per suit', '4--6 players'


# A numbered line: '3. Setup', '2.3 Aspects', '1\tIntroduction', '4) Card Rankings', '1. Place the board …'.
_NUMBERED = patterns.compile(r"^\s*(?P<n>\d{1,2})(?P<sub>(?:\.\d{1,2})+)?(?P<mark>[.)]?)(?P<gap>[ \t]+)(?P<title>\S(?:.*\S)?)[ \t]*$")
_TITLE_SHAPE = patterns.compile(r"[A-Z][\w'’-]*(?:[ \t]+[\w'’&:-]+){0,6}")
_LIST_TITLE = patterns.compile(r"(?P<name>(?:the\s+)?(?:game\s+)?(?:contents|components|set\s*-?\s*up|preparations?|materials"
                               r"|equipment))(?:\s*\([^()]*\))?\s*:?", re.I)


def _number_of(text: str) -> int:
    """The number before a numbered title ('3. Setup' -> 3), -1 for any other line."""
    numbered = _NUMBERED.match(text)
    return int(numbered.group("n")) if numbered and not numbered.group("sub") and _TITLE_SHAPE.fullmatch(numbered.group("title")) else -1


def _list_section_title(text: str) -> str | None:
    """'1 Contents', '2. Setup', '3) Components': a section's number and the title of a component list or of the
    setup ('Setup'). A number before any other title may be a count: '1 Game board', '4 Game Pieces'."""
    numbered = _NUMBERED.match(text)
    listed = _LIST_TITLE.fullmatch(numbered.group("title")) if numbered and not numbered.group("sub") else None
    return listed.group("name") if listed else None


def _section_title(text: str) -> str | None:
    """'2.3 Aspects', '1\tIntroduction': a numbered section's title, numbered in parts or set off by a tab."""
    numbered = _NUMBERED.match(text)
    if numbered is None or numbered.group("mark") == ")" or not (numbered.group("sub") or numbered.group("gap")[0] == "\t"):
        return None
    title = numbered.group("title")
    return title if _TITLE_SHAPE.fullmatch(title) and len(title.split()) <= 6 else None  # ('3.2 Give each player 3
    # cards face down': a numbered step, seven words)


_STEP_VERB = patterns.compile(rf"{STEP_OPENING_PATTERN}\b", re.I)


def _titled(title: str) -> bool:
    """'Card Rankings and Suits': a section's title, not a step ('Place the dice …', 'Each player takes 5 cards') nor
    a counted line ('Game board')."""
    return not re.search(r"\d|[.,;]\s*$", title) and len(title.split()) <= 5 and not _STEP_VERB.match(title) \
        and head_of(title) not in COMPONENT_HEADS


def _heading_level(text: str, next_raw: str | None, piped: bool = False) -> tuple[str, int]:
    stripped = text.strip()
    markdown = re.match(r"^(#{1,6})\s+(?!of\b)", stripped)  # but "# of Players": a table's "number of"
    if markdown:
        return stripped[markdown.end():].strip().strip("#").strip(), len(markdown.group(1))
    front_matter = re.match(r"^title:\s*(\S.*)$", stripped)
    if front_matter:
        return front_matter.group(1).strip("'\""), 1
    wiki = re.match(r"^(={1,6})\s*(.*?)\s*\1$", stripped)
    if wiki:
        return wiki.group(2), len(wiki.group(1))
    if next_raw is not None and re.fullmatch(r"\s*(?:={3,}|-{3,})\s*", next_raw) and stripped \
            and not re.match(r"^[\w-]+:\s", stripped):  # 'layout: page' closing a front matter is no heading
        return stripped, 1 if "=" in next_raw else 2
    section = _list_section_title(stripped)
    if section and not (next_raw and (re.match(r"\s*[a-z]", next_raw) or _number_of(next_raw) == _number_of(stripped) + 1)):
        return section, 2  # (not '1 Summary' / 'card', nor a table of contents: '1. Equipment' / '2. Play')
    numbered = _section_title(stripped) if not piped else None  # ('| 1 | Game board | folds |': a table's row)
    if numbered and head_of(numbered) not in COMPONENT_HEADS:
        return numbered, 2
    letters = re.sub(r"[^A-Za-z]", "", stripped)
    if (len(letters) >= 4 and letters.isupper() and len(stripped.split()) <= 6 and not stripped.endswith((".", ","))
            and not _NUMBER_AT_START.match(stripped)):
        return stripped.rstrip(":"), 3
    return stripped, 0


# Some PDFs come out of text extraction with a space after every ligature ('ti me', 'butt ons', 'diﬀ er'): a
# document with several lone ligatures before a lowercase fragment has them joined back, except after a whole word.
_LONE_LIGATURE = patterns.compile(r"(?<![^\W\d_])(?:ti|tt|fi|fl|ff|ffi|ffl) (?=[a-z])")
_GAP_AFTER_LIGATURE = patterns.compile(r"(?<=ti|tt|fi|fl|ff) (?=[a-z])")
_WORDS_ENDING_IN_LIGATURE = frozenset(
    "off staff stuff cliff bluff buff chaff scoff sniff stiff tariff sheriff puff cuff gruff snuff tiff riff whiff "
    "fluff handoff playoff takeoff tradeoff kickoff payoff runoff cutoff standoff liftoff layoff dropoff wifi "
    "hifi scifi".split())


def _ligature_gap(match: re.Match) -> str:
    word = re.search(r"[^\W\d_]+$", match.string[:match.start()]).group().lower()
    return " " if word in _WORDS_ENDING_IN_LIGATURE else ""


# What a line needs the rewrites of layout_lines for, one test each: one pattern of all of them as alternatives was
# tried alternative by alternative at every character of every line. A test starting with a literal is found by
# the engine's scan for that literal; a plain substring test (`in`) comes first where one is necessary for a match.
_NEEDS_WORK_AT_START = patterns.compile(r"\s*-\d|\s*\d{1,3}[A-Z]|[A-Z ]+$")  # (with match)
_NEEDS_WORK_CHARACTER = patterns.compile(r"[\x00-\x1f\[\]'*_`&<{|…·•\U0001F1E6-\U0001FAFF\uFE0F]")
_DOTS = patterns.compile(r"\.\s?\.\s?\.| \.\. ")
_WIDE_GAP = patterns.compile(r"\S {4}")
_SPACED_LETTERS = patterns.compile(r" (?<=\b[^\W\d_] )[^\W\d_] ")  # 'S E T U P' (\b[^\W\d_] [^\W\d_] , found from its first space)
_DASH_BEFORE_NUMBER = patterns.compile(r"[a-z]- \d")


def _needs_work(text: str) -> bool:
    return bool(_NEEDS_WORK_AT_START.match(text) or _NEEDS_WORK_CHARACTER.search(text) or _DOTS.search(text)
                or "--" in text or ("    " in text and _WIDE_GAP.search(text)) or _SPACED_LETTERS.search(text)
                or ("- " in text and (_DASH_BEFORE_NUMBER.search(text) or "- - -" in text)))


# Items a page ran together with nothing between them. A gap goes back in after a piece's name ('…Cards' + 'Betrayal',
# '…Board' + '4 Player'), after a closing parenthesis, or after a comma or colon right after a word; the quote keeps
# the text as it is.
_GLUED_HINT = patterns.compile(r"[a-z](?:[A-Z][a-z]|\d{1,3}\s)|\d\)[A-Z]|[^\W\d_][,:][A-Z0-9]")
_DASH_BETWEEN_COUNTED = patterns.compile(r"(?<=\d\))\s+[-–—]\s+(?=[A-Z][a-z])")  # 'Cards (x55) - Dice (x4) - Score pad (x1)'
# (a bar between them is a table's cell border, read as cells)
_GLUED_LINE_LIMIT = 4000  # a list run together is a page's line, not a 50 KB run of words (each gap costs a copy)
_GLUED_ITEMS = patterns.compile(r"(?<=[a-z])(?P<after_word>)(?=[A-Z][a-z]|\d{1,3}\s+[^\W\d_])"
                                r"|(?<=\d\))(?=[A-Z][a-z])|(?<=[^\W\d_],)(?=[A-Z][a-z]|\d{1,3}\s+[^\W\d_])|(?<=[^\W\d_]:)(?=\d{1,3}\s+[^\W\d_])")


_BRACKETED_COUNT = patterns.compile(r"^(?P<indent>\s*)\[(?P<n>\d{1,3})\](?=[ \t]+(?P<name>[^\W\d_][\w'’ -]*))")


def _bold_name_ended(match: re.Match) -> list:
    """The bold name of an item, its closing marks turned into the separator its description needs: none after a
    colon ('**Gem Tokens (6):** 2 of each'), a colon before a count ('**Market Deck** 100 cards'), else a dash."""
    if match.group(1).endswith(":"):
        return [match.span(1)]
    return [match.span(1), ":" if match.group("next")[0].isdigit() else " -"]


def _bracketed_runs(raws: list[str]) -> set[int]:
    """The lines that open with a count in brackets next to another such line: a list ('[24] Pine tokens' /
    '[8] Lumberjack meeples'), not a chapter's number alone ('[1] Basics')."""
    opening = {index for index, raw in enumerate(raws) if raw.lstrip().startswith("[") and _BRACKETED_COUNT.match(raw)}
    return {index for index in opening if index - 1 in opening or index + 1 in opening}


def _unbracketed(match: re.Match):
    """'[24] Pine tokens': a count in brackets before the pieces' name is the count (the quote keeps the brackets);
    '[1] Introduction', a chapter's number, stays as it is."""
    name = match.group("name").rstrip()
    if head_of(name) not in COMPONENT_HEADS and not is_plural(name.split()[-1]):
        return match.span()
    return [match.span("indent"), match.group("n")]


def _unglued(match: re.Match) -> str:
    """The gap between two items run together: a bullet where nothing marked the boundary (what an inline list of
    items reads), a space after the comma or colon that did."""
    if match.group("after_word") is None:
        return " " if match.string[match.start() - 1] in ",:;" else " • "
    before = match.string[max(0, match.start() - 40):match.start()]
    word = re.search(r"[^\W\d_]{1,30}$", before).group()
    named_before = re.search(r"[A-Z][a-z]+\s+[^\W\d_]{1,30}$", before) is not None  # 'Game BoardRulebook': a name's last word
    glued = head_of(word) in COMPONENT_HEADS and (match.string[match.start()].isdigit() or word[0].isupper() and (
        (is_plural(word) and word.lower() != "dice") or named_before))
    return " • " if glued else ""  # 'CardsBetrayal', 'Game BoardRulebook', 'Board4 Player', 'board35 Moloch Army tiles'; not
    # 'McDonald', 'CardStands', 'DiceTray', 'deal5 cards'


def layout_lines(text: str) -> list[LayoutLine]:
    """Every line of the text (split on '\\n', a trailing '\\r' dropped), normalised for reading."""
    raws = [line.rstrip("\r") for line in text.split("\n")]
    split_ligatures = len(_LONE_LIGATURE.findall(text.translate(_FOLD))) >= 3
    lines = []
    numbered: tuple[int, int] | None = None  # the number and indent of the last numbered section read
    bracketed = _bracketed_runs(raws) if "[" in text else set()
    for index, raw in enumerate(raws):
        mapped = _Mapped(raw)
        mapped.fold()
        if split_ligatures:
            mapped.sub(_GAP_AFTER_LIGATURE, _ligature_gap)
        if ") " in mapped.text and _DASH_BETWEEN_COUNTED.search(mapped.text):
            mapped.sub(_DASH_BETWEEN_COUNTED, " • ")  # items counted in parentheses, a dash between: a list on one line
        if len(raw) < _GLUED_LINE_LIMIT and _GLUED_HINT.search(mapped.text):  # a list a web page ran together: '1 Game Board4 Player Boards60 Coins',
            mapped.sub(_GLUED_ITEMS, _unglued)  # 'Tile (x24)Bridge (x8)', 'Contents:1 Lighthouse board,6 pawns',
            # 'Secret Objective CardsBetrayal CardsRulebook'
        if "/" in mapped.text and _SLASHED_ROW.match(mapped.text):  # 'Starting Gems: 6 / 5 / 4 / 3': a table's row written
            mapped.sub(r"\s*[:/]\s*(?=\d)", "\t")  # with slashes, its cells now apart as a table's are
        if _needs_work(mapped.text):  # most lines are plain words: skip the rewrites they cannot need
            mapped.sub(r"^(\s*)-(?=\d+\s+[^\W\d_]|[A-Z][a-z])", lambda m: m.group(1) + "- ")  # '-8 cards', '-At least': a bullet that lost its space
            mapped.sub(r"^(\s*\d{1,3})(?=[A-Z][a-z])", lambda m: m.group(1) + " ")  # '4Peasants': a lost column gap
            if index in bracketed:
                mapped.sub(_BRACKETED_COUNT, _unbracketed)  # '[24] Pine tokens'
            mapped.sub(r"(?<=[a-z])-(?= \d{1,3} each\b)", " -")  # '8 skip cards- 2 each in …': a dash that lost its space
            mapped.sub(r"(?<=\d)[\x00-\x08\x0b-\x1f]\s?(?=\d)", "")  # '7\a 2' in some PDF extractions is 72
            mapped.sub(WORD_SPACE, " ")  # a CR between words (debris.WORD_SPACE)
            mapped.sub(r"[\x00-\x08\x0b-\x1f]", " ")
            mapped.sub(r"\s?[\U0001F1E6-\U0001FAFF\uFE0F\u200D]+", "")  # '4 island 🏝️ cards': a picture inside the words
            mapped.sub(_MARKDOWN_TABLE_RULE, "")  # '|------|-----:|': a table's rule, no text (its alignment colons neither)
            mapped.sub(_LEADER_RE, "\t")
            mapped.sub(_SHORT_LEADER, "\t")  # 'Citizen meeples (5 colours) .. 40': the leader a longer name left short
            if mapped.text.count("\t") >= 3:  # before table cells become tabs too
                _blank_inline_contents(mapped)
            _markup(mapped)
            mapped.sub(r"(?<!\s)\s+(?=\|)", "")  # table cells (the space before a bar, then the bar with the space after it:
            mapped.sub(r"\|\s*", "\t")  # no pattern here is tried from every space of a long run)
            justified = _JUSTIFIED_ITEM.match(mapped.text)
            if justified and head_of(justified.group("last")) in COMPONENT_HEADS:
                mapped.sub(r"(?<=\S) {2,}(?=\S)", " ")  # '120      Spell     cards': one item spread across its line
            mapped.sub(r"(?<=\S) {4,}(?=\S)", "\t")  # a wide gap: the next column of a page laid out in columns
            mapped.sub(r"(?<=\S)[^\S\n]{9,}(?=\S)", "\t")  # a longer run than a table's empty cells: one gap (the reader's
            # patterns take time in the square of a run of spaces they are tried at; its lines have no long runs)
            _unspace_heading(mapped)
        content = mapped.text
        expanded = content.expandtabs(4)
        indent = len(expanded) - len(expanded.lstrip(" \t"))
        bullet = None
        match = _BULLET_RE.match(content)
        if match and match.end() < len(content.rstrip()) and not _list_section_title(content.strip()):
            bullet = match.group("bullet")
            mapped.chars, mapped.cols = mapped.chars[match.end():], mapped.cols[match.end():]
            if bullet in "-–—":
                mapped.sub(r"(?<!\s)\s+-(?=\s*(?:\(|$))", "")  # '– 6 FIREFIGHTERS –': a caption between two dashes
        # strip surrounding whitespace, keeping the map aligned
        content = mapped.text
        left = len(content) - len(content.lstrip())
        right = len(content.rstrip())
        chars, cols = mapped.chars[left:right], mapped.cols[left:right]
        normalised = "".join(chars)
        heading_text, level = _heading_level(normalised, raws[index + 1] if index + 1 < len(raws) else None,
                                             raw.count("|") >= 2)
        if level and bullet is None and _list_section_title(normalised):  # (such a line is given no bullet above)
            numbered = (_number_of(raw), indent)  # '3. Setup': its sibling '4. Card Rankings' ends it
        elif numbered and re.match(r"\s*\d{1,2}[.)]?\s", raw) and _number_of(raw) != numbered[0] + 1:
            numbered = None  # a numbered list inside the section ('1. Place the board'): its numbers are steps, not sections
        elif numbered and _number_of(raw) == numbered[0] + 1 and indent == numbered[1] and _titled(_NUMBERED.match(raw).group("title")):
            numbered = (numbered[0] + 1, indent)
            bullet, level, heading_text = None, 2, _NUMBERED.match(raw).group("title")
        if level and bullet is None and heading_text != normalised:
            at = normalised.find(heading_text)
            if at >= 0:
                chars, cols = chars[at:at + len(heading_text)], cols[at:at + len(heading_text)]
                normalised = heading_text
        if bullet is not None:
            level = 0
        lines.append(LayoutLine(index + 1, raw, normalised, tuple(cols), indent, bullet, level, False))
    for index in debris_indexes(raws):
        lines[index] = LayoutLine(lines[index].number, lines[index].raw, "", (), 0, None, 0, True)
    return lines
