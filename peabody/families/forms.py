"""The parent's sign-up (with consent to the privacy notice) and the child's profile."""

from __future__ import annotations

from allauth.account.forms import SignupForm
from django import forms
from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest

from peabody.families.avatars import AVATARS
from peabody.families.models import PRIVACY_NOTICE_VERSION, Child, Consent


class ParentSignupForm(SignupForm):
    field_order = ["email", "password1", "password2", "consent"]
    consent = forms.BooleanField(
        label="I have read the privacy notice and I am the parent or carer of the children "
        "I will add."
    )

    def save(self, request: HttpRequest) -> AbstractBaseUser:
        user = super().save(request)
        Consent.objects.create(parent=user, notice_version=PRIVACY_NOTICE_VERSION)
        return user


class ChildForm(forms.ModelForm):
    class Meta:
        model = Child
        fields = [
            "nickname",
            "avatar",
            "maths_level",
            "gentleness",
            "read_aloud",
            "practice_questions",
            "favourite_mode",
        ]
        labels = {
            "avatar": "Picture",
            "maths_level": "Maths level",
            "gentleness": "How kind the bots are",
            "favourite_mode": "Favourite game",
        }
        widgets = {
            "nickname": forms.TextInput(attrs={"autocomplete": "off"}),
            "avatar": forms.RadioSelect,
            "maths_level": forms.RadioSelect,
            "gentleness": forms.RadioSelect,
            "favourite_mode": forms.RadioSelect,
        }

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # A picture must be chosen, so the list offers no "none".
        self.fields["avatar"].choices = [(a.name, a.label) for a in AVATARS]

    def clean_nickname(self) -> str:
        nickname = self.cleaned_data["nickname"].strip()
        if "@" in nickname:
            raise forms.ValidationError("Please use a nickname, not an email address.")
        return nickname
