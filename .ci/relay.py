#!/usr/bin/env python3
"""Network play through a real transit relay, as CI checks it.

Usage: relay.py BINARY RELAY_PORT

Two headless processes (`host --auto --json --relay`, `join --auto --json
--relay`) play three matches through the relay at 127.0.0.1:RELAY_PORT; the
guest reaches it through a tap that logs every byte both ways. Checks: both
exit 0 with documents equal but for the seat, three matches decided; the tap
saw none of the transcript (no event's JSON, no commitment or nonce, no move's
name); a table of three (`host --seats 3`, both guests waiting before the
host comes, one tapped) plays to the end with three equal documents and
nothing readable on the tap; a wrong code is refused through the relay and
directly.
"""

import json
import socket
import subprocess
import sys
import threading
import time

CODE = "7KQ2-M9XD"
WRONG = "7KQ2-AAAA"
TIMEOUT = 600
# How long both guests of the table wait on the relay before its host comes.
GUESTS_FIRST = 1.0


def fail(why):
    print(f"relay check failed: {why}", file=sys.stderr)
    sys.exit(1)


def tap(upstream_port):
    """A proxy to the relay that logs every byte; returns (port, log)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    log = bytearray()
    lock = threading.Lock()

    def pump(src, dst):
        while True:
            try:
                data = src.recv(65536)
            except OSError:
                data = b""
            if not data:
                break
            with lock:
                log.extend(data)
            try:
                dst.sendall(data)
            except OSError:
                break
        for s in (src, dst):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def serve():
        while True:
            client, _ = server.accept()
            up = socket.create_connection(("127.0.0.1", upstream_port))
            threading.Thread(target=pump, args=(client, up), daemon=True).start()
            threading.Thread(target=pump, args=(up, client), daemon=True).start()

    threading.Thread(target=serve, daemon=True).start()
    return server.getsockname()[1], log


def run(binary, *args):
    return subprocess.Popen(
        [binary, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def main():
    binary, relay_port = sys.argv[1], int(sys.argv[2])
    relay = f"127.0.0.1:{relay_port}"
    tap_port, log = tap(relay_port)

    # Three matches through the relay, the guest's side tapped.
    host = run(binary, "host", "--auto", "--json", "--relay", relay,
               "--code", CODE, "--matches", "3")
    guest = run(binary, "join", "--auto", "--json", "--relay",
                f"127.0.0.1:{tap_port}", CODE)
    g_out, g_err = guest.communicate(timeout=TIMEOUT)
    h_out, h_err = host.communicate(timeout=TIMEOUT)
    if host.returncode != 0 or guest.returncode != 0:
        fail(f"host {host.returncode}: {h_err}\nguest {guest.returncode}: {g_err}")
    docs = [json.loads(h_out), json.loads(g_out)]
    if [d.pop("seat") for d in docs] != [0, 1]:
        fail("the seats are not the host's and the guest's, 0 and 1")
    if docs[0].get("format") != "duel":
        fail(f"a match of two played as {docs[0].get('format')}, not as a duel")
    if docs[0] != docs[1]:
        fail("the two transcripts differ")
    events = docs[0]["events"]
    matches = sum(1 for e in events if e["event"] == "match_over")
    if matches != 3:
        fail(f"{matches} matches decided, not 3")
    seen = bytes(log).decode("latin-1")
    secrets = set()
    for event in events:
        secrets.add(json.dumps(event, separators=(",", ":")))
        for key, value in event.items():
            if isinstance(value, str) and len(value) == 64:
                secrets.add(value)
    secrets |= {'"event"', '"commit"', '"reveal"', '"throw"', '"bet"', "welcome", "M9XD"}
    found = [s for s in secrets if s in seen]
    if found:
        fail(f"the tap read {found[:3]} in the stream")
    if "pake" not in seen:
        fail("the tap saw no handshake: did the guest go through it?")
    print(f"relay: 3 matches, {len(events)} events, equal transcripts; "
          f"{len(log)} bytes on the path, none of {len(secrets)} transcript strings in them")

    # A table of three through the relay: both guests wait there before the
    # host comes, so the relay gives it one and lets the other go, which
    # asks again and takes the second seat.
    log.clear()
    guests = [run(binary, "join", "--auto", "--json", "--relay", r, CODE)
              for r in (relay, f"127.0.0.1:{tap_port}")]
    time.sleep(GUESTS_FIRST)
    host = run(binary, "host", "--auto", "--json", "--relay", relay,
               "--code", CODE, "--seats", "3", "--matches", "2")
    outs = [g.communicate(timeout=TIMEOUT) for g in guests]
    h_out, h_err = host.communicate(timeout=TIMEOUT)
    if host.returncode != 0 or any(g.returncode != 0 for g in guests):
        fail(f"table: host {host.returncode}: {h_err}\nguests: {[o[1] for o in outs]}")
    docs = [json.loads(h_out)] + [json.loads(o[0]) for o in outs]
    if sorted(d.pop("seat") for d in docs) != [0, 1, 2]:
        fail("the table's seats are not 0, 1 and 2")
    if not docs[0] == docs[1] == docs[2]:
        fail("the three transcripts differ")
    events = docs[0]["events"]
    deals = [e for e in events if e["event"] == "deal"]
    if not deals or any(None in d["nonces"] for d in deals):
        fail("a throw not dealt by all three seats")
    seen = bytes(log).decode("latin-1")
    found = [n for d in deals for n in d["nonces"] if n in seen]
    found += [w for w in ('"moved"', '"commits"', '"reveals"', "table_welcome") if w in seen]
    if found:
        fail(f"the tap read {found[:3]} at the table")
    print(f"relay: a table of three, {len(events)} events, {len(deals)} throws dealt by "
          f"all three, equal transcripts; none of it on the tap ({len(log)} bytes)")

    # A wrong code through the relay: the host hears one guess and waits on.
    host = run(binary, "host", "--auto", "--relay", relay, "--code", CODE)
    wrong = subprocess.run([binary, "join", "--auto", "--relay", relay, WRONG],
                           capture_output=True, text=True, timeout=TIMEOUT)
    host.kill()
    host.wait()
    if wrong.returncode == 0 or "wrong join code" not in wrong.stderr:
        fail(f"a wrong code through the relay: {wrong.returncode} {wrong.stderr}")

    # And directly.
    host = run(binary, "host", "--auto", "--port", "0", "--code", CODE)
    first = host.stdout.readline()
    port = first.split(":")[1].split(",")[0]
    wrong = subprocess.run([binary, "join", "--auto", f"127.0.0.1:{port}", WRONG],
                           capture_output=True, text=True, timeout=TIMEOUT)
    host.kill()
    host.wait()
    if wrong.returncode == 0 or "wrong join code" not in wrong.stderr:
        fail(f"a wrong code, direct: {wrong.returncode} {wrong.stderr}")
    print("relay: a wrong code is refused through the relay and directly")


if __name__ == "__main__":
    main()
