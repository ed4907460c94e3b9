"""Rule profiles: every number and switch that differs between the Danish textbook and the
international rules lives here, and nowhere else.

Functions across the engine take a :class:`RuleProfile` argument and read from it; there is no global
"current rules". ``DANISH`` and ``INTERNATIONAL`` are the two first-class instances.

>>> DANISH.grand_base, INTERNATIONAL.grand_base
(20, 24)
>>> INTERNATIONAL.base_value(GameType.SPADES)
11
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum

from trainer.cards import HAND_SIZE, TOTAL_CARD_POINTS, TRICKS_PER_GAME, Suit
from trainer.errors import N_, DeclarationError, Message
from trainer.games import Declaration, GameType
from trainer.text import english


class OverbidValuation(Enum):
    """How a lost overbid game is valued."""

    NEXT_MULTIPLE_OF_BASE = "next_multiple_of_base"
    """International: the smallest multiple of the declared game's base value that is >= the bid."""
    BID = "bid"
    """Danish: the game is settled on the bid the declarer won it for."""


class AllPass(Enum):
    """What happens when all three players pass."""

    PASSED_IN = "passed_in"
    """International: the deal is thrown in; the next dealer deals."""
    RAMSE = "ramse"
    """Danish: Ramse is played (skat passed round, then Ramse or Grand)."""
    RAMSCH = "ramsch"
    """International house option: Ramsch (Jacks only trumps, each for themselves, the skat to the last
    trick's winner, the most card points lose); no skat round, no Grand call."""


class KnockCall(Enum):
    """The defenders' doubling call the rules teach (RULES §8, §10)."""

    KONTRA = "kontra"
    """International house option: kontra doubles the game value, re doubles it again."""
    SPOERGE = "spoerge"
    """Danish: Spørge doubles the rates, knocking back doubles them again."""


class OuvertReveal(Enum):
    """When an open declarer's cards go on the table."""

    BEFORE_FIRST_LEAD = "before_first_lead"
    AFTER_DECLARERS_FIRST_CARD = "after_declarers_first_card"


LEVEL_CODES: tuple[str, ...] = (
    "matadors",
    "game",
    "hand",
    "schneider",
    "schneider_announced",
    "schwarz",
    "schwarz_announced",
    "ouvert",
    "musik",
)
"""Every level a game value can contain, in the international counting order."""


@dataclass(frozen=True)
class RuleProfile:
    """All numbers and switches of one rule set. Instances are immutable; derive house variants with
    :meth:`with_options`."""

    name: str
    title: str
    suit_base_values: tuple[int, int, int, int]
    """Base values indexed by Suit: diamonds, hearts, spades, clubs."""
    grand_base: int
    min_bid: int
    deal_packets: tuple[int, ...]
    """Packet sizes in dealing order; the packet at ``skat_packet`` goes to the skat, the others to each
    player in turn starting with forehand."""
    skat_packet: int
    cut_min_cards: int
    """The cut lifts at least this many cards and leaves at least this many."""
    knock_instead_of_cut: bool
    null_values: tuple[tuple[bool, bool, int], ...]
    """Allowed null games as (hand, ouvert, value). A null kind absent here is not allowed."""
    announcements_allowed: bool
    """Schneider/schwarz may be announced (hand games only)."""
    ouvert_requires_hand: bool
    """Suit/grand ouvert only as a hand game (international)."""
    ouvert_implies_schwarz_announced: bool
    """Suit/grand ouvert carries schneider and schwarz announced (international: ouvert = matadors + 7)."""
    max_musik: int
    opponents_schneider_max: int
    """The declarer's opponents are schneider when they end with at most this many card points."""
    declarer_schneider_max: int
    """A losing declarer is schneider with at most this many card points."""
    win_min_points: int
    """Card points (including the skat) the declarer needs to win a suit or grand game."""
    lost_factor: int
    """A lost game counts this many times its value against the declarer in the list."""
    overbid_valuation: OverbidValuation
    all_pass: AllPass
    null_ouvert_reveal: OuvertReveal
    """When a Nul-ouvert/null ouvert declarer's cards are opened (with skat pickup)."""
    open_reveal: OuvertReveal
    """When the other open games (suit/grand ouvert, Dækker / null ouvert hand) are opened."""
    daekker_premium_value: bool = False
    """House option (Danish): Dækker is worth :attr:`daekker_premium` instead of its usual value."""
    daekker_premium: int = 69
    """What Dækker is worth under the house option ``daekker_premium_value``."""
    level_order: tuple[str, ...] = LEVEL_CODES
    """The order in which the multiplier's levels are counted aloud (see :mod:`trainer.rules.value`)."""
    knock_call: KnockCall = KnockCall.KONTRA
    """The defenders' doubling call these rules teach (a table switches it on in its house options)."""
    slaa_40_an: bool = False
    """Slå 40 an (a knock of 40 after the first five cards, rates doubled) belongs to these rules."""
    thrown_on_bid: bool = False
    """A game thrown before the first lead is settled on the bid in every scheme (the textbook), not on the
    declared game's value (international: the declared value, or the overbid value when below the bid)."""
    default_scheme: str = "list"
    """The score sheet a table under these rules keeps unless it agrees on another (a key of
    :data:`trainer.calc.SCHEMES`): the plain list, the textbook's money."""
    danish_textbook: bool = False
    """These are the Danish textbook's rules as a whole. Only for a fitted model that takes the rule set as
    one input (the chance model's ``danish`` feature); a rule reads its own field, never this."""

    # ---- derived numbers ------------------------------------------------------------------------------
    def base_value(self, game: GameType) -> int:
        """Base value (Grundwert) of a suit or grand game."""
        if game is GameType.GRAND:
            return self.grand_base
        suit = game.trump_suit
        if suit is None:
            raise DeclarationError("A null game has a fixed value, not a base value.")
        return self.suit_base_values[int(suit)]

    def suit_base(self, suit: Suit) -> int:
        return self.suit_base_values[int(suit)]

    def null_value(self, hand: bool, ouvert: bool) -> int | None:
        """Fixed value of a null game, or None when the profile has no such null game."""
        for h, o, value in self.null_values:
            if h == hand and o == ouvert:
                return value
        return None

    # ---- the card-point thresholds (one place for won / schneider, used by value, solver and bots) ------
    def wins_on_points(self, declarer_points: int) -> bool:
        """Enough card points (skat included) to win a suit or grand game: 61 or more."""
        return declarer_points >= self.win_min_points

    def opponents_schneider(self, declarer_points: int) -> bool:
        """The defenders are schneider: they end with at most ``opponents_schneider_max`` (30)."""
        return TOTAL_CARD_POINTS - declarer_points <= self.opponents_schneider_max

    def declarer_schneider(self, declarer_points: int) -> bool:
        """The declarer is schneider: at most ``declarer_schneider_max`` card points (30)."""
        return declarer_points <= self.declarer_schneider_max

    def is_schneider(self, declarer_points: int) -> bool:
        """Either side is schneider (the level counts for the declarer's game value, won or lost)."""
        return self.opponents_schneider(declarer_points) or self.declarer_schneider(declarer_points)

    def list_score(self, won: bool, value: int) -> int:
        """The declarer's entry in the list: ``+value`` when won, ``-lost_factor × value`` when lost."""
        return value if won else -self.lost_factor * value

    @property
    def tricks_per_game(self) -> int:
        """Tricks in one game = cards in each hand (:data:`trainer.cards.TRICKS_PER_GAME`)."""
        return TRICKS_PER_GAME

    def __post_init__(self) -> None:
        dealt = sum(size for i, size in enumerate(self.deal_packets) if i != self.skat_packet)
        if dealt != HAND_SIZE:
            raise DeclarationError(f"The deal packets give each hand {dealt} cards, not {HAND_SIZE}.")

    @property
    def deal_pattern_text(self) -> str:
        """E.g. '3-2-4-3'."""
        return "-".join(str(n) for n in self.deal_packets)

    def with_options(self, **changes: object) -> RuleProfile:
        """A house variant of this profile, e.g. ``DANISH.with_options(daekker_premium_value=True)``."""
        variant = dataclasses.replace(self, **changes)  # type: ignore[arg-type]
        if variant.daekker_premium_value and not self.daekker_premium_value:
            variant = dataclasses.replace(
                variant,
                null_values=tuple(
                    (h, o, variant.daekker_premium if (h and o) else v) for h, o, v in variant.null_values
                ),
            )
        return variant

    # ---- declarations ----------------------------------------------------------------------------------
    def normalize(self, declaration: Declaration) -> Declaration:
        """Fill in what a declaration implies under this profile (international suit/grand ouvert carries
        hand, schneider and schwarz announced; schwarz announced carries schneider announced)."""
        d = declaration
        if d.game.is_null:
            return d
        if d.ouvert and self.ouvert_implies_schwarz_announced:
            d = dataclasses.replace(d, hand=True, schneider_announced=True, schwarz_announced=True)
        if d.schwarz_announced and not d.schneider_announced:
            d = dataclasses.replace(d, schneider_announced=True)
        return d

    def check_declaration(self, declaration: Declaration) -> Declaration:
        """Return the normalized declaration, or raise :class:`DeclarationError` saying why this profile
        does not allow it. (Whether it can reach the bid is checked in :mod:`trainer.rules.value`.)"""
        d = self.normalize(declaration)
        if d.game.is_null:
            if d.schneider_announced or d.schwarz_announced:
                raise DeclarationError.of(N_("Schneider or schwarz cannot be announced in a null game."))
            if d.musik:
                raise DeclarationError.of(N_("Musik belongs to suit and grand games, not to null games."))
            if self.null_value(d.hand, d.ouvert) is None:
                raise _null_refusal(self, d)
            return d
        if (d.schneider_announced or d.schwarz_announced) and not self.announcements_allowed:
            raise DeclarationError.of(
                N_(
                    "Announcing schneider or schwarz is not part of {profile}; "
                    "Skrædder and Sort only count when they happen."
                ),
                profile=self,
            )
        if (d.schneider_announced or d.schwarz_announced) and not d.hand:
            raise DeclarationError.of(
                N_("Schneider or schwarz can only be announced in a hand game (without picking up the skat).")
            )
        if d.ouvert and self.ouvert_requires_hand and not d.hand:
            raise DeclarationError.of(
                N_(
                    "Under the international rules a suit or grand game can only be played open (ouvert) "
                    "as a hand game."
                )
            )
        if d.musik < 0 or d.musik > self.max_musik:
            if self.max_musik == 0:
                raise DeclarationError.of(N_("Musik is not part of {profile}."), profile=self)
            raise DeclarationError.of(N_("Musik can be announced at most {n} times."), n=self.max_musik)
        return d


_NULL_FORMS = {
    (False, False): N_("({value})"),
    (True, False): N_("hand ({value})"),
    (False, True): N_("ouvert ({value})"),
    (True, True): N_("ouvert hand ({value})"),
}
"""How a null game the profile allows is listed: by its levels and fixed value (hand, ouvert)."""


def _null_refusal(profile: RuleProfile, d: Declaration) -> DeclarationError:
    allowed = tuple(Message(_NULL_FORMS[(h, o)], {"value": v}) for h, o, v in profile.null_values)
    return DeclarationError.of(
        N_("{game} is not a game in {profile}. Null games allowed: {allowed}."),
        game=Declaration(GameType.NULL, hand=d.hand, ouvert=d.ouvert),
        profile=profile,
        allowed=allowed,
    )


DANISH = RuleProfile(
    name="danish",
    title="Danish textbook",
    suit_base_values=(9, 10, 11, 12),
    grand_base=20,
    min_bid=24,
    deal_packets=(5, 2, 5),
    skat_packet=1,
    cut_min_cards=4,
    knock_instead_of_cut=True,
    null_values=((False, True, 46), (True, True, 59)),  # Nul-ouvert, Dækker
    announcements_allowed=False,
    ouvert_requires_hand=False,
    ouvert_implies_schwarz_announced=False,
    max_musik=2,
    opponents_schneider_max=29,  # "under 30": the textbook's wording
    declarer_schneider_max=30,  # "under 31"
    win_min_points=61,
    lost_factor=2,
    overbid_valuation=OverbidValuation.BID,
    all_pass=AllPass.RAMSE,
    null_ouvert_reveal=OuvertReveal.AFTER_DECLARERS_FIRST_CARD,
    open_reveal=OuvertReveal.BEFORE_FIRST_LEAD,
    # counted aloud as med/uden N, spil, på bordet, af hånden, then Skrædder, Sort and Musik
    level_order=("matadors", "game", "ouvert", "hand", "schneider", "schwarz", "musik"),
    knock_call=KnockCall.SPOERGE,
    slaa_40_an=True,
    thrown_on_bid=True,
    default_scheme="danish_money",
    danish_textbook=True,
)

INTERNATIONAL = RuleProfile(
    name="international",
    title="international",
    suit_base_values=(9, 10, 11, 12),
    grand_base=24,
    min_bid=18,
    deal_packets=(3, 2, 4, 3),
    skat_packet=1,
    cut_min_cards=4,
    knock_instead_of_cut=False,
    null_values=((False, False, 23), (True, False, 35), (False, True, 46), (True, True, 59)),
    announcements_allowed=True,
    ouvert_requires_hand=True,
    ouvert_implies_schwarz_announced=True,
    max_musik=0,
    opponents_schneider_max=30,
    declarer_schneider_max=30,
    win_min_points=61,
    lost_factor=2,
    overbid_valuation=OverbidValuation.NEXT_MULTIPLE_OF_BASE,
    all_pass=AllPass.PASSED_IN,
    null_ouvert_reveal=OuvertReveal.BEFORE_FIRST_LEAD,
    open_reveal=OuvertReveal.BEFORE_FIRST_LEAD,
)

PROFILES: dict[str, RuleProfile] = {DANISH.name: DANISH, INTERNATIONAL.name: INTERNATIONAL}


def get_profile(name: str) -> RuleProfile:
    """Look a profile up by name ('danish' or 'international'); a clear error otherwise."""
    try:
        return PROFILES[name]
    except KeyError:
        raise DeclarationError.of(
            N_("Unknown rule profile '{name}'. Choose one of: {options}."),
            name=name,
            options=", ".join(PROFILES),
        ) from None


@english.register(RuleProfile)
def _english_profile(profile: RuleProfile) -> str:
    return f"the {profile.title} rules"
