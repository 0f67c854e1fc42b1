"""docs/templates.md stays complete and honest: every macro, context name, helper, filter and built-in field a
template can use is documented there, and the doc's example templates build."""

from __future__ import annotations

import inspect
import re
import textwrap

import jinja2.defaults
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.model import FaceSpec
from generator.paths import TEMPLATES_DIR
from generator.render import face_context
from generator.render.templating import TextHelper, template_environment
from generator.starter import STARTER_DIR
from generator.typeface import BUNDLED
from tests.conftest import ROOT

DOC = ROOT / "docs" / "templates.md"
MACRO = re.compile(r"\{%-?\s*macro\s+(\w+)\((.*?)\)\s*-?%\}")
EXAMPLE = re.compile(r"```(\w+)\n(.*?)```\n<!-- example: ([\w.]+) -->", re.S)


def doc() -> str:
    return DOC.read_text(encoding="utf-8")


def documented_names() -> set[str]:
    """Everything written in `backticks` in the doc, and each name inside them."""
    spans = re.findall(r"`([^`\n]+)`", doc())
    return set(spans) | {word for span in spans for word in re.findall(r"\w+", span)}


def test_every_macro_is_documented_with_its_signature():
    macros = MACRO.findall((TEMPLATES_DIR / "_macros.svg.j2").read_text(encoding="utf-8"))
    assert macros, "no macros found in _macros.svg.j2"
    missing = [f"m.{name}({args})" for name, args in macros if f"`m.{name}({args})`" not in doc()]
    assert not missing, f"document these macros in docs/templates.md, signature and all: {missing}"


def test_every_name_of_the_template_context_is_documented():
    face = FaceSpec(template="card", fields_json="{}", width=72.0, height=72.0, bleed=8.5, shape="rect")
    env = template_environment((), (), BUNDLED)
    names = set(face_context(face))
    names |= set(env.globals) - set(jinja2.defaults.DEFAULT_NAMESPACE)   # text()
    names |= set(env.filters) - set(jinja2.defaults.DEFAULT_FILTERS)     # num, href
    missing = sorted(names - documented_names())
    assert not missing, f"document these template names in docs/templates.md: {missing}"


def test_the_blocks_of_the_base_template_are_documented():
    blocks = re.findall(r"\{%-?\s*block\s+(\w+)", (TEMPLATES_DIR / "_base.svg.j2").read_text(encoding="utf-8"))
    assert blocks and not set(blocks) - documented_names()


def test_the_text_helper_is_documented_with_its_signature():
    parameters = inspect.signature(TextHelper.__call__).parameters.values()
    shown = ", ".join(p.name if p.default is inspect.Parameter.empty else f"{p.name}={p.default!r}".replace("'", '"')
                      for p in parameters if p.name != "self")
    assert f"text({shown})" in doc(), f"docs/templates.md should show text({shown})"
    table = doc().split("### `text()`")[1].split("###")[0]
    missing = [p.name for p in parameters if p.name != "self" and f"`{p.name}`" not in table]
    assert not missing, f"describe these text() parameters in docs/templates.md: {missing}"


def test_every_field_of_the_built_in_templates_is_documented():
    for template in TEMPLATES_DIR.glob("[!_]*.svg.j2"):
        source = template.read_text(encoding="utf-8")
        fields = set(re.findall(r"\bf\.get\(\"(\w+)\"", source)) | set(re.findall(r"\bf\.(?!get\b)(\w+)", source))
        name = template.name.removesuffix(".svg.j2")
        row = next((line for line in doc().splitlines() if line.startswith(f"| `{name}` |")), "")
        missing = sorted(field for field in fields if f"`{field}`" not in row)
        assert row and not missing, f"docs/templates.md: the row of template {name} should list the fields {missing}"


def test_the_examples_in_the_doc_build(write_kit, tmp_path):
    examples = {name: (language, text) for language, text, name in EXAMPLE.findall(doc())}
    assert {"coin", "art_card", "_mygame", "star_token", "component"} <= set(examples), sorted(examples)
    starter = (STARTER_DIR / "templates" / "art_card.svg.j2").read_text(encoding="utf-8")
    assert examples["art_card"][1] in starter, "the doc shows the starter kit's art_card template as it is"
    files = {f"templates/{name}.svg.j2": text for name, (language, text) in examples.items() if language == "jinja"}
    files["art/picture.svg"] = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
                                '<circle cx="5" cy="5" r="4"/></svg>')
    manifest = textwrap.dedent("""\
        kit:
          name: Doc Examples
          palette: {gold: "#d4af37"}
        components:
          - id: framed
            kind: card
            size: poker
            template: art_card
            sides: {front: {art: art/picture.svg, fields: {title: Framed, text: Drawn by art_card, badge: "!"}}}
          - id: starred
            kind: token
            size: 25mm
            template: star_token
            sides: {front: {fields: {label: Star}}}
        """) + examples["component"][1]
    kit = write_kit(manifest, files)
    result = CliRunner().invoke(app, ["build", str(kit), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    text = "".join(page.extract_text() for page in PdfReader(tmp_path / "out" / "kit" / "kit.pdf").pages)
    assert "Framed" in text and "Drawn by art_card" in text and "Star" in text and "5" in text
