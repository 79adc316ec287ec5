"""Names and e-mail addresses that look like a real list of people, deterministically by row number.

Used by scripts/make-import-csv and scripts/measure-cli, so the CLI's figures come from data
like a real import: mostly plain Latin names, accents in a minority (about one row in six), a few
names in other scripts, names that repeat as real ones do, a comma or an apostrophe now and then,
and e-mail addresses made from the name (accents removed, as people type them) on a handful of
domains, unique by a number. A search for a name therefore matches a small part of the rows, as
on real data, and scans the rest.

    import people
    people.name(7), people.email(7)
"""
import unicodedata

FIRST = [
    "James", "Mary", "John", "Patricia", "Robert", "Jennifer", "Michael", "Linda", "David", "Elizabeth",
    "William", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Charles", "Karen",
    "Daniel", "Nancy", "Matthew", "Lisa", "Anthony", "Emma", "Mark", "Olivia", "Paul", "Sophie",
    "Lucas", "Anna", "Peter", "Laura", "Jan", "Maria", "Ahmed", "Fatima", "Wei", "Mei",
    "Carlos", "Ana", "Luis", "Sofia", "Hans", "Greta", "Pierre", "Claire", "Marco", "Giulia",
    "Kenji", "Yuki", "Raj", "Priya", "Ivan", "Olga", "Oluwaseun", "Amara", "Sean", "Niamh",
]
# Names with accents or letters of their own, taken for a minority of rows.
FIRST_ACCENTED = ["José", "Zoë", "Chloé", "André", "Björn", "Søren", "Łukasz", "Jiří", "Renée", "Inés"]
LAST = [
    "Smith", "Johnson", "Williams", "Brown", "Jones", "Miller", "Davis", "Wilson", "Anderson", "Taylor",
    "Thomas", "Moore", "Martin", "Jackson", "Thompson", "White", "Harris", "Clark", "Lewis", "Walker",
    "Young", "Allen", "King", "Wright", "Scott", "Green", "Baker", "Adams", "Nelson", "Hill",
    "Campbell", "Mitchell", "Roberts", "Carter", "Phillips", "Evans", "Turner", "Parker", "Collins", "Edwards",
    "Rossi", "Bianchi", "Schmidt", "Fischer", "Weber", "Dubois", "Moreau", "Laurent", "Kowalski", "Nowak",
    "Novak", "Horvat", "Jensen", "Hansen", "Larsen", "Silva", "Santos", "Costa", "Tanaka", "Suzuki",
    "Kim", "Lee", "Park", "Chen", "Wang", "Li", "Zhang", "Singh", "Patel", "Khan",
    "O'Brien", "O'Connor", "MacDonald", "Okafor", "Adeyemi", "Ivanov", "Petrov", "Cohen", "Levi", "Murphy",
]
LAST_ACCENTED = ["García", "Martínez", "Müller", "Schröder", "Núñez", "Dvořák", "Surý", "Ångström", "Østergaard", "Wójcik"]
# Letters that are not a letter with a mark, as people write them in an address.
PLAIN_LETTERS = str.maketrans({"ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "æ": "ae", "ß": "ss", "đ": "d"})
# A few rows are written in another script entirely.
OTHER_SCRIPTS = ["Ана Петрова", "Νίκος Παπαδόπουλος", "محمد الخوارزمي", "李白", "山田 太郎", "김민준"]
DOMAINS = ["example.com", "mail.example.org", "example.net", "post.example.de", "example.co.uk", "uni.example.edu"]


def _mix(i: int) -> int:
    """A well-spread 32-bit number for row i (Knuth's multiplicative hash, then a xorshift)."""
    h = (i * 2654435761) & 0xFFFFFFFF
    return h ^ (h >> 13)


def name(i: int) -> str:
    """The name of row i (from 1): "First Last", sometimes with a suffix after a comma."""
    h = _mix(i)
    if h % 97 == 0:
        return OTHER_SCRIPTS[(h >> 7) % len(OTHER_SCRIPTS)]
    first = FIRST_ACCENTED[(h >> 3) % len(FIRST_ACCENTED)] if (h >> 20) % 100 < 8 else FIRST[(h >> 3) % len(FIRST)]
    last = LAST_ACCENTED[(h >> 11) % len(LAST_ACCENTED)] if (h >> 24) % 100 < 9 else LAST[(h >> 11) % len(LAST)]
    text = f"{first} {last}"
    if h % 101 == 1:
        text += ", Jr."
    return text


def email(i: int) -> str:
    """The e-mail address of row i: the name's letters without accents, a number, a domain; unique."""
    plain = unicodedata.normalize("NFKD", name(i).replace(", Jr.", "").translate(PLAIN_LETTERS))
    letters = "".join(c for c in plain if c.isascii() and (c.isalnum() or c == " ")).lower().split()
    local = ".".join(letters) if letters else "user"
    return f"{local}{i}@{DOMAINS[(_mix(i) >> 17) % len(DOMAINS)]}"
