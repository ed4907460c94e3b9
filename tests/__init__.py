"""The project's tests, a regular package so that ``from tests.engine ...`` finds this folder first: a
dependency (glicko2 2.1) installs a top-level ``tests`` package of its own into site-packages, which otherwise
wins over a namespace package."""
