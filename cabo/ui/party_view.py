"""The extras on screen, as view models: badges on seats, flying reactions and quips, toasts,
the awards at the reveal, the reactions bar, and the leaderboard and statistics screen.

Everything comes from the session's party state (cabo.party, public events only) and the
board (cabo.party.board); cabo/web/render_party.py draws it. Reactions, quips and toasts are
transient: `Flying` keeps them with the page's clock for LIFETIME ms (not saved).
"""

from __future__ import annotations

from ..party import board as boards
from ..party.quips import line_key
from ..party.reactions import EMOJI, GLYPH, SHOW_MS
from ..party.tracker import ICONS
from . import charts, default_name

LIFETIME = {"reaction": SHOW_MS, "quip": 4000, "achievement": 4500}
KEEP = 12


class Flying:
    """Transient notes (reactions, quips, achievements) with the time they arrived."""

    def __init__(self):
        self.items = []  # [note, at_ms or None]

    def add(self, notes, at_ms) -> None:
        self.items += [[n, at_ms] for n in notes if n["kind"] in LIFETIME]
        del self.items[:-KEEP]

    def live(self, now_ms) -> list:
        """(note, age in ms) of the notes still shown at `now_ms` (None: all, age 0)."""
        out = []
        for note, at in self.items:
            age = 0 if now_ms is None or at is None else now_ms - at
            if age < LIFETIME[note["kind"]]:
                out.append((note, max(0, round(age))))
        return out

    def next_expiry(self, now_ms):
        """Milliseconds until the next shown note expires, or None."""
        waits = [LIFETIME[n["kind"]] - (now_ms - at) for n, at in self.items
                 if at is not None and now_ms is not None and now_ms - at < LIFETIME[n["kind"]]]
        return max(0, min(waits)) if waits else None


def achievement_name(t, achievement) -> str:
    return t("ach_" + achievement)


def award_lines(awards, t, names) -> list:
    """Words for [[award, seats, value]]: "👑 Memory king: Ada (3 cards)"."""
    out = []
    for award, seats, value in awards:
        shown = t("award_fastest_value", s=f"{value / 1000:.1f}".replace(
            ".", "," if t.lang == "de" else ".")) if award == "fastest" else \
            t(f"award_{award}_value" + ("_one" if value == 1 else ""), n=value)
        out.append(t("award_line", icon=ICONS[award], award=t("award_" + award),
                     names=t.join(names[s] for s in seats), value=shown))
    return out


def earned_lines(earned, t, names) -> list:
    return [t("earned_line", icon=ICONS[a], achievement=achievement_name(t, a), name=names[s])
            for s, a in earned]


def note_text(note, t, names, viewer=None):
    """A party note (cabo.party.tracker) in words, for the log and the live region."""
    kind = note["kind"]
    if kind == "quip":
        return t("ev_quip", name=names[note["seat"]], line=t(line_key(note["line"])))
    if kind == "achievement":
        a = note["id"]
        if note["seat"] == viewer:
            return t("ev_achievement_you", icon=ICONS[a], achievement=achievement_name(t, a))
        return t("ev_achievement", icon=ICONS[a], name=names[note["seat"]],
                 achievement=achievement_name(t, a))
    if kind == "awards":
        return t("ev_awards", list="; ".join(award_lines(note["awards"], t, names)))
    if kind == "reaction":
        return t("ev_reaction", name=names[note["seat"]], what=t("react_" + note["emoji"]))
    return None


def reactions_bar(t) -> dict:
    return {"label": t("reactions"),
            "emoji": [{"id": i, "glyph": g, "label": t("react_" + i)} for i, g in EMOJI]}


def badges(party, round_no, seat, viewer, t, names) -> list:
    """Marks on a seat: the clown nose (everyone sees it) and the viewer's revenge marks."""
    out = []
    if party.nose(seat, round_no):
        out.append({"icon": ICONS["nose"], "label": t("nose_badge"), "kind": "nose"})
    if viewer is not None and seat in party.marked_by(viewer):
        out.append({"icon": ICONS["mark"], "label": t("mark_badge", name=names[seat]),
                    "kind": "mark"})
    return out


def bubbles(flying, now_ms, t) -> dict:
    """seat -> the newest reaction or quip over it: {"text", "kind", "age", "label"}."""
    out = {}
    for note, age in flying.live(now_ms):
        if note["kind"] == "reaction":
            out[note["seat"]] = {"text": GLYPH[note["emoji"]], "kind": "reaction", "age": age,
                                 "label": t("react_" + note["emoji"])}
        elif note["kind"] == "quip":
            out[note["seat"]] = {"text": t(line_key(note["line"])), "kind": "quip", "age": age,
                                 "label": None}
    return out


def toasts(flying, now_ms, t, names, viewer) -> list:
    return [{"text": note_text(note, t, names, viewer), "age": age}
            for note, age in flying.live(now_ms) if note["kind"] == "achievement"]


def result_extras(party, round_no, t, names):
    """The awards and the achievements of a scored round, for the reveal; None without any."""
    summary = party.last_round(round_no) if party.on else None
    if summary is None or not (summary["awards"] or summary["earned"]):
        return None
    return {"awards_title": t("result_awards"), "awards": award_lines(summary["awards"], t, names),
            "earned_title": t("result_earned"),
            "earned": earned_lines(summary["earned"], t, names)}


def _public(session, seat=None):
    """An observation, read for what every seat sees alike (the round, the scored rounds):
    `seat`'s, else the first person's (a guest's session has its own seat's only)."""
    if seat is None:
        humans = session.humans()
        seat = humans[0] if humans else 0
    return session.observation(seat)


def decorate(table, v, now_ms) -> None:
    """Add the extras to a table view `v` (cabo.ui.table.Table.view): badges and bubbles per
    player, the reactions bar, toasts, and the awards at the reveal. Nothing without extras."""
    session, t = table.session, table.t
    party = session.party  # a guest's: what the host sent (party.shown)
    for p in v["players"]:
        p["badges"], p["bubble"] = [], None
    obs = _public(session, v["seat"])
    history = obs.history
    v["chart"] = game_chart(session, t, "table-chart", obs) if history else None
    if not session.rules.extras:
        v["party"] = None
        return
    names, seat = table.names(), v["seat"]
    over = bubbles(table.flying, now_ms, t)
    for p in v["players"]:
        p["badges"] = [] if party is None else badges(
            party, obs.round_no, p["seat"], seat, t, names)
        p["bubble"] = over.get(p["seat"])
    v["party"] = {"reactions": reactions_bar(t),
                  "toasts": toasts(table.flying, now_ms, t, names, seat)}
    if v.get("result") is not None and history and party is not None:
        v["result"]["extras"] = result_extras(party, history[-1]["round_no"], t, names)


# -- the leaderboard and statistics screen -------------------------------------------------------
def game_chart(session, t, cid="game-chart", obs=None) -> str:
    """Every player's total after each round of this game, as a chart (HTML). The scored
    rounds are public: they come from an observation (`obs`, else `_public`'s)."""
    history = (obs or _public(session)).history
    names = default_name.shown_names([s.name for s in session.seats],
                                     [s.bot for s in session.seats], t)
    if not history:
        return f'<p class="chart-none">{t("chart_game_none")}</p>'
    series = [(names[s], [h["totals"][s] for h in history]) for s in range(len(names))]
    last = history[-1]["totals"]
    legend = [t("chart_player_total", name=names[s], n=last[s]) for s in range(len(names))]
    desc = t("chart_game_desc", round=history[-1]["round_no"], list=", ".join(legend))
    return charts.totals_chart(cid, t("chart_game"), desc, series, t("chart_round"), legend)


def board_rows(board, t) -> list:
    rows = []
    for rank, (key, p) in enumerate(boards.ranking(board), 1):
        r = p["ranked"]
        poker = (t("board_poker_value", lost=r["cabo_lost"], n=r["cabo"]) if r["cabo"]
                 else t("board_poker_none"))
        rows.append({"key": key, "rank": rank, "name": p["name"], "rounds_won": r["rounds_won"],
                     "game_wins": r["game_wins"], "games": r["games"], "poker": poker,
                     "poker_share": r["cabo_lost"] / r["cabo"] if r["cabo"] else None})
    return rows


def person_view(p, t, key) -> dict:
    a = p["all"]
    mean = a["points"] / a["rounds"] if a["rounds"] else 0
    mean_text = f"{mean:.1f}".replace(".", "," if t.lang == "de" else ".")
    lost = a["cabo"] - a["cabo_won"]
    cid = "st-" + "".join(ch if ch.isalnum() else "-" for ch in key)[:24]
    cabo = charts.split_bar(cid + "-cabo", t("chart_cabo"),
                            t("chart_cabo_desc", won=a["cabo_won"], lost=lost),
                            [(f'{t("chart_won")}: {a["cabo_won"]}', a["cabo_won"], "good"),
                             (f'{t("chart_lost")}: {lost}', lost, "bad")])
    # matching only for someone who played under rules that have it (a board saved before
    # match_rounds was counted: who has matched at all)
    matching = bool(a["match_rounds"] or a["matches_ok"] or a["matches_wrong"])
    matches = charts.split_bar(
        cid + "-match", t("chart_matches"),
        t("chart_matches_desc", ok=a["matches_ok"], wrong=a["matches_wrong"]),
        [(f'{t("chart_right")}: {a["matches_ok"]}', a["matches_ok"], "good"),
         (f'{t("chart_wrong")}: {a["matches_wrong"]}', a["matches_wrong"], "bad")])
    recent = a["recent"]
    points = charts.bar_chart(cid + "-recent", t("chart_recent"),
                              t("chart_recent_desc", n=len(recent),
                                list=", ".join(map(str, recent))), recent,
                              t("chart_round")) if recent else ""
    got = [t("stats_count", name=f'{ICONS[k]} {t("ach_" + k)}', n=n)
           for k, n in sorted(a["achievements"].items())]
    got += [t("stats_count", name=f'{ICONS[k]} {t("award_" + k)}', n=n)
            for k, n in sorted(a["awards"].items())]
    return {
        "name": p["name"],
        "tiles": [(t("stats_games"), a["games"]), (t("stats_rounds"), a["rounds"]),
                  (t("stats_rounds_won"), a["rounds_won"]), (t("stats_mean"), mean_text),
                  (t("stats_cabo"), a["cabo"]), (t("stats_cabo_won"), a["cabo_won"])]
        + ([(t("stats_matches_ok"), a["matches_ok"]),
            (t("stats_matches_wrong"), a["matches_wrong"])] if matching else []),
        "charts": [cabo, matches, points] if matching else [cabo, points],
        "achievements": got or [t("stats_no_achievements")],
        "achievements_title": t("stats_achievements"),
    }


def stats_view(board, t, person=None, session=None, in_game=False) -> dict:
    """The leaderboard, one person's statistics (`person`: a key) and this game's chart."""
    people = sorted(board.get("people", {}).items(), key=lambda kp: kp[0])
    if person not in dict(people):
        person = None
        if session is not None:
            for seat in session.humans():
                key = boards.person_key(session.seats[seat].name)
                if key in dict(people):
                    person = key
                    break
        if person is None and people:
            person = people[0][0]
    return {
        "board_title": t("board_title"), "board_intro": t("board_intro"),
        "board_empty": t("board_empty"),
        "board_head": [t("board_rank"), t("board_name"), t("board_rounds_won"),
                       t("board_game_wins"), t("board_games"), t("board_poker")],
        "board": board_rows(board, t),
        "stats_title": t("stats_title"), "stats_none": t("stats_none"),
        "person_label": t("stats_person"),
        "people": [(k, p["name"]) for k, p in people], "person": person,
        "stats": person_view(dict(people)[person], t, person) if person else None,
        "game_title": t("stats_game"),
        "game_chart": game_chart(session, t) if session is not None else None,
        "back": t("stats_back_game" if in_game else "stats_back_setup"),
        "close": t("st_close"),
    }
