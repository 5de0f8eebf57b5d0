"""``vtt serve``: a headless host that prints its invite and stops cleanly on Ctrl+C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

from websockets.sync.client import connect

from vtt.cli import main
from vtt.net.protocol import encode, parse_invite


def test_serve_prints_an_invite_that_a_client_joins_and_stops_on_ctrl_c() -> None:
    env = {**os.environ, "PYTHONPATH": os.getcwd()}
    command = [sys.executable, "-m", "vtt.cli", "serve", "war", "--port", "0"]
    command += ["--seats", "human,computer:random", "--option", "mode=five-card"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert process.stdout is not None
        lines = [process.stdout.readline() for _ in range(3)]
        assert lines[0].startswith("Room ") and "computer (random)" in lines[0]
        invite = parse_invite(lines[1].removeprefix("Invite: "))
        with connect(invite.url) as socket:
            hello = {"room": invite.room, "token": None, "name": "Ann", "want": "any"}
            socket.send(encode("hello", 1, **hello, pack_digest=None))
            kinds = [json.loads(socket.recv(timeout=60))["type"] for _ in range(3)]
        assert kinds == ["pack", "welcome", "frame"], "a client without the pack is sent it"
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=60) == 0
        assert "stopped" in process.stdout.read()
    finally:
        _end(process)


def _end(process: subprocess.Popen[str]) -> None:
    """A host a failed test left running is killed, never waited for without end."""
    if process.poll() is None:
        process.kill()
        process.wait()
    if process.stdout is not None:
        process.stdout.close()


def test_serve_on_every_address_invites_at_this_machines_and_says_shutdown_on_sigterm() -> None:
    from vtt.net.discovery import lan_address

    process = _serving("war", "--host", "0.0.0.0")
    try:
        invite = _invite(process)
        assert invite.host == lan_address()  # the address others reach, never 0.0.0.0
        with connect(invite.url) as socket:
            hello = {"room": invite.room, "token": None, "name": "Ann", "want": "any"}
            socket.send(encode("hello", 1, **hello, pack_digest=None))
            while json.loads(socket.recv(timeout=60))["type"] != "frame":
                pass
            process.send_signal(signal.SIGTERM)
            while (said := json.loads(socket.recv(timeout=60)))["type"] != "bye":
                pass
        assert said["code"] == "shutdown"  # the player's client keeps trying: it may come back
        assert process.wait(timeout=60) == 0
    finally:
        _end(process)


def test_serve_refuses_wrong_seats_with_the_reason(capsys) -> None:
    assert main(["serve", "war", "--seats", "human,robot"]) == 1
    assert "seat 'robot'" in capsys.readouterr().err
    assert main(["serve", "war", "--seats", "human"]) == 1
    assert "2 to 2 seats, not 1" in capsys.readouterr().err


def _serving(*arguments: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": os.getcwd()}
    command = [sys.executable, "-m", "vtt.cli", "serve", "--port", "0", *arguments]
    return subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)


def _invite(process: subprocess.Popen[str]):
    assert process.stdout is not None
    lines = [process.stdout.readline() for _ in range(2)]
    return parse_invite(lines[1].removeprefix("Invite: "))


def test_a_host_killed_outright_resumes_from_its_autosave(tmp_path) -> None:
    import asyncio
    import random

    from tests.net.wire import Client, play_randomly

    first = _serving("war", "--seats", "human,computer:random", "--autosave", str(tmp_path))
    try:
        invite = _invite(first)

        async def play_a_little() -> str | None:
            client = await Client.join_at(invite.url, invite.room, None, "any", None)
            await play_randomly(client, random.Random(4), moves=4)
            await client.close()
            return client.token

        token = asyncio.run(play_a_little())
    finally:
        first.kill()  # kill -9: no goodbye, no last save
        first.wait()
        first.stdout.close()  # type: ignore[union-attr]
    saved = tmp_path / f"{invite.room}.json"
    assert len(json.loads(saved.read_text())["moves"]) >= 4
    second = _serving("--resume", str(saved))
    try:
        again = _invite(second)
        assert again.room == invite.room

        async def finish() -> None:
            client = await Client.join_at(again.url, again.room, None, "any", token)
            assert client.seat == 0 and client.frame is not None
            assert len(client.frame.history) >= 4, "the moves made before the kill are there"
            await play_randomly(client, random.Random(5))
            assert client.frame.over
            await client.close()

        asyncio.run(finish())
    finally:
        second.send_signal(signal.SIGINT)
        try:
            assert second.wait(timeout=60) == 0
        finally:
            _end(second)
