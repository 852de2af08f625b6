"""The five variants of regular Sabotage (SG).  Each differs only in its data
(``data/variants.toml``), selected by its code; the rules are Sabotage's.

* SM, Mini Sabotage: 20 pieces on an 8x8 board.
* SR, Sabotage Rush: four moves a turn.
* SO, Sabotage Open Rush: Rush without volcanoes, five moves a turn.
* SN, Mini Sabotage Rush: Mini without volcanoes, three moves a turn.
* SC, Corner Sabotage: Open Rush set up in corner triangles, with six extra pieces.
"""

from __future__ import annotations

from wargames.sabotage.rules import Sabotage

__all__ = [
    "CornerSabotage",
    "MiniSabotage",
    "MiniSabotageRush",
    "SabotageOpenRush",
    "SabotageRush",
]


class MiniSabotage(Sabotage):
    """SM: "fewer pieces (20 instead of 30) and is played on a smaller 8 by 8 square board"."""

    variant = "SM"


class SabotageRush(Sabotage):
    """SR: "you must move four of your pieces in every turn instead of just two"."""

    variant = "SR"


class SabotageOpenRush(SabotageRush):
    """SO: "no volcanos on the board, and you get 5 moves per turn instead of 4"."""

    variant = "SO"


class MiniSabotageRush(MiniSabotage):
    """SN: Mini "except that there are no volcanos on the board, and each player gets 3 moves"."""

    variant = "SN"


class CornerSabotage(SabotageOpenRush):
    """SC: Open Rush set up "in a triangular pattern in the corners", with six more pieces."""

    variant = "SC"


Sabotage.variants = {
    cls.variant: cls
    for cls in (
        Sabotage,
        MiniSabotage,
        SabotageRush,
        SabotageOpenRush,
        MiniSabotageRush,
        CornerSabotage,
    )
}
