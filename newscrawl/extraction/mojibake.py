"""UTF-8 text that was read as Latin-1 or Windows-1252 somewhere before it reached the page
("Investorâ€™s", "cafÃ©"), put back ("Investor’s", "café").

A site's database or template that decodes UTF-8 bytes as a single-byte code page and
stores the result as UTF-8 again serves every non-ASCII character as two to four others.
The page then declares UTF-8 truthfully, so decoding cannot help: the characters themselves
are wrong, a reader sees them so, and a token such as "investorâ" matches no search for
"investor". A sequence is put back only when the bytes it stands for are one valid UTF-8
character, and a two-byte one only when that character is a Latin letter or sign (a
two-byte sequence can occur by chance: "ß’" would be the NKo letter U+07D2).
"""

from __future__ import annotations

import re

# The Windows-1252 characters of bytes 0x80-0x9F (five of those bytes have none: Latin-1's
# C1 controls stand for them, as they do for all 32 when a page was read as Latin-1).
_CP1252_HIGH = {
    "€": 0x80, "‚": 0x82, "ƒ": 0x83, "„": 0x84, "…": 0x85, "†": 0x86, "‡": 0x87,
    "ˆ": 0x88, "‰": 0x89, "Š": 0x8A, "‹": 0x8B, "Œ": 0x8C, "Ž": 0x8E, "‘": 0x91,
    "’": 0x92, "“": 0x93, "”": 0x94, "•": 0x95, "–": 0x96, "—": 0x97, "˜": 0x98,
    "™": 0x99, "š": 0x9A, "›": 0x9B, "œ": 0x9C, "ž": 0x9E, "Ÿ": 0x9F,
}  # fmt: skip
# A UTF-8 continuation byte (0x80-0xBF) as either code page shows it.
_CONTINUATION = "\u0080-\u00bf" + "".join(_CP1252_HIGH)
# A lead byte and the continuation bytes after it (how many the lead announces is checked
# on each match: one pattern without alternatives is what keeps the search cheap).
_SEQUENCE = re.compile(f"[\u00c2-\u00f4][{_CONTINUATION}]{{1,3}}")
# A two-byte sequence is put back only as a character of Latin-1's upper half or Latin
# Extended-A (é, ü, ©, ®, ×, ł, œ ...): what Latin-script pages write.
_TWO_BYTE_LOW, _TWO_BYTE_HIGH = 0xA0, 0x17F
# Rounds: a text read wrongly twice ("Ã¢Â€Â™") needs two; three bounds the work.
MAX_ROUNDS = 3


def _byte(char: str) -> int:
    code = ord(char)
    return code if code < 0x100 else _CP1252_HIGH[char]


def _continuations(lead: str) -> int:
    """How many continuation bytes the UTF-8 lead byte ``lead`` stands for announces."""
    return 1 if lead <= "\u00df" else 2 if lead <= "\u00ef" else 3


def _put_back(match: re.Match[str]) -> str:
    found = match.group()
    size = 1 + _continuations(found[0])
    if len(found) < size:
        return found
    sequence, rest = found[:size], found[size:]
    try:
        char = bytes(map(_byte, sequence)).decode("utf-8")
    except UnicodeDecodeError:
        return found
    if size == 2 and not _TWO_BYTE_LOW <= ord(char) <= _TWO_BYTE_HIGH:
        return found
    return char + rest


def repair_mojibake(text: str) -> str:
    """``text`` with every sequence that is the Latin-1 or Windows-1252 reading of one UTF-8
    character replaced by that character (again, for text read wrongly twice)."""
    if text.isascii():  # most texts: one C pass, no search
        return text
    for _ in range(MAX_ROUNDS):
        repaired = _SEQUENCE.sub(_put_back, text)
        if repaired == text:
            break
        text = repaired
    return text
