"""Golden files for tests: SVGs compared after canonicalising, PNGs compared with an RMS tolerance.

A missing golden is a failure, never a skip; `pytest --update-golden` writes it. A mismatch leaves the actual
output (and, for a PNG, an amplified difference image) beside the test's other output and names them.
"""

from __future__ import annotations

import difflib
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

SVG_NS = "http://www.w3.org/2000/svg"
ET.register_namespace("", SVG_NS)
ET.register_namespace("xlink", "http://www.w3.org/1999/xlink")
# a number, units like mm may follow; not part of a name, an id like A1 or a colour like #1e5bb8
NUMBER = re.compile(r"(?<![\w#.])-?\d+(?:\.\d+)?(?![\d.])")


def _rounded(match: re.Match) -> str:
    text = f"{float(match.group(0)):.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def canonical_svg(text: str) -> str:
    """The SVG with attributes sorted, numbers rounded to 0.01 and whitespace between elements dropped, one
    element a line: equal drawings give equal text, and a diff points at the element that changed."""
    root = ET.fromstring(text)
    for element in root.iter():
        attributes = sorted((key, NUMBER.sub(_rounded, value)) for key, value in element.attrib.items())
        element.attrib.clear()
        element.attrib.update(attributes)
        element.text = NUMBER.sub(_rounded, element.text.strip()) if element.text and element.text.strip() else None
        element.tail = None
    ET.indent(root)
    return ET.tostring(root, encoding="unicode") + "\n"


def rms_difference(actual, expected) -> float:
    """Root-mean-square difference of two RGB images over all channels (0 = identical, 255·√3 = inverse)."""
    from PIL import ImageChops, ImageStat

    diff = ImageChops.difference(actual.convert("RGB"), expected.convert("RGB"))
    return sum(value ** 2 for value in ImageStat.Stat(diff).rms) ** 0.5


class Golden:
    """Compares a test's output with tests/golden/<name> (see the module docstring)."""

    def __init__(self, folder: Path, out: Path, update: bool):
        self.folder, self.out, self.update = folder, out, update

    def _missing(self, name: str, actual: Path) -> None:
        pytest.fail(f"no golden tests/golden/{name}; look at {actual} and, if it is right, run pytest --update-golden")

    def svg(self, name: str, text: str) -> None:
        actual = canonical_svg(text)
        golden = self.folder / name
        if self.update:
            golden.parent.mkdir(parents=True, exist_ok=True)
            golden.write_text(actual, encoding="utf-8")
            return
        written = self.out / f"actual-{Path(name).name}"
        if not golden.is_file():
            written.write_text(actual, encoding="utf-8")
            self._missing(name, written)
        expected = golden.read_text(encoding="utf-8")
        if actual != expected:
            written.write_text(actual, encoding="utf-8")
            diff = "".join(list(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), f"golden/{name}",
                                                     str(written), n=1))[:40])
            pytest.fail(f"SVG differs from tests/golden/{name} (actual: {written}):\n{diff}", pytrace=False)

    def png(self, name: str, image, tolerance: float) -> float:
        """Compare `image` (PIL) with the golden PNG; returns the RMS difference."""
        from PIL import Image

        golden = self.folder / name
        if self.update:
            golden.parent.mkdir(parents=True, exist_ok=True)
            image.convert("RGB").save(golden, optimize=True)
            return 0.0
        written = self.out / f"actual-{Path(name).name}"
        if not golden.is_file():
            image.save(written)
            self._missing(name, written)
        expected = Image.open(golden).convert("RGB")
        if image.size != expected.size:
            image.save(written)
            pytest.fail(f"{name}: image is {image.size}, golden {expected.size} (actual: {written})", pytrace=False)
        rms = rms_difference(image, expected)
        if rms > tolerance:
            from PIL import ImageChops

            image.save(written)
            diff = self.out / f"diff-{Path(name).name}"
            ImageChops.difference(image.convert("RGB"), expected).point(lambda v: min(255, v * 4)).save(diff)
            pytest.fail(f"{name}: RMS difference {rms:.2f} > {tolerance} (actual: {written}, diff: {diff})", pytrace=False)
        return rms
