"""Rules: every option of docs/RULES.md in one frozen dataclass, and the five presets.

The engine reads these values and never asks which preset it plays. A preset plus overrides
gives a custom rule set: `preset("party", hand_size=5)`.

`extras` switches on the party table of seed 001 (reactions, bot quips, clown nose, revenge
mark, achievements, round awards); it changes no rule of play. What each extra means, and the
decisions taken where the seed is unclear, are in the docstring of `cabo.party`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

POWERS = ("peek", "spy", "swap", "king")
CLASSIC_POWERS = ((7, "peek"), (8, "peek"), (9, "spy"), (10, "spy"), (11, "swap"), (12, "swap"))

# Allowed values of the options that are one of a few words.
CHOICES = {
    "deck": ("cabo", "standard"),
    "initial_peek": ("choose", "outer", "all"),
    "first_player": ("winner", "highest_total", "rotate", "random"),
    "power_on": ("drawn", "any_discard"),
    "match": ("off", "own", "any"),
    "match_window": ("until_draw", "anytime"),
    "wrong_match_card": ("back", "pile"),
    "scoring": ("official", "caller", "hut", "single"),
    "kamikaze": ("off", "hand", "cabo_zero"),
    "end_when": ("over", "reach"),
    "game_end": ("target", "host", "one_round"),
}


@dataclass(frozen=True)
class Rules:
    """One rule system. Defaults are the official rules (seed 000)."""

    name: str = "official"           # the preset this was made from ("custom" after edits)
    # cards
    deck: str = "cabo"               # "cabo": 0..13 without suits; "standard": A..K, four suits
    jokers: int = 0                  # jokers added, value 0, no power
    decks: int = 1                   # decks used with up to 4 players
    decks_large_table: int = 1       # decks used with 5 or 6 players
    min_players: int = 2
    max_players: int = 4
    red_king_value: int = 13         # standard deck only
    black_king_value: int = 13       # standard deck only
    # deal
    hand_size: int = 4
    initial_peek: str = "choose"     # "choose" peek_count slots, the "outer" pair, or "all"
    peek_count: int = 2
    start_discard: bool = True       # flip one card to start the discard pile
    first_player: str = "winner"     # who starts round 2+; round 1 is random
    # a turn
    take_discard: bool = True        # the top discard may be taken (then must replace)
    multi_replace: bool = True       # 2+ equal cards may be replaced by one
    wrong_multi_reveal: bool = True  # a wrong multi-replace shows the cards to everyone
    power_on: str = "drawn"          # "drawn": drawn from the deck and discarded; "any_discard"
    powers: tuple = CLASSIC_POWERS   # (rank, power) pairs
    one_eyed_king: bool = False      # the king power belongs to K♦ only
    protect_caller: bool = False     # swaps may not take the Cabo caller's cards
    # matching
    match: str = "off"               # "own" card, or "any" card (own or foreign), onto the discard
    match_window: str = "until_draw"  # open until the next player draws, or "anytime"
    pair_discard: bool = False       # 2+ equal cards (own and/or foreign) any time
    wrong_match_penalty: int = 1     # penalty cards for a wrong match
    wrong_match_card: str = "back"   # a wrong card goes "back" (revealed) or stays on the "pile"
    last_match_chance: bool = False  # after the last turn everyone may match, then says ready
    # Cabo
    cabo_instead: bool = True        # call instead of a turn
    cabo_after_turn: bool = False    # call right after one's own turn
    cabo_min_rounds: int = 0         # earliest once every player has had this many turns
    auto_cabo_empty: bool = False    # a player left without cards calls Cabo automatically
    reshuffle: bool = True           # empty deck: shuffle the discards; False: the round ends
    # scoring
    scoring: str = "official"        # "official", "caller" (party/standard52), "hut", "single"
    caller_penalty: int = 5          # added to a caller who is not lowest
    caller_bonus: int = 0            # subtracted from a caller who is strictly lowest (hut)
    kamikaze: str = "hand"           # "hand": 12,12,13,13; "cabo_zero": a Cabo call with sum 0
    kamikaze_points: int = 50
    most_points_win: bool = False    # single: the highest sum wins
    # game end
    game_end: str = "target"         # "target" total, "host" ends it, or "one_round"
    target: int = 100
    end_when: str = "over"           # "over": total > target; "reach": total >= target
    exact_target_reset: int | None = 50  # a total of exactly `target` is cut to this
    tiebreak: bool = False           # tie for the lowest total: a round among the tied only
    # the party table (seed 001, "Extras"; cabo/party)
    extras: bool = False             # reactions, quips, clown nose, revenge, achievements, awards

    def __post_init__(self):
        self.validate()

    @property
    def power_map(self) -> dict:
        """rank -> power name."""
        return dict(self.powers)

    def validate(self) -> None:
        """Raise ValueError naming the first option that is out of range."""
        for key, allowed in CHOICES.items():
            if getattr(self, key) not in allowed:
                raise ValueError(f"rules: {key} must be one of {allowed}, not {getattr(self, key)!r}")
        if not 2 <= self.min_players <= self.max_players <= 6:
            raise ValueError("rules: players must satisfy 2 <= min_players <= max_players <= 6")
        if not 1 <= self.hand_size <= 6:
            raise ValueError("rules: hand_size must be 1..6")
        if not 1 <= self.peek_count <= self.hand_size:
            raise ValueError("rules: peek_count must be 1..hand_size")
        if not (0 <= self.jokers <= 16 and 1 <= self.decks <= 4
                and 1 <= self.decks_large_table <= 4):
            raise ValueError("rules: jokers must be 0..16 and decks 1..4")
        if not 0 <= self.wrong_match_penalty <= 10 or self.cabo_min_rounds < 0:
            raise ValueError("rules: wrong_match_penalty must be 0..10, cabo_min_rounds >= 0")
        for rank, power in self.powers:
            if power not in POWERS or not 0 <= rank <= 13:
                raise ValueError(f"rules: bad power {rank}: {power}")
        if not (self.cabo_instead or self.cabo_after_turn or self.reshuffle is False):
            raise ValueError("rules: Cabo must be callable somehow (cabo_instead or cabo_after_turn)")
        if self.pair_discard and self.match == "off":
            raise ValueError("rules: pair_discard needs matching (match own or any)")

    def check_players(self, n: int) -> None:
        """Raise ValueError unless n players may play under these rules."""
        if not self.min_players <= n <= self.max_players:
            raise ValueError(f"{self.name}: {self.min_players}-{self.max_players} players, not {n}")
        cards = (52 * (self.decks if n <= 4 else self.decks_large_table)) + self.jokers
        if n * self.hand_size + 1 > cards:
            raise ValueError("not enough cards for that many players")

    def to_dict(self) -> dict:
        """A JSON-safe dict of every option."""
        # every option is a str, int, float, bool or None but `powers` (asdict would deep-copy
        # them all: a third of a save's time)
        d = {name: getattr(self, name) for name in _OPTION_NAMES}
        d["powers"] = [[rank, power] for rank, power in self.powers]
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "Rules":
        """Rules from `to_dict` output; unknown keys or bad values raise ValueError."""
        if not isinstance(d, dict):
            raise ValueError("rules must be a dict")
        known = {f.name for f in fields(cls)}
        unknown = set(d) - known
        if unknown:
            raise ValueError(f"rules: unknown options {sorted(unknown)}")
        d = dict(d)
        defaults = cls()
        for key, value in d.items():
            default = getattr(defaults, key)
            if key == "powers" or (key == "exact_target_reset" and value is None):
                continue
            if type(value) is not type(default if default is not None else 0):
                raise ValueError(f"rules: {key} must be a {type(default).__name__}")
        if "powers" in d:
            d["powers"] = tuple((int(rank), str(power)) for rank, power in d["powers"])
        return cls(**d)

    def with_options(self, **changes) -> "Rules":
        """A copy with some options changed; its name becomes "custom" unless given."""
        changes.setdefault("name", "custom" if changes else self.name)
        return replace(self, **changes)


PRESETS: dict[str, Rules] = {
    # seed 000: the published rules
    "official": Rules(),
    # seed 001: an app's house rules
    "party": Rules(
        name="party", take_discard=False, match="any", match_window="anytime",
        pair_discard=True, wrong_match_penalty=1, wrong_match_card="back",
        last_match_chance=True, cabo_after_turn=True, cabo_min_rounds=3, auto_cabo_empty=True,
        first_player="highest_total", scoring="caller", caller_penalty=10, kamikaze="off",
        game_end="host", exact_target_reset=None, extras=True),
    # seed 002: standard 52-card deck, red king -1
    "standard52": Rules(
        name="standard52", deck="standard", red_king_value=-1, decks_large_table=2,
        max_players=6, initial_peek="outer", first_player="rotate", multi_replace=False,
        power_on="any_discard", match="own", match_window="until_draw",
        last_match_chance=True, auto_cabo_empty=True, scoring="caller", caller_penalty=10,
        kamikaze="off", end_when="reach", exact_target_reset=None, tiebreak=True),
    # seed 003: mountain-hut rules, black kings 0
    "hut": Rules(
        name="hut", deck="standard", black_king_value=0, start_discard=False,
        first_player="rotate", multi_replace=False,
        powers=((7, "peek"), (8, "peek"), (9, "spy"), (10, "spy"), (11, "swap")),
        match="own", match_window="until_draw", wrong_match_penalty=2, wrong_match_card="pile",
        last_match_chance=True, cabo_instead=False, cabo_after_turn=True, auto_cabo_empty=True,
        scoring="hut", caller_penalty=20, caller_bonus=20, kamikaze="off", end_when="reach",
        exact_target_reset=None),
    # seed 004: one round online, jokers and the king's power
    "single": Rules(
        name="single", deck="standard", jokers=2, first_player="random",
        wrong_multi_reveal=False, powers=CLASSIC_POWERS + ((13, "king"),),
        reshuffle=False, scoring="single", kamikaze="off", game_end="one_round",
        exact_target_reset=None),
}


def preset(name: str, **overrides) -> Rules:
    """The named preset, with optional option overrides (then named "custom")."""
    try:
        rules = PRESETS[name]
    except KeyError:
        raise ValueError(f"unknown preset {name!r}; presets: {', '.join(PRESETS)}") from None
    return rules.with_options(**overrides) if overrides else rules


_OPTION_NAMES = tuple(f.name for f in fields(Rules))
