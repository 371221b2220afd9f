#!/usr/bin/env bash
# The double-click check without a desktop: install the built bundle into a throw-away HOME,
# start it from its menu launcher on a virtual X display (gio launch, as a file manager or menu
# would; the launcher's Exec line when gio is missing), screenshot the window, then stop
# everything this script started and uninstall.
#
# Needs: xvfb xdotool x11-utils imagemagick (apt-get install ...), a bundle built by
#        python build_installer.py [--dist DIR]
# Usage: packaging/linux/launch_under_xvfb.sh [DIST_DIR] [SHOT.png] [SECONDS_BEFORE_SHOT]
set -euo pipefail

repo="$(cd "$(dirname "$0")/../.." && pwd)"
dist="$(realpath "${1:-$repo/dist}")"
shot="$(realpath "${2:-$repo/dist/launcher-shot.png}")"
wait_s="${3:-3}"
display=":${XVFB_DISPLAY:-99}"
python="$repo/.venv/bin/python"
[ -x "$python" ] || python=python3

home="$(mktemp -d)"
xvfb_pid=""
game_pid=""
cleanup() {
    if [ -n "$game_pid" ]; then
        kill "$game_pid" 2>/dev/null || true
        # gio started it, so it is not our child to wait for: poll until it has gone.
        for _ in $(seq 1 50); do kill -0 "$game_pid" 2>/dev/null || break; sleep 0.1; done
    fi
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
    HOME="$home" XDG_DATA_HOME= "$python" "$repo/build_installer.py" --uninstall >/dev/null 2>&1 || true
    rm -rf "$home"
}
trap cleanup EXIT

HOME="$home" XDG_DATA_HOME= "$python" "$repo/build_installer.py" --install --no-build --dist "$dist"
launcher="$home/.local/share/applications/rummi-desktop.desktop"

Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
for _ in $(seq 1 100); do DISPLAY="$display" xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done

# A bare environment, as a desktop session would give: no virtual env, no PYTHONPATH.
player_env=(env -i "PATH=/usr/bin:/bin" "HOME=$home" "DISPLAY=$display" "LANG=C.UTF-8")
if command -v gio >/dev/null; then
    echo "launching with: gio launch $launcher"
    "${player_env[@]}" gio launch "$launcher"
else
    program="$(sed -n 's/^TryExec=//p' "$launcher")"
    echo "launching the Exec line: $program"
    "${player_env[@]}" "$program" >/dev/null 2>&1 &
fi

# Find the game's window by its WM_CLASS (the program name), then its process id.
window=""
for _ in $(seq 1 100); do
    window="$(DISPLAY="$display" timeout 2 xdotool search --class rummi-desktop 2>/dev/null | tail -1 || true)"
    [ -n "$window" ] && break
    sleep 0.1
done
[ -n "$window" ] || { echo "no rummi-desktop window appeared" >&2; exit 1; }
game_pid="$(DISPLAY="$display" timeout 2 xdotool getwindowpid "$window")"
echo "window $window, process $game_pid, class: $(DISPLAY="$display" timeout 2 xprop -id "$window" WM_CLASS)"

sleep "$wait_s"
mkdir -p "$(dirname "$shot")"
DISPLAY="$display" timeout 10 import -window root "$shot"
echo "screenshot: $shot"
