"""PostgreSQL: the player database's name index in the order of a name search's answer.

A search by the beginning of a name (``web.events.rating_list.search``) answers in the order
of the folded name, then the FIDE ID. On PostgreSQL the index ``ratinglist_name_key``, made
with ``varchar_pattern_ops`` for ``LIKE 'prefix%'``, finds the names but not in that order: a
prefix of three letters had some 50 000 rows of a 1.2-million list sorted for its first 20.
Here it becomes, under the same name, an index by the folded name in the byte order of
``COLLATE "C"`` (the order of SQLite's index), then the FIDE ID: it serves the prefix (a
range of that order) and gives the rows in order. Replacing it rather than adding one keeps
the indexes an import of the list writes to four. SQLite keeps its index (and knows no
``"C"`` collation): the migration does nothing there.
"""

from typing import Any

from django.db import migrations

INDEX = "ratinglist_name_key"
TABLE = "events_ratinglistplayer"


def by_byte_order(apps: Any, schema_editor: Any) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")
        schema_editor.execute(f'CREATE INDEX {INDEX} ON {TABLE} (name_key COLLATE "C", fide_id)')


def by_pattern(apps: Any, schema_editor: Any) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")
        schema_editor.execute(f"CREATE INDEX {INDEX} ON {TABLE} (name_key varchar_pattern_ops)")


class Migration(migrations.Migration):
    dependencies = [("events", "0012_sections_registration")]

    operations = [migrations.RunPython(by_byte_order, by_pattern, elidable=False)]
