"""pnpgen's own templates render outside the sandbox, with the same output; a kit's templates, and pnpgen's
once a kit overrides any of them, stay sandboxed (generator/render/templating.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.manifest import load_manifest
from generator.model import build_kit
from generator.render import render_face
from generator.render import templating

KIT = """\
kit: {name: Trust, players: {min: 2, max: 3}}
components:
  - id: deck
    kind: card
    size: poker
    sides: {back: {fields: {label: "Deck & Co"}}}
    cards: cards.csv
  - id: coin
    kind: token
    shape: disc
    size: 25mm
    count: 4
    per_player: true
    fields: {label: "Coin <1>"}
"""
CARDS = "count,title,text,cost\n" + "".join(f"1,Card {i},Gain {i} gold when you {'harvest ' * i}a field.,{i}\n"
                                            for i in range(8))


def faces_of(kit_dir):
    spec = load_manifest(kit_dir)
    kit = build_kit(spec, spec.players_max)
    faces = {f.key: f for p in kit.pieces for f in (p.front, p.back) if f is not None}
    return spec, list(faces.values())


def test_trusted_output_is_the_sandboxed_output(write_kit, monkeypatch):
    spec, faces = faces_of(write_kit(KIT, {"cards.csv": CARDS}))
    template_faces = [f for f in faces if not f.template.startswith("@")]
    assert len(template_faces) >= 10
    assert all(templating._trusted(f"{f.template}.svg.j2", spec.roots) for f in template_faces)
    trusted = [render_face(face, spec).svg for face in template_faces]
    monkeypatch.setattr(templating, "_trusted", lambda *args: False)
    assert [render_face(face, spec).svg for face in template_faces] == trusted


def test_a_kit_that_overrides_a_builtin_template_renders_them_all_sandboxed(write_kit):
    macros = (templating.TEMPLATES_DIR / "_macros.svg.j2").read_text(encoding="utf-8")
    kit = write_kit(KIT, {"cards.csv": CARDS, "templates/_macros.svg.j2": macros})
    spec, faces = faces_of(kit)
    assert not templating._trusted("card.svg.j2", spec.roots)
    assert not templating._trusted("my_own.svg.j2", spec.roots)  # a kit's own template: always sandboxed
    assert all(render_face(face, spec).svg for face in faces)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.floats(allow_nan=False, allow_infinity=False, min_value=-1e6, max_value=1e6),
                          st.integers(-10**6, 10**6), st.sampled_from([0.0, -0.0, 0.0004, -0.0004, 0.0005, 2.5, 1e-9])),
                min_size=1, max_size=20))
def test_numbers_kept_are_written_as_numbers_read_afresh(values):
    """|num keeps what it wrote for each float: whatever came before (0.0 before -0.0, 1 before 1.0), a value is
    written as it would be without the kept texts."""
    for value in values + values[::-1]:
        assert templating._num(value) == templating._number_text(value)
