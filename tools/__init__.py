"""Developer tools: the set-up step (build.py) and the local static server (serve.py)."""
