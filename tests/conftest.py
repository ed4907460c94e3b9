"""Shared pytest set-up: hypothesis without per-example deadlines (CI machines are slow and noisy)."""

from hypothesis import settings

settings.register_profile("default", deadline=None)
settings.load_profile("default")
