"""Card-play problems: positions where the seat to move has one clearly right card, judged over every
layout of the cards it cannot see (see docs/problems.md)."""
