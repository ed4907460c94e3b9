"""The search kernel compiled ahead of time: an extension module built once per machine, loaded in a
millisecond by every later process (no numba import, no JIT compile at start-up).

numba's ``pycc`` turns :func:`trainer.solver._kernel.search_iter` into a CPython extension module (it needs
a C compiler once, for the build). The module's name carries a hash of the kernel source, the numba and
Python versions and the machine, so a changed kernel is never loaded stale. It lives in the first writable
cache directory of: ``$SKAT_TRAINER_KERNEL_CACHE``, ``trainer/solver/__pycache__`` (next to the source, as
numba's own cache does), ``$XDG_CACHE_HOME/skat-trainer`` (``~/.cache/skat-trainer``).

:func:`start_build` builds it in a separate, low-priority process (a lock file keeps it to one build at a
time); ``python -m trainer.solver.aot`` builds it in the foreground (e.g. after installing).
``SKAT_TRAINER_NO_AOT=1`` leaves the module out (the JIT then compiles, as on a machine without a C compiler).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.machinery
import importlib.util
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

_SOURCE = Path(__file__).with_name("_kernel.py")
_SIGNATURE = "i8(" + ",".join(["i8"] * 12 + ["i8[::1]"] * 9) + ")"
RELEASES_GIL = True
"""The module's wrapper lets go of the GIL while the kernel runs (numba's ``release_gil`` flag, which
``pycc`` has no option for): two threads can then search one position's cards at once, and other Python
threads (a web page's) run while it searches. Part of the module's tag, so a build without it is never
taken for one with it."""
_LOCK_STALE_SECONDS = 600.0
"""A build lock older than this is taken to belong to a build that died."""


@functools.cache
def tag() -> str:
    """What the compiled module must match: kernel source, numba (its install), Python, machine."""
    spec = importlib.util.find_spec("numba")
    numba_stamp = "none"
    if spec is not None and spec.origin:
        origin = Path(spec.origin)
        version = origin.with_name("_version.py")
        stamp = (version if version.is_file() else origin).stat()
        numba_stamp = f"{origin.parent}|{stamp.st_size}|{stamp.st_mtime_ns}"
    digest = hashlib.sha256()
    digest.update(_SOURCE.read_bytes())
    digest.update(f"{numba_stamp}|{sys.version}|{platform.machine()}|{_SIGNATURE}|{RELEASES_GIL}".encode())
    return digest.hexdigest()[:16]


def module_name() -> str:
    return f"skat_kernel_{tag()}"


def _suffix() -> str:
    return importlib.machinery.EXTENSION_SUFFIXES[0]


def cache_dirs() -> list[Path]:
    """Where the module may live, in order of preference."""
    dirs: list[Path] = []
    env = os.environ.get("SKAT_TRAINER_KERNEL_CACHE")
    if env:
        dirs.append(Path(env))
    dirs.append(_SOURCE.parent / "__pycache__")
    xdg = os.environ.get("XDG_CACHE_HOME")
    dirs.append((Path(xdg) if xdg else Path.home() / ".cache") / "skat-trainer")
    return dirs


def _writable(path: Path) -> bool:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return os.access(path, os.W_OK)


def build_dir() -> Path | None:
    """The first cache directory this process may write to."""
    return next((d for d in cache_dirs() if _writable(d)), None)


def find() -> Path | None:
    """The built module for this kernel, if some cache directory holds it."""
    name = module_name() + _suffix()
    for directory in cache_dirs():
        path = directory / name
        if path.is_file():
            return path
    return None


def load() -> ModuleType | None:
    """Import the built module (None when there is none or it will not load)."""
    path = find()
    if path is None:
        return None
    name = module_name()
    try:
        loader = importlib.machinery.ExtensionFileLoader(name, str(path))
        spec = importlib.util.spec_from_file_location(name, str(path), loader=loader)
        if spec is None:
            return None
        module = importlib.util.module_from_spec(spec)
        loader.exec_module(module)
    except Exception:  # a broken or foreign file: build again later
        return None
    if not callable(getattr(module, "search_iter", None)):
        return None
    return module


def build(directory: Path | None = None) -> Path:
    """Compile the module into ``directory`` (default :func:`build_dir`) and return its path. Needs numba
    and a C compiler; raises on failure. Writes to a temporary directory first: readers never see half a
    file."""
    import numba.pycc
    import numba.pycc.compiler as pycc_compiler

    from trainer.solver import _kernel

    compiler: Any = numba.pycc.__dict__["CC"]
    plain_flags: Any = pycc_compiler.__dict__["Flags"]

    def flags() -> Any:
        made = plain_flags()
        made.release_gil = RELEASES_GIL
        return made

    target = directory or build_dir()
    if target is None:
        raise OSError("no writable cache directory for the compiled kernel")
    name = module_name()
    with tempfile.TemporaryDirectory(dir=target) as scratch:
        cc = compiler(name)
        cc.output_dir = scratch
        cc.verbose = False
        cc.export("search_iter", _SIGNATURE)(_kernel.search_iter)
        pycc_compiler.__dict__["Flags"] = flags  # pycc makes its compile flags from this name
        try:
            cc.compile()
        finally:
            pycc_compiler.__dict__["Flags"] = plain_flags
        built = Path(scratch) / (name + _suffix())
        final = target / built.name
        os.replace(built, final)
    for stale in target.glob("skat_kernel_*"):  # builds of earlier kernels
        if not stale.name.startswith(name):
            stale.unlink(missing_ok=True)
    return final


def _lock_path(directory: Path) -> Path:
    return directory / (module_name() + ".building")


def building() -> bool:
    """Whether some process is building the module now (a fresh lock file exists)."""
    directory = build_dir()
    if directory is None:
        return False
    lock = _lock_path(directory)
    try:
        return time.time() - lock.stat().st_mtime < _LOCK_STALE_SECONDS
    except OSError:
        return False


def start_build() -> bool:
    """Start building the module in a separate low-priority process unless it exists or is being built.
    Returns whether a build is now under way (False: nothing to do, or it cannot be built here)."""
    if os.environ.get("SKAT_TRAINER_NO_AOT") or find() is not None:
        return False
    if importlib.util.find_spec("numba") is None:
        return False
    directory = build_dir()
    if directory is None:
        return False
    lock = _lock_path(directory)
    try:
        if time.time() - lock.stat().st_mtime >= _LOCK_STALE_SECONDS:
            lock.unlink()
    except OSError:
        pass
    try:
        fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except OSError:
        return True  # another process builds it
    os.close(fd)
    log = directory / (module_name() + ".log")
    env = dict(os.environ)
    package_root = str(_SOURCE.parents[2])
    env["PYTHONPATH"] = package_root + os.pathsep + env.get("PYTHONPATH", "")
    try:
        with open(log, "wb") as out:
            subprocess.Popen(
                [sys.executable, "-m", "trainer.solver.aot", "--lock", str(lock), "--dir", str(directory)],
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                env=env,
                start_new_session=True,
                preexec_fn=_lower_priority if os.name == "posix" else None,
            )
    except OSError:
        lock.unlink(missing_ok=True)
        return False
    return True


def _lower_priority() -> None:  # pragma: no cover - runs in the child
    with contextlib.suppress(OSError):
        os.nice(10)


def main(argv: list[str] | None = None) -> int:
    """``python -m trainer.solver.aot``: build the module now and print where it is."""
    import argparse

    parser = argparse.ArgumentParser(description="Build the Skat solver's compiled kernel.")
    parser.add_argument("--dir", type=Path, default=None, help="cache directory (default: first writable)")
    parser.add_argument("--lock", type=Path, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    try:
        existing = find()
        path = existing if existing is not None else build(args.dir)
        print(f"{path} ({time.perf_counter() - start:.1f} s)")
        return 0
    except Exception as error:
        print(f"could not build the compiled kernel: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    finally:
        if args.lock is not None:
            args.lock.unlink(missing_ok=True)


if __name__ == "__main__":
    sys.exit(main())
