"""Page tests (Chromium via pytest-playwright) and tests of the site tools."""
