"""Plain English word helpers: plurals, articles, possessives, verb agreement, lists, filling in `{name}`."""

from __future__ import annotations

import re
from typing import Callable, Optional


def plain_key(phrase: str) -> str:
    """A name without its capitals and apostrophes, to match `kings crown` with "King's Crown"."""
    return re.sub(r"['’]", "", phrase).lower()


def words(name: str) -> str:
    """A declared name as words: `draw_pile` -> `draw pile`."""
    return name.replace("_", " ")


def sentence(text: str) -> str:
    """Text ended as a sentence: a full stop added unless it already ends with one, `...`, `!`, `?` or `:`."""
    text = text.strip()
    return text if not text or text.endswith((".", "…", "!", "?", ":")) else text + "."


def capitalize(text: str) -> str:
    """Upper-case the first letter, unless the text starts with a markup sign or a local."""
    if not text or not text[0].isalpha():
        return text
    return text[0].upper() + text[1:]


def lower_first(text: str) -> str:
    """Lower-case a sentence's first letter when it starts an ordinary word ("You" stays "you")."""
    if text[:1].isupper() and (text[1:2].islower() or text[1:2] in (" ", "")) and not text.startswith("I "):
        return text[0].lower() + text[1:]
    return text


def escape_literal(text: str) -> str:
    """Author text shown as it is: keep its asterisks and backslashes from being read as markup."""
    return text.replace("\\", "\\\\").replace("*", "\\*")


def ordinal(number: int) -> str:
    names = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}
    return names.get(number, f"{number}th")


def plural(noun: str) -> str:
    """`card` -> `cards`, `box` -> `boxes`: enough for the names of pieces."""
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    return noun + "s"


def asks_for(condition: str, options: str) -> bool:
    """Whether a condition only says there are options to choose from ("there are targets" before
    choosing from the targets): a decision with none is never asked, so the card need not say it."""
    def bare(text: str) -> str:
        return re.sub(r"^(there (are|is) |the |an? )", "", text.strip()).removesuffix(" is not empty")
    return bool(options) and bare(condition) == bare(re.sub(r"^the ", "", options))


def article(noun: str) -> str:
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def possessive(phrase: str) -> str:
    """`you` -> `your`, `the ship` -> `the ship's`, `the players` -> `the players'`."""
    if phrase.lower() == "you":
        return phrase[0] + "our"
    if phrase.lower() == "it":
        return phrase[0] + "ts"
    chosen = re.fullmatch(r"the (.+) you chose", phrase)
    if chosen:
        return f"the chosen {chosen.group(1)}'s"  # not "the ship you chose's"
    if phrase.endswith("s") and not phrase.endswith("'s"):
        return phrase + "'"
    return phrase + "'s"


def joined(items: list[str], conjunction: str = "and") -> str:
    """`a, b and c`."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


# "you" takes the plural form of the verb.
YOU_VERBS = re.compile(r"(^|[.:;,] |[(“]|\b(?:if|and|or|that|when|while|unless|until|then|otherwise) )"
                       r"([Yy]ou) (is|has|was|does|gains|loses|chooses|takes|draws|rolls|moves|puts|places|"
                       r"sails|pays|gets|scores|wins|holds|owns|keeps|attacks|decides)\b", re.IGNORECASE)
YOU_FORMS = {"is": "are", "has": "have", "was": "were", "does": "do", "chooses": "choose"}


QUESTIONS = re.compile(r"\b(does) you\b")
QUESTION_FORMS = {"does": "do"}


def agree(text: str) -> str:
    """Make verbs agree with "you": `you is` -> `you are`, `you gains` -> `you gain`, `does you` -> `do you`."""
    text = YOU_VERBS.sub(lambda m: f"{m.group(1)}{m.group(2)} {YOU_FORMS.get(m.group(3), m.group(3)[:-1])}", text)
    # A wording filled in with "you" ("the chips {p} has put in the pot"): "you has" is never English.
    text = re.sub(r"\b([Yy]ou) (is|has|was) ", lambda m: f"{m.group(1)} {YOU_FORMS[m.group(2)]} ", text)
    return QUESTIONS.sub(lambda m: f"{QUESTION_FORMS[m.group(1)]} you", text)


def verb(subject: str, third_person: str) -> str:
    """The verb form for a subject: `verb("you", "gains")` -> `gain`."""
    return agree(f"{subject} {third_person}").split(" ", len(subject.split(" ")))[-1]


AUXILIARY = re.compile(r"\b(is|are|was|were|has|have|had|can|could|does|do|did|will|must|may)\b")


def negative(clause: str) -> str:
    """`you have come home` -> `you have not come home`; `it can` -> `it cannot`."""
    found = AUXILIARY.search(clause)
    if found is None:
        return f"it is not the case that {clause}"
    joiner = "not" if found.group(1) != "can" else ""
    return clause[:found.end()] + (f" {joiner}" if joiner else "not") + clause[found.end():]


def now(clause: str) -> str:
    """`you have come home` -> `you have now come home` (a change the rules make)."""
    found = AUXILIARY.search(clause)
    if found is None:
        return f"now {clause}"
    return clause[:found.end()] + " now" + clause[found.end():]


PREPOSITIONS = {"of", "from", "to", "in", "on", "at", "for", "by", "with", "into"}


def applied(function: str, arguments: list[str]) -> str:
    """A define or rule name applied to argument phrases, read as English where the name allows.

    `is_storm(s)` -> "the space is storm", `line_from(s)` -> "the line from the space",
    `by_value(xs)` -> "*xs*, by value", `ship_space(p)` -> "your ship space",
    `stock(p, k)` -> "your stock for gold".
    """
    if not arguments:
        return words(function)
    head, _, rest = function.partition("_")
    if head in ("is", "has", "can") and rest:
        return agree(f"{joined(arguments)} {head} {words(rest)}")
    if head == "by" and rest:
        return f"{joined(arguments)}, by {words(rest)}"
    last = function.rsplit("_", 1)[-1]
    first = arguments[0]
    if first.startswith("("):
        return f"the {words(function)} of {joined(arguments)}"
    if last == "of" and len(arguments) == 1:
        return f"{possessive(first)} {words(function.rsplit('_', 1)[0])}"
    if last in PREPOSITIONS:
        return f"the {words(function)} {joined(arguments)}"
    if len(arguments) == 1:
        return f"{possessive(first)} {words(function)}"
    return f"{possessive(first)} {words(function)} for {joined(arguments[1:])}"


def fill_in(wording: str, values: dict[str, str], missing: Optional[Callable[[str], str]] = None) -> str:
    """Replace `{name}` in the author's wording with the phrase for that parameter.

    `{name}'s` becomes a possessive ("your" for "you"); a name without a value is
    given to `missing`, or left as it is.
    """
    def value(name: str) -> Optional[str]:
        if name in values:
            return values[name]
        return missing(name) if missing is not None else None

    def possessed(match: re.Match) -> str:
        found = value(match.group(1))
        return match.group(0) if found is None else possessive(found)

    def plain(match: re.Match) -> str:
        found = value(match.group(1))
        if found is None:
            return match.group(0)
        # "a {role}" filled with a word that starts with a vowel: "an oarsman".
        return found if not match.group(0).startswith("a ") else ("an " if found[:1].lower() in "aeiou" else "a ") + found

    text = re.sub(r"\{(\w+)\}'s\b", possessed, wording)
    text = re.sub(r"(?:(?<![\w'])a )?\{(\w+)\}", plain, text)
    return agree(text)
