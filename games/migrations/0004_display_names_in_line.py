"""Display names saved before the profile form's rules (NFKC, nothing invisible, nobody
else's name) are brought into line, so an old name cannot keep passing for another player.

Invisible characters are dropped; a name that then mixes look-alike scripts, or reads
(as it is, or with its Cyrillic and Greek look-alikes as Latin) as another account's username
or, in any case, an older account's display name, or is too long, is cleared: its owner is shown by their
username and may choose again. The older account keeps a name two accounts shared.
"""

from django.conf import settings
from django.db import migrations

from games import names


def bring_into_line(apps, schema_editor) -> int:
    """Returns how many names changed (for the tests)."""
    Prefs = apps.get_model("games", "PlayerPreferences")
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    most = Prefs._meta.get_field("display_name").max_length
    username = f"{getattr(User, 'USERNAME_FIELD', 'username')}__iexact"  # (historical models lack it)
    changed = 0
    for prefs in Prefs.objects.exclude(display_name="").order_by("pk").iterator():
        visible = "".join(ch for ch in prefs.display_name
                          if names.hidden_character(ch) is None)
        name = names.normal(visible)
        if len(name) > most or names.mixed_scripts(name) or (name and any(
                User.objects.exclude(pk=prefs.user_id).filter(**{username: reading}).exists()
                or Prefs.objects.filter(pk__lt=prefs.pk, display_name__iexact=reading).exists()
                for reading in names.readings(name))):
            name = ""
        if name != prefs.display_name:
            Prefs.objects.filter(pk=prefs.pk).update(display_name=name)
            changed += 1
    return changed


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0003_log_apart"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [migrations.RunPython(bring_into_line, migrations.RunPython.noop)]
