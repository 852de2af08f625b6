"""The game registry: a private table, a decorator, and the ``wargames.games`` entry points.

Built-in games register through the same entry-point group as third-party ones, so a
package adds a game with two lines of ``pyproject.toml``::

    [project.entry-points."wargames.games"]
    mygame = "mypackage:MyGame"

The entry points' names are read once, on the first look-up, without importing anything; a
game's plugin is imported when that game is first asked for (:func:`load`, :func:`game_class`),
so naming one game imports no other.  :func:`games` and :func:`reload_entry_points` import them
all.  Names match case-insensitively; a name given to :func:`register` wins over an entry point
of that name read later, and a name an entry point offers is taken by its class.

A registered game's variants are its own (:func:`variants`): those its class declares in its
own body, else the class alone.  A plugin that subclasses a built-in variant does not inherit
the built-in table, so no variant code can swap the plugin's rules for the built-in ones.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

from wargames.core.errors import UnknownGame, UnknownOption, excerpt
from wargames.core.game import Game

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

__all__ = [
    "ENTRY_POINT_GROUP",
    "BrokenPluginWarning",
    "available",
    "game_class",
    "games",
    "load",
    "register",
    "reload_entry_points",
    "variants",
]

ENTRY_POINT_GROUP = "wargames.games"

G = TypeVar("G", bound=type[Game[Any, Any]])

_games: dict[str, type[Game[Any, Any]]] = {}  # registered, or loaded from an entry point
_points: dict[str, tuple[EntryPoint, ...]] | None = None  # lower-case name -> its entry points
_broken: set[str] = set()  # names whose every entry point failed to give a Game
_loading: set[str] = set()  # names whose entry point is being imported right now


def register(name: str, cls: type[Game[Any, Any]] | None = None, *, replace: bool = False) -> Any:
    """Register a game class under ``name``; usable as ``@register("name")``.

    :raises ValueError: if ``name`` is taken by another class (registered, or offered by an
        entry point) and ``replace`` is false.
    """

    def decorate(game_cls: G) -> G:
        key = name.lower()
        existing = _games.get(key)
        if existing is None and not replace and key not in _loading:
            existing = _loaded(key)  # a plugin registering itself while loading is no rival
        if existing is not None and existing is not game_cls and not replace:
            raise ValueError(f"a game is already registered as {name!r}: {existing.__name__}")
        _games[key] = game_cls
        return game_cls

    return decorate if cls is None else decorate(cls)


class BrokenPluginWarning(UserWarning):
    """An entry point of ``wargames.games`` could not be loaded or is not a Game; it is skipped."""


def _read() -> dict[str, tuple[EntryPoint, ...]]:
    """The ``wargames.games`` entry points by lower-case name, read once; none is imported."""
    global _points
    if _points is None:
        from importlib.metadata import entry_points  # a fifth of the import time: only when used

        found: dict[str, tuple[EntryPoint, ...]] = {}
        for point in entry_points(group=ENTRY_POINT_GROUP):
            key = point.name.lower()
            found[key] = (*found.get(key, ()), point)
        _points = found
    return _points


def _loaded(key: str) -> type[Game[Any, Any]] | None:
    """The game registered as ``key``, else the first of its entry points that imports and
    is a :class:`Game` subclass (each one that is not is skipped with a warning), else None."""
    if key in _games:
        return _games[key]
    if key in _broken:
        return None
    _loading.add(key)
    try:
        for point in _read().get(key, ()):
            game_cls = _import(point)
            if game_cls is not None:
                return _games.setdefault(key, game_cls)  # unless it registered another
    finally:
        _loading.discard(key)
    if key in _read():
        _broken.add(key)
    return None


def _import(point: EntryPoint) -> type[Game[Any, Any]] | None:
    """The class ``point`` names, or None (with a :class:`BrokenPluginWarning`)."""
    try:
        game_cls = point.load()
    except Exception as error:  # any import-time failure of somebody else's package
        warnings.warn(
            f"entry point {point.name!r} = {point.value} failed to load: {error!r}",
            BrokenPluginWarning,
            stacklevel=2,
        )
        return None
    if not (isinstance(game_cls, type) and issubclass(game_cls, Game)):
        warnings.warn(
            f"entry point {point.name!r} = {point.value} is not a Game subclass",
            BrokenPluginWarning,
            stacklevel=2,
        )
        return None
    return game_cls


def reload_entry_points() -> None:
    """Read the ``wargames.games`` entry points again (after installing a plugin at run time)
    and import every one not yet loaded.

    A plugin that fails to import or is not a :class:`Game` subclass is skipped with a
    :class:`BrokenPluginWarning`, so one broken package does not hide every other game.
    """
    global _points
    _points = None
    _broken.clear()
    games()


def games() -> Mapping[str, type[Game[Any, Any]]]:
    """A read-only view of the registry, name -> game class, with every plugin imported (a
    broken one skipped with a :class:`BrokenPluginWarning`)."""
    for key in _read():
        _loaded(key)
    return MappingProxyType(_games)


def available() -> list[str]:
    """The registered game names, sorted, imported or not.

    Nothing is imported to list them: an entry point's name is listed until a look-up finds
    its plugin broken (:func:`games` looks every one up).
    """
    return sorted(_games.keys() | _read().keys() - _broken)


def game_class(name: str) -> type[Game[Any, Any]]:
    """The class registered as ``name`` (any case), importing its plugin and no other.

    :raises UnknownGame: for a name nobody registered, or whose plugin is broken.
    """
    return _found(_key(name), name)


def _key(name: object) -> str:
    if not isinstance(name, str):
        raise UnknownGame(f"a game's name is text, got {excerpt(name)}")
    return name.lower()


def _found(key: str, name: str) -> type[Game[Any, Any]]:
    game_cls = _loaded(key)
    if game_cls is None:
        known = ", ".join(available()) or "none"
        raise UnknownGame(f"no game named {excerpt(name)}; available: {known}")
    return game_cls


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
    """A game by name, optionally one of its :func:`variants`, configured with ``options``;
    only its own plugin is imported.

    :raises UnknownGame: for a name nobody registered.
    :raises UnknownOption: (a ``ValueError``) for an unknown variant or option, or a bad value.
    """
    key = _key(name)
    if variant is not None and not isinstance(variant, str):
        raise UnknownOption(f"a variant's code is text, got {excerpt(variant)}")
    game_cls = _found(key, name)
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
