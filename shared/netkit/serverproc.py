"""The match server as a program started by another program: ``python -m server
--print-address`` as a child process, its address read from its first line, a clean
stop by SIGTERM. Both the game client ("Host a game") and tests use it; it needs only the
server's command line, not its modules, so the client does not depend on the server
package.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Sequence

from shared.i18n import domain

_, N_, ngettext, pgettext = domain("cli")

ROOT = Path(__file__).resolve().parents[2]


def spawn_server(db: str, *, host: str = "0.0.0.0", port: int = 0, lan: bool = False,
                 name: str | None = None, extra: Sequence[str] = (), log: str | None = None,
                 timeout: float = 15.0) -> tuple[subprocess.Popen[str], str]:
    """``python -m server`` as a child process: (process, address to connect to). Its
    log goes to the file ``log`` (default: a temporary file; never a pipe nobody reads,
    which would stop the server once full). Stop it with :func:`stop_spawned` (SIGTERM:
    a clean stop, matches saved)."""
    args = [sys.executable, "-m", "server", "--host", host, "--port", str(port), "--db", db,
            "--print-address", *(["--lan"] if lan else []), *(["--name", name] if name else []),
            *extra]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    errors = open(log, "a") if log else tempfile.TemporaryFile("w+")
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=errors, text=True, env=env)
    result: list[str] = []
    stdout = proc.stdout
    assert stdout is not None  # stdout=PIPE above
    reader = threading.Thread(target=lambda: result.append(stdout.readline()), daemon=True)
    reader.start()
    reader.join(timeout)
    url = result[0].strip() if result else ""
    if not url.startswith(("ws://", "wss://")):
        proc.kill()
        proc.wait(5)
        errors.seek(0) if not log else None
        err = errors.read() if not log else Path(log).read_text(errors="replace")
        errors.close()
        raise RuntimeError(_("the server did not start: {details}").format(details=(err or url).strip()[-300:]))
    errors.close()  # the child has its own copy
    return proc, url


def stop_spawned(proc: subprocess.Popen[str], timeout: float = 10.0) -> int:
    """SIGTERM, wait; kill only if it does not stop in time. Returns its exit status."""
    if proc.poll() is None:
        if sys.platform == "win32":
            proc.terminate()  # no SIGTERM there; the store's WAL keeps every committed move
        else:
            proc.send_signal(signal.SIGTERM)
        try:
            return proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
    return proc.wait()
