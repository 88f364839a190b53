"""libhyphen's own answer for a word list: loads the dictionary with hnj_hyphen_load (libhyphen.so.0
through ctypes, as its example program does), converts each word to the dictionary's character set
(the .dic's first line) and prints WORD<TAB>HYPHENATED (a hyphen at each odd point), UTF-8.

Usage: libhyphen_oracle.py DICTIONARY WORDFILE   (WORDFILE: one UTF-8 word per line; text after a tab ignored)
Parameters as Galley's: hnj_hyphen_hyphenate3 with lhmin 2, rhmin 3, clhmin 2, crhmin 2, lower-cased input.
"""
import ctypes
import sys

lib = ctypes.CDLL("libhyphen.so.0")
lib.hnj_hyphen_load.restype = ctypes.c_void_p
lib.hnj_hyphen_load.argtypes = [ctypes.c_char_p]
lib.hnj_hyphen_hyphenate3.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                                      ctypes.c_char_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                                      ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int]

path, words = sys.argv[1], sys.argv[2]
with open(path, "rb") as f:
    charset = f.readline().strip().decode("ascii")
codec = {"ISO8859-1": "latin-1", "UTF-8": "utf-8"}.get(charset, charset)
dictionary = lib.hnj_hyphen_load(path.encode())
if not dictionary:
    sys.exit("cannot load " + path)
for line in open(words, encoding="utf-8"):
    word = line.split("\t")[0].strip()
    if not word:
        continue
    data = word.lower().encode(codec)
    hyphens = ctypes.create_string_buffer(len(data) + 5)
    rep, pos, cut = ctypes.c_void_p(), ctypes.c_void_p(), ctypes.c_void_p()
    lib.hnj_hyphen_hyphenate3(dictionary, data, len(data), hyphens, None, ctypes.byref(rep), ctypes.byref(pos),
                              ctypes.byref(cut), 2, 3, 2, 2)
    # A UTF-8 dictionary answers per character, a single-byte one per byte: per character either way.
    marks = hyphens.raw[: len(word)]
    out = "".join(ch + ("-" if (marks[i] & 1) and i < len(word) - 1 else "") for i, ch in enumerate(word))
    print(word + "\t" + out)
