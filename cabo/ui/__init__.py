"""The table as a person sees it, without the DOM: view models, click choices, words, pacing.

Everything here is plain Python, tested under CPython; `cabo.web` only turns these view
models into HTML and clicks back into calls.
"""
