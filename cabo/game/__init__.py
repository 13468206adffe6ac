"""The rules engine: cards, rules, the state, actions, legality, the engine's `apply`, events
and their redaction, scoring and rounds, a seat's observation and the sampler of worlds.

It imports nothing of the drivers, bots, screens or the net above it (only `cabo.schema`, for
the save format); everything else is built on it.
"""
