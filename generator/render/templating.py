"""SVG templates: a Jinja2 environment over the kit's templates/ and pnpgen's templates/, with helpers.

Templates draw in millimetres with the origin at the trim box's top-left; every value inserted is
XML-escaped (names like `Motte&Bailey` stay literal), and text goes through `text()`, which wraps
and shrinks it with real font metrics.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

import jinja2
from markupsafe import Markup, escape

from generator.errors import LayoutError, TemplateError, UnsafeResourceError
from generator.paths import TEMPLATES_DIR, inside, shown
from generator.render.limits import FaceTimeout, LimitExceeded, face_guard, face_seconds, frames_limit, timeout_text
from generator.render.sandbox import LimitedSandbox, OutputTooLarge, render_bounded
from generator.render.shaping import MissingGlyphError, register_typeface
from generator.render.text import ICON_EM, chain_metrics, fit_text, text_setting
from generator.render.textblocks import BLOCK_END, BLOCK_START, record_text_block
from generator.typeface import BUNDLED, Typeface
from generator.units import PT_PER_MM


def _num(value: float) -> str:
    """Numbers written with at most 3 decimals: compact, and identical on every machine."""
    if type(value) is float:
        return _float_text(value)
    return _number_text(value)


@lru_cache(maxsize=4096)  # a face writes ~50 numbers, most of them the same on every face of a component
def _float_text(value: float) -> str:
    return _number_text(value)


def _number_text(value) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in {"-0", ""} else text


class TextHelper:
    """`text(value, x, y, w, h, size=…)` inside templates: fitted lines as SVG elements (all in mm).

    `value` may be a list of wordings, longest first: the first that fits is used. With `optional=True`
    (for a template's own words, such as a fill-in prompt, never for the player's text) the text is left
    out when no wording fits; otherwise text that cannot fit stops the build with a LayoutError.
    """

    def __init__(self, icons: Mapping[str, Path], typeface: Typeface = BUNDLED):
        self.icons = icons
        self.typeface = typeface
        register_typeface(typeface)  # the writer finds the files by the face names written below

    @classmethod
    def for_kit(cls, spec) -> "TextHelper":
        """The helper with the kit's icons and typeface (`spec`: a KitSpec)."""
        return cls(spec.icons, spec.defaults.font)

    def __call__(self, value: Any, x: float, y: float, w: float, h: float, size: float = 10, min_size: float = 5,
                 bold: bool = False, align: str = "middle", valign: str = "middle", fill: str = "#000000",
                 line_height: float = 1.2, max_lines: int | None = None, italic: bool = False,
                 optional: bool = False, style: str | None = None) -> Markup:
        wordings = [str(v) for v in value if v is not None] if isinstance(value, (list, tuple)) else \
            ["" if value is None else str(value)]
        wordings = [t for t in wordings if t.strip()]
        if not wordings:
            return Markup("")
        layout, first_error = None, None
        style = None if style is None else str(style)
        for text in wordings:
            try:
                layout = fit_text(text, w * PT_PER_MM, h * PT_PER_MM, float(size), float(min_size), bool(bold),
                                  float(line_height), max_lines, self.typeface, style)
                break
            except MissingGlyphError:
                raise  # never a box on paper, whatever the wording or `optional`
            except LayoutError as exc:
                first_error = first_error or exc
        if layout is None:
            if optional:
                return Markup("")
            raise first_error
        setting = text_setting(self.typeface, bool(bold), style)
        metrics = chain_metrics(setting.chain)
        em = layout.size / PT_PER_MM  # font size in mm
        block = layout.height(metrics) / PT_PER_MM
        top = {"top": y, "bottom": y + h - block}.get(valign, y + (h - block) / 2)
        spans, icons, lines = [], [], []
        for i, line in enumerate(layout.lines):
            baseline = top + em * (metrics.ascent + i * layout.line_height)
            width = line.width * em
            where = {"start": "end", "end": "start"}.get(align, align) if line.rtl else align
            cursor = {"start": x, "end": x + w - width}.get(where, x + (w - width) / 2)
            direction = ' direction="rtl"' if line.rtl else ""
            runs = line.runs[::-1] if line.rtl else line.runs  # placed left to right
            for j, run in enumerate(runs):
                if run.icon is not None:
                    icons.append(self._icon(run.icon, cursor, baseline, em))
                    cursor += ICON_EM * em
                    continue
                if run.text.strip():
                    at_x, at_y = _num(cursor), _num(baseline)
                    spans.append(f'<tspan x="{at_x}" y="{at_y}"{direction}>{escape(run.text)}</tspan>')
                    lines.append((at_x, at_y, run.text, bool(line.rtl)))
                if j + 1 < len(runs):  # only an icon after the text needs to know where it ends
                    cursor += setting.width(run.text, line.rtl) * em
        # One <text> per call, a positioned <tspan> per line: the writer shapes and draws the whole block.
        weight = "bold" if bold else "normal"
        style_attributes = ' font-style="italic"' if italic else ""
        shaping = setting.shaping
        if shaping.features:
            features = " ".join(f"{'+' if on else '-'}{tag}" for tag, on in shaping.features)
            style_attributes += f' data-features="{escape(features)}"'
        if shaping.tracking:
            style_attributes += f' data-tracking="{_num(shaping.tracking)}"'
        if shaping.language:
            style_attributes += f' data-lang="{escape(shaping.language)}"'
        family = ",".join(self.typeface.faces(bool(bold)))
        out = []
        if spans:
            attributes = (f' font-family="{escape(family)}" font-size="{_num(em)}" font-weight="{weight}"{style_attributes} '
                          f'fill="{escape(fill)}" xml:space="preserve"')
            out.append(f'{BLOCK_START}{attributes}>{"".join(spans)}{BLOCK_END}')
            record_text_block(out[0], attributes, tuple(lines))  # handed to the writer as data (render/textblocks.py)
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


class TemplateReads:
    """What one build found of its templates, so that each file is looked at once a build: the template files
    found unchanged since they were read (a face's template, the one it extends, the macros it imports: jinja
    asks the file's time of change at every use) and whether each template is one of pnpgen's own (render_template
    asks the kit's templates/ folder). A watch's next build starts with new TemplateReads and reads anew."""

    def __init__(self) -> None:
        self.unchanged: set[str] = set()
        self.trusted: dict[tuple[str, tuple[Path, ...]], bool] = {}


_READS: TemplateReads | None = None  # the build's, while render_template renders one of its faces


class _BuildLoader(jinja2.FileSystemLoader):
    """A file loader whose templates are checked for changes once a build (TemplateReads), else at every use."""

    def get_source(self, environment: jinja2.Environment, template: str):
        source, filename, uptodate = super().get_source(environment, template)

        def unchanged() -> bool:
            reads = _READS
            if reads is not None and filename in reads.unchanged:
                return True
            answer = uptodate()
            if answer and reads is not None:
                reads.unchanged.add(filename)
            return answer

        return source, filename, unchanged


class _KitLoader(_BuildLoader):
    """The kit's templates/ first, then those of the kits it extends, then pnpgen's; a template (or one it
    includes) that is a link to a file outside those folders is refused before it is read."""

    def __init__(self, kit_roots: tuple[Path, ...]):
        super().__init__([str(root / "templates") for root in kit_roots] + [str(TEMPLATES_DIR)])
        self.roots = (*kit_roots, TEMPLATES_DIR)

    def get_source(self, environment: jinja2.Environment, template: str):
        pieces = jinja2.loaders.split_template_path(template)  # refuses '..'
        for folder in self.searchpath:
            candidate = Path(folder, *pieces)
            if candidate.is_file():
                try:
                    inside(candidate, *self.roots)
                except UnsafeResourceError:
                    raise TemplateError(f"template {template!r} is a link to {candidate.resolve()}, outside the kit folder") from None
                break
        return super().get_source(environment, template)


@lru_cache(maxsize=16)
def template_environment(kit_roots: tuple[Path, ...], icons_key: tuple[tuple[str, str], ...],
                         typeface: Typeface) -> jinja2.Environment:
    """One environment per kit: its own templates first, then pnpgen's. Sandboxed: a kit's template can
    reach its fields and helpers, not Python's internals (`text.__call__.__globals__` would open any file),
    and operations whose result alone is too large are refused (render/sandbox.py)."""
    env = LimitedSandbox(
        loader=_KitLoader(kit_roots),
        autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
        keep_trailing_newline=False,
        # compiled templates kept in jinja's per-user temp folder (checked against the source): ~50 ms a build
        bytecode_cache=jinja2.FileSystemBytecodeCache(),
    )
    env.globals["text"] = TextHelper({name: Path(p) for name, p in icons_key}, typeface)
    env.filters["num"] = _num
    env.filters["href"] = _href
    return env


@lru_cache(maxsize=16)
def trusted_environment(icons_key: tuple[tuple[str, str], ...], typeface: Typeface) -> jinja2.Environment:
    """pnpgen's own templates, unsandboxed: they are part of pnpgen, and the sandbox's checks on every call and
    attribute were a third of a card's rendering. The time, size and recursion limits still hold (the fields
    are the kit's). Its compiled templates are kept apart from the sandbox's, which check arithmetic."""
    env = jinja2.Environment(
        loader=_BuildLoader(str(TEMPLATES_DIR)),
        autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
        keep_trailing_newline=False,
        bytecode_cache=jinja2.FileSystemBytecodeCache(pattern="__pnpgen_trusted_%s.cache"),
    )
    env.globals.pop("lipsum", None)  # as in the sandbox
    env.globals["text"] = TextHelper({name: Path(p) for name, p in icons_key}, typeface)
    env.filters["num"] = _num
    env.filters["href"] = _href
    return env


def _trusted(filename: str, kit_roots: tuple[Path, ...]) -> bool:
    """Whether `filename` is one of pnpgen's templates that the kit leaves alone, and so are all of pnpgen's
    templates (they extend and import each other): a kit overriding any of them renders every one sandboxed.
    Asked again whenever a kit's templates/ folder changes (a watch goes on while files come and go)."""
    folders = []
    for root in kit_roots:
        try:
            folders.append(os.stat(root / "templates").st_mtime_ns)
        except OSError:
            folders.append(None)
    return _trusted_in(filename, kit_roots, tuple(folders))


@lru_cache(maxsize=64)
def _trusted_in(filename: str, kit_roots: tuple[Path, ...], _folders: tuple) -> bool:
    if not (TEMPLATES_DIR / filename).is_file():
        return False
    builtin = [path.name for path in TEMPLATES_DIR.glob("*.svg.j2")]
    return not any((root / "templates" / other).exists() for root in kit_roots for other in builtin)


def render_template(name: str, context: Mapping[str, Any], kit_roots: tuple[Path, ...], icons: Mapping[str, Path],
                    typeface: Typeface = BUNDLED, reads: TemplateReads | None = None) -> str:
    """Render `name` (with or without .svg.j2) to an SVG string; TemplateError names the template.
    `kit_roots`: the kit's folder, then those of the kits it extends. A kit's own templates run sandboxed.
    `reads`: the build's (its template files looked at once), or None to look at them now."""
    global _READS
    filename = name if name.endswith(".svg.j2") else f"{name}.svg.j2"
    icons_key = tuple(sorted((k, str(v)) for k, v in icons.items()))
    if reads is None:
        trusted = _trusted(filename, kit_roots)
    else:
        trusted = reads.trusted.get((filename, kit_roots))
        if trusted is None:
            trusted = reads.trusted[(filename, kit_roots)] = _trusted(filename, kit_roots)
    env = trusted_environment(icons_key, typeface) if trusted else template_environment(kit_roots, icons_key, typeface)
    _READS = reads
    try:
        return _render(env, filename, context, kit_roots)
    finally:
        _READS = None


def _render(env: jinja2.Environment, filename: str, context: Mapping[str, Any], kit_roots: tuple[Path, ...]) -> str:
    try:
        try:
            template = env.get_template(filename)
        except (RecursionError, MemoryError):
            raise TemplateError(f"{_source_of(env, filename)}: the template nests brackets, expressions or blocks "
                                "too deeply to be read") from None
        with face_guard(filename), frames_limit():  # time and recursion limits; output size: render_bounded
            return render_bounded(template, context)
    except FaceTimeout as exc:
        raise TemplateError(f"{_where(exc, filename)}: {exc.what or timeout_text(filename, face_seconds())}") from None
    except LimitExceeded as exc:
        raise TemplateError(f"{_where(exc, filename)}: {exc.what}") from None
    except MemoryError as exc:
        raise TemplateError(f"{_where(exc, filename)}: the template ran out of memory (it builds values far too "
                            "large for a face)") from None
    except jinja2.TemplateNotFound as exc:
        missing = repr(filename) if exc.name == filename else f"{exc.name!r} (used by {filename!r})"
        folders = ", ".join(str(root / "templates") for root in kit_roots)
        raise TemplateError(f"template {missing} not found in {folders} or {TEMPLATES_DIR}") from None
    except jinja2.UndefinedError as exc:
        raise TemplateError(f"{_where(exc, filename)}: {exc.message} (a field the template needs is missing)") from None
    except jinja2.TemplateSyntaxError as exc:
        raise TemplateError(f"template {shown(Path(exc.filename)) if exc.filename else filename}:{exc.lineno}: {exc.message}") from None
    except RecursionError as exc:
        raise TemplateError(f"{_where(exc, filename)}: the template calls itself without end (a macro or include "
                            "that never stops, or nests deeper than about 100 levels)") from None
    except (TypeError, ValueError, AttributeError, ArithmeticError, UnicodeError, jinja2.TemplateError) as exc:
        raise TemplateError(f"{_where(exc, filename)} failed: {type(exc).__name__}: {exc}") from None


def _source_of(env: jinja2.Environment, filename: str) -> str:
    """'template path/t.svg.j2', the file the loader reads for `filename`."""
    try:
        return f"template {shown(Path(env.loader.get_source(env, filename)[1]))}"
    except (jinja2.TemplateError, OSError):
        return f"template {filename!r}"


def _where(exc: BaseException, filename: str) -> str:
    """'template path/t.svg.j2:12', from the template line jinja puts in the traceback, else the name."""
    import traceback

    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename.endswith(".j2")]
    located = _template_lines(exc)  # frames of compiled templates Jinja did not rewrite (time limit)
    if isinstance(exc, OutputTooLarge) and exc.where:
        located = [exc.where]
    if located:
        return f"template {shown(Path(located[-1][0]))}:{located[-1][1]}"
    if frames:
        return f"template {shown(Path(frames[-1].filename))}:{frames[-1].lineno}"
    return f"template {filename!r}"


def _template_lines(exc: BaseException) -> list[tuple[str, int]]:
    """(template file, line) of each frame of compiled template code in the traceback, outermost first."""
    found = []
    tb = exc.__traceback__
    while tb is not None:
        template = tb.tb_frame.f_globals.get("__jinja_template__")
        if template is not None and template.filename:
            found.append((template.filename, template.get_corresponding_lineno(tb.tb_lineno)))
        tb = tb.tb_next
    return found
