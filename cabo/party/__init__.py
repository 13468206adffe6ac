"""The party table of seed 001 ("Extras", "🏆 Bestenliste"), derived from the engine's events.

Everything here reads the *public* view of events (`Event.view(None)`): what every seat at the
table saw. Nothing depends on a face-down card, so a bot's quip never tells what the bot knows,
and the screen shows nothing it could not show anyway. The state of the extras (counters of the
round, revenge marks, clown noses, the quips' generator) is saved with the game (`Session`).

The extras are switched on by the rules option `extras` (on in `party`, available to every
preset in the custom rules editor). An extra that a rule set makes impossible is left out
(`available`): without foreign matching there is no thief and no revenge, without matching no
double match, memory king or fastest hand.

Seed text and the decisions taken where it is unclear:

- Reactions ("Tippe unten auf ein Emoji – es fliegt für alle sichtbar über deinen Platz"):
  six emoji (`reactions.EMOJI`); one person may send one every 0.7 s and at most 4 in 8 s
  (`reactions.RateLimit`); a reaction flies over the sender's seat for 2.5 s. Reactions go
  through `Session.react`, so they can be sent to other devices like an action.
- Bot quips ("Die Bots haben auch ein paar Sprüche drauf"): by situation (a won or lost Cabo,
  another's Cabo call, a penalty card, a good match, being swapped, a kamikaze), with a chance
  per situation, at most one quip per game step, never two within 3 steps, and one bot not
  again within 6 steps (`quips`). Quips come with the move that caused them, so they follow the
  bots' pace. Their generator is its own (seeded from the game's seed), so quips never change
  the deal or a bot's choice.
- 🤡 Clown nose ("Wer sein Cabo verliert, trägt sie bis zum Ende der nächsten Runde"): a Cabo is
  lost when the caller is not among the round's winners. The nose is put on at that reveal and
  worn through the next round; it comes off at that round's end (unless the wearer loses a Cabo
  again there, which gives a new nose for the round after).
- 🃏 Poker-face meter ("wie viele Cabo-Rufe Bluffs waren (verloren)"): lost Cabo calls out of all
  Cabo calls of a person, shown on the leaderboard (`board`).
- 🎯 Revenge ("Wer dir eine Strafkarte gibt, wird für deinen nächsten Swap markiert"): a penalty
  card *given* to you is the card a snapper gives you after discarding one of your cards
  ("give" events; penalty cards from the deck have no giver). Every giver is marked (a set);
  the marks stand, across rounds, until your next swap (a swap power or the king's swap). If
  that swap takes a card of a marked player you earn "Rache ist süß"; either way that swap
  clears your marks. A mark is shown on the marked player to the person it belongs to.
- 🎯 Doppel-Drauflegen: two correct matches in a row by one player on one chain of discards: a
  player matches the top discard, and the next card to land on the pile is again a correct
  match by the same player (the matched card is the new top, so this is e.g. a 9 on a 9 on a
  9). Draws and given cards do not break the chain; any other card landing on the pile, a
  wrong match by that player, or the pile's top being taken does. Once per chain.
- 🦝 Dieb ("3 fremde Karten in einer Runde"): three foreign cards discarded correctly in one
  round (single matches and pair discards count each foreign card). Once per round.
- 🐘 Gedächtnis-Elefant ("Cabo mit höchstens 3 Punkten"): the caller's *card sum* at the reveal is
  at most 3, won or not (the points of a won Cabo are always 0, so "Punkte" means the cards).
- 🔥 Rache ist süß: see revenge.
- ✨ Weiße Weste ("0 Punkte"): a card sum of at most 0 at the reveal (no cards left, or zeros; a
  red king of −1 counts too) — read like the elephant: the cards, not the scored points (a won
  Cabo always scores 0 and would make the vest trivial).
- Round awards at the reveal: 👑 Gedächtnis-König: most cards discarded correctly by matching
  (single matches and pair discards); 🐦 Pechvogel: most penalty cards received (from the deck
  after a wrong match or a wrong multi-replace, and cards given by snappers); ⚡ Schnellste
  Hand: the quickest correct match, timed from the moment the matched-upon card landed on the
  pile; a person's time is their real reaction time as the page measured it (`Session.act`'s
  `at_ms`), a bot's time is its human-like reaction delay (`Bot.reaction_ms`, whatever the
  speed setting). Ties share an award; nobody gets an award for a count of 0.
- Achievements are shown as a toast when earned, listed at the reveal, and collected per person
  in the statistics.
- 🏆 Leaderboard ("Sortiert nach gewonnenen Runden … Gezählt werden nur Partien mit mindestens 2
  echten Spielern – Bots zählen nie"): see `board`. A game counts once two or more seats are
  played by people; bots never appear. Rounds are counted as they are scored, games when their
  first round is scored, game wins when the game ends. The statistics screen counts every game
  of a person on this device (also against bots); the leaderboard counts only the games that
  count. People are the same person when their names are equal ignoring case and spaces around.
"""

from .tracker import ACHIEVEMENTS, AWARDS, PartyTracker, available

__all__ = ["ACHIEVEMENTS", "AWARDS", "PartyTracker", "available"]
