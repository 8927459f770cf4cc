#!/usr/bin/env python3
"""How a screenshot looks, in two numbers, and whether that is enough.

Usage: look.py PNG [PNG ...] [--max-black SHARE] [--min-entropy BITS]

For each PNG (8-bit RGB or RGBA, not interlaced, as the game's screenshot and
ImageMagick's `import` write it): the share of near-black pixels (luminance
below 24 of 255, Rec. 709 weights) and the Shannon entropy of the colour
histogram at 5 bits per channel. Exits non-zero when a picture has more black
than --max-black or less entropy than --min-entropy.
"""

import math
import struct
import sys
import zlib

NEAR_BLACK = 24


def pixels(path):
    """Yields (r, g, b) of every pixel of a PNG."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    at, idat = 8, bytearray()
    width = height = channels = None
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        at += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                raise ValueError(f"{path}: only 8-bit RGB or RGBA, not interlaced")
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat.extend(body)
        elif kind == b"IEND":
            break
    raw = zlib.decompress(bytes(idat))
    stride = width * channels
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind = raw[start]
        line = bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:
            for i in range(channels, stride):
                line[i] = (line[i] + line[i - channels]) & 255
        elif kind == 2:
            for i in range(stride):
                line[i] = (line[i] + previous[i]) & 255
        elif kind == 3:
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 255
        elif kind == 4:
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                b = previous[i]
                c = previous[i - channels] if i >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        for x in range(0, stride, channels):
            yield line[x], line[x + 1], line[x + 2]
        previous = line


def measure(path):
    """(share of near-black pixels, colour entropy in bits)."""
    counts = {}
    black = total = 0
    for r, g, b in pixels(path):
        total += 1
        if 0.2126 * r + 0.7152 * g + 0.0722 * b < NEAR_BLACK:
            black += 1
        key = (r >> 3, g >> 3, b >> 3)
        counts[key] = counts.get(key, 0) + 1
    entropy = -sum(n / total * math.log2(n / total) for n in counts.values())
    return black / total, entropy


def main():
    args = sys.argv[1:]
    limits = {"--max-black": None, "--min-entropy": None}
    paths = []
    while args:
        arg = args.pop(0)
        if arg in limits:
            limits[arg] = float(args.pop(0))
        else:
            paths.append(arg)
    failed = False
    for path in paths:
        black, entropy = measure(path)
        verdict = []
        if limits["--max-black"] is not None and black > limits["--max-black"]:
            verdict.append(f"more than {limits['--max-black']:.0%} near black")
        if limits["--min-entropy"] is not None and entropy < limits["--min-entropy"]:
            verdict.append(f"less than {limits['--min-entropy']} bits")
        failed |= bool(verdict)
        print(f"{path}: {black:.1%} near black, colour entropy {entropy:.2f} bits"
              + (f": {', '.join(verdict)}" if verdict else ""))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
