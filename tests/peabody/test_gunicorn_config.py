"""make serve's gunicorn settings (peabody/gunicorn_config.py)."""

import asyncio
import logging
import resource
from types import SimpleNamespace

from gunicorn.config import Config

import peabody.gunicorn_config
from peabody.server import (
    LOG_OUT_OF_FILES_EVERY,
    OUT_OF_FILES,
    RESERVED_FILES,
    BoundedASGIWorker,
    connection_cap,
)


def test_a_control_socket_chosen_with_its_option_is_kept() -> None:
    # Each server's own, named after its addresses, is tested with two real servers in
    # tests/servers/test_serve.py.
    config = Config()
    config.set("control_socket", "/tmp/chosen.ctl")

    peabody.gunicorn_config.when_ready(SimpleNamespace(cfg=config, LISTENERS=["x"]))

    assert config.control_socket == "/tmp/chosen.ctl"


def test_make_serve_uses_the_bounded_worker_with_a_cap_below_the_open_files_limit() -> None:
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)

    assert peabody.gunicorn_config.worker_class == "peabody.server.BoundedASGIWorker"
    assert connection_cap(10**9) <= soft - RESERVED_FILES or soft == resource.RLIM_INFINITY
    assert connection_cap(20) == min(20, soft - RESERVED_FILES)


def test_running_out_of_files_is_logged_once_a_minute_without_a_traceback(caplog) -> None:
    worker = BoundedASGIWorker.__new__(BoundedASGIWorker)  # only what the handler reads
    worker.log = logging.getLogger("gunicorn.error")
    worker.files_logged_at = -LOG_OUT_OF_FILES_EVERY
    loop = asyncio.new_event_loop()
    out_of_files = {"message": OUT_OF_FILES, "exception": OSError(24, "Too many open files")}
    try:
        for _ in range(50):
            worker.on_loop_error(loop, out_of_files)
        worker.on_loop_error(loop, {"message": "something else"})
    finally:
        loop.close()

    errors = [r for r in caplog.records if r.name == "gunicorn.error"]
    assert len(errors) == 1
    assert "Out of open files" in errors[0].getMessage()
    assert errors[0].exc_info is None
    assert any("something else" in r.getMessage() for r in caplog.records if r.name == "asyncio")
