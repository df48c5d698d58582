"""Checks that PNG pictures are drawings, not blank: each at least MIN_BYTES long, and with some
share of its pixels away from the background colour (the most common one) and several colours.

    picture_check.py PNG...
"""
import os
import sys

import numpy
from matplotlib import image

MIN_BYTES = 5000
MIN_COLOURS = 8
MIN_DRAWN = 0.02  # share of the pixels not of the background colour


def check(path):
    size = os.path.getsize(path)
    assert size >= MIN_BYTES, f"{path}: {size} bytes"
    pixels = image.imread(path)
    rgb = (pixels[..., :3] * 255).astype(numpy.uint8).reshape(-1, 3)
    colours, counts = numpy.unique(rgb, axis=0, return_counts=True)
    assert len(colours) >= MIN_COLOURS, f"{path}: {len(colours)} colours"
    drawn = 1 - counts.max() / counts.sum()
    assert drawn >= MIN_DRAWN, f"{path}: only {drawn:.1%} of the pixels are not background"


for path in sys.argv[1:]:
    check(path)
