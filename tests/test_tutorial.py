"""docs/tutorial.md, followed step by step: its commands run with the installed `pnpgen` in a temporary folder,
its file changes are made, and what it promises is checked.

The tutorial marks its steps with one-line HTML comments (invisible when the page is shown), each applying to
the fenced block after it or checked where it stands:

    <!-- test: skip REASON -->       the next ```sh block is not run (installing software, changing folder)
    <!-- test: exit N -->            the next ```sh block's commands each exit with N (default 0)
    <!-- test: sample -->            each line of the next block occurs in the previous ```sh block's output
                                     (runs of spaces count as one)
    <!-- test: write PATH -->        the next block is the whole new file PATH
    <!-- test: append PATH -->       the next block is added at the end of PATH
    <!-- test: edit PATH -->         the next block is a ```diff: ' ' lines stay, '-' lines go, '+' lines come,
                                     and the ' '/'-' lines must occur exactly once in PATH
    <!-- test: excerpt PATH -->      the next block occurs in PATH as it is at that point
    <!-- test: file PATH -->         PATH exists
    <!-- test: contains PATH "TEXT" -->  PATH (a PDF: its text) holds TEXT
    <!-- test: json PATH KEY VALUE -->   PATH's JSON has KEY equal to VALUE (JSON)

Every ```sh line is a pnpgen command; every other fenced block must be marked, so nothing in the tutorial
goes untested.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import ROOT

TUTORIAL = ROOT / "docs" / "tutorial.md"
DIRECTIVE = re.compile(r"^<!-- test: (\w+)\s*(.*?)\s*-->$")
FENCE = re.compile(r"^```(\S*)")
BLOCK_DIRECTIVES = {"skip", "exit", "sample", "write", "append", "edit", "excerpt"}
NOW_DIRECTIVES = {"file", "contains", "json"}


@dataclass(frozen=True)
class Step:
    line: int
    kind: str        # a directive's name, or "block"
    argument: str    # a directive's argument, or a block's language
    text: str = ""   # a block's content


def tutorial_steps(text: str) -> list[Step]:
    """Directives and fenced blocks in the order they appear."""
    steps, lines, i = [], text.splitlines(), 0
    while i < len(lines):
        line = lines[i]
        directive = DIRECTIVE.match(line.strip())
        fence = FENCE.match(line)
        if directive:
            steps.append(Step(i + 1, directive.group(1), directive.group(2)))
        elif line.strip().startswith("<!-- test:"):
            raise AssertionError(f"tutorial.md:{i + 1}: a test directive is one line: {line!r}")
        elif fence:
            end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("```"))
            steps.append(Step(i + 1, "block", fence.group(1), "\n".join(lines[i + 1:end]) + "\n"))
            i = end
        i += 1
    return steps


def pnpgen_command() -> list[str]:
    """The pnpgen of the environment running the tests (the .venv's), as a user would run it."""
    script = Path(sys.executable).with_name("pnpgen")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "generator"]


def normalised(text: str) -> str:
    return "\n".join(" ".join(line.split()) for line in text.splitlines())


def file_text(path: Path) -> str:
    if path.suffix == ".pdf":
        from pypdf import PdfReader

        return "\n".join(page.extract_text() for page in PdfReader(path).pages)
    return path.read_text(encoding="utf-8")


class Walkthrough:
    """The reader of the tutorial: does what each step says, in the folder `work`."""

    def __init__(self, work: Path):
        self.work = work
        self.pending: dict[str, str] = {}
        self.output = ""
        self.commands: list[str] = []
        self.done: set[str] = set()

    def step(self, step: Step) -> None:
        where = f"tutorial.md:{step.line}"
        if step.kind == "block":
            self.block(step, where)
        elif step.kind in BLOCK_DIRECTIVES:
            assert step.kind not in self.pending, f"{where}: two '{step.kind}' directives before one block"
            self.pending[step.kind] = step.argument
        elif step.kind in NOW_DIRECTIVES:
            getattr(self, f"check_{step.kind}")(step.argument, where)
        else:
            raise AssertionError(f"{where}: unknown test directive {step.kind!r}")
        self.done.add(step.kind)

    def block(self, step: Step, where: str) -> None:
        pending, self.pending = self.pending, {}
        actions = set(pending) - {"exit"}
        assert len(actions) <= 1, f"{where}: one block, several directives: {sorted(actions)}"
        if step.argument == "sh":
            assert actions <= {"skip"}, f"{where}: a ```sh block takes skip or exit, not {sorted(actions)}"
            if "skip" in pending:
                assert pending["skip"], f"{where}: say why a command block is skipped"
            else:
                self.run(step.text, int(pending.get("exit", 0)), where)
            return
        assert "exit" not in pending, f"{where}: exit is for ```sh blocks"
        assert actions, (f"{where}: a ```{step.argument} block needs a directive (write, append, edit, excerpt, "
                         "sample), so that the test follows it")
        action = actions.pop()
        argument = pending[action]
        if action == "sample":
            got = normalised(self.output)
            for line in normalised(step.text).splitlines():
                assert not line or line in got, f"{where}: {line!r} is not in the output:\n{self.output}"
            return
        path = self.work / argument
        if action == "write":
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(step.text, encoding="utf-8")
        elif action == "append":
            with path.open("a", encoding="utf-8") as file:
                file.write(step.text)
        elif action == "edit":
            assert step.argument == "diff", f"{where}: an edit is shown as a ```diff block"
            self.edit(path, step.text, where)
        elif action == "excerpt":
            assert step.text in file_text(path), f"{where}: this excerpt is not in {argument}:\n{step.text}"

    def edit(self, path: Path, diff: str, where: str) -> None:
        old, new = [], []
        for line in diff.splitlines():
            mark, content = line[:1], line[1:]
            assert mark in {" ", "-", "+", ""}, f"{where}: a diff line starts with ' ', '-' or '+': {line!r}"
            if mark in {" ", "", "-"}:
                old.append(content)
            if mark in {" ", "", "+"}:
                new.append(content)
        text = path.read_text(encoding="utf-8")
        before, after = "\n".join(old) + "\n", "\n".join(new) + "\n"
        assert text.count(before) == 1, f"{where}: the lines to change occur {text.count(before)} times in {path.name}"
        path.write_text(text.replace(before, after), encoding="utf-8")

    def run(self, script: str, expected: int, where: str) -> None:
        self.output = ""
        for line in script.splitlines():
            words = shlex.split(line, comments=True)
            if not words:
                continue
            assert words[0] == "pnpgen", f"{where}: only pnpgen commands are run; mark other blocks skip: {line!r}"
            result = subprocess.run(pnpgen_command() + words[1:], cwd=self.work, capture_output=True, text=True,
                                    timeout=300)
            self.output += result.stdout + result.stderr
            self.commands.append(line)
            assert result.returncode == expected, (f"{where}: `{line}` exited {result.returncode}, the tutorial "
                                                   f"says {expected}:\n{result.stdout}{result.stderr}")

    def check_file(self, argument: str, where: str) -> None:
        assert (self.work / argument).is_file(), f"{where}: {argument} was not written"

    def check_contains(self, argument: str, where: str) -> None:
        path, text = shlex.split(argument)
        held = " ".join(file_text(self.work / path).split())
        assert " ".join(text.split()) in held, f"{where}: {path} lacks {text!r}"

    def check_json(self, argument: str, where: str) -> None:
        path, key, value = argument.split(" ", 2)
        data = json.loads((self.work / path).read_text(encoding="utf-8"))
        assert data[key] == json.loads(value), f"{where}: {path} has {key} = {data[key]!r}, the tutorial says {value}"


def test_the_tutorial_marks_are_well_formed():
    steps = tutorial_steps(TUTORIAL.read_text(encoding="utf-8"))
    assert [s for s in steps if s.kind == "block" and s.argument == "sh"], "the tutorial runs no command"
    for step in steps:
        assert step.kind == "block" or step.kind in BLOCK_DIRECTIVES | NOW_DIRECTIVES, step


def test_the_tutorial_links_resolve():
    for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", TUTORIAL.read_text(encoding="utf-8")):
        assert (TUTORIAL.parent / target).is_file(), f"tutorial.md links to {target}, which does not exist"


@pytest.mark.slow
def test_following_the_tutorial_does_what_it_says(tmp_path):
    walk = Walkthrough(tmp_path)
    for step in tutorial_steps(TUTORIAL.read_text(encoding="utf-8")):
        walk.step(step)
    assert not walk.pending, f"directives with no block after them: {walk.pending}"
    # the path the tutorial promises: new, build, print settings, own art and template, a linked count
    assert walk.commands[0].startswith("pnpgen --help")
    assert any(c.startswith("pnpgen new ") for c in walk.commands)
    assert {"write", "edit", "append", "sample", "contains", "exit"} <= walk.done
