"""Fixed dice for exact tests: a seeded stream that rolls the faces a worked example needs."""

from __future__ import annotations

from wargames.core.dice import Die, pool
from wargames.core.rng import Rng

__all__ = ["rng_rolling", "seed_rolling"]


def seed_rolling(die: Die, *faces: int, tries: int = 10_000_000) -> int:
    """The smallest seed whose stream's first ``len(faces)`` rolls of ``die`` are exactly
    ``faces``, in order: ``game.start(seed)`` or ``position(..., seed=seed)`` then rolls them.

    The search tries seeds one by one (the stream is unpredictable by design), so keep
    ``faces`` short: each face multiplies the expected search by the die's sides.

    :raises ValueError: for a face the die does not have, or if no seed below ``tries`` fits.
    """
    missing = [face for face in faces if face not in die.faces]
    if missing:
        raise ValueError(f"{die} has no face {missing[0]}")
    dice = pool(len(faces), die)
    for seed in range(tries):
        if dice.roll(Rng.from_seed(seed))[0] == faces:
            return seed
    raise ValueError(f"no seed below {tries} rolls {faces}")


def rng_rolling(die: Die, *faces: int, tries: int = 10_000_000) -> Rng:
    """A stream whose next ``len(faces)`` rolls of ``die`` are exactly ``faces``, in order.

    Put it in a state (``attrs.evolve(state, rng=...)``) to replay a rule text's worked
    example with its dice (see :func:`seed_rolling`).

    >>> from wargames.core.dice import d6
    >>> pool(2, d6).roll(rng_rolling(d6, 5, 2))[0]
    (5, 2)
    """
    return Rng.from_seed(seed_rolling(die, *faces, tries=tries))
