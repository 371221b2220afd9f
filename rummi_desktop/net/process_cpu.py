"""The CPU time a process has used, read from Linux's ``/proc/<pid>/stat`` (user plus system
time, in seconds): what the loadtest reports per server process. None where there is no
``/proc`` (not Linux) or the process is gone."""

from __future__ import annotations

import os

USER_FIELD, SYSTEM_FIELD = 13, 14  # utime and stime, counted from the pid (proc(5))


def cpu_seconds(pid: int) -> float | None:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            text = stat.read()
    except OSError:
        return None
    # The command name, field 2, is in parentheses and may hold spaces: count after its end.
    fields = text[text.rfind(")") + 2:].split()
    ticks = int(fields[USER_FIELD - 2]) + int(fields[SYSTEM_FIELD - 2])
    return ticks / os.sysconf("SC_CLK_TCK")
