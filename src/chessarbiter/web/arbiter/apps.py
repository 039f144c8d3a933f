from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ArbiterConfig(AppConfig):
    name = "chessarbiter.web.arbiter"
    label = "arbiter"
    verbose_name = _("Arbiter")
