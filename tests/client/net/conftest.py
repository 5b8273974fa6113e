"""Fixtures of the client's tests against a real server on 127.0.0.1: a data folder of
the test's own (tokens, identity, records) and a hosted server with a file store."""

from __future__ import annotations

from pathlib import Path

import pytest

from server.host import HostedServer

from .test_online_screens import FAST


@pytest.fixture
def config(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "config"
    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(folder))
    return folder


@pytest.fixture
def server(tmp_path):
    hosted = HostedServer.start(str(tmp_path / "m.sqlite3"), host="127.0.0.1", limits=FAST)
    yield hosted
    hosted.stop()
