"""English words of play across devices (cabo/net, cabo/web/netpage.py)."""

TEXTS = {
    "net_title": "Play with others",
    "net_intro": "Each person plays on their own phone; this device hosts the game. Set the "
                 "seats of the others to “a person”, then start: every such seat gets an "
                 "invitation to scan. Works on one Wi-Fi or one phone's hotspot, without "
                 "internet.",
    "net_host_start": "Host a game for other devices",
    "net_need_remote": "Set at least one seat other than the first to “a person”: those "
                       "seats are played on other devices.",
    "net_join_title": "Join a game",
    "net_join_label": "Invitation link or code from the host",
    "net_join": "Join",
    "net_scan_invite": "Scan the invitation with the camera",
    "net_stun_label": "STUN server (optional, for play across networks)",
    "net_stun_note": "Leave this empty on one Wi-Fi or hotspot. If you enter a server, this "
                     "page contacts that server to find its public address.",
    "net_panel": "Devices at this table",
    "net_seat_here": "{name}: connected",
    "net_seat_away": "{name}: away",
    "net_seat_bot": "{name}: away, a bot plays for now",
    "net_invite": "Invite {name}",
    "net_invite_again": "New invitation for {name}",
    "net_to_bot": "Let a bot play for {name}",
    "net_from_bot": "{name} plays again",
    "net_invite_title": "Invitation for {name}",
    "net_invite_text": "{name} scans this code with the phone's camera (or opens the link), "
                       "then shows you the answer code.",
    "net_invite_link": "Invitation link for {name}",
    "net_invite_qr": "QR code of the invitation for {name}",
    "net_answer_label": "Answer code from {name}",
    "net_answer_connect": "Connect {name}",
    "net_scan_answer": "Scan the answer of {name}",
    "net_scan_stop": "Stop the camera",
    "net_scan_video": "Camera picture",
    "net_no_camera": "No camera available (or not allowed): paste the code instead.",
    "net_bad_code": "That is not a valid code: {reason}",
    "net_wrong_code": "That code is not an answer to this invitation.",
    "net_connecting": "Connecting …",
    "net_answer_read": "The answer from {name} is read: connecting …",
    "net_connect_failed": "No connection to {name}. Both phones must be on the same Wi-Fi or "
                          "hotspot (or use a STUN server). Make a new invitation and try "
                          "again.",
    "net_answer_title": "Your answer",
    "net_answer_text": "Show this code to the host (or send it as text). The game appears here "
                       "once the host has read it.",
    "net_answer_code": "Answer code",
    "net_answer_qr": "QR code of the answer",
    "net_waiting_host": "The host is waiting for {names}.",
    "net_waiting_away": "The table waits for {names} (away).",
    "net_host_thinking": "The host's table is between rounds.",
    "net_connected": "Connected: {names}.",
    "net_away": "Away: {names}.",
    "net_lost": "The connection to the host is lost. Ask the host for a new invitation and "
                "scan it: you get your seat back.",
    "net_rejoin": "You were playing at a table on another device. Scan a new invitation from "
                  "the host (or paste it) to get your seat back.",
    "net_err_illegal": "The host refused that move: {text}",
    "net_err_too_late": "Too late: someone else was faster. It cost you nothing.",
    "net_err_reload": "This page runs another version of Cabo than the host's. Reload the "
                      "page (and the host's page) and join again.",
    "net_err_no_seat": "That seat is already taken by another device.",
    "net_err_bad": "The host could not read a message from this device.",
    "net_reload": "Reload",
    "net_guest_mark": "on another device",
}
