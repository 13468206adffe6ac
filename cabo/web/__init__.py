"""The browser front end: the only part of cabo that touches the DOM (via pyscript)."""
