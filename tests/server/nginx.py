"""nginx run for real on 127.0.0.1 from a site's config (the deployment tests)."""

from __future__ import annotations

import asyncio
import socket
import subprocess
from pathlib import Path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def nginx(folder: Path, config: str, port: int) -> subprocess.Popen:
    (folder / "site.conf").write_text(config)
    temp = " ".join(f"{kind}_temp_path {folder}/{kind};" for kind in
                    ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    main = folder / "nginx.conf"
    main.write_text(f"daemon off;\nworker_processes 1;\npid {folder}/nginx.pid;\n"
                    f"error_log {folder}/error.log;\nevents {{}}\n"
                    f"http {{\naccess_log off;\n{temp}\ninclude {folder}/site.conf;\n}}\n")
    checked = subprocess.run(["nginx", "-t", "-c", str(main), "-p", str(folder)],
                             capture_output=True, text=True, timeout=30)
    assert checked.returncode == 0, checked.stderr
    proc = subprocess.Popen(["nginx", "-c", str(main), "-p", str(folder)],
                            stderr=subprocess.DEVNULL)
    for _ in range(100):
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return proc
        await asyncio.sleep(0.05)
    proc.terminate()
    raise AssertionError("nginx did not start")
