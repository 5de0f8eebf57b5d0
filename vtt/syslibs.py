"""The system libraries Qt's xcb platform plugin needs, found with ``ldd`` before the window opens.

The PySide6 wheel brings Qt but not the X11 helper libraries its xcb plugin links
against; on a fresh Debian or Ubuntu desktop some are missing and Qt stops with
"xcb-cursor0 or libxcb-cursor0 is needed". ``make run`` runs this module first: it
lists the missing libraries, installs their packages when it may (as root, or with
``sudo`` that asks no password), and otherwise stops with the exact command to run.
``vtt`` itself checks too (never installing) before it opens a window. It never
imports Qt, so it works where Qt cannot start.

>>> missing_libraries("libxcb-icccm.so.4 => not found\\nlibxcb.so.1 => /lib/libxcb.so.1 (0x1)")
['libxcb-icccm.so.4']
>>> install_command(["libxcb-icccm4"], root=False)
['sudo', 'apt-get', 'install', '-y', 'libxcb-icccm4']
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TextIO

#: The Debian (and Ubuntu) package of every library the xcb plugin and Qt's GUI link to.
DEBIAN_PACKAGES: dict[str, str] = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb-xinerama.so.0": "libxcb-xinerama0",
    "libxcb-xinput.so.0": "libxcb-xinput0",
    "libxcb-glx.so.0": "libxcb-glx0",
    "libxcb.so.1": "libxcb1",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libX11.so.6": "libx11-6",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libOpenGL.so.0": "libopengl0",
    "libGLX.so.0": "libglx0",
    "libGLdispatch.so.0": "libglvnd0",
    "libXau.so.6": "libxau6",
    "libXdmcp.so.6": "libxdmcp6",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3",
}


def xcb_plugin() -> Path | None:
    """Qt's xcb platform plugin inside the installed PySide6, without importing PySide6."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        plugin = Path(folder) / "Qt" / "plugins" / "platforms" / "libqxcb.so"
        if plugin.is_file():
            return plugin
    return None


def xcb_in_use(environment: Mapping[str, str]) -> bool:
    """True if Qt will load its xcb plugin in a session with ``environment``: the platform
    asked for is xcb, or none is asked for and there is no Wayland display to prefer."""
    platform = environment.get("QT_QPA_PLATFORM", "")
    if platform:
        # "wayland;xcb" tries the first and falls back on the next.
        return platform.split(";")[0].split(":")[0] == "xcb"
    return not environment.get("WAYLAND_DISPLAY")


def missing_libraries(ldd_output: str) -> list[str]:
    """The libraries ``ldd`` reports as "not found", each once, in the order it lists them."""
    found: list[str] = []
    for line in ldd_output.splitlines():
        name, arrow, where = line.strip().partition("=>")
        if arrow and where.strip() == "not found" and name.strip() not in found:
            found.append(name.strip())
    return found


def packages_for(libraries: Sequence[str]) -> tuple[list[str], list[str]]:
    """The Debian packages providing ``libraries``, and the libraries no package is known for."""
    packages: list[str] = []
    unknown: list[str] = []
    for library in libraries:
        package = DEBIAN_PACKAGES.get(library)
        if package is None:
            unknown.append(library)
        elif package not in packages:
            packages.append(package)
    return packages, unknown


def install_command(packages: Sequence[str], *, root: bool) -> list[str]:
    """The apt-get command that installs ``packages`` (through sudo unless run as root)."""
    return _as_root(["apt-get", "install", "-y", *packages], root)


def _as_root(command: list[str], root: bool) -> list[str]:
    return command if root else ["sudo", *command]


def may_install(root: bool) -> bool:
    """True if packages can be installed without asking anyone: apt-get is there, and we
    are root or sudo runs without a password."""
    if shutil.which("apt-get") is None:
        return False
    if root:
        return True
    if shutil.which("sudo") is None:
        return False
    asked = subprocess.run(["sudo", "-n", "true"], capture_output=True, check=False)
    return asked.returncode == 0


def check(*, install: bool = True, out: TextIO | None = None) -> int:
    """Find what the xcb plugin lacks and install it or say how; 0 when Qt can start."""
    stream = out if out is not None else sys.stderr

    def say(text: str) -> None:
        print(text, file=stream, flush=True)

    missing = _missing_now()
    if not missing:
        return 0
    packages, unknown = packages_for(missing)
    say("Qt's window system plugin needs system libraries that are missing: " + ", ".join(missing))
    if unknown:
        say("No Debian package is known for: " + ", ".join(unknown) + ". Install them by hand.")
    if not packages:
        return 1
    root = os.geteuid() == 0
    if install and may_install(root):
        command = install_command(packages, root=root)
        say("Installing them: " + " ".join(command))
        if _apt(command) != 0:
            # A fresh system may never have read its package lists.
            _apt(_as_root(["apt-get", "update"], root))
            _apt(command)
        if not _missing_now():
            return 0
        say("The installation did not finish. Run it yourself:")
    else:
        say("Install them with:")
    say("    " + " ".join(install_command(packages, root=root)))
    return 1


def _missing_now() -> list[str]:
    plugin = xcb_plugin()
    if plugin is None or not sys.platform.startswith("linux") or shutil.which("ldd") is None:
        return []  # no xcb plugin to check here (another system, or another Qt layout)
    listing = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True, check=False)
    return missing_libraries(listing.stdout)


def _apt(command: list[str]) -> int:
    environment = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    return subprocess.run(command, env=environment, check=False).returncode


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m vtt.syslibs [--check-only]``: check (and install) Qt's system libraries."""
    args = list(sys.argv[1:] if argv is None else argv)
    return check(install="--check-only" not in args)


if __name__ == "__main__":
    sys.exit(main())
