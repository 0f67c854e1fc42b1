"""Rebuilds in one process (`pnpgen build --watch`): unchanged faces are replayed, the bytes stay the same."""

from __future__ import annotations

import threading

import pytest

from generator.pipeline import BuildOptions, build
from generator.watch import WatchFilter, watch_kits

KIT = """\
kit: {name: Watch}
components:
  - id: deck
    kind: card
    size: poker
    sides: {back: {fields: {label: Deck}}}
    cards: cards.csv
"""
CARDS = "count,title,text\n" + "".join(f"1,Card {i},Gain {i} gold when you harvest a field.\n" for i in range(12))


def test_rebuild_with_memory_matches_a_fresh_build(write_kit, tmp_path):
    from generator.write.faces import DrawingMemory

    kit = write_kit(KIT, {"cards.csv": CARDS})
    memory = DrawingMemory()
    options = BuildOptions(out=tmp_path / "watched", reference=False)
    build(kit, options, memory)
    remembered = len(memory.calls)
    assert remembered >= 12  # every single-use front was kept for the next build
    (kit / "cards.csv").write_text(CARDS.replace("Card 3,Gain 3", "Card 3,Lose 3"))
    rebuilt = build(kit, options, memory).pdf.read_bytes()
    assert len(memory.calls) == remembered + 1  # only the edited card was drawn again
    fresh = build(kit, BuildOptions(out=tmp_path / "fresh", reference=False)).pdf.read_bytes()
    assert rebuilt == fresh


TWO_DECKS = """\
kit: {name: Watch}
components:
  - id: red
    kind: card
    size: poker
    sides: {front: {fields: {title: Red}}, back: {fields: {label: Deck}}}
  - id: blue
    kind: card
    size: poker
    sides: {front: {fields: {title: Blue}}, back: {fields: {label: Deck}}}
"""


def test_a_rebuild_records_a_back_shared_by_two_components_as_a_fresh_build_does(write_kit, tmp_path):
    """Two components' backs are one drawing: a fresh build draws the first straight onto its page and records it
    for the second. A rebuild that remembers the recording must still draw the first straight, or its PDF differs."""
    from generator.write.faces import DrawingMemory

    kit = write_kit(TWO_DECKS)
    memory = DrawingMemory()
    options = BuildOptions(out=tmp_path / "watched", reference=False)
    build(kit, options, memory)
    rebuilt = build(kit, options, memory).pdf.read_bytes()
    fresh = build(kit, BuildOptions(out=tmp_path / "fresh", reference=False)).pdf.read_bytes()
    assert rebuilt == fresh


def test_watch_builds_and_reports(write_kit, tmp_path):
    kit = write_kit(KIT, {"cards.csv": CARDS})
    said: list[str] = []
    watch_kits([kit], BuildOptions(out=tmp_path / "out", reference=False), said.append, rounds=1)
    assert any(line.startswith("built in ") for line in said)
    assert (tmp_path / "out" / "kit" / "kit.pdf").is_file()


def test_watch_reports_bad_input_and_goes_on(write_kit, tmp_path):
    kit = write_kit(KIT.replace("size: poker", "size: nonsense"), {"cards.csv": CARDS})
    said: list[str] = []
    watch_kits([kit], BuildOptions(out=tmp_path / "out", reference=False), said.append, rounds=1)
    assert any("is not a size" in line for line in said)
    assert not (tmp_path / "out" / "kit").exists()


class Watcher:
    """`watch_kits` in a thread, for tests that need no sleeping: it tells when a build is done and when the
    watch has then been quiet for a spell (it is up, and nothing it wrote woke it), and stops on request."""

    def __init__(self, kits, options: BuildOptions):
        self.said: list[str] = []
        self.errors: list[str] = []
        self.builds = 0
        self.quiet_after: list[int] = []  # the build count at each quiet spell
        self.stop = threading.Event()
        self.changed = threading.Condition()
        self.returned: int | None = None
        self.thread = threading.Thread(target=self._run, args=(kits, options), daemon=True)

    def _run(self, kits, options) -> None:
        try:
            self.returned = watch_kits(kits, options, self._say, error=self._error, stop_event=self.stop,
                                       on_idle=self._idle, debounce_ms=400, step_ms=50, idle_ms=300,
                                       force_polling=False)  # polling sees mtimes to the second: too coarse here
        except BaseException as crash:  # shown by settled() instead of a wait to the timeout
            said = f"the watch crashed: {crash!r}"
            self._tell(lambda: self.errors.append(said))
            raise

    def _tell(self, update) -> None:
        with self.changed:
            update()
            self.changed.notify_all()

    def _say(self, line: str) -> None:
        def update():
            self.said.append(line)
            self.builds += line.startswith("built in ")
        self._tell(update)

    def _error(self, line: str) -> None:
        def update():
            self.errors.append(line)
            self.builds += 1
        self._tell(update)

    def _idle(self) -> None:
        self._tell(lambda: self.quiet_after.append(self.builds))

    def settled(self, builds: int, spells: int = 1, timeout: float = 90) -> None:
        """Wait for `builds` builds, then `spells` quiet spells after the last of them."""
        with self.changed:
            assert self.changed.wait_for(lambda: self.builds > builds or self.quiet_after.count(builds) >= spells
                                         or not self.thread.is_alive(), timeout), (self.said, self.errors)
            assert self.builds == builds, (self.said, self.errors)

    def __enter__(self) -> "Watcher":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join(timeout=30)
        assert not self.thread.is_alive()


def test_output_inside_the_kit_is_built_once_per_edit(write_kit):
    """`cd mykit && pnpgen build . --watch`: the build's own files must not start the next build."""
    kit = write_kit(KIT, {"cards.csv": CARDS})
    with Watcher([kit], BuildOptions(out=kit / "output", reference=False, previews=True)) as watcher:
        watcher.settled(1)
        assert (kit / "output" / "kit" / "preview" / "page-001.png").is_file()
        (kit / "cards.csv").write_text(CARDS.replace("Card 3,Gain 3", "Card 3,Lose 3"))
        watcher.settled(2, spells=2)
    assert watcher.returned == 2
    assert [line for line in watcher.said if line.startswith("changed:")] == ["changed: cards.csv"]
    assert not watcher.errors


def test_output_folder_that_is_the_kit_folder_itself(write_kit):
    """`--out .` inside the kit: the kit's files are still watched, what the build writes there is not."""
    kit = write_kit(KIT, {"cards.csv": CARDS})
    with Watcher([kit], BuildOptions(out=kit, reference=False)) as watcher:
        watcher.settled(1)
        assert (kit / "kit" / "kit.pdf").is_file()
        (kit / "cards.csv").write_text(CARDS.replace("Card 3,Gain 3", "Card 3,Lose 3"))
        watcher.settled(2, spells=2)


def test_editor_temporary_files_and_previews_start_no_build(write_kit, tmp_path):
    kit = write_kit(KIT, {"cards.csv": CARDS})
    with Watcher([kit], BuildOptions(out=tmp_path / "out", reference=False)) as watcher:
        watcher.settled(1)
        for name in (".cards.csv.swp", "cards.csv~", ".#cards.csv", "preview/page-001.png", ".git/index"):
            (kit / name).parent.mkdir(exist_ok=True)
            (kit / name).write_text("x")
        watcher.settled(1, spells=watcher.quiet_after.count(1) + 2)


def test_a_bad_edit_is_reported_and_the_next_good_edit_rebuilds(write_kit, tmp_path):
    kit = write_kit(KIT, {"cards.csv": CARDS})
    pdf = tmp_path / "out" / "kit" / "kit.pdf"
    with Watcher([kit], BuildOptions(out=tmp_path / "out", reference=False)) as watcher:
        watcher.settled(1)
        first = pdf.read_bytes()
        (kit / "kit.yaml").write_text(KIT.replace("size: poker", "size: nonsense"))
        watcher.settled(2)
        assert len(watcher.errors) == 1 and "is not a size" in watcher.errors[0]
        assert pdf.read_bytes() == first  # the last good build stays
        (kit / "kit.yaml").write_text(KIT.replace("label: Deck", "label: Pack"))
        watcher.settled(3)
        assert len(watcher.errors) == 1 and pdf.read_bytes() != first


def test_an_edit_to_the_kit_it_extends_rebuilds(write_kit, tmp_path):
    parent = write_kit(KIT, {"cards.csv": CARDS}, name="parent")
    child = write_kit("extends: ../parent\nkit: {name: Watch Deluxe}\n", name="child")
    with Watcher([child], BuildOptions(out=tmp_path / "out", reference=False)) as watcher:
        watcher.settled(1)
        (parent / "cards.csv").write_text(CARDS.replace("Card 3,Gain 3", "Card 3,Lose 3"))
        watcher.settled(2)
    assert "changed: cards.csv" in watcher.said and not watcher.errors


@pytest.mark.parametrize("out,path,relevant", [
    ("kit/output", "kit/output/kit/kit.pdf", False),     # the output folder inside the kit
    ("kit/output", "kit/cards.csv", True),
    ("kit", "kit/kit/kit.pdf", False),                   # --out . inside the kit: what the build writes
    ("kit", "kit/.cache/kit/faces.json", False),
    ("kit", "kit/.kit-x1y2/kit.pdf", False),             # a build's staging folder
    ("kit", "kit/cards.csv", True),
    (".", "kit/cards.csv", True),                         # --out holding the kit
    (".", "kit/preview/page-001.png", False),
    ("out", "kit/art/coin.svg", True),
    ("out", "kit/art/.coin.svg.swx", False), ("out", "kit/cards.csv~", False), ("out", "kit/.#kit.yaml", False),
])
def test_watch_filter(tmp_path, out, path, relevant):
    accept = WatchFilter([tmp_path / "kit"], tmp_path / out, {"kit"})
    assert accept(None, str(tmp_path / path)) is relevant


def test_files_that_came_and_went_are_no_change(tmp_path):
    """`sed -i` and many editors write a temporary file and rename it over the real one."""
    from watchfiles import Change

    from generator.watch import _changed, _lasting

    real = tmp_path / "cards.csv"
    real.write_text("x")
    temporary = str(tmp_path / "sedX1y2z3")
    changes = {(Change.added, temporary), (Change.deleted, temporary), (Change.added, str(real)),
               (Change.deleted, str(real))}  # deleted and made again: still a change
    assert _lasting(changes) == {(Change.added, str(real)), (Change.deleted, str(real))}
    assert _lasting({(Change.added, temporary), (Change.deleted, temporary)}) == set()
    assert _changed(_lasting(changes), [tmp_path]) == "cards.csv"
