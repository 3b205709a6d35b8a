"""A request of any shape gets an answer of ours: never a 500, never a traceback in the log."""

from __future__ import annotations

import logging

import pytest
from django.test import Client

from games.models import Game
from tests.peabody.pages import send

FORM = "application/x-www-form-urlencoded"
NEW_GAME = b"mode=easy4&bots=1&level=gentle&holes=1"


def is_our_400(answer: dict) -> bool:
    return answer["status"] == 400 and "We could not read that" in answer["body"]


MALFORMED = {
    "a form in latin-1": {"CONTENT_TYPE": f"{FORM}; charset=latin-1"},
    "a form in utf8 spelt without its dash": {"CONTENT_TYPE": f"{FORM}; charset=utf8"},
    "a form in utf-16": {"CONTENT_TYPE": f"{FORM}; charset=utf-16"},
    "multipart with no boundary": {"CONTENT_TYPE": "multipart/form-data"},
    "multipart with an empty boundary": {"CONTENT_TYPE": "multipart/form-data; boundary="},
    "multipart with a boundary of bad characters": {
        "CONTENT_TYPE": "multipart/form-data; boundary=\x01\x02"
    },
    "a Content-Type too long to parse": {"CONTENT_TYPE": "text/plain; a=" + "x" * 20_000},
    "a Content-Type in an unknown charset": {"CONTENT_TYPE": "text/plain; a*=no-such''x"},
}


@pytest.mark.django_db
@pytest.mark.parametrize("shape", MALFORMED.values(), ids=MALFORMED.keys())
def test_a_body_that_cannot_be_read_gets_our_400_page_and_makes_nothing(shape: dict) -> None:
    answer = send(body=NEW_GAME, **shape)

    assert is_our_400(answer)
    assert "default-src 'self'" in answer["headers"]["Content-Security-Policy"]
    assert Game.objects.count() == 0


@pytest.mark.django_db
def test_a_body_too_big_to_read_gets_our_400_page() -> None:
    answer = send(body=b"mode=" + b"x" * 3_000_000, CONTENT_TYPE=FORM)

    assert is_our_400(answer)


@pytest.mark.django_db
def test_a_form_of_too_many_fields_gets_our_400_page() -> None:
    answer = send(body=b"&".join(b"f%d=1" % i for i in range(1200)), CONTENT_TYPE=FORM)

    assert is_our_400(answer)


@pytest.mark.django_db
def test_multipart_with_too_many_parts_gets_our_400_page() -> None:
    part = b'--b\r\nContent-Disposition: form-data; name="f"\r\n\r\n1\r\n'
    answer = send(body=part * 1200 + b"--b--\r\n", CONTENT_TYPE="multipart/form-data; boundary=b")

    assert is_our_400(answer)


@pytest.mark.django_db
def test_a_body_shorter_than_its_content_length_gets_an_answer_of_ours() -> None:
    answer = send(body=b"mode=e", CONTENT_TYPE=FORM, CONTENT_LENGTH="500")

    assert answer["status"] in {400, 403}
    assert Game.objects.count() == 0


@pytest.mark.django_db
@pytest.mark.parametrize("length", ["-5", "lots", ""])
def test_a_content_length_that_is_no_length_reads_as_an_empty_body(length: str) -> None:
    answer = send(body=NEW_GAME, CONTENT_TYPE=FORM, CONTENT_LENGTH=length)

    assert answer["status"] == 403  # no CSRF token was read, so nothing is done
    assert "That page was too old" in answer["body"]


@pytest.mark.django_db
def test_a_query_string_of_too_many_fields_gets_our_400_page() -> None:
    answer = send("GET", "/", QUERY_STRING="&".join(f"f{i}=1" for i in range(1200)))

    assert is_our_400(answer)


@pytest.mark.django_db
@pytest.mark.parametrize("query", ["a=%ff%fe", "a=%", "%zz=%g1", "\xff=1"])
def test_a_query_string_of_broken_percent_codes_still_gets_the_page(query: str) -> None:
    assert send("GET", "/play/", QUERY_STRING=query)["status"] == 200


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/%ff%fe/", "/play/%c0%af/", "/play/\xff/"])
def test_a_path_that_is_not_utf_8_gets_our_404_page(path: str) -> None:
    answer = send("GET", path)

    assert answer["status"] == 404
    assert "We can not find that page" in answer["body"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "cookie", ["sessionid=\x00\xff; csrftoken=;;;==", "=", "sessionid=" + "x" * 5000, '"\\']
)
def test_a_broken_cookie_header_still_gets_the_page(cookie: str) -> None:
    assert send("GET", "/", HTTP_COOKIE=cookie)["status"] == 200


@pytest.mark.django_db
@pytest.mark.parametrize("host", ["evil.example", "[::1", "a b", ""])
def test_a_wrong_host_gets_our_400_page_and_one_plain_log_line(
    host: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO):
        answer = send("GET", "/", HTTP_HOST=host, SERVER_NAME=host or "x")

    assert is_our_400(answer)
    records = [r for r in caplog.records if r.name == "django.security.DisallowedHost"]
    assert [(r.levelname, r.exc_info) for r in records] == [("INFO", None)]


@pytest.mark.django_db
def test_the_charset_case_logs_one_plain_warning_and_no_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    answer = send(body=NEW_GAME, CONTENT_TYPE=f"{FORM}; charset=latin-1")

    assert is_our_400(answer)
    assert [(r.levelname, r.exc_info) for r in caplog.records] == [("WARNING", None)]
    assert caplog.records[0].getMessage() == "Bad Request: /play/start/"


@pytest.mark.django_db
def test_a_head_request_is_answered_with_the_headers_of_a_get_no_body_and_no_log_line(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.INFO):
        answer = send("HEAD", "/")

    assert answer["status"] == 200
    assert int(answer["headers"]["Content-Length"]) == len(send("GET", "/")["body"].encode()) > 0
    assert answer["body"] == ""
    assert caplog.records == []


@pytest.mark.django_db
def test_a_well_formed_form_still_starts_a_game(client: Client) -> None:
    response = client.post(
        "/play/start/",
        dict(pair.split("=") for pair in ["mode=easy4", "bots=1", "level=gentle", "holes=1"]),
    )

    assert response.status_code == 302
    assert Game.objects.count() == 1
