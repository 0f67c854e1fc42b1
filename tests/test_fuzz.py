"""Fuzzing (issue 14): Hypothesis writes manifests and SVG art, some plausible, most broken or hostile, and builds
them through the command line. Every outcome is exit 0, or exit 2 with a located message: never a traceback,
never another exit code, never more than 10 s, never anything written outside --out.

Bounded: a fixed, small number of examples, derandomized (the same ones on every run), no example database.
"""

from __future__ import annotations

import re
import resource
import tempfile
import time
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from generator.cli import app

pytestmark = pytest.mark.fuzz
BOUNDED = settings(max_examples=30, deadline=None, derandomize=True, database=None, print_blob=False,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
LOCATED = re.compile(r"(kit\.yaml|\.csv|\.svg|\.svg\.j2|\.png)(:\d+)*:")
SVG_NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'

# -- manifests ---------------------------------------------------------------------------------------------------
plausible = st.integers(1, 12)  # drawn as often as all the rest: enough kits get as far as drawing
numbers = st.one_of(plausible, plausible, plausible, st.integers(-5, 50), st.integers(),
                    st.floats(allow_nan=True, allow_infinity=True),
                    st.sampled_from(["0777", "0o17", "1e7", "0x10", "1_000", "-0", "3.0"]))
lengths = st.one_of(st.sampled_from(["25mm", "1in", "0mm", "-3mm", "1e9mm", "nanmm", "poker", "30mm x 15mm", "25", ""]),
                    st.builds(lambda n, u: f"{n}{u}", st.floats(-10, 2000, allow_nan=False), st.sampled_from(["mm", "cm", "pt", "px"])))
words = st.one_of(st.text(st.characters(min_codepoint=32, max_codepoint=0x24F), max_size=20),
                  st.text(st.characters(blacklist_categories=("Cs",)), max_size=30))
scalars = st.one_of(numbers, words, st.booleans(), st.none(), lengths)
fields = st.dictionaries(st.sampled_from(["label", "value", "title", "text", "colour", "art", "dot", "sublabel"]),
                         st.one_of(scalars, st.sampled_from(["art/x.svg", "#ff0000", "red", "{gold}", "hsl(1,2%,3%)"])),
                         max_size=4)
component = st.fixed_dictionaries(
    {"id": st.one_of(st.sampled_from(["a", "b", "deck"]), st.sampled_from(["c", "d"]), words)},
    optional={"kind": st.sampled_from(["token", "card", "marker", "hex", "board", "die", "track", "mat", "spaceship"]),
              "size": lengths, "count": numbers, "shape": st.sampled_from(["disc", "square", "rect", "rounded", "star"]),
              "per_player": st.booleans(), "fields": fields, "art": st.sampled_from(["art/x.svg", "missing.svg", "../x.svg"]),
              "template": st.sampled_from(["t", "card", "token", "../../etc/passwd", "@hexes"]),
              "bleed": lengths, "cards": st.lists(st.fixed_dictionaries({"count": numbers}, optional={"title": words}),
                                                  max_size=3)})
manifest = st.fixed_dictionaries(
    {"kit": st.fixed_dictionaries({"name": st.one_of(st.just("Fuzz"), st.just("Game"), words, numbers)},
                                  optional={"players": st.fixed_dictionaries({"min": numbers, "max": numbers}),
                                            "player_colours": st.lists(st.sampled_from(["red", "blue", "#123", "nope"]), max_size=4),
                                            "defaults": st.fixed_dictionaries({}, optional={
                                                "template_time": numbers, "paper": st.sampled_from(["a4", "a9"]),
                                                "bleed": lengths, "margin": lengths})}),
     "components": st.lists(component, max_size=3)})


@st.composite
def manifest_text(draw) -> str:
    text = yaml.safe_dump(draw(manifest), allow_unicode=True, sort_keys=False)
    if draw(st.integers(0, 2)) == 0:  # and now and then damage it: a line's start changed, or the line replaced
        lines = text.splitlines(keepends=True)
        at = draw(st.integers(0, max(len(lines) - 1, 0)))
        damage = draw(st.sampled_from(["\t", "[", "&a ", "*a", "!!python/name:os.system ", "\x00", "  ", "- ", ": ", ""]))
        if lines:
            lines[at] = damage + lines[at] if draw(st.booleans()) else damage
        text = "".join(lines)
    return text


# -- SVG art ---------------------------------------------------------------------------------------------------
hrefs = st.sampled_from(["#a", "#b", "#missing", "x.svg", "y.svg", "x.svg#a", "y.svg#a", "../../outside.svg",
                         "http://127.0.0.1:9/z.png", "data:image/svg+xml,%3Csvg%20xmlns%3D%22http://www.w3.org/2000/svg%22/%3E",
                         "data:,garbage", "file:///etc/passwd", ""])


@st.composite
def element(draw, depth: int = 0) -> str:
    kind = draw(st.sampled_from(["rect", "g", "use", "image", "style", "script", "foreignObject", "text", "circle"]
                                if depth < 4 else ["rect", "use", "image", "circle"]))
    ident = draw(st.sampled_from(["", ' id="a"', ' id="b"']))
    if kind == "g":
        children = "".join(draw(st.lists(element(depth + 1), max_size=3)))
        return f"<g{ident}>{children}</g>"
    if kind == "use":
        return f'<use{ident} href="{draw(hrefs)}"/>' * draw(st.integers(1, 12))
    if kind == "image":
        return f'<image{ident} xlink:href="{draw(hrefs)}" width="5" height="5"/>'
    if kind == "style":
        rule = draw(st.sampled_from(["@import url(x.svg);", "@import 'y.css';", "rect { fill: url(y.svg#a) }",
                                     "rect { fill: red }", "@import url(http://127.0.0.1:9/s.css);"]))
        return f"<style>{rule}</style>"
    if kind == "script":
        return "<script>while(1){}</script>"
    if kind == "foreignObject":
        return '<foreignObject width="5" height="5"><p xmlns="http://www.w3.org/1999/xhtml">x</p></foreignObject>'
    if kind == "text":
        return f"<text{ident} y=\"5\">{draw(st.sampled_from(['hi', '&amp;', '&e;', '']))}</text>"
    size = draw(st.sampled_from(["5", "-1", "1e9", "nan", "x", "0"]))
    return f'<{kind}{ident} width="{size}" height="5" r="{size}" style="{draw(st.sampled_from(["", "fill: url(#a)", "fill:url(x.svg)"]))}"/>'


@st.composite
def svg_document(draw) -> str:
    body = "".join(draw(st.lists(element(), max_size=5)))
    head = draw(st.sampled_from(["", '<?xml version="1.0"?>', '<!DOCTYPE svg [<!ENTITY e "x">]>',
                                 '<?xml-stylesheet href="s.css"?>']))
    document = f'{head}<svg {SVG_NS} viewBox="0 0 10 10" width="10" height="10">{body}</svg>'
    if draw(st.integers(0, 9)) == 0:  # now and then cut short
        document = document[: draw(st.integers(0, len(document)))]
    return document


# -- checks ------------------------------------------------------------------------------------------------------
def snapshot(folder: Path, skip: Path) -> dict[str, int]:
    return {str(p): p.stat().st_size for p in folder.rglob("*") if p.is_file() and skip not in p.parents}


def build_and_check(files: dict[str, str]) -> None:
    with tempfile.TemporaryDirectory(prefix="pnpgen-fuzz-") as root:
        kit, out = Path(root) / "kit", Path(root) / "output"
        for name, text in files.items():
            (kit / name).parent.mkdir(parents=True, exist_ok=True)
            (kit / name).write_text(text, encoding="utf-8", errors="surrogatepass")
        before = snapshot(Path(root), out)
        started = time.perf_counter()
        result = CliRunner().invoke(app, ["build", str(kit), "--out", str(out), "--no-reference"])
        seconds = time.perf_counter() - started
        assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
        assert "Traceback" not in result.output, result.output
        assert result.exit_code in (0, 2), result.output
        if result.exit_code == 2:
            assert LOCATED.search(result.output) or "error:" in result.output and "kit.yaml" in result.output, result.output
            assert not (out / "kit").exists()
        assert seconds < 10, f"{seconds:.1f} s"
        assert snapshot(Path(root), out) == before, "something was written outside --out"


TEMPLATE = '{% extends "_base.svg.j2" %}{% block body %}{{ text(f.get("label", "x"), 1, 1, w - 2, h - 2) }}{% endblock %}'
PLAIN_ART = f'<svg {SVG_NS} viewBox="0 0 10 10"><rect width="5" height="5"/></svg>'


@BOUNDED
@given(manifest_text())
def test_fuzzed_manifests(text):
    build_and_check({"kit.yaml": text, "templates/t.svg.j2": TEMPLATE, "art/x.svg": PLAIN_ART})


@BOUNDED
@given(svg_document(), svg_document())
def test_fuzzed_art(first, second):
    manifest = ("kit: {name: Fuzz, defaults: {template_time: 2}}\ncomponents:\n  - id: a\n    size: 25mm\n"
                "    art: art/x.svg\n")
    build_and_check({"kit.yaml": manifest, "art/x.svg": first, "art/y.svg": second, "art/y.css": "@import 'y.css';"})


def test_fuzzing_stayed_within_memory():
    from generator.render.limits import MEMORY_HEADROOM

    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 < 2 * MEMORY_HEADROOM
