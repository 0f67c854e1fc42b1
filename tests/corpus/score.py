"""Score the rulebook reader against the keyed corpus: recall and precision of component count statements,
overall, per split, per phrasing class and per text. `make corpus` runs it; `--split dev|frozen|all`,
`--show NAME` lists one text's misses and extras, `--json` prints the numbers for the README. "With the key's role"
counts an item only when the statement read for it also has the role the key gives (part, setup, optional …)."""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
TEXT_SUFFIXES = (".txt", ".md", ".html", ".htm", ".rst", ".pdf")


@dataclass
class TextScore:
    name: str
    split: str
    items: int = 0
    found: int = 0
    found_with_role: int = 0  # found, and read with the role the key gives (total, part, setup, optional, supplied)
    statements: int = 0
    correct: int = 0
    misses: list = field(default_factory=list)
    extras: list = field(default_factory=list)
    classes: dict = field(default_factory=dict)  # class -> [items, found]
    bad_quotes: list = field(default_factory=list)
    seconds: float = 0.0


def corpus_texts(split: str = "all") -> list[tuple[str, Path, Path]]:
    splits = ["dev", "frozen"] if split == "all" else [split]
    found = []
    for name in splits:
        for path in sorted((HERE / name).iterdir()):
            if path.suffix in TEXT_SUFFIXES and path.with_suffix(".yaml").exists():
                found.append((name, path, path.with_suffix(".yaml")))
    return found


def _file_text(path: Path) -> str:
    """The file's text with the lines the reader numbers (source.line_ends: not Python's universal newlines)."""
    from generator.rules.scan.source import line_ends

    return line_ends(path.read_bytes().decode("utf-8-sig"))


def _squash(text: str) -> str:
    return " ".join(text.split()).lower()


def _lines_of(text_lines: list[str], quote: str) -> list[int]:
    needle = _squash(quote)
    return [n for n, line in enumerate(text_lines, start=1) if needle and needle in _squash(line)]


def _words(text: str) -> set[str]:
    from generator.rules.scan.lexicon import singular

    return {singular(w) for w in re.findall(r"[a-z][a-z'-]+", text.lower())} - {"the", "of", "and", "a", "an"}


def _text_lines_of(source, file_lines: list[int]) -> list[int]:
    """The text's lines made from these lines of the file (Markdown holding HTML: a tag may break a line in two)."""
    wanted = {str(n) for n in file_lines}
    return [n for n, origin in enumerate(source.line_origins, start=1) if origin in wanted]


def score_text(split: str, path: Path, key_path: Path) -> TextScore:
    from generator.rules.scan import file_reading, read_rulebook

    key = yaml.safe_load(key_path.read_text(encoding="utf-8")) or {}
    started = time.perf_counter()
    source = read_rulebook(path)
    reading = file_reading(source)  # a text in columns is read column by column, but numbered by the file's lines
    seconds = time.perf_counter() - started
    text = _file_text(path) if source.pieces_of_file_lines else source.text
    lines = text.split("\n")
    score = TextScore(path.stem, split, seconds=seconds)
    for stmt in reading.statements:
        if stmt.quote not in lines[stmt.line - 1]:
            score.bad_quotes.append((stmt.line, stmt.quote))
    raw = _file_text(path).split("\n") if path.suffix == ".md" and source.line_origins and not source.pieces_of_file_lines else []
    unused = list(reading.statements)
    for item in key.get("items") or []:
        score.items += 1
        item_lines = _lines_of(lines, str(item["quote"])) or _text_lines_of(source, _lines_of(raw, str(item["quote"])))
        # (a Markdown file's quote may hold the HTML of its line, which the reader's text has removed)
        count = item.get("count")
        candidates = [s for s in unused if s.line in item_lines and s.count == count]
        if len(candidates) > 1:
            wanted = _words(str(item.get("component", "")))
            candidates.sort(key=lambda s: -len(wanted & _words(s.component)))
        hit = candidates[0] if candidates else None
        for cls in item.get("classes") or ["-"]:
            score.classes.setdefault(cls, [0, 0])[0] += 1
        if hit is None:
            score.misses.append((item_lines[:1] or ["?"])[0:1] + [count, item.get("component"), item["quote"]])
            continue
        unused.remove(hit)
        score.found += 1
        score.found_with_role += str(item.get("role") or "total") in _roles_of(hit)
        for cls in item.get("classes") or ["-"]:
            score.classes[cls][1] += 1
    score.statements = len(reading.statements)
    score.correct = score.statements - len(unused)
    score.extras = [(s.line, s.count, s.component, s.quote) for s in unused]
    return score


def _roles_of(statement) -> set[str]:
    """The roles an answer key may give the statement: its own (total, part, setup), and optional or supplied when it
    is flagged so (a key names one role; an optional part is keyed as either)."""
    return {statement.role} | ({"supplied"} if statement.supplied_by else set()) | ({"optional"} if statement.optional else set())


def _ratio(a: int, b: int) -> float:
    return a / b if b else 1.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--split", default="all", help="dev, frozen, all, or another folder of tests/corpus/ (a batch not yet split)")
    parser.add_argument("--show", help="list the misses and extras of texts whose name contains this")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--markdown", action="store_true", help="the split summary as a Markdown table (for the README)")
    args = parser.parse_args(argv)
    scores = [score_text(*entry) for entry in corpus_texts(args.split)]
    if args.show:
        for score in scores:
            if args.show in score.name:
                print(f"== {score.split}/{score.name}: recall {score.found}/{score.items}, "
                      f"precision {score.correct}/{score.statements}")
                for miss in score.misses:
                    print("  MISS ", miss)
                for extra in score.extras:
                    print("  EXTRA", extra)
        return 0
    summary = {}
    for split in dict.fromkeys(["dev", "frozen", *(s.split for s in scores)]):
        part = [s for s in scores if s.split == split]
        if not part:
            continue
        items, found = sum(s.items for s in part), sum(s.found for s in part)
        stmts, correct = sum(s.statements for s in part), sum(s.correct for s in part)
        with_role = sum(s.found_with_role for s in part)
        summary[split] = {"texts": len(part), "items": items, "recall": round(_ratio(found, items), 3),
                          "statements": stmts, "precision": round(_ratio(correct, stmts), 3),
                          "recall_with_role": round(_ratio(with_role, items), 3),
                          "precision_with_role": round(_ratio(with_role, stmts), 3)}
    classes: dict[str, list[int]] = {}
    for score in scores:
        for cls, (n, k) in score.classes.items():
            classes.setdefault(cls, [0, 0])
            classes[cls][0] += n
            classes[cls][1] += k
    bad = [(s.name, q) for s in scores for q in s.bad_quotes]
    if args.markdown:
        print("| split | texts | keyed statements | recall | statements read | precision |")
        print("|---|---:|---:|---:|---:|---:|")
        for split, data in summary.items():
            print(f"| {split} | {data['texts']} | {data['items']} | {data['recall']:.2f} | {data['statements']} | "
                  f"{data['precision']:.2f} |")
        return 0
    if args.json:
        print(json.dumps({"splits": summary, "classes": classes, "bad_quotes": len(bad)}, indent=2))
        return 0
    print(f"{'text':42} {'split':6} {'recall':>9} {'precision':>11} {'ms':>6}")
    for s in sorted(scores, key=lambda s: (s.split, s.name)):
        print(f"{s.name:42} {s.split:6} {s.found:>3}/{s.items:<3}{_ratio(s.found, s.items):5.2f}"
              f" {s.correct:>3}/{s.statements:<3}{_ratio(s.correct, s.statements):5.2f} {s.seconds * 1000:6.1f}")
    print()
    for cls in sorted(classes, key=lambda c: (len(c), c)):
        n, k = classes[cls]
        print(f"class {cls:4} recall {k:>3}/{n:<3} {_ratio(k, n):.2f}")
    print()
    for split, data in summary.items():
        print(f"{split:6} {data['texts']:>3} texts  recall {data['recall']:.3f} ({data['items']} items)  "
              f"precision {data['precision']:.3f} ({data['statements']} statements)  with the key's role: "
              f"{data['recall_with_role']:.3f} / {data['precision_with_role']:.3f}")
    if bad:
        print(f"{len(bad)} quotes are not verbatim substrings of their line: {bad[:3]}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
