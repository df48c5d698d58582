#!/usr/bin/env python3
"""Writes the omp2numa-env(7) man page from the table of environment variables in
docs/runtime.md (its section "Environment variables"), so that the two never disagree.

    env-page.py docs/runtime.md VERSION > omp2numa-env.7
"""
import re
import sys


def roff(text):
    """Markdown inline text as roff: references to other sections go (the page has none), links
    lose their targets, `code` is bold."""
    text = re.sub(r" ?\(\[[^\]]*\]\(#[^)]*\)\)", "", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.replace("\\|", "|").replace("\\", "\\e")
    text = re.sub(r"`([^`]*)`", r"\\fB\1\\fR", text)
    return text.replace("-", "\\-")


def table_rows(markdown):
    section = markdown.split("\n## Environment variables\n", 1)[1].split("\n## ", 1)[0]
    for line in section.splitlines():
        if not line.startswith("| `"):
            continue
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        yield cells + [""] * (3 - len(cells))


def main():
    markdown = open(sys.argv[1], encoding="utf-8").read()
    version = sys.argv[2]
    out = [
        '.TH OMP2NUMA-ENV 7 "" "omp2numa %s" "omp2numa"' % version,
        ".SH NAME",
        "omp2numa-env \\- environment variables of the omp2numa runtime",
        ".SH DESCRIPTION",
        "Programs built with \\fBomp2numa-cc\\fR(1) read these variables when they start.",
        "Values are case-insensitive and may be surrounded by spaces; a malformed value is",
        "reported on stderr (naming the variable) and the default is used instead.",
        ".SH VARIABLES",
    ]
    for name, values, default in table_rows(markdown):
        out += [".TP", roff(name), roff(values)]
        if default:
            out += [".br", "Default: " + roff(default)]
    out += [
        ".SH SEE ALSO",
        "\\fBomp2numa\\fR(1), \\fBomp2numa-cc\\fR(1); docs/runtime.md in the documentation",
        "directory (share/doc/omp2numa).",
    ]
    sys.stdout.write("\n".join(out) + "\n")


main()
