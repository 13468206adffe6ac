# Set-up and checks (see README.md). Works from a fresh clone on Debian, as root.
PYTHON ?= python3
NPM ?= npm
# The browser the page tests launch (tests/e2e/conftest.py reads CABO_CHROMIUM too).
CHROMIUM ?= $(or $(CABO_CHROMIUM),/usr/bin/chromium)
PORT ?= 8000
# pytest-xdist workers for `make test`: two, one per core of the 2-core machine the suite's
# 15-minute budget is set for (JOBS=0 runs in one process)
JOBS ?= 2

.PHONY: play test build test-deps

## play: build the site and serve it at http://localhost:$(PORT)/
play: build
	$(PYTHON) tools/serve.py --port $(PORT)

## test: install what the tests need (Chromium, WebKitGTK, Firefox ESR, Xvfb, npm and Python
## packages), build, run pytest
test: test-deps build
	$(PYTHON) -m pytest -n $(JOBS) --dist loadfile

## build: copy the pinned runtime into static/vendor/ and pack static/build/cabo.zip
build: node_modules/.package-lock.json
	$(PYTHON) tools/build.py

test-deps: node_modules/.package-lock.json
	@test -x $(CHROMIUM) || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium)
	@# the relay of the online-room page tests (tests/e2e/relay.py starts it on 127.0.0.1)
	@command -v mosquitto >/dev/null || test -x /usr/sbin/mosquitto || \
		(apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y mosquitto)
	@# the other engines' page tests (tests/e2e/test_engines.py): WebKitGTK's WebDriver and
	@# MiniBrowser, Firefox ESR, and the virtual display they open their windows in
	@test -x /usr/bin/WebKitWebDriver && test -x /usr/bin/firefox-esr && command -v Xvfb >/dev/null || \
		(apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y \
			webkit2gtk-driver firefox-esr xvfb)
	$(PYTHON) -m pip install --quiet --disable-pip-version-check -e ".[test]"

# npm writes node_modules/.package-lock.json on install: reinstall when the lock file is newer.
node_modules/.package-lock.json: package.json package-lock.json
	$(NPM) ci --no-audit --no-fund
	@touch $@
