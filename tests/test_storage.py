"""Stored values are outside input: every kind of damage ends in a readable problem (never an
exception, never a hang), a good save resumes exactly, bots play on as if nothing happened.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cabo import PRESETS, apply, budget, new_game
from cabo.game.actions import Several
from cabo.i18n import Texts
from cabo.play.logschema import EVENTS, LOG_ENTRY, check_log
from cabo.schema import Int, Invalid, List, Map, Record, Str, depth, parse
from cabo.play.session import NAME_MAX, SaveError, Session
from cabo.ui import storage
from cabo.ui.table import Table
from cabo.web import render

from damage import DAMAGE, LOADS, real_save, real_session
from invariants import host_action, random_action

T = Texts("en")


def first_screen(text):
    """What the page does at start-up with a saved game: Session, Table, first screen."""
    table = Table(Session.from_json(text), T)
    view = table.view()
    render.table(view, T, True) if view["screen"] == "table" else render.handoff(view)
    table.bot_task()
    return table


def load(text):
    return storage.load(storage.STORED["game"], text, first_screen)


@pytest.fixture(scope="module")
def save():
    return real_save(preset="party", levels=("easy", "hard"), person_moves=8)


@pytest.mark.parametrize("name", list(DAMAGE))
def test_every_kind_of_damage_gives_a_problem_not_an_exception(save, name):
    text = DAMAGE[name](copy.deepcopy(save))
    table, problem = load(text)
    if name in LOADS:
        assert problem is None and table is not None
        return
    if name == "24 cards and a drawn card" and problem is None:
        return  # the engine lists its moves quickly (issue 12): a legal game, loaded
    assert table is None and problem is not None, name
    assert problem.key in ("save_bad", "save_old")
    assert len(problem.reason) <= storage.REASON_CHARS
    assert "xxxxxxxxxx" not in problem.reason and "NNNNNNNNNN" not in problem.reason
    message = storage.notice(problem, True, T)
    assert message.startswith(T(problem.key, reason=problem.reason)[:20])


def test_other_versions_are_named_as_such(save):
    for schema in (0, 1, 99):
        _, problem = load(DAMAGE["older schema"](dict(save, schema=schema)))
        assert problem.key == "save_old"


def test_a_good_save_resumes_exactly(save):
    table, problem = load(json.dumps(save))
    assert problem is None and json.loads(table.session.to_json()) == save


def test_work_past_the_budget_is_a_problem_and_the_value_is_not_used(save):
    text = json.dumps(save)
    with budget.steps(budget.START_STEPS) as used:
        first_screen(text)
    assert used[0] < budget.START_STEPS // 10  # a normal start uses a small part of it
    table, problem = storage.load(storage.STORED["game"], text, first_screen, limit=used[0] // 2)
    assert table is None and problem.reason == "loading it did not finish in time"


def test_depth_is_measured_without_parsing_and_strings_do_not_count():
    assert depth('[[["[[[[", {"a": "}}}"}]]]') == 4
    assert depth("[" * 100_000) == 100_000
    with pytest.raises(Invalid, match="nested too deeply"):
        parse("[" * 100_000 + "]" * 100_000, List(List(Str(1), 1), 1))


def test_messages_name_the_place_of_the_damage():
    schema = Record({"rows": List(Record({"a": List(Int(0, 5), 9)}), 3),
                     "names": Map(Int(0, 5), 4)})
    for value, where, message in [
            ({"rows": [{"a": [1, 2]}, {"a": [1, 7]}], "names": {}}, "x",
             "x.rows[1].a[1]: a number out of range (0..5)"),
            ({"rows": [{"a": [1, True]}], "names": {}}, "",
             "rows[0].a[1]: expected a whole number, found true/false"),
            ({"rows": [], "names": {"k" * 70: 1}}, "",
             "names: a key: text longer than 64 characters"),
            ({"rows": [], "names": {"k": -1}}, "x", "x.names.k: a number out of range (0..5)"),
            ([], "", "the value: expected an object, found a list")]:
        with pytest.raises(Invalid) as caught:
            schema.check(value, where)
        assert str(caught.value) == message


def test_messages_never_repeat_the_stored_value():
    schema = Record({"name": Str(5)})
    with pytest.raises(Invalid) as info:
        schema.check({"name": "secret" * 1000})
    assert "secret" not in str(info.value)
    _, problem = load("x" * 3_000_000)
    assert "xxx" not in problem.reason and len(problem.reason) <= storage.REASON_CHARS


def test_the_message_says_whether_the_backup_was_kept():
    problem = storage.Problem("save_bad", "a reason")
    assert storage.notice(problem, True, T).endswith(T("backup_kept"))
    assert storage.notice(problem, False, T).endswith(T("backup_failed"))
    assert T("backup_kept") not in storage.notice(problem, False, T)


def test_names_are_limited_where_they_are_loaded(save):
    for length, ok in ((NAME_MAX, True), (NAME_MAX + 1, False)):
        d = copy.deepcopy(save)
        d["seats"][0]["name"] = "W" * length
        assert (load(json.dumps(d))[1] is None) == ok


def test_settings_are_read_through_the_same_path():
    assert storage.load_settings('{"speed": "fast"}') == {"speed": "fast"}
    for bad in ("[" * 50_000, "{", '"x"', '{"players": ' + "[" * 30 + "]" * 30 + "}"):
        value, problem = storage.load(storage.STORED["settings"], bad, storage.read_settings)
        assert value is None and problem.key == "settings_bad"


# -- random mutations of real saves ---------------------------------------------------------
SAVES = [real_save(preset=p, levels=lv, seed=s, person_moves=m) for p, lv, s, m in (
    ("official", ("easy", "medium"), 3, 5), ("party", ("hard", "easy", "random"), 4, 12),
    ("standard52", ("greedy",), 8, 30), ("single", ("easy", "easy"), 2, 9))]


def _paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, path + (i,))


def _get(node, path):
    for key in path:
        node = node[key]
    return node


REPLACEMENTS = [None, True, 0, -1, 7, 2**40, 1.5, "", "x", [], {}, [0], {"kind": "draw"}]


@st.composite
def mutated(draw):
    d = copy.deepcopy(draw(st.sampled_from(SAVES)))
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(d))[1:]
        path = draw(st.sampled_from(paths))
        parent, key = _get(d, path[:-1]), path[-1]
        value = parent[key]
        kind = draw(st.sampled_from(("drop", "retype", "duplicate", "deepen", "enlarge")))
        if kind == "drop":
            del parent[key]
        elif kind == "retype":
            parent[key] = draw(st.sampled_from(REPLACEMENTS))
        elif kind == "duplicate":
            if isinstance(parent, list):
                parent.insert(key, copy.deepcopy(value))
            else:
                other = draw(st.sampled_from(paths))
                parent[key] = copy.deepcopy(_get(d, other)) if other[:len(path)] != path \
                    else value
        elif kind == "deepen":
            for _ in range(draw(st.integers(1, 40))):
                value = [value] if draw(st.booleans()) else {"k": value}
            parent[key] = value
        else:
            times = draw(st.sampled_from((2, 30, 3000)))
            # enlarging an enlarged value again would build gigabytes: keep each one below
            # what a browser's storage could hold (the loader refuses it by size anyway)
            while times > 2 and len(json.dumps(value)) * times > 8_000_000:
                times //= 10
            if isinstance(value, list):
                parent[key] = (value or [0]) * times
            elif isinstance(value, str):
                parent[key] = (value or "a") * times
            elif isinstance(value, int) and not isinstance(value, bool):
                parent[key] = value * times + times
            else:
                parent[key] = [value] * times
    return json.dumps(d)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_random_mutations_of_real_saves_never_raise_and_stay_in_the_budget(text):
    """Any mutation loads (the damage was harmless) or is refused as damaged, quickly: the
    whole start-up runs under the step budget, and running it out would count as a failure
    here (a damaged save is caught by its schema, not by the budget)."""
    try:
        with budget.steps(budget.START_STEPS):
            first_screen(text)
    except SaveError:
        pass
    table, problem = load(text)  # the page's path: never raises
    assert (table is None) != (problem is None)
    if problem is not None:
        assert len(problem.reason) <= storage.REASON_CHARS


# -- bots: a reload never changes a move ----------------------------------------------------
def _play(session, moves, reload_every=None):
    """Play `moves` steps as the page does (bot tasks in pacing order, the person's move
    picked by the game step); reload from JSON every `reload_every` steps. Returns the log.
    The clock reads 2 s per game step: the person's claims come long after any change
    (cabo.play.claims), as at a person's pace, and a reload reads the same times."""
    table = Table(session, T, "instant")
    table.clock = lambda: table.session.state.step * 2000
    session.time_by(table.clock)
    for step in range(moves):
        if reload_every and step and step % reload_every == 0:
            table = Table(Session.from_json(table.session.to_json()), T, "instant")
            table.clock = lambda: table.session.state.step * 2000
            table.session.time_by(table.clock)
        s = table.session
        if s.state.phase == "game_over":
            break
        if s.state.phase == "round_over":
            s.next_round()
            continue
        task = table.bot_task()
        if task is not None:
            table.run_bot_task(task[1], task[2])
            continue
        legal = [a for a in table.legal() if not isinstance(a, Several)]  # concrete moves
        if not legal:
            break
        table.act(legal[s.state.step % len(legal)])
    return [e["public"] for e in table.session.log]


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard", "greedy"])
def test_save_load_continue_gives_the_same_moves_for_every_bot_level(level):
    moves = 50 if level == "hard" else 150  # the hard bot searches: fewer moves, same checks
    for preset in ("official", "party"):
        session = real_session(preset=preset, levels=(level, level), seed=11, person_moves=0)
        twin = Session.from_json(session.to_json())
        plain = _play(session, moves)
        reloaded = _play(twin, moves, reload_every=3)
        assert len(plain) > 30
        assert reloaded == plain


def test_the_easy_bots_memory_and_mood_are_saved():
    s = real_session(preset="official", levels=("easy", "easy"), seed=2, person_moves=4)
    bot = s.bots[1]
    assert bot.memory and bot.round_no is not None
    loaded = Session.from_json(s.to_json()).bots[1]
    assert loaded.memory == bot.memory and loaded.params.cabo_p == bot.params.cabo_p
    assert loaded.rng.getstate() == bot.rng.getstate() and loaded.tried == bot.tried


# -- the look at cards ------------------------------------------------------------------------
def test_a_reload_during_a_look_shows_the_cards_again_for_the_time_left():
    s = real_session(preset="official", levels=("easy",), seed=4, person_moves=0)
    table = Table(s, T)
    legal = table.legal()
    table.act(legal[0])  # the initial peek: two cards face up for a moment
    faces = [c["face"] for p in table.view()["players"] for c in p["slots"] if p["me"]]
    assert sum(f is not None for f in faces) == 2
    table.keep_look(1234)
    again = Table(Session.from_json(table.session.to_json()), T)
    assert again.look_ms == 1234
    assert [c["face"] for p in again.view()["players"] for c in p["slots"] if p["me"]] == faces
    table.hide_reveals()
    table.keep_look(1000)
    assert Table(Session.from_json(table.session.to_json()), T).look_ms is None


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_event_of_random_games_fits_the_log_schema(preset):
    """The log schema knows the events the engine makes (a new field or kind shows here)."""
    rules = PRESETS[preset]
    for game in range(6):
        n = rules.min_players + game % 2
        events = []
        state = new_game(rules, n, game, events)
        rng = random.Random(game)
        for _ in range(300):
            if state.phase == "game_over":
                break
            action = (host_action(state, rng, 3) if state.phase == "round_over"
                      else random_action(state, rng, 0.2))
            events += apply(state, action)
        log = [{"public": e.view(None), "secret": e.secret, "to": e.secret_to} for e in events]
        for entry in log:
            LOG_ENTRY.check(entry, "log")
            assert entry["public"]["kind"] in EVENTS, entry["public"]["kind"]
        check_log(log, n, len(state.cards))


# -- a game's record of rounds stays bounded ----------------------------------------------------
def test_a_long_game_keeps_its_last_rounds_and_its_save_loads_within_the_budget():
    """A game the host ends may go on for ever: its record keeps the last MAX_HISTORY rounds
    (the save, every guest's state and start-up stay bounded), and one round more in a saved
    game is damage."""
    from cabo.game.state import MAX_HISTORY
    s = real_session(preset="official", levels=("medium",), seed=3, person_moves=200)
    assert s.state.phase in ("round_over", "game_over") and len(s.state.history) == 1
    last = s.state.history[-1]
    s.state.history = [dict(last, round_no=r) for r in range(1, MAX_HISTORY + 1)]
    d = json.loads(s.to_json())
    with budget.steps(budget.START_STEPS):
        first_screen(json.dumps(d))  # the longest record loads within the start-up budget
    d["state"]["history"].append(d["state"]["history"][-1])
    table, problem = load(json.dumps(d))
    assert table is None and "history" in problem.reason
    # one round more in a game: the oldest record goes, the new one is the last
    state = new_game(PRESETS["party"], 2, 7)  # the host ends a party game
    state.history = [dict(last, round_no=r, seats=[0, 1]) for r in range(1, MAX_HISTORY + 1)]
    state.round_no = MAX_HISTORY + 1
    rng = random.Random(2)
    while state.phase != "round_over":
        apply(state, random_action(state, rng))
    assert len(state.history) == MAX_HISTORY
    assert [h["round_no"] for h in state.history[-2:]] == [MAX_HISTORY, MAX_HISTORY + 1]
    assert state.history[0]["round_no"] == 2


@pytest.mark.parametrize("text,key", [
    ("  \n", "board_reason_empty"),
    ("not json at all", "board_reason_json"),
    ("[1, 2, 3]", "board_reason_foreign"),
    ('{"schema": 1}', "board_reason_foreign"),
    ('{"schema": 99, "people": {}}', "board_reason_version"),
    ('{"schema": 1, "people": {"ada": {"name": "Bob"}}}', "board_reason_values"),
])
def test_a_refused_board_file_is_said_wholly_in_the_pages_language(text, key):
    """A leaderboard file that read_board refuses gets a reason a person can act on, in
    German on a German page (the checks' own reasons are English)."""
    assert storage.load(storage.STORED["board"], text, storage.read_board)[0] is None
    assert storage.board_file_reason(text) == key
    english = Texts("en")("board_file_bad", reason=Texts("en")(key))
    german = Texts("de")("board_file_bad", reason=Texts("de")(key))
    assert Texts("de")(key) != Texts("en")(key)
    assert german.startswith("Diese Datei ist keine Cabo-Bestenliste")
    assert Texts("de")(key) in german and Texts("en")(key) in english
    assert not any(w in german.split() for w in ("the", "is", "it", "file", "not"))
