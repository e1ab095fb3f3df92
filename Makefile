# The two commands of the README: `make run` serves the app, `make test` runs every test.
# Both build the virtualenv from nothing; nothing else needs to be installed first.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test venv test-deps chromium lint bench clean

$(BIN)/stammtisch: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e .
	touch $@

venv: $(BIN)/stammtisch

# `make run LAN=1`: the club's table: every interface, the LAN address and its QR code, stammtisch.local.
run: venv
ifeq ($(LAN),1)
	$(BIN)/stammtisch serve --lan --port $(PORT)
else
	$(BIN)/stammtisch serve --host $(HOST) --port $(PORT)
endif

# The interop extra (OpenSpiel, PettingZoo) too: the suite checks every game against their APIs.
test-deps: venv
	$(BIN)/pip install --quiet -e '.[test,interop]'

# Debian's Chromium drives the browser tests (Playwright cannot download browsers here).
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; \
	fi

lint: test-deps
	$(BIN)/lint-imports
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy

test: test-deps chromium lint
	$(BIN)/pytest -n 2 --dist loadgroup --durations=30

bench: venv
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
