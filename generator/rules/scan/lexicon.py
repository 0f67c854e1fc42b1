"""Which nouns name physical components, and which name something else (a category, a play area, a role,
a grouping, time, score). Words are singular and lower-case; `singular` maps a written word to that form.

The lists are general English board-game vocabulary, never words of one particular rulebook: a test keeps
any word that occurs only in the seed rulebooks out of generator/rules/."""

from __future__ import annotations

import re

from . import patterns
from functools import lru_cache

# Head nouns of things that come in a box (or that players supply): read as components anywhere.
COMPONENT_HEADS = frozenset("""
card deck token marker counter chit disc disk chip coin bill banknote cube die dice pawn meeple figure figurine
miniature mini piece tile hex hexagon board gameboard mat playmat sheet pad scorepad scoresheet booklet rulebook
book manual instruction instructions sleeve stand standee base bag box tray timer hourglass sandglass screen track cloth
stone bead gem crystal jewel ring stick peg checker draughtsman domino seed marble ball cup pencil pen sticker
envelope insert holder spinner dial wheel cylinder block bar plate disk octagon plaque clip punchboard pouch
crate coaster rod button bell overview aid reference summary map ship car train hotel tower wall
meeple worker soldier unit vehicle wagon bead pebble shell bean cone pyramid chess-piece stamp note scroll
cardboard wafer sack pog counterpiece tent flag banner key cap lid cover label spacer divider organizer
playing-card sword shield crown coin barrel rules copy man draughtsman sandtimer glass jar bowl die-cut dice-tower
fence road bridge hut castle boat raft log plank brick vial potion
nugget ticket rack easel tableau scorecard notepad clock stopwatch tracker joker chart matchstick
pin skittle baton bat racket paddle puck mallet hoop wicket tee dart module dispenser
""".split())

# 'Rules', 'Game rules', 'These rules' listed as a piece: the rulebook, one booklet (head_of reads 'rules' as 'rule', which
# names no piece in a sentence: 'remember these 3 rules').
BOOKLET_HEADS = frozenset({"rule", "instructions"})

# The pieces of traditional board games as their descriptions name them ('fifteen geese and one fox', 'a king and eight
# guards'): counted in a sentence that states what the game has, but no head of a longer name ('Fox Wildlife Tokens',
# 'Knight inventory cards', '28 general events').
TRADITIONAL_PIECES = frozenset("""rook knight bishop general elephant chariot cannon guard raider
hound hare fox goose tiger goat wolf warrior attacker defender""".split())

# A word broken at a line's end ('Adven-' / 'ture cards') is one word again, but not a compound's first part
# ('two-' / 'sided tiles', 'double-' / 'sided board').
_COMPOUND_FIRSTS = frozenset("""one two three four five six seven eight nine ten eleven twelve twenty single double triple
non self well""".split())


def hyphen_break(line: str, next_line: str) -> str | None:
    """How a line ending in a hyphen joins the next: 'word' (a broken word: the hyphen goes), 'compound' (the
    hyphen stays, with no space after it), None (no hyphen there, or the next line starts a new word)."""
    broken = re.search(r"([^\W\d_]+)-$", line)
    if broken is None or not next_line[:1].islower():
        return None
    return "compound" if broken.group(1).lower() in _COMPOUND_FIRSTS else "word"


def joined_lines(line: str, next_line: str) -> str:
    """'24 Adven-' + 'ture cards' -> '24 Adventure cards'; '5 two-' + 'sided tiles' -> '5 two-sided tiles'."""
    way = hyphen_break(line, next_line)
    return line[:-1] + next_line if way == "word" else line + next_line if way == "compound" else f"{line} {next_line}"


# Words that make a piece optional: only some copies of the game have it ('12 metal coins (deluxe edition only)').
EDITION_ONLY_PATTERN = (r"(?:deluxe|kickstarter|backer|collector'?s|limited)[\s-]+(?:edition[\s-]+)?(?:exclusive|only)"
                        r"|(?:kickstarter|backer)[\s-]exclusive|stretch[\s-]goals?|promo(?:tional)?\s+(?:cards?|pack|tiles?)")

# A thing the players bring, as a list item or a table's Notes cell says of it: 'Pencil (not included)', '1 die
# (yours)', 'Timer | 1 | sold separately' (the parenthesis or cell says only that).
NOT_IN_THE_BOX = patterns.compile(r"\bnot\s+included\b|\(\s*(?:not\s+(?:included|provided|in\s+the\s+box)|yours|sold\s+separately"
                                  r"|(?:supply|bring)\s+your\s+own)\s*\)|^\s*(?:not\s+(?:provided|in\s+the\s+box)|yours|sold\s+separately"
                                  r"|(?:supply|bring)\s+your\s+own)\s*\.?\s*$|\bfrom\s+(?:another|any\s+other)\s+game\s*\.?\s*$", re.I)

# The start or end of a turn or round: what happens then is play, not the game's setup ('At the start of your
# turn, draw 2 cards', 'At the beginning of each round, each player receives …').
TURN_START = r"(?:start|beginning|end)\s+of\s+(?:(?:your|each|every|their|a|an|his|her|the|any|the\s+next)\s+)?(?:turns?|rounds?)\b"

# What holds so many of another piece: 'One deck of 74 cards', 'two decks of 52 cards' (52 in each deck).
HOLDERS = frozenset({"deck", "pack", "set", "box", "bag", "stack", "pile", "sack", "pouch", "tube"})

# The words after a count that its parts follow: '100 cards, made up of 80 Number cards and 20 Trick cards'.
BREAKDOWN_CUE = r"(?:made\s+up\s+of|consisting\s+of|comprising|composed\s+of|(?:divided|split|sorted)\s+into|namely)"

# The words a component list is introduced by: 'Contents:', 'Game components', 'In the box'.
CONTENTS_WORDS = r"(?:the\s+)?(?:game\s+)?(?:contents?|components?|equipment|materials?|includes?|in\s+(?:the|this)\s+box)"

# Colour names: '(25 each in Teal, Amber …)' names colours, '10 of them are red' a kind of the thing.
COLOUR_NAMES = frozenset("red blue green yellow black white orange purple pink brown grey gray violet teal gold silver".split())

# How many players a rulebook says, in figures or words: the one number of every player-count pattern.
PLAYER_NUMBER = r"(?:\d+|two|three|four|five|six|seven|eight)"


def players_condition(first: int, last: int | None = None, more: bool = False) -> str:
    """A statement's player-count condition as the document gives it: '1 player', '3 players', '3-5 players', '3+
    players' ('3 or more players')."""
    if more:
        return f"{first}+ players"
    return f"{first}-{last} players" if last else "1 player" if first == 1 else f"{first} players"


# Each of these is one thing called a pair: 'a pair of scissors' is one pair, 'a pair of dice' two dice.
ONE_PAIR_THINGS = frozenset("scissors tweezers tongs pliers glasses sunglasses goggles binoculars trousers".split())


def pairs_of(what: str, pairs: int = 1) -> tuple[int, str]:
    """How many of what, and named how, `pairs` pairs of `what` are: (2, 'dice') for 'a pair of dice', (1, 'pair of
    scissors') for 'a pair of scissors' (one thing called a pair). The one reading of 'pair of' every production uses."""
    if what.split()[-1].lower() in ONE_PAIR_THINGS:
        return pairs, f"pair{'s' if pairs > 1 else ''} of {what}"
    return 2 * pairs, what

# Named bare in a list, an amount or a kind of resource, not a piece: 'Paper', 'Gold', 'Ore'.
MATERIALS = frozenset("""
paper cardboard card-stock cardstock money cash gold silver copper bronze iron coal oil food wood lumber stone
brick clay ore wool grain wheat sheep water string tape glue ink sand rice beans plasticine play-doh felt cloth spice
salt sugar tea coffee wine fish patience imagination luck""".split())


# How long a timer runs ('60 Second Sand Timer', '2 x 10 minute timers'): a duration before the timer's name, never a
# count of timers. One vocabulary for grammar.py (no count), forms.py (no product) and items.py (one timer named).
DURATION = r"(?:seconds?|secs?|minutes?|mins?)"
TIMER = r"(?:sand[\s-]*)?(?P<timer>timers?|hourglass(?:es)?|sandglass(?:es)?)"


# Counted, these are never components: categories, play areas, roles, groupings, time, score and the like.
# Words that name a kind of piece, not a piece: '(8 types)', '4 card types', 'twelve buttons of four designs'
KIND_WORDS = frozenset("type kind sort variety design shape category class suit".split())

NOT_COMPONENTS = frozenset("""
player person people opponent partner team teammate faction role character-class participant hostage winner loser
spectator dealer guest friend child adult human individual audience volunteer
intro introduction gameplay setup set-up preparation conclusion appendix glossary credits faq index
turn round phase step action move movement go minute min hour hr second sec year yr age day week month time morning afternoon evening night
times session game games match hand-size
point pt pts vp vps victory score scoring value values rank colour color
level number total maximum minimum limit cost price damage hit life health strength rating
page pages chapter section paragraph version edition variant mode content contents
space square cell hole pit row column file lane area zone region territory province field slot spot
position location edge corner side direction orientation line grid column
pile stack set group pair trio couple hand row layout market supply pool reserve stock bank
way option choice possibility combination chance probability odds percent percentage degree
word letter symbol icon digit
mm cm in inch inches millimetre millimeter centimetre centimeter foot feet metre meter
cent dollar euro buck ap continent denomination pocket pit contestant
half halves quadrant sub-region subregion rectangle epoch era
spieler spielerin spielerinnen punkt punkte runde runden minuten jahre jahren
joueur joueurs joueuse joueuses manche manches minutes âge à
jugador jugadores jugadoras punto puntos ronda rondas minuto minutos años edad
giocatore giocatori punti turno turni minuti anni età jogador jogadores ponto pontos rodada rodadas
speler spelers punten ronde rondes jaar gracz gracze graczy punkty punktów runda rundy
игрок игрока игроков игроки очко очка очков раунд раунда раундов минут минуты лет год года
""".split()) | KIND_WORDS  # the same words in the languages rulebooks are most often written in: '2 игрока', '3 Spieler'


# Words a number follows to name a category or a step, not to count things ('Level 1', 'Age 2', 'Phase 3', 'Draw 2'):
# '20 Level 1 Contract cards' holds a label's number in its name; 'Round 3' in a list is no count of rounds.
NUMBERED_LABELS = frozenset("""level age era tier stage round phase act chapter wave rank type class series draw year
week day part book volume episode mission scenario season generation period epoch grade step turn page""".split())

# The verbs of a setup step ('Take 1 scoring marker', 'assign 2 of the tiles'): one list for every production
# that asks whether a count is being set out.
SETUP_VERBS = ("assign", "place", "put", "take", "deal", "give", "draw", "reveal", "remove", "return", "choose",
               "select", "flip", "shuffle", "keep", "use", "add", "set", "lay", "turn", "roll")
SETUP_VERB_PATTERN = "(?:" + "|".join(SETUP_VERBS) + ")"

# 'Place the dice …', 'Each player takes …', 'All players …': the words a set-up step opens with (a step, not a title)
STEP_OPENING_PATTERN = rf"(?:{SETUP_VERB_PATTERN}|each|every|all|players?)"

# A line whose last word is one of these leaves its sentence open: the next line goes on with it
OPEN_ENDINGS = frozenset("the a an of to on in into onto with and or for from by at your their its".split())


def ends_open(text: str) -> bool:
    words = text.split()
    return bool(words) and words[-1].lower() in OPEN_ENDINGS


# "Each team receives 4 pawns", "Each side has …", "Per colour: …": the groups other than players that a rulebook
# gives each so many things (one list for every production that reads 'each/per GROUP')
GROUP_PATTERN = r"(?:team|side|faction|army|nation|clan|house|colou?r)"

# "12 of each colour", "per player": the grouping words a `per` can name.
PER_WORDS = {"player": "player", "person": "player", "colour": "colour", "color": "colour", "side": "side", "suit": "suit",
             "kind": "kind", "type": "type", "house": "house", "team": "team", "faction": "faction",
             "sort": "kind", "value": "value", "number": "number", "rank": "rank", "shape": "shape",
             "size": "size", "nation": "nation", "clan": "clan", "species": "species", "element": "element"}

SUM_WORDS = frozenset({"total", "totals", "sum", "grand total", "in total", "all"})  # a row or item adding up those above
PLAYERS_THEN = r"\s*(?::|=|[-–—])\s*"  # between a player count and its count: '2 players: 6', '2 players – 6', '2 players=6'

_IRREGULAR = {"dice": "die", "men": "man", "pieces": "piece", "people": "person", "children": "child",
              "mice": "mouse", "geese": "goose", "feet": "foot", "teeth": "tooth", "women": "woman",
              "instructions": "instructions", "glasses": "glass", "boxes": "box", "hexes": "hex",
              "dominoes": "domino", "dominos": "domino", "series": "series", "species": "species",
              "chess": "chess", "status": "status", "bus": "bus", "axes": "axe", "knives": "knife",
              "leaves": "leaf", "halves": "half", "dwarves": "dwarf", "thieves": "thief", "wolves": "wolf",
              "elves": "elf", "shelves": "shelf", "lives": "life", "matrices": "matrix"}


@lru_cache(maxsize=4096)
def singular(word: str) -> str:
    """A noun's singular, lower-case: 'Cards' -> 'card', 'dice' -> 'die', 'boxes' -> 'box'."""
    word = word.lower().strip(".,;:!?'\"()[]*")
    word = re.sub(r"^d\d+$", "die", word)  # d6, d12
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if len(word) <= 3 or not word.endswith("s") or word.endswith(("ss", "us", "is")):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "xes", "zzes", "sses")):
        return word[:-2]  # ('sizes', 'prizes': a word in -ze takes an s)
    if word.endswith("oes"):
        return word[:-2]
    return word[:-1]


# The pieces of a rulebook in French, Spanish, Italian or German, by the English head noun they stand for: the
# Romance languages put the head first ('40 cartes Action', 'peones de madera'), German closes a compound with it
# ('Aktionskarten', 'Holzfiguren').
FOREIGN_HEADS = {
    **dict.fromkeys("carte cartes carta cartas karte karten spielkarte spielkarten".split(), "card"),
    **dict.fromkeys("jeton jetons ficha fichas gettone gettoni segnalino segnalini spielstein spielsteine".split(), "token"),
    **dict.fromkeys("dé dés dado dados dadi würfel".split(), "die"),
    **dict.fromkeys("pion pions peón peones pedina pedine spielfigur spielfiguren figur figuren".split(), "pawn"),
    **dict.fromkeys("plateau plateaux tablero tableros tabellone tabelloni plancia plance spielbrett spielplan".split(), "board"),
    **dict.fromkeys("tuile tuiles loseta losetas tessera tessere plättchen".split(), "tile"),
    **dict.fromkeys("marqueur marqueurs marcador marcadores".split(), "marker"),
    **dict.fromkeys("cube cubes cubo cubos cubetto cubetti".split(), "cube"),
    **dict.fromkeys("pièce pièces pieza piezas pezzo pezzi".split(), "piece"),
    **dict.fromkeys("moneda monedas moneta monete münze münzen".split(), "coin"),
    **dict.fromkeys("sablier reloj clessidra sanduhr".split(), "timer"),
    **dict.fromkeys("figurine figurines figura figuras miniatura miniature".split(), "figure"),
    **dict.fromkeys("disque disques disco discos".split(), "disc"),
    **dict.fromkeys("sac bolsa sacchetto beutel".split(), "bag"),
    **dict.fromkeys("stein steine".split(), "stone"),
}
# Their number words, for a list item that counts in words ('Zwei Würfel', 'deux dés', 'tres dados'); an article
# ('ein', 'une', 'un') counts one.
FOREIGN_NUMBERS = {
    **dict.fromkeys("ein eine einen un une uno una".split(), 1),
    **dict.fromkeys("zwei deux dos due".split(), 2), **dict.fromkeys("drei trois tres tre".split(), 3),
    **dict.fromkeys("vier quatre cuatro quattro".split(), 4), **dict.fromkeys("fünf cinq cinco cinque".split(), 5),
    **dict.fromkeys("sechs seis sei".split(), 6), **dict.fromkeys("sieben sept siete sette".split(), 7),
    **dict.fromkeys("acht huit ocho otto".split(), 8), **dict.fromkeys("neun neuf nueve nove".split(), 9),
    **dict.fromkeys("zehn dix diez dieci".split(), 10), **dict.fromkeys("zwölf douze doce dodici".split(), 12),
}
_GERMAN_CLOSING = patterns.compile(r"(?<=[a-zäöüß]{3})(?P<noun>karten|karte|würfel|figuren|figur|plättchen|steine|stein|münzen|marker|chips)$")


def head_of(component: str) -> str:
    """The head noun of a component name, singular: 'Wooden Harbour cards' -> 'card'; in French, Spanish, Italian
    or German, the English noun its own stands for ('cartes Action', 'Aktionskarten' -> 'card')."""
    named = without_note(component)
    if named != component and singular((re.findall(r"[^\W\d_][\w'’-]*", component[len(named):]) or [""])[-1].lower()) not in COMPONENT_HEADS:
        component = named  # 'Crystal (blue)', 'Dragon eggs (wooden)': a note, not the head
    words = re.findall(r"[^\W\d_][\w'’-]*", component)
    if not words:
        return ""
    last = words[-1].lower()
    if "-" in last and singular(last.split("-")[-1]) in COMPONENT_HEADS:
        last = last.split("-")[-1]
    head = singular(last)
    if head not in COMPONENT_HEADS and head not in _NOT_COMPOUNDS:
        closing = _COMPOUND_HEAD.search(head)
        if closing:  # 'datasheet', 'scoreboard', 'wildcard': a compound closed by a component noun
            return closing.group(0)
        foreign = FOREIGN_HEADS.get(words[0].lower()) or FOREIGN_HEADS.get(last)
        if foreign is None:
            german = _GERMAN_CLOSING.search(last)
            foreign = FOREIGN_HEADS.get(german.group("noun")) if german else None
        if foreign is not None:
            return foreign
    return head


_TRAILING_NOTE = patterns.compile(r"(?<=\S)\s*\([^()]*\)\s*$")


def without_note(name: str) -> str:
    """A name without the note in parentheses at its end: 'Barge pawns (4 per player)' -> 'Barge pawns' (head_of keeps
    a note that names the piece: 'pots (player boards)')."""
    noted = _TRAILING_NOTE.search(name)
    return name[:noted.start()] if noted else name
_COMPOUND_HEAD = patterns.compile(r"(?<=[a-z]{3})(?:card|tile|board|sheet|token|piece|marker|chip|cube|disc|pawn|meeple|figure|book|booklet|mat)$")
_NOT_COMPOUNDS = frozenset({"discard", "format", "automat", "onboard", "aboard", "overboard", "combat"})


def is_plural(word: str) -> bool:
    """'cards', 'Dice', 'boxes' are plural; 'card', 'die', 'chess' are not."""
    return singular(word) != word.lower()


def per_word(word: str) -> str:
    """The grouping a `per` names, normalised: 'colors' -> 'colour', 'players' -> 'player', 'cities' -> 'city'."""
    word = singular(word)
    return PER_WORDS.get(word, word)
