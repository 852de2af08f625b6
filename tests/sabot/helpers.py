"""Small helpers for the SABOT tests."""

from wargames.sabot import Sabot, SabotMap, SabotState


def field(columns: int = 12, rows: int = 12) -> Sabot:
    """A game on an open grassland map."""
    return Sabot(map=f"open:{columns}x{rows}")


def at(game: Sabot, state: SabotState, unit: int) -> str:
    """The map label of a unit's hex."""
    return game.map.label(state.units[unit].hex)


def play(game: Sabot, state: SabotState, *texts: str) -> SabotState:
    """Apply actions written in notation, each checked."""
    for text in texts:
        state = game.apply(state, game.parse_action(state, text))
    return state


def drawn(terrain: str, overlay: str | None = None) -> Sabot:
    """A game whose map is the drawing ``terrain`` (see data/maps.toml), for rule tests."""
    game = field()
    game.map = SabotMap.from_text(terrain, overlay, name="test")
    return game
