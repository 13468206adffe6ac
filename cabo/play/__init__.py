"""The drivers of a table: who acts next, in which order, until the round is over.

`cabo.game` says what may happen; this package says who does it next. The page's Session, the
net host, the arena, self-play, the bench and the bots' rollouts all ask `driver` the same
questions and get the same answers.
"""
