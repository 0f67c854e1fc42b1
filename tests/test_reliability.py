"""Reliability (issue 14): broken and hostile kits, each built over a previous good build through the real command
line. Every outcome is exit 0, or exit 2 with a located message; never a traceback, nothing over 10 s, nothing
written outside --out, and the previous build left intact whenever the new one fails. Manifest mistakes get the
same exit code and message from `build`, `check` and `reference`.

Kills at every step of publishing, and concurrent builds, are in test_publish.py; the fuzz test in test_fuzz.py.
"""

from __future__ import annotations

import base64
import hashlib
import re
import resource
import shutil
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app

HEAD = """\
kit:
  name: Reliable
  players: {min: 2, max: 3}
  player_colours: [red, blue, green]
DEFAULTS
components:
"""
TOKEN = "  - id: a\n    size: 25mm\n"
GOOD = HEAD.replace("DEFAULTS\n", "") + TOKEN + "    count: 4\n    fields: {label: Good}\n"
FAST = "  defaults: {template_time: 0.5}\n"  # hostile templates that loop: stopped after half a second
SVG_HEAD = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" '
            'width="10" height="10">')
LOCATED = re.compile(r"(kit\.yaml|\.csv|\.svg|\.svg\.j2|\.png|\.jpe?g)(:\d+)*:")
MAX_SECONDS = 10.0


def kit_yaml(components: str = TOKEN, defaults: str = "") -> str:
    return HEAD.replace("DEFAULTS\n", defaults) + components


def svg(inner: str) -> str:
    return f"{SVG_HEAD}{inner}</svg>"


def with_art(files: dict, name: str = "art/x.svg") -> dict:
    return {"kit.yaml": kit_yaml(TOKEN + f"    art: {name}\n"), **files}


def template(body: str, fast: bool = True) -> dict:
    return {"kit.yaml": kit_yaml(TOKEN + "    template: t\n    fields: {label: hi}\n", FAST if fast else ""),
            "templates/t.svg.j2": '{% extends "_base.svg.j2" %}{% block body %}\n' + body + "\n{% endblock %}"}


def png(width: int, height: int, body: bytes | None = None) -> bytes:
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    data = body if body is not None else zlib.compress(b"\0" + b"\0\0\0" * width)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


def chain(files: int) -> dict:
    """art/x.svg -> d0.svg -> d1.svg -> … : art nested `files` files deep."""
    out = {f"art/d{i}.svg": svg(f'<image href="d{i + 1}.svg" width="5" height="5"/>') for i in range(files)}
    out[f"art/d{files}.svg"] = svg('<rect width="5" height="5"/>')
    out["art/x.svg"] = svg('<image href="d0.svg" width="5" height="5"/>')
    return out


USE_BOMB = ('<defs><g id="l0"><rect width="1" height="1"/></g>'
            + "".join(f'<g id="l{i + 1}">' + f'<use href="#l{i}"/>' * 10 + "</g>" for i in range(8))
            + '</defs><use href="#l8"/>')

# (case, files, exit code, texts the output must hold); a manifest case is also run through check and reference
MANIFEST_CASES = [
    # bad YAML
    ("yaml-syntax", {"kit.yaml": kit_yaml(TOKEN.replace("25mm", "[25mm"))}, 2, ["kit.yaml:", "YAML syntax error"]),
    ("yaml-tab", {"kit.yaml": kit_yaml(TOKEN.replace("    size", "\tsize"))}, 2, ["kit.yaml:", "tab"]),
    ("yaml-duplicate-key", {"kit.yaml": kit_yaml(TOKEN + "    size: 30mm\n")}, 2, ["duplicate key 'size'"]),
    ("yaml-unclosed-quote", {"kit.yaml": kit_yaml(TOKEN + '    name: "open\n')}, 2, ["kit.yaml:", "YAML syntax error"]),
    ("yaml-binary", {"kit.yaml": bytes(range(256)) * 4}, 2, ["kit.yaml"]),
    ("yaml-alias-bomb", {"kit.yaml": "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [{', '.join(['*' + p] * 9)}]\n" for p, c in zip("abcdefgh", "bcdefghi")) + kit_yaml()},
     2, ["more than 100000 values"]),
    ("yaml-deep", {"kit.yaml": kit_yaml(TOKEN + "    fields: {x: " + "[" * 5000 + "]" * 5000 + "}\n")},
     2, ["nested more than 50 levels deep"]),
    ("yaml-python-tag", {"kit.yaml": kit_yaml("  - id: !!python/object/apply:os.system [echo]\n    size: 25mm\n")},
     2, ["YAML tags"]),
    ("yaml-utf16", {"kit.yaml": kit_yaml().encode("utf-16")}, 2, ["UTF-16"]),
    ("yaml-empty", {"kit.yaml": ""}, 2, ["kit: section is missing"]),
    # bad values: counts
    ("count-octal", {"kit.yaml": kit_yaml(TOKEN + "    count: 0777\n")}, 2, ["kit.yaml:8:5", "0777", "511"]),
    ("count-octal-1.2", {"kit.yaml": kit_yaml(TOKEN + "    count: 0o17\n")}, 2, ["kit.yaml:8:5", "plain digits"]),
    ("count-hex", {"kit.yaml": kit_yaml(TOKEN + "    count: 0x10\n")}, 2, ["kit.yaml:8:5", "plain digits"]),
    ("count-exponent", {"kit.yaml": kit_yaml(TOKEN + "    count: 1e7\n")}, 2, ["kit.yaml:8:5", "whole number"]),
    ("count-float", {"kit.yaml": kit_yaml(TOKEN + "    count: 2.0\n")}, 2, ["kit.yaml:8:5", "whole number"]),
    ("count-fraction", {"kit.yaml": kit_yaml(TOKEN + "    count: 1.5\n")}, 2, ["kit.yaml:8:5", "whole number"]),
    ("count-zero", {"kit.yaml": kit_yaml(TOKEN + "    count: 0\n")}, 2, ["kit.yaml:8:5", "a count of 0 prints nothing"]),
    ("count-negative", {"kit.yaml": kit_yaml(TOKEN + "    count: -3\n")}, 2, ["kit.yaml:8:5"]),
    ("count-words", {"kit.yaml": kit_yaml(TOKEN + "    count: lots\n")}, 2, ["kit.yaml:8:5", "whole number"]),
    ("count-billion", {"kit.yaml": kit_yaml(TOKEN + "    count: 1000000000\n")}, 2, ["more than 20000 pieces"]),
    ("count-per-player-huge", {"kit.yaml": kit_yaml(TOKEN + "    count: 9000\n    per_player: true\n")},
     2, ["more than 20000 pieces"]),
    ("card-count-octal", {"kit.yaml": kit_yaml("  - id: d\n    kind: card\n    size: poker\n    cards:\n"
                                               "      - {title: A, count: 010}\n")}, 2, ["kit.yaml:", "plain digits"]),
    ("card-count-csv-words", {"kit.yaml": kit_yaml("  - id: d\n    kind: card\n    size: poker\n    cards: d.csv\n"),
                              "d.csv": "title,count\nA,many\n"}, 2, ["d.csv:2", "whole number"]),
    # bad values: sizes, players, defaults
    ("size-nan", {"kit.yaml": kit_yaml(TOKEN.replace("25mm", ".nan"))}, 2, ["kit.yaml:7:5"]),
    ("size-huge", {"kit.yaml": kit_yaml(TOKEN.replace("25mm", "1e9mm"))}, 2, ["kit.yaml:7:5"]),
    ("size-no-unit", {"kit.yaml": kit_yaml(TOKEN.replace("25mm", "25"))}, 2, ["kit.yaml:7:5", "25mm"]),
    ("players-reversed", {"kit.yaml": kit_yaml().replace("{min: 2, max: 3}", "{min: 5, max: 2}")}, 2, ["kit.yaml:"]),
    ("colour-hsl", {"kit.yaml": kit_yaml(TOKEN + "    colour: hsl(10, 50%, 50%)\n")}, 2, ["kit.yaml:8:5"]),
    ("unknown-kind", {"kit.yaml": kit_yaml(TOKEN + "    kind: spaceship\n")}, 2, ["kit.yaml:8:5", "spaceship"]),
    ("template-time-negative", {"kit.yaml": kit_yaml(defaults="  defaults: {template_time: -1}\n")},
     2, ["kit.yaml:", "template_time"]),
    ("template-time-huge", {"kit.yaml": kit_yaml(defaults="  defaults: {template_time: 100000}\n")},
     2, ["kit.yaml:", "template_time"]),
    ("template-time-words", {"kit.yaml": kit_yaml(defaults="  defaults: {template_time: fast}\n")},
     2, ["kit.yaml:", "template_time"]),
]

BUILD_CASES = [
    # hostile templates
    ("template-endless-loop", template("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}"),
     2, ["kit.yaml:7:5", "t.svg.j2:2", "ran for more than 0.5 s"]),
    ("template-endless-loop-default-limit", template("{% for i in range(100000) %}{% for j in range(100000) %}"
                                                     "{% endfor %}{% endfor %}", fast=False),
     2, ["t.svg.j2:2", "ran for more than 5 s", "template_time"]),
    ("template-string-bomb", template("{{ 'x' * 10000000000 }}"), 2, ["t.svg.j2:2", "too large for a face"]),
    ("template-list-bomb", template("{{ ([1] * 1000000000)|length }}"), 2, ["t.svg.j2:2", "too large for a face"]),
    ("template-power-bomb", template("{{ 10 ** 100000000 }}"), 2, ["t.svg.j2:2", "too large to compute"]),
    ("template-square-bomb", template("{% set ns = namespace(n=10 ** 1000) %}{% for i in range(40) %}"
                                      "{% set ns.n = ns.n * ns.n %}{% endfor %}{{ ns.n > 0 }}"),
     2, ["t.svg.j2:2", "too large to compute"]),
    ("template-center-bomb", template("{{ 'x'|center(10000000000) }}"), 2, ["t.svg.j2:2", "too large for a face"]),
    ("template-method-bomb", template("{{ 'x'.ljust(10000000000) }}"), 2, ["t.svg.j2:2", "too large for a face"]),
    ("template-format-bomb", template("{{ '%0999999999d' % 1 }}"), 2, ["t.svg.j2:2", "too large for a face"]),
    ("template-format-method-bomb", template("{{ '{:>9999999999}'.format(1) }}"), 2, ["t.svg.j2:2", "too large"]),
    ("template-doubling-memory", template("{% set ns = namespace(s='x') %}{% for i in range(64) %}"
                                          "{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s|length }}"),
     2, ["kit.yaml:7:5", "t.svg.j2"]),
    ("template-doubling-memory-default-limit", template("{% set ns = namespace(s='x') %}{% for i in range(64) %}"
                                                        "{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s|length }}",
                                                        fast=False), 2, ["kit.yaml:6:5", "t.svg.j2"]),
    # (on a loaded machine the face's time limit may stop it before the memory ceiling: refused either way)
    ("template-output-flood", template("{% for i in range(100000) %}\n{{ 'abcdefghij' * 100 }}\n{% endfor %}"),
     2, ["t.svg.j2:3", "more than 8 MB of SVG"]),
    ("template-recursion", template("{% macro r(n) %}{{ r(n + 1) }}{% endmacro %}\n{{ r(0) }}"),
     2, ["t.svg.j2:2", "calls itself without end"]),
    ("template-include-itself", {**template('{% include "loop.svg.j2" %}'), "templates/loop.svg.j2": '{% include "loop.svg.j2" %}'},
     2, ["loop.svg.j2:1", "calls itself without end"]),
    ("template-deep-expression", template("{{ " + "(" * 3000 + "1" + ")" * 3000 + " }}"),
     2, ["kit.yaml:7:5", "templates/t.svg.j2", "too deeply to be read"]),
    ("template-range-huge", template("{% for i in range(10 ** 9) %}{% endfor %}"), 2, ["t.svg.j2:2", "Range too big"]),
    ("template-lipsum", template("{{ lipsum(n=100000) }}"), 2, ["t.svg.j2:2", "lipsum"]),
    ("template-python-internals", template("{{ text.__call__.__globals__ }}"), 2, ["t.svg.j2:2", "SecurityError"]),
    ("template-class-walk", template("{{ ''.__class__.__mro__[1].__subclasses__() }}"), 2, ["t.svg.j2", "SecurityError"]),
    ("template-elements-slow-to-draw", template("{% for i in range(8000) %}{% for j in range(10) %}<rect width='1' "
                                               "height='1'/>{% endfor %}{% endfor %}"), 2, ["kit.yaml:7:5", "to draw"]),
    ("template-draw-use-bomb", template("<defs><g id='a'>" + "<rect width='1' height='1'/>" * 100 + "</g></defs>"
                                       "{% for i in range(40000) %}<use href='#a'/>{% endfor %}"), 2, ["kit.yaml:7:5"]),
    ("template-not-svg", {"kit.yaml": kit_yaml(TOKEN + "    template: t\n"), "templates/t.svg.j2": "hello"},
     2, ["kit.yaml:6:5", "cannot draw the face"]),
    # hostile art
    ("art-self-image", with_art({"art/x.svg": svg('<image href="x.svg" width="5" height="5"/>')}),
     2, ["kit.yaml:8:5", "refers back to itself (x.svg -> x.svg)"]),
    ("art-mutual-image", with_art({"art/x.svg": svg('<image href="y.svg" width="5" height="5"/>'),
                                   "art/y.svg": svg('<image xlink:href="x.svg" width="5" height="5"/>')}),
     2, ["kit.yaml:8:5", "x.svg -> y.svg -> x.svg"]),
    ("art-mutual-use", with_art({"art/x.svg": svg('<use href="y.svg#a"/>'),
                                 "art/y.svg": svg('<g id="a"><use href="x.svg#b"/></g>')}),
     2, ["kit.yaml:8:5", "x.svg -> y.svg -> x.svg"]),
    ("art-self-use", with_art({"art/x.svg": svg('<g id="a"><use href="x.svg#a"/></g>')}),
     2, ["kit.yaml:8:5", "refers to an element that contains it"]),
    ("art-use-bomb", with_art({"art/x.svg": svg(USE_BOMB)}), 2, ["kit.yaml:8:5", "more than 50000 elements"]),
    ("art-chain-too-deep", with_art(chain(12)), 2, ["kit.yaml:8:5", "more than 8 files deep"]),
    ("art-chain-fine", with_art(chain(3)), 0, []),
    ("art-data-url-loop", with_art({"art/x.svg": "DATA_LOOP"}), 2, ["kit.yaml:8:5", "refers back to itself"]),
    ("art-css-import-self", with_art({"art/x.svg": svg("<style>@import url(x.svg);</style><rect width='1' height='1'/>")}),
     0, ["warning:", "kit.yaml:8:5", "CSS @import of 'x.svg' is ignored"]),
    ("art-css-import-mutual", with_art({"art/x.svg": svg("<style>@import 'a.css';</style><rect width='1' height='1'/>"),
                                        "art/a.css": "@import 'b.css';", "art/b.css": "@import 'a.css';"}),
     0, ["warning:", "CSS @import of 'a.css' is ignored"]),
    ("art-css-import-http", with_art({"art/x.svg": svg("<style>@import url(http://127.0.0.1:9/x.css);</style>")}),
     0, ["warning:", "http://127.0.0.1:9/x.css"]),
    ("art-css-url-file", with_art({"art/x.svg": svg("<rect width='1' height='1' style='fill: url(y.svg#g)'/>")}),
     0, ["warning:", "CSS url('y.svg#g') is ignored"]),
    ("art-script", with_art({"art/x.svg": svg("<script>alert(1)</script><rect width='1' height='1' onload='x()'/>")}),
     0, ["warning:", "a <script> is ignored", "an onload= attribute is ignored"]),
    ("art-foreign-object", with_art({"art/x.svg": svg('<foreignObject width="5" height="5"><div xmlns='
                                                      '"http://www.w3.org/1999/xhtml">hi</div></foreignObject>')}),
     0, ["warning:", "a <foreignObject> is ignored"]),
    ("art-xml-stylesheet", with_art({"art/x.svg": '<?xml-stylesheet href="s.css"?>' + svg("")}),
     0, ["warning:", "<?xml-stylesheet?>"]),
    ("art-entity", with_art({"art/x.svg": '<!DOCTYPE svg [<!ENTITY e "x">]>' + svg("<text>&e;</text>")}),
     2, ["kit.yaml:8:5", "declares XML entities"]),
    ("art-network", with_art({"art/x.svg": svg('<image href="https://127.0.0.1:9/a.png" width="5" height="5"/>')}),
     2, ["kit.yaml:8:5", "never fetches from the network"]),
    ("art-outside", with_art({"art/x.svg": svg('<image href="../../../secret.svg" width="5" height="5"/>')}),
     2, ["kit.yaml:8:5", "outside the kit folder"]),
    ("art-deep", with_art({"art/x.svg": svg("<g>" * 5000 + "</g>" * 5000)}), 2, ["kit.yaml:8:5", "more than 100 levels"]),
    ("art-svgz", with_art({"art/x.svg": b"\x1f\x8b" + b"\0" * 64}), 2, ["kit.yaml:8:5", "compressed SVG"]),
    ("png-huge", with_art({"x.png": png(100_000, 100_000, b"")}, "x.png"), 2, ["kit.yaml:8:5", "megapixels"]),
    ("png-truncated", with_art({"x.png": png(4, 4)[:-20]}, "x.png"), 2, ["kit.yaml:8:5", "cut short"]),
    ("png-corrupt-data", with_art({"x.png": png(4, 4, b"not zlib data at all")}, "x.png"), 2, ["kit.yaml:8:5", "damaged"]),
    ("png-bad-crc", with_art({"x.png": png(4, 4).replace(b"IEND\xaeB`\x82", b"IEND\x00\x00\x00\x00")}, "x.png"),
     2, ["kit.yaml:8:5", "damaged"]),
    ("jpeg-damaged", with_art({"x.jpg": b"\xff\xd8\xff\xe0\x00\x10JFIF" + b"\x00" * 40}, "x.jpg"), 2, ["kit.yaml:8:5"]),
]


@pytest.fixture(autouse=True)
def no_foreign_gc_callbacks():
    """Hypothesis (used by other test files) leaves a gc callback behind; Python drops an exception raised while
    one runs, so a face timeout landing there would be reported as an unraisable-exception warning (pnpgen then
    raises it again 50 ms later, see generator/render/limits.py). pnpgen itself registers no gc callback."""
    import gc

    saved = list(gc.callbacks)
    gc.callbacks.clear()
    yield
    gc.callbacks.extend(saved)


@pytest.fixture(scope="module")
def previous_build(tmp_path_factory) -> Path:
    """A good build of a kit with the id every case uses ('kit'), made once and copied for each case."""
    root = tmp_path_factory.mktemp("previous")
    kit = root / "kit"
    kit.mkdir()
    (kit / "kit.yaml").write_text(GOOD)
    result = CliRunner().invoke(app, ["build", str(kit), "--out", str(root / "output"), "-q"])
    assert result.exit_code == 0, result.output
    return root / "output"


def write_kit(root: Path, files: dict) -> Path:
    kit = root / "kit"
    kit.mkdir()
    for name, content in files.items():
        target = kit / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if content == "DATA_LOOP":  # an SVG embedding (as a data: URL) an SVG that refers back to this file
            inner = svg(f'<image href="{target.as_uri()}" width="5" height="5"/>')
            content = svg(f'<image href="data:image/svg+xml;base64,{base64.b64encode(inner.encode()).decode()}" '
                          'width="5" height="5"/>')
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content, encoding="utf-8")
    return kit


def tree(folder: Path, skip: Path | None = None) -> dict[str, str]:
    """Every file below `folder` (but `skip`) and a digest of its bytes."""
    found = {}
    for path in sorted(folder.rglob("*")):
        if skip is not None and (path == skip or skip in path.parents):
            continue
        if path.is_file():
            found[str(path.relative_to(folder))] = hashlib.sha1(path.read_bytes()).hexdigest()
    return found


def run(*args) -> tuple[int, str, float]:
    started = time.perf_counter()
    result = CliRunner().invoke(app, [str(a) for a in args])
    seconds = time.perf_counter() - started
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.output, seconds


def assert_outcome(code: int, output: str, seconds: float, expected_code: int, expected: list[str]) -> None:
    assert "Traceback" not in output, output
    assert seconds < MAX_SECONDS, f"took {seconds:.1f} s"
    assert code == expected_code, output
    if code == 2:
        assert output.lstrip().startswith("error:") or "\nerror:" in output, output
        assert LOCATED.search(output), f"not located: {output}"
    for text in expected:
        assert text in output, output


def build_case(tmp_path: Path, previous: Path, files: dict, *options: str) -> tuple[int, str, float, Path, dict]:
    """Build the case's kit over a copy of the previous good build; check the previous build and everything
    outside --out."""
    out = tmp_path / "output"
    shutil.copytree(previous, out)
    kit = write_kit(tmp_path, files)
    before, outside = tree(out), tree(tmp_path, skip=out)
    code, output, seconds = run("build", kit, "--out", out, *options)
    assert tree(tmp_path, skip=out) == outside, "something was written outside --out"
    if code != 0:
        assert tree(out) == before, "a failed build changed the output folder"
    else:
        built = sorted(p.name for p in (out / "kit").iterdir())
        assert built == ["build.json", "kit.pdf"], built
        assert sorted(p.name for p in out.iterdir()) == [".cache", "kit"], "leftovers in --out"
    return code, output, seconds, out, before


@pytest.mark.parametrize("case,files,code,expected", MANIFEST_CASES, ids=[c[0] for c in MANIFEST_CASES])
def test_bad_manifest_same_answer_from_build_check_and_reference(tmp_path, previous_build, case, files, code, expected):
    built, output, seconds, out, _ = build_case(tmp_path, previous_build, files)
    assert_outcome(built, output, seconds, code, expected)
    kit = tmp_path / "kit"
    message = output.strip()
    for command in (["check", kit], ["reference", kit, "--out", out]):
        again, said, seconds = run(*command)
        assert_outcome(again, said, seconds, code, expected)
        assert said.strip() == message, f"{command[0]} said something else:\n{said}\nbuild said:\n{message}"


@pytest.mark.parametrize("case,files,code,expected", BUILD_CASES, ids=[c[0] for c in BUILD_CASES])
def test_hostile_kit_over_a_previous_build(tmp_path, previous_build, case, files, code, expected):
    built, output, seconds, _, _ = build_case(tmp_path, previous_build, files)
    assert_outcome(built, output, seconds, code, expected)


@pytest.mark.parametrize("case", ["art-script", "art-css-import-self", "art-foreign-object"])
def test_ignored_art_features_are_errors_under_strict(tmp_path, previous_build, case):
    files = dict((c[0], c[1]) for c in BUILD_CASES)[case]
    built, output, seconds, _, _ = build_case(tmp_path, previous_build, files, "--strict")
    assert_outcome(built, output, seconds, 2, ["kit.yaml:8:5", "ignored", "(an error with --strict)"])
    again, said, _ = run("check", tmp_path / "kit", "--strict")
    assert again == 2 and said.strip() == output.strip(), said


def test_memory_stays_bounded(previous_build):
    """The module's hostile builds (a template doubling a string 64 times among them) stay under the ceiling."""
    from generator.render.limits import MEMORY_HEADROOM

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # Linux: kB
    assert peak < 2 * MEMORY_HEADROOM, f"peak {peak / 2**20:.0f} MB"


def test_time_limit_in_a_thread_that_is_not_the_main_one(tmp_path):
    """Builds in other threads (a watch in a test, an embedding program) are stopped by the watchdog thread."""
    from generator.errors import TemplateError
    from generator.render.limits import build_limits
    from generator.render.templating import render_template

    kit = tmp_path / "kit"
    (kit / "templates").mkdir(parents=True)
    if True:
        (kit / "templates" / "spin.svg.j2").write_text("{% for i in range(100000) %}{% for j in range(100000) %}"
                                                       "{% endfor %}{% endfor %}")
        outcome = {}

        def render() -> None:
            started = time.perf_counter()
            try:
                with build_limits(0.3):
                    render_template("spin", {}, (kit,), {})
            except TemplateError as exc:
                outcome["error"] = str(exc)
            outcome["seconds"] = time.perf_counter() - started

        worker = threading.Thread(target=render)
        worker.start()
        worker.join(timeout=20)
        assert not worker.is_alive()
        assert "spin.svg.j2:1" in outcome["error"] and "more than 0.3 s" in outcome["error"], outcome
        assert outcome["seconds"] < 3


def test_limits_leave_ordinary_faces_and_the_process_as_they_were(tmp_path, previous_build):
    """A good build after the hostile ones: same bytes as before, and no timer, handler or limit left behind."""
    import signal
    import sys

    handler, limit, recursion = signal.getsignal(signal.SIGALRM), resource.getrlimit(resource.RLIMIT_AS), sys.getrecursionlimit()
    out = tmp_path / "output"
    kit = write_kit(tmp_path, {"kit.yaml": GOOD})
    code, output, _ = run("build", kit, "--out", out, "-q")
    assert code == 0, output
    assert (out / "kit" / "kit.pdf").read_bytes() == (previous_build / "kit" / "kit.pdf").read_bytes()
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) == handler
    assert resource.getrlimit(resource.RLIMIT_AS) == limit
    assert sys.getrecursionlimit() == recursion
