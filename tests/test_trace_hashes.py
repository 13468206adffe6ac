"""Golden trace hashes: every move of every bot level, pinned.

Seeded games under all five presets with 2 and 4 players; a SHA-256 of every move (and of
the final state) per level is compared with the digest recorded when the test was written.
A change that alters any move of easy, medium, hard or the hint, hard's search scores, or a
rollout (the search's own policy step on the State) fails here. A change that is meant to
play differently must say so and record the new digests (run this file with
`CABO_PRINT_TRACES=1` to print them).
"""

from __future__ import annotations

import hashlib
import json
import os
import random

import pytest

from cabo import PRESETS
from cabo.game.actions import EndGame, NextRound
from cabo.bots import Bot, make_bot
from cabo.bots.hard import HardBot
from cabo.bots.hint import suggest
from cabo.bots.policy import MEDIUM, Params
from cabo.bots.rollout import play_out
from cabo.bots.worlds import deal_world
from cabo.game.engine import apply, legal_actions, new_game, to_move
from cabo.game.matching import reacting_seats
from cabo.game.observation import observe

PLAYERS = (2, 4)
SEEDS = (1, 2, 3)
HARD_SIMULATIONS = 40     # few rollouts per searched decision: the moves, not the strength
HARD_DECISIONS = 16       # searched decisions recorded per game
HINT_SIMULATIONS = 16
HINT_DECISIONS = 10


class Recorder:
    """A SHA-256 over lines of text; `lines` counts them (the test has something to pin)."""

    def __init__(self):
        self.sha = hashlib.sha256()
        self.lines = 0

    def add(self, *parts) -> None:
        self.sha.update((" ".join(str(p) for p in parts) + "\n").encode())
        self.lines += 1

    def digest(self) -> str:
        return self.sha.hexdigest()[:16]


def _play(rules, n, seed, bots, rec, rounds=2, before_choose=None):
    """Play `rounds` rounds (the host ends a host-ended game after them); record every move."""
    state = new_game(rules, n, seed)
    while not state.game_over:
        if state.phase == "round_over":
            if state.round_no >= rounds:
                break
            action = EndGame(0) if rules.game_end == "host" else NextRound(0)
            apply(state, action)
            for bot in bots:
                bot.new_round()
            rec.add("next", action)
            continue
        action = None
        for seat in reacting_seats(state):
            action = bots[seat].react(observe(state, seat), legal_actions(state, seat))
            if action is not None:
                break
        if action is None:
            seat = to_move(state)[0]
            obs, legal = observe(state, seat), legal_actions(state, seat)
            if before_choose is not None:
                before_choose(obs, legal)
            action = bots[seat].choose(obs, legal)
        rec.add(state.step, repr(action))
        apply(state, action)
    rec.add(json.dumps(state.to_dict(), sort_keys=True))
    return state


def trace(kind: str, preset: str, n: int) -> tuple:
    """(digest, lines recorded) of one kind of trace, over SEEDS games."""
    rec = Recorder()
    for seed in SEEDS:
        _trace(kind, PRESETS[preset], n, 11 * seed + 7 * n, rec)
    return rec.digest(), rec.lines


def _trace(kind, rules, n, seed, rec) -> None:
    if kind in ("easy", "medium"):
        bots = [make_bot(kind, seed * 31 + s) for s in range(n)]
        _play(rules, n, seed, bots, rec, rounds=3)
    elif kind == "hard":
        hard = HardBot(seed, simulations=HARD_SIMULATIONS)
        searched = []

        class Recording(Bot):
            def choose(self, obs, legal):
                if len(searched) >= HARD_DECISIONS:
                    return make_bot("medium", 0).choose(obs, legal)
                action = hard.choose(obs, legal)
                if hard.last_scores is not None:
                    searched.append(1)
                    rec.add("scores", hard.last_steps, hard.last_worlds,
                            [(f"{s:.9f}", repr(a)) for s, a in hard.last_scores])
                return action

            def react(self, obs, legal):
                return hard.react(obs, legal)

        bots = [Recording(0)] + [make_bot("medium", seed * 31 + s) for s in range(1, n)]
        _play(rules, n, seed, bots, rec, rounds=2)
        assert searched, "no searched decision: the trace pins nothing of the search"
    elif kind == "hint":
        asked = []

        def hint(obs, legal):
            if obs.seat == 0 and len(asked) < HINT_DECISIONS:
                asked.append(1)
                action, code = suggest(obs, legal, seed=obs.step, simulations=HINT_SIMULATIONS)
                rec.add("hint", repr(action), code)

        bots = [make_bot("medium", seed * 31 + s) for s in range(n)]
        _play(rules, n, seed, bots, rec, rounds=1, before_choose=hint)
    elif kind == "rollout":
        # the search's policy step on the State, with the tuned and an odd parameter set
        odd = Params(info_bonus=3.0, peek_value=0.5, spy_value=5.0, swap_margin=-1.0,
                     take_margin=2.0, improve=-0.5, late_turns=6, late_relax=0.15,
                     cabo_p={"official": 0.9, "caller": 0.2, "hut": 0.8, "single": 0.1})
        bots = [make_bot("medium", seed * 31 + s) for s in range(n)]
        worlds = []
        _play(rules, n, seed, bots, rec, rounds=1,
              before_choose=lambda obs, legal: worlds.append(obs))
        rng = random.Random(seed)
        for obs in worlds[::2]:
            for prm in (MEDIUM, odd):
                world = deal_world(obs, rng)
                finished = play_out(world, prm, 60, own=(obs.seat, odd))
                rec.add(finished, json.dumps(world.to_dict(), sort_keys=True))


# (kind, preset, players) -> first 16 hex digits of the SHA-256, recorded at main 602757c
EXPECTED = {
    ("easy", "hut", 2): "55a936afaedbdd11",
    ("easy", "hut", 4): "7920a5d5f68f4a7b",
    ("easy", "official", 2): "6e029bad0e55bbaf",
    ("easy", "official", 4): "85a2dd9e0e6f866c",
    ("easy", "party", 2): "78800d47e1790df4",
    ("easy", "party", 4): "8e9bfb3bb5c02a93",
    ("easy", "single", 2): "1489165de28695f4",
    ("easy", "single", 4): "0ccc0b3c676f719c",
    ("easy", "standard52", 2): "7a97e563d103e1eb",
    ("easy", "standard52", 4): "08935df56d42a0b0",
    ("medium", "hut", 2): "450b4f1ed38641cc",
    ("medium", "hut", 4): "398205b0a4a52e34",
    ("medium", "official", 2): "05abca552ae169fa",
    ("medium", "official", 4): "64895acfade23629",
    ("medium", "party", 2): "9e1863ed43058cc4",
    ("medium", "party", 4): "ab4bc9d387a0fb22",
    ("medium", "single", 2): "9b532db5f577e84b",
    ("medium", "single", 4): "249a01e8e5bc0778",
    ("medium", "standard52", 2): "f10a89f80be6d438",
    ("medium", "standard52", 4): "8a00bde2fdf81e3f",
    ("hard", "hut", 2): "1b74a24e9540970d",
    ("hard", "hut", 4): "7b2477c97e10ec13",
    ("hard", "official", 2): "ab088853025e375f",
    ("hard", "official", 4): "ad18e36b491b67a6",
    ("hard", "party", 2): "2cb218b5d415211e",
    ("hard", "party", 4): "d2bc6ec9cc8309ea",
    ("hard", "single", 2): "a83718b43569c8eb",
    ("hard", "single", 4): "1f8882dea712bafc",
    ("hard", "standard52", 2): "8882c2e88f9866d7",
    ("hard", "standard52", 4): "291752eedf51e835",
    ("hint", "hut", 2): "c73a111f894832bd",
    ("hint", "hut", 4): "9c5357f2c80c7c27",
    ("hint", "official", 2): "30dc7d98722bec0a",
    ("hint", "official", 4): "73b973e3a2d525be",
    ("hint", "party", 2): "2a97272201b9c167",
    ("hint", "party", 4): "d337001db66b11c6",
    ("hint", "single", 2): "d355dcdba0c3e467",
    ("hint", "single", 4): "f86ccbbeac134d65",
    ("hint", "standard52", 2): "bd0479803a51af80",
    ("hint", "standard52", 4): "ce5d0256ab651d2c",
    ("rollout", "hut", 2): "bdd39be9ae822a49",
    ("rollout", "hut", 4): "c4c062144cd7a669",
    ("rollout", "official", 2): "f617778faf586605",
    ("rollout", "official", 4): "47ab6c1f3db9e2cd",
    ("rollout", "party", 2): "e9f18063954441a3",
    ("rollout", "party", 4): "d9103149b88b09ec",
    ("rollout", "single", 2): "6ced0df0ef222b23",
    ("rollout", "single", 4): "c4055c721466646c",
    ("rollout", "standard52", 2): "e245d01e68ea8804",
    ("rollout", "standard52", 4): "42f5fa80ac1fcd4b",
}

CASES = [(kind, preset, n) for kind in ("easy", "medium", "hard", "hint", "rollout")
         for preset in sorted(PRESETS) for n in PLAYERS]


@pytest.mark.parametrize("kind,preset,n", CASES)
def test_every_bot_move_is_pinned(kind, preset, n):
    digest, lines = trace(kind, preset, n)
    if os.environ.get("CABO_PRINT_TRACES"):
        print(f'\n    ("{kind}", "{preset}", {n}): "{digest}",')
    assert lines > 10
    assert digest == EXPECTED[(kind, preset, n)], (kind, preset, n, digest)
