"""Computer seats off the frame loop: the thinking process (a forkserver child speaking JSON over a
pipe), its thread fallback, and the task a seat runs there."""
