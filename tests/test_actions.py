"""Actions are small immutable values: equal within their kind only, hashed by their fields,
frozen, shown and copied as the frozen dataclasses they replaced."""

from __future__ import annotations

import copy
import pickle
from dataclasses import FrozenInstanceError

import pytest

from cabo.game.actions import (
    ACTION_TYPES, DrawDeck, EndTurn, InitialPeek, KingSpy, Match, PairDiscard, Replace,
    Several, Spy, Swap, action_from_dict, action_to_dict)


def example(cls):
    """An action of the kind with distinct values in its fields."""
    values = {"seat": 1, "slot": 2, "target": 3, "target_slot": 4, "owner": 5,
              "slots": (0, 2), "cards": ((0, 1), (2, 3))}
    return cls(*(values[name] for name in cls.FIELDS))


@pytest.mark.parametrize("cls", list(ACTION_TYPES.values()), ids=list(ACTION_TYPES))
def test_an_action_is_a_value_of_its_kind(cls):
    a = example(cls)
    values = tuple(getattr(a, name) for name in cls.FIELDS)
    assert a == cls(*values) and not a != cls(*values)
    assert hash(a) == hash(cls(*values)) == hash(values)
    assert repr(a) == f"{cls.__name__}({', '.join(f'{n}={v!r}' for n, v in zip(cls.FIELDS, values))})"
    assert cls(**dict(zip(cls.FIELDS, values))) == a
    assert copy.copy(a) == a and copy.deepcopy(a) == a and pickle.loads(pickle.dumps(a)) == a
    assert action_from_dict(action_to_dict(a)) == a
    for name in cls.FIELDS:
        with pytest.raises(FrozenInstanceError):
            setattr(a, name, 0)
        with pytest.raises(FrozenInstanceError):
            delattr(a, name)
    with pytest.raises((AttributeError, TypeError)):
        a.other = 0
    assert getattr(a, "__dict__", None) is None
    changed = cls(*values[:-1], 9 if type(values[-1]) is int else (9,))
    assert a != changed


def test_kinds_with_the_same_fields_differ():
    assert DrawDeck(0) != EndTurn(0) and InitialPeek(0, (1,)) != Replace(0, (1,))
    assert Spy(0, 1, 2) != KingSpy(0, 1, 2)
    assert len({DrawDeck(0), EndTurn(0), DrawDeck(0)}) == 2
    assert DrawDeck(0) != (0,) and Match(0, 1, 2) != object()


def test_several_is_a_value_too():
    s = Several(Replace, 0, (0, 1, 2), 2, 3)
    assert s == Several(Replace, 0, (0, 1, 2), 2, 3) != Several(PairDiscard, 0, (0, 1, 2), 2, 3)
    assert hash(s) == hash((Replace, 0, (0, 1, 2), 2, 3))
    assert repr(s) == ("Several(kind=<class 'cabo.game.actions.Replace'>, seat=0, pool=(0, 1, 2), "
                       "least=2, most=3)")
    assert Replace(0, (0, 2)) in s and Replace(0, (2, 0)) not in s
    assert Swap(0, 1, 2, 3) not in s
    with pytest.raises(FrozenInstanceError):
        s.least = 1
