"""The rules screen: the rules of one game, in words for players, made from its Rules values.

Every sentence depends on option values only (never on the preset's name), so custom rules
read right. The words are in cabo.i18n under the "rs_" keys. `sheet()` returns sections of
plain sentences; cabo.web.render draws them.
"""

from __future__ import annotations

from ..i18n.grammar import card_forms
from ..game.rules import PRESETS

POWER_ORDER = ("peek", "spy", "swap", "king")
STANDARD_RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}


def _ranks(rules, ranks) -> str:
    """"7, 8" (Cabo deck) or "J, Q" (standard deck)."""
    if rules.deck == "standard":
        return ", ".join(STANDARD_RANKS.get(r, str(r)) for r in ranks)
    return ", ".join(str(r) for r in ranks)


def _count(t, key, n, **values) -> str:
    """The singular text key+"_one" for 1, else key+"_many"."""
    return t(key + ("_one" if n == 1 else "_many"), n=n, **values)


def _cards(rules, t) -> list:
    items = [t("rs_players", lo=rules.min_players, hi=rules.max_players)]
    if rules.deck == "cabo":
        items.append(t("rs_deck_cabo"))
    else:
        items.append(t("rs_deck_standard"))
        if rules.red_king_value != 13:
            items.append(t("rs_red_king", n=rules.red_king_value))
        if rules.black_king_value != 13:
            items.append(t("rs_black_king", n=rules.black_king_value))
    if rules.decks_large_table > rules.decks and rules.max_players > 4:
        items.append(t("rs_two_decks", n=rules.decks_large_table))
    if rules.jokers:
        items.append(_count(t, "rs_jokers", rules.jokers))
    return items


def _deal(rules, t) -> list:
    items = [t("rs_hand", n=rules.hand_size)]
    if rules.initial_peek == "choose":
        items.append(_count(t, "rs_peek_choose", rules.peek_count))
    else:
        items.append(t("rs_peek_" + rules.initial_peek))
    items.append(t("rs_peek_public"))
    items.append(t("rs_start_discard" if rules.start_discard else "rs_no_start_discard"))
    items.append(t("rs_first_" + rules.first_player))
    return items


def _turn(rules, t) -> list:
    items = [t("rs_turn_draw")]
    if rules.take_discard:
        items.append(t("rs_turn_take"))
    if rules.multi_replace:
        items.append(t("rs_multi_replace"))
        items.append(t("rs_multi_wrong_shown" if rules.wrong_multi_reveal else "rs_multi_wrong"))
    items.append(t("rs_empty_slot"))
    items.append(t("rs_reshuffle" if rules.reshuffle else "rs_no_reshuffle"))
    return items


def _powers(rules, t) -> list:
    items = [t("rs_power_" + rules.power_on)]
    by_power = {}
    for rank, power in sorted(rules.powers):
        by_power.setdefault(power, []).append(rank)
    for power in POWER_ORDER:
        if power in by_power:
            items.append(t("rs_power_item_" + power, ranks=_ranks(rules, by_power[power])))
            # an example per power, with a card that has it under these rules
            first = card_forms(t.lang, _ranks(rules, by_power[power][:1]))["a_card_acc"]
            items.append(t("rs_power_example_" + power, a_rank=first))
    if "king" in by_power and rules.one_eyed_king:
        items.append(t("rs_one_eyed_king"))
    if rules.protect_caller:
        items.append(t("rs_protect_caller"))
    return items


def _matching(rules, t) -> list:
    if rules.match == "off":
        return [t("rs_match_off")]
    items = [t("rs_match_" + rules.match), t("rs_window_" + rules.match_window)]
    if rules.match == "any":
        items.append(t("rs_match_give"))
    if rules.pair_discard:
        items.append(t("rs_pair_discard"))
    if rules.wrong_match_penalty:
        items.append(_count(t, "rs_wrong_penalty", rules.wrong_match_penalty))
    else:
        items.append(t("rs_wrong_free"))
    items.append(t("rs_wrong_" + rules.wrong_match_card))
    items.append(t("rs_match_tip"))
    return items


def _cabo(rules, t) -> list:
    items = []
    if rules.cabo_instead:
        items.append(t("rs_cabo_instead"))
    if rules.cabo_after_turn:
        items.append(t("rs_cabo_after_turn"))
    if rules.cabo_min_rounds:
        items.append(_count(t, "rs_cabo_min_rounds", rules.cabo_min_rounds))
    items.append(t("rs_cabo_last_turns"))
    if rules.last_match_chance and rules.match != "off":
        items.append(t("rs_last_match_chance"))
    if rules.auto_cabo_empty:
        items.append(t("rs_auto_cabo"))
    return items


def _scoring(rules, t) -> list:
    style = rules.scoring
    if style == "official":
        items = [t("rs_score_official"), t("rs_score_official_caller", n=rules.caller_penalty),
                 t("rs_score_official_tie")]
    elif style == "caller":
        items = [t("rs_score_caller", n=rules.caller_penalty)]
    elif style == "hut":
        items = [t("rs_score_hut_win", n=rules.caller_bonus),
                 t("rs_score_hut_lose", n=rules.caller_penalty)]
    else:
        items = [t("rs_score_single_high" if rules.most_points_win else "rs_score_single"),
                 t("rs_score_single_tie")]
    if rules.kamikaze != "off":
        items.append(t("rs_kamikaze_" + rules.kamikaze, n=rules.kamikaze_points))
    return items


def _game_end(rules, t) -> list:
    if rules.game_end == "one_round":
        return [t("rs_end_one_round")]
    if rules.game_end == "host":
        return [t("rs_end_host")]
    items = [t("rs_end_" + rules.end_when, n=rules.target)]
    if rules.exact_target_reset is not None:
        items.append(t("rs_end_reset", target=rules.target, n=rules.exact_target_reset))
    items.append(t("rs_end_winner_high" if rules.most_points_win else "rs_end_winner"))
    if rules.tiebreak:
        items.append(t("rs_end_tiebreak"))
    return items


def _extras(rules, t) -> list:
    """The party table (cabo.party): only the extras these rules make possible."""
    from ..party import available
    from ..party.tracker import ICONS
    if not rules.extras:
        return []
    achievements, awards = available(rules)
    items = [t("rs_extras_reactions"), t("rs_extras_nose"), t("rs_extras_poker")]
    if "revenge" in achievements:
        items.append(t("rs_extras_revenge"))
    if achievements:
        items.append(t("rs_extras_achievements", list="; ".join(
            f'{ICONS[a]} {t("ach_" + a)} ({t("ach_" + a + "_desc")})' for a in achievements)))
    if awards:
        items.append(t("rs_extras_awards", list="; ".join(
            f'{ICONS[a]} {t("award_" + a)} ({t("award_" + a + "_desc")})' for a in awards)))
    items.append(t("rs_extras_board"))
    return items


SECTIONS = (("rs_goal_title", None), ("rs_cards_title", _cards), ("rs_deal_title", _deal),
            ("rs_turn_title", _turn), ("rs_powers_title", _powers),
            ("rs_match_title", _matching), ("rs_cabo_title", _cabo),
            ("rs_score_title", _scoring), ("rs_end_title", _game_end),
            ("rs_extras_title", _extras))


def sheet(rules, texts, preset: str | None = None, in_game: bool = False) -> dict:
    """The rules screen: {"title", "intro", "sections": [{"id", "title", "items"}], "back",
    "toc": [{"id", "title"}] (the sections, for a short table of contents), "close"}.

    `preset` is the preset the rules come from (the setup form knows it; a running game's
    custom rules only know they are custom).
    """
    t = texts
    if rules.name in PRESETS:
        intro = t("rs_intro", preset=t("preset_" + rules.name))
    elif preset in PRESETS:
        intro = t("rs_intro_custom", preset=t("preset_" + preset))
    else:
        intro = t("rs_intro_custom_game")
    goal = t("rs_goal_high" if rules.most_points_win else "rs_goal")
    sections = []
    for key, make in SECTIONS:
        items = [goal] if make is None else make(rules, t)
        if not items:
            continue  # a section that these rules leave empty (the extras, when off)
        sections.append({"id": key[3:-6], "title": t(key), "items": items})
    return {"title": t("rs_title_game" if in_game else "rs_title"), "intro": intro,
            "sections": sections, "back": t("resume" if in_game else "rs_back_setup"),
            "toc_label": t("rs_toc"), "close": t("rs_close"),
            "toc": [{"id": sec["id"], "title": sec["title"]} for sec in sections]}
