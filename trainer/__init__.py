"""Skat Trainer: a pure, typed Skat rules engine plus a Streamlit teaching app (in ``trainer.ui``).

Everything outside ``trainer.ui`` is importable without Streamlit.
"""

__version__ = "0.1.0"
