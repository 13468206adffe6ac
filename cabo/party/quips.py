"""Bot quips: which situation a bot comments on, and when it speaks at all.

A quip depends on public event views only (who called Cabo, who got a penalty card, whose card
was swapped, the reveal), never on a face-down card, so it tells nothing a bot knows. The lines
are in cabo/i18n (keys "quip_<situation>_<i>", LINES[situation] lines per language).

Pacing: one quip per action at most; none within GAP steps of the last one; one bot not again
within BOT_GAP steps; each situation speaks with its CHANCE. A step is one fed action.
"""

from __future__ import annotations

import random

from ..game.seeds import quips_seed
from ..schema import RNG_STATE, Int, List, Record, Tuple, rng_state, set_rng_state

LINES = {"cabo_won": 5, "cabo_lost": 5, "other_cabo": 5, "penalty": 5, "good_match": 5,
         "swapped": 5, "kamikaze": 4}
CHANCE = {"cabo_won": 0.8, "cabo_lost": 0.8, "kamikaze": 0.9, "other_cabo": 0.35,
          "penalty": 0.45, "good_match": 0.35, "swapped": 0.5}
GAP = 3
BOT_GAP = 6


def situations(events, bots, n: int) -> list:
    """(situation, bot seat) pairs that the public events of one action offer, in order."""
    out = []
    for e in events:
        kind, seat = e["kind"], e.get("seat")
        if kind == "round_end":
            notes = e.get("notes") or []
            for s in e["seats"]:
                if s in bots and ("kamikaze" in notes[s] or "kamikaze_victim" in notes[s]):
                    out.append(("kamikaze", s))
            caller = e["caller"]
            if caller in bots:
                out.append(("cabo_won" if caller in e["winners"] else "cabo_lost", caller))
        elif kind == "cabo":
            others = sorted((s for s in bots if s != seat), key=lambda s: (s - seat) % n)
            out += [("other_cabo", s) for s in others[:1]]
        elif kind == "penalty" and seat in bots:
            out.append(("penalty", seat))
        elif kind == "give" and e["to"] in bots:
            out.append(("penalty", e["to"]))
        elif kind in ("match", "pair_discard") and e["ok"] and seat in bots:
            out.append(("good_match", seat))
        elif kind == "swap" and e["target"] in bots and e["target"] != seat:
            out.append(("swapped", e["target"]))
    return out


STEP = Int(-10**9, 10**9)


class QuipMaker:
    """Its own seeded generator and the pacing memory; saved with the game."""

    STATE = Record({"rng": RNG_STATE, "step": STEP, "last": STEP,
                    "last_by": List(Tuple(Int(0, 5), STEP), 6)})  # the schema of `to_dict()`

    def __init__(self, seed: int):
        self.rng = random.Random(quips_seed(seed))
        self.step = 0
        self.last = -GAP          # step of the last quip
        self.last_by = {}         # bot seat -> step of its last quip

    def pick(self, candidates):
        """A quip note {"kind": "quip", "seat", "line"} for this action, or None."""
        self.step += 1
        if not candidates or self.step - self.last < GAP:
            return None
        for situation, seat in candidates:
            if self.step - self.last_by.get(seat, -BOT_GAP) < BOT_GAP:
                continue
            if self.rng.random() < CHANCE[situation]:
                line = self.rng.randrange(LINES[situation])
                self.last = self.last_by[seat] = self.step
                return {"kind": "quip", "seat": seat, "line": f"{situation}.{line}"}
        return None

    def to_dict(self) -> dict:
        return {"rng": rng_state(self.rng), "step": self.step, "last": self.last,
                "last_by": [[s, k] for s, k in sorted(self.last_by.items())]}

    def load(self, d, path: str = "quips") -> None:
        """Restore `to_dict` output; cabo.schema.Invalid (a ValueError) if it does not fit
        STATE."""
        self.STATE.check(d, path)
        set_rng_state(self.rng, d["rng"])
        self.step, self.last = d["step"], d["last"]
        self.last_by = {s: k for s, k in d["last_by"]}


def line_key(line: str) -> str:
    """The text key of a quip line "situation.i"."""
    situation, _, i = line.partition(".")
    return f"quip_{situation}_{i}"
