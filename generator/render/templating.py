"""SVG templates: a Jinja2 environment over the kit's templates/ and pnpgen's templates/, with helpers.

Templates draw in millimetres with the origin at the trim box's top-left; every value inserted is
XML-escaped (names like `Motte&Bailey` stay literal), and text goes through `text()`, which wraps
and shrinks it with real font metrics.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

import jinja2
from markupsafe import Markup, escape

from generator.errors import LayoutError, TemplateError
from generator.paths import TEMPLATES_DIR
from generator.render.text import ICON_EM, fit_text, font_metrics
from generator.units import PT_PER_MM

FONT_FAMILY = "DejaVu Sans"


def _num(value: float) -> str:
    """Numbers written with at most 3 decimals: compact, and identical on every machine."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in {"-0", ""} else text


class TextHelper:
    """`text(value, x, y, w, h, size=…)` inside templates: fitted lines as SVG elements (all in mm)."""

    def __init__(self, icons: Mapping[str, Path]):
        self.icons = icons

    def __call__(self, value: Any, x: float, y: float, w: float, h: float, size: float = 10, min_size: float = 5,
                 bold: bool = False, align: str = "middle", valign: str = "middle", fill: str = "#000000",
                 line_height: float = 1.2, max_lines: int | None = None, italic: bool = False) -> Markup:
        text = "" if value is None else str(value)
        if not text.strip():
            return Markup("")
        layout = fit_text(text, w * PT_PER_MM, h * PT_PER_MM, float(size), float(min_size), bool(bold),
                          float(line_height), max_lines)
        metrics = font_metrics(bool(bold))
        em = layout.size / PT_PER_MM  # font size in mm
        block = layout.height(metrics) / PT_PER_MM
        top = {"top": y, "bottom": y + h - block}.get(valign, y + (h - block) / 2)
        spans, icons = [], []
        for i, line in enumerate(layout.lines):
            baseline = top + em * (metrics.ascent + i * layout.line_height)
            width = line.width * em
            cursor = {"start": x, "end": x + w - width}.get(align, x + (w - width) / 2)
            for i, run in enumerate(line.runs):
                if run.icon is not None:
                    icons.append(self._icon(run.icon, cursor, baseline, em))
                    cursor += ICON_EM * em
                    continue
                if run.text.strip():
                    spans.append(f'<tspan x="{_num(cursor)}" y="{_num(baseline)}">{escape(run.text)}</tspan>')
                if i + 1 < len(line.runs):  # only an icon after the text needs to know where it ends
                    cursor += metrics.width(run.text) * em
        # One <text> per call, a positioned <tspan> per line: the writer draws the whole block in one step.
        weight = "bold" if bold else "normal"
        style = ' font-style="italic"' if italic else ""
        out = [f'<text class="pnp-line" font-family="{FONT_FAMILY}" font-size="{_num(em)}" font-weight="{weight}"{style} '
               f'fill="{escape(fill)}" xml:space="preserve">{"".join(spans)}</text>'] if spans else []
        return Markup("".join(out + icons))

    def _icon(self, name: str, x: float, baseline: float, em: float) -> str:
        path = self.icons.get(name)
        if path is None:
            raise LayoutError(f"unknown icon {{{name}}}")
        side = 0.8 * em  # cap-height-sized square resting on the baseline
        return (f'<image class="pnp-icon" x="{_num(x + 0.1 * em)}" y="{_num(baseline - side)}" width="{_num(side)}" '
                f'height="{_num(side)}" href="{escape(path.as_uri())}"/>')


def _href(path: str | None) -> str:
    return Path(path).as_uri() if path else ""


@lru_cache(maxsize=16)
def template_environment(kit_root: Path, icons_key: tuple[tuple[str, str], ...]) -> jinja2.Environment:
    """One environment per kit: its own templates first, then pnpgen's."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([str(kit_root / "templates"), str(TEMPLATES_DIR)]),
        autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
        keep_trailing_newline=False, auto_reload=False,  # templates do not change during a build
        # compiled templates kept in jinja's per-user temp folder (checked against the source): ~50 ms a build
        bytecode_cache=jinja2.FileSystemBytecodeCache(),
    )
    env.globals["text"] = TextHelper({name: Path(p) for name, p in icons_key})
    env.filters["num"] = _num
    env.filters["href"] = _href
    return env


def render_template(name: str, context: Mapping[str, Any], kit_root: Path, icons: Mapping[str, Path]) -> str:
    """Render `name` (with or without .svg.j2) to an SVG string; TemplateError names the template."""
    env = template_environment(kit_root, tuple(sorted((k, str(v)) for k, v in icons.items())))
    filename = name if name.endswith(".svg.j2") else f"{name}.svg.j2"
    try:
        return env.get_template(filename).render(**context)
    except jinja2.TemplateNotFound:
        raise TemplateError(f"template {filename!r} not found in {kit_root / 'templates'} or {TEMPLATES_DIR}") from None
    except jinja2.UndefinedError as exc:
        raise TemplateError(f"template {filename!r}: {exc.message} (a field the template needs is missing)") from None
    except jinja2.TemplateSyntaxError as exc:
        raise TemplateError(f"template {exc.filename or filename}:{exc.lineno}: {exc.message}") from None
    except (TypeError, ValueError, AttributeError, ArithmeticError, jinja2.TemplateError) as exc:
        raise TemplateError(f"template {filename!r} failed: {type(exc).__name__}: {exc}") from None
