#!/usr/bin/env python3
"""Seeded mutator for the translator fuzzer (tests/fuzz/run.py, scripts/fuzz-translator).

    tests/fuzz/mutate.py [--root DIR] --seed S --index I        # print mutant I of seed S
    tests/fuzz/mutate.py [--root DIR] --seed S --index I --describe
    tests/fuzz/mutate.py [--root DIR] --list-seeds

The corpus is every *.c file under tests/translator, tests/e2e and samples/ (Inputs/ directories
included), read in path order.  Mutant number I of seed S is a pure function of (S, I, corpus):
random.Random("S:I") picks a corpus file, the compiler flags of one of its `RUN: %omp2numa %s ...
-- FLAGS` lines (with -I of the file's own directory, so that its quoted includes still resolve
once the mutant lives elsewhere), and 1 to 3 mutation operators, applied in turn:

  line-delete, line-duplicate, line-swap        any line (adjacent or distant swap)
  pragma-token-delete                           one token after `#pragma omp`
  pragma-token-insert                           a directive or clause name, a schedule kind,
                                                ( ) , : a number, a variable of the file, an
                                                undeclared name
  pragma-token-replace                          one token by one of the above
  pragma-move                                   a pragma (with its continuation lines) moved
                                                before another line: a non-loop statement, the
                                                body of an if/else/while, a label, a
                                                declaration, a closing brace
  pragma-stack                                  another directive line before or after a pragma
  pragma-operator                               `#pragma omp X` -> a macro expanding to
                                                _Pragma("omp X"), or _Pragma inline
  pragma-ifdef                                  #ifdef/#else/#endif around, or between, a pragma
                                                and its statement (-DFZ_X or not)
  loop-header                                   in a `for (...)` header: the relational operator,
                                                the step, a bound using the loop variable, the
                                                declaration of the loop variable
  declaration                                   register / const / static / volatile added, an
                                                array made a VLA, a scalar made an array

The mutator knows no C grammar: it works on lines and on the tokens of pragma lines, so most
mutants are invalid C or invalid OpenMP -- that is the point: the translator must reject them with
a located error, or translate them to C that compiles.
"""

import argparse
import os
import random
import re
import shlex
import sys

CORPUS_DIRS = ("tests/translator", "tests/e2e", "samples")

DIRECTIVES = ["parallel", "for", "sections", "section", "single", "master", "masked", "critical",
              "atomic", "ordered", "barrier", "flush", "threadprivate", "task", "simd",
              "taskloop", "taskgroup", "taskwait", "taskyield", "depobj", "scope"]
CLAUSES = ["private", "firstprivate", "lastprivate", "shared", "default", "reduction",
           "num_threads", "if", "proc_bind", "copyin", "copyprivate", "nowait", "collapse",
           "ordered", "schedule", "filter", "affinity", "depend", "final", "untied", "mergeable",
           "priority", "in_reduction", "task_reduction", "detach", "grainsize", "num_tasks",
           "nogroup"]
SCHEDULE_KINDS = ["static", "dynamic", "guided", "auto", "runtime", "adaptive", "fac2", "tss",
                  "wf2", "rand", "genblock", "indirect"]
PUNCT = ["(", ")", ",", ":", "(", ")", "+", "-", "*", "&&", "none", "read", "write", "update",
         "capture", "seq_cst", "monotonic", "nonmonotonic", "simd", "inscan", "master", "close",
         "spread"]
NUMBERS = ["0", "1", "2", "3", "4", "-1", "1000000000000", "0x10", "2.5", "'a'", "\"s\"", "1u"]
UNDECLARED = ["zz_undeclared", "fz_nothere", "printf", "main", "sizeof", "NULL", "__func__",
              "x[0]", "a[1:2]", "*p", "s.f"]
STACKABLE = ["#pragma omp parallel", "#pragma omp for", "#pragma omp single",
             "#pragma omp master", "#pragma omp masked", "#pragma omp critical",
             "#pragma omp critical(fz)", "#pragma omp atomic", "#pragma omp ordered",
             "#pragma omp barrier", "#pragma omp flush", "#pragma omp sections",
             "#pragma omp section", "#pragma omp parallel for", "#pragma omp for nowait",
             "#pragma omp parallel sections", "#pragma omp task", "#pragma omp simd",
             "#pragma omp parallel for schedule(dynamic, 2)", "#pragma omp single nowait",
             "#pragma omp taskwait", "#pragma omp threadprivate(fz_tp)"]
DECL_TYPES = r"(?:unsigned\s+|signed\s+|long\s+|short\s+|const\s+|volatile\s+|static\s+)*" \
             r"(?:int|long|double|float|char|short|unsigned|size_t|_Bool|struct\s+\w+|\w+_t)\b"

PRAGMA_RE = re.compile(r"^\s*#\s*pragma\s+omp\b")
FOR_RE = re.compile(r"\bfor\s*\(")
DECL_RE = re.compile(r"^(\s*)(" + DECL_TYPES + r")(\s*\**\s*)([A-Za-z_]\w*)(.*)$")
LABEL_RE = re.compile(r"^\s*[A-Za-z_]\w*\s*:(?!:)\s*(?:;|$|//)")
CTRL_RE = re.compile(r"^\s*(?:\}\s*)?(?:if\s*\(.*\)|else|while\s*\(.*\)|else\s+if\s*\(.*\))\s*\{?\s*$")
TOKEN_RE = re.compile(r"\s*([A-Za-z_]\w*|\d[\w.]*|'[^']*'|\"[^\"]*\"|&&|\|\||<<|>>|[-+*/%&|^~!<>=?:;,.()\[\]{}]|\S)")
IDENT_RE = re.compile(r"\b[A-Za-z_]\w*\b")
C_WORDS = set("""auto break case char const continue default do double else enum extern float for
goto if inline int long register restrict return short signed sizeof static struct switch typedef
union unsigned void volatile while _Bool _Complex pragma omp include define ifdef ifndef endif
RUN CHECK NOT STATUS FileCheck""".split())


def repo_root():
    return os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


# ---------------------------------------------------------------------------------------------
# Corpus
# ---------------------------------------------------------------------------------------------

class Seed:
    def __init__(self, path, rel, text, flag_sets):
        self.path = path          # absolute
        self.rel = rel            # relative to the root
        self.text = text
        self.flag_sets = flag_sets  # list of lists of compiler flags (possibly [[]])


def _run_flags(text, path):
    """The flags after `--` of each `RUN: %omp2numa %s ...` line (continued lines joined)."""
    runs, cur = [], None
    for line in text.splitlines():
        m = re.search(r"RUN:(.*)$", line)
        if not m:
            if cur is not None:
                runs.append(cur)
                cur = None
            continue
        part = m.group(1)
        if cur is not None:
            cur += " " + part
        else:
            cur = part
        if cur.rstrip().endswith("\\"):
            cur = cur.rstrip()[:-1]
        else:
            runs.append(cur)
            cur = None
    if cur is not None:
        runs.append(cur)
    here = os.path.dirname(path)
    sets = []
    for run in runs:
        if "%omp2numa " not in run + " " or "%s" not in run:
            continue
        cmd = run.split("%omp2numa", 1)[1]
        cmd = re.split(r"\s(?:\||2>|>|&&|;)", cmd)[0]
        if " -- " not in cmd + " ":
            sets.append([])
            continue
        flags = cmd.split(" -- ", 1)[1] if " -- " in cmd else ""
        flags = flags.replace("%S", here).replace("%p", here)
        try:
            toks = shlex.split(flags)
        except ValueError:
            continue
        out, i = [], 0
        while i < len(toks):
            t = toks[i]
            if t in ("-I", "-D", "-U") and i + 1 < len(toks):
                out.append(t + toks[i + 1])
                i += 2
                continue
            if t.startswith(("-D", "-U", "-I", "-std=")):
                out.append(t)
            i += 1
        if out not in sets:
            sets.append(out)
    return sets or [[]]


def load_corpus(root):
    seeds = []
    for d in CORPUS_DIRS:
        base = os.path.join(root, d)
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames.sort()
            for f in sorted(filenames):
                if not f.endswith(".c"):
                    continue
                p = os.path.join(dirpath, f)
                try:
                    with open(p, encoding="utf-8", errors="surrogateescape") as fh:
                        text = fh.read()
                except OSError:
                    continue
                seeds.append(Seed(p, os.path.relpath(p, root), text, _run_flags(text, p)))
    seeds.sort(key=lambda s: s.rel)
    return seeds


# ---------------------------------------------------------------------------------------------
# Helpers on lines
# ---------------------------------------------------------------------------------------------

def pragma_spans(lines):
    """(first, last) line indices of each `#pragma omp` line with its `\\` continuations."""
    spans, i = [], 0
    while i < len(lines):
        if PRAGMA_RE.match(lines[i]):
            j = i
            while lines[j].rstrip().endswith("\\") and j + 1 < len(lines):
                j += 1
            spans.append((i, j))
            i = j + 1
        else:
            i += 1
    return spans


def code_lines(lines):
    """Indices of lines that are neither blank, comments nor preprocessor lines."""
    out = []
    for i, l in enumerate(lines):
        s = l.strip()
        if not s or s.startswith(("//", "#", "/*", "*")):
            continue
        out.append(i)
    return out


def identifiers(text):
    names = set()
    for line in text.splitlines():
        s = line.strip()
        if s.startswith(("//", "/*", "*")):
            continue
        for m in IDENT_RE.finditer(line.split("//")[0]):
            w = m.group(0)
            if w not in C_WORDS and len(w) < 20:
                names.add(w)
    return sorted(names)


def indent_of(line):
    return line[: len(line) - len(line.lstrip())]


class Mutant:
    def __init__(self, seed, lines, flags):
        self.seed = seed
        self.lines = lines
        self.flags = list(flags)
        self.ops = []

    @property
    def text(self):
        return "\n".join(self.lines) + "\n"


# ---------------------------------------------------------------------------------------------
# Operators.  Each returns a short description, or None if it does not apply.
# ---------------------------------------------------------------------------------------------

def op_line_delete(m, rng):
    if not m.lines:
        return None
    cand = code_lines(m.lines) + [s for s, _ in pragma_spans(m.lines)] * 2
    i = rng.choice(cand) if cand else rng.randrange(len(m.lines))
    del m.lines[i]
    return f"line-delete {i + 1}"


def op_line_duplicate(m, rng):
    if not m.lines:
        return None
    cand = code_lines(m.lines) + [s for s, _ in pragma_spans(m.lines)] * 2
    i = rng.choice(cand) if cand else rng.randrange(len(m.lines))
    m.lines.insert(i, m.lines[i])
    return f"line-duplicate {i + 1}"


def op_line_swap(m, rng):
    cand = code_lines(m.lines) + [s for s, _ in pragma_spans(m.lines)]
    if len(cand) < 2:
        return None
    i = rng.choice(cand)
    if rng.random() < 0.6:
        j = min(i + 1, len(m.lines) - 1)
    else:
        j = rng.choice(cand)
    m.lines[i], m.lines[j] = m.lines[j], m.lines[i]
    return f"line-swap {i + 1} {j + 1}"


def _pick_pragma(m, rng):
    spans = pragma_spans(m.lines)
    return rng.choice(spans) if spans else None


def _pragma_tokens(line):
    mt = re.match(r"^(\s*#\s*pragma\s+omp)(.*)$", line)
    if not mt:
        return None, None
    body = mt.group(2)
    cont = ""
    if body.rstrip().endswith("\\"):
        body = body.rstrip()[:-1]
        cont = " \\"
    comment = ""
    if "//" in body:
        body, comment = body.split("//", 1)
        comment = " //" + comment
    toks = [t for t in TOKEN_RE.findall(body) if t.strip()]
    return mt.group(1), (toks, comment + cont)


def _join_pragma(head, toks, tail):
    out = head
    prev = ""
    for t in toks:
        if t in (")", ",", ":") or prev == "(" or t == "(" and prev and IDENT_RE.fullmatch(prev):
            out += t
        else:
            out += " " + t
        prev = t
    return out + tail


def _random_token(m, rng):
    r = rng.random()
    if r < 0.22:
        return rng.choice(DIRECTIVES)
    if r < 0.47:
        return rng.choice(CLAUSES)
    if r < 0.57:
        return rng.choice(SCHEDULE_KINDS)
    if r < 0.75:
        return rng.choice(PUNCT)
    if r < 0.83:
        return rng.choice(NUMBERS)
    if r < 0.95:
        names = identifiers(m.text)
        return rng.choice(names) if names else "n"
    return rng.choice(UNDECLARED)


def _pragma_line_for_tokens(m, rng):
    span = _pick_pragma(m, rng)
    if not span:
        return None
    i = rng.randint(span[0], span[1])
    head, rest = _pragma_tokens(m.lines[i])
    if head is None:
        # a continuation line: treat the whole line as tokens
        body = m.lines[i]
        tail = " \\" if body.rstrip().endswith("\\") else ""
        if tail:
            body = body.rstrip()[:-1]
        toks = [t for t in TOKEN_RE.findall(body) if t.strip()]
        return i, "", toks, tail
    toks, tail = rest
    return i, head, toks, tail


def op_pragma_token_delete(m, rng):
    got = _pragma_line_for_tokens(m, rng)
    if not got or not got[2]:
        return None
    i, head, toks, tail = got
    k = rng.randrange(len(toks))
    t = toks.pop(k)
    m.lines[i] = _join_pragma(head, toks, tail) if head else "  " + " ".join(toks) + tail
    return f"pragma-token-delete {i + 1} '{t}'"


def op_pragma_token_insert(m, rng):
    got = _pragma_line_for_tokens(m, rng)
    if not got:
        return None
    i, head, toks, tail = got
    k = rng.randint(0, len(toks))
    t = _random_token(m, rng)
    if rng.random() < 0.3:   # a whole clause
        c = rng.choice(CLAUSES)
        arg = rng.choice([_random_token(m, rng), rng.choice(SCHEDULE_KINDS) + ", 2",
                          "+: " + (rng.choice(identifiers(m.text) or ["n"])), "", "none"])
        t = f"{c}({arg})" if rng.random() < 0.85 else c
        k = len(toks) if rng.random() < 0.7 else k
    toks.insert(k, t)
    m.lines[i] = _join_pragma(head, toks, tail) if head else "  " + " ".join(toks) + tail
    return f"pragma-token-insert {i + 1} '{t}'"


def op_pragma_token_replace(m, rng):
    got = _pragma_line_for_tokens(m, rng)
    if not got or not got[2]:
        return None
    i, head, toks, tail = got
    k = rng.randrange(len(toks))
    old = toks[k]
    toks[k] = _random_token(m, rng)
    m.lines[i] = _join_pragma(head, toks, tail) if head else "  " + " ".join(toks) + tail
    return f"pragma-token-replace {i + 1} '{old}'->'{toks[k]}'"


def _targets(lines, kind):
    out = []
    for i, l in enumerate(lines):
        s = l.strip()
        if not s or s.startswith(("//", "#", "/*", "*")):
            continue
        if kind == "non-loop" and not FOR_RE.search(s) and not s.startswith(("}", "{")):
            out.append(i)
        elif kind == "ctrl-body" and CTRL_RE.match(l) and i + 1 < len(lines):
            out.append(i + 1)
        elif kind == "label" and LABEL_RE.match(l):
            out.append(i)
        elif kind == "declaration" and DECL_RE.match(l):
            out.append(i)
        elif kind == "block-end" and s.startswith("}"):
            out.append(i)
        elif kind == "any":
            out.append(i)
    return out


def op_pragma_move(m, rng):
    span = _pick_pragma(m, rng)
    if not span:
        return None
    kinds = ["non-loop", "ctrl-body", "label", "declaration", "block-end", "any"]
    rng.shuffle(kinds)
    for kind in kinds:
        tg = _targets(m.lines, kind)
        tg = [t for t in tg if not span[0] <= t <= span[1] + 1]
        if tg:
            break
    else:
        return None
    t = rng.choice(tg)
    block = m.lines[span[0]: span[1] + 1]
    copy = rng.random() < 0.3        # sometimes a copy, the original stays
    if not copy:
        del m.lines[span[0]: span[1] + 1]
        if t > span[1]:
            t -= len(block)
    if kind == "label" and rng.random() < 0.5:
        t += 1   # after the label
    m.lines[t:t] = block
    return f"pragma-move{'-copy' if copy else ''} {span[0] + 1}->{kind}@{t + 1}"


def op_pragma_stack(m, rng):
    span = _pick_pragma(m, rng)
    if not span:
        return None
    d = rng.choice(STACKABLE)
    if "fz_tp" in d and "fz_tp" not in m.text:
        m.lines.insert(0, "int fz_tp;")
        span = (span[0] + 1, span[1] + 1)
    ind = indent_of(m.lines[span[0]])
    if rng.random() < 0.5:
        m.lines.insert(span[1] + 1, ind + d)
        where = "after"
    else:
        m.lines.insert(span[0], ind + d)
        where = "before"
    return f"pragma-stack {where} {span[0] + 1} '{d}'"


def op_pragma_operator(m, rng):
    span = _pick_pragma(m, rng)
    if not span:
        return None
    text = " ".join(l.rstrip().rstrip("\\") for l in m.lines[span[0]: span[1] + 1])
    body = re.sub(r"^\s*#\s*pragma\s+", "", text).split("//")[0].strip()
    body = body.replace("\\", "\\\\").replace('"', '\\"')
    ind = indent_of(m.lines[span[0]])
    style = rng.choice(["object", "function", "inline", "statement"])
    if style == "inline":
        repl = [f'{ind}_Pragma("{body}")']
    elif style == "object":
        repl = [f'{ind}FZ_PRAGMA_{span[0]}']
        m.lines.insert(0, f'#define FZ_PRAGMA_{span[0]} _Pragma("{body}")')
        span = (span[0] + 1, span[1] + 1)
    elif style == "function":
        repl = [f'{ind}FZ_OMP_{span[0]}("{body}")']
        m.lines.insert(0, f'#define FZ_OMP_{span[0]}(x) _Pragma(x)')
        span = (span[0] + 1, span[1] + 1)
    else:
        # the pragma and its statement from one macro: `FZ_STMT(stmt)` over the next line
        nxt = span[1] + 1
        if nxt >= len(m.lines) or not m.lines[nxt].strip().endswith(";") \
                or m.lines[nxt].strip().startswith("#"):
            repl = [f'{ind}_Pragma("{body}")']
            style = "inline"
        else:
            m.lines.insert(0, f'#define FZ_STMT_{span[0]}(...) _Pragma("{body}") __VA_ARGS__')
            span = (span[0] + 1, span[1] + 1)
            nxt += 1
            stmt = m.lines[nxt].strip()
            m.lines[nxt] = f"{indent_of(m.lines[nxt])}FZ_STMT_{span[0] - 1}({stmt[:-1]});"
            repl = []
    m.lines[span[0]: span[1] + 1] = repl
    return f"pragma-operator {style} {span[0] + 1}"


def op_pragma_ifdef(m, rng):
    span = _pick_pragma(m, rng)
    if not span:
        return None
    a, b = span
    ind = indent_of(m.lines[a])
    style = rng.choice(["around", "between", "else-alt", "between-else", "around-stmt-open"])
    define = rng.random() < 0.5
    if style == "around":
        m.lines.insert(b + 1, "#endif")
        m.lines.insert(a, "#ifdef FZ_X")
    elif style == "between":
        m.lines[b + 1: b + 1] = ["#ifdef FZ_X", "  ;" if rng.random() < 0.3 else "", "#endif"]
    elif style == "else-alt":
        alt = ind + rng.choice(STACKABLE[:16])
        m.lines[a: b + 1] = ["#ifdef FZ_X"] + m.lines[a: b + 1] + ["#else", alt, "#endif"]
    elif style == "between-else":
        m.lines[b + 1: b + 1] = ["#ifdef FZ_X", "#else", "#endif"]
    else:
        # #ifdef before the pragma, #endif after the statement line (or inside it)
        end = min(b + 1 + rng.randint(1, 3), len(m.lines))
        m.lines.insert(end, "#endif")
        m.lines.insert(a, "#ifdef FZ_X")
    if define:
        m.flags.append("-DFZ_X")
    return f"pragma-ifdef {style} {a + 1}{' -DFZ_X' if define else ''}"


def op_loop_header(m, rng):
    cand = [i for i, l in enumerate(m.lines)
            if FOR_RE.search(l) and not l.strip().startswith(("//", "#", "*"))]
    if not cand:
        return None
    i = rng.choice(cand)
    line = m.lines[i]
    mt = re.search(r"\bfor\s*\((.*?);(.*?);(.*?)\)", line)
    if not mt:
        return None
    init, cond, step = mt.group(1), mt.group(2), mt.group(3)
    var = None
    mv = re.search(r"([A-Za-z_]\w*)\s*=", init)
    if mv:
        var = mv.group(1)
    var = var or "i"
    what = rng.choice(["op", "step", "bound", "init", "cond-var", "empty"])
    if what == "op":
        ops = ["<", "<=", ">", ">=", "!=", "==", "<<", "&&"]
        cond = re.sub(r"(<=|>=|!=|==|<|>)", lambda _: rng.choice(ops), cond, count=1)
    elif what == "step":
        step = " " + rng.choice([f"{var}++", f"++{var}", f"{var}--", f"--{var}", f"{var} += 2",
                                 f"{var} -= 1", f"{var} = {var} + 3", f"{var} = 2 + {var}",
                                 f"{var} *= 2", f"{var} += {var}", f"{var} += n", "",
                                 f"{var} = {var} - -1", f"{var} <<= 1", f"{var}++, {var}++",
                                 f"{var} += 0", f"{var} += 1.5", "n++"])
    elif what == "bound":
        cond = re.sub(r"(<=|>=|!=|<|>)\s*(.*)$",
                      lambda mm: mm.group(1) + " " + rng.choice(
                          [f"{var} + 1", f"{mm.group(2)} * {var}", f"{var}", f"n - {var}",
                           f"(int){mm.group(2)}", f"{mm.group(2)} + 0.5", "0", "-1"]), cond,
                      count=1)
    elif what == "init":
        init = rng.choice([f"{var} = 0", f"int {var} = {var}", f"long {var} = 0",
                           f"unsigned {var} = 0", f"register int {var} = 0",
                           f"const int {var} = 0", f"static int {var} = 0", f"double {var} = 0",
                           f"int {var} = 0, fz_j = 0", f"char *{var} = 0", f"_Bool {var} = 0",
                           f"int {var}[1]", ""])
    elif what == "cond-var":
        cond = re.sub(r"\b" + re.escape(var) + r"\b", rng.choice(["fz_other", "n", "0", "*p"]),
                      cond, count=1)
    else:
        part = rng.choice(["init", "cond", "step"])
        if part == "init":
            init = ""
        elif part == "cond":
            cond = ""
        else:
            step = ""
    new = f"for ({init.strip()}; {cond.strip()}; {step.strip()})"
    m.lines[i] = line[: mt.start()] + new + line[mt.end():]
    return f"loop-header {what} {i + 1}"


def op_declaration(m, rng):
    cand = [i for i, l in enumerate(m.lines) if DECL_RE.match(l) and "(" not in l.split("=")[0]]
    if not cand:
        return None
    i = rng.choice(cand)
    mt = DECL_RE.match(m.lines[i])
    ind, typ, stars, name, rest = mt.groups()
    what = rng.choice(["register", "const", "static", "volatile", "vla", "array", "_Thread_local",
                       "extern", "typedef-int"])
    if what in ("register", "const", "static", "volatile", "_Thread_local", "extern"):
        line = f"{ind}{what} {typ}{stars}{name}{rest}"
    elif what == "vla":
        size = rng.choice(["n", "n + 1", "(int)n", "2 * n", "m"])
        if rest.lstrip().startswith("["):
            rest = re.sub(r"^\s*\[[^\]]*\]", f"[{size}]", rest)
        else:
            rest = re.sub(r"\s*=\s*[^,;]*", "", rest, count=1)
            rest = f"[{size}]" + rest
        line = f"{ind}{typ}{stars}{name}{rest}"
    elif what == "array":
        rest = re.sub(r"\s*=\s*[^,;]*", "", rest, count=1)
        line = f"{ind}{typ}{stars}{name}[4]{rest}"
    else:
        m.lines.insert(0, "typedef int fz_int;")
        i += 1
        line = f"{ind}fz_int{stars if stars.strip() else ' '}{name}{rest}"
    m.lines[i] = line
    return f"declaration {what} {i + 1}"


OPERATORS = [
    (op_line_delete, 8), (op_line_duplicate, 6), (op_line_swap, 6),
    (op_pragma_token_delete, 10), (op_pragma_token_insert, 14), (op_pragma_token_replace, 8),
    (op_pragma_move, 10), (op_pragma_stack, 8), (op_pragma_operator, 6), (op_pragma_ifdef, 7),
    (op_loop_header, 9), (op_declaration, 8),
]


def make_mutant(seeds, seed, index):
    """Mutant `index` of `seed`: a Mutant (text, flags, ops, seed file)."""
    rng = random.Random(f"{seed}:{index}")
    # Files with pragmas are the interesting ones: weight them up.
    weights = [3 if "#pragma omp" in s.text else 1 for s in seeds]
    s = rng.choices(seeds, weights=weights)[0]
    flags = rng.choice(s.flag_sets)
    flags = flags + [f"-I{os.path.dirname(s.path)}"]
    m = Mutant(s, s.text.splitlines(), flags)
    n = rng.choice([1, 1, 1, 2, 2, 3])
    tries = 0
    while len(m.ops) < n and tries < 20:
        tries += 1
        op = rng.choices([o for o, _ in OPERATORS], weights=[w for _, w in OPERATORS])[0]
        d = op(m, rng)
        if d:
            m.ops.append(d)
    return m


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--root", default=repo_root())
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--index", type=int, default=0)
    ap.add_argument("--describe", action="store_true", help="print the seed file, flags and ops")
    ap.add_argument("--list-seeds", action="store_true")
    args = ap.parse_args()
    seeds = load_corpus(args.root)
    if args.list_seeds:
        for s in seeds:
            print(s.rel, " ".join(" ".join(f) or "-" for f in s.flag_sets))
        return 0
    m = make_mutant(seeds, args.seed, args.index)
    if args.describe:
        print(f"seed-file: {m.seed.rel}\nflags: {' '.join(m.flags)}\nops: {'; '.join(m.ops)}")
    else:
        sys.stdout.write(m.text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
