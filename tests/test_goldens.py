"""The golden comparison itself (tests/goldens.py): a missing golden fails, a difference fails and leaves the
actual output and a diff image, `--update-golden` writes; canonical SVGs ignore what does not change a drawing."""

from __future__ import annotations

import pytest

from tests.goldens import Golden, canonical_svg

SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10mm" viewBox="0 0 10 10"><rect y="1.0000001" x="2" fill="#1e5bb8"/></svg>'


def test_canonical_svg_sorts_attributes_and_rounds_numbers_only():
    text = canonical_svg(SVG)
    assert '<rect fill="#1e5bb8" x="2" y="1" />' in text  # the colour's digits are not a number
    assert canonical_svg(SVG.replace('y="1.0000001" x="2"', 'x="2.001" y="1"')) == text
    assert canonical_svg(SVG.replace('x="2"', 'x="2.1"')) != text
    assert 'width="10mm"' in text


def test_a_missing_golden_fails_and_update_writes_it(tmp_path):
    folder, out = tmp_path / "golden", tmp_path / "out"
    out.mkdir()
    with pytest.raises(pytest.fail.Exception, match="no golden tests/golden/a.svg.*--update-golden"):
        Golden(folder, out, update=False).svg("a.svg", SVG)
    assert (out / "actual-a.svg").is_file() and not (folder / "a.svg").exists()
    Golden(folder, out, update=True).svg("a.svg", SVG)
    Golden(folder, out, update=False).svg("a.svg", SVG)  # now it passes


def test_a_different_drawing_fails(tmp_path):
    Golden(tmp_path, tmp_path, update=True).svg("a.svg", SVG)
    with pytest.raises(pytest.fail.Exception, match=r'(?s)differs.*-  <rect [^\n]*x="2".*\+  <rect [^\n]*x="3"'):
        Golden(tmp_path, tmp_path, update=False).svg("a.svg", SVG.replace('x="2"', 'x="3"'))


def test_a_different_image_fails_with_a_diff_image(tmp_path):
    from PIL import Image

    white, grey = Image.new("RGB", (20, 20), "white"), Image.new("RGB", (20, 20), "#dddddd")
    golden = Golden(tmp_path, tmp_path, update=True)
    golden.png("a.png", white, tolerance=5)
    golden.update = False
    assert golden.png("a.png", white, tolerance=5) == 0
    with pytest.raises(pytest.fail.Exception, match="RMS difference"):
        golden.png("a.png", grey, tolerance=5)
    assert (tmp_path / "diff-a.png").is_file() and (tmp_path / "actual-a.png").is_file()
    with pytest.raises(pytest.fail.Exception, match="golden"):
        golden.png("a.png", Image.new("RGB", (21, 20), "white"), tolerance=5)
