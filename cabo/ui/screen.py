"""The table screen's contents, as plain data with their words: pure functions of what the
seat on screen sees (its observation, its legal actions, the public log) and of the UI's own
state (cabo.ui.table.Table: the selection, the cards being looked at, the last change).

Nothing here reads a Session: the Table gathers a `Sight` and hands it over. A card's face
is in the view only while it is face up for everyone (discard pile, drawn from the discard,
the reveal) or for a moment after its viewer looked at it (`reveals`).
"""

from __future__ import annotations

from typing import NamedTuple

from ..game.actions import CallCabo, DrawDeck, Match, TakeDiscard, is_off_turn
from ..game.cards import card_power
from ..game.state import OVER_PHASES
from . import choices, motion, party_view
from .describe import Words
from .initials import initials

LOG_LINES = 80
RECENT_LINES = 3  # lines of the recent-moves strip


class Sight(NamedTuple):
    """What the table screen is built from."""
    # what the seat sees
    obs: object         # its Observation
    legal: list         # its legal actions
    names: list         # every seat's name
    levels: list        # every seat's bot level, None for a person
    shared: bool        # more than one person plays on this device (hot-seat)
    log: list           # the public log (event views)
    # the UI's own state
    t: object           # the texts (cabo.i18n.Texts)
    arranged: list      # (key, action, primary, risky) of the buttons, in their order
    suggested: object   # the move the hint suggests, or None
    selection: tuple    # the selected cards, (owner, slot)
    reveals: dict       # (owner, slot) -> card id shown to `reveal_seat` for a moment
    reveal_seat: object
    confirming: bool    # "Call Cabo?" is asked
    mistake: list       # event views of the last failed move, said until the next one
    look_over: bool     # the person's move turned the cards looked at face down
    sel_top: object     # the top discard when the selection began
    last: list          # event views of the last change (for the seat on screen)
    hint: object        # the hint's words, or None


def handoff(name, t) -> dict:
    """The screen while the device is passed on to `name`."""
    return {"screen": "handoff", "title": t("handoff_title", name=name),
            "text": t("handoff_text", name=name),
            "button": t("handoff_button", name=name)}


def table(s: Sight) -> dict:
    """Everything the table screen shows for the seat `s.obs.seat`."""
    obs, legal, suggested = s.obs, s.legal, s.suggested
    seat = obs.seat
    words = Words(s.t, s.names, seat, obs.rules, obs.n)
    anim, moves = motion.motion(s.last, seat)
    order = [(seat + k) % obs.n for k in range(1, obs.n)] + [seat]
    selectable = choices.selectable(legal)
    # cards that only a match could take: highlighted softly, not as the move to make
    soft = selectable - choices.selectable([a for a in legal if not is_off_turn(a)])
    glow = choices.cards_of(suggested) if suggested is not None else frozenset()
    if s.confirming:
        yes = isinstance(suggested, CallCabo)
        buttons = [{"key": "cabo_yes", "label": s.t("act_cabo_yes"), "primary": yes,
                    "risky": False},
                   {"key": "cabo_no", "label": s.t("act_cabo_no"), "primary": not yes,
                    "risky": False}]
    else:
        buttons = [{"key": k, "label": s.t("act_" + k), "primary": primary,
                    "risky": risky} for k, _, primary, risky in s.arranged]
    if s.selection and not s.confirming:
        buttons.append(_extra(s, "clear", "clear_selection"))
    if s.reveals and s.reveal_seat == seat and not s.confirming:
        buttons.append(_extra(s, "hide", "hide_cards"))
    if (obs.phase not in OVER_PHASES and not s.confirming
            and any(not is_off_turn(a) for a in legal)):
        buttons.append(_extra(s, "hint", "act_hint"))
    alerts = _alerts(s, obs, words)
    return {
        "screen": "table",
        "seat": seat,
        "players": [_player(s, obs, o, words, selectable, anim, soft, glow) for o in order],
        "deck": dict(_deck(s, obs, legal), suggested=isinstance(suggested, DrawDeck)),
        "discard": dict(_discard(s, obs, legal, words),
                        suggested=isinstance(suggested, TakeDiscard)),
        "drawn": _drawn(s, obs, words),
        "status": (s.t("cabo_confirm") if s.confirming
                   else _status(s, obs, legal, words)),
        "alerts": alerts,
        "buttons": buttons,
        "result": _result(s, obs, words) if obs.phase in OVER_PHASES else None,
        "scores": _scores(s, obs),
        "game_over": _game_over(s, obs, words),
        "log": _log(s, words),
        # an alert stands in the place of the two oldest recent lines, so that the box under
        # the piles keeps its height (nothing below it moves) and no line in it is cut
        "recent": _recent(s, words)[:max(0, RECENT_LINES - 2 * len(alerts))],
        "moves": moves,
        "round_ended": any(e["kind"] == "round_end" for e in s.last),
        "anim": {"deck": anim.get("deck"), "discard": anim.get("discard"),
                 "drawn": anim.get("drawn")},
        "hint": s.hint,
    }


def announcement(t, names, seat, rules, last, notes) -> str:
    """The last change (event views `last`, the extras' `notes`) in words, for the live
    region, as `seat` saw it."""
    words = Words(t, names, seat, rules, len(names))
    public = [{k: v for k, v in e.items() if k not in ("cards",) or e["kind"] != "initial_peek"}
              for e in last if e["kind"] != "turn"]
    texts = [x for x in map(words.event, public) if x]
    texts += [party_view.note_text(n, t, names, seat) for n in notes]
    return " ".join(x for x in texts if x)


def _extra(s, key, text) -> dict:
    return {"key": key, "label": s.t(text), "primary": False, "risky": False}


def _player(s, obs, o, words, selectable, anim, soft, glow) -> dict:
    seat, t = obs.seat, s.t
    in_round = o in obs.seats
    slots = []
    for i, cell in enumerate(obs.hands[o] if in_round else ()):
        slots.append(_slot(s, obs, o, i, cell, words, selectable, anim, soft, glow))
    bot = s.levels[o]
    marks = []
    if o == seat and s.shared:
        marks.append(t("you_mark"))
    if bot:
        marks.append(t("kind_" + bot) if t.has("kind_" + bot) else bot)
    return {
        "seat": o, "name": words.name(o), "me": o == seat, "marks": marks,
        "to_move": _to_move(s, obs, o),
        "caller": obs.caller == o,
        "caller_mark": t("caller_mark") if obs.caller == o else None,
        "row_label": t("row_you") if o == seat else t("row_of", name=words.name(o)),
        "total": t("total", n=obs.totals[o]),
        "rounds_won": t("rounds_won", n=obs.rounds_won[o])
        if obs.rules.game_end == "host" else None,
        "slots": slots,
    }


def _to_move(s, obs, o) -> bool:
    if obs.phase in OVER_PHASES:
        return False
    if obs.gives:
        return obs.gives[0][0] == o
    if obs.phase == "peek":
        return not obs.peeked[o] and o in obs.seats
    if obs.phase == "final":
        return not obs.ready[o] and o in obs.seats
    return obs.current == o


def _slot(s, obs, o, i, cell, words, selectable, anim, soft, glow) -> dict:
    t, seat = s.t, obs.seat
    base = t("card_own", n=i + 1) if o == seat else t("card_other", name=words.name(o), n=i + 1)
    if cell is None:
        return {"owner": o, "slot": i, "empty": True, "label": f"{base}, {t('slot_empty')}"}
    card, knowers = cell
    face = None
    if card is not None and (obs.phase in OVER_PHASES
                             or (s.reveal_seat == seat and s.reveals.get((o, i)) == card)):
        face = words.card(card)
    seen = [s for s in range(obs.n) if knowers >> s & 1]
    parts = [base, t("card_up", card=face) if face else t("card_down")]
    if seat in seen:
        parts.append(t("card_seen_you"))
    others = [words.name(s) for s in seen if s != seat]
    if others:
        parts.append(t("card_seen_by", names=t.join(others)))
    selected = (o, i) in s.selection
    if selected:
        parts.append(t("card_selected"))
    badges = [] if obs.phase in OVER_PHASES else [initials(words.names)[s] for s in seen]
    if len(badges) == obs.n > 2:  # everyone: one word fits a small card, six letters do not
        badges = [t("eyes_all")]
    if any(len(b) > 1 for b in badges):  # badge words on the card belong in its name
        parts.append(" ".join(badges))
    return {
        "owner": o, "slot": i, "empty": False, "face": face,
        "red": face is not None and any(s in face for s in "♥♦"),
        "look": _look(words, card) if face is not None else None,
        "seen": badges,
        "seen_by_me": seat in seen,
        "selectable": (o, i) in selectable, "selected": selected,
        "soft": (o, i) in soft,
        "suggested": (o, i) in glow,
        "anim": anim.get((o, i)), "label": ", ".join(parts),
    }


def _look(words, card_id) -> dict:
    """What a face-up card's face shows: rank, suit ("" in the Cabo deck, "*" a joker) and
    the power it grants when discarded under these rules (None: none) with its word, which a
    Cabo-deck card prints under its numeral."""
    card = words.faces[card_id]
    power = card_power(words.rules, card)
    return {"rank": card.rank, "suit": card.suit, "power": power,
            "word": words.t("face_" + power) if power else None}


def _deck(s, obs, legal) -> dict:
    can = any(isinstance(a, DrawDeck) for a in legal)
    key = ("deck_draw" if can else "deck") + ("_one" if obs.deck_size == 1 else "")
    return {"count": obs.deck_size, "label": s.t(key, n=obs.deck_size),
            "action": "draw" if can else None}


def _discard(s, obs, legal, words) -> dict:
    if not obs.discard:
        return {"face": None, "label": s.t("discard_empty"), "action": None}
    face = words.card(obs.discard[-1])
    can = any(isinstance(a, TakeDiscard) for a in legal)
    label = (s.t("discard_take", **words.forms(obs.discard[-1])) if can
             else s.t("discard_pile", card=face))
    return {"face": face, "red": any(s in face for s in "♥♦"), "label": label,
            "look": _look(words, obs.discard[-1]),
            "action": "take" if can else None, "count": len(obs.discard)}


def _drawn(s, obs, words):
    if obs.drawn is not None:
        face = words.card(obs.drawn)
        return {"face": face, "red": any(s in face for s in "♥♦"),
                "look": _look(words, obs.drawn), "label": s.t("drawn_card", card=face)}
    if obs.drawn_hidden:
        return {"face": None, "label": s.t("drawn_hidden", name=words.name(obs.current))}
    return None


def _status(s, obs, legal, words) -> str:
    """The status line; while the person looks at cards, it speaks of that first."""
    text = _status_plain(s, obs, legal, words)
    looking = _looking(s, obs, words)
    if not looking:
        return text
    if obs.phase in ("peek",) or not any(not is_off_turn(a) for a in legal):
        return looking  # the look is the person's business now, not whose turn it is
    return looking + " " + text


def _looking(s, obs, words):
    """"You are looking at your cards 1 and 2: …" while the person's look lasts."""
    if not s.reveals or s.reveal_seat != obs.seat or obs.phase in OVER_PHASES:
        return None
    owners = {}
    for (o, i), card in sorted(s.reveals.items()):
        cell = obs.hands[o][i] if o in obs.seats and i < len(obs.hands[o]) else None
        if cell is not None and cell[0] == card:
            owners.setdefault(o, []).append(i)
    if not owners:
        return None
    cards = s.t.join(words.slots(o, slots) for o, slots in owners.items())
    one = sum(len(slots) for slots in owners.values()) == 1
    return s.t("st_looking_one" if one else "st_looking", cards=cards)


def _alerts(s, obs, words) -> list:
    """Lines said on the table until the person's next move: a failed match or multi-
    replace and what it cost; the cards looked at turned face down by a move; a top
    discard that changed since the selection began."""
    out = []
    if s.mistake:
        out.append({"text": " ".join(x for x in map(words.event, s.mistake) if x),
                    "warn": True})
    if s.look_over and obs.phase not in OVER_PHASES:
        out.append({"text": s.t("look_over"), "warn": False})
    top = obs.discard[-1] if obs.discard else None
    if (s.selection and s.sel_top is not None and top is not None
            and top != s.sel_top):
        out.append({"text": s.t("top_changed", **words.forms(top)), "warn": True})
    return out


def _status_plain(s, obs, legal, words) -> str:
    t, seat, phase, rules = s.t, obs.seat, obs.phase, obs.rules
    if phase in OVER_PHASES:
        verdict = _verdict(s, obs, words)
        return t("st_game_over") + " " + verdict if phase == "game_over" else verdict
    if obs.gives:
        snapper, owner = obs.gives[0]
        if snapper == seat:
            return t("st_give_you", name=words.name(owner))
        return t("st_give_other", name=words.name(snapper), owner=words.person(owner, "dat"))
    if phase == "peek":
        if obs.peeked[seat]:
            return t("st_peek_wait")
        if rules.initial_peek == "choose":
            return t("st_peek_choose", n=rules.peek_count)
        return t("st_peek_fixed")
    if phase == "final":
        return t("st_final") if not obs.ready[seat] else t("st_final_wait")
    prefix = words.actor("st_cabo", obs.caller) + " " if obs.caller is not None else ""
    if obs.current != seat:
        text = t("st_other", name=words.name(obs.current))
        if any(k in ("match", "pair") for k, _ in _match_keys(legal)):
            text += " " + t("st_match_open")
        return prefix + text
    if phase == "turn":
        keys = {k for k, _ in choices.plain_actions(legal)}
        return prefix + t("st_turn_you", take=t("st_turn_take") if "take" in keys else "",
                          cabo=t("st_turn_cabo") if "cabo" in keys else "")
    if phase == "drawn":
        keys = {k for k, _ in choices.plain_actions(legal)}
        card = words.forms(obs.drawn) if obs.drawn is not None else {"the_card_acc": "?"}
        return prefix + t("st_drawn_you", the_card_acc=card["the_card_acc"],
                          multi=t("st_drawn_multi") if rules.multi_replace else "",
                          discard=t("st_drawn_discard") if "discard" in keys else "")
    if phase == "power":
        source = (t("st_power_from", **words.forms(obs.discard[-1])) + " "
                  if obs.discard else "")
        return prefix + source + t("st_power_" + obs.power)
    if phase == "king":
        return prefix + t("st_king_swap")
    if phase == "after_turn":
        return prefix + t("st_after_turn")
    return prefix


def _match_keys(legal) -> list:
    return [("match" if isinstance(a, Match) else "pair", a) for a in legal
            if is_off_turn(a)]


def _verdict(s, obs, words) -> str:
    """The round's result in one sentence: who called Cabo, who wins the round. The status
    line says it at the top of the table once the round is over (the reveal below shows the
    numbers and each player's reason, and does not say it again)."""
    t = s.t
    if not obs.history:
        return t("st_round_over", n=obs.round_no)
    last = obs.history[-1]
    won = last["winners"]
    if last["draw"]:
        winners = t("result_draw", names=words.people(won, "dat"))
    else:
        winners = t(words.agree("result_winners", won), names=words.people(won))
    caller = (words.actor("result_caller", last["caller"]) if last["caller"] is not None
              else t("result_no_caller"))
    return caller + " " + winners


def _result(s, obs, words):
    if not obs.history:
        return None
    last, t = obs.history[-1], s.t
    rows = []
    for s in last["seats"]:
        rows.append({
            "seat": s, "name": words.name(s),
            "cards": [{"face": words.card(c), "red": any(x in words.card(c) for x in "♥♦")}
                      for c in last["hands"][s]],
            "sum": last["sums"][s], "points": last["points"][s],
            "why": words.notes(last["notes"][s], obs.rules, last["hands"][s]),
            "total": last["totals"][s],
            "caller": last["caller"] == s, "winner": s in last["winners"],
            "caller_mark": t("caller_mark"),
        })
    return {
        "title": t("result_title", n=last["round_no"]),
        "rows": rows,
        "head": [t("result_player"), t("result_cards"), t("result_sum"), t("result_points"),
                 t("result_total")],
        "why": t("result_why"),
    }


def _scores(s, obs) -> dict:
    names = s.names
    rows = [{"label": s.t("score_round", n=h["round_no"]),
             "points": ["" if p is None else p for p in h["points"]]} for h in obs.history]
    return {"title": s.t("score_table"), "names": names, "rows": rows,
            "totals": list(obs.totals),
            "rounds_won": list(obs.rounds_won) if obs.rules.game_end == "host" else None,
            "total_label": s.t("result_total"),
            "won_label": s.t("rounds_won", n="").strip()}


def _game_over(s, obs, words):
    if not obs.game_over:
        return None
    text = s.t(words.agree("game_winner", obs.winners), names=words.people(obs.winners))
    return {"title": s.t("game_over_title"), "text": text}


# The log's lines described so far: {"context": what a line's words depend on besides its
# event, "lines": {index in the log: (event view, its line)}}. A line is described again
# only for an event that is not equal to the one described at its index, or in another
# context (texts, names, viewer, rules): describing the whole log anew took about as long
# as the rest of a table's view (tools/bench_motion.py).
_LOGGED: dict = {"context": None, "lines": {}}


def _log(s, words) -> list:
    context = (s.t, getattr(s.t, "lang", None), tuple(s.names), words.viewer, s.obs.rules)
    if _LOGGED["context"] != context:
        _LOGGED["context"], _LOGGED["lines"] = context, {}
    known, fresh = _LOGGED["lines"], {}
    lines = []
    start = max(0, len(s.log) - LOG_LINES * 2)
    for i in range(start, len(s.log)):
        e = s.log[i]
        if e["kind"] == "turn":
            continue
        if e["kind"] == "reaction":
            continue  # reactions fly over the seat and are said once, not logged
        hit = known.get(i)
        if hit is not None and hit[0] == e:
            text = hit[1]
        else:
            text = words.event(e) or party_view.note_text(e, s.t, s.names, words.viewer)
        fresh[i] = (e, text)
        if text:
            lines.append(text)
    _LOGGED["lines"] = fresh  # (only the window shown: the cache does not grow with the game)
    return lines[-LOG_LINES:][::-1]


def _recent(s, words) -> list:
    """The latest moves in words, newest first: one line per player's turn (what they did
    since it began), off-turn moves of others on lines of their own, the person's own
    moves included. A draw and a power's announcement are left out when what followed
    says it all; the initial peeks only until the first turn begins."""
    log = s.log
    start = max((i for i, e in enumerate(log) if e["kind"] == "deal"), default=-1)
    log = log[start + 1:]
    started = any(e["kind"] == "turn" for e in log)
    groups, fresh = [], True
    for e in log:
        kind = e["kind"]
        if kind == "turn":
            fresh = True
            continue
        if kind in ("reaction", "round_end") or (kind == "initial_peek" and started):
            continue  # (the status line says that the round is over, with its result)
        seat = e.get("seat")
        if groups and not fresh and groups[-1][0] == seat:
            groups[-1][1].append(e)
        else:
            groups.append((seat, [e]))
        fresh = False
    lines = []
    for _, evs in groups[-RECENT_LINES * 2:]:
        kept = [e for i, e in enumerate(evs)
                if not (e["kind"] in ("draw", "power") and i + 1 < len(evs))]
        text = " ".join(x for x in map(words.event, kept) if x)
        if text:
            lines.append(text)
    return lines[::-1][:RECENT_LINES]
