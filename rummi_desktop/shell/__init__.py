"""The window's machinery, game-neutral: the app loop, the scene stack, input mapping, the fixed
step, frame pacing, audio, the settings file, and starting pygame safely."""
