#!/usr/bin/python3
"""Writes COUNT distinct 3000x3000 JPEG photos into FOLDER (photo-0000.jpg, …) and their records into
FOLDER/../photos.ndjson ({"photo": "photos/photo-0000.jpg"} a line), for the memory tests and measurements of
docs/security.md: a batch in which every record has its own photo.

Each photo is one smooth gradient picture with a 240x240 square of its own colour at its own place, encoded at
quality 40 (about 150 KB): distinct pixels in every file, without the cost of making 1,000 real photos.

Usage: make_photos.py COUNT FOLDER [JOBS]   (needs python3-pil)
"""
import os
import sys
from concurrent.futures import ProcessPoolExecutor

from PIL import Image, ImageDraw

SIZE = 3000


PICTURE = None


def start():
    """Makes the picture every photo starts from, once per worker process."""
    global PICTURE
    ramp = Image.linear_gradient("L").resize((SIZE, SIZE))
    PICTURE = Image.merge("RGB", (ramp, ramp.rotate(90), ramp.transpose(Image.FLIP_LEFT_RIGHT)))


def write(args):
    index, folder = args
    image = PICTURE.copy()
    x, y = (index * 37) % (SIZE - 240), (index * 53) % (SIZE - 240)
    ImageDraw.Draw(image).rectangle(
        [x, y, x + 240, y + 240], fill=((index * 7) % 256, (index * 13) % 256, (index * 29) % 256))
    image.save(os.path.join(folder, "photo-%04d.jpg" % index), "JPEG", quality=40)


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    count, folder = int(sys.argv[1]), sys.argv[2]
    jobs = int(sys.argv[3]) if len(sys.argv) == 4 else os.cpu_count()
    os.makedirs(folder, exist_ok=True)
    # A process pool that fails when a worker dies (BrokenProcessPool) instead of waiting for it:
    # multiprocessing.Pool's exit once hung a test run forever on a defunct worker.
    with ProcessPoolExecutor(jobs, initializer=start) as pool:
        list(pool.map(write, [(index, folder) for index in range(count)], chunksize=8))
    name = os.path.basename(os.path.normpath(folder))
    with open(os.path.join(os.path.dirname(os.path.normpath(folder)), "photos.ndjson"), "w") as records:
        for index in range(count):
            records.write('{"photo": "%s/photo-%04d.jpg", "n": %d}\n' % (name, index, index))


main()
