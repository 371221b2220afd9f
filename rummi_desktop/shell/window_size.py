"""How big the window opens, and where: pure arithmetic on the desktop's size (no pygame).

The game draws one 1280×800 canvas and the window shows it scaled to whatever size the window
has (letterbox bars on two sides when the shapes differ). The "interface size" setting
(``UI_SCALES``: 100, 125 or 150 %, or 0 for automatic) says how big the window *opens*: the
canvas times that share, shrunk to fit the part of the desktop a window may use. Automatic picks
the largest of 100/125/150 % that fits whole, and on a desktop too small for even 100 % the
canvas shrunk to fit. The player may then drag the window to any size; the picture follows.
"""

from __future__ import annotations

CANVAS = (1280, 800)
UI_SCALES = (0, 100, 125, 150)  # percent; 0 = automatic
AUTOMATIC = 0
# A window's picture may use this share of the desktop: the rest is left for the title bar, a
# task bar, a dock or a top panel, which the desktop's size alone does not tell us about.
USABLE_SHARE = (0.94, 0.88)
SMALLEST_WINDOW = (480, 300)  # what the player may shrink it to: still readable, still clickable

Size = tuple[int, int]


def usable_area(desktop: Size) -> Size:
    """The part of the desktop the window's picture may cover."""
    return (int(desktop[0] * USABLE_SHARE[0]), int(desktop[1] * USABLE_SHARE[1]))


def fits(size: Size, area: Size) -> bool:
    return size[0] <= area[0] and size[1] <= area[1]


def canvas_at(percent: int) -> Size:
    return (round(CANVAS[0] * percent / 100), round(CANVAS[1] * percent / 100))


def chosen_percent(ui_scale: int, desktop: Size) -> int:
    """The share the window aims for: the setting, or for automatic the largest that fits."""
    if ui_scale != AUTOMATIC:
        return ui_scale
    area = usable_area(desktop)
    fitting = [percent for percent in UI_SCALES if percent and fits(canvas_at(percent), area)]
    return max(fitting, default=100)


def first_window_size(desktop: Size, ui_scale: int = AUTOMATIC) -> Size:
    """The window's size when it opens: canvas × the chosen share, shrunk (keeping the canvas'
    shape, so no bars) until it fits the usable part of ``desktop``, never below the smallest."""
    wanted = canvas_at(chosen_percent(ui_scale, desktop))
    area = usable_area(desktop)
    shrink = min(1.0, area[0] / wanted[0], area[1] / wanted[1])
    width, height = int(wanted[0] * shrink), int(wanted[1] * shrink)
    if width < SMALLEST_WINDOW[0]:  # a tiny desktop: the smallest window, even if it overhangs
        width, height = SMALLEST_WINDOW
    return (width, height)


def centred_position(desktop: Size, window: Size) -> tuple[int, int]:
    """The top-left corner that centres ``window`` on ``desktop``, never above or left of it
    (the title bar must stay on the screen, where the player can grab it)."""
    return (max(0, (desktop[0] - window[0]) // 2), max(0, (desktop[1] - window[1]) // 2))
