"""The Danish textbook's extras (RULES §8, §9): Musik, Spørge, Slå 40 an, Ramse, the end of an evening,
and the international house option Ramsch.

The numbers these rules use (40, 101, the doubling factor) live in :class:`DanishExtras`, a frozen
configuration with the textbook's values as defaults, so a table can agree on others.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from trainer.cards import TOTAL_CARD_POINTS, Card, format_cards
from trainer.errors import N_, DeclarationError, SkatError, SkatExchangeError
from trainer.games import SUIT_GAMES, Declaration, GameType
from trainer.profiles import RuleProfile
from trainer.rules.bidding import hand_value
from trainer.rules.value import ValueBreakdown, lowest_trumps, trump_order


@dataclass(frozen=True)
class DanishExtras:
    """Agreed numbers of the extras; defaults are the textbook's."""

    slaa_40_an_value: int = 40
    """Knocking after five cards is a bid of this value."""
    ramse_take_all_points: int = 101
    """A Ramse player with at least this many card points wins outright."""
    doubling_factor: int = 2
    """Spørge, knocking back and Slå 40 an each multiply the rates by this."""
    skat_pass_size: int = 2
    """Cards passed on in Ramse's skat round."""
    spoerge_latest_cards_played: int = 1
    """An opponent may knock (Spørge) until this many cards have been played: at the latest after the lead."""


DANISH_EXTRAS = DanishExtras()


# --- Musik ---------------------------------------------------------------------------------------------
def musik_cards(game: GameType, musik: int) -> tuple[Card, ...]:
    """The trumps Musik must win the last trick(s) with, lowest first: the 7 of trumps (grand: ♦J), then
    for two Musik the 8 of trumps (grand: ♥J) for the second-to-last trick **[choice]**."""
    if game.is_null:
        raise DeclarationError.of(N_("Musik belongs to suit and grand games; a null game has no trumps."))
    return lowest_trumps(game, musik)


def check_musik_hand(profile: RuleProfile, declaration: Declaration, hand: Iterable[Card]) -> None:
    """Refuse a Musik announcement when the declarer's playing hand lacks the trump(s) it needs."""
    d = profile.check_declaration(declaration)
    if not d.musik:
        return
    held = set(hand)
    missing = [card for card in musik_cards(d.game, d.musik) if card not in held]
    if missing:
        if d.musik > 1:
            raise DeclarationError.of(
                N_(
                    "Musik in {game} means winning the last trick with {card} (and the one before with the "
                    "next-lowest trump); you do not hold {missing}."
                ),
                game=d.game,
                card=musik_cards(d.game, 1),
                missing=tuple(missing),
            )
        raise DeclarationError.of(
            N_("Musik in {game} means winning the last trick with {card}; you do not hold {missing}."),
            game=d.game,
            card=musik_cards(d.game, 1),
            missing=tuple(missing),
        )


class MusikTrick(NamedTuple):
    """One of the last tricks as Musik sees it: the declarer's card and whether the declarer won the trick."""

    declarer_card: Card
    declarer_won: bool


def musik_fulfilled(game: GameType, musik: int, last_tricks: Sequence[MusikTrick]) -> bool:
    """Did the declarer win the last trick with the lowest trump (and, for two Musik, the trick before with
    the second-lowest)? ``last_tricks`` are in play order, the final trick last."""
    if musik == 0:
        return True
    needed = musik_cards(game, musik)
    if len(last_tricks) < musik:
        raise SkatError.of(N_("Checking {n} Musik needs the last {n} trick(s)."), n=musik)
    for i, card in enumerate(needed):
        trick = last_tricks[-1 - i]
        if not (trick.declarer_won and trick.declarer_card == card):
            return False
    return True


# --- Spørge and Slå 40 an -----------------------------------------------------------------------------
class Spoerge(Enum):
    """An opponent's knock (Spørge) and the declarer's answer."""

    NONE = "none"
    KNOCKED = "knocked"
    """An opponent knocked; the declarer plays on: rates doubled."""
    KNOCKED_BACK = "knocked_back"
    """The declarer knocked back (slå kontra): doubled again."""
    THROWN = "thrown"
    """The declarer threw the cards after the knock: lost at the normal rate."""


def may_knock(cards_played: int, config: DanishExtras = DANISH_EXTRAS) -> bool:
    """Is Spørge still allowed with this many cards of the game played?"""
    return 0 <= cards_played <= config.spoerge_latest_cards_played


def rate_factor(
    spoerge: Spoerge = Spoerge.NONE, *, slaa_40_an: bool = False, config: DanishExtras = DANISH_EXTRAS
) -> int:
    """How many times the agreed rates are paid: Spørge ×2, knocking back ×2 again, Slå 40 an ×2."""
    doublings = {Spoerge.NONE: 0, Spoerge.KNOCKED: 1, Spoerge.KNOCKED_BACK: 2, Spoerge.THROWN: 0}[spoerge]
    doublings += int(slaa_40_an)
    return int(config.doubling_factor**doublings)


@dataclass(frozen=True)
class Slaa40Check:
    """Whether a player who knocked 40 after five cards can make 40 with the full ten in their game."""

    holds: bool
    breakdown: ValueBreakdown
    needed: int

    @property
    def explanation(self) -> str:
        verdict = "holds" if self.holds else f"fails: the game is lost at {self.needed} without play"
        game = self.breakdown.declaration.describe()
        return f"{game.capitalize()}: {self.breakdown.english_words()} — the knock {verdict}."


def longest_trump_suit(hand: Iterable[Card]) -> GameType:
    """The suit game with the most trumps in the hand (Jacks included); ties go to the higher base value."""
    cards = list(hand)

    def trumps(game: GameType) -> tuple[int, int]:
        return (sum(card in trump_order(game) for card in cards), int(SUIT_GAMES.index(game)))

    return max(SUIT_GAMES, key=trumps)


def slaa_40_an_check(
    profile: RuleProfile,
    hand10: Iterable[Card],
    game: GameType | Declaration | None = None,
    *,
    config: DanishExtras = DANISH_EXTRAS,
) -> Slaa40Check:
    """Does the ten-card hand reach the knocked 40 in the player's game, the skat not counted?

    **[choice]** The game is the one the player means to play (default: the suit with the most trumps),
    valued plainly with pickup ("med/uden N, spil"). A bare value test over all games would always pass:
    "uden 3" in any suit, a Danish grand (≥ 2 × 20) or Nul-ouvert (46) reach 40 with any cards.
    """
    cards = list(hand10)
    chosen = longest_trump_suit(cards) if game is None else game
    breakdown = hand_value(profile, cards, chosen)
    return Slaa40Check(breakdown.value >= config.slaa_40_an_value, breakdown, config.slaa_40_an_value)


# --- Ramse (Danish) and Ramsch (international house option) ----------------------------------------------
@dataclass(frozen=True)
class RamseExchange:
    """The hands after Ramse's skat round and the two cards set aside for the last trick's winner."""

    hands: tuple[tuple[Card, ...], ...]
    set_aside: tuple[Card, ...]
    working: tuple[str, ...]


def ramse_skat_round(
    hands: Sequence[Sequence[Card]],
    skat: Sequence[Card],
    passes: Sequence[Sequence[Card]],
    *,
    config: DanishExtras = DANISH_EXTRAS,
) -> RamseExchange:
    """Pass the skat round: forehand, middlehand, then the dealer each take the two cards, keep ten and
    pass two on (passing back the cards received = exchanging none). The dealer's two are set aside.

    ``hands`` and ``passes`` are in seat order (forehand, middlehand, rearhand/dealer).
    """
    size = config.skat_pass_size
    if len(skat) != size or len(hands) != len(passes):
        raise SkatExchangeError.of(N_("Ramse passes a skat of {size} cards once round the table."), size=size)
    incoming = tuple(skat)
    new_hands: list[tuple[Card, ...]] = []
    working: list[str] = []
    for seat, (hand, given) in enumerate(zip(hands, passes, strict=True)):
        pool = list(hand) + list(incoming)
        if len(set(given)) != size or any(card not in pool for card in given):
            raise SkatExchangeError.of(
                N_("Player {number} must pass on exactly {size} of their {n} cards (they hold {cards})."),
                number=seat + 1,
                size=size,
                n=len(pool),
                cards=tuple(pool),
            )
        kept = tuple(card for card in pool if card not in given)
        exchanged = sum(card not in incoming for card in given)
        working.append(
            f"player {seat + 1} takes {format_cards(incoming)}, passes {format_cards(given)}"
            f" ({exchanged} exchanged)"
        )
        new_hands.append(kept)
        incoming = tuple(given)
    working.append(f"{format_cards(incoming)} set aside for the winner of the last trick")
    return RamseExchange(tuple(new_hands), incoming, tuple(working))


def check_ramse_grand(declaration: Declaration) -> Declaration:
    """A Grand called in Ramse is an ordinary grand after the skat round — never a hand game."""
    if declaration.game is not GameType.GRAND:
        raise DeclarationError.of(N_("After the Ramse skat round a player says either Ramse or Grand."))
    if declaration.hand:
        raise DeclarationError.of(
            N_(
                "A Grand in Ramse cannot be af hånden: every player has already exchanged cards "
                "with the skat."
            )
        )
    return declaration


@dataclass(frozen=True)
class RamseResult:
    """Who won and who pays after a Ramse (or Ramsch). Players are indexed in seat order.

    ``losers`` pay: each loser pays the stake to each player who did not lose (RULES §9, the textbook: the
    losing player pays each of the other two). ``winners`` are the players the rule names as winning (the
    fewest points, or the one with 101 or more); a player can be neither and still receive.
    """

    winners: tuple[int, ...]
    losers: tuple[int, ...]
    points: tuple[int, ...]
    reason: str
    """'take_all' (≥ 101), 'fewest', 'tie' (nobody pays), 'most_loses'."""

    @property
    def receivers(self) -> tuple[int, ...]:
        """The players who are paid: everyone who did not lose (nobody in a three-way tie)."""
        if not self.losers:
            return ()
        return tuple(i for i in range(len(self.points)) if i not in self.losers)


def _check_ramse_counts(points: Sequence[int], tricks: Sequence[int], profile: RuleProfile | None) -> None:
    total_tricks = profile.tricks_per_game if profile is not None else None
    if len(points) != len(tricks):
        raise SkatError.of(N_("Give card points and tricks for the same players."))
    if sum(points) != TOTAL_CARD_POINTS:
        raise SkatError.of(
            N_("The card points add up to {sum}, not {total}; count again."),
            sum=sum(points),
            total=TOTAL_CARD_POINTS,
        )
    if total_tricks is not None and sum(tricks) != total_tricks:
        raise SkatError.of(
            N_("The tricks add up to {sum}, not {total}."), sum=sum(tricks), total=total_tricks
        )
    for p, t in zip(points, tricks, strict=True):
        if p < 0 or t < 0 or (p > 0 and t == 0):
            raise SkatError.of(
                N_("A player without a trick has no card points (the set-aside skat goes with a trick).")
            )


def ramse_result(
    points: Sequence[int],
    tricks: Sequence[int],
    *,
    profile: RuleProfile | None = None,
    config: DanishExtras = DANISH_EXTRAS,
) -> RamseResult:
    """Ramse: a player with ``ramse_take_all_points`` (101) or more wins alone and each of the others pays
    that player; otherwise the fewest card points win and the player with the most pays each of the other
    two. **[choice]** Two tied for most both pay the third; a three-way tie pays nothing.

    >>> r = ramse_result((10, 50, 60), (1, 4, 5))
    >>> r.winners, r.losers, r.receivers
    ((0,), (2,), (0, 1))
    >>> ramse_result((103, 17, 0), (8, 2, 0)).losers
    (1, 2)
    """
    _check_ramse_counts(points, tricks, profile)
    players = range(len(points))
    big = [i for i in players if points[i] >= config.ramse_take_all_points]
    if big:
        winners = tuple(big)
        return RamseResult(winners, tuple(i for i in players if i not in winners), tuple(points), "take_all")
    fewest, most = min(points), max(points)
    if fewest == most:
        return RamseResult((), (), tuple(points), "tie")
    winners = tuple(i for i in players if points[i] == fewest)
    losers = tuple(i for i in players if points[i] == most)
    return RamseResult(winners, losers, tuple(points), "fewest")


def ramsch_result(
    points: Sequence[int], tricks: Sequence[int], *, profile: RuleProfile | None = None
) -> RamseResult:
    """International Ramsch (house option): the most card points lose; a tie for most loses together and a
    three-way tie has no loser (**[choice]**)."""
    _check_ramse_counts(points, tricks, profile)
    players = range(len(points))
    most = max(points)
    losers = tuple(i for i in players if points[i] == most)
    if len(losers) == len(points):
        return RamseResult((), (), tuple(points), "tie")
    return RamseResult(tuple(i for i in players if i not in losers), losers, tuple(points), "most_loses")


# --- the end of an evening ------------------------------------------------------------------------------
@dataclass(frozen=True)
class EndOfEvening:
    """When an evening may stop: the first dealer's right-hand neighbour deals last, and never after a
    Grand af hånden (then one more round is played)."""

    last_dealer_offset: int = -1
    """Seat offset of the last dealer from the first dealer, clockwise (−1 = the right-hand neighbour)."""
    no_end_after_grand_hand: bool = True

    def last_dealer(self, first_dealer: int, players: int) -> int:
        return (first_dealer + self.last_dealer_offset) % players

    def may_end(
        self, *, dealer: int, first_dealer: int, players: int, last_declaration: Declaration | None
    ) -> bool:
        """May the evening stop after this deal (``last_declaration`` None when everyone passed)?"""
        if dealer != self.last_dealer(first_dealer, players):
            return False
        grand_hand = (
            last_declaration is not None and last_declaration.game is GameType.GRAND and last_declaration.hand
        )
        return not (self.no_end_after_grand_hand and grand_hand)


END_OF_EVENING = EndOfEvening()
