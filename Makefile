# pnpgen: `make kit` builds every kit into output/, `make test` runs the tests, `make bench` the benchmarks,
# `make corpus` scores the rulebook reader on tests/corpus/. Each sets up what it needs first: system
# packages (installed when run as root with apt-get, otherwise named), then .venv with pnpgen in it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
KITS := $(wildcard components/*/kit.yaml)

.PHONY: kit test bench corpus system-kit system-test clean

system-kit:
	@scripts/system-deps kit

system-test:
	@scripts/system-deps test

$(BIN)/pnpgen: pyproject.toml
	$(MAKE) --no-print-directory system-kit
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

kit: system-kit $(BIN)/pnpgen
	$(BIN)/pnpgen build $(dir $(KITS)) --out output

test: system-test $(BIN)/pnpgen
	$(BIN)/python -m pytest -q

bench: system-kit $(BIN)/pnpgen
	$(BIN)/python bench/run.py

corpus: $(BIN)/pnpgen
	$(BIN)/python -m tests.corpus.score

clean:
	rm -rf output $(VENV)
