"""Declared layers (generator/kinds/layers.py, drawn by generator/render/layers.py): read once into frozen layers in
points; the drawer writes the manifest's millimetres."""

from __future__ import annotations

import dataclasses

import pytest

from generator.kinds.layers import AreaLayer, BorderLayer, SpacesLayer, TextLayer, read_layers
from generator.render.layers import Frame, draw_layers, layer_mm
from generator.units import mm, to_mm


def test_layers_are_read_into_frozen_layers_in_points():
    spaces, text = read_layers([{"type": "spaces", "count": 2, "space": 6.5, "gap": 1.25, "at": [1, -2],
                                 "shape": "circle", "fill": "sand"},
                                {"type": "text", "field": "label", "font": 7}], {"sand": "#e8d8a8"})
    assert isinstance(spaces, SpacesLayer) and isinstance(text, TextLayer)
    assert (spaces.space, spaces.gap, *spaces.at) == pytest.approx((mm(6.5), mm(1.25), mm(1), mm(-2)))
    assert spaces.round and spaces.fill == "#e8d8a8" and spaces.stroke is None
    assert text.size == pytest.approx((mm(20), mm(6))) and text.font == 7  # a font size stays in points
    with pytest.raises(dataclasses.FrozenInstanceError):
        spaces.count = 3  # type: ignore[misc]
    assert hash(spaces) == hash(read_layers([{"type": "spaces", "count": 2, "space": 6.5, "gap": 1.25, "at": [1, -2],
                                              "shape": "circle", "fill": "sand"}], {"sand": "#e8d8a8"})[0])


def test_a_bad_colour_is_refused_when_read():
    with pytest.raises(ValueError):
        read_layers([{"type": "border", "colour": "not a colour"}], {})


def test_the_drawer_given_points_writes_the_manifests_millimetres():
    seen = []
    frame = Frame(10.0, 20.0, lambda colour: "", lambda inset, stroke, width: seen.append((inset, width)) or "")
    area = AreaLayer(when=None, unless=None, at=(mm(2.5), mm(-1.15)), size=(mm(12.3), mm(4.1)), round=False,
                     label=None, fill=None, stroke="#000000", dashed=False)
    border = BorderLayer(when=None, unless=None, at=(0.0, 0.0), colour=None, width=mm(0.35), inset=mm(1.1))
    svg = draw_layers((area, border), {}, frame, text=None)
    assert '<rect x="6.35" y="16.8" width="12.3" height="4.1" rx="1"' in svg
    assert seen == [(1.1, 0.35)]  # the frame outlines in millimetres, exactly as written


def test_a_layers_when_and_unless_read_the_faces_fields():
    area = AreaLayer(when="open", unless="closed", at=(0.0, 0.0), size=(mm(4), mm(4)), round=True, label=None,
                     fill=None, stroke="#000000", dashed=True)
    frame = Frame(0.0, 0.0, lambda colour: "", lambda inset, stroke, width: "")
    assert draw_layers((area,), {"open": 1}, frame, text=None).startswith("<ellipse")
    assert draw_layers((area,), {"open": 1, "closed": "yes"}, frame, text=None) == ""
    assert draw_layers((area,), {}, frame, text=None) == ""


@pytest.mark.parametrize("written", [0.1, 1.15, 6.35, 12.3, 33.3333, 199.8, -15.9998])
def test_a_layer_length_comes_back_as_the_millimetres_written(written):
    assert layer_mm(mm(written)) == written


def test_points_to_millimetres_alone_can_miss_the_written_number():
    assert to_mm(mm(199.8)) != 199.8  # why layer_mm rounds to nine decimals of a millimetre
