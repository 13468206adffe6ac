"""Every round worth a second look: a round rebuilt from its seed, rules and moves
(record.py), the round as a link (link.py, moves.py), the deal of the day (daily.py) and
the coach's review of a person's costliest decisions (review.py)."""
