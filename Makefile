VENV := .venv
PY := $(VENV)/bin/python
# Two stamps: the site's own packages (all make serve installs), and development's on top.
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev
# axe-core for the browser tests' accessibility checks, pinned in tests/browser/package.json.
AXE := tests/browser/node_modules/axe-core/axe.min.js
IS_312_OR_NEWER := import sys; sys.exit(sys.version_info < (3, 12))
# Each language's words, compiled from its .po catalogue: built here, never committed.
MO := $(patsubst %.po,%.mo,$(wildcard */locale/*/LC_MESSAGES/*.po))

.PHONY: install messages catalogues run serve test test-postgres lint format bench loadtest crashdrill clean

# Without this, settings refuse to load: there is no SECRET_KEY on a developer's machine.
run test lint: export DEBUG := 1
# The bench measures what a real server runs: DEBUG off (no query log, templates not
# re-checked on disk) and collected static files, with a key used for nothing else.
bench: export DEBUG := 0
bench: export SECRET_KEY := bench-only-key-never-used-to-serve

install: $(STAMP) messages

messages: $(MO)

# GNU gettext's msgfmt (Debian's gettext package) compiles a catalogue; --check refuses one
# whose placeholders do not match the English.
%.mo: %.po
	@command -v msgfmt >/dev/null || { \
		echo "Compiling the translations needs GNU gettext: apt-get install gettext" >&2; exit 1; }
	msgfmt --check -o $@ $<

# After changing words in the code: new messages into every catalogue, to be translated.
catalogues: $(DEV_STAMP)
	DEBUG=1 $(PY) manage.py update_catalogues

$(STAMP): requirements.txt
	@if [ ! -x "$(PY)" ]; then \
		base=""; \
		for candidate in python3.12 python3; do \
			if "$$candidate" -c "$(IS_312_OR_NEWER)" >/dev/null 2>&1; then \
				base=$$candidate; break; \
			fi; \
		done; \
		if [ -z "$$base" ]; then \
			echo "Peabody Golf needs Python 3.12 or newer (Django 6 does), and none was found." >&2; \
			echo "Install it, e.g. 'pyenv install 3.12', then run make again." >&2; \
			exit 1; \
		fi; \
		echo "Creating $(VENV) with $$($$base --version)"; \
		"$$base" -m venv "$(VENV)"; \
	fi
	@"$(PY)" -c "$(IS_312_OR_NEWER)" || { \
		echo "$(VENV) uses Python older than 3.12: delete it and run make again." >&2; exit 1; }
	$(PY) -m pip install -r requirements.txt
	touch $@

$(DEV_STAMP): $(STAMP) requirements-dev.txt
	$(PY) -m pip install -r requirements-dev.txt
	touch $@

run: $(DEV_STAMP) messages
	$(PY) manage.py migrate --noinput
	$(PY) manage.py createcachetable
	$(PY) manage.py demo_family
	$(PY) manage.py runserver 127.0.0.1:8000

# The production server: DEBUG off, collected static files, gunicorn as peabody/gunicorn_config.py
# sets it up (answering on 127.0.0.1:8000 unless BIND says otherwise), and beside it the worker
# that sends the queued emails (peabody/mail.py), stopped with it. Without a SECRET_KEY in
# the environment it makes one, once, in .secret-key (readable by its owner only).
# The mail worker is started again 5 s after it dies (killed for memory, or an error it did
# not survive): the site would go on answering without it, and no parent would get a
# confirmation or reset link until someone noticed. It is left stopped once it exits cleanly,
# as it does when asked to stop (Ctrl-C, a TERM). The loop ends it when it is ended itself.
serve: export DEBUG := 0
serve: $(STAMP) messages
	@if [ -z "$$SECRET_KEY" ] && [ ! -s .secret-key ]; then \
		umask 077; $(PY) -c "import secrets; print(secrets.token_urlsafe(50))" > .secret-key; \
		echo "Made a secret key in .secret-key"; \
	fi
	export SECRET_KEY="$${SECRET_KEY:-$$(cat .secret-key)}"; \
	$(PY) manage.py migrate --noinput && \
	$(PY) manage.py createcachetable && \
	$(PY) manage.py collectstatic --noinput --verbosity 0 || exit 1; \
	( trap 'kill $$pid 2>/dev/null; exit' TERM; \
	  while :; do \
		$(PY) manage.py db_worker --no-reload --verbosity 0 & pid=$$!; \
		wait $$pid && break; \
		echo "make serve: the mail worker stopped (status $$?); starting it again in 5 s" >&2; \
		sleep 5 & pid=$$!; wait $$pid; \
	  done ) & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' EXIT; \
	$(VENV)/bin/gunicorn -c peabody/gunicorn_config.py

# The test database gets its cache table from Django's test set-up. PYTEST_ARGS picks tests,
# e.g. PYTEST_ARGS='-m "not browser"' (CI's PostgreSQL pass, see .ci/run). The tests run in
# PYTEST_WORKERS processes (pytest-xdist), by default one a core; 0 runs them in this one.
# Each worker has its own test database and live server; tests/conftest.py keeps together
# the tests that must share a worker (pyproject.toml's --dist loadgroup).
PYTEST_WORKERS ?= auto
test: lint messages $(AXE)
	$(PY) -m pytest -n $(PYTEST_WORKERS) $(PYTEST_ARGS)

$(AXE): tests/browser/package.json tests/browser/package-lock.json
	npm ci --prefix tests/browser
	touch $@

# The layers' imports are pyproject.toml's [tool.importlinter] contracts; the types are
# checked by mypy with Django's stubs ([tool.mypy]; its cache makes a second run quick).
lint: $(DEV_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports --no-cache
	$(VENV)/bin/mypy

format: $(DEV_STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

bench: $(DEV_STAMP) messages
	$(PY) manage.py collectstatic --noinput --verbosity 0
	$(PY) manage.py bench
	$(PY) manage.py bench_accounts
	$(PY) manage.py simulate_learners

# Simulated children (or family tables, a device each) against gunicorn on 127.0.0.1;
# options after ARGS, e.g. make loadtest ARGS="--children 800 --run-time 120",
# ARGS=--flat-out, or ARGS="--tables 300 --run-time 150 --ramp-up 40".
loadtest: $(DEV_STAMP) messages
	$(PY) tests/load/run.py $(ARGS)

# The crash drill: players on the same server, killed with SIGKILL mid-game and started again,
# then every acknowledged move checked against the saved logs (docs/load-test.md); e.g.
# make crashdrill ARGS="--players 20 --kills 5 --every 6", or ARGS="--database-url postgres://...".
crashdrill: $(DEV_STAMP) messages
	$(PY) tests/load/crash.py $(ARGS)

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .hypothesis .ruff_cache .mypy_cache .import_linter_cache \
		tests/browser/node_modules
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -path '*/locale/*' -name '*.mo' -delete
