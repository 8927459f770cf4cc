#!/usr/bin/env python3
"""One seed, one game, in the real window: the computer plays `--seed 42
--auto` at two window sizes, the pointer resting over the tray (where it
marks the die under it as hovered), and every game both windows finished
must have thrown the same dice, held the same and paid the same.

Each size gets an X server of its own, big enough for the window; the game
plays for SECONDS and is then stopped (its history is written game by game).
Fails when either window finished fewer than MIN_GAMES games or when a game
differs.

usage: sameseed.py BINARY [game args...]   (SECONDS from the environment:
SAMESEED_SECONDS, default 75)
"""

import json
import os
import subprocess
import sys
import tempfile
import time

SIZES = ["800x600", "1280x800"]
MIN_GAMES = 2


def play(binary, size, args, seconds, work):
    """The history of a window of `size` playing for `seconds`, game by game."""
    width, height = (int(n) for n in size.split("x"))
    display = f":{300 + (os.getpid() + width) % 500}"
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1920x1080x24"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1)
    env = dict(os.environ, DISPLAY=display)
    env.pop("WAYLAND_DISPLAY", None)
    # The window opens at the screen's corner: its middle is the tray's, where
    # the dice wait in a row before the first throw.
    subprocess.run(["xdotool", "mousemove", str(width // 2), str(height // 2)],
                   env=env, check=True)
    data = os.path.join(work, f"data-{size}")
    log_path = os.path.join(work, f"{size}.log")
    with open(log_path, "w") as log:
        game = subprocess.Popen(
            [binary, "--seed", "42", "--auto", "--window", size, "--data-dir", data] + args,
            stdout=log, stderr=subprocess.STDOUT, env=env)
        try:
            time.sleep(seconds)
            if game.poll() is not None:
                print(open(log_path).read()[-2000:])
                sys.exit(f"the window ({size}) ended before it was stopped")
        finally:
            game.kill()
            game.wait()
            xvfb.kill()
            xvfb.wait()
    history = os.path.join(data, "history.jsonl")
    if not os.path.exists(history):
        print(open(log_path).read()[-2000:])
        sys.exit(f"the window ({size}) finished no game")
    games = []
    for line in open(history):
        game = json.loads(line)
        games.append({k: game.get(k) for k in ("mode", "throws", "hand", "coins_in", "coins_out")})
    return games


def main():
    binary, args = sys.argv[1], sys.argv[2:]
    seconds = float(os.environ.get("SAMESEED_SECONDS", "75"))
    work = tempfile.mkdtemp()
    played = {size: play(binary, size, args, seconds, work) for size in SIZES}
    for size, games in played.items():
        print(f"{size}: {len(games)} games")
        if len(games) < MIN_GAMES:
            sys.exit(f"the window ({size}) finished {len(games)} games (at least {MIN_GAMES})")
    first, second = (played[s] for s in SIZES)
    both = min(len(first), len(second))
    for n in range(both):
        if first[n] != second[n]:
            sys.exit(f"game {n + 1} differs:\n  {SIZES[0]}: {first[n]}\n  {SIZES[1]}: {second[n]}")
    print(f"the same {both} games at {' and '.join(SIZES)}")


if __name__ == "__main__":
    main()
