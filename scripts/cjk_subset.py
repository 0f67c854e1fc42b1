"""Makes the Japanese example kit's fonts (components/medieval_manor_ja/fonts/): Noto Sans JP (SIL OFL 1.1),
cut to the kana, CJK punctuation, full-width forms and the kanji the kit's files use, as TrueType fonts.

The source is the npm package @fontsource/noto-sans-jp (its "japanese" .woff files: regular and bold):
    npm pack @fontsource/noto-sans-jp && tar xzf fontsource-noto-sans-jp-*.tgz
    .venv/bin/python scripts/cjk_subset.py package/files components/medieval_manor_ja
Run it again after adding kanji to the kit; the output is the same for the same input.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

BLOCKS = [range(0x3000, 0x3040), range(0x3040, 0x30A0), range(0x30A0, 0x3100), range(0xFF00, 0xFFF0)]
WEIGHTS = {"": (400, "Regular"), "-Bold": (700, "Bold")}


def wanted(kit: Path) -> set[int]:
    chars = {c for block in BLOCKS for c in block}
    for path in sorted(kit.rglob("*")):
        if path.suffix in {".yaml", ".csv"}:
            chars |= {ord(c) for c in path.read_text(encoding="utf-8") if 0x3400 <= ord(c) <= 0x9FFF}
    return chars


def build(source: Path, kit: Path, target: Path, style: str) -> None:
    font = TTFont(source, recalcTimestamp=False)
    chars = wanted(kit) & set(font.getBestCmap())
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=chars)
    subsetter.subset(font)
    font["head"].created = font["head"].modified = 0x7C25B080  # fixed (2000-01-01): the same bytes each run
    names = font["name"]  # the slices carry the variable font's "Thin" names; say what the outlines are
    for name_id, value in ((1, "Noto Sans JP"), (2, style), (4, f"Noto Sans JP {style}"), (6, f"NotoSansJP-{style}"),
                           (16, "Noto Sans JP"), (17, style)):
        names.removeNames(nameID=name_id)
        names.setName(value, name_id, 3, 1, 0x409)
    font.flavor = None
    font.save(target)
    print(f"{target}: {len(font.getBestCmap())} characters, {target.stat().st_size // 1024} KiB")


def main() -> None:
    slices, kit = Path(sys.argv[1]), Path(sys.argv[2])
    for suffix, (weight, style) in WEIGHTS.items():
        build(slices / f"noto-sans-jp-japanese-{weight}-normal.woff", kit,
              kit / "fonts" / f"NotoSansJP-MedievalManor{suffix}.ttf", style)


if __name__ == "__main__":
    main()
