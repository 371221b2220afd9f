"""``python -m rummi_desktop`` is the same as the ``rummi-desktop`` command."""

import sys

from rummi_desktop.commands.cli import main

sys.exit(main())
