"""The player database keeps the K factors FIDE's rating list publishes for each player
(FIDE Rating Regulations of 1 March 2024, B.02 7.1.2: "the current value of K for the
player"): standard, rapid and blitz, blank until the next import of the list."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("events", "0013_ratinglist_name_order")]

    operations = [
        migrations.AddField(
            model_name="ratinglistplayer",
            name="k_standard",
            field=models.PositiveSmallIntegerField(
                blank=True, null=True, verbose_name="standard K factor"
            ),
        ),
        migrations.AddField(
            model_name="ratinglistplayer",
            name="k_rapid",
            field=models.PositiveSmallIntegerField(
                blank=True, null=True, verbose_name="rapid K factor"
            ),
        ),
        migrations.AddField(
            model_name="ratinglistplayer",
            name="k_blitz",
            field=models.PositiveSmallIntegerField(
                blank=True, null=True, verbose_name="blitz K factor"
            ),
        ),
    ]
