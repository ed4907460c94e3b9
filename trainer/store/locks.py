"""An exclusive lock on a file, across processes, for the one thing SQLite cannot queue by itself: two
processes bringing a brand-new database file to the latest schema at the same moment.

POSIX ``flock`` or Windows ``msvcrt.locking`` on a small file next to the database. The lock belongs to the
open file, so a process that dies releases it; the file itself is left in place (harmless, and deleting it
would race with a process about to lock it).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from trainer.errors import StoreError

LOCK_WAIT_S = 120.0
"""How long a process waits for another one's migration before giving up with a readable error."""
_POLL_S = 0.05


def _try_lock(fd: int) -> bool:
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _unlock(fd: int) -> None:
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        return
    import fcntl

    fcntl.flock(fd, fcntl.LOCK_UN)


@contextmanager
def file_lock(path: Path, wait_s: float = LOCK_WAIT_S) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (created if missing) for the ``with`` block; wait for another
    holder up to ``wait_s`` seconds."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + wait_s
        while not _try_lock(fd):
            if time.monotonic() > deadline:
                raise StoreError(
                    f"Another process has been setting up the progress database for over {int(wait_s)} s "
                    f"(lock file {path}). Is a migration stuck?"
                )
            time.sleep(_POLL_S)
        try:
            yield
        finally:
            _unlock(fd)
    finally:
        os.close(fd)
