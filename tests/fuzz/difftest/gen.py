#!/usr/bin/env python3
"""Random OpenMP C program generator for the differential tester (run.py, scripts/difftest).

    gen.py --seed N            # print program N (the omp2numa version)
    gen.py --seed N --gcc      # the same program for gcc -fopenmp (see to_gcc())

Program N is a pure function of N (random.Random(N), no other input).  Every program is valid
OpenMP 4.5 C within omp2numa's accepted subset (docs/language.md), race-free, and has exactly one
correct output whatever the number of threads and the schedule: each block prints checksums of
its results, computed sequentially after the parallel part, from

  - integer arithmetic (wrap-around only in unsigned types, or in conversions to narrow signed
    types, which GCC defines as modular);
  - floating point only where every order of evaluation gives the same bits: sums of small
    multiples of 0.25, products of 2, 0.5 and -1 in a bounded exponent range, min/max;
  - order-independent summaries (sum, xor) where only the multiset of values is determined
    (atomic capture with a constant operand);
  - an order-dependent hash only inside `ordered` regions.

A program is a sequence of blocks, `static void tB(void)`, each called once from main().  Block
kinds: a worksharing loop (combined; inside a region with region-level constructs; orphaned in a
function called from a region and from outside any region), sections, threadprivate/copyin,
regions in functions with variably modified parameters, long nowait chains.  Loops: collapse
nests, every integer index type, typedefs and pointers, both step signs, every relational
operator, limits of the types, zero trips; bodies with private/firstprivate/lastprivate,
reductions over every operator and arithmetic type, critical, atomic (all forms), ordered,
continue and local control flow.  docs/testing.md, "Differential tester", has the full list.
omp2numa's own schedule kinds (adaptive fac2 tss rand wf2 genblock indirect) and affinity(name)
are written as omp2numa spells them; to_gcc() maps them to standard kinds (drops affinity) for
the gcc and serial builds.  Blocks with a loop that GCC 12 gets wrong are listed in a
`/* difftest: gcc-unspecified tB ... */` line (run.py does not compare gcc's output for them).
KNOWN lists constructs that reproduce known findings; they are left out unless
--include-known.
"""

import argparse
import random
import re
import sys

U64 = "u64"

# name: (min, max, bits)
ITYPES = {
    "int": (-2**31, 2**31 - 1, 32),
    "unsigned": (0, 2**32 - 1, 32),
    "long": (-2**63, 2**63 - 1, 64),
    "unsigned long": (0, 2**64 - 1, 64),
    "long long": (-2**63, 2**63 - 1, 64),
    "unsigned long long": (0, 2**64 - 1, 64),
    "short": (-2**15, 2**15 - 1, 16),
    "unsigned short": (0, 2**16 - 1, 16),
    "char": (-128, 127, 8),
    "signed char": (-128, 127, 8),
    "unsigned char": (0, 255, 8),
}
LIMIT_MACROS = {
    "int": ("INT_MIN", "INT_MAX"), "unsigned": (None, "UINT_MAX"),
    "long": ("LONG_MIN", "LONG_MAX"), "unsigned long": (None, "ULONG_MAX"),
    "long long": ("LLONG_MIN", "LLONG_MAX"), "unsigned long long": (None, "ULLONG_MAX"),
    "short": ("SHRT_MIN", "SHRT_MAX"), "unsigned short": (None, "USHRT_MAX"),
    "char": ("CHAR_MIN", "CHAR_MAX"), "signed char": ("SCHAR_MIN", "SCHAR_MAX"),
    "unsigned char": (None, "UCHAR_MAX"),
}
# typedef names usable as index types, and the type they stand for
TYPEDEFS = {"size_t": "unsigned long", "ptrdiff_t": "long", "int64_t": "long",
            "uint32_t": "unsigned", "uint8_t": "unsigned char", "int16_t": "short",
            "dt_idx": "long long", "dt_uidx": "unsigned short"}
SIGNED_RED = ["int", "long", "long long", "short", "char", "signed char"]
UNSIGNED_RED = ["unsigned", "unsigned long", "unsigned long long", "unsigned char",
                "unsigned short"]
FLOAT_RED = ["double", "float", "long double"]
COMPLEX_RED = ["double _Complex", "float _Complex"]


def kind_of(T):
    """check() kind for a variable of type T."""
    if T == "long double":
        return "ldouble"
    if T in FLOAT_RED:
        return "double"
    if T in COMPLEX_RED:
        return "complex"
    return "int"

# Combinations that reproduce known findings (findings/*.c).  The generator leaves them out, so
# that they do not hide other bugs, unless told otherwise (gen.py --include-known, run.py
# --include-known); drop an entry once its bug is fixed.
KNOWN = {
    # "digraph-pragma": "findings/digraph-pragma.c",   (fixed by commit d83fb00)
}
INCLUDE_KNOWN = False


def known_ok(what):
    return INCLUDE_KNOWN or what not in KNOWN


OMP2NUMA_KINDS = {"adaptive": "dynamic", "fac2": "guided", "tss": "guided", "rand": "dynamic",
                  "wf2": "dynamic", "genblock": "static", "indirect": "static"}

PRELUDE = r"""#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <complex.h>
#ifdef _OPENMP
#include <omp.h>
#else
typedef int omp_sched_t;
enum { omp_sched_static = 1, omp_sched_dynamic = 2, omp_sched_guided = 3, omp_sched_auto = 4,
       omp_sched_monotonic = -2147483647 - 1 };
static int omp_get_thread_num(void) { return 0; }
static int omp_get_num_threads(void) { return 1; }
static int omp_get_max_threads(void) { return 1; }
static void omp_set_num_threads(int n) { (void)n; }
static void omp_set_schedule(omp_sched_t k, int c) { (void)k; (void)c; }
#endif

typedef unsigned long long u64;
typedef long long dt_idx;
typedef unsigned short dt_uidx;
struct dtb { long long s; unsigned long long u; };
static long long dt_lli(long long x) { return x; }
static u64 dt_ull(u64 x) { return x; }
struct dts { int a; long long b; double c; unsigned char d[3]; };

static u64 mix(u64 h, u64 v)
{
  v *= 0x9E3779B97F4A7C15ULL;
  v ^= v >> 29;
  h ^= v;
  h *= 0xBF58476D1CE4E5B9ULL;
  return h ^ (h >> 31);
}
static u64 mixd(u64 h, double d) { u64 v; memcpy(&v, &d, sizeof v); return mix(h, v); }
static u64 mixs(u64 h, struct dts s)
{
  h = mix(h, (u64)s.a); h = mix(h, (u64)s.b); h = mixd(h, s.c);
  return mix(h, (u64)s.d[0] | (u64)s.d[1] << 8 | (u64)s.d[2] << 16);
}
static u64 f1(u64 a, u64 b) { return (a * 31u) ^ (b + (a >> 3)); }
/* genblock: P block sizes >= 0 adding up to n */
static void gb_fill(int *m, int P, long long n, unsigned s)
{
  long long left = n;
  for (int t = 0; t < P; t++) {
    long long take = t == P - 1 ? left : (long long)(((u64)s * (u64)(t + 3) * 2654435761u) % (u64)(left + 1));
    if ((s + t) % 4 == 1 && t < P - 1) take = 0;
    m[t] = (int)take;
    left -= take;
  }
}
/* indirect: an owner in [0, P) for each of n iterations, in runs */
static void ind_fill(int *m, int P, long long n, unsigned s)
{
  for (long long k = 0; k < n; k++) m[k] = (int)(((u64)(k / (1 + s % 5)) * (s | 1u) + s) % (u64)P);
}
/* wf2: P positive weights */
static void wf_fill(double *w, int P, unsigned s)
{
  for (int t = 0; t < P; t++) w[t] = 0.5 + (double)((s + 3u * (unsigned)t) % 4);
}
"""


def lit(v, t):
    """C literal (or limit-macro expression) of value v for integer type t."""
    lo, hi, bits = ITYPES[t]
    return _lit(v, t, lo, hi, bits, None)


def _lit(v, t, lo, hi, bits, r):
    if bits == 64:
        if lo < 0:
            if v == -2**63:
                return "(-9223372036854775807LL - 1)"
            return f"{v}LL"
        return f"{v}ULL"
    if t == "unsigned":
        return f"{v}U"
    if v == -2**31:
        return "(-2147483647 - 1)"
    return str(v)


class Var:
    def __init__(self, name, ctype, where, tp=False):
        self.name, self.ctype, self.where, self.tp = name, ctype, where, tp


class Prog:
    def __init__(self, seed):
        self.seed = seed
        self.r = random.Random(seed)
        self.globals = []       # file-scope declarations
        self.funcs = []         # function definitions, in order
        self.calls = []         # main's calls
        self.vars = {}          # name -> Var: every variable declared outside a region
        self.nblock = 0
        self.features = set()   # for --describe
        self.gcc_unspecified = []   # blocks whose output gcc -fopenmp may get wrong
        self.no_repeat = False      # set while generating a block that must run once

    # --- helpers -----------------------------------------------------------------------------
    def chance(self, p):
        return self.r.random() < p

    def pick(self, seq, weights=None):
        if weights:
            return self.r.choices(seq, weights=weights)[0]
        return self.r.choice(seq)

    def feat(self, f):
        self.features.add(f)


class Block:
    """One block function tB: declarations, set-up, parallel part, checks."""

    def __init__(self, prog):
        self.p = prog
        self.r = prog.r
        prog.nblock += 1
        self.id = prog.nblock
        self.fname = f"t{self.id}"
        self.n = 0
        self.decls = []         # local declarations of tB
        self.setup = []         # statements before the parallel part
        self.checks = []        # statements after it
        self.extra_funcs = []   # helper functions (orphans), emitted before tB
        self.frees = []         # heap arrays freed at the end of tB
        self.force_global = False   # orphan blocks: every variable at file scope
        self.gcc_unspecified = False  # gcc -fopenmp cannot be the reference for this block

    def name(self, what):
        self.n += 1
        return f"b{self.id}_{what}{self.n}"

    def declare(self, ctype, what, where="local", dims="", tp=False, vla=False):
        """Declare a variable outside any region. where: local | static | global."""
        nm = self.name(what)
        if self.force_global:
            where = "global"
        if where == "global":
            self.p.globals.append(f"static {ctype} {nm}{dims};")
            if tp:
                self.p.globals.append(f"#pragma omp threadprivate({nm})")
        elif where == "static":
            self.decls.append(f"static {ctype} {nm}{dims};")
        else:
            self.decls.append(f"{ctype} {nm}{dims};")
        self.p.vars[nm] = Var(nm, ctype, where, tp)
        return nm

    def check(self, label, expr, kind="int"):
        """Print one checksum line. kind: int (converted to u64), double, struct, raw (u64 expr)."""
        tag = f"{self.fname}.{label}"
        if kind == "double":
            self.checks.append(f'printf("{tag} %a\\n", (double)({expr}));')
        elif kind == "ldouble":
            self.checks.append(f'printf("{tag} %La\\n", (long double)({expr}));')
        elif kind == "complex":
            self.checks.append(f'printf("{tag} %a %a\\n", creal({expr}), cimag({expr}));')
        elif kind == "struct":
            self.checks.append(f'printf("{tag} %016llx\\n", mixs(0, {expr}));')
        else:
            self.checks.append(f'printf("{tag} %llx\\n", (u64)({expr}));')

    def check_array(self, label, arr, n, elem="int", field=None):
        acc = f"h{self.n}"
        self.n += 1
        if elem == "struct":
            upd = f"{acc} = mixs({acc}, {arr}[q]);"
        elif elem in ("double", "float"):
            upd = f"{acc} = mixd({acc}, {arr}[q]);"
        else:
            upd = f"{acc} = mix({acc}, (u64){arr}[q]);"
        self.checks.append(f"{{ u64 {acc} = 0; for (long long q = 0; q < {n}; q++) {upd}")
        self.checks.append(f'  printf("{self.fname}.{label} %016llx\\n", {acc}); }}')

    def emit(self):
        body = []
        for d in self.decls:
            body.append("  " + d)
        for s in self.setup:
            body.append("  " + s)
        for s in self.checks:
            body.append("  " + s)
        for f in self.frees:
            body.append(f"  free({f});")
        # shadowing: variables of the same names as this block's locals, at file scope or in
        # an enclosing block; the regions must use the innermost ones
        mine = [v.name for v in self.p.vars.values()
                if v.where == "local" and v.name.startswith(f"b{self.id}_")]
        if mine and self.r.random() < 0.3:
            pick = self.r.sample(mine, min(len(mine), self.r.randint(1, 3)))
            if self.r.random() < 0.5:
                for nm in pick:
                    self.p.globals.append(f"static double {nm}[2] = {{ -1.0, -2.0 }};  /* shadowed */")
                self.p.feat("shadowed file-scope variable")
            else:
                outer = [f"  short {nm} = -7; (void){nm};  /* shadowed */" for nm in pick]
                body = outer + ["  {"] + ["  " + b for b in body] + ["  }"]
                self.p.feat("shadowed outer-block variable")
        text = "\n".join(self.extra_funcs)
        if text:
            text += "\n"
        text += f"static void {self.fname}(void)\n{{\n" + "\n".join(body) + "\n}\n"
        self.p.funcs.append(text)
        self.p.calls.append(f"  {self.fname}();")
        if self.gcc_unspecified:
            self.p.gcc_unspecified.append(self.fname)


def indent(lines, n=2):
    pad = " " * n
    out = []
    for l in lines:
        out.extend((pad + x) if x else x for x in l.split("\n"))
    return out


# ---------------------------------------------------------------------------------------------
# Loop levels: index type, bounds, step, condition, increment
# ---------------------------------------------------------------------------------------------

class Level:
    pass


def gen_level(p, blk, n, itype, varname, decl_in_init, allow_vars=True, small=False):
    """A canonical loop header with exactly n iterations, index of type itype ('ptr:T' for a
    pointer to T).  Returns a Level with .header (for (...)), .slot (C expr: the logical
    iteration 0..n-1 of this level), .ival (u64 C expr of the index), .term (u64 C expr of the
    index value after the sequential loop, for lastprivate of the loop variable)."""
    r = p.r
    L = Level()
    L.n = n
    L.var = varname
    L.itype = itype
    L.pointer = itype.startswith("ptr:")
    if L.pointer:
        elem = itype[4:]
        lo, hi = 0, None
        tname = elem + " *"
    else:
        tname = itype
        itype = TYPEDEFS.get(itype, itype)
        lo, hi, bits = ITYPES[itype]
    # step magnitude
    s = 1 if r.random() < 0.5 else r.randint(2, 7)
    up = r.random() < 0.55
    ops = ["<", "<=", "!="] if up else [">", ">=", "!="]
    op = r.choice(ops) if n > 0 or r.random() < 0.5 else ops[0]
    if op == "!=":
        s = 1
    mode = "normal"
    if not L.pointer:
        mode = r.choices(["normal", "high", "low", "wide"], [70, 12, 12, 6])[0]
        if mode == "wide" and (n == 0 or op == "!="):
            mode = "high"
        rng = hi - lo
        if n * s > rng - 20:
            s = 1
            n = min(n, rng - 20)
            L.n = n
        if bits == 8 and n * s > 100 and r.random() < 0.7:
            s = 1
            n = min(n, 100)
            L.n = n
    if L.pointer:
        # offsets into a base array of elem
        span = n * s
        if up:
            a = r.randint(0, 6)
            t = a + span
        else:
            t = r.randint(0, 6)
            a = t + span
        size = max(a, t) + 8
    elif mode == "wide":
        s = rng // (n + 1) - r.randint(0, 3)
        s = max(s, 1)
        if up:
            a = lo + r.randint(0, 3)
            t = a + n * s
        else:
            a = hi - r.randint(0, 3)
            t = a - n * s
    elif mode == "high":
        if up:
            t = hi - r.randint(0, 3)
            a = t - n * s
        else:
            a = hi - r.randint(0, 3)
            t = a - n * s
    elif mode == "low":
        if up:
            a = lo + r.randint(0, 3)
            t = a + n * s
        else:
            t = lo + r.randint(0, 3)
            a = t + n * s
    else:
        if lo < 0:
            base = r.randint(-40, 40)
        else:
            base = r.randint(0, 40)
        if up:
            a = base
            t = a + n * s
            if t > hi:
                t = hi - r.randint(0, 3)
                a = t - n * s
        else:
            if lo < 0:
                a = base
            else:
                a = base + n * s
            t = a - n * s
            if t < lo:
                t = lo + r.randint(0, 3)
                a = t + n * s
    # zero-trip loops: keep the start off the type's limit, so that the condition is not false
    # for every value of the type (gcc rejects such a loop: "invalid controlling predicate")
    if n == 0:
        if up and a <= lo:
            a = t = lo + 1
        if not up and hi is not None and a >= hi:
            a = t = hi - 1
    # condition bound
    if up:
        last = a + s * (n - 1)
        if op == "<":
            ub = r.randint(last + 1, t) if n > 0 else r.randint(max(lo + 1, a - 10), a)
        elif op == "<=":
            if n == 0 and a - 1 < lo:
                op, ub = "<", a
            else:
                ub = r.randint(last, t - 1) if n > 0 else r.randint(max(lo, a - 10), a - 1)
        else:
            ub = t
    else:
        last = a - s * (n - 1)
        top = hi if hi is not None else a + 10
        if op == ">":
            ub = r.randint(t, last - 1) if n > 0 else r.randint(min(a, top - 1), min(top - 1, a + 10))
        elif op == ">=":
            if n == 0 and a + 1 > top:
                op, ub = ">", a
            else:
                ub = r.randint(t + 1, last) if n > 0 else r.randint(a + 1, min(top, a + 10))
        else:
            ub = t
    L.mode = mode
    # GCC computes the trip count in the index's own type (and `<=` as `< ub + 1`): loops whose
    # intermediate results leave the type are unspecified for it (OpenMP leaves them so), and
    # it runs unsigned loops that count down with dynamic or guided schedules zero times.  The
    # serial build still gives the right answer; run.py compares such blocks with it only.
    L.gcc_unspecified = mode == "wide"   # libgomp multiplies the chunk by the step: overflow
    if L.pointer and op == "!=":
        L.gcc_unspecified = True    # gcc 12: such a loop in a region, dynamic,1 -> SIGSEGV
    if not L.pointer:
        span = abs(t - a)
        if (not up and lo == 0) or span + s + 1 > hi \
                or (up and max(a, ub, t) + s + 1 > hi) or (not up and min(a, ub, t) - s - 1 < lo):
            L.gcc_unspecified = True
    # expressions for the bounds
    pre = []      # statements before the region (variables holding bounds or steps)
    def bound_expr(v, what):
        if L.pointer:
            return f"{L.base} + {v}"
        use_macro = LIMIT_MACROS[itype]
        near = min(1000, (hi - lo) // 8)
        near_lo = lo is not None and use_macro[0] and v - lo < near
        near_hi = use_macro[1] and hi - v < near
        uns = lo >= 0
        x = r.random()
        if allow_vars and x < 0.2:
            qual = r.choice(["", "", "", "volatile ", "const ", "register "])
            if qual and blk.force_global:
                qual = "volatile " if qual != "const " else ""
            if qual == "const ":
                vn = blk.name(what)
                blk.decls.append(f"const {tname} {vn} = {lit(v, itype)};")
                p.vars[vn] = Var(vn, tname, "local")
            elif qual == "register ":
                vn = blk.name(what)
                blk.decls.append(f"register {tname} {vn};")
                p.vars[vn] = Var(vn, tname, "local")
                pre.append(f"{vn} = {lit(v, itype)};")
            else:
                vn = blk.declare(qual + tname, what)
                pre.append(f"{vn} = {lit(v, itype)};")
            if qual:
                p.feat("bound:" + qual.strip())
            return vn
        if allow_vars and x < 0.3:
            # a struct member, an array element, a call, a cast, a macro: wider types
            form = r.choice(["member", "elem", "call", "cast", "macro"])
            p.feat("bound:" + form)
            if form == "member":
                sv = blk.declare("struct dtb", "bs")
                fld = "u" if uns else "s"
                pre.append(f"{sv}.{fld} = {lit(v, itype)};")
                return f"{sv}.{fld}"
            if form == "elem":
                av = blk.declare("unsigned long long" if uns else "long long", "ba", dims="[3]")
                q = r.randint(0, 2)
                pre.append(f"{av}[{q}] = {lit(v, itype)};")
                return f"{av}[{q}]"
            if form == "call":
                return f"dt_ull({lit(v, itype)})" if uns else f"dt_lli({lit(v, itype)})"
            if form == "cast" and bits < 64:
                return f"(long long)({lit(v, itype)})"
            mn = f"B{blk.id}_{what.upper()}{blk.n}"
            blk.n += 1
            p.globals.append(f"#define {mn} ({lit(v, itype)})")
            return mn
        if near_hi and r.random() < 0.6:
            d = hi - v
            return use_macro[1] if d == 0 else f"({use_macro[1]} - {d})"
        if near_lo and r.random() < 0.6:
            d = v - lo
            return use_macro[0] if d == 0 else f"({use_macro[0]} + {d})"
        return lit(v, itype)
    if L.pointer:
        elem = itype[4:]
        L.base = blk.declare(elem, "pb", where=r.choice(["local", "static", "global"]),
                             dims=f"[{size}]")
        L.base_size = size
        init = "(" + ("double" if elem == "double" else "u64") + ")"
        pre.append(f"for (long long q = 0; q < {size}; q++) {L.base}[q] = ({elem})(q * 3 + 1);")
    A = bound_expr(a, "lo")
    B = bound_expr(ub, "hi")
    L.a_expr = A
    # step expression
    if L.pointer:
        st_t = "long"
        slit = str(s)
    else:
        st_t = itype
        slit = lit(s, itype) if s > 2**31 - 1 else str(s)
        if s <= 127 and r.random() < 0.25:
            slit = r.choice([f"{s}L", f"(short){s}", f"(char){s}", f"{s}LL"] + ([f"{s}u"] if lo >= 0 and bits <= 32 else []))
            p.feat("step:typed literal")
    step_var = None
    # (not for pointers: gcc 12 has an internal compiler error, "in outermost_invariant_loop",
    # for a pointer loop stepped by a variable under schedule(static, chunk))
    if op != "!=" and allow_vars and r.random() < 0.15 and not L.pointer:
        signed_ok = L.pointer or lo < 0
        step_var = blk.declare("long" if L.pointer else itype, "st")
    v = varname
    if up:
        forms = [f"{v}++", f"++{v}", f"{v} += {slit}", f"{v} = {v} + {slit}", f"{v} = {slit} + {v}"]
        if s != 1:
            forms = forms[2:]
        incr = r.choice(forms)
        if step_var:
            pre.append(f"{step_var} = {slit};")
            incr = r.choice([f"{v} += {step_var}", f"{v} = {v} + {step_var}", f"{v} = {step_var} + {v}"])
    else:
        forms = [f"{v}--", f"--{v}", f"{v} -= {slit}", f"{v} = {v} - {slit}"]
        if L.pointer or lo < 0:
            forms.append(f"{v} += -{slit}")
        if s != 1:
            forms = forms[2:]
        incr = r.choice(forms)
        if step_var:
            if not L.pointer and lo < 0 and r.random() < 0.5:
                pre.append(f"{step_var} = -{slit};")
                incr = f"{v} += {step_var}"
            else:
                pre.append(f"{step_var} = {slit};")
                incr = r.choice([f"{v} -= {step_var}", f"{v} = {v} - {step_var}"])
    flip = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "!=": "!="}
    if r.random() < 0.2:
        cond = f"{B} {flip[op]} {v}"
    else:
        cond = f"{v} {op} {B}"
    init = f"{tname} {v} = {A}" if decl_in_init else f"{v} = {A}"
    if decl_in_init and tname.endswith("*"):
        init = f"{tname}{v} = {A}"
    L.header = f"for ({init}; {cond}; {incr})"
    L.decl = None if decl_in_init else (f"{tname} {v};" if not tname.endswith("*") else f"{tname}{v};")
    L.pre = pre
    sl = f"{s}ULL"
    if L.pointer:
        if up:
            L.slot = f"(long long)(({v} - ({A})) / {s})"
        else:
            L.slot = f"(long long)((({A}) - {v}) / {s})"
        L.ival = f"(u64)({v} - {L.base})"
        L.term = f"(u64)({v} - {L.base})"
    else:
        if up:
            L.slot = f"(long long)(((u64)({v}) - (u64)({A})) / {sl})"
        else:
            L.slot = f"(long long)(((u64)({A}) - (u64)({v})) / {sl})"
        L.ival = f"(u64)({v})"
        L.term = f"(u64)({v})"
    L.desc = f"{itype} {mode} {op} step {'+' if up else '-'}{s} n={n}"
    return L


# ---------------------------------------------------------------------------------------------
# Schedules
# ---------------------------------------------------------------------------------------------

def gen_schedule(p, blk, ordered, total, team, in_region, pre, region_pre):
    """A schedule clause (or ''), plus the set-up it needs.  team: C expression of the team size
    (for maps built before the region) or None when the map must be built inside the region
    (region_pre receives the statements for the start of the region)."""
    r = p.r
    kinds = ["", "static", "dynamic", "guided", "auto", "runtime", "adaptive", "fac2", "tss",
             "rand", "genblock", "indirect", "wf2"]
    weights = [10, 12, 10, 8, 5, 7, 9, 6, 6, 6, 6, 6, 5]
    kind = p.pick(kinds, weights)
    if not kind:
        return ""
    p.feat("schedule:" + kind)
    chunk = ""
    if kind not in ("auto", "runtime", "genblock", "indirect") and r.random() < 0.55:
        c = r.choice([1, 1, 2, 3, 4, 7, 16, 64])
        if r.random() < 0.2:
            cv = blk.declare("int", "ch")
            pre.append(f"{cv} = {c};")
            chunk = f", {cv}"
        else:
            chunk = f", {c}"
    mod = ""
    if r.random() < 0.25:
        std = OMP2NUMA_KINDS.get(kind, kind)
        if not ordered and std in ("dynamic", "guided") and r.random() < 0.6:
            mod = "nonmonotonic: "
        else:
            mod = "monotonic: "
    seed = r.randint(1, 1000)
    if kind not in ("genblock", "indirect", "wf2") and r.random() < 0.15:
        mk = f"B{blk.id}_KIND{blk.n}"
        blk.n += 1
        p.globals.append(f"#define {mk} {kind}")
        p.feat("schedule kind macro")
        if chunk and chunk[2:].isdigit() and r.random() < 0.5:
            mc = f"B{blk.id}_CHUNK{blk.n}"
            blk.n += 1
            p.globals.append(f"#define {mc} {chunk[2:]}")
            chunk = f", {mc}"
        kind = mk
        return f"schedule({mod}{kind}{chunk})"
    if kind in ("genblock", "indirect", "wf2"):
        if kind == "genblock":
            m = blk.declare("int", "gbm", where="global", dims="[64]")
            fill = f"gb_fill({m}, {{P}}, {total}, {seed}u);"
        elif kind == "indirect":
            m = blk.declare("int", "ind", where="global", dims=f"[{max(1, total_val(total))}]")
            fill = f"ind_fill({m}, {{P}}, {total}, {seed}u);"
        else:
            m = blk.declare("double", "wf", where="global", dims="[64]")
            fill = f"wf_fill({m}, {{P}}, {seed}u);"
        if team is not None:
            pre.append(fill.replace("{P}", team))
        else:
            region_pre.append("#pragma omp single\n" + fill.replace("{P}", "omp_get_num_threads()"))
        if kind == "wf2":
            return f"schedule({mod}wf2({m}){chunk})"
        return f"schedule({mod}{kind}({m}))"
    if kind == "runtime" and r.random() < 0.5:
        k2 = r.choice(["static", "dynamic", "guided", "auto", "adaptive", "fac2", "tss", "rand"])
        mono = "omp_sched_monotonic | " if r.random() < 0.2 else ""
        pre.append(f"omp_set_schedule({mono}omp_sched_{k2}, {r.choice([0, 1, 2, 5])});")
        p.feat("omp_set_schedule")
    return f"schedule({mod}{kind}{chunk})"


def total_val(total):
    return int(total)


# ---------------------------------------------------------------------------------------------
# Worksharing loop with body features
# ---------------------------------------------------------------------------------------------

def red_types(op):
    ints = SIGNED_RED + UNSIGNED_RED
    if op in ("&", "|", "^"):
        return ints + ["_Bool"]
    if op in ("+", "-"):
        return ints + FLOAT_RED + COMPLEX_RED
    if op == "*":
        return ints + FLOAT_RED
    return ints + FLOAT_RED + ["_Bool"]


def red_stmt(p, op, T, x, N):
    """(init value, update statement) of a reduction variable x of type T over N iterations
    (k = logical iteration), exact and free of undefined behaviour."""
    r = p.r
    if T == "_Bool":
        M = r.randint(3, 40)
        c = f"(k % {M} != {r.randint(0, M - 1)})"
        init = r.choice(["0", "1"])
        if op in ("&&", "||"):
            return init, f"{x} = {x} {op} {c};"
        if op in ("&", "|", "^"):
            return init, r.choice([f"{x} {op}= {c};", f"{x} = {x} {op} {c};"])
        cmp = ">" if op == "max" else "<"
        return init, f"{x} = {x} {cmp} {c} ? {x} : {c};"
    if T in COMPLEX_RED:
        e = f"((double)(k % 9) * 0.25 + (double)(k % 5) * 0.5 * I)"
        init = r.choice(["0", "1.0 + 2.0 * I", "0.5 - 0.5 * I"])  # no -0.0 part
        if op == "+":
            return init, r.choice([f"{x} += {e};", f"{x} = {x} + {e};", f"{x} = {e} + {x};"])
        return init, r.choice([f"{x} -= {e};", f"{x} = {x} - {e};"])
    flt = T in FLOAT_RED
    uns = T in UNSIGNED_RED
    bits = {"int": 32, "long": 64, "long long": 64, "short": 16, "char": 8, "signed char": 8,
            "unsigned": 32, "unsigned long": 64, "unsigned long long": 64, "unsigned char": 8,
            "unsigned short": 16}.get(T, 64)
    W = bits - 1 if not uns else bits
    if op in ("+", "-"):
        if flt:
            e = f"({T})((k % 9) * 0.25 - 1.0)"
            init = f"{r.randint(-8, 8)}.5"
        elif uns:
            e = f"(unsigned)((u64)k * 2654435761ULL >> {r.randint(0, 20)})" if bits < 32 else \
                f"({T})((u64)k * 2654435761ULL >> {r.randint(0, 20)})"
            init = str(r.randint(0, 100))
        else:
            e = f"({T})((k % 13) - 6)"
            init = str(r.randint(-20, 20))
        if op == "+":
            forms = [f"{x} += {e};", f"{x} = {x} + {e};", f"{x} = {e} + {x};"]
            if not flt:
                forms += [f"if (k % 3 == 1) {x}++;", f"if (k % 4 == 2) ++{x};"]
        else:
            forms = [f"{x} -= {e};", f"{x} = {x} - {e};"]
            if not flt:
                forms += [f"if (k % 3 == 0) {x}--;"]
        return init, r.choice(forms)
    if op == "*":
        if not uns:
            p.no_repeat = True
        budget = {8: 3, 16: 8, 32: 20, 64: 40}[bits] if not flt else (60 if T == "float" else 200)
        M = max(2, (N + budget) // budget + 1)
        R = r.randint(0, M - 1)
        M2 = r.randint(3, 9)
        R2 = r.randint(0, M2 - 1)
        if flt:
            M3 = M + 1
            e = f"(k % {M} == {R} ? 2.0 : (k % {M3} == {R % M3} ? 0.5 : (k % {M2} == {R2} ? -1.0 : 1.0)))"
            init = r.choice(["1.0", "3.0", "-1.5"])
        elif uns:
            e = f"(unsigned)(2 * k + 1)" if bits < 32 else f"({T})(2 * k + 1)"
            init = str(r.randint(1, 9))
        else:
            e = f"(k % {M} == {R} ? 2 : (k % {M2} == {R2} ? -1 : 1))"
            init = str(r.choice([1, 2, 3, -1]))
        return init, r.choice([f"{x} *= {e};", f"{x} = {x} * {e};", f"{x} = {e} * {x};"])
    if op == "&":
        e = f"({T})~((u64)(k % 11 == 3) << ((k * 7) % {W}))"
        init = r.choice(["-1", "~0", f"({T})0x7f5a3c6e5d4b3a29ULL"]) if not uns else f"({T})~0ULL"
        return init, r.choice([f"{x} &= {e};", f"{x} = {x} & {e};", f"{x} = {e} & {x};"])
    if op == "|":
        e = f"({T})((u64)(k % 11 == 3) << ((k * 5) % {W}))"
        init = str(r.randint(0, 3))
        return init, r.choice([f"{x} |= {e};", f"{x} = {x} | {e};", f"{x} = {e} | {x};"])
    if op == "^":
        e = f"({T})((u64)k * 0x9E3779B97F4A7C15ULL >> {r.randint(20, 50)})"
        init = str(r.randint(0, 50))
        return init, r.choice([f"{x} ^= {e};", f"{x} = {x} ^ {e};", f"{x} = {e} ^ {x};"])
    if op == "&&":
        M = r.randint(5, max(6, N + 5))
        c = f"(k % {M} != {r.randint(0, M - 1)})"
        init = r.choice(["1", "1", "0"])
        return init, r.choice([f"{x} = {x} && {c};", f"{x} = {c} && {x};"])
    if op == "||":
        c = f"(k == {r.randint(0, max(0, N + 3))})"
        init = r.choice(["0", "0", "1"])
        return init, r.choice([f"{x} = {x} || {c};", f"{x} = {c} || {x};"])
    # max / min
    if flt:
        e = f"({T})((double)(f1((u64)k, {r.randint(1, 99)}u) % 1000u) * 0.125 - 50.0)"
        init = r.choice(["-1000.0", "0.0", "1000.0", "3.25"])
    elif uns:
        e = f"({T})(f1((u64)k, {r.randint(1, 99)}u) % {min(2**bits - 1, 100000)}u)"
        init = str(r.randint(0, 200))
    else:
        e = f"({T})((long long)(f1((u64)k, {r.randint(1, 99)}u) % {min(2**(bits - 1), 100000)}u) - {min(2**(bits - 2), 50000)})"
        init = str(r.randint(-100, 100))
    cmp = ">" if op == "max" else "<"
    return init, r.choice([f"{{ {T} e_ = {e}; if (e_ {cmp} {x}) {x} = e_; }}",
                           f"{x} = {x} {cmp} ({e}) ? {x} : ({e});"])


class LoopSpec:
    pass


def gen_loop(p, blk, where, ctx):
    """Generate a worksharing loop.

    where: 'combined' (parallel for), 'region' (for inside a parallel region written by the
    caller), 'orphan' (for in a separate function).  ctx: dict with region information:
      'region_priv_reads': list of C exprs (u64) readable in the body (region-private values
                           set identically in every thread)
      'region_red': list of (name, stmt-template) region-level reduction updates
      'team': C expr of the team size, or None (maps then built in the region)
    Returns LoopSpec: directive clauses, code lines, pre (before region), region_pre,
    checks added to blk, vars referenced."""
    r = p.r
    S = LoopSpec()
    S.results = []    # (name, C type) of reduction and lastprivate scalars: defined after the loop
    S.clauses = []
    S.pre = []
    S.region_pre = []
    S.loopvars = []
    S.after_lp = []
    storage = ["global"] if where == "orphan" else ["local", "local", "static", "global"]
    collapse = 1
    if r.random() < 0.22:
        collapse = r.choice([2, 2, 3])
    # trip counts
    ns = []
    for lvl in range(collapse):
        if collapse == 1:
            x = r.random()
            n = 0 if x < 0.07 else 1 if x < 0.12 else r.randint(2, 16) if x < 0.45 else \
                r.randint(17, 200) if x < 0.9 else r.randint(201, 600)
        else:
            x = r.random()
            n = 0 if x < 0.04 else r.randint(1, 12 if collapse == 2 else 6)
        ns.append(n)
    levels = []
    itypes = list(ITYPES) + ["ptr:int", "ptr:double", "ptr:char", "ptr:long long"] + list(TYPEDEFS)
    iweights = [30, 8, 6, 4, 5, 4, 4, 3, 3, 3, 3, 4, 2, 2, 2] + [1] * len(TYPEDEFS)
    for lvl in range(collapse):
        it = p.pick(itypes, iweights)
        if it.startswith("ptr:") and it != "ptr:int" and ns[lvl] * 7 > 4000:
            it = "ptr:int"
        decl_in = r.random() < 0.75
        vn = ["i", "j", "l"][lvl] + (str(blk.id) if not decl_in or r.random() < 0.3 else "")
        L = gen_level(p, blk, ns[lvl], it, vn, decl_in)
        ns[lvl] = L.n
        levels.append(L)
        S.pre.extend(L.pre)
        p.feat("index:" + it)
        p.feat("mode:" + L.mode)
    N = 1
    for n in ns:
        N *= n
    S.N = N
    S.collapse = collapse
    if any(L.gcc_unspecified for L in levels):
        blk.gcc_unspecified = True
        p.feat("gcc-unspecified loop")
    if collapse > 1:
        S.clauses.append(f"collapse({collapse})")
        p.feat(f"collapse{collapse}")
    body = []
    # logical iteration
    if collapse == 1:
        body.append(f"long long k = {levels[0].slot};")
    else:
        for i, L in enumerate(levels):
            body.append(f"long long kl{i} = {L.slot};")
        kexpr = "kl0"
        for i in range(1, collapse):
            kexpr = f"({kexpr} * {ns[i]} + kl{i})"
        body.append(f"long long k = {kexpr};")
    iv = " ^ ".join(f"({L.ival} << {3 * i})" for i, L in enumerate(levels))
    outN = max(N, 1)

    def val():
        c = r.randint(1, 10**6)
        return r.choice([f"((u64)k * {c}ULL + ({iv}))",
                         f"f1((u64)k, ({iv}) + {c}ULL)",
                         f"((({iv}) ^ ((u64)k << {r.randint(1, 9)})) + {c}ULL)"])
    extra = []   # u64 exprs added into the value written to out
    extra.extend(ctx.get("region_priv_reads", []))

    # --- lastprivate (before any continue) ---
    lp_stmts = []
    ordered_needed = False
    if r.random() < 0.35:
        nlp = r.randint(1, 2)
        for _ in range(nlp):
            kind = r.choice(["scalar", "scalar", "struct", "array"])
            wh = r.choice(storage)
            if kind == "scalar":
                T = r.choice(["int", "long", "unsigned char", "double", "short", "u64"])
                x = blk.declare(T, "lp", where=wh)
                blk.setup.append(f"{x} = ({T}){r.randint(-5, 99)};")
                lp_stmts.append(f"{x} = ({T})({val()} % 100000u);" if T != "double" else
                                f"{x} = (double)((k * 3) % 1000) * 0.5;")
                if N > 0:
                    S.results.append((x, T))
                if N > 0:  # zero iterations: the value is unspecified
                    blk.check("lp_" + x, x, "double" if T == "double" else "int")
            elif kind == "struct":
                x = blk.declare("struct dts", "lps", where=wh)
                blk.setup.append(f"memset(&{x}, 0, sizeof {x}); {x}.a = 7;")
                lp_stmts.append(f"{x}.a = (int)k; {x}.b = (long long)({val()} >> 3); {x}.c = k * 0.5; "
                                f"{x}.d[0] = 1; {x}.d[1] = (unsigned char)k; {x}.d[2] = 3;")
                if N > 0:  # zero iterations: the value is unspecified
                    blk.check("lp_" + x, x, "struct")
            else:
                x = blk.declare("int", "lpa", where=wh, dims="[3]")
                blk.setup.append(f"{x}[0] = {x}[1] = {x}[2] = -1;")
                lp_stmts.append(f"{x}[0] = (int)k; {x}[1] = (int)({val()} & 0xffff); {x}[2] = (int)(k * 2);")
                if N > 0:  # zero iterations: the value is unspecified
                    blk.check_array("lp_" + x, x, 3)
            S.clauses.append(f"lastprivate({x})")
            p.feat("lastprivate:" + kind)
    # firstprivate + lastprivate on the same struct: read field a, write field b
    if r.random() < 0.12:
        x = blk.declare("struct dts", "flp", where=r.choice(storage))
        blk.setup.append(f"memset(&{x}, 0, sizeof {x}); {x}.a = {r.randint(1, 999)}; {x}.c = 2.5;")
        extra.append(f"(u64){x}.a")
        lp_stmts.append(f"{x}.b = (long long)k * 5 + {x}.a; {x}.d[1] = (unsigned char)(k + 1);")
        S.clauses.append(f"firstprivate({x}) lastprivate({x})")
        if N > 0:  # zero iterations: the value is unspecified
            blk.check("flp_" + x, x, "struct")
        p.feat("firstprivate+lastprivate")
    # lastprivate of the loop variable itself (declared outside), not for zero-trip loops
    lpv = [L for L in levels if L.decl is not None]
    if lpv and N > 0 and r.random() < 0.5:
        S.clauses.append("lastprivate(" + ", ".join(L.var for L in lpv) + ")")
        for L in lpv:
            blk.check("lpvar_" + L.var, L.term)
        p.feat("lastprivate:loopvar")
    body.extend(lp_stmts)

    # --- atomic capture (constant operand: the multiset of captured values is fixed) ---
    capture = None
    if r.random() < 0.2:
        T = r.choice(["int", "long", "unsigned", "u64"])
        cnt = blk.declare(T, "cnt", where=r.choice(storage))
        cap = blk.declare(T, "cap", where=r.choice(storage), dims=f"[{outN}]")
        c = r.randint(1, 9)
        blk.setup.append(f"{cnt} = {r.randint(0, 50)};")
        blk.setup.append(f"for (long long q = 0; q < {outN}; q++) {cap}[q] = 0;")
        v = "cv"
        forms = [f"{v} = {cnt}++;", f"{v} = ++{cnt};", f"{v} = {cnt}--;", f"{v} = --{cnt};",
                 f"{v} = {cnt} += {c};", f"{v} = {cnt} -= {c};", f"{v} = {cnt} = {cnt} + {c};",
                 f"{{ {v} = {cnt}; {cnt} += {c}; }}", f"{{ {cnt} += {c}; {v} = {cnt}; }}",
                 f"{{ {v} = {cnt}; {cnt}++; }}", f"{{ ++{cnt}; {v} = {cnt}; }}",
                 f"{{ {v} = {cnt}; {cnt} = {cnt} - {c}; }}", f"{{ {cnt} = {c} + {cnt}; {v} = {cnt}; }}",
                 f"{{ {v} = {cnt}; {cnt} = {c}; }}"]
        if T in ("unsigned", "u64"):
            forms += [f"{v} = {cnt} *= 3;", f"{{ {v} = {cnt}; {cnt} *= 5; }}"]
        form = r.choice(forms)
        body.append(f"{{ {T} {v};")
        body.append(f"#pragma omp atomic capture{r.choice(['', '', ' seq_cst'])}")
        body.append(f"  {form}")
        body.append(f"  {cap}[k] = {v}; }}")
        capture = (cnt, cap)
        blk.check("cnt_" + cnt, cnt)
        blk.checks.append(f"{{ u64 s_ = 0, x_ = 0, q_ = 0; for (long long q = 0; q < {outN}; q++) "
                          f"{{ s_ += (u64){cap}[q]; x_ ^= (u64){cap}[q]; q_ += (u64){cap}[q] * (u64){cap}[q]; }}")
        blk.checks.append(f'  printf("{blk.fname}.cap_{cap} %llx %llx %llx\\n", s_, x_, q_); }}')
        p.feat("atomic:capture")

    # --- continue ---
    if r.random() < 0.2:
        M = r.randint(2, 7)
        body.append(f"if (k % {M} == {r.randint(0, M - 1)}) continue;")
        p.feat("continue")

    # --- private scratch ---
    if r.random() < 0.3:
        kind = r.choice(["scalar", "array", "vla", "struct"])
        if kind == "scalar":
            t = blk.declare(r.choice(["long", "int", "u64"]), "pv", where=r.choice(storage))
            body.append(f"{t} = (k * 7) & 1023;")
            extra.append(f"(u64){t}")
        elif kind == "struct":
            t = blk.declare("struct dts", "pvs", where=r.choice(storage))
            body.append(f"{t}.a = (int)k; {t}.b = 3;")
            extra.append(f"(u64)({t}.a + {t}.b)")
        else:
            m = r.randint(1, 6)
            if kind == "vla" and where != "orphan":
                mv = blk.name("m")
                blk.decls.append(f"int {mv} = {m};")
                p.vars[mv] = Var(mv, "int", "local")
                t = blk.name("pvla")
                blk.decls.append(f"long {t}[{mv}];")
                p.vars[t] = Var(t, "long", "local")
                mx = mv
            else:
                t = blk.declare("long", "pa", where=r.choice(storage), dims=f"[{m}]")
                mx = m
            body.append(f"for (int q = 0; q < {mx}; q++) {t}[q] = k + q;")
            body.append(f"{{ long s_ = 0; for (int q = 0; q < {mx}; q++) s_ += {t}[q]; {t}[0] = s_; }}")
            extra.append(f"(u64){t}[0]")
        S.clauses.append(f"private({t})")
        p.feat("private:" + kind)

    # --- firstprivate (read only) ---
    if r.random() < 0.3:
        kind = r.choice(["scalar", "array", "vla", "struct"])
        if kind == "scalar":
            T = r.choice(["int", "long", "double", "unsigned char"])
            f = blk.declare(T, "fp", where=r.choice(storage))
            blk.setup.append(f"{f} = {r.randint(1, 100)};")
            extra.append(f"(u64){f}")
        elif kind == "struct":
            f = blk.declare("struct dts", "fps", where=r.choice(storage))
            blk.setup.append(f"memset(&{f}, 0, sizeof {f}); {f}.b = {r.randint(1, 10**9)}; {f}.d[2] = 9;")
            extra.append(f"(u64)({f}.b + {f}.d[2])")
        else:
            m = r.randint(1, 8)
            if kind == "vla" and where != "orphan":
                mv = blk.name("m")
                blk.decls.append(f"int {mv} = {m};")
                f = blk.name("fvla")
                blk.decls.append(f"int {f}[{mv}];")
                p.vars[f] = Var(f, "int", "local")
                p.vars[mv] = Var(mv, "int", "local")
            else:
                f = blk.declare("int", "fa", where=r.choice(storage), dims=f"[{m}]")
            blk.setup.append(f"for (int q = 0; q < {m}; q++) {f}[q] = q * q + {r.randint(0, 9)};")
            extra.append(f"(u64){f}[k % {m}]")
        S.clauses.append(f"firstprivate({f})")
        p.feat("firstprivate:" + kind)

    # --- control flow inside the body: switch (break, fallthrough, continue of the loop),
    # inner loops with break/continue, do-while with continue, goto within the body ---
    if r.random() < 0.2:
        lbl = f"cf_done{blk.n}"
        blk.n += 1
        cf = ["long cf_ = 0;",
              "switch (k % 5) {",
              "case 0: cf_ += 3; break;",
              "case 1: cf_ += 5; /* fall through */",
              "case 2: cf_ += 1; break;",
              f"case 3: if (k % 7 == 3) continue; cf_ += 11; break;" if r.random() < 0.5 else
              "case 3: cf_ -= 2; break;",
              "default: break;",
              "}",
              "for (int q = 0; q < 6; q++) { if (q == 2) continue; if (q == (int)(k % 6)) break; cf_ += q; }",
              "{ int w_ = 0; do { w_++; if (w_ < 2) continue; cf_ += w_; } while (w_ < 3); }",
              "{ int w_ = (int)(k % 4); while (w_-- > 0) { if (w_ == 1) continue; cf_ += 7; } }",
              f"if (k % 9 == 4) goto {lbl};",
              "cf_ *= 2;",
              f"{lbl}: ;"]
        body.extend(cf)
        extra.append("(u64)cf_")
        p.feat("body control flow")

    # --- output array(s) ---
    otype = r.choice(["u64", "long", "int", "unsigned char", "short", "double", "struct"])
    ost = r.choice(storage + (["vla", "heap"] if where != "orphan" else ["heap"]))
    oname = blk.name("out")
    if ost == "vla":
        nv = blk.name("nn")
        blk.decls.append(f"long {nv} = {outN};")
        ctype = "struct dts" if otype == "struct" else otype
        blk.decls.append(f"{ctype} {oname}[{nv}];")
        p.vars[oname] = Var(oname, ctype, "local")
        p.vars[nv] = Var(nv, "long", "local")
        p.feat("vla")
    elif ost == "heap":
        ctype = "struct dts" if otype == "struct" else otype
        wh = "global" if where == "orphan" else r.choice(["local", "global"])
        if wh == "global":
            p.globals.append(f"static {ctype} *{oname};")
        else:
            blk.decls.append(f"{ctype} *{oname} = 0;")
        p.vars[oname] = Var(oname, ctype + " *", wh)
        blk.setup.append(f"free({oname}); {oname} = malloc(sizeof *{oname} * {outN});")
        blk.frees.append(oname)
    else:
        ctype = "struct dts" if otype == "struct" else otype
        wh = ost
        if wh == "global":
            p.globals.append(f"static {ctype} {oname}[{outN}];")
        elif wh == "static":
            blk.decls.append(f"static {ctype} {oname}[{outN}];")
        else:
            blk.decls.append(f"{ctype} {oname}[{outN}];")
        p.vars[oname] = Var(oname, ctype, wh)
    if otype == "struct":
        blk.setup.append(f"memset({oname}, 0, sizeof *{oname} * {outN});")
    else:
        blk.setup.append(f"for (long long q = 0; q < {outN}; q++) {oname}[q] = ({ctype})(q + 1);")
    ext = "".join(f" + {e}" for e in extra)
    if otype == "struct":
        body.append(f"{oname}[k].a = (int)({val()}{ext}); {oname}[k].c = (double)(k % 100) * 0.25;")
    elif otype == "double":
        body.append(f"{oname}[k] = (double)(({val()}{ext}) % 4096u) * 0.5;")
    else:
        body.append(f"{oname}[k] = ({ctype})({val()}{ext});")
    blk.check_array("out_" + oname, oname, outN, elem="struct" if otype == "struct" else otype)
    S.out = (oname, ctype, outN)
    # pointer loops write through the pointer too (distinct elements)
    for L in levels:
        if L.pointer and collapse == 1:
            body.append(f"*{L.var} = ({L.itype[4:]})({L.var}[0] + (k & 7));")
            blk.check_array("pb_" + L.base, L.base, L.base_size,
                            elem="double" if L.itype == "ptr:double" else "int")

    # --- reductions on the loop ---
    if r.random() < 0.55:
        nred = r.randint(1, 4)
        byop = {}
        for _ in range(nred):
            op = r.choice(["+", "-", "*", "&", "|", "^", "&&", "||", "max", "min"])
            T = r.choice(red_types(op))
            x = blk.declare(T, "r", where=r.choice(storage))
            init, st = red_stmt(p, op, T, x, N)
            blk.setup.append(f"{x} = {init};")
            body.append(st)
            byop.setdefault(op, []).append(x)
            S.results.append((x, T))
            blk.check("red_" + x, x, kind_of(T))
            p.feat(f"reduction:{op}:{T}")
        for op, xs in byop.items():
            S.clauses.append(f"reduction({op}:{', '.join(xs)})")
    # region-level reduction updated in the loop body (the variable is private in the region)
    for stmt in ctx.get("region_red", []):
        body.append(stmt)

    # --- critical ---
    if r.random() < 0.2:
        cs = blk.declare("long", "cs", where=r.choice(storage))
        cm = blk.declare("unsigned", "cm", where=r.choice(storage))
        blk.setup.append(f"{cs} = 0; {cm} = 0;")
        nm = r.choice(["", "", "(dtlock)", f"(lk{blk.id})"])
        body.append(f"#pragma omp critical{nm}")
        body.append(f"{{ {cs} += (long)(k % 1000); if ((unsigned)(f1((u64)k, 5) & 0xffff) > {cm}) {cm} = (unsigned)(f1((u64)k, 5) & 0xffff); }}")
        blk.check("crit_" + cs, cs)
        blk.check("crit_" + cm, cm)
        p.feat("critical")

    # --- atomic updates ---
    if r.random() < 0.3:
        for _ in range(r.randint(1, 3)):
            fam = r.choice(["add", "add", "mul", "bit", "shift", "div", "hist", "dadd", "write"])
            a = None
            kw = r.choice(["", "", " update", " seq_cst", " update seq_cst", " relaxed"])
            if fam == "add":
                T = r.choice(["int", "long", "unsigned", "u64", "short", "unsigned char"])
                a = blk.declare(T, "at", where=r.choice(storage))
                blk.setup.append(f"{a} = {r.randint(0, 9)};")
                e = "(int)(k % 5)"
                st = r.choice([f"{a} += {e};", f"{a}++;", f"++{a};", f"{a}--;", f"--{a};", f"{a} -= {e};",
                               f"{a} = {a} + {e};", f"{a} = {e} + {a};", f"{a} = {a} - {e};"])
            elif fam == "mul":
                T = r.choice(["unsigned", "u64"])
                a = blk.declare(T, "at", where=r.choice(storage))
                blk.setup.append(f"{a} = {r.randint(1, 9)};")
                e = f"({T})(2 * k + 1)"
                st = r.choice([f"{a} *= {e};", f"{a} = {a} * {e};", f"{a} = {e} * {a};"])
            elif fam == "bit":
                T = r.choice(["unsigned", "u64", "int", "long"])
                a = blk.declare(T, "at", where=r.choice(storage))
                bop = r.choice(["&", "|", "^"])
                blk.setup.append(f"{a} = ({T}){'~0ULL' if bop == '&' else r.randint(0, 9)};")
                e = f"({T})((u64)(k % 7 == 1) << (k % 30))" if bop != "&" else \
                    f"({T})~((u64)(k % 7 == 1) << (k % 30))"
                if bop == "^":
                    e = f"({T})((u64)k * 0x9E3779B97F4A7C15ULL >> 40)"
                st = r.choice([f"{a} {bop}= {e};", f"{a} = {a} {bop} {e};", f"{a} = {e} {bop} {a};"])
            elif fam == "shift":
                T = "u64"
                a = blk.declare(T, "at", where=r.choice(storage))
                blk.setup.append(f"{a} = 0x8000000000000000ULL | {r.randint(1, 10**6)};")
                sop = r.choice(["<<", ">>"])
                st = r.choice([f"{a} {sop}= (k % 9 == 4);", f"{a} = {a} {sop} (k % 9 == 4);"])
            elif fam == "div":
                T = r.choice(["u64", "long"])
                a = blk.declare(T, "at", where=r.choice(storage))
                blk.setup.append(f"{a} = ({T})0x7fffffffffffffffULL;")
                st = r.choice([f"{a} /= (k % 4 == 0 ? 3 : 1);", f"{a} = {a} / (k % 4 == 0 ? 3 : 1);"])
            elif fam == "hist":
                h = blk.declare("long", "hist", where=r.choice(storage), dims="[7]")
                blk.setup.append(f"for (int q = 0; q < 7; q++) {h}[q] = q;")
                st = r.choice([f"{h}[k % 7] += 1;", f"{h}[(k * 3) % 7]++;", f"{h}[k % 7] += (long)(k & 3);"])
                body.append(f"#pragma omp atomic{kw}")
                body.append(st)
                blk.check_array("hist_" + h, h, 7, elem="long")
                p.feat("atomic:hist")
                continue
            elif fam == "dadd":
                T = "double"
                a = blk.declare(T, "at", where=r.choice(storage))
                blk.setup.append(f"{a} = 0.75;")
                st = r.choice([f"{a} += (double)(k % 5) * 0.25;", f"{a} = {a} - 0.5;",
                               f"{a} -= (double)(k % 3);"])
            else:  # write of one constant from every iteration
                T = "int"
                a = blk.declare(T, "aw", where=r.choice(storage))
                blk.setup.append(f"{a} = -1;")
                body.append("#pragma omp atomic write")
                body.append(f"{a} = {r.randint(0, 99)};")
                blk.check("aw_" + a, a)
                p.feat("atomic:write")
                continue
            body.append(f"#pragma omp atomic{kw}")
            body.append(st)
            blk.check("at_" + a, a, "double" if T == "double" else "int")
            p.feat("atomic:" + fam)
    # atomic read of a value nobody writes during the loop
    if r.random() < 0.1:
        src = blk.declare("long", "src", where=r.choice(storage))
        blk.setup.append(f"{src} = {r.randint(1, 10**6)};")
        dst = blk.name("ar")
        body.append(f"{{ long {dst};")
        body.append("#pragma omp atomic read")
        body.append(f"{dst} = {src};")
        if otype == "struct":
            body.append(f"{oname}[k].b = {dst}; }}")
        else:
            body.append(f"{oname}[k] = ({ctype})({oname}[k] + ({dst} & 15)); }}")
        p.feat("atomic:read")

    # --- ordered ---
    if ctx.get("allow_ordered", True) and r.random() < 0.2:
        orph = r.random() < 0.35
        seq = blk.declare("u64", "seq", where="global" if orph else r.choice(storage))
        blk.setup.append(f"{seq} = {r.randint(1, 1000)};")
        S.clauses.append("ordered")
        ordered_needed = True
        if orph:
            fn = f"{blk.fname}_ord{blk.n}"
            blk.n += 1
            blk.extra_funcs.append(f"static void {fn}(long long k, u64 v)\n{{\n"
                                   f"#pragma omp ordered\n  {seq} = mix({seq}, v + (u64)k);\n}}\n")
            body.append(f"{fn}(k, {val()});")
            p.feat("ordered:orphaned")
        else:
            body.append("#pragma omp ordered")
            body.append(f"{{ {seq} = mix({seq}, {val()}); }}")
            p.feat("ordered")
        blk.check("seq_" + seq, seq)

    # --- schedule ---
    sched = gen_schedule(p, blk, ordered_needed, str(N), ctx.get("team"), where != "combined",
                         S.pre, S.region_pre)
    if sched:
        S.clauses.append(sched)
    # affinity(name): one integer loop variable; the names are shared by the whole program, so
    # loops of other blocks (other bounds, steps, types, team sizes) reuse the maps
    # (docs/language.md: not with collapse(n>1), ordered, genblock or indirect -- errors; once
    # run-time errors, findings/affinity-ordered.c and findings/affinity-genblock.c)
    if collapse == 1 and not levels[0].pointer and r.random() < 0.15 and not ordered_needed \
            and "genblock" not in sched and "indirect" not in sched:
        S.clauses.append(f"affinity(dtaff{r.randint(0, 3)})")
        p.feat("affinity")
    r.shuffle(S.clauses)

    # --- assemble the nest ---
    lines = []
    for L in levels:
        if L.decl:
            S.loopvars.append(L.var)
    S.loopdecls = []
    for L in levels:
        if L.decl:
            p.vars[L.var] = Var(L.var, L.itype, "global" if where == "orphan" else "local")
            if where == "orphan" or r.random() < 0.15:
                p.vars[L.var].where = "global"
                p.globals.append("static " + L.decl)
                p.feat("loop variable at file scope")
            else:
                S.loopdecls.append(L.decl)
    for i, L in enumerate(levels):
        lines.append("  " * i + L.header + (" {" if i == collapse - 1 else ""))
    pad = "  " * collapse
    for b in body:
        for x in b.split("\n"):
            lines.append(pad + x if not x.startswith("#pragma") else x)
    lines.append("  " * (collapse - 1) + "}")
    S.code = lines
    S.levels = levels
    S.desc = "; ".join(L.desc for L in levels)
    return S


# ---------------------------------------------------------------------------------------------
# default(none): the variables a region references
# ---------------------------------------------------------------------------------------------

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def referenced(p, text, exclude):
    names = []
    for m in IDENT.finditer(text):
        nm = m.group(0)
        if nm in p.vars and nm not in exclude and not p.vars[nm].tp and nm not in names:
            names.append(nm)
    return names


def clause_vars(clauses):
    out = set()
    for c in clauses:
        m = re.match(r"\s*(private|firstprivate|lastprivate|shared|copyin|reduction)\((.*)\)\s*$", c)
        if not m:
            continue
        lst = m.group(2)
        if m.group(1) == "reduction":
            lst = lst.split(":", 1)[1]
        out.update(x.strip() for x in lst.split(","))
    return out


def split_clauses(cl):
    """'firstprivate(x) lastprivate(x)' style compound entries -> separate clauses."""
    out = []
    for c in cl:
        out.extend(re.findall(r"\w+\([^()]*(?:\([^()]*\)[^()]*)*\)|\w+", c))
    return out


# ---------------------------------------------------------------------------------------------
# Parallel clauses
# ---------------------------------------------------------------------------------------------

def par_clauses(p, blk):
    """num_threads / if / proc_bind, and the team size (C expr) they give."""
    r = p.r
    cl = []
    team = "omp_get_max_threads()"
    nt = None
    if r.random() < 0.3:
        nt = r.randint(1, 4)
        x = r.random()
        if x < 0.3:
            v = blk.declare("int", "nt")
            blk.setup.append(f"{v} = {nt};")
            cl.append(f"num_threads({v})")
        elif x < 0.45:
            mn = f"B{blk.id}_NT{blk.n}"
            blk.n += 1
            p.globals.append(f"#define {mn} {nt}")
            cl.append(f"num_threads({mn})")
        else:
            cl.append(f"num_threads({nt})")
        team = str(nt)
        p.feat("num_threads")
    if r.random() < 0.2:
        on = r.random() < 0.5
        form = r.choice(["lit", "var", "mod"])
        if form == "lit":
            cl.append(f"if({1 if on else 0})")
        elif form == "var":
            v = blk.declare("int", "on")
            val = r.randint(0, 20)
            blk.setup.append(f"{v} = {val};")
            thr = r.randint(0, 20)
            on = val > thr
            cl.append(f"if({v} > {thr})")
        else:
            cl.append(f"if(parallel: {1 if on else 0})")
        if not on:
            team = "1"
        p.feat("if")
    if r.random() < 0.1:
        cl.append(f"proc_bind({r.choice(['close', 'spread', 'master', 'primary'])})")
        p.feat("proc_bind")
    return cl, team


def add_default_none(p, clauses, text, exclude):
    """default(none) with every referenced variable listed (shared unless already listed)."""
    listed = clause_vars(split_clauses(clauses)) | set(exclude)
    sh = referenced(p, text, listed)
    out = list(clauses) + ["default(none)"]
    if sh:
        out.append("shared(" + ", ".join(sh) + ")")
    p.feat("default(none)")
    return out


# ---------------------------------------------------------------------------------------------
# Block kinds
# ---------------------------------------------------------------------------------------------

def wrap_region(p, blk, lines):
    """Place the region statement (lines, a pragma and its statement) in a context: as is, in a
    loop that runs it twice, as the unbraced branch of an if/else, or in an inner block."""
    r = p.r
    x = r.random()
    if x < 0.1 and not p.no_repeat:
        p.feat("region repeated")
        return [f"for (int rep{blk.id} = 0; rep{blk.id} < 2; rep{blk.id}++) {{"] + indent(lines) + ["}"]
    if x < 0.2:
        p.feat("region as unbraced if branch")
        c = blk.declare("int", "c")
        blk.setup.append(f"{c} = 1;")
        out = [f"if ({c})"] + indent(lines)
        if r.random() < 0.5:
            out += ["else", f"  {c} = 2;"]
        return out
    if x < 0.25:
        p.feat("region in inner block")
        return ["{", f"  int b{blk.id}_inner = 3; (void)b{blk.id}_inner;"] + indent(lines) + ["}"]
    return lines


def block_parallel_for(p):
    blk = Block(p)
    r = p.r
    p.no_repeat = False
    pcl, team = par_clauses(p, blk)
    S = gen_loop(p, blk, "combined", {"team": team})
    blk.decls.extend(S.loopdecls)
    blk.setup.extend(S.pre)
    clauses = pcl + S.clauses
    if r.random() < 0.25:
        clauses = add_default_none(p, clauses, "\n".join(S.code + clauses), S.loopvars)
    elif r.random() < 0.15:
        sh = [S.out[0]]
        clauses.append(f"shared({', '.join(sh)})")
    blk.setup.extend(wrap_region(p, blk, ["#pragma omp parallel for " + " ".join(clauses)] + S.code))
    p.feat("parallel for")
    return blk


def region_extras(p, blk, nested_private_ok=True):
    """Region-level constructs placed before the worksharing loop.  Returns (region clauses,
    statements at the start of the region, u64 expressions the loop body may read, region
    reduction statements for the loop body, names declared inside the region)."""
    r = p.r
    cl = []
    pre = []
    reads = []
    red = []
    inner = set()
    bad = None
    def need_bad():
        nonlocal bad
        if bad is None:
            bad = blk.declare("int", "bad")
            blk.setup.append(f"{bad} = 0;")
            cl.append(f"reduction(|:{bad})")
            blk.check("bad_" + bad, bad)
        return bad
    # region-private and firstprivate values, set identically by every thread
    if r.random() < 0.3:
        x = blk.declare("long", "rp", where=r.choice(["local", "global", "static"]))
        blk.setup.append(f"{x} = -5;")
        cl.append(f"private({x})")
        pre.append(f"{x} = {r.randint(1, 999)};")
        reads.append(f"(u64){x}")
        p.feat("parallel:private")
    if r.random() < 0.3:
        x = blk.declare(r.choice(["int", "double", "struct dts"]), "rf", where=r.choice(["local", "static"]))
        if p.vars[x].ctype == "struct dts":
            blk.setup.append(f"memset(&{x}, 0, sizeof {x}); {x}.a = {r.randint(1, 99)};")
            pre.append(f"{x}.a += 3;")
            reads.append(f"(u64){x}.a")
        else:
            blk.setup.append(f"{x} = {r.randint(1, 99)};")
            pre.append(f"{x} += 3;")
            reads.append(f"(u64){x}")
        cl.append(f"firstprivate({x})")
        p.no_repeat = True   # the serial program adds 3 to the original at every execution
        p.feat("parallel:firstprivate")
    # single copyprivate
    if r.random() < 0.3:
        T = r.choice(["int", "long", "double", "struct dts"])
        nm = blk.name("cp")
        c1 = r.randint(1, 10**5)
        how = r.choice(["inner", "private"])
        if how == "inner":
            pre.append(f"{T} {nm};")
            inner.add(nm)
        else:
            blk.decls.append(f"{T} {nm};")
            p.vars[nm] = Var(nm, T, "local")
            cl.append(f"private({nm})")
        other = []
        sp = ""
        if r.random() < 0.3:
            q = blk.declare("int", "sq")
            blk.setup.append(f"{q} = 4;")
            other.append(f"firstprivate({q})")
            sp = f" + {q}"
        if T == "struct dts":
            asg = f"memset(&{nm}, 0, sizeof {nm}); {nm}.a = {c1}{sp};"
            chk = f"{nm}.a != {c1}{sp}"
            reads.append(f"(u64){nm}.a")
        else:
            asg = f"{nm} = {c1}{sp};"
            chk = f"{nm} != {c1}{sp}"
            reads.append(f"(u64){nm}")
        b = need_bad()
        pre.append(f"#pragma omp single copyprivate({nm}) " + " ".join(other))
        pre.append(f"{{ {asg} }}")
        pre.append(f"{b} |= ({chk});")
        p.feat("single:copyprivate")
    # master / masked + barrier
    if r.random() < 0.3:
        x = blk.declare("long", "mv", where=r.choice(["local", "global", "static"]))
        blk.setup.append(f"{x} = 0;")
        c = r.randint(1, 10**5)
        d = r.choice(["master", "masked", "masked filter(0)", "masked filter(omp_get_num_threads() - 1)",
                      "tid0"])
        if d == "tid0":
            pre.append(f"if (omp_get_thread_num() == 0) {x} = {c};")
        else:
            pre.append(f"#pragma omp {d}")
            pre.append(f"{x} = {c};")
        pre.append("#pragma omp barrier")
        reads.append(f"(u64){x}")
        blk.check("mv_" + x, x)
        p.feat("master/masked:" + d.split("(")[0])
    # atomic write, barrier, atomic read
    if r.random() < 0.2:
        x = blk.declare("int", "aw", where=r.choice(["local", "global"]))
        blk.setup.append(f"{x} = 0;")
        c = r.randint(1, 999)
        b = need_bad()
        lv = blk.name("lv")
        inner.add(lv)
        pre.append("#pragma omp atomic write")
        pre.append(f"{x} = {c};")
        pre.append("#pragma omp barrier")
        pre.append(f"{{ int {lv};")
        pre.append("#pragma omp atomic read")
        pre.append(f"{lv} = {x};")
        pre.append(f"{b} |= ({lv} != {c}); }}")
        p.feat("atomic:write/read+barrier")
    # idempotent critical at region level
    if r.random() < 0.15:
        x = blk.declare("unsigned", "cr", where=r.choice(["local", "global"]))
        blk.setup.append(f"{x} = 1;")
        pre.append(f"#pragma omp critical{r.choice(['', '(dtlock)'])}")
        pre.append(f"{{ if ({x} < 100u) {x} = ({x} | 6u) + 100u; }}")
        blk.check("cr_" + x, x)
        p.feat("critical:region")
    # region-level reduction updated in the loop body
    if r.random() < 0.3:
        op = r.choice(["+", "^", "|", "max", "*"])
        T = r.choice(["long", "unsigned", "u64"]) if op != "*" else "u64"
        x = blk.declare(T, "rr", where=r.choice(["local", "global", "static"]))
        init, st = red_stmt(p, op, T, x, 0 if op != "*" else 100000)
        blk.setup.append(f"{x} = {init};")
        cl.append(f"reduction({op}:{x})")
        red.append(st)
        blk.check("rr_" + x, x)
        # a single also contributes, once
        if op == "+" and r.random() < 0.5:
            pre.append("#pragma omp single nowait")
            pre.append(f"{x} += 1000;")
        p.feat("parallel:reduction")
    return cl, pre, reads, red, inner


def block_region(p):
    """parallel { region-level constructs; for; [second loop after nowait + barrier]; }"""
    blk = Block(p)
    r = p.r
    p.no_repeat = False
    pcl, team = par_clauses(p, blk)
    rcl, rpre, reads, red, inner = region_extras(p, blk)
    S = gen_loop(p, blk, "region", {"team": None, "region_priv_reads": reads, "region_red": red})
    blk.decls.extend(S.loopdecls)
    blk.setup.extend(S.pre)
    body = list(rpre) + list(S.region_pre)
    nowait = r.random() < 0.4
    body.append("#pragma omp for " + " ".join(S.clauses + (["nowait"] if nowait else [])))
    body.extend(S.code)
    p.feat("parallel+for")
    if nowait:
        p.feat("nowait")
    # a second loop reading the first loop's output at mirrored positions
    oname, ctype, outN = S.out
    if r.random() < 0.5 and ctype != "struct dts":
        if nowait:
            body.append("#pragma omp barrier")
        o2 = blk.declare("u64", "o2", where=r.choice(["local", "global"]), dims=f"[{outN}]")
        nw2 = r.random() < 0.4
        sch = r.choice(["", "schedule(dynamic, 3)", "schedule(guided)", "schedule(static, 2)",
                        "schedule(adaptive)", "schedule(tss)", "schedule(rand, 2)"])
        body.append(f"#pragma omp for {sch}{' nowait' if nw2 else ''}")
        # the first loop's reduction and lastprivate results are complete here (its barrier,
        # or the explicit one after nowait): the second loop reads them
        res = "".join(f" + (u64)(long long)creal({x})" if T in COMPLEX_RED else
                      f" + (u64)(long long)({x})" if T in FLOAT_RED else f" + (u64)({x})"
                      for x, T in S.results)
        if res:
            p.feat("results read in the region")
        body.append(f"for (long q = 0; q < {outN}; q++)")
        body.append(f"  {o2}[q] = (u64){oname}[{outN} - 1 - q] * 3u + (u64)q{res};")
        blk.check_array("o2_" + o2, o2, outN, elem="u64")
        p.feat("second loop")
    elif r.random() < 0.3 and S.N > 0 and ctype != "struct dts":
        # sections after the loop, reading the loop's output
        sv = blk.declare("u64", "sv", where="local", dims="[4]")
        blk.setup.append(f"for (int q = 0; q < 4; q++) {sv}[q] = 0;")
        if nowait:
            body.append("#pragma omp barrier")
        body.append("#pragma omp sections")
        body.append("{")
        for q in range(r.randint(1, 4)):
            if q or r.random() < 0.5:
                body.append("#pragma omp section")
            body.append(f"  {sv}[{q}] = (u64){oname}[{r.randint(0, outN - 1)}] + {q};")
        body.append("}")
        blk.check_array("sv_" + sv, sv, 4, elem="u64")
    if r.random() < 0.15:
        ns_ = blk.declare("long", "ns")
        blk.setup.append(f"{ns_} = 0;")
        m = r.randint(0, 50)
        body.append("#pragma omp single")
        body.append("{")
        body.append(f"#pragma omp parallel for reduction(+:{ns_}) {r.choice(['', 'schedule(dynamic)', 'num_threads(2)', 'schedule(adaptive)'])}")
        body.append(f"  for (int q = 0; q < {m}; q++) {ns_} += q * 3 + 1;")
        body.append("}")
        blk.check("ns_" + ns_, ns_)
        p.feat("nested parallel in single")
    text = "\n".join(body)
    clauses = pcl + rcl
    if r.random() < 0.25:
        clauses = add_default_none(p, clauses, text, [])
    blk.setup.extend(wrap_region(p, blk, ["#pragma omp parallel " + " ".join(clauses), "{"]
                                 + indent(body) + ["}"]))
    return blk


def block_orphan(p):
    """An orphaned for in a separate function, called from a parallel region and/or outside."""
    blk = Block(p)
    blk.force_global = True
    r = p.r
    fl = []
    reads = []
    # orphaned constructs before the loop (no data-sharing clauses: the caller's region cannot
    # privatize file-scope variables for the function)
    if r.random() < 0.3:
        mv = blk.declare("long", "mv")
        blk.setup.append(f"{mv} = 0;")
        c = r.randint(1, 10**5)
        d = r.choice(["master", "masked", "single"])
        fl.append(f"#pragma omp {d}")
        fl.append(f"  {mv} = {c};")
        if d != "single":
            fl.append("#pragma omp barrier")
        reads.append(f"(u64){mv}")
        blk.check("mv_" + mv, mv)
        p.feat("orphaned " + d)
    if r.random() < 0.25:
        cp = blk.name("cp")
        c = r.randint(1, 10**5)
        fl.append(f"  long {cp};")
        fl.append(f"#pragma omp single copyprivate({cp})")
        fl.append(f"  {cp} = {c};")
        reads.append(f"(u64){cp}")
        p.feat("orphaned single copyprivate")
    if r.random() < 0.2:
        cr = blk.declare("unsigned", "cr")
        blk.setup.append(f"{cr} = 1;")
        fl.append("#pragma omp critical(dtlock)")
        fl.append(f"  {{ if ({cr} < 100u) {cr} = ({cr} | 6u) + 100u; }}")
        blk.check("cr_" + cr, cr)
        p.feat("orphaned critical")
    S = gen_loop(p, blk, "orphan", {"team": None, "region_priv_reads": reads})
    fn = f"{blk.fname}_work"
    fl = [d for d in fl if d.startswith("  long ")] + [d for d in fl if not d.startswith("  long ")]
    for d in S.loopdecls:
        fl.insert(0, "  " + d)
    fl.extend("  " + x for x in S.region_pre)   # map built in a single: fine orphaned too
    nowait = r.random() < 0.3
    fl.append("#pragma omp for " + " ".join(S.clauses + (["nowait"] if nowait else [])))
    fl.extend("  " + x for x in S.code)
    if nowait:
        fl.append("#pragma omp barrier")
        p.feat("orphaned barrier")
    if r.random() < 0.2 and S.out[1] != "struct dts":
        sv = blk.declare("u64", "sv", dims="[3]")
        blk.setup.append(f"for (int q = 0; q < 3; q++) {sv}[q] = 0;")
        fl.append("#pragma omp sections")
        fl.append("{")
        for q in range(3):
            if q:
                fl.append("#pragma omp section")
            fl.append(f"  {sv}[{q}] = (u64){S.out[0]}[{q} % {S.out[2]}] + {q};")
        fl.append("}")
        blk.check_array("sv_" + sv, sv, 3, elem="u64")
        p.feat("orphaned sections")
    blk.extra_funcs.append(f"static void {fn}(void)\n{{\n" + "\n".join(fl) + "\n}\n")
    # the globals are set up, the loop runs, results checked; possibly twice
    setup = list(blk.setup) + S.pre
    checks = list(blk.checks)
    blk.setup = []
    blk.checks = []
    modes = r.choice([["region"], ["region"], ["serial"], ["region", "serial"]])
    for i, m in enumerate(modes):
        blk.setup.extend(setup)
        if m == "region":
            pcl, team = par_clauses(p, blk)
            blk.setup.append("#pragma omp parallel " + " ".join(pcl))
            if r.random() < 0.3:
                blk.setup.append(f"{{ {fn}(); }}")
            else:
                blk.setup.append(f"  {fn}();")
            p.feat("orphaned for in region")
        else:
            blk.setup.append(f"{fn}();")
            p.feat("orphaned for outside region")
        blk.setup.extend(c.replace(f"printf(\"{blk.fname}.", f"printf(\"{blk.fname}.{i}.") for c in checks)
    return blk


def block_sections(p):
    blk = Block(p)
    r = p.r
    ns = r.randint(1, 5)
    so = blk.declare("long", "so", where=r.choice(["local", "global", "static"]), dims=f"[{ns}]")
    blk.setup.append(f"for (int q = 0; q < {ns}; q++) {so}[q] = -1;")
    cl = []
    body_extra = [""] * ns
    lp = None
    if r.random() < 0.5:
        lp = blk.declare(r.choice(["int", "long", "double"]), "slp", where=r.choice(["local", "global"]))
        blk.setup.append(f"{lp} = 0;")
        cl.append(f"lastprivate({lp})")
        blk.check("slp_" + lp, lp, "double" if p.vars[lp].ctype == "double" else "int")
        p.feat("sections:lastprivate")
    red = []
    if r.random() < 0.6:
        for _ in range(r.randint(1, 3)):
            op = r.choice(["+", "-", "*", "&", "|", "^", "&&", "||", "max", "min"])
            T = r.choice(red_types(op))
            x = blk.declare(T, "sr", where=r.choice(["local", "global", "static"]))
            init, st = red_stmt(p, op, T, x, ns)
            blk.setup.append(f"{x} = {init};")
            cl.append(f"reduction({op}:{x})")
            red.append(st)
            blk.check("sr_" + x, x, kind_of(T))
            p.feat(f"sections:reduction:{op}")
    fpv = None
    if r.random() < 0.4:
        fpv = blk.declare("int", "sf", where=r.choice(["local", "global"]))
        blk.setup.append(f"{fpv} = {r.randint(1, 50)};")
        cl.append(f"firstprivate({fpv})")
    pv = None
    if r.random() < 0.4:
        pv = blk.declare("long", "sp", where=r.choice(["local", "global"]))
        cl.append(f"private({pv})")
    secs = []
    for q in range(ns):
        st = []
        st.append(f"long long k = {q};")
        if pv:
            st.append(f"{pv} = k * 11;")
        val = f"(long)(k * 1000 + 7)" + (f" + {fpv}" if fpv else "") + (f" + {pv}" if pv else "")
        st.append(f"{so}[k] = {val};")
        if lp:
            st.append(f"{lp} = k * 3 + 1;")
        st.extend(red)
        secs.append(st)
    combined = r.random() < 0.5
    lines = []
    if combined:
        pcl, team = par_clauses(p, blk)
        allc = pcl + cl
        head = "#pragma omp parallel sections "
        p.feat("parallel sections")
    else:
        allc = cl
        head = "#pragma omp sections "
        p.feat("sections")
    lines.append("{")
    for q, st in enumerate(secs):
        if q or r.random() < 0.6:
            lines.append("#pragma omp section")
        lines.append("  { " + " ".join(st) + " }")
    lines.append("}")
    if combined:
        text = "\n".join(lines)
        if r.random() < 0.25:
            allc = add_default_none(p, allc, text, [])
        blk.setup.append(head + " ".join(allc))
        blk.setup.extend(lines)
    else:
        nowait = r.random() < 0.4
        pcl, team = par_clauses(p, blk)
        inner = [head + " ".join(allc + (["nowait"] if nowait else []))] + lines
        if nowait:
            inner.append("#pragma omp barrier")
        blk.setup.append("#pragma omp parallel " + " ".join(pcl))
        blk.setup.append("{")
        blk.setup.extend(indent(inner))
        blk.setup.append("}")
    blk.check_array("so_" + so, so, ns, elem="long")
    return blk


def block_threadprivate(p):
    blk = Block(p)
    r = p.r
    T = r.choice(["int", "long", "double", "u64"])
    static_local = r.random() < 0.3
    tp = blk.name("tp")
    if static_local:
        blk.decls.append(f"static {T} {tp};")
        blk.decls.append(f"#pragma omp threadprivate({tp})")
        p.feat("threadprivate:static local")
    else:
        p.globals.append(f"static {T} {tp};")
        p.globals.append(f"#pragma omp threadprivate({tp})")
        p.feat("threadprivate:file scope")
    p.vars[tp] = Var(tp, T, "global", tp=True)
    tpa = None
    if r.random() < 0.4:
        tpa = blk.name("tpa")
        p.globals.append(f"static int {tpa}[4];")
        p.globals.append(f"#pragma omp threadprivate({tpa})")
        p.vars[tpa] = Var(tpa, "int", "global", tp=True)
    c = r.randint(1, 1000)
    blk.setup.append(f"{tp} = ({T}){c};")
    if tpa:
        blk.setup.append(f"for (int q = 0; q < 4; q++) {tpa}[q] = q * {c};")
    n = r.randint(0, 200)
    out = blk.declare("u64", "tout", where=r.choice(["local", "global"]), dims=f"[{max(n, 1)}]")
    blk.setup.append(f"for (int q = 0; q < {max(n, 1)}; q++) {out}[q] = 0;")
    how = r.choice(["copyin", "copyprivate", "persist"])
    read = f"(u64){tp}" + (f" + (u64){tpa}[i % 4]" if tpa else "")
    sch = r.choice(["", "schedule(dynamic)", "schedule(adaptive, 2)", "schedule(static, 3)", "schedule(fac2)"])
    region = []
    pcl = []
    if how == "copyin":
        pcl.append(f"copyin({tp}{', ' + tpa if tpa else ''})")
        p.feat("copyin")
    elif how == "copyprivate":
        region.append("#pragma omp single copyprivate(" + tp + ")")
        region.append(f"{tp} = ({T})({c} + 1);")
        p.feat("copyprivate:threadprivate")
        if tpa:
            pcl.append(f"copyin({tpa})")
    else:
        # every thread sets its copy in a first region; a second region (same team size) reads
        blk.setup.append("#pragma omp parallel")
        blk.setup.append(f"{{ {tp} = ({T}){c + 5};" + (f" for (int q = 0; q < 4; q++) {tpa}[q] = q;" if tpa else "") + " }")
        p.feat("threadprivate:persist")
    region.append(f"#pragma omp for {sch}")
    region.append(f"for (int i = 0; i < {n}; i++)")
    region.append(f"  {out}[i] = (u64)i * 7u + {read};")
    blk.setup.append("#pragma omp parallel " + " ".join(pcl))
    blk.setup.append("{")
    blk.setup.extend(indent(region))
    blk.setup.append("}")
    blk.check_array("tout_" + out, out, max(n, 1), elem="u64")
    blk.check("tp_" + tp, tp, "double" if T == "double" else "int")
    return blk


def block_vla_param(p):
    """A region in a function with variably modified parameters (T a[n][m], T a[][m],
    T (*a)[m]), called with a local 2-D VLA; then the VLA firstprivate and a private 2-D VLA."""
    blk = Block(p)
    r = p.r
    p.no_repeat = False
    n, m = r.randint(0, 9), r.randint(1, 9)
    T = r.choice(["double", "long", "int", "unsigned char", "short"])
    form = r.choice(["a[n][m]", "a[][m]", "(*a)[m]"])
    fn = f"{blk.fname}_k"
    sched = p.pick(["", "schedule(dynamic, 2)", "schedule(adaptive)", "schedule(guided)",
                    "schedule(fac2)", "schedule(static, 3)", "schedule(tss)", "schedule(rand)"])
    collapse = r.random() < 0.6
    dn = r.random() < 0.3
    cl = ["reduction(+:s)"] + ([sched] if sched else []) + (["collapse(2)"] if collapse else [])
    if dn:
        cl += ["default(none)", "shared(a, n, m)"]
        p.feat("default(none)")
    par = form.replace("a", "a", 1)
    f = [f"static void {fn}(int n, int m, {T} {form}, long *res)", "{", "  long s = 0;"]
    f.append("#pragma omp parallel for " + " ".join(cl))
    f.append("  for (int i = 0; i < n; i++)")
    f.append("    for (int j = 0; j < m; j++) {")
    f.append(f"      a[i][j] = ({T})(i * 7 + j * 3 + 1);")
    f.append("      s += (long)a[i][j] * (i + 1);")
    f.append("    }")
    f.append("  *res = s;")
    f.append("}")
    blk.extra_funcs.append("\n".join(f) + "\n")
    nn, mm = blk.name("n"), blk.name("m")
    a = blk.name("a")
    res = blk.declare("long", "res")
    blk.decls.append(f"int {nn} = {n}, {mm} = {m};")
    blk.decls.append(f"{T} {a}[{nn} + 1][{mm}];")
    for v in (nn, mm, a):
        p.vars[v] = Var(v, "int", "local")
    blk.setup.append(f"memset({a}, 0, sizeof {a});")
    blk.setup.append(f"{res} = -1;")
    blk.setup.append(f"{fn}({nn}, {mm}, {a}, &{res});")
    blk.setup.append(f"printf(\"{blk.fname}.res %ld\\n\", {res});")
    blk.setup.append(f"{{ u64 h_ = 0; for (int q = 0; q < {nn} + 1; q++) for (int w = 0; w < {mm}; w++) h_ = mix(h_, (u64){a}[q][w]);")
    blk.setup.append(f'  printf("{blk.fname}.a %016llx\\n", h_); }}')
    p.feat("vla parameter " + form)
    # the 2-D VLA as firstprivate, and a private 2-D VLA
    s2 = blk.declare("long", "s")
    blk.setup.append(f"{s2} = 0;")
    pv = blk.name("pv")
    blk.decls.append(f"long {pv}[{mm}][2];")
    p.vars[pv] = Var(pv, "long", "local")
    cl2 = [f"firstprivate({a})", f"private({pv})", f"reduction(+:{s2})"]
    if r.random() < 0.3:
        cl2 += ["default(none)", f"shared({nn}, {mm})"]
    blk.setup.append(f"#pragma omp parallel for " + " ".join(cl2) + " " + p.pick(["", "schedule(dynamic)", "schedule(adaptive, 3)"]))
    blk.setup.append(f"for (int q = 0; q < ({nn} + 1) * {mm}; q++) {{")
    blk.setup.append(f"  for (int w = 0; w < {mm}; w++) {{ {pv}[w][0] = q; {pv}[w][1] = w; }}")
    blk.setup.append(f"  {a}[q / {mm}][q % {mm}] += 1;  /* the private copy */")
    blk.setup.append(f"  {s2} += (long){a}[q / {mm}][q % {mm}] * (q + 1) + {pv}[{mm} - 1][0] + {pv}[0][1];")
    blk.setup.append("}")
    blk.check("s_" + s2, s2)   # (the original array: changed by the serial build only)
    p.feat("vla 2-D firstprivate/private")
    return blk


def block_chain(p):
    """One region, many worksharing constructs with nowait (more than the runtime's ring of
    work-share slots), uneven work so that threads drift apart, affinity maps recorded and
    reused, a barrier in the middle, sections/single nowait in between."""
    blk = Block(p)
    r = p.r
    p.no_repeat = False
    L = r.randint(3, 40)
    nmax = r.randint(1, 120)
    out = blk.declare("u64", "ch", where=r.choice(["local", "global"]), dims=f"[{L}][{nmax}]")
    blk.setup.append(f"memset({out}, 0, sizeof {out});")
    red = blk.declare("long", "cr")
    blk.setup.append(f"{red} = 0;")
    sx = blk.declare("long", "sx", dims=f"[{L}]")
    blk.setup.append(f"memset({sx}, 0, sizeof {sx});")
    pcl, team = par_clauses(p, blk)
    body = []
    maps = {}
    mid = r.randint(1, L) if r.random() < 0.5 else None
    used_red = False
    for c in range(L):
        n = r.randint(0, nmax)
        s = r.choice([1, 1, 2, 3])
        up = r.random() < 0.7
        lo = r.randint(-20, 20)
        if up:
            hdr = f"for (int i = {lo}; i < {lo + n * s}; i += {s})"
            kx = f"(i - {lo}) / {s}"
        else:
            hdr = f"for (long i = {lo + n * s}; i > {lo}; i -= {s})"
            kx = f"({lo + n * s} - i) / {s}"
        kind = p.pick(["static", "static, 1", "static, 4", "dynamic", "dynamic, 3", "guided",
                       "adaptive", "adaptive, 2", "fac2", "tss", "rand", "auto", "runtime",
                       "genblock", "indirect", "wf2"])
        if kind in ("genblock", "indirect", "wf2"):
            if kind not in maps:
                m = blk.declare("int" if kind != "wf2" else "double", "map", where="global",
                                dims=f"[{max(64, nmax + 1)}]")
                maps[kind] = m
            m = maps[kind]
            # the map must be ready before the loop starts on any thread: a single (barrier)
            fill = {"genblock": f"gb_fill({m}, omp_get_num_threads(), {n}, {c + 1}u);",
                    "indirect": f"ind_fill({m}, omp_get_num_threads(), {n}, {c + 1}u);",
                    "wf2": f"wf_fill({m}, omp_get_num_threads(), {c + 1}u);"}[kind]
            body.append("#pragma omp single")
            body.append(f"{fill}")
            sched = f"schedule({kind}({m}))" if kind != "wf2" else f"schedule(wf2({m}), 2)"
        else:
            sched = f"schedule({kind})"
        cl = [sched, "nowait"]
        if r.random() < 0.3 and kind not in ("genblock", "indirect"):
            cl.append(f"affinity(dtaff{r.randint(0, 3)})")
            p.feat("affinity")
        work = ""
        if r.random() < 0.3:
            work = f" for (volatile int w = 0; w < (int)(k % 7) * 300; w++) ;"
        rd = ""
        if r.random() < 0.2:
            cl.append(f"reduction(+:{red})")
            rd = f" {red} += (long)k;"
        body.append("#pragma omp for " + " ".join(cl))
        body.append(f"{hdr} {{ long k = {kx};{work} {out}[{c}][k] = (u64)k * {c + 3}u + (u64)(i & 0xff);{rd} }}")
        p.feat("schedule:" + kind.split(",")[0])
        if mid == c:
            body.append("#pragma omp barrier")
        elif r.random() < 0.08:
            body.append("#pragma omp single nowait")
            body.append(f"{sx}[{c}] = {c} + 1000;")
    blk.setup.append("#pragma omp parallel " + " ".join(pcl))
    blk.setup.append("{")
    blk.setup.extend(indent(body))
    blk.setup.append("}")
    blk.checks.append(f"{{ u64 h_ = 0; for (int q = 0; q < {L}; q++) for (int w = 0; w < {nmax}; w++) h_ = mix(h_, {out}[q][w]);")
    blk.checks.append(f'  printf("{blk.fname}.chain %016llx\\n", h_); }}')
    blk.check("red_" + red, red)
    blk.check_array("sx_" + sx, sx, L, elem="long")
    p.feat(f"nowait chain")
    return blk


BLOCKS = [(block_parallel_for, 30), (block_region, 30), (block_orphan, 14), (block_sections, 12),
          (block_threadprivate, 8), (block_vla_param, 5), (block_chain, 8)]


def respell(p, text):
    """Spell some directives differently: extra blanks, a line continuation, a comment, or the
    _Pragma operator."""
    r = p.r
    out = []
    for line in text.split("\n"):
        st = line.lstrip()
        if st.startswith("#pragma omp ") and r.random() < 0.12:
            ind = line[:len(line) - len(st)]
            rest = st[len("#pragma omp "):]
            form = r.choice(["spaces", "cont", "comment", "_Pragma", "digraph"])
            if form == "digraph" and not known_ok("digraph-pragma"):
                form = "spaces"
            # words: split at blanks outside parentheses (clauses stay whole)
            words, depth, cur = [], 0, ""
            for ch in rest:
                depth += (ch == "(") - (ch == ")")
                if ch == " " and depth == 0:
                    words.append(cur)
                    cur = ""
                else:
                    cur += ch
            words.append(cur)
            if form == "spaces":
                line = ind + "#  pragma   omp  " + "   ".join(words)
            elif form == "cont" and len(words) > 1:
                cut = r.randint(1, len(words) - 1)
                line = ind + "#pragma omp " + " ".join(words[:cut]) + " \\\n" + ind + "    " + " ".join(words[cut:])
            elif form == "comment":
                cut = r.randint(1, len(words))
                line = ind + "#pragma omp " + " ".join(words[:cut] + ["/* dt */"] + words[cut:])
            elif form == "digraph":
                line = ind + "%:pragma omp " + rest
            else:
                line = ind + f'_Pragma("omp {rest}")'
            p.feat("pragma spelling:" + form)
        out.append(line)
    return "\n".join(out)


def generate(seed, nblocks=None):
    p = Prog(seed)
    if nblocks is None:
        nblocks = p.r.randint(2, 6)
    for _ in range(nblocks):
        f = p.pick([b[0] for b in BLOCKS], [b[1] for b in BLOCKS])
        blk = f(p)
        if p.r.random() < 0.06:
            k = p.r.randint(1, 5)
            blk.decls.insert(0, "int saved_nt = omp_get_max_threads();")
            blk.setup.insert(0, f"omp_set_num_threads({k});")
            blk.checks.append("omp_set_num_threads(saved_nt);")
            p.feat("omp_set_num_threads")
        blk.emit()
    out = [f"/* omp2numa difftest program, seed {seed} */"]
    if p.gcc_unspecified:
        out.append("/* difftest: gcc-unspecified " + " ".join(p.gcc_unspecified) + " */")
    out.append(PRELUDE)
    out.extend(p.globals)
    out.append("")
    out.extend(p.funcs)
    out.append("int main(void)\n{")
    out.extend(p.calls)
    out.append("  return 0;\n}")
    return respell(p, "\n".join(out)) + "\n", p


# ---------------------------------------------------------------------------------------------
# gcc version
# ---------------------------------------------------------------------------------------------

def _balanced(s, i):
    """Index just past the parenthesis closing the one at s[i]."""
    depth = 0
    while i < len(s):
        if s[i] == "(":
            depth += 1
        elif s[i] == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return i


def to_gcc(src):
    """Map omp2numa's own schedule kinds to standard ones, so that gcc -fopenmp (and the serial
    build) compile the same program: adaptive, rand, wf2 -> dynamic; fac2, tss -> guided;
    genblock, indirect -> static (their maps are built but unused); affinity(name) clauses are
    dropped."""
    src = re.sub(r" ?\baffinity\(\w+\)", "", src)
    out = []
    pos = 0
    for m in re.finditer(r"schedule\s*\(", src):
        if m.start() < pos:
            continue
        end = _balanced(src, m.end() - 1)
        inner = src[m.end():end - 1]
        mod = ""
        mm = re.match(r"\s*((?:non)?monotonic\s*:\s*)", inner)
        if mm:
            mod = mm.group(1)
            inner = inner[mm.end():]
        km = re.match(r"\s*(\w+)", inner)
        kind = km.group(1)
        rest = inner[km.end():]
        if kind in OMP2NUMA_KINDS:
            std = OMP2NUMA_KINDS[kind]
            if kind in ("wf2", "genblock", "indirect"):
                rest = rest[_balanced(rest, rest.index("(")):]
            if std == "static" and mod.startswith("non"):
                mod = ""
            inner = f"{mod}{std}{rest}"
        else:
            inner = src[m.end():end - 1]
        out.append(src[pos:m.end()])
        out.append(inner + ")")
        pos = end
    out.append(src[pos:])
    s = "".join(out)
    for k, std in OMP2NUMA_KINDS.items():
        s = s.replace(f"omp_sched_{k}", f"omp_sched_{std}")
        s = re.sub(rf"^(#define \w+_KIND\d+ ){k}$", rf"\g<1>{std}", s, flags=re.M)
    return s


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--gcc", action="store_true", help="print the gcc -fopenmp version")
    ap.add_argument("--describe", action="store_true", help="list the features the program uses")
    ap.add_argument("--blocks", type=int, default=None, help="number of blocks (default: 2..6)")
    ap.add_argument("--include-known", action="store_true",
                    help="also generate the combinations of known findings (KNOWN)")
    a = ap.parse_args()
    global INCLUDE_KNOWN
    INCLUDE_KNOWN = a.include_known
    src, p = generate(a.seed, a.blocks)
    if a.describe:
        print("\n".join(sorted(p.features)))
        return
    sys.stdout.write(to_gcc(src) if a.gcc else src)


if __name__ == "__main__":
    main()
