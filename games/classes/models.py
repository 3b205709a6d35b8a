"""A class session's code and the answers the class's devices give, and nothing else.

A class session is the teacher's lesson opened to the children's devices: its code, how many
devices joined and how many answers came (the projector's stream watches that count). A class
answer is the question's key, the value given and the device as the lesson knows it (a hash
of the lesson and the random token in the device's session, the same when it joins again),
so that it answers once: no name, no address, no time. Both go when the lesson ends, at the
latest by ``purge_expired``.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.db import IntegrityError, models, transaction
from django.db.models import F
from django.utils import timezone

from games.join_codes import new_code

# Long enough for a lesson, and a code nobody types after it.
SESSION_LIFETIME = timedelta(hours=2)


class ClassSessionQuerySet(models.QuerySet["ClassSession"]):
    def live(self) -> ClassSessionQuerySet:
        return self.filter(expires__gt=timezone.now())

    def expired(self) -> ClassSessionQuerySet:
        return self.filter(expires__lte=timezone.now())


class ClassSession(models.Model):
    game = models.OneToOneField(
        "games.Game", on_delete=models.CASCADE, related_name="class_session"
    )
    code = models.CharField(max_length=60, unique=True)
    # Devices joined so far: the next one is given picture number ``joined``.
    joined = models.PositiveIntegerField(default=0)
    # Goes up with every answer: the projector hears of answers by watching it.
    answered = models.PositiveIntegerField(default=0)
    expires = models.DateTimeField(db_index=True)

    objects = ClassSessionQuerySet.as_manager()

    def __str__(self) -> str:
        return f"class session of game {self.game_id}"

    @classmethod
    def open(cls, game) -> ClassSession:
        """A new class session for the class's ``game`` (a games.Game), with a code no live
        session has; the teacher's earlier session on this game, if any, ends."""
        cls.objects.expired().delete()  # their codes may come round again
        cls.objects.filter(game=game).delete()
        while True:
            try:
                with transaction.atomic():
                    return cls.objects.create(
                        game=game, code=new_code(), expires=timezone.now() + SESSION_LIFETIME
                    )
            except IntegrityError:  # that code is in use: draw again
                continue

    def join(self) -> int:
        """Count one more device in, and say its number, from 0."""
        ClassSession.objects.filter(pk=self.pk).update(joined=F("joined") + 1)
        self.refresh_from_db(fields=["joined"])
        return self.joined - 1

    def answer(self, question: str, device: str, value: int, right: bool) -> bool:
        """Keep ``device``'s answer to ``question``, and whether it is ``right``; False, with
        nothing changed, if it has answered that question already."""
        try:
            with transaction.atomic():
                ClassAnswer.objects.create(
                    class_session=self, question=question, device=device, value=value, right=right
                )
                ClassSession.objects.filter(pk=self.pk).update(answered=F("answered") + 1)
        except IntegrityError:
            return False
        return True

    def spread(self, question: str) -> dict[int, int]:
        """How many devices gave each value to ``question``: counts, never who."""
        rows = (
            self.answers.filter(question=question)
            .values_list("value")
            .annotate(n=models.Count("pk"))
            .order_by("value")
        )
        return dict(rows)

    def tallies(self) -> list[tuple[str, int, int]]:
        """Each question the devices answered, in the order it was asked: its key, how many
        devices answered it and how many of them were right (the first try: a device answers
        once). Counts, never who."""
        rows = (
            self.answers.values("question")
            .annotate(
                first=models.Min("pk"),
                answered=models.Count("pk"),
                right=models.Count("pk", filter=models.Q(right=True)),
            )
            .order_by("first")
        )
        return [(row["question"], row["answered"], row["right"]) for row in rows]


class ClassAnswer(models.Model):
    class_session = models.ForeignKey(
        ClassSession, on_delete=models.CASCADE, related_name="answers"
    )
    question = models.CharField(max_length=40)  # the question's key: "column-2", "winner"
    device = models.CharField(max_length=32)  # games.classes.views.lesson_device
    value = models.IntegerField()
    # Set as the answer is saved, from the question open then: its first try, as a device
    # answers a question once.
    right = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["class_session", "question", "device"], name="answer_once"
            )
        ]

    def __str__(self) -> str:
        return f"{self.question}: {self.value}"


def new_device_token() -> str:
    return secrets.token_hex(16)
