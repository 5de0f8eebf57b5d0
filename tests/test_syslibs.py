"""The set-up check of Qt's system libraries (``make run``), fed made-up ``ldd`` output."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pytest

from vtt import syslibs

# What ldd prints for the xcb plugin on a fresh Debian 12 desktop.
FRESH_DEBIAN = """\
\tlinux-vdso.so.1 (0x00007ffd5b3f1000)
\tlibQt6XcbQpa.so.6 => /v/PySide6/Qt/plugins/platforms/../../lib/libQt6XcbQpa.so.6 (0x7f40)
\tlibxcb-cursor.so.0 => not found
\tlibxcb-icccm.so.4 => not found
\tlibxcb-util.so.1 => /lib/x86_64-linux-gnu/libxcb-util.so.1 (0x00007f407b7ab000)
\tlibxcb-keysyms.so.1 => not found
\tlibxcb.so.1 => /lib/x86_64-linux-gnu/libxcb.so.1 (0x00007f407afd6000)
\tlibxcb-icccm.so.4 => not found
\tlibwhatever-new.so.9 => not found
"""


def test_the_not_found_lines_are_the_missing_libraries_each_once():
    assert syslibs.missing_libraries(FRESH_DEBIAN) == [
        "libxcb-cursor.so.0",
        "libxcb-icccm.so.4",
        "libxcb-keysyms.so.1",
        "libwhatever-new.so.9",
    ]
    assert syslibs.missing_libraries("\tlibxcb.so.1 => /lib/libxcb.so.1 (0x1)\n") == []


def test_missing_libraries_map_to_debian_packages_and_unknown_ones_are_named():
    missing = syslibs.missing_libraries(FRESH_DEBIAN)
    packages, unknown = syslibs.packages_for(missing)
    assert packages == ["libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1"]
    assert unknown == ["libwhatever-new.so.9"]


class FakeSystem:
    """ldd, apt-get and sudo as a fresh desktop has them: ldd reports what is not installed."""

    def __init__(self, monkeypatch, *, root: bool, sudo_without_password: bool = False) -> None:
        self.installed: set[str] = set()
        self.commands: list[list[str]] = []
        self.sudo_ok = sudo_without_password
        monkeypatch.setattr(syslibs, "xcb_plugin", lambda: Path("/v/libqxcb.so"))
        monkeypatch.setattr(syslibs.os, "geteuid", lambda: 0 if root else 1000)
        monkeypatch.setattr(syslibs.shutil, "which", lambda name: f"/usr/bin/{name}")
        monkeypatch.setattr(syslibs.subprocess, "run", self.run)

    def run(self, command, **kwargs):
        self.commands.append(list(command))
        out, code = "", 0
        if command[0] == "ldd":
            lines = [
                f"\t{lib} => not found"
                for lib in ("libxcb-cursor.so.0", "libxcb-icccm.so.4")
                if syslibs.DEBIAN_PACKAGES[lib] not in self.installed
            ]
            out = "\n".join(lines)
        elif command[:2] == ["sudo", "-n"]:
            code = 0 if self.sudo_ok else 1
        elif "install" in command:
            self.installed.update(command[command.index("-y") + 1 :])
        return subprocess.CompletedProcess(command, code, out, "")


def test_as_root_the_check_installs_the_packages_and_passes(monkeypatch):
    system = FakeSystem(monkeypatch, root=True)
    said = io.StringIO()
    assert syslibs.check(out=said) == 0
    assert ["apt-get", "install", "-y", "libxcb-cursor0", "libxcb-icccm4"] in system.commands
    assert system.installed == {"libxcb-cursor0", "libxcb-icccm4"}
    assert "libxcb-cursor.so.0, libxcb-icccm.so.4" in said.getvalue()


def test_without_root_or_sudo_the_check_stops_with_the_command_to_run(monkeypatch):
    system = FakeSystem(monkeypatch, root=False)
    said = io.StringIO()
    assert syslibs.check(out=said) == 1
    assert system.installed == set()
    assert "    sudo apt-get install -y libxcb-cursor0 libxcb-icccm4\n" in said.getvalue()


def test_sudo_without_a_password_installs_through_sudo(monkeypatch):
    system = FakeSystem(monkeypatch, root=False, sudo_without_password=True)
    assert syslibs.check(out=io.StringIO()) == 0
    assert ["sudo", "apt-get", "install", "-y", "libxcb-cursor0", "libxcb-icccm4"] in (
        system.commands
    )


def test_check_only_never_installs(monkeypatch):
    system = FakeSystem(monkeypatch, root=True)
    assert syslibs.main(["--check-only"]) == 1
    assert system.installed == set()


def test_nothing_missing_passes_without_a_word(monkeypatch, capsys):
    system = FakeSystem(monkeypatch, root=True)
    system.installed = {"libxcb-cursor0", "libxcb-icccm4"}
    assert syslibs.check() == 0
    assert capsys.readouterr().err == ""
    assert [c[0] for c in system.commands] == ["ldd"]


@pytest.mark.skipif(syslibs.xcb_plugin() is None, reason="PySide6 has no xcb plugin here")
def test_the_plugin_is_found_in_the_installed_pyside6():
    plugin = syslibs.xcb_plugin()
    assert plugin is not None and plugin.name == "libqxcb.so" and plugin.is_file()


@pytest.mark.parametrize(
    ("environment", "xcb"),
    [
        ({"DISPLAY": ":0"}, True),
        ({}, True),  # Qt still tries xcb, and says there is no display
        ({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"}, False),
        ({"QT_QPA_PLATFORM": "offscreen", "DISPLAY": ":0"}, False),
        ({"QT_QPA_PLATFORM": "xcb", "WAYLAND_DISPLAY": "wayland-0"}, True),
        ({"QT_QPA_PLATFORM": "wayland;xcb", "WAYLAND_DISPLAY": "wayland-0"}, False),
    ],
)
def test_the_xcb_plugin_is_needed_only_where_qt_will_load_it(environment, xcb):
    assert syslibs.xcb_in_use(environment) is xcb


def test_vtt_itself_stops_with_the_command_to_run_instead_of_qts_abort(monkeypatch, capsys):
    """`vtt` run directly (not through make run) on a desktop lacking the libraries:
    Qt would abort ("could not load the Qt platform plugin"), with no command given."""
    from vtt import cli
    from vtt.ui import app

    def no_window(_path=None):
        raise AssertionError("Qt was started without its libraries")

    monkeypatch.setattr(app, "run_app", no_window)
    system = FakeSystem(monkeypatch, root=False)
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert cli.main([]) == 1
    said = capsys.readouterr().err
    assert "    sudo apt-get install -y libxcb-cursor0 libxcb-icccm4\n" in said
    assert system.installed == set()  # `vtt` says what to do; only `make run` installs
