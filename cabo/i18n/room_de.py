"""Deutsche Texte der Online-Räume (cabo/net/room.py, cabo/web/roompage.py)."""

TEXTS = {
    "room_title": "Online-Raum",
    "room_intro": "Für Freunde anderswo: Stell oben deinen Namen, die Personen und die Bots "
                  "ein und eröffne dann einen Online-Raum. Jede und jeder tippt einen kurzen "
                  "Code ein und sitzt am Tisch. Die Seite nutzt dafür Dienste im Internet, um "
                  "die anderen Geräte zu finden; welche, siehst du, bevor etwas kontaktiert "
                  "wird.",
    "room_host": "Online-Raum eröffnen",
    "room_join_title": "Einem Online-Raum beitreten",
    "room_code_label": "Raum-Code vom Gastgeber",
    "room_join": "Beitreten",
    "room_bad_code": "Das ist kein Raum-Code: Ein Code hat 8 Buchstaben und Ziffern (ohne 0, "
                     "O, 1, I und L).",
    "room_consent_title": "Bevor der Online-Raum öffnet",
    "room_consent_text": "Bis jetzt hat diese Seite nichts außerhalb ihrer eigenen Website "
                         "kontaktiert. Ein Online-Raum kontaktiert diese Dienste im Internet:",
    "room_relays_head": "Relays (MQTT-Broker)",
    "room_relays_text": "Sie reichen das verschlüsselte Angebot und die Antwort jedes "
                        "Beitritts weiter (einige Kilobyte) und das verschlüsselte Spiel, "
                        "wenn sich kein direkter Weg zwischen den Geräten öffnet. Sie sehen "
                        "die Adressen der Geräte und wann sie sich verbinden, nicht, was "
                        "gesagt wird.",
    "room_stun_head": "STUN-Server",
    "room_stun_text": "Sie sagen jedem Gerät seine öffentliche Adresse, damit sich die Geräte "
                      "direkt erreichen. Sie sehen die Adresse des Geräts.",
    "room_none": "keine",
    "room_game_direct": "Das Spiel selbst läuft danach direkt zwischen den Geräten, wie in "
                        "einem WLAN; wo die Netze keinen direkten Weg erlauben (mobile Daten, "
                        "strenges WLAN), läuft es über die Relays, verschlüsselt mit dem "
                        "Raum-Code.",
    "room_way_direct": "Direkte Verbindung.",
    "room_way_relay": "Über das Relay.",
    "room_way_guest_direct": "Das Spiel läuft direkt zwischen deinem Gerät und dem des "
                             "Gastgebers.",
    "room_way_guest_relay": "Kein direkter Weg zwischen den Geräten: Das Spiel läuft über das "
                            "Relay, verschlüsselt mit dem Raum-Code.",
    "room_advanced": "Erweitert: Relays, STUN, TURN",
    "room_relays_label": "Relays (eine Adresse pro Zeile, ws:// oder wss://)",
    "room_stun_label": "STUN-Server (einer pro Zeile; leer: keiner)",
    "room_turn_label": "TURN-Server (freiwillig: leitet das Spiel weiter, wenn kein direkter "
                       "Weg geht)",
    "room_turn_user": "TURN-Benutzername",
    "room_turn_password": "TURN-Passwort",
    "room_open": "Kontaktieren und Raum eröffnen",
    "room_go_join": "Kontaktieren und beitreten",
    "room_back": "Zurück",
    "room_need_relay": "Trag unter „Erweitert“ mindestens ein Relay ein (ws:// oder wss://).",
    "room_panel": "Online-Raum",
    "room_code_for": "Code für {name}:",
    "room_link_for": "Link für {name}",
    "room_qr_for": "QR-Code des Raum-Links für {name}",
    "room_seat_here": "{name} sitzt am Tisch.",
    "room_seat_sits_out": "{name} ist da und setzt dieses Spiel aus: Ein Ersatz spielt.",
    "room_seat_waiting": "Warte auf {name}: Gib {name} den Code, den Link oder den QR-Code.",
    "room_relays_up": "Verbundene Relays: {up} von {all}.",
    "room_no_relay": "Keines der Relays hat innerhalb von {seconds} Sekunden geantwortet. "
                     "Prüf die Internetverbindung oder die Relays unter „Erweitert“, oder "
                     "spielt stattdessen über QR-Codes (gleiches WLAN oder Hotspot, ohne "
                     "Internet).",
    "room_close": "Online-Raum schließen",
    "room_leave": "Online-Raum verlassen",
    "room_looking": "Suche den Gastgeber von Raum {code} …",
    "room_found": "Tisch von {host} gefunden: verbinde …",
    "room_reconnecting": "Verbinde neu …",
    "room_no_seat": "Der Platz dieses Codes gehört einem anderen Gerät. Ist es dein Platz "
                    "(etwa auf einem neuen Handy), bitte den Gastgeber um einen neuen Code "
                    "(„Neuer Code für …“ auf dem Tisch des Gastgebers) und gib ihn hier ein.",
    "room_replaced": "Der Gastgeber hat deinen Platz mit einem neuen Code einem anderen Gerät "
                     "gegeben. Willst du auf diesem Gerät spielen, bitte den Gastgeber um "
                     "einen neuen Code und gib ihn hier ein.",
    "room_told_ok": "OK",
    "room_more": "Codes, Relays und Geräte",
    "room_again": "Nochmal spielen",
    "room_again_text": "Fragt alle am Tisch, ob sie noch ein Spiel spielen; alle behalten "
                       "Platz und Code.",
    "room_again_note": "{host} hat das neue Spiel begonnen. Du behältst deinen Platz.",
    "room_asking_head": "Noch ein Spiel?",
    "room_answer_yes": "{name}: ja",
    "room_answer_no": "{name}: nein",
    "room_answer_open": "{name}: hat noch nicht geantwortet",
    "room_answer_away": "{name}: nicht da",
    "room_start_text": "Starte, wann du willst. Wer bis dahin nicht Ja gesagt hat, wird von "
                       "einem Ersatz ({level}) gespielt, bis er Ja sagt oder zurückkommt.",
    "room_start": "Neues Spiel starten",
    "room_asked": "{host} fragt: Noch ein Spiel?",
    "room_yes": "Ja, mitspielen",
    "room_no": "Nein, diesmal nicht",
    "room_said_yes": "Du hast Ja gesagt. Du spielst mit, sobald {host} das neue Spiel "
                     "startet; du behältst deinen Platz.",
    "room_said_no": "Du hast Nein gesagt. Du bleibst im Raum; im neuen Spiel spielt ein "
                    "Ersatz deinen Platz, bis du Ja sagst.",
    "room_sitting_out": "Du setzt dieses Spiel aus: Ein Ersatz spielt deinen Platz.",
    "room_play_now": "Meinen Platz spielen",
    "room_standin_head": "Wenn jemand weg ist",
    "room_standin_after": "Ein Bot spielt für sie",
    "room_after_never": "nur wenn ich es sage",
    "room_after": "nach {minutes} Min. Abwesenheit",
    "room_standin_level": "Stufe dieses Bots",
    "room_renew": "Neuer Code für {name}",
    "room_renew_text": "Handy verloren oder neu? Ein neuer Code gibt den Platz dem Gerät, das "
                       "ihn eingibt; der alte Code und das alte Gerät von {name} gelten nicht "
                       "mehr.",
}
