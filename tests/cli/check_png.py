#!/usr/bin/python3
"""Checks that FILE is a valid PNG (signature, chunk CRCs, IHDR, decodable IDAT) of WIDTH x
HEIGHT 8-bit RGB pixels, and that it is not a blank image.

Usage: check_png.py FILE WIDTH HEIGHT [plot]
A plot (lines on a white ground) is blank when under 1 % of its pixels differ from white; other
images are blank when their top half holds fewer than 16 byte values.
"""
import struct
import sys
import zlib


def fail(msg):
    print("check_png: FAIL: " + msg)
    sys.exit(1)


def unfilter(raw, w, h):
    """The pixel rows of 8-bit RGB scanlines, each undone from its PNG filter (0-4)."""
    stride, prev, rows = 3 * w, bytearray(3 * w), []
    for y in range(h):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - 3] if i >= 3 else 0
            b = prev[i]
            c = prev[i - 3] if i >= 3 else 0
            if kind == 1:
                line[i] = (line[i] + a) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + b) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xFF
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        rows.append(bytes(line))
        prev = line
    return rows


def main():
    path, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail("no PNG signature")
    pos, chunks, idat = 8, [], b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        if zlib.crc32(kind + body) & 0xFFFFFFFF != crc:
            fail("bad CRC in chunk %r" % kind)
        chunks.append(kind)
        if kind == b"IHDR":
            w, h, depth, colour = struct.unpack(">IIBB", body[:10])
        if kind == b"IDAT":
            idat += body
        pos += 12 + length
    if chunks[0] != b"IHDR" or chunks[-1] != b"IEND":
        fail("chunks %s" % chunks)
    if (w, h) != (width, height):
        fail("size %dx%d, expected %dx%d" % (w, h, width, height))
    if (depth, colour) != (8, 2):
        fail("not 8-bit RGB (depth %d, colour type %d)" % (depth, colour))
    raw = zlib.decompress(idat)
    if len(raw) != h * (1 + 3 * w):
        fail("pixel data has %d bytes, expected %d" % (len(raw), h * (1 + 3 * w)))
    if len(sys.argv) > 4 and sys.argv[4] == "plot":
        rows = unfilter(raw, w, h)
        inked = sum(1 for r in rows for x in range(w) if r[3 * x : 3 * x + 3] != b"\xff\xff\xff")
        if inked < w * h // 100:
            fail("the plot looks blank (%d of %d pixels not white)" % (inked, w * h))
    elif len(set(raw[1 : 1 + 3 * w * (h // 2)])) < 16:
        fail("the image looks blank")
    print("check_png: OK (%dx%d)" % (w, h))


if __name__ == "__main__":
    main()
