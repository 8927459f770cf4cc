#!/usr/bin/python3
"""What a Linux screen reader hears, read with a real AT-SPI client.

Usage (inside a session bus and a display):
    xvfb-run -a dbus-run-session -- /usr/bin/python3 atspi.py BINARY DATA_DIR [ARGS...]

ARGS go to the game after `--auto` (say `--table you,hard,normal,easy` to
hear a table of four); without them it plays solo games.

Starts the AT-SPI bus, turns the screen reader on (as Orca does), starts the
game playing by itself, and reads the game's live region (a status bar in
AT-SPI) through pyatspi until it names a hand. Fails if the game never shows
up on the accessibility bus or its live region never names a hand.
"""

import os
import subprocess
import sys
import time

import pyatspi

HANDS = ["フラッシュ", "フォーカード", "フルハウス", "ストレート",
         "スリーカード", "ツーペア", "ワンペア", "役なし"]
# Software rendering is slow: the first throw can take a minute to settle.
TIMEOUT = 300
LAUNCHER = "/usr/libexec/at-spi-bus-launcher"


def fail(why):
    print(f"AT-SPI check failed: {why}", file=sys.stderr)
    sys.exit(1)


def dbus_send(*args):
    return subprocess.run(["dbus-send", "--session", "--print-reply", *args],
                          capture_output=True, text=True)


def start_accessibility_bus():
    """The bus launcher, and the screen reader flag set on it."""
    launcher = subprocess.Popen([LAUNCHER, "--launch-immediately"])
    for _ in range(100):
        has = dbus_send("--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                        "org.freedesktop.DBus.NameHasOwner", "string:org.a11y.Bus")
        if "boolean true" in has.stdout:
            break
        time.sleep(0.1)
    else:
        fail("the AT-SPI bus launcher did not start")
    for flag in ["IsEnabled", "ScreenReaderEnabled"]:
        done = dbus_send("--dest=org.a11y.Bus", "/org/a11y/bus",
                         "org.freedesktop.DBus.Properties.Set",
                         "string:org.a11y.Status", f"string:{flag}",
                         "variant:boolean:true")
        if done.returncode != 0:
            fail(f"cannot set {flag}: {done.stderr.strip()}")
    return launcher


def status_bars(node, depth=0):
    """Every status bar under `node` (the live region is one)."""
    if node is None or depth > 12:
        return
    try:
        if node.getRole() == pyatspi.ROLE_STATUS_BAR:
            yield node
        children = list(node)
    except Exception:  # a node that went away while we walked
        return
    for child in children:
        yield from status_bars(child, depth + 1)


def game_app(pid):
    desktop = pyatspi.Registry.getDesktop(0)
    for app in desktop:
        try:
            if app is not None and app.get_process_id() == pid:
                return app
        except Exception:
            continue
    return None


def main():
    if len(sys.argv) < 3:
        fail("usage: atspi.py BINARY DATA_DIR [ARGS...]")
    binary, data_dir, extra = sys.argv[1], sys.argv[2], sys.argv[3:]
    launcher = start_accessibility_bus()
    game = subprocess.Popen([binary, "--seed", "42", "--auto", "--speed", "instant",
                             "--data-dir", data_dir, *extra], stdout=subprocess.DEVNULL,
                            stderr=open(os.path.join(data_dir, "..", "atspi-game.log"), "w"))
    try:
        deadline = time.monotonic() + TIMEOUT
        seen_app = False
        heard = []
        while time.monotonic() < deadline:
            if game.poll() is not None:
                fail(f"the game exited with status {game.returncode}")
            app = game_app(game.pid)
            if app is not None:
                if not seen_app:
                    print(f"the game is on the accessibility bus as '{app.name}'")
                    seen_app = True
                for bar in status_bars(app):
                    text = bar.name or ""
                    if text and text not in heard:
                        heard.append(text)
                        print(f"live region: {text}")
                    if any(hand in text for hand in HANDS):
                        print("AT-SPI check passed: the live region names the hand")
                        return
            time.sleep(1)
        if not seen_app:
            fail("the game never appeared on the accessibility bus")
        fail(f"the live region never named a hand (heard: {heard})")
    finally:
        game.kill()
        game.wait()
        launcher.terminate()


if __name__ == "__main__":
    main()
