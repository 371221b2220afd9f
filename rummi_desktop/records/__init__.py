"""What a profile keeps: players, finished-game records, statistics, unlocks, replays and the
export/import of a profile. Above ``storage/`` (which holds the files), below the screens."""
