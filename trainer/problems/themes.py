"""Themes of a problem, tagged from what its answer does (and named for the learner in both languages).

:func:`tag` reads only the problem (the position as the seat knows it, the goal, the answer and the scores
of the other cards), so a collection can be tagged again whenever the rules of thumb here change.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.cards import TOTAL_CARD_POINTS, Card, Rank
from trainer.games import GameType
from trainer.problems.judge import Goal
from trainer.problems.model import Problem
from trainer.rules.play import TRUMP, beats, follow_class, is_trump
from trainer.text import N_


@dataclass(frozen=True)
class Theme:
    """A theme's name and the one sentence that says what it teaches (English msgids, see gettext)."""

    key: str
    name: str
    sentence: str


THEMES: tuple[Theme, ...] = (
    Theme(
        "drawing_trumps",
        N_("Drawing trumps"),
        N_("The declarer leads trumps to pull the defenders' trumps before the side suits run."),
    ),
    Theme(
        "holding_trumps",
        N_("Not drawing trumps yet"),
        N_("The declarer leads a side suit first: drawing trumps now would cost a trick or the count."),
    ),
    Theme(
        "smearing",
        N_("Smearing"),
        N_("A defender puts an Ace or a Ten on the partner's trick so the points stay with the defence."),
    ),
    Theme(
        "ace_second_round",
        N_("Keeping the Ace"),
        N_("Follow low and keep the Ace for the suit's second round, when it wins more."),
    ),
    Theme(
        "cash_ace",
        N_("Cashing the Ace"),
        N_("Take the Ace's eleven points now, before a void or a trump can take them away."),
    ),
    Theme(
        "keeping_high_trump",
        N_("Keeping the high trump"),
        N_("Follow trumps with a small one: the Jack does more later than on a trick it cannot win."),
    ),
    Theme(
        "ruffing", N_("Ruffing"), N_("Void in the suit led, play a trump and take the trick with its points.")
    ),
    Theme(
        "throwing_loser",
        N_("Throwing a loser"),
        N_("Void in the suit led, throw a worthless card instead of trumping or giving points."),
    ),
    Theme(
        "lead_through",
        N_("Leading through the declarer"),
        N_(
            "With the declarer next to play, lead the suit that makes the declarer choose before the partner."
        ),
    ),
    Theme(
        "lead_up",
        N_("Leading up to the declarer"),
        N_("With the declarer last to play, lead so the partner plays before the declarer decides."),
    ),
    Theme(
        "defender_trump_lead",
        N_("Defenders lead trumps"),
        N_("A defender leads a trump to cut down the declarer's ruffs or to shorten the declarer's trumps."),
    ),
    Theme(
        "keeping_points",
        N_("Keeping the points"),
        N_("Follow with a low card: a full card here would hand the other side its points."),
    ),
    Theme(
        "full_card_home",
        N_("Winning with the full card"),
        N_("When you take the trick anyway, take it with the Ace or the Ten: its points are safe now."),
    ),
    Theme(
        "cheap_win",
        N_("Winning cheaply"),
        N_("Take the trick with the lowest card that wins it: the higher one is worth more later."),
    ),
    Theme(
        "ducking", N_("Ducking"), N_("Let this trick go although you could win it: the card does more later.")
    ),
    Theme(
        "winning_trick",
        N_("Taking the trick"),
        N_("Win this trick now: its points or the lead decide the game."),
    ),
    Theme(
        "counting_61",
        N_("Counting to 61"),
        N_("Count the points: the card that brings your side past the line (61 or 60) is the right one."),
    ),
    Theme(
        "schneider",
        N_("Schneider"),
        N_("Play for schneider, or for the 31 points that save the defence from it."),
    ),
    Theme(
        "last_trick_jack",
        N_("The Jack for the last trick"),
        N_("Keep a Jack for the end: it takes the last trick when the plain cards are gone."),
    ),
    Theme(
        "opening_lead", N_("The opening lead"), N_("The first card of the game: which suit to start and why.")
    ),
    Theme(
        "null_declarer",
        N_("Null: the declarer"),
        N_("The null declarer keeps the cards that cannot take a trick and gets rid of the dangerous ones."),
    ),
    Theme(
        "null_defence",
        N_("Null: the defence"),
        N_("The defenders look for the declarer's weak suit and make the declarer take a trick."),
    ),
)
THEME_KEYS: tuple[str, ...] = tuple(theme.key for theme in THEMES)
_BY_KEY = {theme.key: theme for theme in THEMES}

#: Card points that make an Ace or a Ten worth smearing.
FULL_CARD = 10
#: A thrown card worth at most this much is a loser.
LOSER_POINTS = 4
#: At most this many cards in hand: the end of the game (the last trick's Jack).
ENDGAME_CARDS = 3
#: Card points (skat included for the declarer) from which a side is counting to its line.
COUNTING_FROM = (40, 35)


def theme(key: str) -> Theme:
    return _BY_KEY[key]


def tag(problem: Problem) -> tuple[str, ...]:
    """The themes the answer shows, in :data:`THEMES` order."""
    position = problem.position()
    game = position.declaration.game
    answer = problem.answer
    wrong = [s.card for s in problem.scores if s.card not in answer]
    trick = [card for _seat, card in position.current_trick]
    leading = not trick
    found: set[str] = set()
    if game.is_null:
        found.add("null_declarer" if position.is_declarer else "null_defence")
        return _ordered(found)
    trumps_in = all(is_trump(card, game) for card in answer)
    held = set(position.hand)
    if leading:
        if position.trick_number == 1:
            found.add("opening_lead")
        outside = [c for c in position.unseen() if is_trump(c, game)]
        if position.is_declarer:
            if trumps_in and outside:
                found.add("drawing_trumps")
            if (
                not any(is_trump(c, game) for c in answer)
                and outside
                and any(is_trump(c, game) for c in wrong)
            ):
                found.add("holding_trumps")
        else:
            if trumps_in:
                found.add("defender_trump_lead")
            else:
                next_seat = position.seat.next
                found.add("lead_through" if next_seat == position.declarer else "lead_up")
        side_suits = not any(is_trump(c, game) for c in answer)
        if side_suits and any(c.rank is Rank.ACE for c in answer):
            found.add("cash_ace")
    else:
        led = follow_class(trick[0], game)
        follows = all(follow_class(c, game) == led for c in answer)
        if not follows and led != TRUMP:
            if trumps_in:
                found.add("ruffing")
            elif all(c.points <= LOSER_POINTS and not is_trump(c, game) for c in answer):
                found.add("throwing_loser")
        if (
            led == TRUMP
            and trumps_in
            and not any(c.is_jack for c in answer)
            and any(c.is_jack for c in wrong)
        ):
            found.add("keeping_high_trump")
        if led != TRUMP and follows:
            ace = next((c for c in held if c.rank is Rank.ACE and follow_class(c, game) == led), None)
            if ace is not None and ace in wrong and all(c.rank is not Rank.ACE for c in answer):
                found.add("ace_second_round")
        partner = position.partner()
        if partner is not None and all(c.points >= FULL_CARD for c in answer):
            winner_seat = position.current_trick[_leading(trick, game)][0]
            if winner_seat == partner:
                found.add("smearing")
        if all(c.points <= LOSER_POINTS for c in answer) and any(c.points >= FULL_CARD for c in wrong):
            found.add("keeping_points")
        wins = [_wins(trick, c, game) for c in answer]
        if all(wins) and any(not _wins(trick, c, game) for c in wrong):
            found.add("winning_trick")
        if not any(wins) and any(_wins(trick, c, game) for c in wrong):
            found.add("ducking")
        winning_wrong = [c for c in wrong if _wins(trick, c, game)]
        if all(wins) and winning_wrong:
            if all(c.points >= FULL_CARD for c in answer) and any(
                c.points < FULL_CARD for c in winning_wrong
            ):
                found.add("full_card_home")
            led_class = follow_class(trick[0], game)
            if any(all(beats(w, c, led_class, game) for c in answer) for w in winning_wrong):
                found.add("cheap_win")
    if problem.goal in (Goal.SCHNEIDER, Goal.SCHNEIDER_SAVED):
        found.add("schneider")
    elif problem.goal in (Goal.GAME, Goal.DEFENCE):
        declarer_points, defender_points = position.points_taken()
        line = position.profile.win_min_points
        if problem.goal is Goal.GAME:
            side = declarer_points + sum(c.points for c in position.skat or ())
            if COUNTING_FROM[0] <= side < line:
                found.add("counting_61")
        elif COUNTING_FROM[1] <= defender_points < TOTAL_CARD_POINTS - line + 1:
            found.add("counting_61")
    endgame = len(position.hand) <= ENDGAME_CARDS and any(c.is_jack for c in held)
    if endgame and not any(c.is_jack for c in answer) and any(c.is_jack for c in wrong):
        found.add("last_trick_jack")
    return _ordered(found)


def _leading(cards: list[Card], game: GameType) -> int:
    """The position of the card that leads the trick so far."""
    led = follow_class(cards[0], game)
    best = 0
    for index, card in enumerate(cards[1:], start=1):
        if beats(card, cards[best], led, game):
            best = index
    return best


def _wins(trick: list[Card], card: Card, game: GameType) -> bool:
    """Whether ``card`` would lead the trick so far (win it, if it is the last card)."""
    cards = [*trick, card]
    return _leading(cards, game) == len(cards) - 1


def _ordered(found: set[str]) -> tuple[str, ...]:
    return tuple(key for key in THEME_KEYS if key in found)
