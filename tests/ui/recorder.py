"""Every text a drawing function hands Streamlit, without running a page.

:func:`recording` puts a :class:`Recorder` in place of the ``streamlit`` module inside the given page and
view modules. Each element call keeps the strings it was given (bodies, labels, help texts, keys, the
HTML of ``st.html``, and each option as its ``format_func`` shows it), so a property test can draw a
seat's table for many random positions and check what a page would show, much faster than AppTest.
Widgets answer as untouched widgets do: buttons False, a select box its default option.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from types import ModuleType
from typing import Any
from unittest import mock

_CHOICES = ("selectbox", "segmented_control", "radio", "pills", "select_slider")


class Recorder:
    """Stands in for ``streamlit``: keeps every string given to an element in :attr:`texts`."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
        """Every element call as made: its name (``markdown``, ``html``, ``download_button``, ...), its
        arguments and its keyword arguments (for checks that depend on how an element shows a text)."""
        self.session_state: dict[str, Any] = {}

    def _keep(self, value: object) -> None:
        if isinstance(value, str):
            self.texts.append(value)
        elif isinstance(value, list | tuple):
            for item in value:
                self._keep(item)

    def element(self, name: str, *args: Any, **kwargs: Any) -> Any:
        self.calls.append((name, args, kwargs))
        for value in (*args, *kwargs.values()):
            self._keep(value)
        if name == "columns":
            spec = args[0] if args else kwargs.get("spec", 1)
            return [_Block(self) for _ in range(spec if isinstance(spec, int) else len(spec))]
        if name == "tabs":
            return [_Block(self) for _ in args[0]]
        if name in _CHOICES:
            options = list(args[1] if len(args) > 1 else kwargs.get("options", ()))
            shown: Callable[[Any], Any] = kwargs.get("format_func", str)
            for option in options:
                self._keep(str(shown(option)))
            index = kwargs.get("index", 0)
            return options[index] if options and isinstance(index, int) else kwargs.get("default")
        if name in ("button", "checkbox", "toggle", "form_submit_button", "download_button"):
            return False
        if name == "fragment":
            return lambda function: function
        return _Block(self)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return lambda *args, **kwargs: self.element(name, *args, **kwargs)

    def text(self) -> str:
        return "\n".join(self.texts)


class _Block:
    """A container, column or expander: a context manager whose elements go to the same recorder."""

    def __init__(self, recorder: Recorder) -> None:
        self._recorder = recorder

    def __enter__(self) -> _Block:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return lambda *args, **kwargs: self._recorder.element(name, *args, **kwargs)


@contextmanager
def recording(*modules: ModuleType) -> Iterator[Recorder]:
    """A :class:`Recorder` standing in for ``st`` in each of ``modules`` while the block runs."""
    recorder = Recorder()
    with ExitStack() as stack:
        for module in modules:
            stack.enter_context(mock.patch.object(module, "st", recorder))
        yield recorder
