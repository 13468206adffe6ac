"""Engine and bot speed.

    python -m cabo.bench                 # random self-play rounds/s, bot decision times
    python -m cabo.bench --json --seconds 5
    python -m cabo.bench --engine        # the engine figures only (no bot decisions)
    python -m cabo.bench --levels hard --players 2,3,4 --rounds 6

For the hard bot it also gives the search budget used per decision in engine steps (the
budget is a step count, never time: `HardBot.last_steps`, 0 for an unsearched decision);
in-page thinking is measured by `python -m tools.bench_thinking`.

Random self-play is the raw engine: every step the seat the game waits for plays a uniformly
random own move (`own_actions`: no off-turn matches), the host deals the next round, and a
finished game is replaced by a new one; a round counts when it is scored.

Long-round random play (`long_round_turns_per_second`) is the comparison of issue 12 with a
rules-only engine: official rules, 2 players, through the public path (`own_actions` +
`apply`, strict checks and events included): at the start of a turn Cabo with p = 0.05 when
allowed, else deck or discard 50/50; a card drawn from the deck is placed or discarded 50/50;
a placement names one slot, uniformly; every other decision (peeks, powers) is uniform over the
own moves. Rounds last about 20 turns. A turn is a DrawDeck, TakeDiscard or CallCabo.

The same play with `apply_trusted` (no checks: the search's path) is reported next to it.

Also measured, in CPU µs: `State.clone()`, dealing a search world and cloning it, a medium
rollout (`bots.rollout.play_out` from a clone of a mid-round state to the round's end; as the
search plays it, with `apply_trusted`, and with the strict `apply` for comparison), and
`legal_actions` for a seat holding 4, 10 or 30 cards (official: a drawn card in hand; party 4
players: an off-turn seat, matches and pair discards). Decision times are those of `choose`
in official games of each level at seat 0 against the medium bot (`--players 2,3,4`: 2
players unless asked; hard's budget shrinks with more players). Rates and times are given per
wall-clock second and per CPU second of this process: the latter hardly
depends on other load on the machine.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from cabo.game.actions import CallCabo, Discard, DrawDeck, NextRound, Several
from cabo.bots import make_bot
from cabo.play.arena import percentile
from cabo.game.engine import apply, apply_trusted, legal_actions, new_game, own_actions, to_move
from cabo.game.observation import observe
from cabo.game.rules import PRESETS
from cabo.play.driver import Driver, round_over

LEVELS = ("random", "greedy", "easy", "medium", "hard")


def random_rounds_per_second(rules_name: str, n: int, seconds: float, seed: int = 1) -> tuple:
    """Scored rounds per second of uniformly random play: (per wall second, per CPU second).
    Every step the seat the game waits for plays a uniformly random own move (a `Several`
    family: a random member); the host deals the next round, a finished game is replaced by
    a new one; a round counts when it is scored."""
    rules = PRESETS[rules_name]
    rng = random.Random(seed)
    rand = rng.random
    rounds = game = 0
    state = new_game(rules, n, seed)
    t0, c0 = time.perf_counter(), time.process_time()
    deadline = t0 + seconds
    while True:
        phase = state.phase
        if phase == "round_over":
            rounds += 1
            if rounds % 64 == 0 and time.perf_counter() > deadline:
                break
            apply(state, NextRound(0))
        elif phase == "game_over":
            rounds += 1
            game += 1
            state = new_game(rules, n, seed + game)
        else:
            moves = own_actions(state, to_move(state)[0])
            move = moves[int(rand() * len(moves))]
            apply(state, move.sample(rng) if type(move) is Several else move)
    return rounds / (time.perf_counter() - t0), rounds / (time.process_time() - c0)


def long_round_turns_per_second(seconds: float, seed: int = 1, trusted: bool = False) -> dict:
    """Turns and rounds per second of long-round random play, official rules, 2 players
    (`trusted`: the moves are applied with `apply_trusted` instead of the strict `apply`)."""
    turns, rounds, _, wall, cpu = _long_round_play(seconds, seed, trusted)
    return {"turns_per_s": round(turns / wall), "turns_per_cpu_s": round(turns / cpu),
            "rounds_per_s": round(rounds / wall), "turns_per_round": round(turns / rounds, 1)}


def _long_round_play(seconds: float, seed: int = 1, trusted: bool = False,
                     max_rounds: int | None = None) -> tuple:
    """The loop of `long_round_turns_per_second`, and the one implementation of the long-round
    policy (the module docstring): (turns, rounds, last state, wall s, CPU s). Every step
    asks `own_actions` of the seat to move and applies the move (strict `apply` unless
    `trusted`). The policy reads the moves' stable order: DrawDeck, TakeDiscard, CallCabo at a
    turn's start (each where allowed); the one-slot Replace actions, the multi-replace family,
    Discard with a card. At a turn's start and with a drawn card the seat to move is
    `state.current`, the player on turn, read directly as a driver that deals the turns knows
    it (cabo-rl's loop passes `who`); elsewhere `to_move` says. `max_rounds`: stop after that
    many rounds instead (tests)."""
    step = apply_trusted if trusted else apply
    rules = PRESETS["official"]
    rng = random.Random(seed)
    rand = rng.random
    turns = rounds = game = 0
    state = new_game(rules, 2, seed)
    t0, c0 = time.perf_counter(), time.process_time()
    deadline = t0 + seconds
    while True:
        phase = state.phase
        if phase == "turn":  # (official rules: no matching, so nobody ever owes a card)
            turns += 1
            moves = own_actions(state, state.current)
            move = moves[-1]
            if type(move) is CallCabo:  # (Cabo with p = 0.05, else deck or discard 50/50)
                if not (rand() < 0.05 or len(moves) == 1):
                    move = (moves[1] if rand() < 0.5 else moves[0]) if len(moves) == 3 \
                        else moves[0]
            elif len(moves) == 2:
                move = moves[1] if rand() < 0.5 else moves[0]
        elif phase == "drawn":
            moves = own_actions(state, state.current)
            move = moves[-1]  # (discard with p = 0.5, else a uniform one-slot place)
            if not (type(move) is Discard and rand() < 0.5):
                singles = len(moves) - 1 if type(move) is Discard else len(moves)
                if singles and type(moves[singles - 1]) is Several:
                    singles -= 1
                if singles:
                    move = moves[int(rand() * singles)]
        elif phase == "round_over":
            rounds += 1
            if max_rounds is None:
                if rounds % 16 == 0 and time.perf_counter() > deadline:
                    break
            elif rounds >= max_rounds:
                break
            apply(state, NextRound(0))
            continue
        elif phase == "game_over":
            rounds += 1
            game += 1
            state = new_game(rules, 2, seed + game)
            continue
        else:  # (peeks, powers, an owed card: uniform over the own moves)
            moves = own_actions(state, to_move(state)[0])
            move = moves[int(rand() * len(moves))]
        step(state, move)
    return turns, rounds, state, time.perf_counter() - t0, time.process_time() - c0


def _mid_round_states(rules_name: str, n: int, count: int, seed: int = 5) -> list:
    """`count` states at a turn start of medium self-play (copies), for clone/rollout timing."""
    from cabo.bots.knowledge import from_state
    from cabo.bots.policy import decide
    rules = PRESETS[rules_name]
    out = []
    game = 0
    while len(out) < count:
        state = new_game(rules, n, seed + game)
        game += 1
        while not round_over(state) and len(out) < count:
            seat = to_move(state)[0]
            if state.phase == "turn" and state.step % 3 == 0:
                out.append(state.clone())
            apply(state, decide(from_state(state, seat), own_actions(state, seat)))
    return out


def _per_call_us(fn, items, repeat: int) -> float:
    """Median over `repeat` passes of the mean CPU µs of fn(item) over `items` (CPU time of
    this process: hardly affected by other load on the machine)."""
    times = []
    for _ in range(repeat):
        t0 = time.process_time()
        for item in items:
            fn(item)
        times.append((time.process_time() - t0) / len(items) * 1e6)
    times.sort()
    return times[len(times) // 2]


def clone_and_rollout_us(states: int = 200, repeat: int = 5) -> dict:
    """µs per `State.clone()` and per medium rollout to the round's end (official 2p, party
    4p), from mid-round states of medium self-play. The pool's states are clones that have
    not drawn yet (their clones share the generator state); `clone_live_rng_us` clones states
    whose generator is in use (a played game: the state is copied). `deal_world_us`: the hard
    bot's world for the seat to move (bots.worlds.deal_world), and `clone_world_us` a clone of
    such a world, made once per candidate of a search."""
    from cabo.bots.rollout import play_out
    from cabo.bots.worlds import deal_world
    out = {}
    for name, n in (("official", 2), ("party", 4)):
        pool = _mid_round_states(name, n, states)
        out[f"clone_us/{name}/{n}p"] = round(_per_call_us(lambda s: s.clone(), pool, repeat), 2)
        live = [s.clone() for s in pool]
        for s in live:
            s.rng.random()  # (a generator in use: clone() must copy its state)
        out[f"clone_live_rng_us/{name}/{n}p"] = round(
            _per_call_us(lambda s: s.clone(), live, repeat), 2)
        views = [observe(s, to_move(s)[0]) for s in pool]
        rng = random.Random(7)
        out[f"deal_world_us/{name}/{n}p"] = round(
            _per_call_us(lambda o: deal_world(o, rng), views, repeat), 2)
        dealt = [deal_world(o, rng) for o in views]
        out[f"clone_world_us/{name}/{n}p"] = round(
            _per_call_us(lambda w: w.clone(), dealt, repeat), 2)
        passes = {True: [], False: []}  # (alternated: neither gets the warm caches first)
        for k in range(2 * max(1, repeat // 2)):
            trusted = k % 2 == 0 if k % 4 < 2 else k % 2 == 1
            passes[trusted].append(_per_call_us(
                lambda s: play_out(s.clone(), trusted=trusted), pool, 1))
        for trusted, key in ((True, "rollout_us"), (False, "rollout_strict_us")):
            times = sorted(passes[trusted])
            out[f"{key}/{name}/{n}p"] = round(times[len(times) // 2], 1)
    return out


def big_hand_state(rules_name: str, n: int, cards: int, drawn: bool, seed: int = 3):
    """A state where seat 0 holds `cards` cards (taken from the deck); with `drawn`, seat 0 is
    on turn with a card drawn, else seat 1 is on turn (seat 0 may only match)."""
    state = new_game(PRESETS[rules_name], n, seed)
    for seat in state.seats:
        apply(state, own_actions(state, seat)[0])
    extra = cards - len(state.hands[0])
    for _ in range(extra):
        state.hands[0].append(state.deck.pop())
        state.known[0].append(0)
    if drawn:
        state.current = 0
        apply(state, DrawDeck(0))
    else:
        state.current = 1
    return state


def legal_actions_us(repeat: int = 7, calls: int = 300) -> dict:
    """µs per `legal_actions` call for a seat holding 4, 10 or 30 cards."""
    out = {}
    for cards in (4, 10, 30):
        for name, n, drawn in (("official", 2, True), ("party", 4, False)):
            state = big_hand_state(name, n, cards, drawn)
            key = f"legal_us/{name}/{n}p/{'drawn' if drawn else 'off_turn'}/{cards}"
            out[key] = round(_per_call_us(lambda s: legal_actions(s, 0), [state] * calls,
                                          repeat), 2)
            out[key.replace("legal_us", "legal_len")] = len(legal_actions(state, 0))
    return out


def _bot_decisions(bots_of, rounds: int, seed: int, players: int, preset: str = "official"):
    """The decisions of games of bots until `rounds` rounds are played: yields (state, seat,
    bots) for the bot the game waits for, which the caller plays (`apply`) before the next;
    the table's driver plays the bots' off-turn moves, and deals the next round at a round's
    end. `bots_of(game_seed)` makes a game's bots, one per seat."""
    rules = PRESETS[preset]
    played = game = 0
    while played < rounds:
        bots = bots_of(seed + game)
        driver = Driver(new_game(rules, players, seed + game), dict(enumerate(bots)))
        state = driver.state
        game += 1
        while not state.game_over and played < rounds:
            if state.phase == "round_over":
                played += 1
                driver.act(NextRound(0))
                continue
            action = driver.off_turn_action()
            if action is not None:
                driver.act(action)
                continue
            yield state, driver.waiting_bot(), bots


def decision_times(level: str, rounds: int, seed: int = 1, players: int = 2) -> dict:
    """choose() wall and CPU milliseconds (p50, p95) of `level` at seat 0 against medium at
    every other seat, official rules, `players` players."""
    wall, cpu, steps = [], [], []

    def bots_of(s):
        return [make_bot(level, s)] + [make_bot("medium", s + k) for k in range(1, players)]

    for state, seat, bots in _bot_decisions(bots_of, rounds, seed, players):
        obs, legal = observe(state, seat), legal_actions(state, seat)
        if seat == 0:
            w0, c0 = time.perf_counter(), time.process_time()
            action = bots[0].choose(obs, legal)
            cpu.append((time.process_time() - c0) * 1000)
            wall.append((time.perf_counter() - w0) * 1000)
            steps.append(getattr(bots[0], "last_steps", 0))
        else:
            action = bots[seat].choose(obs, legal)
        apply(state, action)
    searched = [k for k in steps if k > 0]
    return {"decisions": len(wall),
            "searched": len(searched),
            "steps_p50": percentile(steps, 0.5), "steps_p95": percentile(steps, 0.95),
            "searched_steps_p50": percentile(searched, 0.5),
            "wall_ms_p50": round(percentile(wall, 0.5), 3),
            "wall_ms_p95": round(percentile(wall, 0.95), 3),
            "cpu_ms_p50": round(percentile(cpu, 0.5), 3),
            "cpu_ms_p95": round(percentile(cpu, 0.95), 3)}


def think_gaps(rounds: int, seed: int = 1, players: int = 3, preset: str = "official") -> dict:
    """CPU milliseconds between two yields of the hard bot's `think` (the work a page's
    thinking slice cannot cut: its clock is read at each yield), every seat a hard bot,
    `rounds` rounds. Under CPython; the page's Python is several times slower."""
    gaps = []
    decisions = 0
    clock = time.process_time

    def bots_of(s):
        return [make_bot("hard", s + k) for k in range(players)]

    for state, seat, bots in _bot_decisions(bots_of, rounds, seed, players, preset):
        thinking = bots[seat].think(observe(state, seat), legal_actions(state, seat))
        decisions += 1
        last = clock()
        while True:
            try:
                next(thinking)
            except StopIteration as done:
                action = done.value
                break
            now = clock()
            gaps.append((now - last) * 1000)
            last = now
        gaps.append((clock() - last) * 1000)
        apply(state, action)
    return {"decisions": decisions, "gaps": len(gaps),
            "gap_cpu_ms_p50": round(percentile(gaps, 0.5), 3),
            "gap_cpu_ms_p99": round(percentile(gaps, 0.99), 3),
            "gap_cpu_ms_max": round(max(gaps), 3)}


def main(argv=None):
    parser = argparse.ArgumentParser(description="Cabo engine and bot speed.")
    parser.add_argument("--seconds", type=float, default=3.0, help="per random self-play run")
    parser.add_argument("--rounds", type=int, default=30, help="rounds per level for timing")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--engine", action="store_true", help="engine figures only")
    parser.add_argument("--gaps", type=int, default=0, metavar="ROUNDS",
                        help="only the hard bot's CPU time between two yields of its thinking, "
                             "over this many rounds of 3 hard bots")
    parser.add_argument("--players", default="2",
                        help="player counts for the decision timing, comma-separated (2,3,4)")
    args = parser.parse_args(argv)
    if args.gaps:
        gaps = think_gaps(args.gaps)
        print(json.dumps(gaps, indent=1) if args.json else
              f"hard bot thinking, 3 hard bots, {args.gaps} rounds: {gaps['decisions']} "
              f"decisions, {gaps['gaps']} stretches between yields, CPU ms p50 "
              f"{gaps['gap_cpu_ms_p50']}, p99 {gaps['gap_cpu_ms_p99']}, longest "
              f"{gaps['gap_cpu_ms_max']}")
        return
    result = {"random_rounds_per_s": {}, "decision_ms": {}}
    long = long_round_turns_per_second(args.seconds)
    result["long_round_official_2p"] = long
    if not args.json:
        print(f"long-round random official 2p: {long['turns_per_s']:8} turns/s "
              f"({long['turns_per_cpu_s']} per CPU second), {long['rounds_per_s']} rounds/s, "
              f"{long['turns_per_round']} turns/round")
    trusted = long_round_turns_per_second(args.seconds, trusted=True)
    result["long_round_official_2p_trusted"] = trusted
    if not args.json:
        print(f"  the same with apply_trusted:  {trusted['turns_per_s']:8} turns/s "
              f"({trusted['turns_per_cpu_s']} per CPU second)")
    for rules_name in ("official", "party"):
        for n in (2, 4):
            wall, cpu = random_rounds_per_second(rules_name, n, args.seconds)
            result["random_rounds_per_s"][f"{rules_name}/{n}p"] = {
                "wall": round(wall), "cpu": round(cpu)}
            if not args.json:
                print(f"random self-play {rules_name:8} {n}p: {wall:8.0f} rounds/s "
                      f"({cpu:.0f} per CPU second)")
    timing = clone_and_rollout_us()
    timing.update(legal_actions_us())
    result["engine_us"] = timing
    if not args.json:
        for key, value in timing.items():
            print(f"{key:40} {value:10}")
    timed = [] if args.engine else [(level, int(n)) for n in args.players.split(",")
                                     for level in args.levels.split(",") if level]
    for level, players in timed:
        d = decision_times(level, args.rounds, players=players)
        result["decision_ms"][level if players == 2 else f"{level}/{players}p"] = d
        if not args.json:
            label = level if players == 2 else f"{level} {players}p"
            print(f"{label:7} decisions {d['decisions']:5}  wall p50 {d['wall_ms_p50']:8.3f} ms  "
                  f"p95 {d['wall_ms_p95']:8.3f} ms   cpu p50 {d['cpu_ms_p50']:8.3f} ms  "
                  f"p95 {d['cpu_ms_p95']:8.3f} ms")
            if d["searched"]:
                print(f"{'':7} searched {d['searched']:5}  budget steps per decision p50 "
                      f"{d['steps_p50']}, p95 {d['steps_p95']} (searched ones: p50 "
                      f"{d['searched_steps_p50']})")
    if args.json:
        print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
