"""Driving a table (cabo.ui.table.Table) in tests: its bots play, the test decides for the
person."""

from __future__ import annotations


def person_decisions(table, steps: int = 400):
    """Run the table's bot tasks and yield the table at each decision of a person, until the
    round is over or `steps` tasks and decisions have passed. The caller acts on the table
    before asking for the next decision (else it is the same one again)."""
    for _ in range(steps):
        task = table.bot_task()
        if task is not None:
            table.run_bot_task(task[1], task[2])
            continue
        if table.session.state.phase in ("round_over", "game_over"):
            return
        yield table
