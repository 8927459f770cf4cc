"""Checks a sound recording of the game: the throw is heard and nothing clips.

Usage: python3 .ci/wavcheck.py FILE.wav
Prints length, peak, loudest 10 ms and the onsets found; exits 1 when the
recording is silent (fewer than three onsets) or reaches full scale.
"""
import struct
import sys
import wave

FULL_SCALE = 32767
# The mixer's ceiling is 0.98 of full scale; anything at full scale clipped.
CLIP_AT = 32700
MIN_ONSETS = 3

with wave.open(sys.argv[1]) as w:
    n, rate = w.getnframes(), w.getframerate()
    data = struct.unpack("<%dh" % n, w.readframes(n))
peak = max((abs(x) for x in data), default=0)
win = rate // 100
levels = [
    (sum(x * x for x in data[i : i + win]) / win) ** 0.5 for i in range(0, n - win, win)
]
onsets = [
    i for i in range(1, len(levels)) if levels[i] > 400 and levels[i] > 2.5 * levels[i - 1] + 50
]
print(
    "sound: %.2f s, peak %d of %d, loudest 10 ms %.0f, %d onsets at %s s"
    % (n / rate, peak, FULL_SCALE, max(levels, default=0), len(onsets),
       " ".join("%.2f" % (i / 100) for i in onsets))
)
if peak >= CLIP_AT:
    sys.exit("the recording clips")
if len(onsets) < MIN_ONSETS:
    sys.exit("the throw is silent")
