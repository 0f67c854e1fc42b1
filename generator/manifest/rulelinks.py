"""Manifest stage: `read_rule_links` turns a component's `rule:` (or a deck row's `rule` cell) into RuleLinks.

A link is a quote, or a mapping with quote, section, role, count, from, per, per_count, players and variant
(docs/rules.md). In a deck file a `rule` cell holds a quote, or the same mapping (or a list of links) written
in YAML's flow style: `{quote: "Beet x6", role: part}`.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

from generator.manifest.spec import Location, RuleLink
from generator.vocabulary import PERS, Category, Per, Role

ROLES: dict[str, Role] = {"total": "total", "count": "total", "part": "part", "setup": "setup"}  # count: older name
LINK_KEYS = ("quote", "section", "role", "count", "from", "per", "per_count", "players", "variant", "qualifier")
QUALIFIERS = ("exact", "at_least", "at_most", "about")
_PER_SPELLINGS = {"color": "colour", "colors": "colour", "colours": "colour", "players": "player",
                  "sides": "side", "team": "side", "teams": "side"}

Report = Callable[[tuple, str], None]  # (key path below the links, message)


def read_rule_links(raw: Any, locate: Callable[[tuple], Location], report: Report) -> Iterator[RuleLink]:
    """The links of one `rule:` value; `locate(path)` places each one, `report(path, message)` a problem."""
    if raw is None:
        return
    items = raw if isinstance(raw, list) else [raw]
    for i, item in enumerate(items):
        path = (i,) if isinstance(raw, list) else ()
        link = _link(item, path, locate, report)
        if link is not None:
            yield link


def read_rule_cell(value: Any, where: Location, report: Callable[[str], None]) -> tuple[RuleLink, ...]:
    """The links of a deck row's `rule` cell (a quote, or links in YAML flow style), all placed at the cell."""
    if value is None or value == "":
        return ()
    if isinstance(value, str) and value.lstrip()[:1] in ("{", "["):
        import yaml  # only for a cell written in flow style: most builds read no YAML of their own

        try:
            value = yaml.safe_load(value)
        except yaml.YAMLError as exc:
            report(f"the rule cell is not a quote nor a link in YAML flow style ({_first_line(exc)})")
            return ()
    elif not isinstance(value, (str, list, dict)):
        value = str(value)
    return tuple(read_rule_links(value, lambda path: where,
                                 lambda path, message: report(message)))


def _link(item: Any, path: tuple, locate: Callable[[tuple], Location], report: Report) -> RuleLink | None:
    if isinstance(item, str):
        item = {"quote": item}
    if not isinstance(item, dict):
        report(path, f"a rule link is a quote or a mapping with quote:, got {item!r}")
        return None
    unknown = sorted(str(key) for key in item if key not in LINK_KEYS)
    if unknown:
        report(path + (unknown[0],), f"a rule link has no key {unknown[0]!r} (it takes {', '.join(LINK_KEYS)})")
        return None
    quote = item.get("quote")
    if not isinstance(quote, str) or not quote.strip():
        report(path + ("quote",), "the rule quote is empty" if isinstance(quote, str) or quote is None
               else f"the rule quote is text, got {quote!r}")
        return None
    role = ROLES.get(str(item.get("role", "total")))
    if role is None:
        report(path + ("role",), f"role is total, part or setup, got {item.get('role')!r}")
        return None
    numbers = {}
    for key in ("count", "per_count", "players"):
        value = item.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < (0 if key == "count" else 1)):
            report(path + (key,), f"{key} is a whole number{' ≥ 0' if key == 'count' else ' ≥ 1'}, got {value!r}")
            return None
        numbers[key] = value
    per: Per | Category | None = None
    if item.get("per") is not None:
        word = " ".join(str(item["per"]).lower().split())
        word = _PER_SPELLINGS.get(word, word)
        per = word if word in PERS else Category(word)
    derivation = item.get("from")
    if derivation is not None and numbers["count"] is None:
        report(path + ("from",), "from: says how a vouched count is derived; give the count too (count: N)")
        return None
    if numbers["per_count"] is not None and per is None:
        report(path + ("per_count",), "per_count: says how many of what the count is per; give per: too")
        return None
    variant = item.get("variant")
    qualifier = item.get("qualifier")
    if qualifier is not None and qualifier not in QUALIFIERS:
        report(path + ("qualifier",), f"qualifier is {', '.join(QUALIFIERS)}, got {qualifier!r}")
        return None
    return RuleLink(quote=quote, location=locate(path), section=item.get("section"), role=role,
                    count=numbers["count"], players=numbers["players"], per=per, per_count=numbers["per_count"],
                    variant=None if variant is None else str(variant),
                    derivation=None if derivation is None else " ".join(str(derivation).split()), qualifier=qualifier)


def _first_line(exc: Exception) -> str:
    return str(exc).strip().splitlines()[0]
