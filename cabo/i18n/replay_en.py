"""English texts of the replay, the shared round, the deal of the day and the coach's review
(cabo.replay). Same keys and placeholders as replay_de.py; cabo.i18n adds them to the texts.
"""

TEXTS = {
    # a replay link that does not open a round
    "replay_bad_intro": "This link does not open a round.",
    "replay_bad_not_a_link": "It is not a link to a round of Cabo.",
    "replay_bad_too_long": "It is far longer than any round: it was not made by this game.",
    "replay_bad_damaged": "It is damaged (a character changed or missing).",
    "replay_bad_truncated": "It is cut off: copy the whole link and try again.",
    "replay_bad_version": "It was made by a newer version of the game.",
    "replay_bad_bad_rules": "Its rules are not rules this game knows.",
    "replay_bad_bad_table": "Its table is not one this game can deal.",
    "replay_bad_bad_moves": "Its moves do not fit its deal.",
    "replay_bad_unfinished": "Its round is not finished.",
    # the deal of the day
    "daily_date": "{day} {month}",
    "month_1": "Jan", "month_2": "Feb", "month_3": "Mar", "month_4": "Apr", "month_5": "May",
    "month_6": "Jun", "month_7": "Jul", "month_8": "Aug", "month_9": "Sep", "month_10": "Oct",
    "month_11": "Nov", "month_12": "Dec",
    "daily_share": "Cabo, {date}: {points} points, {place} of {n}",
    "daily_share_one": "Cabo, {date}: 1 point, {place} of {n}",
    "place_1": "1st", "place_2": "2nd", "place_3": "3rd", "place_4": "4th", "place_5": "5th",
    "place_6": "6th",
    # the coach's review
    "rv_heading": "The coach's review",
    "rv_intro": "Your three costliest decisions, as the hard bot judges them from what you knew then (never from cards you had not seen). The points are estimates.",
    "rv_thinking": "The coach is looking at your moves …",
    "rv_none": "The coach found no decision that clearly cost you points.",
    "rv_unavailable": "The coach reviews only rounds of this device's own games.",
    "rv_title": "Move {n}",
    "rv_did_replace": "You put the drawn card ({drawn}) in place of your card {n}.",
    "rv_did_replace_many": "You put the drawn card ({drawn}) in place of your cards {n}.",
    "rv_did_discard": "You discarded the drawn card ({drawn}).",
    "rv_did_take": "You took {top} from the discard.",
    "rv_did_draw": "You drew from the deck.",
    "rv_did_swap": "You swapped your card {n} for {name}'s card {m}.",
    "rv_did_king_spy": "You used the king on {name}'s card {m}.",
    "rv_did_king_swap": "You swapped your card {n} for the card you had looked at.",
    "rv_did_cabo": "You called Cabo.",
    "rv_did_end_turn": "You ended your turn without calling Cabo.",
    "rv_did_skip": "You skipped the power.",
    "rv_did_other": "Your move.",
    "rv_coach": "The coach:",
    "rv_points": "About {points} points better on average (± {error}; an estimate from {worlds} sampled deals).",
    "rv_goto": "Show move {n}",
}
