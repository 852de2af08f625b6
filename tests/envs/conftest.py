"""The games the adapters are tested on: every registered game with an action space."""

from __future__ import annotations

import wargames
from wargames.core.game import Game


def learnable() -> list[str]:
    """Registered games that give an action space and observation tensors."""
    return [
        name
        for name in wargames.available()
        if type(wargames.load(name)).every_action is not Game.every_action
        and type(wargames.load(name)).encode_view is not Game.encode_view
    ]
