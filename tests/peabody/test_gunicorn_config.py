"""make serve's gunicorn settings (peabody/gunicorn_config.py)."""

import importlib

import pytest

import peabody.gunicorn_config


@pytest.fixture
def config_for(monkeypatch):
    def load(bind: str):
        monkeypatch.setenv("BIND", bind)
        return importlib.reload(peabody.gunicorn_config)

    yield load
    monkeypatch.delenv("BIND", raising=False)
    importlib.reload(peabody.gunicorn_config)


def test_two_servers_on_one_machine_each_have_their_own_control_socket(config_for) -> None:
    first = config_for("127.0.0.1:8000").control_socket
    second = config_for("127.0.0.1:8001").control_socket

    assert first != second
    assert first.endswith(".ctl") and second.endswith(".ctl")
