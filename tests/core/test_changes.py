"""wargames.core.changes.replace: attrs.evolve for hot paths."""

import attrs
import pytest
from attrs import field, frozen

from wargames.core.changes import _stores_only, builder, replace


def _positive(_: object, __: object, value: int) -> None:
    if value <= 0:
        raise ValueError("positive")


@frozen
class Point:
    x: int = field(validator=_positive)
    y: int = 0
    _tag: str = "p"
    derived: int = field(init=False, default=7)


@frozen(kw_only=True)
class Labelled:
    name: str
    point: Point
    value: int = 0


def test_replace_changes_only_what_it_is_given() -> None:
    point = Point(1, 2, "q")
    assert replace(point, y=5) == Point(1, 5, "q")
    assert replace(point) == point
    assert replace(point, tag="r") == attrs.evolve(point, tag="r")


def test_replace_works_for_keyword_only_classes() -> None:
    labelled = Labelled(name="a", point=Point(1))
    assert replace(labelled, name="b") == Labelled(name="b", point=Point(1))
    assert replace(labelled, value=2) == Labelled(name="a", point=Point(1), value=2)


def test_replace_runs_the_validators() -> None:
    with pytest.raises(ValueError, match="positive"):
        replace(Point(1), x=0)


def test_replace_refuses_unknown_names() -> None:
    with pytest.raises(TypeError, match="Point has no field z"):
        replace(Point(1), z=3)
    with pytest.raises(TypeError):
        replace(Point(1), derived=3)


@frozen
class Mixed:
    a: int
    b: int = field(kw_only=True, default=0)
    c: int = 1


def test_replace_passes_positional_and_keyword_only_fields_alike() -> None:
    mixed = Mixed(1, b=2, c=3)
    assert replace(mixed, c=4) == Mixed(1, b=2, c=4)
    assert replace(mixed, b=5) == Mixed(1, b=5, c=3)
    assert replace(mixed, c=6, a=7) == replace(mixed, a=7, c=6) == Mixed(7, b=2, c=6)


def test_replace_refuses_unknown_names_whatever_it_replaced_before() -> None:
    point = Point(1)
    assert replace(point, y=3, tag="t") == Point(1, 3, "t")
    with pytest.raises(TypeError, match="Point has no field _tag, z"):
        replace(point, y=3, z=1, _tag="t")


# -- values whose __init__ only stores their fields: stored through the slots ----------------


@frozen
class Plain:
    a: int
    b: tuple[int, ...] = ()
    log: list[int] = field(factory=list)
    _cache: int | None = field(default=None, init=False, eq=False)


@frozen(cache_hash=True)
class Hashed:
    a: int
    b: int = 0


@frozen
class Converted:
    a: int = field(converter=int)
    b: int = 0


def test_a_value_whose_init_only_stores_is_copied_through_its_slots() -> None:
    plain = Plain(1, (2,), [3])
    object.__setattr__(plain, "_cache", 9)
    copy = replace(plain, b=(4,))
    assert copy == attrs.evolve(plain, b=(4,)) == Plain(1, (4,), [3])
    assert copy.log is plain.log  # passed on, not made again by the factory
    assert copy._cache is None  # a field left out of __init__ gets its default, as in __init__
    assert _stores_only(Plain)


def test_a_cached_hash_a_converter_or_a_validator_keeps_init() -> None:
    assert not any(_stores_only(cls) for cls in (Hashed, Converted, Point))
    hashed = replace(Hashed(1), b=2)
    assert hash(hashed) == hash(Hashed(1, 2))
    assert replace(Converted(1), a="7") == Converted(7)


def test_builder_makes_what_the_class_makes() -> None:
    build = builder(Plain)
    assert build is not Plain
    made = build(a=1, log=[2])
    assert made == Plain(1, (), [2])
    assert made._cache is None
    with pytest.raises(TypeError):
        build(a=1)  # a field with a factory is to be given
    with pytest.raises(TypeError):
        build(1, log=[])  # keywords only


def test_builder_is_the_class_itself_when_init_does_more() -> None:
    assert builder(Converted) is Converted
    assert builder(Point) is Point
