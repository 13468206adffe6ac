"""`python -m cabo.bench` (from the repository's root): the engine and bot benchmarks. They are
a tool, tools/bench.py, outside the page's package; this entry only keeps the command's name."""

if __name__ == "__main__":
    import runpy

    runpy.run_module("tools.bench", run_name="__main__", alter_sys=True)
