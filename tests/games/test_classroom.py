"""The lesson pages: "How to play" at /rules/, the teacher's slides at /teach/, and the class's
game that the last slide starts."""

import gzip
import re
from html.parser import HTMLParser

import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse

from games.engine import observe
from games.models import Game
from games.slides import slides_told
from games.words import rules as rule_words
from lessons.core.rules import EASY_RULES, RULE_SETS
from lessons.core.walkthrough import SEAT, slides
from peabody import sessions
from tests.factories import ChildFactory, ParentFactory
from tests.games.pages import WEIGHT_LIMIT, as_sent, assets_loaded

pytestmark = pytest.mark.django_db

SLIDE_URLS = ["/teach/"] + [f"/teach/{slide.key}/" for slide in slides()]
LESSON_PAGES = ["/rules/", *SLIDE_URLS, "/teach/play/"]


class Element:
    def __init__(self, tag: str, attrs: dict[str, str], parent: "Element | None") -> None:
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Element] = []
        self.text = ""

    @property
    def classes(self) -> list[str]:
        return self.attrs.get("class", "").split()

    def all_text(self) -> str:
        return self.text + "".join(child.all_text() for child in self.children)

    def find_all(self, test) -> list["Element"]:
        found = [self] if test(self) else []
        for child in self.children:
            found += child.find_all(test)
        return found

    def by_class(self, name: str) -> list["Element"]:
        return self.find_all(lambda e: name in e.classes)

    def by_id(self, name: str) -> "Element":
        (found,) = self.find_all(lambda e: e.attrs.get("id") == name)
        return found


VOID = {"meta", "link", "input", "br", "img", "hr", "use", "line", "circle"}


class Tree(HTMLParser):
    """The page as a tree of elements, each with its own text; a <template>'s content too."""

    def __init__(self) -> None:
        super().__init__()
        self.root = self.open = Element("document", {}, None)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {k: v or "" for k, v in attrs}, self.open)
        self.open.children.append(element)
        if tag not in VOID:
            self.open = element

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.open.children.append(Element(tag, {k: v or "" for k, v in attrs}, self.open))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        while self.open.tag != tag:
            self.open = self.open.parent
        self.open = self.open.parent

    def handle_data(self, data: str) -> None:
        self.open.text += data


def page(client: Client, url: str) -> Element:
    response = client.get(url)
    assert response.status_code == 200, url
    tree = Tree()
    tree.feed(response.text)
    return tree.root


def codes(cards: list[Element]) -> list[str | None]:
    """The card each drawn card shows ("KS"), or None for a card lying face down."""
    shown = []
    for card in cards:
        faces = card.by_class("face")
        shown.append(faces[0].all_text() + faces[0].attrs["data-suit"] if faces else None)
    return shown


# --- How to play ------------------------------------------------------------------------


def test_each_game_has_its_rules_under_its_own_anchor(client: Client) -> None:
    html = page(client, "/rules/")

    for preset, rule_set in RULE_SETS.items():
        section = html.by_id(preset)
        assert section.find_all(lambda e: e.tag == "h2")[0].all_text() == rule_words.title(rule_set)
        steps = section.by_class("rule-step")
        assert [s.by_class("words")[0].all_text() for s in steps] == [
            rule_words.text(rule_set, step) for step in rule_set.steps
        ]
    links = [
        a.attrs["href"] for a in html.by_class("games-nav")[0].find_all(lambda e: e.tag == "a")
    ]
    assert links == ["#easy4", "#classic6", "#knock9"]


def test_every_easy_step_has_a_picture_made_of_the_tables_cards(client: Client) -> None:
    steps = page(client, "/rules/").by_id("easy4").by_class("rule-step")

    assert len(steps) == 7
    for element, step in zip(steps, EASY_RULES.steps, strict=True):
        (picture,) = element.by_class("picture")
        assert picture.attrs["role"] == "img"
        assert picture.attrs["aria-label"] == rule_words.description(EASY_RULES, step)
        layout = picture.by_class("layout")[0].by_class("card")
        expected = [c.code if c.face_up else None for row in step.picture.rows for c in row]
        assert codes(layout) == expected
        beside = step.picture.beside
        drawn_beside = codes(picture.by_class("beside")[0].by_class("card")) if beside else []
        assert drawn_beside == ([beside.code] if beside else [])
        label = [e.all_text() for e in picture.by_class("beside-label")]
        assert label == ([rule_words.beside_label(step.picture)] if beside else [])


def test_every_rule_step_has_the_tables_read_aloud_button(client: Client) -> None:
    steps = page(client, "/rules/").by_class("rule-step")

    assert len(steps) == sum(len(r.steps) for r in RULE_SETS.values())
    for step in steps:
        (sayable,) = step.by_class("sayable")
        assert sayable.by_class("words") and sayable.by_class("say")


# --- the slides ---------------------------------------------------------------------------


def live_slide(client: Client, url: str) -> Element:
    return page(client, url).by_id("slide")


def test_each_slide_has_its_own_address_and_the_first_is_at_teach(client: Client) -> None:
    for url, slide in zip(SLIDE_URLS[1:], slides_told(), strict=True):
        h1 = live_slide(client, url).find_all(lambda e: e.tag == "h1")[0]
        assert h1.all_text() == slide.title
    first = live_slide(client, "/teach/").find_all(lambda e: e.tag == "h1")[0]
    assert first.all_text() == slides_told()[0].title
    assert client.get("/teach/no-such-slide/").status_code == 404


def test_every_slide_is_on_the_page_for_the_script_to_show_in_order(client: Client) -> None:
    html = page(client, "/teach/kings/")

    sources = html.find_all(lambda e: e.tag == "template")
    assert [t.attrs["data-key"] for t in sources] == [slide.key for slide in slides()]
    assert [t.attrs["data-url"] for t in sources] == SLIDE_URLS[:1] + SLIDE_URLS[2:]
    for source, slide in zip(sources, slides_told(), strict=True):
        assert source.find_all(lambda e: e.tag == "h1")[0].all_text() == slide.title


def test_a_slide_draws_the_walkthrough_game_as_the_class_sees_it(client: Client) -> None:
    drawn = 0
    for slide in slides():
        obs = observe(slide.state(), SEAT)
        if obs.results:
            continue
        shown = live_slide(client, f"/teach/{slide.key}/")
        hand = shown.by_class("hand")[0].by_class("card")
        expected = list(obs.layouts[SEAT])
        if slide.show_memory:
            for pos, code in obs.memory:
                expected[pos] = code
        assert codes(hand) == expected, slide.key
        other = shown.by_class("opponent")[0].by_class("layout")[0].by_class("card")
        assert codes(other) == list(obs.layouts[1 - SEAT]), slide.key
        pile = shown.by_class("discard")[0]
        assert codes([pile]) == [obs.discard[-1]], slide.key
        drawn += 1
    assert drawn == 9  # every slide before the hole is counted


def test_the_peek_shows_only_the_cards_the_class_may_remember(client: Client) -> None:
    peek = next(slide for slide in slides() if slide.show_memory)
    hand = live_slide(client, f"/teach/{peek.key}/").by_class("hand")[0].by_class("card")

    up = [pos for pos, code in enumerate(codes(hand)) if code]
    assert up == list(peek.focus)
    assert "focus-2" in live_slide(client, "/teach/peek/").by_class("demo")[0].classes


def test_the_count_up_shows_every_layout_column_by_column(client: Client) -> None:
    count_up = next(slide for slide in slides_told() if slide.story)
    shown = live_slide(client, f"/teach/{count_up.key}/")

    cards = shown.by_class("score-card")
    assert len(cards) == 2 and "you" in cards[0].classes
    layout = count_up.slide.state().results[-1].layouts[SEAT]
    columns = cards[0].by_class("score-column")
    assert [codes(c.by_class("card")) for c in columns] == [
        [layout[0], layout[2]],
        [layout[1], layout[3]],
    ]
    said = [li.by_class("words")[0].all_text() for li in shown.by_class("story")[0].children]
    assert said[-1] == f"Your score: {count_up.story.equation}"


def test_the_last_slide_offers_the_class_game_by_a_plain_link(client: Client) -> None:
    last = live_slide(client, f"/teach/{slides()[-1].key}/")

    (play,) = last.find_all(lambda e: e.attrs.get("id") == "play-together")
    assert play.tag == "a" and play.attrs["href"] == reverse("games:class_game")
    assert play.all_text() == "Play a hole together"
    assert not last.find_all(lambda e: e.attrs.get("rel") == "next")


def test_walking_the_lessons_sets_no_cookie_and_starts_no_session(client: Client) -> None:
    for url in ["/rules/", *SLIDE_URLS]:
        response = client.get(url)
        assert not response.cookies, url
        assert "csrfmiddlewaretoken" not in response.text
        assert "<form" not in response.text
    assert Session.objects.count() == 0


@pytest.mark.parametrize("url", LESSON_PAGES)
def test_a_lesson_page_has_no_inline_script_or_style(client: Client, url: str) -> None:
    text = client.get(url).text

    assert not re.search(r"<script(?![^>]*\bsrc=)", text)
    assert " style=" not in text and "<style" not in text and "hx-on" not in text


@pytest.mark.parametrize("url", ["/rules/", "/teach/", "/teach/count_up/"])
def test_a_lesson_page_and_all_it_loads_is_sent_in_under_100_kb(client: Client, url) -> None:
    response = client.get(url, headers={"accept-encoding": "gzip"})
    assert response["Content-Encoding"] == "gzip"  # no secret on it: safe to compress
    html = gzip.decompress(response.content)
    files = assets_loaded(client, html)

    assert "/static/css/lessons.css" in files and "/static/js/speech.js" in files
    sent = len(response.content) + sum(as_sent(body) for body in files.values())
    print(f"{url}: {sent:,} bytes sent, the page {len(html):,} before compression")
    assert sent < WEIGHT_LIMIT


def test_a_child_in_kid_mode_can_open_the_lessons(client: Client) -> None:
    child = ChildFactory(parent=ParentFactory())
    client.force_login(child.parent)
    assert client.post(reverse("kids:play_as", args=[child.pk])).status_code == 302

    for url in ["/rules/", "/teach/", "/teach/play/"]:
        assert client.get(url).status_code == 200, url


# --- the class's game -----------------------------------------------------------------


def test_the_class_games_start_page_is_where_cookies_begin(client: Client) -> None:
    response = client.get("/teach/play/")

    assert "csrftoken" in response.cookies
    form = page(client, "/teach/play/").find_all(lambda e: e.tag == "form")[0]
    assert form.attrs["method"] == "post"
    assert form.attrs["action"] == reverse("games:start_class_game")
    assert Game.objects.count() == 0


def test_the_class_plays_one_easy_hole_as_a_guest_against_one_gentle_bot(
    client: Client,
) -> None:
    response = client.post("/teach/play/start/")

    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert game.rules.name == "easy4" and game.rules.holes == 1
    assert game.bot_levels == [None, "gentle"]
    assert game.walk_first and game.table.setup.walk_first  # a clicker has no digits
    assert not game.seats.exists() and game.guest_key == client.session[sessions.GUEST_KEY]
    table = client.get(game.get_absolute_url())
    assert table.status_code == 200 and "I remember them" in table.text


def test_the_class_game_is_silent_until_the_teacher_switches_its_sound_on(
    client: Client,
) -> None:
    client.post("/teach/play/start/")
    silent = client.get(Game.objects.get().get_absolute_url()).text
    client.post("/play/sound/")
    client.post("/teach/play/start/")
    heard = client.get(Game.objects.latest("created").get_absolute_url()).text

    assert 'id="sound-switch" aria-pressed="false"' in silent
    assert 'id="sound-switch" aria-pressed="true"' in heard


def test_the_class_game_only_starts_from_its_form(client: Client) -> None:
    assert client.get("/teach/play/start/").status_code == 405
    assert Game.objects.count() == 0


# --- the links to How to play ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "name"), [("easy4", "Four-card Golf"), ("knock9", "Knock Golf")]
)
def test_the_table_links_to_the_rules_of_the_game_being_played(make_game, client, preset, name):
    game = make_game(preset=preset)

    html = page(client, game.get_absolute_url())

    (link,) = html.by_class("bar")[0].by_class("how-to-play")
    assert link.attrs["href"] == f"/rules/#{preset}"
    # "How to play" (kept for screen readers alone on a phone), then the game's name.
    assert link.by_class("how-words")[0].all_text() == "How to play"
    assert link.all_text().replace("How to play", "").strip() == name


def test_the_new_game_form_links_to_how_to_play(client: Client) -> None:
    links = page(client, "/play/").find_all(lambda e: e.tag == "a" and "/rules/" in e.attrs["href"])

    assert [a.all_text() for a in links] == ["How to play"]
    assert links[0].attrs["href"] == "/rules/#easy4"  # the game the form starts on
