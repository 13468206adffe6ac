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
}
