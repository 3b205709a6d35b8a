"""The new-game form: the mode, the bots, the number of holes and the table rules; and the
one-time token that makes a double tap on "Deal the cards" or "Play again" one game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, cast

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.board import BOT_FACES
from games.engine import PRESETS, Rules, RulesClash
from games.words.modes import MODE_LINES, MODE_NAMES
from games.words.refusals import CLASHES

# Kindest first: a child in kid mode is offered them up to what their grown-up chose.
LEVELS = [
    ("gentle", gettext_lazy("Gentle: a kind bot")),
    ("steady", gettext_lazy("Steady: a careful bot")),
    ("sharp", gettext_lazy("Sharp: a tricky bot")),
]
BOTS = [("1", gettext_lazy("1 bot")), ("2", gettext_lazy("2 bots")), ("3", gettext_lazy("3 bots"))]
HOLES = [
    ("1", gettext_lazy("1 hole")),
    ("3", gettext_lazy("3 holes")),
    ("9", gettext_lazy("9 holes")),
    ("18", gettext_lazy("18 holes (six cards only)")),
]
JOKERS = [
    ("", gettext_lazy("No jokers")),
    ("pagat", gettext_lazy("Jokers are −2, and twos become +2")),
    ("minus5", gettext_lazy("Jokers are −5")),
]
FOUR_OF_A_KIND = [
    ("", gettext_lazy("No bonus")),
    ("pair_of_columns", gettext_lazy("−10 for two matching columns of the same card")),
    ("square", gettext_lazy("−20 for two matching columns side by side")),
]
CALLER_PENALTY = [
    ("", gettext_lazy("No penalty")),
    ("low_scores_zero", gettext_lazy("Lowest score counts 0; a caller who is not lowest adds it")),
    ("double", gettext_lazy("A caller who is not lowest scores double")),
]


class PictureChoice(forms.RadioSelect):
    """Radio buttons chosen by their pictures: each choice drawn with symbols of an SVG file
    of ours in static/img (``sprite``), and maybe one short line under its name. The
    pictures say nothing to a screen reader; the words are each radio's name."""

    def __init__(
        self,
        sprite: str,
        pictures: Mapping[str, tuple[str, ...]],
        lines: Mapping[str, str] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.sprite = sprite
        self.pictures = pictures
        self.lines = lines or {}

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        option["sprite"] = self.sprite
        option["pictures"] = self.pictures.get(str(value), ())
        option["line"] = self.lines.get(str(value), "")
        return option


class NewGameForm(forms.Form):
    # The choices a child makes, each a set of radio buttons.
    CHOICES = ("mode", "bots", "level", "holes")
    # Settings of the game that are not rules of play.
    SETTINGS = ("questions",)

    # Each game by the picture of its cards as they are dealt, its name and one line.
    mode = forms.ChoiceField(
        choices=MODE_NAMES.items,  # called as the form is drawn: in the page's language
        initial="easy4",
        widget=PictureChoice(
            "img/choices.svg", {mode: (mode,) for mode in MODE_NAMES}, lines=MODE_LINES
        ),
        label=gettext_lazy("Which game?"),
    )
    # The bots by the faces they have at the table.
    bots = forms.ChoiceField(
        choices=BOTS,
        initial="1",
        widget=PictureChoice("img/table.svg", {n: BOT_FACES[: int(n)] for n, _label in BOTS}),
        label=gettext_lazy("How many bots?"),
    )
    level = forms.ChoiceField(
        choices=LEVELS,
        initial="gentle",
        widget=PictureChoice("img/choices.svg", {name: (name,) for name, _label in LEVELS}),
        label=gettext_lazy("How good are the bots?"),
    )
    holes = forms.ChoiceField(
        choices=HOLES, initial="3", widget=forms.RadioSelect, label=gettext_lazy("How long a game?")
    )
    questions = forms.BooleanField(
        required=False, initial=True, label=gettext_lazy("Ask me maths questions after each hole")
    )
    # The table rules: all off unless chosen.
    jokers = forms.ChoiceField(choices=JOKERS, required=False, label=gettext_lazy("Jokers"))
    four_of_a_kind = forms.ChoiceField(
        choices=FOUR_OF_A_KIND, required=False, label=gettext_lazy("Four of a kind (six cards)")
    )
    caller_penalty = forms.ChoiceField(
        choices=CALLER_PENALTY,
        required=False,
        label=gettext_lazy("Penalty for the player who ends the hole"),
    )
    flip_instead_of_draw = forms.BooleanField(
        required=False, label=gettext_lazy("You may turn a card over instead of taking one")
    )
    adding_only = forms.BooleanField(
        required=False, label=gettext_lazy("Adding only: twos count +2")
    )
    memory_mode = forms.BooleanField(
        required=False,
        label=gettext_lazy("Memory game: new cards stay face down (four cards only)"),
    )
    extra_hole = forms.BooleanField(required=False, label=gettext_lazy("A tie plays one more hole"))

    def __init__(
        self,
        *args,
        mode: str | None = None,
        adding_only: bool | None = None,
        questions: bool | None = None,
        trickiest: str | None = None,
        **kwargs,
    ) -> None:
        """``mode`` starts the form on a favourite game; ``adding_only`` and ``questions``,
        when given, are the grown-up's choices for a child in kid mode, which the child
        cannot change, and ``trickiest`` the trickiest bots (a level of LEVELS) the child
        may choose."""
        super().__init__(*args, **kwargs)
        if mode is not None:
            self.fields["mode"].initial = mode
        if trickiest is not None:
            self.offer_levels_up_to(trickiest)
        for name, chosen in (("adding_only", adding_only), ("questions", questions)):
            if chosen is not None:
                field = self.fields[name]
                field.initial = chosen
                field.disabled = True
                # Translators: "choice" is the label of a setting ("Adding only: twos count +2").
                field.label = _("%(choice)s (your grown-up chose this)") % {"choice": field.label}

    def offer_levels_up_to(self, trickiest: str) -> None:
        """Offer the bots' levels from the kindest to ``trickiest``; a post of a trickier
        one (made by hand: the form never offers it) is refused, and changes nothing."""
        level = cast(forms.ChoiceField, self.fields["level"])
        names = [name for name, _label in LEVELS]
        level.choices = LEVELS[: names.index(trickiest) + 1]
        level.help_text = gettext_lazy("Your grown-up chose how tricky the bots can be.")
        level.error_messages["invalid_choice"] = gettext_lazy(
            "Your grown-up chose kinder bots. Please pick one of these."
        )

    def choices(self) -> list[forms.BoundField]:
        return [self[name] for name in self.CHOICES]

    def settings(self) -> list[forms.BoundField]:
        return [self[name] for name in self.SETTINGS]

    def table_rules(self) -> list[forms.BoundField]:
        """The house rules, for grown-ups to agree on before the deal."""
        return [field for field in self if field.name not in self.CHOICES + self.SETTINGS]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if self.errors:
            return data
        if data["holes"] == "18" and data["mode"] != "classic6":
            raise forms.ValidationError(_("18 holes is only for the six-card game."))
        try:
            data["rules"] = replace(
                PRESETS[data["mode"]],
                holes=int(data["holes"]),
                jokers=data["jokers"] or None,
                four_of_a_kind=data["four_of_a_kind"] or None,
                caller_penalty=data["caller_penalty"] or None,
                flip_instead_of_draw=data["flip_instead_of_draw"],
                adding_only=data["adding_only"],
                memory_mode=data["memory_mode"],
                extra_hole=data["extra_hole"],
            )
        except RulesClash as e:
            why = CLASHES[e.code]
            # Translators: "why" says which rules clash: "jokers are negative cards, so they
            # cannot go with adding only".
            raise forms.ValidationError(
                _("Those table rules don't go together (%(why)s). Please change one.")
                % {"why": why}
            ) from e
        return data

    @property
    def rules(self) -> Rules:
        return self.cleaned_data["rules"]

    @property
    def bot_levels(self) -> list[str]:
        return [self.cleaned_data["level"]] * int(self.cleaned_data["bots"])
