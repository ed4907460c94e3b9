"""Fixtures for the AppTest tests."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from .helpers import APP


@pytest.fixture
def app() -> AppTest:
    """The whole app, not yet run."""
    return AppTest.from_file(APP, default_timeout=30)
