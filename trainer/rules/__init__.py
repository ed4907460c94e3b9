"""The rules of Skat, one door: :class:`SkatGame` (the rule profile and the house options)
makes a :class:`DealState`, the only state of a deal with public verbs; :class:`SeatView` is what one seat may
see of it and :class:`Outcome` its one verdict; the moves are the one vocabulary of a deal.

Behind the door, the machinery: ``settlement`` (list scores, kontra, Bock), ``extras`` (the Danish extras),
``bidding`` (the ladder and the auction), ``value`` (a game's value) and ``play`` (the card play). Read their
functions by module path; their states (``play.GameState``, ``bidding.Auction``) are the deal state's own.

Written by scripts/move_rules.py from ``game.__all__``: add a name there, run the script again.
"""

from trainer.rules.game import (
    Bid,
    Contract,
    DealState,
    Dealt,
    Declare,
    Discard,
    Hold,
    HouseOptions,
    Knock40,
    Kontra,
    Move,
    NoCall,
    Outcome,
    Pass,
    Phase,
    PickUp,
    PlayCard,
    RamseCall,
    RamsePass,
    Re,
    SeatView,
    SkatGame,
    Spoerge,
    SpoergeCall,
    SpoergeLevel,
    Throw,
    hand_game_matadors,
)

__all__ = [
    "Bid",
    "Contract",
    "DealState",
    "Dealt",
    "Declare",
    "Discard",
    "Hold",
    "HouseOptions",
    "Knock40",
    "Kontra",
    "Move",
    "NoCall",
    "Outcome",
    "Pass",
    "Phase",
    "PickUp",
    "PlayCard",
    "RamseCall",
    "RamsePass",
    "Re",
    "SeatView",
    "SkatGame",
    "Spoerge",
    "SpoergeCall",
    "SpoergeLevel",
    "Throw",
    "hand_game_matadors",
]
