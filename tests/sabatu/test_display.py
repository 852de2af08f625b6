"""Pictures: ``game.tokens`` puts each occupied place of the board on its node, coloured by
its owner, with tooltips that tell only what the viewer may know (tile names never)."""

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from wargames.core.board import GraphBoard
from wargames.core.game import State
from wargames.render.svg import Drawable, player_colours
from wargames.sabatu import Battle, Capital, Sabatu, SabatuMercenaries, SabatuState
from wargames.sabatu.board import SabatuBoard
from wargames.testing import states

from .helpers import TWO, position

FOUR = Sabatu(players=4)
HIRING = SabatuMercenaries(players=3)
RED, BLUE = player_colours(TWO.players)["red"], player_colours(TWO.players)["blue"]


def _occupied(game: Sabatu, state: SabatuState) -> set[str]:
    """Every place with an army, and every unclaimed capital whose walls stay."""
    places = {game.board.node(a) for realm in state.realms for a in realm.armies}
    places |= {
        game.board.node(node)
        for node, capital in zip(game.board.capitals, state.capitals, strict=True)
        if capital.owner >= 0 or capital.walls
    }
    return places


def test_the_game_draws_on_its_graph_board() -> None:
    """``board`` is the game's :class:`SabatuBoard`, whose nodes have drawing coordinates."""
    assert isinstance(TWO, Drawable)
    assert isinstance(TWO.board, SabatuBoard)
    assert isinstance(TWO.board, GraphBoard)
    assert all({"x", "y"} <= set(TWO.board.attributes(n)) for n in TWO.board.nodes)


def test_armies_at_home_on_spaces_and_in_capitals() -> None:
    """Armies are labelled with their number; a capital with walls adds them (``2/1w``)."""
    state = position(
        armies={"red": ["home", "home", "nw.5"], "blue": ["se.3"]},
        capitals={"ne.capital": ("blue", 2, 1), "nw.capital": ("red", 1, 0)},
        coins={"red": [1, 3]},
        tiles={"red": ["sword"], "blue": ["shield", "ax"]},
    )
    shown = TWO.tokens(state)
    assert set(shown) == {"nw.home", "nw.5", "se.3", "ne.capital", "nw.capital"}
    assert {node: (t.label, t.owner, t.colour) for node, t in shown.items()} == {
        "nw.home": ("2", "red", RED),
        "nw.5": ("1", "red", RED),
        "se.3": ("1", "blue", BLUE),
        "ne.capital": ("2/1w", "blue", BLUE),
        "nw.capital": ("1", "red", RED),
    }
    assert shown["nw.home"].detail == "red: 2 armies at Home; coins 1 3; 1 tile"
    assert shown["ne.capital"].detail == (
        "blue: capital ne.capital, 2 armies (a garrison of 1), 1 wall"
    )
    assert not any(t.hidden for t in shown.values())


def test_an_unclaimed_capital_shows_the_walls_that_stay() -> None:
    """ "Walls ... remain": a capital emptied by a card keeps its walls and has no owner;
    an unclaimed capital without walls has no token."""
    state = position(armies={"red": ["home"], "blue": ["home"]})
    number = TWO.board.capitals.index(TWO.board.index("sw.capital"))
    capitals = list(state.capitals)
    capitals[number] = Capital(-1, 0, (0, 1))
    shown = TWO.tokens(state.with_changes(capitals=tuple(capitals)))
    assert set(shown) == {"nw.home", "se.home", "sw.capital"}
    walls = shown["sw.capital"]
    assert (walls.label, walls.owner, walls.detail) == (
        "2w",
        None,
        "unclaimed capital sw.capital, 2 walls",
    )


def test_a_battle_is_in_the_tooltips() -> None:
    state = position(armies={"red": ["nw.5"], "blue": ["nw.6"]}, step="battle")
    origin, target = TWO.board.index("nw.5"), TWO.board.index("nw.6")
    fight = Battle(attacker="red", defender="blue", owner="red", origin=origin, target=target)
    shown = TWO.tokens(state.with_changes(battle=fight), "blue")
    assert shown["nw.5"].detail == "red: army on nw.5; attacking nw.6"
    assert shown["nw.6"].detail == "blue: army on nw.6; attacked by red"


def test_a_hired_army_says_who_commands_it() -> None:
    """Variant #2: the hire is public."""
    state = position(HIRING, armies={"red": ["nw.5"], "blue": ["se.3"]})
    shown = HIRING.tokens(state.with_changes(hired=(HIRING.board.index("se.3"),)))
    assert shown["se.3"].detail == "blue: army on se.3; hired by red this turn"
    assert shown["se.3"].owner == "blue"


def _games_and_states() -> st.SearchStrategy[tuple[Sabatu, State]]:
    return st.sampled_from([FOUR, HIRING]).flatmap(
        lambda game: states(game, max_steps=200).map(lambda state: (game, state))
    )


@settings(max_examples=12, deadline=None)
@given(_games_and_states())
def test_tokens_are_what_each_player_may_see(drawn: tuple[Sabatu, State]) -> None:
    """One token per occupied place, on board nodes, owned as the state says; each player's
    tokens are those of their view, and no token names a tile, not even its holder's."""
    game, state = drawn
    assert isinstance(state, SabatuState)
    every = game.tokens(state)
    assert set(every) == _occupied(game, state)
    assert all(node in game.board for node in every)
    for node, token in every.items():
        index = game.board.index(node)
        if token.owner is not None:
            if index in game.board.capitals:
                capital = state.capitals[game.board.capitals.index(index)]
                assert token.owner == game.players[capital.owner]
            else:
                armies = state.realms[game.seat(token.owner)].armies
                assert token.label == str(armies.count(index))
    tile_names = re.compile(rf"\b({'|'.join(map(re.escape, game.tile_names))})\b")
    for player in game.players:
        seen = game.tokens(state, player)
        assert seen == game.tokens(game.view(state, player))
        assert seen == every, "nothing on the board is secret"
        for token in seen.values():
            assert not tile_names.search(token.label + " " + token.detail)


def test_describe_is_sentences_that_fit_80_columns_and_hide_tiles() -> None:
    """The text board words each player's armies, capitals ("north-east (2 armies, 1
    wall)"), coins and tiles (counted, face down to another player) in lines of at most 80
    columns, and whose turn it is."""
    state = position(
        armies={"red": ["home", "home", "nw.5", "nw.5", "ne.3", "sw.7"], "blue": ["se.3"]},
        capitals={"ne.capital": ("red", 2, 1), "sw.capital": ("red", 1, 0)},
        coins={"red": [1, 3]},
        tiles={"red": ["sword", "shield", "shield", "ax", "bow", "helmet", "spear"]},
        dice=(4, 2),
    )
    text = TWO.describe(state)
    assert max(map(len, text.split("\n"))) <= 80
    flat = " ".join(line.strip() for line in text.split("\n"))
    assert "Red (home north-west): 2 armies at Home, 1 army on ne.3, 2 armies on nw.5" in flat
    assert "Capitals: north-east (2 armies, 1 wall) and south-west (1 army, no walls)." in flat
    assert "Coins: 1 and 3. Tiles: an ax, a bow, a helmet, 2 shields, a spear and a sword." in flat
    assert "Blue (home south-east): 1 army on se.3. Coins: none. Tiles: none." in flat
    assert "Red's turn, moving. Dice: 4 and 2. To act: Red." in flat
    seen = " ".join(line.strip() for line in TWO.describe(state, "blue").split("\n"))
    assert "Coins: 1 and 3. Tiles: 7 tiles face down." in seen
    assert "shield" not in seen
