"""Deutsche Wörter des Startbildschirms und seiner Blätter (Einstellungen, mit Freunden
spielen), das Farbschema."""

TEXTS = {
    "st_heading": "Neues Spiel",
    "st_play": "Spielen",
    "st_continue": "Weiterspielen",
    "st_friends": "Mit Freunden spielen",
    "st_friends_title": "Mit Freunden spielen",
    "st_friends_intro": "Jeder am eigenen Handy: per QR-Code im selben WLAN oder über einen Online-Raum.",
    "st_settings": "Einstellungen",
    "st_settings_title": "Einstellungen",
    "st_close": "Schließen",
    "st_done": "Fertig",
    "st_summary": "{preset} · {seats} · {speed}",
    "st_you_and_bots": "du und {n} Bots",
    "st_you_and_bot": "du und 1 Bot",
    "st_people": "{people} Menschen, {bots} Bots",
    "st_bots_heading": "Mitspieler",
    "st_game_heading": "Spiel",
    "st_look_heading": "Aussehen und Sprache",
    "theme": "Farben",
    "theme_system": "Wie das System",
    "theme_light": "Hell",
    "theme_dark": "Dunkel",
}
