"""Off-turn claims judged by what their maker saw: the one judge of a throw-in's timing.

A claim (a match onto the top discard, or a pair discard) is made by a person reacting to the
table on their screen. Between seeing the top card and the tap, the table may change: a bot
covers the pile, or across devices the host's discard is on its way. The engine's `apply`
knows nothing of time and judges every action against the table as it is now; this module,
used by the driver that holds the game (`Session.claim`, which the net host calls for its
guests too), decides before that whether the claim is "too late": then nothing is applied,
it costs nothing, and only a log line says so.

A claim carries the top discard its maker was shown when they began it (`seen_top`: when the
card was selected, or "Match" was pressed) and the game step their screen showed when it was
sent (`seen_step`; on the device holding the game that is the current step). The table the
maker may still have been reacting to is the one at the *reference step*: the older of
`seen_step` and the step in effect REACTION_MS before the claim. A claim is too late when,
since the reference step,

- a card it names has changed (it would take another card than the one its maker chose), or
  another claim named it first (first come: the maker could not see that claim coming), or
- the top discard has changed, and the claimed card has the value of the card its maker saw
  (`seen_top`, if that was one of the tops replaced since the reference step; else any of
  them) but not the value of the card that may be matched now.

A claim that matches the new top, matches neither card, or comes long after the change
(the reference step is then after it) is applied and judged by the engine as always.
"""

from __future__ import annotations

from ..game.actions import Match, OFF_TURN

# How long after the top discard changed a claim may still be a reaction to the card before
# it: a person's simple visual reaction takes about 250 ms; seeing that a card matches one's
# own, choosing it and tapping "Match" (or double-tapping it) takes 1 to 1.5 s on a phone
# (the throw-in came about 1.5 s after the person's own discard). Within this window
# nobody can tell a slow hand from a card that changed under it, so the claim costs nothing.
REACTION_MS = 1500
STEPS_KEPT = 64  # steps whose table is remembered (a claim older than that is judged as made now)


class TableMemory:
    """The table at recent game steps: when each step began (ms, on the judging device's
    clock), its top discard, every row's card ids and the cards claimed by the action that
    began it. The driver notes each new step."""

    def __init__(self):
        self.steps = {}  # step -> (at_ms, top, rows, claimed); insertion order is step order

    def note(self, state, at_ms, action=None) -> None:
        """Remember the table at the state's step, if it is new (`at_ms`: when it began;
        `action`: the action that began it)."""
        step = state.step
        if step in self.steps:
            return
        top = state.discard[-1] if state.discard else None
        claimed = _named(action) if isinstance(action, OFF_TURN) else ()
        self.steps[step] = (at_ms, top, tuple(tuple(row) for row in state.hands), claimed)
        if len(self.steps) > STEPS_KEPT:
            del self.steps[next(iter(self.steps))]

    def clear(self) -> None:
        self.steps = {}

    def reference(self, seen_step, since_ms):
        """The step a claim is measured against: the older of `seen_step` and the step in
        effect at `since_ms`; None if no remembered step is that old."""
        in_effect = None
        for step, (at, *_) in self.steps.items():
            if at <= since_ms:
                in_effect = step
        if in_effect is None:  # every remembered step began within the window
            in_effect = next(iter(self.steps), None)
        if in_effect is None:
            return None
        ref = min(seen_step, in_effect) if seen_step is not None else in_effect
        return ref if ref in self.steps else None

    def top_since(self):
        """When the top discard now on the pile was put there (ms), None if not known."""
        since, top = None, None
        for at, card, *_ in reversed(self.steps.values()):
            if since is not None and card != top:
                break
            since, top = at, card
        return since

    def tops_since(self, step) -> list:
        """The top discards of the remembered steps from `step` on, oldest first."""
        return [entry[1] for s, entry in self.steps.items() if s >= step]

    def claimed_after(self, step) -> set:
        """The cards (owner, slot) named by claims applied after `step`."""
        return {c for s, entry in self.steps.items() if s > step for c in entry[3]}


def judge(state, action, seen_top, seen_step, memory, now_ms):
    """The data of a "too_late" event if the claim must not be applied (see the module), or
    None: apply it. Never changes the state (the memory notes the current step if new)."""
    if not isinstance(action, OFF_TURN):
        return None
    memory.note(state, now_ms)  # (the current step, if no change noted it yet)
    seen_step = state.step if seen_step is None else seen_step
    ref = memory.reference(seen_step, now_ms - REACTION_MS)
    top = state.discard[-1] if state.discard else None
    late = {"why": "card", "seen": seen_top if _card(state, seen_top) else None, "top": top}
    if ref is None:
        # the table its maker saw is forgotten: too late if it was older than the table now
        return late if seen_step < state.step else None
    rows = memory.steps[ref][2]
    cards = _named(action)
    if any(_at(rows, o, i) != _at(state.hands, o, i) for o, i in cards):
        return late
    if memory.claimed_after(ref).intersection(cards):
        return late
    if not isinstance(action, Match):
        return None
    replaced = [t for t in memory.tops_since(ref) if t != top and t is not None]
    if not replaced:
        return None
    seen = [seen_top] if seen_top in replaced else replaced
    card = _at(state.hands, action.owner, action.slot)
    if card is None:
        return None  # no card there: the engine refuses the claim
    values = state.values
    target = state.match_target
    if target is not None and values[card] == values[target]:
        return None  # it matches the card that may be matched now
    if any(values[card] == values[s] for s in seen):
        if late["seen"] is None or late["seen"] not in seen:
            late["seen"] = seen[-1]
        late["why"] = "top"
        return late
    return None


def _named(action) -> tuple:
    """The cards (owner, slot) a claim names."""
    return ((action.owner, action.slot),) if isinstance(action, Match) else tuple(action.cards)


def _card(state, card) -> bool:
    return type(card) is int and 0 <= card < len(state.values)


def _at(rows, owner, slot):
    """The card id at (owner, slot) of `rows`, None if there is none."""
    if not (0 <= owner < len(rows)):
        return None
    row = rows[owner]
    return row[slot] if 0 <= slot < len(row) else None
