"""Deutsche Texte der Wiederholung, der geteilten Runde, des Spiels des Tages und der
Rückschau des Coaches (cabo.replay). Dieselben Schlüssel und Platzhalter wie replay_en.py.
"""

TEXTS = {
    # a replay link that does not open a round
    "replay_bad_intro": "Dieser Link öffnet keine Runde.",
    "replay_bad_not_a_link": "Er ist kein Link zu einer Cabo-Runde.",
    "replay_bad_too_long": "Er ist viel länger als jede Runde: Dieses Spiel hat ihn nicht "
                           "gemacht.",
    "replay_bad_damaged": "Er ist beschädigt (ein Zeichen ist verändert oder fehlt).",
    "replay_bad_truncated": "Er ist abgeschnitten: Kopiere den ganzen Link und versuche es noch "
                            "einmal.",
    "replay_bad_version": "Er stammt aus einer neueren Version des Spiels.",
    "replay_bad_bad_rules": "Seine Regeln kennt dieses Spiel nicht.",
    "replay_bad_bad_table": "Seinen Tisch kann dieses Spiel nicht geben.",
    "replay_bad_bad_moves": "Seine Züge passen nicht zu seinem Geben.",
    "replay_bad_unfinished": "Seine Runde ist nicht zu Ende gespielt.",
    # the deal of the day
    "daily_date": "{day}. {month}",
    "month_1": "Jan.", "month_2": "Feb.", "month_3": "März", "month_4": "Apr.", "month_5": "Mai",
    "month_6": "Juni", "month_7": "Juli", "month_8": "Aug.", "month_9": "Sep.",
    "month_10": "Okt.", "month_11": "Nov.", "month_12": "Dez.",
    "daily_share": "Cabo, {date}: {points} Punkte, Platz {place} von {n}",
    "daily_share_one": "Cabo, {date}: 1 Punkt, Platz {place} von {n}",
    "place_1": "1", "place_2": "2", "place_3": "3", "place_4": "4", "place_5": "5",
    "place_6": "6",
    # the coach's review
    "rv_heading": "Die Rückschau des Coaches",
    "rv_intro": "Deine drei teuersten Entscheidungen, wie der starke Bot sie beurteilt – aus dem, was du damals wusstest (nie aus Karten, die du nicht gesehen hattest). Die Punkte sind Schätzungen.",
    "rv_thinking": "Der Coach sieht sich deine Züge an …",
    "rv_none": "Der Coach hat keine Entscheidung gefunden, die dich deutlich Punkte gekostet hat.",
    "rv_unavailable": "Der Coach schaut nur Runden der eigenen Spiele dieses Geräts an.",
    "rv_title": "Zug {n}",
    "rv_did_replace": "Du hast die gezogene Karte ({drawn}) an die Stelle deiner Karte {n} gelegt.",
    "rv_did_replace_many": "Du hast die gezogene Karte ({drawn}) an die Stelle deiner Karten {n} gelegt.",
    "rv_did_discard": "Du hast die gezogene Karte ({drawn}) abgeworfen.",
    "rv_did_take": "Du hast {top} vom Ablagestapel genommen.",
    "rv_did_draw": "Du hast vom Stapel gezogen.",
    "rv_did_swap": "Du hast deine Karte {n} mit {name}s Karte {m} getauscht.",
    "rv_did_king_spy": "Du hast den König auf {name}s Karte {m} angewandt.",
    "rv_did_king_swap": "Du hast deine Karte {n} mit der angesehenen Karte getauscht.",
    "rv_did_cabo": "Du hast Cabo gerufen.",
    "rv_did_end_turn": "Du hast deinen Zug ohne Cabo beendet.",
    "rv_did_skip": "Du hast die Fähigkeit nicht genutzt.",
    "rv_did_other": "Dein Zug.",
    "rv_coach": "Der Coach:",
    "rv_points": "Im Mittel etwa {points} Punkte besser (± {error}; geschätzt aus {worlds} zufällig gegebenen Verteilungen).",
    "rv_goto": "Zug {n} zeigen",
}
