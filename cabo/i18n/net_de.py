"""Deutsche Texte zum Spiel über mehrere Geräte (cabo/net, cabo/web/netpage.py)."""

TEXTS = {
    "net_title": "Mit anderen spielen",
    "net_intro": "Jede Person spielt auf dem eigenen Handy; dieses Gerät ist der Gastgeber. "
                 "Stellt die Plätze der anderen auf „ein Mensch“ und startet: Jeder dieser "
                 "Plätze bekommt eine Einladung zum Scannen. Geht in einem WLAN oder im "
                 "Hotspot eines Handys, ohne Internet.",
    "net_host_start": "Spiel für andere Geräte eröffnen",
    "net_need_remote": "Stellt mindestens einen Platz außer dem ersten auf „ein Mensch“: "
                       "Diese Plätze werden auf anderen Geräten gespielt.",
    "net_join_title": "Einem Spiel beitreten",
    "net_join_label": "Einladungslink oder Code vom Gastgeber",
    "net_join": "Beitreten",
    "net_scan_invite": "Einladung mit der Kamera scannen",
    "net_stun_label": "STUN-Server (freiwillig, für Spiele über verschiedene Netze)",
    "net_stun_note": "Im selben WLAN oder Hotspot leer lassen. Wenn ihr einen Server eintragt, "
                     "nimmt diese Seite Kontakt mit diesem Server auf, um ihre öffentliche "
                     "Adresse zu erfahren.",
    "net_panel": "Geräte an diesem Tisch",
    "net_seat_here": "{name}: verbunden",
    "net_seat_away": "{name}: nicht da",
    "net_seat_bot": "{name}: nicht da, ein Bot spielt so lange",
    "net_invite": "{name} einladen",
    "net_invite_again": "Neue Einladung für {name}",
    "net_to_bot": "Bot für {name} spielen lassen",
    "net_from_bot": "{name} spielt wieder selbst",
    "net_invite_title": "Einladung für {name}",
    "net_invite_text": "{name} scannt diesen Code mit der Handykamera (oder öffnet den Link) "
                       "und zeigt dir dann den Antwortcode.",
    "net_invite_link": "Einladungslink für {name}",
    "net_invite_qr": "QR-Code der Einladung für {name}",
    "net_answer_label": "Antwortcode von {name}",
    "net_answer_connect": "{name} verbinden",
    "net_scan_answer": "Antwort von {name} scannen",
    "net_scan_stop": "Kamera ausschalten",
    "net_scan_video": "Kamerabild",
    "net_no_camera": "Keine Kamera verfügbar (oder nicht erlaubt): Füge den Code stattdessen "
                     "ein.",
    "net_bad_code": "Das ist kein gültiger Code: {reason}",
    "net_wrong_code": "Dieser Code ist keine Antwort auf diese Einladung.",
    "net_connecting": "Verbindung wird aufgebaut …",
    "net_answer_read": "Die Antwort von {name} ist gelesen: Verbindung wird aufgebaut …",
    "net_connect_failed": "Keine Verbindung zu {name}. Beide Handys müssen im selben WLAN oder "
                          "Hotspot sein (oder einen STUN-Server nutzen). Erstelle eine neue "
                          "Einladung und versuche es noch einmal.",
    "net_answer_title": "Deine Antwort",
    "net_answer_text": "Zeig diesen Code dem Gastgeber (oder schick ihn als Text). Das Spiel "
                       "erscheint hier, sobald der Gastgeber ihn gelesen hat.",
    "net_answer_code": "Antwortcode",
    "net_answer_qr": "QR-Code der Antwort",
    "net_waiting_host": "Der Gastgeber wartet auf {names}.",
    "net_waiting_away": "Der Tisch wartet auf {names} (nicht da).",
    "net_host_thinking": "Der Tisch des Gastgebers ist zwischen zwei Runden.",
    "net_connected": "Verbunden: {names}.",
    "net_away": "Nicht da: {names}.",
    "net_lost": "Die Verbindung zum Gastgeber ist weg. Lass dir vom Gastgeber eine neue "
                "Einladung geben und scanne sie: Du bekommst deinen Platz zurück.",
    "net_rejoin": "Du hast an einem Tisch auf einem anderen Gerät gespielt. Scanne eine neue "
                  "Einladung des Gastgebers (oder füge sie ein), um deinen Platz "
                  "zurückzubekommen.",
    "net_err_illegal": "Der Gastgeber hat diesen Zug abgelehnt: {text}",
    "net_err_too_late": "Zu spät: Jemand war schneller. Es hat dich nichts gekostet.",
    "net_err_reload": "Diese Seite hat eine andere Cabo-Version als die des Gastgebers. Lade "
                      "die Seite neu (und die des Gastgebers) und tritt wieder bei.",
    "net_err_no_seat": "Dieser Platz ist schon von einem anderen Gerät besetzt.",
    "net_err_bad": "Der Gastgeber konnte eine Nachricht dieses Geräts nicht lesen.",
    "net_reload": "Neu laden",
    "net_guest_mark": "auf einem anderen Gerät",
}
