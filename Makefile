# Two commands for a fresh machine (Python 3.11+):
#   make run   install the locked versions and start the server on its embedded defaults
#   make test  install the locked dev tools and run the whole test suite (ruff, mypy, import-linter, pytest)
#
# requirements/app.txt (make run, the Dockerfile) and requirements/dev.txt (make test) pin every
# package, so every machine installs the same releases; setup.cfg keeps the ranges for library users.
#   make lock          re-resolve both files after setup.cfg changed (the other pins stay)
#   make lock-upgrade  move every pin to the newest release setup.cfg allows
#   make check-locks   fail when the lock files no longer match setup.cfg
#   make check-lowest  the lowest releases setup.cfg allows: install, start the server, run tests/unit
#                      (but for the tests of the pure rules, domain/, which use no dependency)
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
# uv resolves the locks (and the lowest allowed versions); it lives in its own venv, never in $(VENV).
UV_VERSION := 0.13.9
TOOLS ?= .venv-tools
UV := $(TOOLS)/bin/uv
UV_STAMP := $(TOOLS)/.uv-$(UV_VERSION)
LOCK_FLAGS := --universal --fork-strategy fewest --python-version 3.11 --custom-compile-command "make lock" --quiet
# The project itself, editable, on top of the locked packages. setuptools prints an "Editable
# installation" notice (information, not a problem) on every editable install of this layout:
# only that notice is silenced, real warnings still show.
INSTALL_PROJECT := PYTHONWARNINGS="ignore:Editable installation" $(BIN)/pip install --quiet --no-deps -e .

.PHONY: run verify test test-rest install install-dev lint check lock lock-upgrade check-locks check-lowest

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

install: $(BIN)/python
	$(BIN)/pip install --quiet -r requirements/app.txt
	$(INSTALL_PROJECT)

install-dev: $(BIN)/python
	$(BIN)/pip install --quiet -r requirements/dev.txt
	$(INSTALL_PROJECT)

run: install
	$(BIN)/tavolo serve

# make verify FILE=RECORD.json (FILE=- reads standard input): `tavolo verify` from $(VENV), where
# `make run` installed it (it is not on the PATH unless the venv is activated).
verify: install
	@test -n "$(FILE)" || { echo "usage: make verify FILE=RECORD.json (FILE=- reads standard input)" >&2; exit 2; }
	@$(BIN)/tavolo verify "$(FILE)"

lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

# The rest of the suite mostly waits (on TTLs and deadlines running out, on servers starting and
# stopping): it runs in 4 parallel workers (pytest-xdist), one test file per worker at a time (--dist
# loadfile keeps a file's module-wide servers in one worker), files that wait handed out in turn with
# CPU-bound ones (tests/conftest.py; --no-loadscope-reorder keeps that order), with the linters beside
# it (make -j2; --output-sync prints each one's report whole when it is done). Then the browser
# tests, which keep Chromium busy drawing tables, in 3 workers: an idle worker takes tests queued for a
# busy one (--dist worksteal), so the run does not end on one worker's queue of long tests.
# Measured alone on the 2-core VM: the rest in 369 s with 3 workers, 345 and 308 s with 4 (its CPU
# is 30-50 % idle with 3); the browser tests in 407 s with 2 workers, 341 and 305 s with 3, 351 s
# with 4 (Chromium keeps both cores busy from 3 on).
TEST_WORKERS ?= 4
BROWSER_WORKERS ?= 3
test:
	$(MAKE) --no-print-directory -j2 --output-sync=target lint test-rest
	$(BIN)/pytest $(PYTEST_ARGS) -n $(BROWSER_WORKERS) --dist worksteal tests/browser

test-rest: install-dev
	$(BIN)/pytest $(PYTEST_ARGS) -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder --ignore=tests/browser

$(UV_STAMP):
	$(PYTHON) -m venv $(TOOLS)
	$(TOOLS)/bin/pip install --quiet uv==$(UV_VERSION)
	touch $@

# LOCK_OUT: where to write (check-locks compiles into a copy and compares).
LOCK_OUT ?= requirements
lock: $(UV_STAMP)
	$(UV) pip compile setup.cfg $(LOCK_FLAGS) $(UPGRADE) -o $(LOCK_OUT)/app.txt
	$(UV) pip compile setup.cfg --extra dev -c $(LOCK_OUT)/app.txt $(LOCK_FLAGS) $(UPGRADE) \
		-o $(LOCK_OUT)/dev.txt

lock-upgrade:
	$(MAKE) lock UPGRADE=--upgrade

check-locks: $(UV_STAMP)
	@out=$$(mktemp -d) && trap 'rm -rf "$$out"' EXIT && cp requirements/app.txt requirements/dev.txt "$$out"/ \
	&& $(MAKE) --no-print-directory lock LOCK_OUT="$$out" \
	&& sed -i "s|$$out|requirements|g" "$$out"/*.txt \
	&& diff -u requirements/app.txt "$$out"/app.txt && diff -u requirements/dev.txt "$$out"/dev.txt \
	|| { echo "requirements/*.txt do not match setup.cfg: run make lock" >&2; exit 1; }

check-lowest: $(UV_STAMP)
	UV=$(UV) .ci/lowest-versions
