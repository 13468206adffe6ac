import os
import sys

sys.path.insert(0, os.path.dirname(__file__))


def pytest_collection_modifyitems(config, items):
    """Soak tests run only when asked for by name (`-m soak`): a command line `-m` replaces
    the configured `-m 'not soak'`, and `-m 'not e2e'` must not start hours of soak."""
    expr = config.getoption("markexpr") or ""
    if "soak" in expr.replace("not soak", ""):
        return
    soak = [item for item in items if item.get_closest_marker("soak") is not None]
    if soak:
        config.hook.pytest_deselected(items=soak)
        items[:] = [item for item in items if item.get_closest_marker("soak") is None]
