"""A page content stream as (operands, operator) pairs, as pypdf's `ContentStream.operations` gives them,
read with one regular expression instead of pypdf's byte-at-a-time parser.

Why: the output preflight reads the content stream of every page the build writes (`production/preflight.py`),
and pypdf's pure-Python parser was the largest part of it: about 0.27 s CPU for one 16-page reference guide,
some 3 s of a cold full build. What reportlab writes on a page is numbers, names, literal strings, arrays
and operators; those are read here. Anything else (dictionaries, inline images, hex strings, `true`,
`false`, `null`, escaped names, a malformed token) hands the whole stream to pypdf, so every stream is
read exactly as before. Operands come back as plain Python values: float for numbers, str for names
("/F1"), bytes for strings (escapes decoded) and lists for arrays.
"""

from __future__ import annotations

import re
from typing import Any

Operation = tuple[list[Any], bytes]

_DELIMITERS = rb"\x00\t\n\x0c\r ()<>\[\]{}/%"
# One token after any white space and comments; a literal string with unescaped parentheses inside (reportlab
# escapes them) is left to pypdf, as `other`.
_TOKEN = re.compile(rb"(?:[\x00\t\n\x0c\r ]+|%[^\r\n]*)*"
                    rb"(?:(?P<number>[+-]?(?:\d+\.?\d*|\.\d+))(?![^" + _DELIMITERS + rb"])"
                    rb"|(?P<name>/[!-~]*?)(?=[" + _DELIMITERS + rb"]|$)"
                    rb"|(?P<word>[^" + _DELIMITERS + rb"]+)"
                    rb"|\((?P<string>(?:[^()\\]|\\.)*)\)"
                    rb"|(?P<open>\[)|(?P<close>\])"
                    rb"|(?P<other>.)|$)", re.S)
_ESCAPE = re.compile(rb"\\([0-7]{1,3}|\r\n|.)", re.S)
_ESCAPES = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f", b"(": b"(", b")": b")", b"\\": b"\\",
            b"\r\n": b"", b"\r": b"", b"\n": b""}
_FALL_BACK = {b"true", b"false", b"null", b"BI", b"ID", b"EI"}


class _Unsupported(Exception):
    """A token this reader leaves to pypdf."""


def operations(data: bytes) -> list[Operation]:
    """The content stream's operations, as pypdf reads them (by pypdf, where the stream holds more than
    reportlab writes on a page)."""
    try:
        return _read(data)
    except _Unsupported:
        from pypdf.generic import ContentStream  # only here: a stream reportlab wrote never needs it

        stream = ContentStream(None, None)
        stream.set_data(data)
        return stream.operations


def _read(data: bytes) -> list[Operation]:
    found: list[Operation] = []
    operands: list[Any] = []
    arrays: list[list[Any]] = []  # the arrays open around the current token, innermost last
    target = operands  # where the next operand goes: the innermost open array, else the operands
    for match in _TOKEN.finditer(data):
        kind = match.lastgroup
        if kind == "number":
            target.append(float(match.group(kind)))
        elif kind == "word":
            word = match.group(kind)
            if arrays or word in _FALL_BACK or word[:1] in b"0123456789+-.":
                raise _Unsupported
            found.append((operands, word))
            operands = target = []
        elif kind == "name":
            name = match.group(kind)
            if b"#" in name:
                raise _Unsupported
            target.append(name.decode("ascii"))
        elif kind == "string":
            text = match.group(kind)
            target.append(_ESCAPE.sub(_unescape, text) if b"\\" in text else text)
        elif kind == "open":
            arrays.append([])
            target = arrays[-1]
        elif kind == "close":
            if not arrays:
                raise _Unsupported
            array = arrays.pop()
            target = arrays[-1] if arrays else operands
            target.append(array)
        elif kind is not None:
            raise _Unsupported
    if arrays or operands:
        raise _Unsupported
    return found


def _unescape(match: re.Match[bytes]) -> bytes:
    escaped = match.group(1)
    if escaped[:1].isdigit():
        return bytes([int(escaped, 8) & 0xFF])
    if escaped not in _ESCAPES:
        raise _Unsupported
    return _ESCAPES[escaped]
