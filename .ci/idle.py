#!/usr/bin/env python3
"""Measures what the game's window costs while nothing happens.

Starts the game (its arguments after the first two) in an X server of its own,
waits WARM seconds for it to come up, then reads the CPU time the process (all
of its threads, the software renderer's included) spends over WINDOW seconds
in which nobody touches it. Prints the cores kept busy on average and fails
when that is over the limit.

usage: idle.py BINARY LIMIT [game args...]   (WARM and WINDOW from the
environment: IDLE_WARM, default 25; IDLE_WINDOW, default 20)
"""

import os
import subprocess
import sys
import tempfile
import time


def cpu_seconds(pid):
    """User and system time of a process so far, in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    # utime and stime are fields 14 and 15 of the whole line (11 and 12 after the name).
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main():
    binary, limit = sys.argv[1], float(sys.argv[2])
    args = sys.argv[3:]
    warm = float(os.environ.get("IDLE_WARM", "25"))
    window = float(os.environ.get("IDLE_WINDOW", "20"))
    work = tempfile.mkdtemp()
    display = f":{200 + os.getpid() % 500}"
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x800x24"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1)
    log = open(os.path.join(work, "game.log"), "w")
    env = dict(os.environ, DISPLAY=display)
    env.pop("WAYLAND_DISPLAY", None)
    game = subprocess.Popen([binary, "--data-dir", os.path.join(work, "data")] + args,
                            stdout=log, stderr=subprocess.STDOUT, env=env)
    try:
        time.sleep(warm)
        if game.poll() is not None:
            print(open(os.path.join(work, "game.log")).read()[-2000:])
            sys.exit(f"the game ({' '.join(args)}) ended before it was measured")
        before = cpu_seconds(game.pid)
        time.sleep(window)
        share = (cpu_seconds(game.pid) - before) / window
    finally:
        game.kill()
        game.wait()
        xvfb.kill()
        xvfb.wait()
    print(f"idle ({' '.join(args) or 'start screen'}): {share:.3f} cores over {window:.0f} s")
    if share > limit:
        print(open(os.path.join(work, "game.log")).read()[-2000:])
        sys.exit(f"the idle window kept {share:.3f} cores busy (at most {limit})")


if __name__ == "__main__":
    main()
