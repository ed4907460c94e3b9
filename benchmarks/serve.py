"""One way the browser benchmarks start a Streamlit script: on a free loopback port, from the project's
folder, waited for until its health check answers, stopped afterwards."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STREAMLIT = Path(sys.executable).parent / "streamlit"
START_S = 120.0


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def served(
    script: str | Path, env: dict[str, str], log: Path, args: Sequence[str] = ()
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``streamlit run script`` headless on a free port with ``env`` added, its output in ``log``: the base
    URL and the process, once ``/_stcore/health`` says ok (a clear error if it never does)."""
    port = free_port()
    with log.open("w") as out:
        process = subprocess.Popen(
            [str(STREAMLIT), "run", str(script), "--server.headless", "true", "--server.address", "127.0.0.1",
             "--server.port", str(port), "--browser.gatherUsageStats", "false", *args],
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": str(ROOT), **env},
        )  # fmt: skip
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + START_S
            while True:
                try:
                    with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                        if response.read().strip() == b"ok":
                            break
                except OSError:
                    pass
                if process.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"{Path(script).name} did not start; see {log}")
                time.sleep(0.3)
            yield url, process
        finally:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
