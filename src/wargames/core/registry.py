"""The game registry: a private table, a decorator, and the ``wargames.games`` entry points.

Built-in games register through the same entry-point group as third-party ones, so a
package adds a game with two lines of ``pyproject.toml``::

    [project.entry-points."wargames.games"]
    mygame = "mypackage:MyGame"

Entry points are read once, lazily, on the first look-up.  Names match case-insensitively.

A registered game's variants are its own (:func:`variants`): those its class declares in its
own body, else the class alone.  A plugin that subclasses a built-in variant does not inherit
the built-in table, so no variant code can swap the plugin's rules for the built-in ones.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, TypeVar

from wargames.core.errors import UnknownGame, UnknownOption, excerpt
from wargames.core.game import Game

__all__ = [
    "ENTRY_POINT_GROUP",
    "BrokenPluginWarning",
    "available",
    "games",
    "load",
    "register",
    "reload_entry_points",
    "variants",
]

ENTRY_POINT_GROUP = "wargames.games"

G = TypeVar("G", bound=type[Game[Any, Any]])

_games: dict[str, type[Game[Any, Any]]] = {}
_entry_points_read = False


def register(name: str, cls: type[Game[Any, Any]] | None = None, *, replace: bool = False) -> Any:
    """Register a game class under ``name``; usable as ``@register("name")``.

    :raises ValueError: if ``name`` is taken by another class and ``replace`` is false.
    """

    def decorate(game_cls: G) -> G:
        key = name.lower()
        existing = _games.get(key)
        if existing is not None and existing is not game_cls and not replace:
            raise ValueError(f"a game is already registered as {name!r}: {existing.__name__}")
        _games[key] = game_cls
        return game_cls

    return decorate if cls is None else decorate(cls)


class BrokenPluginWarning(UserWarning):
    """An entry point of ``wargames.games`` could not be loaded or is not a Game; it is skipped."""


def reload_entry_points() -> None:
    """Read the ``wargames.games`` entry points again (after installing a plugin at run time).

    A plugin that fails to import or is not a :class:`Game` subclass is skipped with a
    :class:`BrokenPluginWarning`, so one broken package does not hide every other game.
    """
    global _entry_points_read
    from importlib.metadata import entry_points  # a fifth of the import time: only when used

    for point in entry_points(group=ENTRY_POINT_GROUP):
        try:
            game_cls = point.load()
        except Exception as error:  # any import-time failure of somebody else's package
            warnings.warn(
                f"entry point {point.name!r} = {point.value} failed to load: {error!r}",
                BrokenPluginWarning,
                stacklevel=2,
            )
            continue
        if not (isinstance(game_cls, type) and issubclass(game_cls, Game)):
            warnings.warn(
                f"entry point {point.name!r} = {point.value} is not a Game subclass",
                BrokenPluginWarning,
                stacklevel=2,
            )
            continue
        _games.setdefault(point.name.lower(), game_cls)
    _entry_points_read = True


def _table() -> dict[str, type[Game[Any, Any]]]:
    if not _entry_points_read:
        reload_entry_points()
    return _games


def games() -> Mapping[str, type[Game[Any, Any]]]:
    """A read-only view of the registry: name -> game class."""
    return MappingProxyType(_table())


def available() -> list[str]:
    """The registered game names, sorted."""
    return sorted(_table())


def variants(game_cls: type[Game[Any, Any]]) -> Mapping[str, type[Game[Any, Any]]]:
    """The variants ``game_cls`` offers when registered: code -> class.

    The ``variants`` table declared in the class's own body (not one it inherits), else the
    class alone under its own ``variant`` code (nothing for a game without variant codes).
    """
    own: Mapping[str, type[Game[Any, Any]]] | None = vars(game_cls).get("variants")
    if own is not None:
        return own
    return {game_cls.variant: game_cls} if game_cls.variant else {}


def load(name: str, variant: str | None = None, **options: Any) -> Game[Any, Any]:
    """A game by name, optionally one of its :func:`variants`, configured with ``options``.

    :raises UnknownGame: for a name nobody registered.
    :raises UnknownOption: (a ``ValueError``) for an unknown variant or option, or a bad value.
    """
    if not isinstance(name, str):
        raise UnknownGame(f"a game's name is text, got {excerpt(name)}")
    if variant is not None and not isinstance(variant, str):
        raise UnknownOption(f"a variant's code is text, got {excerpt(variant)}")
    table = _table()
    game_cls = table.get(name.lower())
    if game_cls is None:
        known = ", ".join(sorted(table)) or "none"
        raise UnknownGame(f"no game named {excerpt(name)}; available: {known}")
    if variant is not None:
        game_cls = _variant(name, game_cls, variant)
    return game_cls(**options)


def _variant(name: str, game_cls: type[Game[Any, Any]], variant: str) -> type[Game[Any, Any]]:
    if variant.lower() == game_cls.variant.lower():
        return game_cls  # the registered class itself: a plugin's subclass keeps its code
    offered = variants(game_cls)
    found = {code.lower(): cls for code, cls in offered.items()}.get(variant.lower())
    if found is None:
        known = ", ".join(offered) or "none"
        raise UnknownOption(f"{name} has no variant {excerpt(variant)}; its variants: {known}")
    return found
