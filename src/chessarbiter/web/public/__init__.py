"""The public, read-only pages: events, pairings, results, standings, crosstable, player
cards. They refresh themselves (htmx polling) while a round is being played."""
