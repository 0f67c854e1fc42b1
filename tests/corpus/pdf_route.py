"""The PDF route, measured: every Markdown and HTML text of a split typeset into a PDF the way a publisher lays out a
rulebook (one, two or three columns, justified and hyphenated, running heads, list bullets and tables drawn by an
HTML typesetter), then read from that PDF and scored against the same answer key as the text.

The key's quotes are lines of the text, and a typeset page breaks lines elsewhere, so both readings are scored
loosely here: an item is found when a statement has its count and shares a word of its component. The two figures
differ only by what the PDF route loses (or adds). The last line says how far the two readings agree: the text's
statements the PDF's reading makes too (same count, same words), and the statements only the PDF's reading makes.

    make corpus-pdf                       # sets up a side environment with weasyprint, renders, scores
    python -m tests.corpus.pdf_route render OUT [--split dev]   (needs weasyprint and markdown)
    python -m tests.corpus.pdf_route score OUT [--split dev] [--show NAME]
"""

from __future__ import annotations

import argparse
import hashlib
import html
import re
import sys
from collections import Counter
from pathlib import Path

import yaml

from tests.corpus.score import corpus_texts

_TYPESET = (r"(^|_)(md|html)_")  # the texts a typesetter lays out anew (a .txt is already a page's extraction)

STYLES = {
    "one": """@page { size: letter; margin: 20mm; @bottom-right { content: "page " counter(page); font: 8pt sans-serif; } }
      body { font: 10.5pt/1.3 'DejaVu Sans', sans-serif; hyphens: auto; } h1, h2, h3, h4 { font-family: 'DejaVu Serif', serif; }
      ul { list-style: square; } li { margin: 0.15em 0; } table { border-collapse: collapse; } td, th { border: 0.4pt solid #888; padding: 2pt 5pt; }""",
    "two": """@page { size: A4; margin: 18mm 15mm 20mm; @top-center { content: "%(title)s - Rules of Play"; font: italic 8pt serif; }
      @bottom-center { content: counter(page); font: 8pt serif; } }
      body { font: 9.5pt/1.25 'DejaVu Serif', serif; columns: 2; column-gap: 8mm; text-align: justify; hyphens: auto; }
      h1, h2, h3, h4 { font-family: 'DejaVu Sans', sans-serif; text-transform: uppercase; margin: 0.8em 0 0.3em; }
      ul, ol { padding-left: 1.2em; } table { border-collapse: collapse; font-size: 8.5pt; } td, th { border: 0.4pt solid #888; padding: 1pt 3pt; }""",
    "three": """@page { size: A4 landscape; margin: 12mm; }
      body { font: 8.5pt/1.2 'DejaVu Sans Condensed', sans-serif; columns: 3; column-gap: 6mm; text-align: justify; hyphens: auto; }
      h1, h2, h3 { font-size: 11pt; } ul { list-style: disc; padding-left: 1em; }
      table { font-size: 7.5pt; border-collapse: collapse; } td, th { border: 0.3pt solid #999; padding: 1pt 2pt; }""",
}


def _typeset_texts(split: str) -> list[tuple[Path, Path]]:
    return [(path, key) for _, path, key in corpus_texts(split) if re.search(_TYPESET, path.stem) and path.suffix in {".md", ".html"}]


def _body_of(path: Path) -> str:
    import markdown

    text = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix == ".html":
        text = re.sub(r"<!--.*?-->", "", text, count=1, flags=re.S)  # the corpus header
        text = re.sub(r"<(script|style)\b.*?</\1>", "", text, flags=re.S | re.I)
        return re.sub(r"<(?:img|link|iframe|object|embed)\b[^>]*>", "", text, flags=re.I)  # nothing to fetch
    head, separator, rest = text.partition("\n---\n")
    return markdown.markdown(rest if separator and head.startswith("Source:") else text, extensions=["tables", "sane_lists"])


def render(out: Path, split: str) -> None:
    import weasyprint

    out.mkdir(parents=True, exist_ok=True)
    for path, _ in _typeset_texts(split):
        style = sorted(STYLES)[int(hashlib.md5(path.stem.encode()).hexdigest(), 16) % len(STYLES)]
        title = html.escape(re.sub(r"^[a-z0-9]+_(?:md|html)_|^(?:md|html)_", "", path.stem).replace("_", " ").title())
        page = (f"<html lang=en><head><meta charset=utf-8><style>{STYLES[style] % {'title': title}}</style></head>"
                f"<body>{_body_of(path)}</body></html>")
        weasyprint.HTML(string=page).write_pdf(out / f"{path.stem}.pdf")  # (no base URL, no images: it fetches nothing)
        print(style, path.stem)


def _words(component) -> set[str]:
    from generator.rules.scan.lexicon import singular

    return {singular(w) for w in re.findall(r"[a-z]+", str(component or "").lower())} - {"the", "of", "and", "a", "an", "each", "per", "in", "for", "with"}


def _loose(statements, items) -> tuple[int, int]:
    """(items found, statements that found one): a count and a shared word of the component, wherever the line."""
    unused, found = list(statements), 0
    for item in items:
        wanted = _words(item.get("component"))
        candidates = [s for s in unused if s.count == item.get("count") and (_words(s.component) & wanted or not wanted)]
        if candidates:
            unused.remove(max(candidates, key=lambda s: len(_words(s.component) & wanted)))
            found += 1
    return found, len(statements) - len(unused)


def score(out: Path, split: str, show: str | None = None) -> None:
    from generator.rules.scan import file_reading, read_rulebook

    totals = {"items": 0, "text": [0, 0, 0], "pdf": [0, 0, 0], "kept": 0, "added": 0}
    for path, key in _typeset_texts(split):
        pdf = out / f"{path.stem}.pdf"
        if not pdf.exists():
            continue
        items = (yaml.safe_load(key.read_text(encoding="utf-8")) or {}).get("items") or []
        readings = {"text": file_reading(read_rulebook(path)).statements, "pdf": file_reading(read_rulebook(pdf)).statements}
        totals["items"] += len(items)
        said = {route: Counter((s.count, " ".join(sorted(_words(s.component)))) for s in statements) for route, statements in readings.items()}
        totals["kept"] += sum((said["text"] & said["pdf"]).values())
        totals["added"] += sum((said["pdf"] - said["text"]).values())
        for route, statements in readings.items():
            found, correct = _loose(statements, items)
            for i, value in enumerate((found, correct, len(statements))):
                totals[route][i] += value
        if show and show in path.stem:
            for route, statements in readings.items():
                print(f"== {route}: " + "; ".join(f"{s.count} {s.component}" for s in statements))
    n = totals["items"]
    for route in ("text", "pdf"):
        found, correct, made = totals[route]
        print(f"{route:4}  recall {found / max(n, 1):.3f}  precision {correct / max(made, 1):.3f}  ({n} items, {made} statements)")
    text_made = totals["text"][2]
    print(f"the PDF's reading keeps {totals['kept']} of the text's {text_made} statements ({totals['kept'] / max(text_made, 1):.3f}) "
          f"and adds {totals['added']}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["render", "score"])
    parser.add_argument("out", type=Path, help="the folder of typeset PDFs")
    parser.add_argument("--split", default="dev")
    parser.add_argument("--show", help="print both readings of the texts whose name contains this")
    args = parser.parse_args(argv)
    if args.command == "render":
        render(args.out, args.split)
    else:
        score(args.out, args.split, args.show)
    return 0


if __name__ == "__main__":
    sys.exit(main())
