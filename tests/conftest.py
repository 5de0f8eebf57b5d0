"""For every test process: Ctrl+C reaches the programs the tests start.

A shell runs a command put in the background (``make test &`` in a script) with
SIGINT ignored, and a child process inherits that: ``vtt serve`` and ``vtt simulate``
would then never see the Ctrl+C the tests send them, and those tests would fail for
the way the suite was started. A handled signal is reset to its default in a child, so
handling it here gives every program started by a test Python's own Ctrl+C again."""

from __future__ import annotations

import signal

if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
