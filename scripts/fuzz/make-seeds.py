#!/usr/bin/env python3
"""Writes the seed corpora for the fuzz targets into OUT/<Target>/: tiny PNGs built byte by byte
(zlib only), tiny JPEGs from the system's libturbojpeg (the library Weft decodes with), and a few
inputs for the text and tree interpreters. Deterministic: the same files every run.

usage: make-seeds.py OUT
"""
import ctypes
import ctypes.util
import os
import struct
import sys
import zlib


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, bit_depth, color_type, rows, interlace=0, extra=b""):
    header = struct.pack(">IIBBBBB", width, height, bit_depth, color_type, 0, 0, interlace)
    raw = b"".join(b"\x00" + row for row in rows)  # filter type 0 on every row
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + extra
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def pngs():
    yield "gray-1x1.png", png(1, 1, 8, 0, [b"\x80"])
    yield "rgb-2x2.png", png(2, 2, 8, 2, [b"\xff\x00\x00\x00\xff\x00", b"\x00\x00\xff\xff\xff\xff"])
    yield "rgba-3x2.png", png(3, 2, 8, 6, [bytes(range(12)), bytes(range(100, 112))])
    rows = [b"".join(bytes([x * 60, y * 60, 90, 255 - x * 20]) for x in range(4)) for y in range(4)]
    yield "rgba-interlaced-4x4.png", png(4, 4, 8, 6, rows, interlace=1)
    palette = chunk(b"PLTE", b"\x00\x00\x00\xff\xff\xff\xff\x00\x00") + chunk(b"tRNS", b"\x00\x80")
    yield "palette-2bit-4x2.png", png(4, 2, 2, 3, [b"\x1b", b"\xe4"], extra=palette)
    yield "gray16-2x1.png", png(2, 1, 16, 0, [b"\x12\x34\xfe\xdc"])
    yield "gray-alpha-1x2.png", png(1, 2, 8, 4, [b"\x40\x80", b"\xc0\xff"])
    yield "srgb-gamma-1x1.png", png(1, 1, 8, 2, [b"\x10\x20\x30"], extra=chunk(b"sRGB", b"\x00") + chunk(b"gAMA", struct.pack(">I", 45455)))


def jpegs():
    path = ctypes.util.find_library("turbojpeg") or "libturbojpeg.so.0"
    tj = ctypes.CDLL(path)
    tj.tjInitCompress.restype = ctypes.c_void_p
    tj.tjCompress2.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                               ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_ulong), ctypes.c_int, ctypes.c_int,
                               ctypes.c_int]
    tj.tjFree.argtypes = [ctypes.c_void_p]
    tj.tjDestroy.argtypes = [ctypes.c_void_p]
    TJPF_RGB, TJPF_GRAY, TJPF_CMYK = 0, 6, 11
    TJSAMP_444, TJSAMP_420, TJSAMP_GRAY = 0, 2, 3
    TJFLAG_PROGRESSIVE = 16384

    def encode(width, height, pixels, pixel_format, subsampling, quality, flags=0):
        handle = tj.tjInitCompress()
        out, size = ctypes.c_void_p(), ctypes.c_ulong(0)
        channels = {TJPF_GRAY: 1, TJPF_CMYK: 4}.get(pixel_format, 3)
        if tj.tjCompress2(handle, pixels, width, width * channels, height, pixel_format, ctypes.byref(out), ctypes.byref(size),
                          subsampling, quality, flags) != 0:
            raise RuntimeError("tjCompress2 failed")
        data = ctypes.string_at(out, size.value)
        tj.tjFree(out)
        tj.tjDestroy(handle)
        return data

    rgb = bytes((x * 40 + y * 7) % 256 for y in range(8) for x in range(8 * 3))
    yield "rgb444-8x8.jpg", encode(8, 8, rgb, TJPF_RGB, TJSAMP_444, 90)
    yield "rgb420-8x8.jpg", encode(8, 8, rgb, TJPF_RGB, TJSAMP_420, 50)
    yield "gray-4x4.jpg", encode(4, 4, bytes(range(0, 256, 16)), TJPF_GRAY, TJSAMP_GRAY, 75)
    yield "progressive-8x8.jpg", encode(8, 8, rgb, TJPF_RGB, TJSAMP_420, 80, TJFLAG_PROGRESSIVE)
    # CMYK (TurboJPEG writes it as YCCK with an Adobe segment): JPEGDecoder's own colour conversion.
    yield "cmyk-4x4.jpg", encode(4, 4, bytes((i * 37) % 256 for i in range(64)), TJPF_CMYK, TJSAMP_444, 90)
    # An EXIF APP1 segment with orientation 6 (rotate 90°), as camera photos carry, after SOI.
    base = encode(3, 2, bytes(range(18)), TJPF_RGB, TJSAMP_444, 90)
    tiff = b"MM\x00\x2a\x00\x00\x00\x08" + b"\x00\x01" + b"\x01\x12\x00\x03\x00\x00\x00\x01\x00\x06\x00\x00" + b"\x00\x00\x00\x00"
    app1 = b"Exif\x00\x00" + tiff
    yield "exif-orientation-3x2.jpg", base[:2] + b"\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1 + base[2:]


def encoder_inputs():
    # Interpreted by FuzzPNGEncoder: width and height (16 bits each), mode (alpha: 0 opaque, 1
    # premultiplied, 2-3 any bytes; +4 forces RGBA), bytes after each row, offset of the first row;
    # the rest, repeated, is the BGRA pixels.
    def header(width, height, mode, padding=0, offset=0):
        return struct.pack(">HHBBB", width - 1, height - 1, mode, padding, offset)

    ui = b"\xff\xff\xff\xff" * 40 + b"\xdb\xdb\xdb\xff" * 13 + b"\x20\x20\x20\xff" * 3
    yield "opaque-ui-300x40", header(300, 40, 0) + ui
    # One pixel longer than a row: each row is the one above shifted a pixel (a gradient at an angle).
    yield "shifted-rows-64x32", header(64, 32, 0) + bytes((i * 5) % 251 for i in range(65 * 4))
    yield "premultiplied-odd-stride-33x17", header(33, 17, 1, padding=3, offset=1) + bytes((i * 97 + 13) % 256 for i in range(200))
    yield "wide-opaque-11000x2", header(11000, 2, 0, padding=5, offset=2) + bytes((i * 31) % 256 for i in range(97))
    yield "any-bytes-rgba-9000x3", header(9000, 3, 6, padding=2, offset=3) + bytes((i * 53) % 256 for i in range(101))


def texts():
    # Interpreted by FuzzText: settings bytes, then runs of text; the tail is the last run.
    yield "plain", b"\x00\x00\x00\x00\x00\x00\x00\x00\x00Hello, world"
    yield "wrapping", b"\x02\x04\x01\x05\x00\x01\x2c\x00\x01\x0cThe quick brown fox jumps over the lazy dog. " * 3
    yield "styled", bytes([0, 1, 0, 3, 0, 200, 0, 0, 2, 20]) + "Grüße 안녕하세요 مرحبا".encode() + bytes([0xFF, 0, 0, 30, 0, 0, 0, 0, 0, 0, 4, 3, 0, 10, 0, 0, 0]) + b"tail"
    yield "newlines", b"\x01\x00\x00\x00\x00\x00\x00\x00\x00line one\nline two\n\n\tline four\r\n"


def trees():
    # Interpreted by FuzzTree: root size, scale, then instructions.
    yield "two-children", bytes([0, 0, 100, 0, 0, 80, 0] + [0, 0, 0, 1, 0, 7, 0, 200, 50, 50, 0, 7, 0, 16, 0, 0, 0])
    yield "stack", bytes([0, 0, 120, 0, 0, 120, 0] + [0, 0, 0, 0, 2, 5, 65, 66, 67, 0, 20, 0, 0, 16, 0, 1, 0, 0, 5, 1, 2, 0, 0, 0, 1, 0, 0, 1, 0, 2, 0, 0, 0, 0])
    yield "rounded-clipped", bytes([0, 0, 64, 0, 0, 64, 1] + [0, 0, 0, 9, 0, 30, 0, 11, 1, 0, 7, 1, 10, 200, 30, 0, 1, 3, 0, 1, 12, 0, 0, 4, 9, 9, 9, 0])


def drawings():
    # Interpreted by FuzzDrawing: width, height, scale, renderer or image context, then instructions.
    yield "arc-and-stroke", bytes([39, 39, 1, 1] + [4, 0, 0, 20, 0, 0, 20, 0, 0, 10, 0, 0, 0, 0, 0, 3, 1, 6])
    yield "context-lines-dashed", bytes([30, 20, 0, 1] + [27, 0, 0, 0, 2, 0, 0, 4, 0, 0, 4, 15, 0, 0, 1, 0, 0, 1, 16, 0, 0, 0, 30, 0, 0, 10, 20])
    yield "nan-arc", bytes([20, 20, 2, 0, 0] + [4, 0, 0, 10, 0, 0, 10, 0, 0, 5, 6, 14, 0, 0, 1, 6])
    yield "million-lines", bytes([39, 39, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 1, 7] + [0, 0, 40, 0, 0, 3] + [6, 7])


def main():
    out = sys.argv[1]
    for target, files in (("FuzzPNG", pngs()), ("FuzzJPEG", jpegs()), ("FuzzPNGEncoder", encoder_inputs()), ("FuzzText", texts()),
                          ("FuzzTree", trees()), ("FuzzDrawing", drawings())):
        folder = os.path.join(out, target)
        os.makedirs(folder, exist_ok=True)
        for name, data in files:
            with open(os.path.join(folder, name), "wb") as f:
                f.write(data)


if __name__ == "__main__":
    main()
