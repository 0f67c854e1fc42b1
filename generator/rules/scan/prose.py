"""Count statements in running text: each sentence read for count phrases in a context that states what
exists or is set up — never in one that pays, scores or moves, nor a limit of play. The copula ("The Comets
are three cards") names what is counted. Paragraphs and sentences come from paragraphs.py; things named
without a count in front (articles, inline lists) from articles.py; counts read against other text
(the remaining, fractions, per-category products) from specials.py. Entry point: read_sentence."""

from __future__ import annotations

import functools
import re
from dataclasses import replace

from . import patterns
from .annotations import read_per
from .grammar import COORDINATION, COUNT_HINT, NUMBER, STOP_WORDS, Phrase, count_first, parse_number
from .lexicon import COMPONENT_HEADS, CONTENTS_WORDS, HOLDERS, EDITION_ONLY_PATTERN, GROUP_PATTERN, TURN_START, NOT_COMPONENTS, SETUP_VERB_PATTERN, STEP_OPENING_PATTERN, PLAYER_NUMBER, TRADITIONAL_PIECES, head_of, is_plural, per_word, players_condition, singular

PLAY = "play"  # the kind read_sentence is given for a section about playing (sections.is_play)
# 'Contents:', 'Contents of the box :', 'Box contents:' opening a sentence: a label that says what follows is the box
# (not 'reveal its contents: 2 gold coins')
_CONTENTS_LABEL = patterns.compile(rf"^\W*(?:(?:box\s+)?{CONTENTS_WORDS}(?:\s+of\s+(?:the|this)\s+(?:box|game))?"
                                   r"|(?:[\w'’-]+\s+){1,3}\((?:optional|expansion|promo)\)"
                                   r"|(?:optional|expansion|promo)\s+(?:components?|contents?|pieces|materials?))\s*:", re.I)
# ('Solo mode (optional):', 'Expansion components:'; not a bare 'Optional:' before a rule)
_OWN_SUPPLY = patterns.compile(r"\b(?:must|should|will|need\s+to)\s+(?:provide|bring|supply)\s+(?:their|your|his|her)\s+own\b", re.I)
_IN_THE_BOX = r"(?<!back\s)(?<!away\s)in(?:side)?\s+the\s+box"  # (not 'put the cards back in the box')
STATING = patterns.compile(
    r"\b(?:contains?|contained|includes?|including|included|consists?\s+of|comes?\s+with|there\s+(?:are|is|will\s+be|needs?\s+to\s+be)"
    r"|you\s+(?:will\s+)?(?:also\s+)?need|you'll\s+(?:also\s+)?need|needed|requires?|required|equipment|components?"
    r"|you(?:'ll|’ll|\s+will)\s+(?:also\s+)?find"
    r"|(?:is|are)\s+played\s+(?:with|using|on)|played\s+with|uses?|using|(?:is|are|(?:can|will|should|must)\s+be)\s+used"
    r"|(?:has|have)|made\s+up\s+of|composed\s+of"
    rf"|comprises?|comprising|provided|{_IN_THE_BOX}|holds?|set\s+of|deck\s+of|a\s+total\s+of|in\s+total|altogether"
    r"|(?:is|are)\s+(?:\w+\s+){0,3}(?:cards?|tiles?|pieces?|tokens?|dice|stones?)|each\s+(?:side|player|person|colou?r)\s+(?:has|gets|owns)"
    r"|print|cut\s+out|materials?|(?:expansion|module|promo)\s+(?:\w+\s+){0,2}adds)\b",
    re.I,
)
SETUP = patterns.compile(
    r"\b(?:set\s*-?\s*up|setting\s+up|to\s+play\s*,|to\s+get\s+started|make\s+sure\s+(?:each|every)\s+player\s+has|lay\s+out|at\s+the\s+(?:start|beginning)(?!\s+of\s+(?:(?:your|each|every|their|a|an|his|her|the|any)\s+)?(?:turns?|rounds?)\b)|to\s+(?:start|begin)|begins?\s+(?:the\s+game\s+)?with"
    r"|starts?\s+(?:the\s+game\s+)?with|starting|initially|before\s+(?:the\s+game|play|playing|starting)|when\s+the\s+game\s+(?:starts|begins)(?!\s+to\b)|(?:is|are)\s+dealt"
    r"|deals?|shuffle|distribute|hand\s+out|each\s+(?:player|person)\s+(?:takes?|receives?|gets?|grabs?|draws?|chooses?|collects?|is\s+given|places?)"
    r"|give\s+each\s+player|to\s+each\s+player|keep\s+(?:at\s+least\s+|about\s+)?\w+\s+(?:\w+\s+){0,6}(?:nearby|handy|ready|within\s+reach)|(?:takes?|receives?)\s+(?:\w+\s+){0,3}(?:of\s+)?(?:their|his|her)\s+colou?r)\b",
    re.I,
)
GAMEPLAY = patterns.compile(
    r"\b(?:pay|pays|paid|paying|costs?|earns?|earned|scores?|scored|scoring|gains?|gained|loses?|lost|spends?|wins?|won"
    r"|moves?|moved|advance|advances|discard|discards|trade|trades|buy|buys|bought|sell|sells|sold|selling|worth"
    r"|points?|vp|capture|captures|captured|attack|attacks|roll|rolls|rolled|throws?|flip|flips|if\s+you|when\s+you"
    r"|on\s+your\s+turn|during|may|instead|your\s+hand|opponents?|this\s+card|cannot)\b",
    re.I,
)
PLAYER_ROLE = (r"(?:each|every)\s+(?:adventurer|hero|heroine|character|investigator|explorer|survivor|commander|captain|"
               r"general|wizard|detective|agent|pilot|trainer|champion|warrior|leader)\s+"
               r"(?:receives|takes|gets|starts\s+with|begins\s+with)\b")
# ('Every adventurer receives a character sheet, 1 Weapon card and 20 Gold': a player named by the part they play —
# roles a rulebook gives its players, not 'Each city receives …' or 'Each round starts with …')
PER_PLAYER = patterns.compile(r"\b(?:chaque|jeder|jede|cada|ogni)\s+(?:joueur|joueuse|spieler|spielerin|jugador|giocatore)\b|\b(?:par|pro|por|per)\s+(?:joueur|spieler|jugador|giocatore)\b|\b(?:each|every|per)\s+(?:player|person)\b|\bto\s+each\s+player|\bplayers\s+each\b|\b(?:both|all)\s+players\s+(?:are|get|take|receive|start)|\beach\s+(?:take|get|receive)s?\b" rf"|\b{PLAYER_ROLE}"
                               r"|\b(?:everyone|everybody|each\s+of\s+you)\s+(?:starts?|begins?|takes?|gets?|receives?|draws?)\b"
                               r"|\b(?:deal|deals|dealt|give|gives|hand)\s+(?:\w+\s+){1,3}each\b(?!\s+(?:round|turn|time|hand|trick|game|deal)\b)", re.I)  # 'deal 6 cards each'
SUPPLIED_WORDS = _SUPPLIED = patterns.compile(r"\b(?:not\s+included|(?:also|will|you|you'll)\s+need(?!\s+to\s+(?!(?:grab|bring|get|have|provide|supply|find|buy|gather|collect)\b))|you\s+will\s+also|bring|provide[ds]?|supply\s+your\s+own|sold\s+separately|not\s+provided|(?:players?\s+)?(?:will\s+)?need\s+to\s+(?:supply|provide))\b", re.I)
_OPTIONAL = patterns.compile(rf"\b(?:{EDITION_ONLY_PATTERN}|optional(?:ly)?|variant|expansion|advanced\s+game|for\s+a\s+longer\s+game|can\s+(?:also\s+)?be\s+(?:added|shuffled|included|used|mixed)|may\s+(?:also\s+)?(?:be\s+)?(?:use|add|include|shuffle)d?)\b", re.I)
_DIMENSION_AFTER = patterns.compile(r"\s+(?:wide|high|long|tall|deep|across|apart|away|in\s+a\s+row|in\s+diameter|thick)\b", re.I)
_ACTION_BEFORE = patterns.compile(r"\b(?:rolls?|rolling|throws?|throwing|draws?|drawing|discards?|discarding|pays?|paying|spends?"
                                  r"|gains?|loses?|moves?|scores?|flips?|reveals?|plays?|playing|picks?|chooses?|trades?|buys?|sells?"
                                  r"|steals?|returns?|removes?|lose)\s+(?:up\s+to\s+|at\s+least\s+|only\s+|exactly\s+)?$", re.I)


_PLAY_ONLY_VERB = patterns.compile(r"(?:plays?|playing|pays?|paying|spends?|gains?|loses?|lose|moves?|scores?|steals?|trades?|buys?|sells?)\b", re.I)
_PLAY_ONLY_BEFORE = patterns.compile(r"\b(?:plays?|pays?|spends?|gains?|loses?|moves?|scores?|steals?|trades?|buys?|sells?|rolls?|rolling)"
                                     r"\s+(?:all\s+(?:of\s+)?)?(?:the|his|her|their|your|its)\s+(?:other\s+)?$", re.I)
_RELATIVE_NEED = patterns.compile(r"\b(?:which|that|who)\s+(?:only\s+|each\s+|also\s+)?(?:requires?|needs?)\b", re.I)
_RELATIVE_NEED_BEFORE = patterns.compile(r"\b(?:which|that)\s+(?:only\s+|each\s+)?(?:requires?|needs?)\s+(?:only\s+|exactly\s+)?$", re.I)
_HELD_IF_BEFORE = patterns.compile(r"(?:\b(?:if|when|whenever|unless|once)\s+(?:you|they|he|she|it|(?:a|the|that|each|every)\s+player|players?)"
                                     r"\s+(?:has|have|holds?|keeps?)|\b(?:can|may|must)\s+(?:only\s+)?(?:have|hold|keep)"
                                     r"|\ba\s+minimum\s+of|\b(?:less|fewer)\s+than)\s+(?:only\s+|exactly\s+|up\s+to\s+|at\s+(?:least|most)\s+)?$",
                                     re.I)  # 'If you have 5 cards in your hand', 'Players can only have 5 cards': a condition of play
_COMPARED_AFTER = patterns.compile(r"\s+(?:(?:fewer|more|less|greater|higher|lower)\s+than|at\s+a\s+time)\b", re.I)  # 'one order at a time'
_COPULA_SUBJECT = patterns.compile(r"(?P<subject>(?:the\s+)?[A-Z][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,3})\s+(?:are|is)\s+$")
# '2 players: remove 6 cards', '3-4 Players – use …', 'For 5 players =': a line or sentence opened by its player count
PLAYERS_LABEL = patterns.compile(rf"^[\s*•-]*(?:for\s+|with\s+)?(?P<a>{PLAYER_NUMBER})(?:\s*(?:-|–|to|or)\s*(?P<b>{PLAYER_NUMBER})|(?P<more>\s*\+|\s+or\s+more))?"
                                 r"[\s-]+(?:players?|people)\s*(?:game\s*)?(?:[:=]|\s[-–—]\s)\s*", re.I)  # ('2-4 People: …')


def players_of(label: re.Match) -> str:
    """'2 players' or '3-4 players', the condition a PLAYERS_LABEL gives."""
    return players_condition(parse_number(label.group("a")), parse_number(label.group("b")) if label.group("b") else None,
                             bool(label.group("more")))


PLAYER_CONDITION = patterns.compile(rf"\b(?:(?:with|for|in|if\s+there\s+are|(?:when\s+|if\s+)?playing\s+with)\s+(?:a\s+)?"
                                    rf"|(?:if|when)\s+(?={PLAYER_NUMBER}\s+(?:people|players)\s+are\s+playing\s*[,.;:]))(?P<n>{PLAYER_NUMBER})"
                                    rf"(?:\s*(?:-|–|to|or)\s*(?P<m>{PLAYER_NUMBER}))?(?:[\s-]+players?(?:\s+game)?"
                                    r"|\s+people(?!['’]s\b|\s+(?:per|on|in|of|each|watching)\b))\b",
                                    re.I)  # ('If two people are playing, …', 'With 3 people, …'; not '3 people per team')


STRONG = patterns.compile(r"\b(?:consists?\s+of|consisting\s+of|comprises?|made\s+up\s+of|contains?|includes?|included|equipment"
                           r"|(?:divided|split|separated|sorted)\s+into|(?:is|are)\s+played\s+with"
                           rf"|components?|you\s+(?:will\s+)?(?:also\s+)?need|{_IN_THE_BOX}|there\s+are|a\s+total\s+of"
                           r"|(?:set|box|deck|game|bag|kit|pack|supply)\s+(?:has|holds|contains|includes))\b", re.I)
ACQUIRES = patterns.compile(rf"\b(?:each|every)\s+(?:player|{GROUP_PATTERN})\s+"
                           r"(?:(?:chooses|picks|selects)\s+(?:an?|the|their|one)\s+[a-z]+\s+and\s+)?(?:starts?(?:\s+the\s+game)?\s+with|begins?(?:\s+the\s+game)?\s+with|gets?|receives?|takes?|grabs?"
                           r"|is\s+given|is\s+dealt|collects?|places?|constructs?|builds?)\b", re.I)
_SETUP_VERB_BEFORE = patterns.compile(r"\b(?:place|put|deal|give|take|takes|remove|set\s+aside|shuffle|lay\s+out|stack|sort|separate|insert|add|mix"
                                      r"|return|reveal|draw|choose|select|use|uses)\s+(?:\w+\s+){0,2}$", re.I)

# 'Place 1 marker above each space', 'remove 1 copy of every card', 'choose 1 of the maps': one to each place (in the
# same clause), or one picked out; not how many there are
_ONE_EACH_AFTER = patterns.compile(r"\s+of\b|[^.;:]*?\b(?:each|every|per)\b", re.I)

_SORTED_INTO = patterns.compile(r"\b(?:separate|sort|split|divide)\s+(?:\w+\s+){1,4}into\s+$", re.I)  # 'Separate the cards into three decks'
_DIE_FACES = patterns.compile(r"\b(?:each|every|the)\s+(?:\w+\s+)?(?:die|dice)\s+(?:features?|shows?|has|have|bears?)\b|\bfaces?\s+(?:show|of\s+(?:each|the)\s+die)", re.I)
SCORE_PIECES = patterns.compile(r"\b(?:victory\s+)?(?:points?|score|scoring|vp)\s+(?:tokens?|markers?|chips?|cards?|counters?|tracks?|trackers?|boards?|pads?|sheets?|cubes?|discs?)\b", re.I)
_STARTS_WITH = patterns.compile(r"\b(?:each(?:\s+player)?|every\s+player|players|you|everyone)\s+(?:start|begin)s?\s+(?:the\s+game\s+)?with\b", re.I)
STEP_ADVERB = r"(?:(?:then|now|also|next|first|firstly|second|secondly|finally|afterwards|after\s+that),?\s+)?"


def _opens_with(verbs: str) -> re.Pattern:
    """A sentence opening with one of `verbs`, after a step's number or an adverb: '2) Then randomly place …'."""
    return patterns.compile(rf"\s*(?:\d+[.)]\s*)?(?:{_FOR_PLAYERS_OPENING})?{STEP_ADVERB}(?:randomly\s+)?(?:{verbs})\b", re.I)


FOR_PLAYERS = rf"(?:with|for|in)\s+(?:a\s+)?{PLAYER_NUMBER}(?:\s*(?:-|–|to|or)\s*{PLAYER_NUMBER})?[\s-]+players?(?:\s+games?)?"
_FOR_PLAYERS_OPENING = rf"{FOR_PLAYERS}\s*,\s*"
# ('With 3 players, put 8 Crystal tokens on the Mine': a set-up step for that many players)


_SETS_OUT_VERBS = r"place|put|shuffle|deal|give|set\s+aside|lay\s+out|separate|sort|stack"  # verbs only a set-up uses
_IMPERATIVE = _opens_with(SETUP_VERB_PATTERN)  # 'Take 1 scoring marker.': a setup step
_SETUP_IMPERATIVE = _opens_with(_SETS_OUT_VERBS + r"|remove|add|use")
_SETS_OUT = _opens_with(_SETS_OUT_VERBS)  # ('remove', 'add', 'use' remove tiles and add cards in play too)
_EXAMPLE = patterns.compile(r"\b(?:for\s+(?:example|instance)|example\s*:|e\.\s?g\.)", re.I)
_RACE_TO = patterns.compile(r"\b(?:first|last|next|only)\s+(?:player|one|person|team)\s+(?:who\s+|to\s+)(?:has|have|owns?|holds?|collects?"
                            r"|builds?|reach(?:es)?|gets?|plays?|scores?)\s+(?:(?:at\s+least|more\s+than|all|the)\s+)?$", re.I)
_MAY_BE_DONE = patterns.compile(r"\s+(?:may|can|cannot|can't|must|might)\s+(?:not\s+|only\s+|never\s+)?be\s+(?:built|played|placed|moved"
                                r"|bought|taken|held|kept|traded|discarded|spent)\b", re.I)
_ONLY_BEFORE = patterns.compile(r"\b(?:only|no\s+more\s+than|at\s+most|just)\s+$", re.I)
_HAND_RULE_BEFORE = patterns.compile(r"\b(?:(?:until|unless|if|when|whenever)\s+(?:you|they|he|she|(?:a|the|each|every)\s+player)\s+"
                                     r"(?:has|have|holds?|keeps?)|more\s+than|fewer\s+than|up\s+to|at\s+most|down\s+to|maximum|limit"
                                     r"|no\s+more\s+than|exceeds?)\b", re.I)
_IN_HAND = patterns.compile(r"\s+in\s+(?:(?:your|their|his|her|the|each\s+player's)\s+)?hands?\b", re.I)
_LEFT_OVER = patterns.compile(r"\s+(?:is|are)\s+(?:left\s*over|leftover)\b", re.I)
_SCORES_POINTS = patterns.compile(r"\s+(?:scores?|is\s+worth|are\s+worth|earns?|gives?)\s+(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten)\s+"
                                  r"(?:victory\s+)?(?:points?|vp|pts?)\b", re.I)
_POINTS_LABEL = patterns.compile(r"\s*[:=]\s*\d{1,3}\s*(?:victory\s+)?(?:points?|vp|pts?)\b(?!\s*(?:each|apiece|per)\b)", re.I)
# ('3 Cat tiles: 2 pt' scores a set; '20 Gem tokens: 1 VP each' are pieces, each worth so much)
_SET_OF_BEFORE = patterns.compile(r"\b(?:sets?|groups?|collections?|runs?|rows?|pairs?)\s+of\s+$", re.I)
_CONTENTS_MORE = patterns.compile(r"\b(?:box|game|set|deck|kit|edition)\s+(?:contains|includes|has|holds|comes\s+with)\s+more\s+than\s+$", re.I)
_STRICTLY_MORE = patterns.compile(r"(?<!\bno\s)(?<!\bnot\s)\b(?:more|fewer|less)\s+than\s+$", re.I)
_PLAYERS_NAMED = patterns.compile(rf"\b{PLAYER_NUMBER}[\s-]+players?\b", re.I)
_IF_CLAUSE = patterns.compile(r"\s*(?:[-*•]\s*)?(?:if|when|whenever|as\s+soon\s+as|once|until|unless|after|each\s+time|every\s+time)\b", re.I)
_SETUP_CONDITION = patterns.compile(rf"\b(?:{PLAYER_NUMBER}[\s-]+players?\b|(?:game|play)\s+(?:starts|begins)"
                                    r"|(?:happen\s+to\s+|don't\s+|do\s+not\s+)?have\s+(?:\d+|an?|one|two|three|four)\b)", re.I)
_RULE_CLAUSE = patterns.compile(rf"\b(?:if|when|whenever|instead|unless|each\s+turn|on\s+your\s+turn|{TURN_START})", re.I)
_CHAIN_GAP = patterns.compile(r"^[\s,;:]*(?:(?:and|or|&|plus)\s+)?$|^\s*[^\W\d_]+\s*:?\s*$"
                              r"|^\s*(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){1,3}\s*$"  # '4 Home Boards Score Pad 60 Décor Tokens'
                              r"|^\s*\(\s*\d{1,3}\s+(?:in|per|of\s+each|each\s+of|for\s+each)\s+[^()]{1,30}\)[\s,;]*$", re.I)  # '(2 in 4 Colors)'


_LISTED_NEXT = patterns.compile(r"\s*(?:,|,?\s*(?:and|plus|&))\s*")  # between two counted things of one list: '2 workers and 1 boat'
_EACH_GROUP = patterns.compile(rf"\W*(?:\d{{1,2}}[.)]\s*)?(?:then\s+)?(?:(?:each|every)\s+(?:player\s+)?(?P<group>{GROUP_PATTERN})"
                               rf"|each\s+of\s+the\s+(?:(?P<many>{NUMBER})\s+)?(?P<groups>{GROUP_PATTERN}s|suits|colors|player\s+colou?rs))"
                               r"(?:\s*\([^()]{3,80}\))?\s+"  # ('Each player colour (red, blue, white, black) has …')
                               r"(?:takes?|receives?|gets?|starts?|begins?|places?|draws?|chooses?|has|have|contains?|is\s+given|is\s+dealt"
                               r"|comes?\s+with|holds?)\b", re.I)
# ('Each side has one general', 'Each of the 5 suits has 11 cards': so many for each)


_YOURS_BEFORE = patterns.compile(r"\byour\s+(?:own\s+)?$", re.I)
_KINDS_WITH = patterns.compile(rf"\b(?P<n>{NUMBER})\s+(?:different\s+)?(?P<unit>[a-z]+)\s+(?:with|having)\s+$", re.I)
_NO_KINDS = frozenset({"player", "hand", "game", "round", "turn", "phase", "time", "minute", "second"})  # ('3 rounds with 5 cards
# each', '4 players with 13 cards each': each round's, each player's)
_HOLDERS_OF = patterns.compile(rf"\b(?P<n>{NUMBER})\s+(?:(?:complete|full|standard|identical|separate)\s+)?(?P<unit>[a-z]+)\s+of\s+$", re.I)  # (a unit of lexicon.HOLDERS)


def _group_word(match: re.Match) -> str:
    """The group an _EACH_GROUP or _PER_LABEL names, in the singular ('suits' -> 'suit')."""
    plural = match.groupdict().get("groups")
    return singular(plural.split()[-1].lower()) if plural else match.group("group")


_NEXT_LABEL = patterns.compile(r"\b[A-Z][\w'’-]*:\s")
_EACH_PLAYER_HAS = patterns.compile(r"\b(?:each|every|per)\s+(?:player|person)\s+(?:has|gets|owns|receives)", re.I)
# 'Per player:', 'A starter kit for each player:', 'In each of the four faction colours:', 'Pieces (for each of 4 players):'
_PER_LABEL = patterns.compile(rf"\W*(?!(?:costs?|prices?|points?|scores?|scoring|income|upkeep)\b)(?:[^\W\d_][\w'’-]*\s+){{0,4}}?\(?(?:in\s+|for\s+)?(?:each|per|every)\s+"
                              rf"(?:of\s+(?:the\s+)?(?:{NUMBER}\s+)?)?(?:(?:player|faction|team)\s+(?=colou?rs?\b))?"
                              rf"(?P<group>player|{GROUP_PATTERN})s?\)?\s*:", re.I)
# 'A Flock is 6 sheep and a shepherd', 'Each Crew consists of two sailors …': what one named set holds
_DEFINES_SET = patterns.compile(r"\b(?-i:A|An|Each|Every|One)\s+(?P<group>(?-i:[A-Z])[\w'-]*)\s+(?:(?:consists\s+of|contains|comprises"
                                r"|is\s+made\s+up\s+of|holds)\s+(?=(?:an?|one)\s)|(?:is|consists\s+of|contains|comprises|is\s+made\s+up\s+of|holds)\s+"
                                r"(?=(?:\d|two|three|four|five|six|seven|eight|nine|ten|twelve)\s))", re.I)
# ('A Sequence is a connected series of 5 chips': a pattern of play, no set)


def _defined_set(sentence: str) -> re.Match | None:
    """A named set's definition, when the set is no piece itself (a Flock, a Crew, a Guild; not 'A Deck is 40 cards')."""
    match = _DEFINES_SET.search(sentence, 0, 80)  # (at the sentence's start, maybe after a title the paragraph took in)
    if match is None or head_of(match.group("group")) in COMPONENT_HEADS | NOT_COMPONENTS or singular(match.group("group")) == "player":
        return None
    return match


def per_label(sentence: str) -> str | None:
    """Whose the things after a label are: 'For each player: a screen, …' -> 'player'."""
    label = _PER_LABEL.match(sentence)
    return per_word(_group_word(label)) if label else None


GROUPS_EACH_WITH = patterns.compile(rf"\W*(?P<many>{NUMBER})\s+(?:different\s+)?(?:player\s+)?(?P<groups>colou?rs|factions|teams|houses|clans"
                                    rf"|nations|sides|armies)\s*,?\s+each\s+(?:with|has|having|containing|holding)\b\s*:?\s*", re.I)
# ('5 player colours, each with 10 cubes, 2 discs and 1 pawn')
_GETS = patterns.compile(r"\s+(?:then\s+|also\s+)?(?:takes|receives|gets|is\s+given|draws|(?:starts|begins)(?:\s+the\s+game)?\s+with)\b", re.I)
_HAS = patterns.compile(r"\s+(?:also\s+)?(?:has|owns|controls|possesses)(?:\s+(?:a|an|their|his|her)\s+(?:own\s+)?(?:supply|set|pool|reserve|stock)\s+of)?\b", re.I)
_EACH_PLAYER_SUBJECT = patterns.compile(r"\W*(?:\d{1,2}(?:[.)]\s*|\s+))?(?:then\s+)?(?:(?:give|hand|deal)\s+)?(?:(?:each|every)\s+(?:player|person)\b"
                                        rf"|(?={PLAYER_ROLE})(?:each|every)\s+[a-z]+)", re.I)


_NOTHING_BUT_A_PAGE = patterns.compile(r"[\s.,;•*-]*(?:\d{1,3}[\s.]*)?")


def _between(sentence: str, phrases: list[Phrase]) -> str:
    """The sentence without its count phrases."""
    rest, at = [], 0
    for phrase in sorted(phrases, key=lambda p: p.start):
        rest.append(sentence[at:max(at, phrase.start)])
        at = max(at, phrase.end)
    return "".join(rest) + sentence[at:]


def _chains(sentence: str, phrases: list[Phrase]) -> set[int]:
    """Phrases in a chain of three or more, each right after the other ('8 dimes, 8 pennies, and 8 nickels',
    '7 agent figures Contents 1 safe 7 scoring markers'): a list flattened into running text; two pieces that are the
    whole sentence but for a page's number ('1 Die 1 Rulebook 2') too."""
    chained: set[int] = set()
    if len(phrases) >= 2 and _NOTHING_BUT_A_PAGE.fullmatch(_between(sentence, phrases)):
        return {id(p) for p in phrases if not p.is_excluded and p.head in COMPONENT_HEADS}
    run: list[Phrase] = []
    for phrase in phrases:
        if phrase.is_excluded:
            if not (run and "(" in sentence[run[-1].end:phrase.start] and ")" not in sentence[run[-1].end:phrase.start]):
                run = []  # ('16 Boats (4 in 4 Player Colors) 8 Temples': the colours inside the breakdown do not part them)
            continue
        if run and (not _CHAIN_GAP.match(sentence[run[-1].end:phrase.start]) or "\t" in sentence[run[-1].end:phrase.start]):
            run = []
        run.append(phrase)
        if len(run) >= 3:
            chained.update(id(p) for p in run)
    return chained


_NOTE_BETWEEN = patterns.compile(r"^\s*\([^()]{1,60}\)")


def _pairs_with_known(sentence: str, phrases: list[Phrase], known_nouns: set[str]) -> set[int]:
    """Phrases joined by 'and' or a comma to a count of a known component: '6 viruses and 5 shells' names two kinds
    of piece when either is one the rulebook knows."""
    linked: set[int] = set()
    run: list[Phrase] = []
    for phrase in [*phrases, None]:
        if phrase is not None and not phrase.is_excluded and run and COORDINATION.match(
                _NOTE_BETWEEN.sub("", sentence[run[-1].end:phrase.start], count=1)):  # '1 Booster (Thrust 5), 1 Tank'
            run.append(phrase)
            continue
        if len(run) > 1 and any(p.head in COMPONENT_HEADS or p.head in known_nouns for p in run):
            linked.update(id(p) for p in run)
        run = [phrase] if phrase is not None and not phrase.is_excluded else []
    return linked


def is_setup_step(sentence: str) -> bool:
    """'Shuffle the decks.', '2) Randomly place one token in each zone.': a sentence that opens with a verb that sets
    pieces out, and is no rule of play ('Place it on the discard pile when you …')."""
    return bool(_SETS_OUT.match(sentence)) and not _RULE_CLAUSE.search(sentence)


_ON_THE_TABLE = patterns.compile(r"\b(?:in\s+the\s+(?:middle|cent(?:er|re))\s+of\s+the\s+(?:table|play(?:ing)?\s+area)"
                                r"|within\s+reach\s+of\s+(?:all\s+)?(?:the\s+)?players)\b", re.I)


def sets_out_on_the_table(sentence: str) -> bool:
    """'Place the Harbour board in the middle of the table and …': a set-up step wherever it stands (no title
    need say so)."""
    return is_setup_step(sentence) and bool(_ON_THE_TABLE.search(sentence))


def is_imperative(sentence: str) -> bool:
    """'Take 10 Gold.', 'Draw two Mission Cards.': a sentence that opens with a verb of a set-up step, play's too."""
    return bool(_IMPERATIVE.match(sentence)) and not _RULE_CLAUSE.search(sentence)


def condition_after(sentence: str, end: int) -> re.Match | None:
    """The player count a count is for, said right after it: '25 goods with 3 players', '10 cards to each player in a
    3-player game'."""
    gap = re.match(r"\s*(?:(?:to|for)\s+each\s+player|each|per\s+player|apiece)?\s*(?P<paren>\(\s*)?(?:when\s+(?=playing)|if\s+(?=playing))?",
                   sentence[end:], re.I)
    said = PLAYER_CONDITION.match(sentence, end + gap.end())
    if said is not None and gap.group("paren") and not re.match(r"\s*\)", sentence[said.end():]):
        return None  # '4 coins (for 2 players, see the variant)': a note that goes on, not this count's condition
    return said


_SUBJECT_COUNTED = patterns.compile(
    rf"(?P<subject>\b(?:[^\W\d_][\w'-]*\s+){{0,2}}[^\W\d_][\w'-]*)\s+are\s+(?:(?:exactly|only)\s+)?(?P<n>{NUMBER})"
    r"(?=\s+(?:per|each|for\s+each|in\s+(?:all|total)|of\s+each|altogether|in\s+number)\b|\s*[.;:]|\s*$)", re.I)


def _counted_subjects(sentence: str, phrases: list[Phrase]) -> list[Phrase]:
    """'The pieces are 16 per side', 'The cards are 60 in all': a count said of the sentence's subject, the thing
    named before 'are'."""
    found = []
    for match in _SUBJECT_COUNTED.finditer(sentence):
        subject = re.sub(r"^(?:the|all|its|their)\s+", "", match.group("subject"), flags=re.I)
        value = parse_number(match.group("n"))
        if value is None or head_of(subject) not in COMPONENT_HEADS or not is_plural(subject.split()[-1]) \
                or any(p.count_start == match.start("n") for p in phrases):
            continue
        after = re.match(r"\s+(?:per|each|for\s+each)\s+(\w+)", sentence[match.end("n"):], re.I)
        found.append(Phrase(match.start("n"), match.end("n"), match.start("n"), match.end("n"), value, "exact", subject,
                            head_of(subject), "count_first", per_word(after.group(1)) if after else None))
    return found


_CALLOUT = patterns.compile(r"\(\s*(\d{1,3})\s*\)")
_STEP_WORD = patterns.compile(STEP_OPENING_PATTERN, re.I)
_COUNT_AFTER_NAME = patterns.compile(r"(?P<noun>\b[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,3}?)\s*\(\s*(?P<n>\d{1,3})\s*\)")


def _counts_after_names(sentence: str, phrases: list[Phrase]) -> list[Phrase]:
    """'Remove all the Exploding Kittens (4) and Defuse cards (6)': a count in parentheses right after a plural name."""
    found = []
    numbers = [int(n) for n in _CALLOUT.findall(sentence)]
    if numbers[:1] == [1] or len(numbers) > 1 and numbers == list(range(numbers[0], numbers[0] + len(numbers))):
        return []  # '(1)', '(2)', '(3)': numbers that point at a picture, counting up
    for match in _COUNT_AFTER_NAME.finditer(sentence):
        words = []
        for word in reversed(match.group("noun").split()):  # the name is the words right before the count
            if word.lower() in STOP_WORDS or _STEP_WORD.fullmatch(word):
                break
            words.insert(0, word)
        noun = " ".join(words)
        if not noun or not is_plural(words[-1]) or head_of(noun) in NOT_COMPONENTS or any(
                p.start <= match.start("n") < p.end for p in phrases):
            continue
        if len(numbers) < 2 and not re.search(r"\ball\s+(?:the\s+)?$", sentence[:match.start("noun") + match.group("noun").index(noun)], re.I):
            continue  # one count in parentheses may point at a picture ('Put the Gold coins (3) in a pile'); 'all the
            # Kittens (4)' or 'the Kittens (4) and Defuse cards (6)' count
        start = match.start("noun") + match.group("noun").index(noun)
        found.append(Phrase(start, match.end(), match.start("n"), match.end("n"), int(match.group("n")), "exact", noun,
                            head_of(noun), "count_last"))
    return found


_GAME_FOR = patterns.compile(r"\b(?:game|designed|suitable|made|is)\s+$", re.I)


def condition_of(sentence: str, start: int, end: int) -> str | None:
    """The player count a count is for: said right after it ('25 goods with 3 players', '10 cards to each player in
    a 3-player game'), or else the nearest one before it ('With 2 players, remove the 8 purple cards'), or the
    sentence's label ('2 players: remove 6 cards'), or one later in the sentence."""
    before = [m for m in PLAYER_CONDITION.finditer(sentence, 0, start)
              if not _GAME_FOR.search(sentence, max(0, m.start() - 24), m.start())]  # 'This game for 2-5 players': the box
    near = condition_after(sentence, end) or (before[-1] if before else None)
    if near is None:
        label = _players_label(sentence, start)
        if label is not None:
            return players_of(label[0])
    said = near or _later_condition(sentence, end)
    first = parse_number(said.group("n")) if said else None
    if not first:
        return None
    return players_condition(first, parse_number(said.group("m")) if said.group("m") else None)


def _players_label(sentence: str, start: int) -> tuple[re.Match, int] | None:
    """The label of player counts nearest before `start`, at the sentence's start ('2 players: remove 6 cards') or after a
    colon or a semicolon ('Remove cards by the number of players: 2 players: remove 20 cards; 3 players: remove 10 cards',
    an intro joined to its list's first item); with where the label ends in the sentence."""
    found = None
    for place in _LABEL_PLACE.finditer(sentence, 0, start):
        label = PLAYERS_LABEL.match(sentence[place.end():start])
        if label is not None:
            found = (label, place.end() + label.end())
    return found


_LABEL_PLACE = patterns.compile(r"^|[:;]\s*")  # where a label of player counts may start


def _later_condition(sentence: str, end: int) -> re.Match | None:
    """A player count said later in the sentence, unless inside a note the count is not in: 'Place 5 gems per player
    (10 gems with 2 players)' counts five for every player count."""
    later = PLAYER_CONDITION.search(sentence, end)
    between = sentence[end:later.start()] if later else ""
    if later is not None and COUNT_HINT.search(sentence, later.end()):
        return None  # '4 coins, when playing with 2 or 3 players take 5': the count after it is the one it is for
    return None if later is None or between.count("(") > between.count(")") or ";" in between else later


_OF_PLAY_ADJECTIVE = patterns.compile(r"\s+(?:adjacent|identical|neighbou?ring|unused|surrounding|connected|consecutive|touching"
                                      r"|contiguous|orthogonally|diagonally|empty|vacant|unoccupied|occupied)\b")  # (lower case: '2 Identical Player Aid Cards' is a name)


_MEASURED_BEFORE = patterns.compile(r"\b(?:as|to|than|by|at|with|within|about)\s+(?:\w+\s+){0,2}$", re.I)  # 'as low as 2 millikelvin'
_PLACED_ON = patterns.compile(r"\b(?:place|put|set|move)s?\s+(?:them|it|(?:the|a|an|one|your|their|each)\s+(?:[\w-]+\s+){0,3}?[\w-]+)"
                              r"\s+(?:on|onto)\s+(?:(?:the|space|spaces)\s+)?(?:\d{1,3}[^\S\n]*(?:[^\W\d_][\w-]*\s*)?,\s*(?:and\s+)?)*$", re.I)
_EVERY_THAT_HAS = patterns.compile(r"\b(?:every|each|any)\s+(?:[\w-]+\s+){1,3}(?:that|which)\s+(?:has|have|shows?|bears?)\s+$", re.I)
_OF_EVERY = patterns.compile(r"\s+of\s+(?:every|each|all)\b", re.I)


class SentenceWords:
    """Whether a sentence has SETUP's words and GAMEPLAY's (its score pieces read as 'pieces'), each searched at
    most once: running._article_statements and read_sentence both ask, and these are a sentence's costly searches."""

    def __init__(self, sentence: str) -> None:
        self.sentence = sentence

    @functools.cached_property
    def setup(self) -> bool:
        return bool(SETUP.search(self.sentence))

    @functools.cached_property
    def plain(self) -> str:
        return SCORE_PIECES.sub("pieces", self.sentence)  # 'victory point tokens' are pieces, not a scoring rule

    @functools.cached_property
    def gameplay(self) -> bool:
        return bool(GAMEPLAY.search(self.plain))


def read_sentence(sentence: str, section_kind: str, known_nouns: set[str],
                  words: SentenceWords | None = None) -> list[tuple[Phrase, dict]]:
    """The count phrases of one sentence that state components, each with its role and qualifiers."""
    words = words or SentenceWords(sentence)
    in_variant = section_kind == "optional"
    if section_kind in {"", "components", "other", "optional"} and _SETUP_IMPERATIVE.match(sentence) and not _RULE_CLAUSE.search(sentence):
        section_kind = "setup"  # 'Place 1 research station in Atlanta.': a setup step wherever the extraction put it
        # (and a variant's own: 'Two-player variant: Put only 2 of the extra cards back', read as an optional set-up)
    said_setup = words.setup
    said_strong = bool(STRONG.search(sentence) or _CONTENTS_LABEL.match(sentence) or (
        section_kind in {"", "components", "supplied", "setup", "optional"} and _OWN_SUPPLY.search(sentence)))
    stating_words = bool(STATING.search(_RELATIVE_NEED.sub(" ", sentence)))
    stating = stating_words or said_strong or section_kind in {"components", "supplied"}
    defined = _defined_set(sentence) if " is " in sentence or " consists " in sentence or "contains" in sentence \
        or "comprises" in sentence or " holds " in sentence else None  # 'A Flock is 6 sheep and a shepherd'
    stating = stating or defined is not None
    strong = said_strong or section_kind in {"components", "supplied"} or defined is not None
    setup = section_kind == "setup" or said_setup
    plain, gameplay = words.plain, words.gameplay
    result = []
    phrases = count_first(sentence)
    phrases += _counted_subjects(sentence, phrases) if " are " in sentence else []
    phrases += _counts_after_names(sentence, phrases) if "(" in sentence else []
    if not phrases:
        return []  # (every reading below starts from a count phrase)
    if _IF_CLAUSE.match(sentence) and not (said_strong or said_setup or _SETUP_CONDITION.search(sentence)):
        return []  # 'If a player starts their turn with 10 coins …', 'As soon as a player has six …': a rule of play
    listed = [p for p in phrases if not p.is_excluded and (p.head in COMPONENT_HEADS or (p.head in known_nouns and p.head not in TRADITIONAL_PIECES))]
    # ('sixteen pieces of each color: one king, one queen, two rooks …' names the pieces, not a list run together)
    flattened = len(listed) >= 3 and not gameplay  # '7 agent figures 1 safe 7 scoring markers …'
    chained = set() if _RULE_CLAUSE.search(sentence) else _chains(sentence, phrases)
    each_player = _EACH_PLAYER_SUBJECT.match(sentence)
    each_has = each_player is not None and _HAS.match(sentence, each_player.end()) is not None  # 'Each player has a
    # supply of 15 roads, 5 settlements and 4 cities': what each owns, whatever the section
    each_takes = each_player is not None and (section_kind == "setup" or _GETS.match(sentence, each_player.end()) is not None)
    # ('Each player takes the 8 houses, …', 'Each player starts the game with 10 Ration tokens, 2 Torch cards and a
    # Map': what each gets, titled set-up or not)
    optional = bool(_OPTIONAL.search(sentence)) or in_variant  # 'The three Tempest cards are an optional expansion.'
    supplied = bool(_SUPPLIED.search(sentence)) or section_kind == "supplied"
    each_group = _EACH_GROUP.match(sentence) or _PER_LABEL.match(sentence) or GROUPS_EACH_WITH.match(sentence) or defined  # 'Each team receives 4 pawns', 'Each side
    # has one general, two guards …', 'Per player: 3 meeples and 2 houses'
    group_per = per_word(_group_word(each_group)) if each_group else None
    group_many = parse_number(each_group.group("many")) if each_group and each_group.groupdict().get("many") else None
    next_label = _NEXT_LABEL.search(sentence, each_group.end()) if each_group else None
    group_end = next_label.start() if next_label else len(sentence)  # ('Per player: 3 meeples' / 'Tokens: 20 gold')
    paired = _pairs_with_known(sentence, phrases, known_nouns)

    faces = _DIE_FACES.search(sentence)
    example = _EXAMPLE.search(sentence) if "xampl" in sentence or "nstance" in sentence or "g." in sentence else None
    if example is not None and _PLAYERS_NAMED.search(sentence, example.end()):
        example = None  # 'For example: if there are 4 players, plant 24 flowers': the count for that many players
    for phrase in phrases:
        if phrase.is_excluded:
            continue
        if _LEFT_OVER.match(sentence, phrase.end) or (_SCORES_POINTS.match(sentence, phrase.end) and _SET_OF_BEFORE.search(
                sentence, max(0, phrase.start - 24), phrase.start)) or _POINTS_LABEL.match(sentence, phrase.end):
            continue  # '1 card is left over', 'Each set of 3 gems scores 5 points', '3 Cat tiles: 2 pt': what remains,
            # what scores, not pieces
        if section_kind not in {"setup", "components", "supplied"} and (
                _RACE_TO.search(sentence, max(0, phrase.start - 60), phrase.start)
                or (_MAY_BE_DONE.match(sentence, phrase.end) and _ONLY_BEFORE.search(sentence, max(0, phrase.start - 24), phrase.start))):
            continue  # 'the first player to have 3 knight cards', 'Only 1 road may be built on each path': a rule of play
        if _IN_HAND.match(sentence, phrase.end) and not (section_kind == "setup" or said_setup) \
                and _HAND_RULE_BEFORE.search(sentence, max(0, phrase.start - 48), phrase.start):
            continue  # 'draw until you have 5 cards in hand', 'discard down to 7 cards in hand': a rule of play on a hand's
            # size, not the box ('each player holds a fan of 14 cards in his hand', after the deal, is the deal)
        if example is not None and phrase.start > example.start():
            continue  # 'For example, you have 2 workers and 1 queen': an illustration of play, not the box
        if phrase.qualifier == "at_least" and section_kind not in {"components", "supplied"} and _STRICTLY_MORE.search(
                sentence, max(0, phrase.count_start - 16), phrase.count_start) and not _CONTENTS_MORE.search(
                sentence, max(0, phrase.count_start - 48), phrase.count_start):
            continue  # 'a stack of more than seven counters', 'fewer than 3 cards': a rule's limit, not a count
        if _EVERY_THAT_HAS.search(sentence, max(0, phrase.start - 48), phrase.start):
            continue  # 'every card that has 3+ copies': which kinds a rule is for, not a count
        if phrase.count == 0 and re.search(r"\bthe\s+$", sentence[:phrase.start], re.I):
            continue  # 'Place the 0 card to the left of 10': a card named by its number
        if _PLACED_ON.search(sentence, max(0, phrase.start - 60), phrase.start):
            continue  # 'place them on 4 Metal, 3 Fabric and 1 Oil on the Resource Tracker': the track's spaces a cube
            # marks, not pieces
        if phrase.head == "copy" and _OF_EVERY.match(sentence, phrase.end):
            continue  # 'remove 1 copy of every card': so many of each kind, no count of the box
        if section_kind not in {"components", "supplied", "setup"} and not (said_setup or stating_words) \
                and _OF_PLAY_ADJECTIVE.match(sentence, phrase.count_end):
            continue  # 'exchange 3 identical resource cards', 'the 3 adjacent hexes', '1 or 2 unused cards': a rule's
            # condition on pieces in play, not how many there are
        if faces and phrase.start > faces.end():
            continue  # 'Each die features 1 Tank, 2 Death Rays': the faces of a die, not pieces
        if section_kind == PLAY and not (said_strong or _STARTS_WITH.search(sentence)):
            continue  # 'draw two cards', 'the player with the most coins': play, not the box
        if phrase.qualifier in {"at_least", "at_most"} and phrase.count_start > phrase.start \
                and section_kind not in {"components", "supplied"} and not (strong or said_setup):
            continue  # 'more than 5 cards', 'up to three walls': a limit of play
        if re.match(r"\s*(?:different|distinct)\s", sentence[phrase.count_end:phrase.end]) and phrase.head not in COMPONENT_HEADS \
                and phrase.head not in known_nouns:
            continue  # '3 different sizes', '5 different colours': kinds of a thing, not things ('7 different animals' of
            # the '29 wooden animals' listed are things)
        action = _ACTION_BEFORE.search(sentence[:phrase.start])
        rolled = action is not None and re.match(r"(?:rolls?|rolling|throws?|throwing|flips?)\b", action.group(0), re.I)
        if (action is not None and _PLAY_ONLY_VERB.match(action.group(0))) or _PLAY_ONLY_BEFORE.search(sentence[:phrase.start]):
            continue  # 'plays two cards', 'pays 3 coins': never how many the box holds or a player starts with
        if re.search(r"\b(?:between|among|beside|next\s+to|above|below|beneath|under|behind)\s+(?:the\s+|its\s+|their\s+)?$",
                     sentence[:phrase.start], re.I) or _SORTED_INTO.search(sentence[:phrase.start]):
            continue  # 'between the two left-most cards', 'separate the cards into three decks': where pieces go, not how many
        if _COMPARED_AFTER.match(sentence, phrase.end) or _RELATIVE_NEED_BEFORE.search(sentence[:phrase.start]) \
                or _HELD_IF_BEFORE.search(sentence, max(0, phrase.start - 48), phrase.start):
            continue  # 'one brown amber fewer than when the round started': a comparison in play
        dealt_out = bool(re.match(r"\s+(?:per|for\s+each|to\s+each)\s+player\b", sentence[phrase.end:], re.I)) and bool(
            _SETUP_VERB_BEFORE.search(sentence[:phrase.start]) or rolled)  # 'then place 3 blue dice per player', 'Roll 3 dice per player'
        cond_before = PLAYER_CONDITION.search(sentence[:phrase.start])
        label = _players_label(sentence, phrase.start) if cond_before is None else None
        cond_end = cond_before.end() if cond_before is not None else label[1] if label is not None else None
        for_players = cond_end is not None and re.search(  # 'with three players, use six agents', '2 players: remove 6 cards'
            r"\b(?:use|uses|take|takes|deal|place|remove|add|give|return|set\s+aside)\b", sentence[cond_end:phrase.start], re.I)
        if _DIMENSION_AFTER.match(sentence, phrase.end) or (action and not dealt_out and (
                (rolled and section_kind != "setup") or not (section_kind == "setup" or said_setup or for_players))):
            continue
        if id(phrase) in chained:
            chain_set_out = section_kind == "setup" or bool(each_takes)  # ('Each player starts with 10 tokens, 2 cards …')
            result.append((phrase, {"role": "setup" if chain_set_out else "total",
                                    "per": phrase.per or ("player" if each_takes or each_has else group_per if phrase.start < group_end else None),
                                    "component": phrase.component,
                                    "condition": condition_of(sentence, phrase.start, phrase.end) if chain_set_out else None,
                                    "optional": optional, "supplied": supplied}))
            continue
        conditioned = PLAYER_CONDITION.search(sentence[:phrase.start]) is not None
        known = phrase.head in COMPONENT_HEADS or phrase.head in known_nouns or id(phrase) in paired or any(  # '20 goods …, 25 goods …'
            phrase.head == p.head for p, _ in result) or bool(
            (ACQUIRES.search(sentence[:phrase.start]) or _SETUP_VERB_BEFORE.search(sentence[:phrase.start]))
            and (section_kind == "setup" or conditioned)) or bool(re.match(r"\s*(?:each|every)\s+player\s+(?:places|takes|gets|receives)\s+$",
                                                                        sentence[:phrase.start], re.I))
        if not known and not (strong and not gameplay):
            continue
        if not known and not said_strong and defined is None and not stating_words and not result \
                and ":" not in sentence[:phrase.start] and len(sentence[:phrase.start].split()) > 8 and (
                    section_kind not in {"components", "supplied"} or _MEASURED_BEFORE.search(sentence[:phrase.start])):
            continue  # 'Dilution refrigerators cool qubits to as low as 2 millikelvin' under '## Quantum components': a
            # sentence that states no contents, its count of nothing the lexicon or the lists name
        verbless = not sentence[:phrase.start].strip(" -*•") and not sentence[phrase.end:].strip(" .;!") \
            and phrase.head in COMPONENT_HEADS  # '13 Martian Dice.', 'A six-sided die.': a sentence that only names things
        per_after = read_per(sentence, phrase.end, phrase.count)
        listed_after = bool(result) and _LISTED_NEXT.fullmatch(sentence, result[-1][0].end, phrase.start) is not None
        if phrase.count == 1 and not strong and not verbless and not PER_PLAYER.search(sentence) and phrase.form != "range" \
                and per_after is None and not listed_after and not (
                    section_kind == "setup" and (phrase.head in COMPONENT_HEADS or phrase.head in known_nouns) and _IMPERATIVE.match(sentence)) \
                and not (section_kind == "setup" and sentence[phrase.count_start:phrase.count_end] == "1"
                         and (phrase.head in COMPONENT_HEADS or phrase.head in known_nouns or phrase.component[:1].isupper())
                         and _SETUP_VERB_BEFORE.search(sentence[:phrase.start]) and not _ONE_EACH_AFTER.match(sentence, phrase.count_end)):
            continue  # 'place one tile', 'roll one die': a single piece in play, not a count of the box ('2 workers and 1 boat' is)
        whole_set = known and re.search(r"\b(?:the|all(?:\s+the)?|these|those|its|their)\s+(?:remaining\s+)?$", sentence[:phrase.start], re.I)
        if whole_set or flattened:
            # 'shuffle the 40 cards', 'move the 15 pieces': the whole set, named again
            set_out = section_kind == "setup" or _SETUP_IMPERATIVE.match(sentence) or bool(each_takes)  # 'Shuffle the 50
            # cards.' is a setup step
            result.append((phrase, {"role": "setup" if set_out else "total",
                                    "per": "player" if each_takes else None,  # ('of the twenty-seven shrines': all of them)
                                    "component": phrase.component,
                                    "condition": condition_of(sentence, phrase.start, phrase.end) if set_out else None,
                                    "optional": optional, "supplied": supplied}))
            continue
        before = sentence[:phrase.start]
        copula = _COPULA_SUBJECT.search(before)
        component = phrase.component
        if copula and phrase.head in COMPONENT_HEADS and not re.fullmatch(r"(?:there|it|this|that|these|those|here|which)", copula.group("subject"), re.I):
            subject = re.sub(r"^the\s+", "", copula.group("subject"), flags=re.I)
            if head_of(subject) in NOT_COMPONENTS:
                continue  # 'Your hand limit is 10 cards': a rule's number of cards, not cards in the box
            if head_of(subject) in COMPONENT_HEADS or any(w[0].isupper() for w in subject.split()):
                component = subject
        local_setup = setup and (said_setup or section_kind == "setup") or dealt_out
        if for_players or each_takes:  # (what each player gets, starts with or takes is set out)
            local_setup = setup = True

        if gameplay and not stating and not (local_setup and not re.search(r"\b(?:pay|costs?|earn|score|worth|points?)\b", plain, re.I)):
            continue
        if not (stating or local_setup or verbless):
            continue
        role = "setup" if local_setup and not (stating and not PER_PLAYER.search(sentence) and section_kind != "setup") else "total"
        per_player = bool(PER_PLAYER.search(sentence)) and (role == "setup" or bool(_EACH_PLAYER_HAS.search(sentence)))
        units = _units_before(sentence, phrase, per_after is not None and _EACH_AT_END.match(sentence, phrase.end) is not None)
        if units is not None:
            per = units[0]
            phrase = replace(phrase, per=per, per_count=units[1])
        elif per_after is not None and per_after.count is None:
            per = per_after.per  # '3 cubes per colour'
        else:
            per = phrase.per or ("player" if per_player else None)  # '50xN markers', 'Each player has 5 coins'
        per = per or (group_per if phrase.start < group_end else None)
        if per is None and role == "setup" and _YOURS_BEFORE.search(sentence, max(0, phrase.start - 12), phrase.start):
            per = "player"  # 'Place your 5 workers next to your board': a step said to each player
        condition = condition_of(sentence, phrase.start, phrase.end) if role == "setup" else None
        if per is not None and per == group_per and phrase.per is None and group_many:
            phrase = replace(phrase, per=per, per_count=group_many)  # 'Each of the 5 suits has 11 cards': 55 in all
        result.append((phrase, {"role": role, "per": per, "component": component, "condition": condition,
                                "optional": optional, "supplied": supplied}))
    _each_of_the_list(sentence, result)
    if flattened:
        result += _names_between(sentence, [p for p, _ in result], section_kind)
    return result + _elliptic_for(sentence, result)


def _units_before(sentence: str, phrase: Phrase, each_after: bool) -> tuple[str, int] | None:
    """The units the count is of each of, counted right before it: '2 decks of 54 cards' (fifty-four in each deck,
    108 in all); 'There are 7 different animals with 4 tiles each' (four of each animal, `each_after`: 'each' after
    the count). (unit, how many units)."""
    holders = _HOLDERS_OF.search(sentence, max(0, phrase.start - 40), phrase.start)
    if holders is not None and is_plural(holders.group("unit")) and singular(holders.group("unit")) in HOLDERS \
            and parse_number(holders.group("n")):
        return singular(holders.group("unit").lower()), parse_number(holders.group("n"))
    kinds = _KINDS_WITH.search(sentence, max(0, phrase.start - 60), phrase.start) if each_after else None
    if kinds is not None and parse_number(kinds.group("n")) and is_plural(kinds.group("unit")) \
            and singular(kinds.group("unit")) not in _NO_KINDS and head_of(kinds.group("unit")) not in NOT_COMPONENTS:
        return singular(kinds.group("unit")), parse_number(kinds.group("n"))
    return None


_EACH_AT_END = patterns.compile(r"\s*(?:each|apiece)\s*[.;!]?\s*$", re.I)


def _each_of_the_list(sentence: str, result: list[tuple[Phrase, dict]]) -> None:
    """'Take 1 Wheelbarrow and 1 Overview card each', 'placing 2 settlements and 2 roads each': the 'each' after a
    list's last thing is said of every thing counted in it."""
    if len(result) < 2 or not _EACH_AT_END.match(sentence, result[-1][0].end) or result[-1][1]["per"] != "player":
        return
    for (phrase, info), (after, _) in zip(reversed(result[:-1]), reversed(result[1:])):
        if not _LISTED_NEXT.fullmatch(sentence, phrase.end, after.start):
            return
        if info["per"] is None and info["role"] == result[-1][1]["role"]:
            info["per"] = "player"


_CONTENTS_CUE = patterns.compile(rf"^\W*{CONTENTS_WORDS}\W*", re.I)


def _names_between(sentence: str, phrases: list[Phrase], section_kind: str) -> list[tuple[Phrase, dict]]:
    """'Game board Rulebook Storage tray 5 player mats 100 Adventurer cubes': in a list flattened into a line, the
    uncounted names before and between the counted items, each ending at a component's name (one of a singular)."""
    found = []
    bounds = [(_CONTENTS_CUE.match(sentence).end() if _CONTENTS_CUE.match(sentence) else 0, None)]
    bounds += [(p.end, p) for p in sorted(phrases, key=lambda p: p.start)]
    starts = [p.start for p in sorted(phrases, key=lambda p: p.start)] + [len(sentence)]
    for (gap_start, _), gap_end in zip(bounds, starts):
        gap = sentence[gap_start:gap_end]
        words = list(re.finditer(r"[^\W\d_][\w'’-]*", gap))
        if not words or re.search(r"[^\w\s'’,;:.-]|\d", gap) or len(words) > 12:
            continue
        names, current = [], []
        for index, word in enumerate(words):
            current.append(word)
            nxt = words[index + 1].group(0) if index + 1 < len(words) else None
            if singular(word.group(0)) in COMPONENT_HEADS and (nxt is None or nxt[0].isupper() and (
                    singular(nxt) not in COMPONENT_HEADS or word.group(0)[0].islower())):  # 'Item Deck Cards' goes on
                names.append(current)
                current = []
        if current or not names or any(len(name) > 4 or name[0].group(0).lower() in STOP_WORDS for name in names):
            continue  # words left over, or a name that starts as a phrase does ('per deck'): not a run of names
        for name in names:
            a, b = gap_start + name[0].start(), gap_start + name[-1].end()
            noun = sentence[a:b]
            count = None if is_plural(name[-1].group(0)) else 1
            found.append((Phrase(a, b, a, a, count, "exact", noun, head_of(noun), "bare_item"),
                          {"role": "setup" if section_kind == "setup" else "total", "per": None, "component": noun,
                           "condition": None, "optional": False, "supplied": False}))
    return found


_FOR_PLAYERS = patterns.compile(rf"(?<![\w.,-])(?P<n>{NUMBER})\s+(?:for|with|in\s+an?)\s+(?P<p>{NUMBER})(?:\s+(?:or|and|to)\s+{NUMBER})?"
                                rf"(?:\s*-?\s*players?)?(?:\s+game)?(?=\s*(?:[,;.)]|and\b|$))", re.I)


def _elliptic_for(sentence: str, read: list[tuple[Phrase, dict]]) -> list[tuple[Phrase, dict]]:
    """'48 cards for three or four players, 60 for five, and 72 for six': counts that leave out the noun of the
    count before them, one per player count."""
    more = []
    for match in _FOR_PLAYERS.finditer(sentence):
        before = [(p, info) for p, info in read if p.end <= match.start()]
        if not before or any(p.count_start <= match.start("n") < p.end for p, _ in read):
            continue
        phrase, info = before[-1]
        if not re.search(r"\b(?:for|with|in\s+an?)\s+(?:\d+|" + "|".join(("two", "three", "four", "five", "six", "seven", "eight")) + r")\b",
                         sentence[phrase.end:match.start()] + " " + sentence[phrase.end:phrase.end + 40], re.I):
            continue
        if " with " in match.group(0).lower() and "player" not in match.group(0).lower():
            continue  # '2 dice with 6 faces and 1 with 8': with eight faces, not for eight players
        count = parse_number(match.group("n"))
        players = parse_number(match.group("p"))
        if count is None or players is None or players > 12:
            continue
        more.append((Phrase(match.start(), match.end(), match.start("n"), match.end("n"), count, "exact", phrase.component,
                            phrase.head, "elliptic"), {**info, "condition": players_condition(players)}))
    return more
