# pnpgen: `make kit` builds every kit into output/, `make test` runs the tests, `make bench` the benchmarks,
# `make corpus` scores the rulebook reader on tests/corpus/ (`make corpus-pdf` on its texts typeset as PDFs, with a
# typesetter kept in a side environment, .venv-pdfroute). Each sets up what it needs first: system
# packages (installed when run as root with apt-get, otherwise named), then .venv with pnpgen in it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
KITS := $(wildcard components/*/kit.yaml)

.PHONY: kit test bench corpus corpus-pdf system-kit system-test clean

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

PDFROUTE := .venv-pdfroute
$(PDFROUTE)/bin/weasyprint:
	@scripts/system-deps pdfroute
	$(PYTHON) -m venv $(PDFROUTE)
	$(PDFROUTE)/bin/python -m pip install --quiet weasyprint==70.0 markdown==3.11.3 pyyaml  # (pinned: the figures in the README)

corpus-pdf: $(BIN)/pnpgen $(PDFROUTE)/bin/weasyprint
	PYTHONPATH=. $(PDFROUTE)/bin/python -m tests.corpus.pdf_route render output/pdf-route --split dev
	$(BIN)/python -m tests.corpus.pdf_route score output/pdf-route --split dev

clean:
	rm -rf output $(VENV) $(PDFROUTE)
