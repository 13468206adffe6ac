"""The loading screen shows real progress over the runtime's start-up steps."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import BOOT_TIMEOUT_MS

pytestmark = pytest.mark.e2e


def test_the_progress_bar_follows_the_start_up_steps(page: Page) -> None:
    page.add_init_script("""
        window.__progress = [];
        const watch = () => window.__progress.push(
            Number(document.getElementById('loading-bar')?.value ?? -1));
        addEventListener('py:progress', () => setTimeout(watch, 0));
        addEventListener('cabo:ready', () => setTimeout(watch, 0));
    """)
    page.goto("./?lang=en")
    expect(page.get_by_test_id("ready")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    values = page.evaluate("window.__progress")
    assert len(values) >= 5
    assert values == sorted(values), "the bar never goes back"
    assert values[0] < 50 and values[-1] == 100
    expect(page.get_by_role("progressbar", name="Loading Cabo")).to_be_hidden()
