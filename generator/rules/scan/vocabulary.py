"""Words and phrase patterns several recognisers share: component head nouns, words that end or block a
counted phrase, and the setup and acquiring verbs."""

import re

# Head nouns of physical components; the first plural one ends a component name in a table row
# ("Manor markers 30mmx30mm with a picture" -> "Manor markers").
PLURAL_HEADS = {
    "markers", "tokens", "cards", "chits", "counters", "pieces", "tiles", "hexes", "cubes", "discs",
    "disks", "chips", "pawns", "meeples", "dice", "stands", "mats", "boards", "sheets", "shards",
    "figures", "miniatures", "coins", "bills", "sleeves", "standees", "decks", "bags",
}
SINGULAR_HEADS = {
    "marker", "token", "card", "chit", "counter", "piece", "tile", "hex", "cube", "disc", "disk",
    "chip", "pawn", "meeple", "die", "stand", "mat", "board", "sheet", "shard", "figure", "coin",
    "deck", "map", "book", "booklet", "pad", "bag",
}
# A statement about one of these is a total whose parts are stated elsewhere.
CONTAINER_HEADS = {"deck", "decks", "pile", "piles", "set", "sets", "pack", "packs", "stack", "stacks",
                   "box", "boxes", "bag", "bags"}

# A counted phrase ending in one of these is not a physical component (turns, time, money, rules...).
BLOCKED_HEADS = {
    "player", "players", "person", "people", "turn", "turns", "round", "rounds", "phase", "phases",
    "point", "points", "vp", "vps", "minute", "minutes", "min", "mins", "hour", "hours", "hr", "hrs",
    "year", "years", "time", "times", "action", "actions", "step", "steps", "space", "spaces",
    "hit", "hits", "vote", "votes", "money", "percent", "degree", "degrees", "day", "days",
    "second", "seconds", "page", "pages", "age", "ages", "side", "sides", "row", "rows", "column",
    "columns", "type", "types", "kind", "kinds", "class", "classes", "sort", "sorts", "way", "ways",
    "option", "options", "level", "levels", "limit", "value", "values", "cost", "costs", "damage",
    "move", "moves", "movement", "rule", "rules", "edge", "edges", "corner", "corners", "game",
    "games", "grid", "hexagonals", "number", "total", "maximum", "minimum", "lot", "few", "variety",
}
# Words that end a counted noun phrase in prose ("6 slave and ...", "30 fish in the sea").
STOP_WORDS = {
    "a", "an", "the", "to", "on", "onto", "in", "into", "from", "next", "of", "for", "with", "and",
    "or", "at", "as", "per", "each", "every", "that", "which", "who", "until", "by", "near", "under",
    "then", "is", "are", "was", "will", "can", "may", "must", "should", "this", "these", "those",
    "their", "his", "her", "its", "your", "our", "them", "so", "if", "when", "than", "face", "up",
    "down", "instead", "but", "while", "be", "has", "have", "it", "they", "he", "she", "you", "we",
    "only", "also", "not", "no", "all", "any", "some", "after", "before", "during", "between",
}

SETUP_VERB = (
    r"(?:place|take|select|choose|deal|fill(?:\s+in)?|give|use|draw|set\s+aside|set\s+out|lay\s+out"
    r"|remove|hand\s+out|distribute|add|put\s+out)"
)
ACQUIRE_VERB = (
    r"(?:gets?|takes?|receives?|draws?|places?|chooses?|selects?|constructs?|collects?"
    r"|(?:is|are)\s+(?:given|dealt)|starts?(?:\s+the\s+game)?\s+with|begins?(?:\s+the\s+game)?\s+with)"
)
EACH_PLAYER_RE = re.compile(r"\b(?:each|every)\s+player\b", re.I)
