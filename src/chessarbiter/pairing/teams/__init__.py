"""Team competitions: rosters and line-ups, match colours, team schedules (three
teams in two rounds, Scheveningen, mixed round robin, simultaneous matches, the
semi-final/final planner), team Swiss."""
