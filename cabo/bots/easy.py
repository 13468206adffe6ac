"""The easy bot: the medium policy with a fading memory and a moody Cabo call.

It remembers a card it saw for a random number of game steps (drawn from its own generator
when it first sees the card), then treats the card as unknown. Each round it draws a Cabo
threshold that makes it call early or late. Off-turn it sometimes misremembers and matches a
forgotten card of a neighbouring value. All of this depends only on the observations it was
shown and on its own generator.
"""

from __future__ import annotations

from ..game.actions import Match, permits
from ..schema import Int, List, Num, Optional, Tuple
from .knowledge import UNKNOWN, from_obs
from .medium import MediumBot
from .policy import Params


class EasyBot(MediumBot):
    """Forgets what it saw after a while; calls Cabo too early or too late."""

    name = "easy"
    STATE = MediumBot.STATE.with_fields(
        memory=List(Tuple(Int(0, 10**4), Int(0, 10**9)), 1000),  # [card id, last step]
        round_no=Optional(Int(0, 10**9)), cabo_p=Optional(Num(0, 1)),
        tried=Optional(Int(0, 10**4)))
    reaction_ms = 1600
    memory_steps = (3, 20)      # a seen card is remembered for this many steps (uniform)
    cabo_range = (0.25, 0.9)    # the round's Cabo threshold, uniform in this range
    misremember = 0.25          # chance to match a forgotten card of a neighbouring value

    def __init__(self, seed: int):
        super().__init__(seed)
        self.memory = {}        # card id -> last step it is remembered
        self.round_no = None
        self.params = Params()
        self.tried = None       # the match target last considered for a misremembered match

    def new_round(self) -> None:
        self.memory = {}
        self.round_no = None

    def save_state(self) -> dict:
        """The generator, the fading memory, this round's Cabo threshold, the last guess."""
        return {**super().save_state(), "memory": [[c, s] for c, s in self.memory.items()],
                "round_no": self.round_no,
                "cabo_p": self.params.cabo_p["official"] if self.round_no is not None else None,
                "tried": self.tried}

    def load_state(self, saved: dict, path: str = "bot") -> None:
        super().load_state(saved, path)
        self.memory = {c: s for c, s in saved["memory"]}
        self.round_no, self.tried = saved["round_no"], saved["tried"]
        if saved["cabo_p"] is not None:
            p = saved["cabo_p"]
            self.params.cabo_p = {k: p for k in ("official", "caller", "hut", "single")}

    def _round(self, obs) -> None:
        if obs.round_no != self.round_no:
            self.round_no = obs.round_no
            self.memory = {}
            p = self.rng.uniform(*self.cabo_range)
            self.params.cabo_p = {k: p for k in ("official", "caller", "hut", "single")}

    def view(self, obs):
        self._round(obs)
        v = from_obs(obs)
        known = set()
        for o, row in enumerate(v.cards):
            for i, c in enumerate(row):
                if c is None or c < 0:
                    continue
                known.add(c)
                until = self.memory.get(c)
                if until is None:
                    until = self.memory[c] = obs.step + self.rng.randint(*self.memory_steps)
                if obs.step > until:
                    row[i] = UNKNOWN
        for c in [c for c in self.memory if c not in known]:
            del self.memory[c]
        return v

    def react(self, obs, legal):
        action = super().react(obs, legal)
        target = obs.match_target
        if action is not None or target is None or target == self.tried:
            return action
        self.tried = target
        if self.rng.random() >= self.misremember:
            return None
        values = self.view(obs).values
        for i, cell in enumerate(obs.own()):
            if cell is not None and cell[0] is not None and cell[0] in self.memory \
                    and abs(values[cell[0]] - values[target]) <= 1 \
                    and obs.step > self.memory[cell[0]]:
                guess = Match(obs.seat, obs.seat, i)
                return guess if permits(legal, guess) else None
        return None
