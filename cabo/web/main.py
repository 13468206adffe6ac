"""Page entry point, called by index.html once Pyodide and the cabo package are loaded.

A placeholder until the real UI: it proves that Python runs and can import the engine.
"""

from pyscript import document

import cabo


def start() -> None:
    """Replace the loading screen with the app root."""
    app = document.getElementById("app")
    heading = document.createElement("h1")
    heading.textContent = "Cabo"
    ready = document.createElement("p")
    ready.setAttribute("data-testid", "ready")
    ready.textContent = f"Python is running ({cabo.__name__} loaded)."
    app.append(heading, ready)
    app.hidden = False
    document.getElementById("loading").hidden = True
