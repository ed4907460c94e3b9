"""The Streamlit user interface (the only part of trainer/ that imports streamlit)."""
