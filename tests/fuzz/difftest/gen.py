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
continue and local control flow.  Task blocks (--kinds tasks): task trees, data sharing,
dependences, taskloop, task reductions.  Device blocks (--kinds device, not in all): target,
target data/update/enter/exit, teams, distribute and their combined forms, as gcc runs them on
the host.  OpenMP 5 blocks (--kinds omp5): simd, the loop
construct, scans, declare reduction, master/masked taskloop; with --kinds all (or omp5) the
loops of the other blocks also get non-rectangular nests, linear, lastprivate(conditional:),
atomic compare and user-defined reductions (Prog.omp5).  docs/testing.md, "Differential
tester", has the full list.
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
    # "nested-in-reduction": "findings/nested-in-reduction.c",   (fixed: the nested task reduces
    #     into the taskgroup's original)
    # "parallel-for-in-task": "findings/parallel-for-in-task.c",   (fixed: a combined parallel
    #     worksharing construct starts its own team)
    # "linear-global": "findings/linear-global.c",   (fixed by commit 629ef85: a file-scope
    #     variable's linear is captured like its lastprivate)
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
typedef uintptr_t omp_event_handle_t;
typedef struct { char d_[2 * sizeof(void *)]; } omp_depend_t;
static void omp_fulfill_event(omp_event_handle_t e) { (void)e; }
#endif
/* omp_in_final() in a task whose final state the generator knows (e): the serial build's tasks
   run where they are created, so it has no final tasks to ask about */
#ifdef _OPENMP
#define DT_IN_FINAL(e) omp_in_final()
#else
#define DT_IN_FINAL(e) (e)
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
        self.omp5 = False           # kinds with the OpenMP 5 blocks (all, omp5): gen_loop and the
                                    # older blocks then also draw the OpenMP 5 features (never
                                    # for classic or tasks, whose programs stay as they were)
        self.once_keys = set()

    # --- helpers -----------------------------------------------------------------------------
    def chance(self, p):
        return self.r.random() < p

    def pick(self, seq, weights=None):
        if weights:
            return self.r.choices(seq, weights=weights)[0]
        return self.r.choice(seq)

    def feat(self, f):
        self.features.add(f)

    def once(self, key, text):
        """File-scope text that several blocks need, emitted before the first one."""
        if key not in self.once_keys:
            self.once_keys.add(key)
            self.globals.append(text)


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
        self.no_register = False    # no register variables (a task cannot share them: omp2numa
                                    # rejects it, "which has no address")

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
    L.first, L.step, L.up, L.type_lo, L.type_hi = a, s, up, lo, hi
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
            if qual == "register " and blk.no_register:
                qual = ""
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


# Non-rectangular nests (OpenMP 5.0): types of both levels (gcc 12 wants one type for both)
NONRECT_TYPES = ["int", "long", "long long", "short", "signed char", "ptrdiff_t", "dt_idx",
                 "unsigned", "unsigned long", "size_t"]


def affine(v, a1, a2, name=None):
    """C text of a1 * v + a2, in one of OpenMP's spellings; name: a variable holding a2."""
    if a1 == 0:
        return name or str(a2)
    if a1 == 1:
        t = v
    elif a1 == -1:
        return f"{name or a2} - {v}"    # (gcc 12 refuses -v, which OpenMP 5.0's forms lack)
    elif a1 < 0:
        return f"{name or a2} - {-a1} * {v}"
    else:
        t = f"{a1} * {v}" if a1 % 2 else f"{v} * {a1}"
    if name:
        return f"{t} + {name}"
    return t if a2 == 0 else f"{t} + {a2}" if a2 > 0 else f"{t} - {-a2}"


def nonrect_var(p, blk, tname, v):
    """Sometimes a variable holding the constant v of a bound (loop-invariant), else None."""
    if p.r.random() > 0.2:
        return None
    nm = blk.declare(tname, "nb")
    blk.setup.append(f"{nm} = {v};")
    p.feat("non-rectangular:variable bound")
    return nm


def nonrect_rows(n0, a0, so, inner):
    """Simulate the nest: (row sizes, the values its variables and bounds take).  inner: (c1,
    c2, d1, d2, si, up, op)."""
    c1, c2, d1, d2, si, up, op = inner
    rows, vals = [], []
    for t in range(n0):
        i = a0 + t * so
        lb, ub = c1 * i + c2, d1 * i + d2
        span = (ub - lb) if up else (lb - ub)
        if op in ("<=", ">="):
            cnt = span // si + 1 if span >= 0 else 0
        else:
            cnt = (span + si - 1) // si if span > 0 else 0
        rows.append(cnt)
        vals += [lb, ub, lb + (si if up else -si) * cnt, i]
    return rows, vals


def gen_nonrect(p, blk, S):
    """Two levels i, j of one integer type, j's bounds a1 * i + a2 (one of them at least using
    i), steps of both signs, (a1 - b1) * (i's step) a multiple of j's step (OpenMP 5.1).
    Returns the two Levels; S gets .nonrect (the table of row starts, for k = start[row] +
    j's slot) and .nr_lastrow (the last row is not empty: lastprivate of the loop variables is
    the same in gcc 12, which otherwise gives the values of the last iteration plus steps)."""
    r = p.r
    tname = p.pick(NONRECT_TYPES, [20, 6, 4, 3, 3, 2, 2, 3, 2, 2])
    T = TYPEDEFS.get(tname, tname)
    lo, hi, bits = ITYPES[T]
    uns = lo == 0
    limit = min(hi, 2000)
    while True:
        n0 = 0 if r.random() < 0.05 else r.randint(1, 14)
        so = r.choice([1, 1, 2, 3])
        up0 = r.random() < 0.6
        a0 = r.randint(0, 10) + (0 if up0 else n0 * so) if uns else r.randint(-10, 10)
        so_signed = so if up0 else -so
        si = r.choice([1, 1, 2, 3])
        up = uns or r.random() < 0.6
        # (gcc 12 folds 2 * i + 2 of a short i to (i + 1) * 2, 0 - i to -i and -1 - i to ~i, and
        # then refuses them: "initializer expression refers to iteration variable"; narrow
        # types get the factors 0 and 1)
        cs = [0, 1, 2] if uns else [-2, -1, 0, 1, 2] if bits >= 32 else [0, 1]
        c1, d1 = r.choice(cs), r.choice(cs)
        c2, d2 = r.randint(0 if uns else -15, 15), r.randint(0 if uns else -15, 15)
        # (gcc 12 checks that multiple in the unsigned type: (0 - 1) * 3 is not a multiple of 3)
        if c1 == d1 == 0 or (c1 - d1) * so % si or (uns and c1 != d1 and si > 1) or \
                (uns and (a0 == 0 or (d1, d2) == (0, 0))):
            continue    # (gcc 12 refuses u < 0, "invalid controlling predicate")
        op = r.choice(["<", "<="] if up else [">", ">="])
        inner = (c1, c2, d1, d2, si, up, op)
        rows, vals = nonrect_rows(n0, a0, so_signed, inner)
        end0 = a0 + n0 * so_signed
        if all(-limit + 4 <= v <= limit - 4 and (v >= 0 or not uns) for v in vals + [end0]) \
                and sum(rows) <= 600:
            break
    S.nr_lastrow = n0 > 0 and rows[-1] > 0
    N = sum(rows)
    starts = [sum(rows[:t]) for t in range(n0 + 1)]
    tab = blk.declare("const long long", "nro", where="global",
                      dims=f"[{n0 + 1}] = {{ {', '.join(map(str, starts))} }}")
    names = []
    for lvl in range(2):
        decl_in = r.random() < 0.75
        names.append((["i", "j"][lvl] + (str(blk.id) if not decl_in or r.random() < 0.3 else ""),
                      decl_in))
    (iv, din0), (jv, din1) = names
    ops0 = ["<", "<="] if up0 else [">", ">="]
    op0 = r.choice(ops0)
    if up0:
        b0 = end0 if op0 == "<" else end0 - 1
    else:
        b0 = end0 if op0 == ">" else end0 + 1
    if n0 == 0:
        op0, b0 = ops0[0], a0
    A0 = nonrect_var(p, blk, tname, a0) or str(a0)
    B0 = nonrect_var(p, blk, tname, b0) or str(b0)
    L0 = nonrect_level(p, tname, iv, din0, A0, op0, B0, so, up0, uns)
    L0.slot = f"(long long)(((long long)({iv}) - ({a0})) / {so_signed})"
    L0.n = n0
    first = affine(iv, c1, c2, nonrect_var(p, blk, tname, c2))
    bound = affine(iv, d1, d2, nonrect_var(p, blk, tname, d2))
    L1 = nonrect_level(p, tname, jv, din1, first, op, bound, si, up, uns)
    fl = f"((long long)({iv}) * {c1} + {c2})"
    L1.slot = (f"(long long)(((long long)({jv}) - {fl}) / {si})" if up else
               f"(long long)(({fl} - (long long)({jv})) / {si})")
    L1.n = N
    S.nonrect = tab
    # GCC 12 gets unsigned nests wrong, nests whose inner bounds have the same factor of i (j
    # from 2 * i + 4 to 2 * i + 5: the right count, but the wrong values of j), and counts the
    # iterations in the index's type (a signed char nest of 325 runs 69)
    for L in (L0, L1):
        L.gcc_unspecified = uns or c1 == d1 or N > hi
    L0.desc = (f"non-rectangular {tname}: i from {a0} step {so_signed} n={n0}; "
               f"j {first} {op} {bound} step {si if up else -si}; N={N}")
    L1.desc = ""
    p.feat("non-rectangular collapse(2)")
    p.feat("non-rectangular:" + tname + ("" if up else ":inner down"))
    return [L0, L1], N


def nonrect_level(p, tname, v, decl_in, first, op, bound, s, up, uns):
    """A Level of a non-rectangular nest: its header and declaration."""
    r = p.r
    L = Level()
    L.var, L.itype, L.pointer, L.mode, L.pre = v, tname, False, "nonrect", []
    if up:
        incr = r.choice([f"{v}++", f"++{v}", f"{v} += {s}", f"{v} = {v} + {s}"] if s == 1 else
                        [f"{v} += {s}", f"{v} = {v} + {s}", f"{v} = {s} + {v}"])
    else:
        forms = [f"{v}--", f"--{v}"] if s == 1 else []
        forms += [f"{v} -= {s}", f"{v} = {v} - {s}"] + ([f"{v} += -{s}"] if not uns else [])
        incr = r.choice(forms)
    init = f"{tname} {v} = {first}" if decl_in else f"{v} = {first}"
    L.header = f"for ({init}; {v} {op} {bound}; {incr})"
    L.decl = None if decl_in else f"{tname} {v};"
    L.ival = L.term = f"(u64)({v})"
    return L


# ---------------------------------------------------------------------------------------------
# Schedules
# ---------------------------------------------------------------------------------------------

def gen_schedule(p, blk, ordered, total, team, in_region, pre, region_pre):
    """A schedule clause (or ''), plus the set-up it needs, and c for schedule(static, c), else 0
    (gen_loop checks gcc's inline code with it).  team: C expression of the team size (for maps
    built before the region) or None when the map must be built inside the region (region_pre
    receives the statements for the start of the region)."""
    r = p.r
    kinds = ["", "static", "dynamic", "guided", "auto", "runtime", "adaptive", "fac2", "tss",
             "rand", "genblock", "indirect", "wf2"]
    weights = [10, 12, 10, 8, 5, 7, 9, 6, 6, 6, 6, 6, 5]
    kind = p.pick(kinds, weights)
    static_chunk = 0
    if not kind:
        return "", 0
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
    if kind == "static" and chunk:
        static_chunk = c
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
        return f"schedule({mod}{kind}{chunk})", static_chunk
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
            return f"schedule({mod}wf2({m}){chunk})", 0
        return f"schedule({mod}{kind}({m}))", 0
    if kind == "runtime" and r.random() < 0.5:
        k2 = r.choice(["static", "dynamic", "guided", "auto", "adaptive", "fac2", "tss", "rand"])
        mono = "omp_sched_monotonic | " if r.random() < 0.2 else ""
        pre.append(f"omp_set_schedule({mono}omp_sched_{k2}, {r.choice([0, 1, 2, 5])});")
        p.feat("omp_set_schedule")
    return f"schedule({mod}{kind}{chunk})", static_chunk


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


# ---------------------------------------------------------------------------------------------
# User-defined reductions (declare reduction).  Each combiner is associative and commutative in
# exact arithmetic, and a variable's update in the body is the combiner applied to one value,
# so that any combination order gives the serial result.  The private copies start from the
# initializer, or as zero without one (then the values keep the identity: the max field of a
# struct sees only values >= 0).
# ---------------------------------------------------------------------------------------------

UDR_PRELUDE = r"""struct dtu { long long s; long long m; unsigned long long x; double d; };
static void dtu_init(struct dtu *p, const struct dtu *o)
{
  p->s = 0; p->m = o->m; p->x = 0; p->d = 0.0;
}
static void dtu_comb(struct dtu *o, const struct dtu *i)
{
  o->s += i->s; if (i->m > o->m) o->m = i->m; o->x ^= i->x; o->d += i->d;
}
static u64 mixu(u64 h, struct dtu v)
{
  h = mix(h, (u64)v.s); h = mix(h, (u64)v.m); h = mix(h, v.x); return mixd(h, v.d);
}
static void dtu_set_i(int *p, int v) { *p = v; }
static void dtu_set_l(long *p, long v) { *p = v; }
static void dtu_set_u(u64 *p, u64 v) { *p = v; }
static void dtu_set_d(double *p, double v) { *p = v; }"""

UDR_OPS = {"int": ["add", "max", "min", "xor"], "long": ["add", "max", "min", "xor"],
           "u64": ["add", "max", "min", "xor", "mul"], "double": ["add", "max", "min"]}
UDR_IDENTITY = {("add", None): "0", ("xor", None): "0", ("mul", None): "1",
                ("max", "int"): "INT_MIN", ("max", "long"): "LONG_MIN", ("max", "u64"): "0",
                ("max", "double"): "-1e300", ("min", "int"): "INT_MAX",
                ("min", "long"): "LONG_MAX", ("min", "u64"): "ULLONG_MAX",
                ("min", "double"): "1e300"}
UDR_COMBINERS = {
    "add": ["omp_out += omp_in", "omp_out = omp_out + omp_in", "omp_out = omp_in + omp_out"],
    "xor": ["omp_out ^= omp_in", "omp_out = omp_in ^ omp_out"],
    "mul": ["omp_out *= omp_in", "omp_out = omp_in * omp_out"],
    "max": ["omp_out = omp_in > omp_out ? omp_in : omp_out",
            "omp_out = omp_out < omp_in ? omp_in : omp_out"],
    "min": ["omp_out = omp_in < omp_out ? omp_in : omp_out",
            "omp_out = omp_out > omp_in ? omp_in : omp_out"],
}
# a combiner that gives another result, for a file-scope declaration that a block-scope one of
# the same identifier and type must hide
UDR_DECOY = {"add": "omp_out = omp_in", "xor": "omp_out += omp_in", "mul": "omp_out += omp_in",
             "max": "omp_out += omp_in", "min": "omp_out += omp_in"}


class Udr:
    """A declare reduction for one variable: .ident, .T (its type), .decl (the directive),
    .init(x) (the original's set-up), .stmt(x) (one iteration's update, of k), .check()."""

    def init(self, x):
        if self.T == "struct dtu":
            return (f"{x}.s = {self.c[0]}; {x}.m = {self.c[1]}; {x}.x = {self.c[2]}u; "
                    f"{x}.d = 0.5;")
        return f"{x} = {self.c[0]};"

    def stmt(self, x):
        c = self.c[3]
        if self.T == "struct dtu":
            off = 0 if self.nonneg else 50000
            return (f"{x}.s += (long long)(k % 13) - 6; "
                    f"{{ long long e_ = (long long)(f1((u64)k, {c}u) % 100000u) - {off}; "
                    f"if (e_ > {x}.m) {x}.m = e_; }} {x}.x ^= f1((u64)k, {c + 1}u); "
                    f"{x}.d += (double)(k % 9) * 0.25;")
        T, op = self.T, self.op
        if op == "add":
            return {"int": f"{x} += (int)(k % 13) - 6;",
                    "long": f"{x} += (long)(k % 101) * 3 - 150;",
                    "u64": f"{x} += f1((u64)k, {c}u);",
                    "double": f"{x} += (double)(k % 9) * 0.25 - 1.0;"}[T]
        if op == "xor":
            return f"{x} ^= ({T})(f1((u64)k, {c}u) & 0x7fffffffu);"
        if op == "mul":
            return f"{x} *= (u64)(2 * k + 1);"
        if T == "double":
            e = f"(double)(f1((u64)k, {c}u) % 1000u) * 0.125 - 50.0"
        elif T == "u64":
            e = f"(u64)(f1((u64)k, {c}u) % 100000u)"
        else:
            e = f"({T})((long long)(f1((u64)k, {c}u) % 100000u) - 50000)"
        cmp = ">" if op == "max" else "<"
        return f"{{ {T} e_ = {e}; if (e_ {cmp} {x}) {x} = e_; }}"

    def check(self, blk, label, x):
        if self.T == "struct dtu":
            blk.check(label, f"mixu(0, {x})")
        else:
            blk.check(label, x, "double" if self.T == "double" else "int")


def udr_new(p, blk, place, T=None, decoy=None):
    """A new declare reduction (its directive appended to place: p.globals, or a block's
    declarations).  decoy: a list at an enclosing scope that gets a declaration of the same
    identifier and type with another combiner, which this one hides."""
    r = p.r
    p.once("udr", UDR_PRELUDE)
    u = Udr()
    u.T = T or p.pick(["struct dtu", "int", "long", "u64", "double"], [4, 2, 2, 2, 2])
    u.ident = f"dtr{blk.id}_{blk.n}"
    blk.n += 1
    u.nonneg = False
    u.c = [r.randint(-50, 50), r.randint(0, 1000), r.randint(0, 10**6), r.randint(1, 999)]
    types = u.T
    if u.T == "struct dtu":
        u.op = "mixed"
        comb = r.choice(["omp_out.s += omp_in.s, omp_out.m = omp_in.m > omp_out.m ? omp_in.m : "
                         "omp_out.m, omp_out.x ^= omp_in.x, omp_out.d += omp_in.d",
                         "dtu_comb(&omp_out, &omp_in)"])
        ini = r.choice(["", "omp_priv = { 0, LLONG_MIN, 0, 0.0 }",
                        "dtu_init(&omp_priv, &omp_orig)"])
        u.nonneg = ini == ""
        p.feat("declare reduction:struct" + (":" + ini.split("(")[0].split(" ")[0] if ini else ""))
    else:
        u.op = r.choice(UDR_OPS[u.T])
        comb = r.choice(UDR_COMBINERS[u.op])
        ident = UDR_IDENTITY.get((u.op, None)) or UDR_IDENTITY[(u.op, u.T)]
        tag = {"int": "i", "long": "l", "u64": "u", "double": "d"}[u.T]
        forms = [f"omp_priv = {ident}", f"dtu_set_{tag}(&omp_priv, {ident})"]
        if ident == "0":
            forms.append("")
        if u.op in ("max", "min"):
            forms += ["omp_priv = omp_orig", f"dtu_set_{tag}(&omp_priv, omp_orig)"]
        ini = r.choice(forms)
        if u.op == "mul":
            u.c[0] = 2 * r.randint(0, 50) + 1
        if u.op in ("add", "xor") and u.T in ("int", "long") and r.random() < 0.3:
            types = "int, long"
            p.feat("declare reduction:two types")
        p.feat(f"declare reduction:{u.T}:{u.op}" + (":initializer" if ini else ""))
    u.call_init = "(&omp_priv" in ini
    inis = f" initializer({ini})" if ini else ""
    u.decl = f"#pragma omp declare reduction({u.ident} : {types} : {comb}){inis}"
    place.append(u.decl)
    if decoy is not None and u.op != "mixed":
        decoy.append(f"#pragma omp declare reduction({u.ident} : {u.T} : {UDR_DECOY[u.op]})")
        p.feat("declare reduction:hides an outer one")
    return u


class LoopSpec:
    pass


def gen_rect_levels(p, blk, S):
    """gen_loop's rectangular nest: 1 to 3 levels of gen_level.  Returns (levels, trip counts,
    total)."""
    r = p.r
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
    return levels, ns, N


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
    S.hidden = []     # clause text inside macros (for default(none))
    S.lp_cond = False         # lastprivate(conditional:) in the body
    storage = ["global"] if where == "orphan" else ["local", "local", "static", "global"]
    cons = ctx.get("construct", "for")
    S.nonrect, S.nr_lastrow = None, True
    if p.omp5 and r.random() < 0.12:
        levels, N = gen_nonrect(p, blk, S)
    else:
        levels, ns, N = gen_rect_levels(p, blk, S)
    collapse = len(levels)
    S.N = N
    S.collapse = collapse
    if any(L.gcc_unspecified for L in levels):
        blk.gcc_unspecified = True
        p.feat("gcc-unspecified loop")
    if cons in ("for simd", "loop") and collapse > 1 and any(L.pointer for L in levels):
        blk.gcc_unspecified = True      # GCC 12: SIGSEGV with 2 threads or more
        p.feat("gcc-unspecified: for simd or loop collapse over a pointer")
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
            kexpr = f"({kexpr} * {ns[i]} + kl{i})" if not S.nonrect else f"{S.nonrect}[kl0] + kl1"
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
    if p.omp5 and cons != "loop" and r.random() < 0.15:
        loop_linear(p, blk, S, body, extra, storage, cons)
    if cons != "loop" and r.random() < 0.35:
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
    # firstprivate + lastprivate on the same struct: read field a, write field b (not with simd:
    # the copies of its lanes are lastprivate, without the firstprivate value)
    if cons == "for" and r.random() < 0.12:
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
    if lpv and N > 0 and S.nr_lastrow and r.random() < 0.5:
        S.clauses.append("lastprivate(" + ", ".join(L.var for L in lpv) + ")")
        for L in lpv:
            blk.check("lpvar_" + L.var, L.term)
        p.feat("lastprivate:loopvar")
    elif p.omp5 and "simd" in cons and collapse == 1 and lpv and N > 0 and r.random() < 0.7:
        linear_loopvar(p, blk, S, lpv[0])
    body.extend(lp_stmts)

    # --- atomic capture (constant operand: the multiset of captured values is fixed) ---
    capture = None
    if cons != "loop" and r.random() < 0.2:
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
    if cons in ("for", "for simd") and r.random() < 0.3:
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
    if cons == "for" and r.random() < 0.2:
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
    if cons != "loop" and r.random() < 0.3:
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
    if cons != "loop" and r.random() < 0.1:
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
    if ctx.get("allow_ordered", True) and cons != "loop" and not S.nonrect and r.random() < 0.2:
        orph = r.random() < 0.35 and cons == "for"
        seq = blk.declare("u64", "seq", where="global" if orph else r.choice(storage))
        blk.setup.append(f"{seq} = {r.randint(1, 1000)};")
        if cons != "simd":
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
            how = {"for": "", "simd": " simd", "for simd": " threads simd"}[cons]
            body.append("#pragma omp ordered" + how)
            body.append(f"{{ {seq} = mix({seq}, {val()}); }}")
            p.feat("ordered" + how)
        blk.check("seq_" + seq, seq)

    if p.omp5:
        loop_omp5_body(p, blk, S, body, storage, cons, where, outN)
    # --- schedule ---
    sched, static_chunk = "", 0
    if cons in ("for", "for simd"):
        sched, static_chunk = gen_schedule(p, blk, ordered_needed, str(N), ctx.get("team"),
                                           where != "combined", S.pre, S.region_pre)
    if S.lp_cond and (ordered_needed or sched and "static" not in sched):
        # GCC 12 (libgomp) sometimes keeps an earlier iteration's value under dynamic and
        # guided schedules (a race), and always in a loop with ordered and a static schedule
        blk.gcc_unspecified = True
        p.feat("gcc-unspecified: lastprivate(conditional:) with a dynamic schedule or ordered")
    if sched and S.nonrect:
        sched = nonrect_schedule(p, blk, S, sched)
    if sched:
        S.clauses.append(sched)
    # GCC 12's inline code for schedule(static, c) computes the start of each thread's next
    # chunk in the index's type, up to c * P iterations past the last: a narrow index (char,
    # short) can wrap there and then run more iterations (char i = -58; i != -125; i--, static,
    # 16, 5 threads: 211 iterations instead of 67).  Up to 8 threads.
    if static_chunk and collapse == 1 and not levels[0].pointer:
        L = levels[0]
        reach = L.step * (L.n + static_chunk * 8)
        if (L.first + reach > L.type_hi) if L.up else (L.first - reach < L.type_lo):
            blk.gcc_unspecified = True
            p.feat("gcc-unspecified loop")
    # affinity(name): one integer loop variable; the names are shared by the whole program, so
    # loops of other blocks (other bounds, steps, types, team sizes) reuse the maps
    # (docs/language.md: not with collapse(n>1), ordered, genblock or indirect -- errors; once
    # run-time errors, findings/affinity-ordered.c and findings/affinity-genblock.c)
    if collapse == 1 and cons == "for" and not levels[0].pointer and r.random() < 0.15 \
            and not ordered_needed \
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
# OpenMP 5 features of gen_loop's loops (p.omp5): linear, lastprivate(conditional:), atomic
# compare, user-defined reductions, schedules of non-rectangular nests
# ---------------------------------------------------------------------------------------------

def loop_linear(p, blk, S, body, extra, storage, cons):
    """linear(v: step) of a variable declared outside the loop, an integer or a pointer.  The
    body advances it first, so that the serial loop and iteration k of OpenMP's both see
    v0 + (k + 1) * step, and it ends as v0 + N * step (gcc 12 agrees when the body advances it).
    A pointer writes the element it points to: base[1 + k * step]."""
    r = p.r
    if r.random() < 0.7:
        T = r.choice(["int", "long", "unsigned", "u64", "long long", "short"])
        v = blk.declare(T, "lin", where=r.choice(storage))
        st = r.choice([1, 2, 3, 7] + ([-1, -4] if T not in ("unsigned", "u64") else []))
        blk.setup.append(f"{v} = {r.randint(0, 99)};")
        step = str(st)
        if r.random() < 0.2:
            step = blk.declare("int", "ls")
            blk.setup.append(f"{step} = {st};")
            if cons == "for simd":  # GCC 12: a wrong final value unless one chunk runs all
                blk.gcc_unspecified = True
                p.feat("gcc-unspecified: for simd linear with a variable step")
        body.append(f"{v} += {step};")
        extra.append(f"(u64){v}")
        S.clauses.append(f"linear({v})" if st == 1 and r.random() < 0.5 else f"linear({v}: {step})")
        p.feat("linear:" + T)
    else:
        elem = r.choice(["int", "long long", "double"])
        st = r.choice([1, 2, 3])
        size = max(S.N, 1) * st + 2
        base = blk.declare(elem, "lb", where=r.choice(storage), dims=f"[{size}]")
        v = blk.declare(elem + " *", "lp", where=r.choice(storage))
        blk.setup.append(f"memset({base}, 0, sizeof {base}); {v} = {base} + 1;")
        body.append(f"*{v} = ({elem})(k + 1); {v} += {st};")
        S.clauses.append(f"linear({v}: {st})")
        blk.check_array("lb_" + base, base, size, elem="double" if elem == "double" else "int")
        p.no_repeat = True      # (a second run of the loop would leave the array)
        v = f"{v} - {base}"
        p.feat("linear:pointer")
    if S.N > 0:     # (zero iterations: no last iteration gives a value)
        blk.check("lin_" + v.split(" ")[0], v)


def linear_loopvar(p, blk, S, L):
    """linear(i: step) of a simd loop's own variable, declared outside: the step of its
    increment; it ends as the sequential loop leaves it."""
    if L.mode not in ("normal", "high", "low"):
        return
    st = L.step if L.up else -L.step
    S.clauses.append(f"linear({L.var}: {st})")
    blk.check("linvar_" + L.var, L.term)
    p.feat("linear:loopvar")


def loop_omp5_body(p, blk, S, body, storage, cons, where, outN):
    """lastprivate(conditional:), atomic compare and user-defined reductions in the body."""
    r = p.r
    if cons != "loop" and r.random() < 0.2:
        loop_lp_conditional(p, blk, S, body, storage, cons)
    if cons != "loop" and r.random() < 0.15:
        loop_atomic_compare(p, blk, body, storage, outN)
    if r.random() < 0.15:
        place = p.globals if where == "orphan" or r.random() < 0.5 else blk.decls
        decoy = p.globals if place is blk.decls and r.random() < 0.3 else None
        u = udr_new(p, blk, place, decoy=decoy)
        x = blk.declare(u.T, "ur", where=r.choice(storage))
        blk.setup.append(u.init(x))
        body.append(u.stmt(x))
        S.clauses.append(f"reduction({u.ident}: {x})")
        u.check(blk, "udr_" + x, x)


def loop_lp_conditional(p, blk, S, body, storage, cons):
    """lastprivate(conditional: x): some iterations assign x a value of k alone (never reading
    it), before any continue; afterwards x holds the sequentially last one assigned, or its value
    before the loop (GCC 12's simd then gives garbage: such loops are gcc-unspecified)."""
    r = p.r
    T = r.choice(["int", "long", "double", "unsigned char", "short", "u64"])
    x = blk.declare(T, "lc", where=r.choice(storage))
    blk.setup.append(f"{x} = ({T}){r.randint(-5, 99)};")
    M = r.randint(2, 40)
    R = r.randint(0, M - 1)
    if T == "double":
        v = f"(double)(k % 1000) * 0.25"
    else:
        v = f"({T})((k * {r.randint(1, 99)} + {r.randint(0, 999)}) % 100000)"
    form = r.choice(["if", "if", "switch", "nested"] + (["critical"] if cons == "for" else []))
    if form == "if":
        st = f"if (k % {M} == {R}) {x} = {v};"
    elif form == "switch":
        st = f"switch ((int)(k % {M})) {{ case {R}: {x} = {v}; break; default: break; }}"
    elif form == "nested":
        st = f"if (k % {M} == {R}) {{ if (k % 2 == 0) {x} = {v}; else {x} = ({T})3; }}"
    else:
        st = f"if (k % {M} == {R}) {{\n#pragma omp critical\n{{ {x} = {v}; }}\n}}"
    body.insert(next(i for i, b in enumerate(body) if b.startswith("long long k = ")) + 1, st)
    if cons == "simd" and S.N <= R:
        blk.gcc_unspecified = True
        p.feat("gcc-unspecified: simd lastprivate(conditional:) never assigned")
    S.clauses.append(f"lastprivate(conditional: {x})")
    S.lp_cond = True
    blk.check("lc_" + x, x, "double" if T == "double" else "int")
    p.feat("lastprivate:conditional:" + form)


def loop_atomic_compare(p, blk, body, storage, outN):
    """atomic compare (OpenMP 5.1): max/min updates, and x == A -> B swaps whose captured values
    are fixed as a multiset (the first to swap sees A, the others B)."""
    r = p.r
    T = r.choice(["int", "long", "unsigned", "u64", "double"])
    x = blk.declare(T, "ac", where=r.choice(storage))
    kind = r.choice(["max", "min", "eq", "capture"])
    mo = r.choice(["", "", " seq_cst", " relaxed", " release"])
    upd = r.choice(["compare", "compare", "update compare", "compare update"])
    if T == "double":
        e = f"(double)(f1((u64)k, {r.randint(1, 99)}u) % 1000u) * 0.125 - 50.0"
        A, B = f"{r.randint(-9, 9)}.5", f"{r.randint(10, 20)}.25"
    elif T in ("unsigned", "u64"):
        e = f"({T})(f1((u64)k, {r.randint(1, 99)}u) % 100000u)"
        A, B = str(r.randint(0, 9)), str(r.randint(10, 99))
    else:
        e = f"({T})((long long)(f1((u64)k, {r.randint(1, 99)}u) % 100000u) - 50000)"
        A, B = str(r.randint(-9, 9)), str(r.randint(10, 99))
    if kind in ("max", "min"):
        c = "<" if kind == "max" else ">"
        forms = [f"if ({x} {c} e_) {{ {x} = e_; }}", f"{x} = {x} {c} e_ ? e_ : {x};",
                 f"{x} = e_ {'>' if c == '<' else '<'} {x} ? e_ : {x};",
                 f"if (e_ {'>' if c == '<' else '<'} {x}) {{ {x} = e_; }}"]
        blk.setup.append(f"{x} = ({T}){A};")
        body.append(f"{{ {T} e_ = {e};\n#pragma omp atomic {upd}{mo}\n{r.choice(forms)} }}")
        blk.check("ac_" + x, x, "double" if T == "double" else "int")
        p.feat("atomic compare:" + kind)
        return
    blk.setup.append(f"{x} = ({T}){A};")
    if kind == "eq":
        form = r.choice([f"if ({x} == {A}) {{ {x} = {B}; }}", f"{x} = {x} == {A} ? {B} : {x};"])
        body.append(f"#pragma omp atomic {upd}{mo}\n{form}")
        blk.check("ac_" + x, x, "double" if T == "double" else "int")
        p.feat("atomic compare:eq")
        return
    cap = blk.declare("u64", "acc", where=r.choice(storage), dims=f"[{outN}]")
    blk.setup.append(f"for (long long q = 0; q < {outN}; q++) {cap}[q] = 0;")
    forms = [f"{{ v_ = {x}; if ({x} == {A}) {{ {x} = {B}; }} }}",
             f"{{ if ({x} == {A}) {{ {x} = {B}; }} v_ = {x}; }}",
             f"if ({x} == {A}) {{ {x} = {B}; }} else {{ v_ = {x}; }}",
             f"v_ = {x} = {x} == {A} ? {B} : {x};",
             f"{{ r_ = {x} == {A}; if (r_) {{ {x} = {B}; }} }}"]
    form = r.choice(forms)
    cmo = r.choice(["", "", " seq_cst", " acq_rel", " acquire", " relaxed"])
    fail = r.choice(["", "", " fail(relaxed)", " fail(acquire)", " fail(seq_cst)"])
    body.append(f"{{ {T} v_ = 0; int r_ = 0;\n"
                f"#pragma omp atomic compare capture{cmo}{fail}\n{form}")
    body.append(f"  {cap}[k] = (u64)(long long)(v_ * 4) + (u64)r_; }}")
    blk.check("ac_" + x, x, "double" if T == "double" else "int")
    blk.checks.append(f"{{ u64 s_ = 0, x_ = 0, q_ = 0; for (long long q = 0; q < {outN}; q++) "
                      f"{{ s_ += {cap}[q]; x_ ^= {cap}[q]; q_ += {cap}[q] * {cap}[q]; }}")
    blk.checks.append(f'  printf("{blk.fname}.acc_{cap} %llx %llx %llx\\n", s_, x_, q_); }}')
    p.feat("atomic compare capture")


def nonrect_schedule(p, blk, S, sched):
    """A schedule on a non-rectangular nest, which gcc 12 refuses ("'schedule' clause may not
    appear on non-rectangular 'for'"): through a macro that to_gcc() defines empty.  S.hidden
    keeps its text for default(none) (a chunk variable)."""
    mn = f"B{blk.id}_NRS{blk.n}"
    blk.n += 1
    p.globals.append(f"#define {mn} {sched}")
    S.hidden.append(sched)
    p.feat("non-rectangular schedule")
    return mn


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
        m = re.match(r"\s*(private|firstprivate|lastprivate|shared|copyin|reduction|linear)"
                     r"\((.*)\)\s*$", c)
        if not m:
            continue
        lst = m.group(2)
        if m.group(1) == "reduction" or lst.startswith("conditional:"):
            lst = lst.split(":", 1)[1]
        elif m.group(1) == "linear":
            lst = lst.split(":", 1)[0]
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
        clauses = add_default_none(p, clauses, "\n".join(S.code + clauses + S.hidden), S.loopvars)
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
    text = "\n".join(body + S.hidden)
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
    lc = sections_lp_conditional(p, blk, ns, cl) if p.omp5 else {}
    secs = []
    for q in range(ns):
        st = []
        st.append(f"long long k = {q};")
        if q in lc:
            st.append(lc[q])
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


def sections_lp_conditional(p, blk, ns, cl):
    """Sometimes lastprivate(conditional: x) that only some sections assign: {section: its
    assignment}."""
    r = p.r
    if r.random() > 0.35:
        return {}
    T = r.choice(["int", "long", "double", "short"])
    x = blk.declare(T, "slc", where=r.choice(["local", "global", "static"]))
    blk.setup.append(f"{x} = ({T}){r.randint(-9, 99)};")
    cl.append(f"lastprivate(conditional: {x})")
    blk.check("slc_" + x, x, "double" if T == "double" else "int")
    p.feat("sections:lastprivate(conditional:)")
    return {q: f"{x} = ({T})(k * 7 + {r.randint(1, 50)});" for q in range(ns) if r.random() < 0.4}


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


# ---------------------------------------------------------------------------------------------
# OpenMP 5 blocks (kinds all and omp5): simd, the loop construct, scans, user-defined reductions
# ---------------------------------------------------------------------------------------------

def region_lines(pcl, body):
    """A parallel region around body."""
    return ["#pragma omp parallel " + " ".join(pcl), "{"] + indent(body) + ["}"]


def simd_funcs(p, blk):
    """0 to 2 functions with `declare simd` directives, called in the body (u64 exprs of k)."""
    r = p.r
    reads = []
    for _ in range(r.randint(0, 2)):
        fn = f"{blk.fname}_dsf{blk.n}"
        blk.n += 1
        c = r.randint(1, 10**6)
        dirs = r.sample(["", " notinbranch", " uniform(c)", " uniform(c) notinbranch",
                         " simdlen(4)", " linear(k) uniform(c)", " inbranch"], r.randint(1, 2))
        head = "\n".join(f"#pragma omp declare simd{d}" for d in dirs)
        blk.extra_funcs.append(f"{head}\nstatic u64 {fn}(long long k, u64 c)\n{{\n"
                               f"  return (u64)k * 2654435761u + (c ^ (u64)(k >> 2));\n}}\n")
        reads.append(f"{fn}(k, {c}u)")
        p.feat("declare simd")
    return reads


def simd_aligned(p, blk):
    """Sometimes aligned(a[: n]) of a 64-byte aligned array that the body reads: (clauses, u64
    exprs of k)."""
    r = p.r
    if r.random() > 0.3:
        return [], []
    al = blk.declare("_Alignas(64) long", "al", where=r.choice(["local", "global"]), dims="[16]")
    blk.setup.append(f"for (int q = 0; q < 16; q++) {al}[q] = q * 5 + 1;")
    p.feat("simd:aligned")
    return [r.choice([f"aligned({al})", f"aligned({al}: 64)", f"aligned({al}: 32)"])], \
        [f"(u64){al}[k & 15]"]


def simd_clauses(p, blk, S, pcl):
    """safelen, simdlen, if(simd:), nontemporal, order(concurrent) (only for a body without
    constructs)."""
    r = p.r
    cl = []
    if r.random() < 0.35:
        sl = r.choice([1, 2, 4, 8, 16, 64])
        cl.append(f"safelen({sl})")
        if r.random() < 0.5:
            cl.append(f"simdlen({r.choice([x for x in (1, 2, 4, 8) if x <= sl])})")
        p.feat("simd:safelen")
    elif r.random() < 0.2:
        cl.append(f"simdlen({r.choice([1, 2, 4, 8])})")
        p.feat("simd:simdlen")
    if r.random() < 0.15 and not any(c.startswith("if(") and not c.startswith("if(parallel")
                                     for c in pcl):
        cl.append(r.choice(["if(simd: 1)", "if(simd: 0)", f"if(simd: {S.N} > 8)"]))
        p.feat("simd:if")
    if r.random() < 0.1:
        cl.append(f"nontemporal({S.out[0]})")
        p.feat("simd:nontemporal")
    text = "\n".join(S.code)
    if r.random() < 0.15 and "#pragma omp" not in text and "omp_" not in text:
        cl.append("order(concurrent)")
        p.feat("simd:order(concurrent)")
    return cl


def block_simd(p):
    """A simd loop of gen_loop (its body without critical, or firstprivate on `simd`; `ordered
    simd`, or `ordered threads simd` on `for simd`), with linear variables, lastprivate
    (conditional too), reductions and calls of declare simd functions: `simd` outside any
    region or in a region's single or masked, `for simd` in a region, `parallel for simd`."""
    blk = Block(p)
    r = p.r
    p.no_repeat = False
    form = p.pick(["simd", "simd in single", "for simd", "parallel for simd"], [3, 2, 3, 4])
    cons = "simd" if form.startswith("simd") else "for simd"
    where = "region" if form in ("simd in single", "for simd") else "combined"
    pcl, team = par_clauses(p, blk) if form != "simd" else ([], "1")
    acl, reads = simd_aligned(p, blk)
    reads += simd_funcs(p, blk)
    S = gen_loop(p, blk, where, {"team": team if where == "combined" else None,
                                 "construct": cons, "region_priv_reads": reads})
    blk.decls.extend(S.loopdecls)
    blk.setup.extend(S.pre)
    cl = S.clauses + acl + simd_clauses(p, blk, S, pcl)
    p.feat("simd form:" + form)
    if form == "simd":
        blk.setup.extend(wrap_region(p, blk, ["#pragma omp simd " + " ".join(cl)] + S.code))
    elif form == "parallel for simd":
        blk.setup.extend(wrap_region(p, blk, ["#pragma omp parallel for simd " + " ".join(pcl + cl)]
                                     + S.code))
    elif form == "for simd":
        nowait = r.random() < 0.3
        head = "#pragma omp for simd " + " ".join(cl + (["nowait"] if nowait else []))
        blk.setup.extend(region_lines(pcl, S.region_pre + [head] + S.code))
    else:
        d = r.choice(["single", "masked", "master", "single nowait"])
        head = "#pragma omp simd " + " ".join(cl)
        blk.setup.extend(region_lines(pcl, [f"#pragma omp {d}", "{", head] + S.code + ["}"]))
    return blk


def block_loop_construct(p):
    """The loop construct (OpenMP 5.0) over gen_loop's nests (its body without atomics,
    critical, ordered or firstprivate; lastprivate only of the loop variables; no schedule):
    `parallel loop`, `loop` in a region (bind(parallel), or no bind: a worksharing loop), `loop
    bind(thread)` (or no bind) in a single, `loop bind(thread)` outside any region; with
    order(concurrent) sometimes."""
    blk = Block(p)
    r = p.r
    p.no_repeat = False
    form = p.pick(["parallel loop", "loop in region", "loop in single", "loop bind(thread)"],
                  [4, 4, 2, 2])
    where = "combined" if form in ("parallel loop", "loop bind(thread)") else "region"
    pcl, team = par_clauses(p, blk) if form != "loop bind(thread)" else ([], "1")
    S = gen_loop(p, blk, where, {"team": None, "construct": "loop"})
    blk.decls.extend(S.loopdecls)
    blk.setup.extend(S.pre)
    cl = list(S.clauses)
    if r.random() < 0.3:
        cl.append("order(concurrent)")
    r.shuffle(cl)
    p.feat("loop construct:" + form)
    if form == "parallel loop":
        blk.setup.extend(wrap_region(p, blk, ["#pragma omp parallel loop " + " ".join(pcl + cl)]
                                     + S.code))
    elif form == "loop bind(thread)":
        blk.setup.extend(["#pragma omp loop bind(thread) " + " ".join(cl)] + S.code)
    elif form == "loop in region":
        b = r.choice(["", "bind(parallel) "])
        blk.setup.extend(region_lines(pcl, [f"#pragma omp loop {b}" + " ".join(cl)] + S.code))
    else:
        # (without bind, gcc 12 binds a loop in masked or master to the region: a worksharing
        # loop that the other threads never meet, and a hang; omp2numa binds it to the thread)
        b = r.choice(["", "bind(thread) "])
        d = r.choice(["single", "masked", "master"])
        if d != "single":
            b = "bind(thread) "
        blk.setup.extend(region_lines(pcl, [f"#pragma omp {d}", "{", f"#pragma omp loop {b}"
                                            + " ".join(cl)] + S.code + ["}"]))
    return blk


def scan_var(p, blk, body_in, body_out, outN, decls):
    """One inscan list item: (reduction clause, name).  body_in gets its update (the input
    phase), body_out the write of its prefix value to an array of outN elements."""
    r = p.r
    if r.random() < 0.25:
        u = udr_new(p, blk, r.choice([p.globals, decls]))
        x = blk.declare(u.T, "sc", where=r.choice(["local", "global", "static"]))
        blk.setup.append(u.init(x))
        body_in.append(u.stmt(x))
        u.check(blk, "sc_" + x, x)
        op, T = u.ident, u.T
        p.feat("scan:declare reduction")
        if u.call_init:     # GCC 12: wrong prefix values with initializer(f(&omp_priv, ...))
            blk.gcc_unspecified = True
            p.feat("gcc-unspecified: inscan with an initializer call")
    else:
        op = r.choice(["+", "-", "*", "&", "|", "^", "&&", "||", "max", "min"])
        T = r.choice(task_red_types(op))    # (GCC 12: the same ICE for && || of floats)
        x = blk.declare(T, "sc", where=r.choice(["local", "global", "static"]))
        init, st = red_stmt(p, op, T, x, outN)
        blk.setup.append(f"{x} = {init};")
        body_in.append(st)
        blk.check("sc_" + x, x, kind_of(T))
        p.feat(f"scan:{op}:{T}")
    flt = T in FLOAT_RED
    a = blk.declare("double" if flt else "u64", "pre", where=r.choice(["local", "global"]),
                    dims=f"[{outN}]")
    blk.setup.append(f"for (long long q = 0; q < {outN}; q++) {a}[q] = 0;")
    val = f"mixu(0, {x})" if T == "struct dtu" else f"(double){x}" if flt else f"(u64){x}"
    body_out.append(f"{a}[k] = {val};")
    blk.check_array("pre_" + a, a, outN, elem="double" if flt else "u64")
    return f"reduction(inscan, {op}: {x})", x


def block_scan(p):
    """reduction(inscan, op: x) with `scan inclusive(x)` or `scan exclusive(x)` (OpenMP 5.0):
    the prefix values written to arrays and checked element by element; on `for` in a region,
    `parallel for`, `for simd`, `parallel for simd`, `simd`; red_stmt's operators and exact
    types, and user-defined reductions; the loop of gen_level's kinds."""
    blk = Block(p)
    r = p.r
    p.no_repeat = False
    form = p.pick(["for", "parallel for", "for simd", "parallel for simd", "simd"], [3, 3, 2, 2, 2])
    x = r.random()
    n = 0 if x < 0.06 else r.randint(1, 16) if x < 0.4 else r.randint(17, 300)
    it = p.pick(["int", "long", "unsigned", "short", "unsigned char", "size_t", "ptr:int",
                 "ptr:double"], [20, 5, 4, 3, 2, 2, 3, 2])
    decl_in = r.random() < 0.75
    L = gen_level(p, blk, n, it, "i" + ("" if decl_in else str(blk.id)), decl_in)
    # (GCC 12: SIGSEGV for an inscan loop over a pointer or an unsigned index that runs zero
    # times)
    blk.gcc_unspecified |= L.gcc_unspecified or L.n == 0
    if L.decl:
        blk.decls.append(L.decl)
        p.vars[L.var] = Var(L.var, L.itype, "local")
    blk.setup.extend(L.pre)
    outN = max(L.n, 1)
    body_in, body_out, cls, xs = [], [], [], []
    for _ in range(r.randint(1, 3)):
        c, v = scan_var(p, blk, body_in, body_out, outN, blk.decls)
        cls.append(c)
        xs.append(v)
    if "simd" in form and r.random() < 0.3:
        cls.append(f"safelen({r.choice([2, 4, 8])})")
    incl = r.random() < 0.5
    k = f"long long k = {L.slot};"
    first, second = ([k] + body_in, [k] + body_out) if incl else ([k] + body_out, [k] + body_in)
    scan = f"#pragma omp scan {'inclusive' if incl else 'exclusive'}({', '.join(xs)})"
    loop = [L.header + " {", "  {"] + indent(first, 4) + ["  }", scan, "  {"] + \
        indent(second, 4) + ["  }", "}"]
    p.feat(f"scan:{form}:{'inclusive' if incl else 'exclusive'}")
    r.shuffle(cls)
    if form in ("parallel for", "parallel for simd"):
        pcl, team = par_clauses(p, blk)
        blk.setup.extend([f"#pragma omp {form} " + " ".join(pcl + cls)] + loop)
    elif form == "simd":
        blk.setup.extend([f"#pragma omp simd " + " ".join(cls)] + loop)
    else:
        pcl, team = par_clauses(p, blk)
        blk.setup.extend(region_lines(pcl, [f"#pragma omp {form} " + " ".join(cls)] + loop))
    return blk


UDR_OPERATORS = ("#pragma omp declare reduction(+ : struct dtu : dtu_comb(&omp_out, &omp_in)) "
                 "initializer(omp_priv = { 0, LLONG_MIN, 0, 0.0 })\n"
                 "#pragma omp declare reduction(max : struct dtu : dtu_comb(&omp_out, &omp_in)) "
                 "initializer(dtu_init(&omp_priv, &omp_orig))")


def udr_vars(p, blk, place, decoy):
    """1 to 3 variables with user-defined reductions: [(Udr, name)]."""
    r = p.r
    out = []
    for _ in range(r.randint(1, 3)):
        if r.random() < 0.15:
            u = udr_new(p, blk, [], T="struct dtu")     # (its directive is not used)
            p.once("udr-operators", UDR_OPERATORS)
            u.ident, u.nonneg = r.choice(["+", "max"]), False
            p.feat("declare reduction:operator " + u.ident)
        else:
            u = udr_new(p, blk, place, decoy=decoy)
        x = blk.declare(u.T, "ud", where=r.choice(["local", "global", "static"]))
        blk.setup.append(u.init(x))
        u.check(blk, "udr_" + x, x)
        out.append((u, x))
    return out


def block_udr(p):
    """User-defined reductions (declare reduction, udr_new) on `parallel for`, `for` in a
    region, `sections`, `parallel sections`, `parallel` (the region's reduction, updated in a
    worksharing loop and by a single), `taskloop`, task reductions, `simd` and `parallel loop`;
    declared at file scope, in the block or in the region."""
    blk = Block(p)
    r = p.r
    p.no_repeat = False
    con = p.pick(["parallel for", "for", "sections", "parallel sections", "parallel", "taskloop",
                  "task_reduction", "simd", "parallel loop"], [4, 4, 2, 2, 3, 3, 2, 2, 2])
    in_region = con in ("for", "sections", "taskloop", "task_reduction")
    scope = r.choice(["file", "block"] + (["region"] if in_region else []))
    rdecls = []
    place = {"file": p.globals, "block": blk.decls, "region": rdecls}[scope]
    decoy = p.globals if scope != "file" and r.random() < 0.3 else None
    uv = udr_vars(p, blk, place, decoy)
    n = r.randint(0, 300) if r.random() < 0.8 else r.randint(0, 5)
    sched = r.choice(["", "", "schedule(dynamic, 1)", "schedule(static, 3)", "schedule(guided)",
                      "schedule(adaptive)", "schedule(fac2)"])
    pcl, team = par_clauses(p, blk)
    p.feat("declare reduction on " + con + ":" + scope)
    blk.setup.extend(udr_construct(p, con, n, uv, sched, pcl, rdecls))
    return blk


def udr_construct(p, con, n, uv, sched, pcl, rdecls):
    """block_udr's construct con, over n iterations, with the reductions of uv [(Udr, name)];
    rdecls: declarations at the start of its region."""
    red = " ".join(f"reduction({u.ident}: {x})" for u, x in uv)
    stmts = " ".join(u.stmt(x) for u, x in uv)
    loop = [f"for (int i = 0; i < {n}; i++) {{ long long k = i; {stmts} }}"]
    if con in ("parallel for", "parallel loop", "simd"):
        head = {"parallel for": f"parallel for {sched} ", "parallel loop": "parallel loop ",
                "simd": "simd "}[con] + " ".join(([] if con == "simd" else pcl) + [red])
        return ["#pragma omp " + head] + loop
    if con in ("sections", "parallel sections"):
        secs = ["{"]
        for q in range(p.r.randint(1, 5)):
            if q or p.r.random() < 0.5:
                secs.append("#pragma omp section")
            secs.append(f"  {{ long long k = {q}; {stmts} }}")
        secs.append("}")
        if con == "parallel sections":
            return ["#pragma omp parallel sections " + " ".join(pcl + [red])] + secs
        return region_lines(pcl, rdecls + ["#pragma omp sections " + red] + secs)
    if con == "parallel":
        body = [f"#pragma omp for {sched}"] + loop
        if p.r.random() < 0.5:
            body += ["#pragma omp single", f"{{ long long k = {n + 3}; {stmts} }}"]
        return region_lines(pcl + [red], body)
    if con == "for":
        nw = p.r.random() < 0.3
        body = ["#pragma omp for " + " ".join([sched, red] + (["nowait"] if nw else []))] + loop
    else:
        body = ["#pragma omp single", "{"] + udr_tasks(p, con, n, red, stmts, loop) + ["}"]
    return region_lines(pcl, rdecls + body)


def udr_tasks(p, con, n, red, stmts, loop):
    """A taskloop with the reductions, or a taskgroup with them as task reductions, n tasks and a
    taskloop with in_reduction."""
    r = p.r
    if con == "taskloop":
        g = r.choice(["", "grainsize(3)", "num_tasks(5)", "grainsize(strict: 7)"])
        return [f"#pragma omp taskloop {g} {red}"] + loop
    tred = red.replace("reduction(", "task_reduction(")
    inred = red.replace("reduction(", "in_reduction(")
    return [f"#pragma omp taskgroup {tred}", "{",
            f"for (int t = 0; t < {n}; t++) {{", f"#pragma omp task {inred}",
            f"  {{ long long k = t; {stmts} }}", "}",
            f"#pragma omp taskloop {inred}",
            f"for (int i = 0; i < {r.randint(0, 40)}; i++) {{ long long k = i + {n}; {stmts} }}",
            "}"]


# ---------------------------------------------------------------------------------------------
# Tasks: every block creates its tasks from one task (the creator) and reads the results only
# after a taskwait, a taskgroup, an undeferred task, a `taskwait depend` or the end of the region;
# shared data is written by one task at a time (dependences, atomic, critical) or only with
# commutative updates, so that every valid schedule prints the same.
# ---------------------------------------------------------------------------------------------

# Where the creator runs (task_ctx): in a region (single, single nowait, master, masked), in an
# explicit task of a region, in a function called from a region (orphan) or outside any
# region (serial, orphan serial).  Outside a region the block's variables are at file scope:
# there a task's locals of the enclosing function are firstprivate (gcc and omp2numa agree,
# but the serial build would share them).
TASK_CTX = ["single", "single nowait", "master", "masked", "task", "orphan", "serial",
            "orphan serial"]
TASK_CTX_W = [30, 10, 10, 6, 12, 12, 12, 8]


def task_ctx(p, blk, allowed=None):
    kinds = [k for k in TASK_CTX if allowed is None or k in allowed]
    w = [TASK_CTX_W[TASK_CTX.index(k)] for k in kinds]
    ctx = p.pick(kinds, w)
    if ctx in ("orphan", "orphan serial", "serial"):
        blk.force_global = True
    p.feat("task ctx:" + ctx)
    return ctx


def task_in_region(ctx):
    return ctx not in ("serial", "orphan serial")


# LIBGOMP_SERIAL_TRED: GCC 12's libgomp hangs or crashes in later regions after a taskgroup with
# task_reduction outside any region (/work/difftask-findings/gcc-libgomp12-serial-task-reduction.c
# in the session that found it): task reductions are generated in regions only.


def task_misc(p, reads_only=True, if_final=True):
    """Clauses that change nothing in the result: untied, priority, if(true), final(false)
    (unless if_final is false: the caller has its own), mergeable (only for tasks that do not
    write their private copies)."""
    r = p.r
    cl = []
    if r.random() < 0.15:
        cl.append("untied")
        p.feat("task:untied")
    if r.random() < 0.15:
        cl.append(f"priority({r.randint(0, 7)})")
        p.feat("task:priority")
    if r.random() < 0.1 and if_final:
        cl.append(r.choice(["if(1)", "if(task: 1)", "final(0)"]))
    if reads_only and r.random() < 0.1:
        cl.append("mergeable")
        p.feat("task:mergeable")
    return cl


def task_after(p, blk, arr, n):
    """Sometimes: statements that copy the results arr[0..n) in the region, after a barrier
    (which completes every task of the team), to be passed to task_wrap."""
    if p.r.random() > 0.3:
        return None
    cp = blk.declare("u64", "aft", where=p.r.choice(["local", "global"]), dims=f"[{n}]")
    blk.check_array("aft_" + cp, cp, n, elem="u64")
    p.feat("task:results read after a barrier")
    return [f"for (int q = 0; q < {n}; q++) {cp}[q] = (u64){arr}[q] * 3u + (u64)q;"]


def task_wrap(p, blk, ctx, creator, after=None, region_decls=()):
    """Put the creator's statements in its context (blk.setup).  after: statements that read
    the tasks' results in the region, after a barrier (task_after).  region_decls: locals of
    the region, before the creator's construct (only for the contexts of a region)."""
    r = p.r
    if after:
        # outside a region the creator's taskwait has completed the tasks
        after_region = ["#pragma omp barrier", "#pragma omp " + r.choice(["single", "master", "masked"]),
                        "{"] + indent(after) + ["}"]
    if ctx in ("orphan", "orphan serial"):
        fn = f"{blk.fname}_create"
        blk.extra_funcs.append(f"static void {fn}(void)\n{{\n" + "\n".join(indent(creator)) + "\n}\n")
        creator = [f"{fn}();"]
        if ctx == "orphan serial":
            blk.setup.extend(creator + (after or []))
            return
        ctx = r.choice(["single", "single", "master", "task"])
    if ctx == "serial":
        blk.setup.append("{")
        blk.setup.extend(indent(creator + (after or [])))
        blk.setup.append("}")
        return
    pcl, team = par_clauses(p, blk)
    if ctx.startswith("single"):
        body = ["#pragma omp " + ctx, "{"] + indent(creator) + ["}"]
    elif ctx == "master":
        body = ["#pragma omp master", "{"] + indent(creator) + ["}"]
    elif ctx == "masked":
        f = r.choice(["", " filter(0)", " filter(omp_get_num_threads() - 1)"])
        body = ["#pragma omp masked" + f, "{"] + indent(creator) + ["}"]
    elif ctx == "team":     # a construct that every thread meets (masked taskloop)
        body = list(creator)
    else:  # task
        body = ["#pragma omp single", "{", "#pragma omp task " + " ".join(task_misc(p)), "{"] \
            + indent(creator) + ["}", "}"]
        p.feat("task:creator is a task")
    if after:
        body += after_region
    body = list(region_decls) + body
    blk.setup.append("#pragma omp parallel " + " ".join(pcl))
    blk.setup.append("{")
    blk.setup.extend(indent(body))
    blk.setup.append("}")


def task_join(p, ctx, force=False):
    """The end of the creator: a taskwait, or nothing where the region's end waits."""
    if force or not task_in_region(ctx) or p.r.random() < 0.5:
        return ["#pragma omp taskwait"]
    return []


def task_red_types(op):
    """red_types for task and taskloop reductions: no complex types, no floating types with
    && and || (GCC 12: internal compiler error in fold_convert_loc for a taskloop)."""
    return [t for t in red_types(op) if t not in COMPLEX_RED
            and not (op in ("&&", "||") and t in FLOAT_RED)]


# --- recursive task trees -----------------------------------------------------------------------

def block_task_tree(p):
    """A recursive function: each node creates K child tasks that return results in shared
    storage (an array, scalars, or through a firstprivate pointer), waits (taskwait or
    taskgroup) and combines the children's results in order.  Cut-offs: if(d < C) (undeferred
    below), final(d >= C) (included tasks, checked with omp_in_final()).  Nodes also count
    themselves with atomic and critical updates."""
    blk = Block(p)
    r = p.r
    p.no_repeat = False
    ctx = task_ctx(p, blk)
    K = r.randint(1, 4)
    D = r.randint(1, {1: 7, 2: 6, 3: 4, 4: 3}[K])
    if r.random() < 0.15:
        D = {1: 30, 2: 10, 3: 6, 4: 5}[K]     # many tasks: up to about 2,000 nodes
        p.feat("task tree:big")
    style = r.choice(["array", "pointer", "scalars"])
    join = r.choice(["taskwait", "taskwait", "taskgroup"])
    cut = r.choice(["none", "if", "final", "final", "if+final"])
    C = r.randint(0, D)
    dn = r.random() < 0.25
    fn = f"{blk.fname}_rec"
    nodes = blk.declare("u64", "nodes", where="global")
    bad = blk.declare("u64", "bad", where="global")
    xs = blk.declare("u64", "xs", where="global")
    res = blk.declare("u64", "res")
    blk.setup.append(f"{nodes} = 0; {bad} = 0; {xs} = 0; {res} = 0;")
    f = [f"static u64 {fn}(int d, u64 key, int fin)", "{"]
    f.append("  u64 h = key * 31u + (DT_IN_FINAL(fin) ? 5u : 3u);")
    f.append(f"  if (DT_IN_FINAL(fin) != fin) {{")
    f.append("#pragma omp atomic")
    f.append(f"    {bad}++;")
    f.append("  }")
    f.append(f"#pragma omp atomic{r.choice(['', ' update', ' relaxed', ' seq_cst'])}")
    f.append(f"  {nodes} += key % 7u + 1u;")
    if r.random() < 0.4:
        f.append(f"#pragma omp critical{r.choice(['', '(dtlock)', f'(tk{blk.id})'])}")
        f.append(f"  {xs} ^= f1(key, (u64)d);")
        p.feat("task:critical")
    f.append("  if (d == 0)")
    f.append("    return h;")
    if style == "scalars":
        f.append("  u64 " + ", ".join(f"r{c} = 0" for c in range(K)) + ";")
    else:
        f.append(f"  u64 res[{K}] = {{ 0 }};")
    fexpr = "fin"
    cl = task_misc(p, reads_only="final" not in cut, if_final=cut == "none")
    if "final" in cut:
        cl.append(f"final(d >= {C})")
        fexpr = f"fin || d >= {C}"
        p.feat("task:final")
    if "if" in cut:
        cl.append(f"if(d < {C})" if r.random() < 0.7 else f"if(task: d < {C})")
        p.feat("task:if")
    f.append(f"  int fm = {fexpr};")
    if join == "taskgroup":
        f.append("#pragma omp taskgroup")
        f.append("  {")
        p.feat("task:taskgroup")
    creates = []
    for c in range(K) if style == "scalars" else [None]:
        cc = "c" if c is None else str(c)
        tcl = list(cl)
        if style == "array":
            tcl.append("shared(res)")
            stmt = f"res[{cc}] = {fn}(d - 1, key * {K}u + (u64){cc} + 1u, fm);"
            lst = ["d", "key", "fm"] + (["c"] if c is None else [])
            if dn:
                tcl += ["default(none)", "firstprivate(" + ", ".join(lst) + ")"]
        elif style == "pointer":
            stmt = f"*slot = {fn}(d - 1, key * {K}u + (u64){cc} + 1u, fm);"
            if dn:
                tcl += ["default(none)", "firstprivate(slot, d, key, fm" + (", c" if c is None else "") + ")"]
        else:
            tcl.append(f"shared(r{c})")
            stmt = f"r{c} = {fn}(d - 1, key * {K}u + {c + 1}u, fm);"
            if dn:
                tcl += ["default(none)", "firstprivate(d, key, fm)"]
        r.shuffle(tcl)
        pre = ["u64 *slot = &res[c];"] if style == "pointer" else []
        creates.append((pre, "#pragma omp task " + " ".join(tcl), stmt))
    if style == "scalars":
        for pre, d_, st in creates:
            f.append(d_)
            f.append("  " + st)
    else:
        pre, d_, st = creates[0]
        f.append(f"  for (int c = 0; c < {K}; c++) {{")
        for x in pre:
            f.append("    " + x)
        f.append(d_)
        f.append("    " + st)
        if r.random() < 0.1:
            f.append("#pragma omp taskyield")
            p.feat("taskyield")
        f.append("  }")
    if join == "taskgroup":
        f.append("  }")
    else:
        f.append("#pragma omp taskwait")
    if style == "scalars":
        for c in range(K):
            f.append(f"  h = mix(h, r{c});")
    else:
        f.append(f"  for (int c = 0; c < {K}; c++)")
        f.append("    h = mix(h, res[c]);")
    f.append("  return h;")
    f.append("}")
    blk.extra_funcs.append("\n".join(f) + "\n")
    key = r.randint(1, 10**6)
    creator = [f"{res} = {fn}({D}, {key}u, 0);"]
    if r.random() < 0.3:
        # the root as a task itself, with the result in a shared variable
        creator = [f"#pragma omp task shared({res}) " + " ".join(task_misc(p)),
                   f"  {res} = {fn}({D}, {key}u, 0);"] + task_join(p, ctx)
    task_wrap(p, blk, ctx, creator)
    blk.check("res_" + res, res)
    blk.check("nodes_" + nodes, nodes)
    blk.check("bad_" + bad, bad)
    blk.check("xs_" + xs, xs)
    p.feat(f"task tree:{style}:{join}:{cut}")
    return blk


# --- data sharing in every creation context -------------------------------------------------------

def block_task_sharing(p):
    """n tasks, each writing out[j]; their values come from variables with each data-sharing
    rule of tasks: the creating loop's index and locals of the creator (firstprivate by default,
    changed after the task is created), arrays, structs and VLAs (copied), pointers (the copy
    points to shared data), explicit private/firstprivate/shared, default(shared | none |
    firstprivate), statics and file-scope variables (shared), atomic and critical updates of
    shared counters, and a nested task reading its parent's copies."""
    blk = Block(p)
    r = p.r
    p.no_repeat = False
    ctx = p.pick(["single", "master", "task", "orphan", "serial", "orphan serial", "for",
                  "sections"], [20, 8, 10, 10, 8, 6, 16, 8])
    if ctx in ("orphan", "orphan serial", "serial"):
        blk.force_global = True
    p.feat("task ctx:" + ctx)
    n = r.randint(1, 14) if r.random() < 0.9 else r.randint(15, 400)
    out = blk.declare("u64", "tout", where=r.choice(["local", "global", "static"]), dims=f"[{n}]")
    blk.setup.append(f"for (int q = 0; q < {n}; q++) {out}[q] = 0;")
    outer_fp = None
    if r.random() < 0.4:
        outer_fp = blk.declare("long", "ofa", where=r.choice(["local", "global", "static"]), dims="[4]")
        blk.setup.append(f"for (int q = 0; q < 4; q++) {outer_fp}[q] = q * 3 + {r.randint(1, 50)};")
    st = None
    if r.random() < 0.3:
        st = blk.declare("long", "st", where="static")
        blk.setup.append(f"{st} = {r.randint(1, 999)};")
        p.feat("task:static local read")
    cnt = None
    if r.random() < 0.4:
        cnt = blk.declare("u64", "tcnt", where=r.choice(["local", "global"]))
        blk.setup.append(f"{cnt} = {r.randint(0, 9)};")
    crit = None
    if r.random() < 0.25:
        crit = blk.declare("u64", "tcr", where=r.choice(["local", "global"]))
        blk.setup.append(f"{crit} = 1;")
    # what the creator declares per task, what the task reads, its clauses
    pre = []       # creator statements before the task (j in scope)
    post = []      # creator statements after the task
    reads = []     # u64 expressions the task adds into out[j]
    tbody = []     # task statements before the write
    cl = []
    fp_names = ["j"]     # creator locals the task copies (for default(none) lists)
    sh_names = [out]
    writes_priv = False
    if r.random() < 0.7:
        pre.append(f"long v = (long)j * {r.randint(2, 9)} + {r.randint(0, 99)};")
        post.append("v = -1; (void)v;")
        reads.append("(u64)v")
        fp_names.append("v")
        p.feat("task:implicit firstprivate scalar")
    if r.random() < 0.4:
        pre.append("long arr[3] = { (long)j, (long)j * 2 + 1, 7 };")
        post.append("arr[1] = -5; (void)arr;")
        if r.random() < 0.5:
            tbody.append("arr[0] += 100;")
            writes_priv = True
        reads.append("(u64)(arr[0] + arr[1] + arr[2])")
        fp_names.append("arr")
        p.feat("task:firstprivate array")
    if r.random() < 0.3:
        pre.append("struct dts s; memset(&s, 0, sizeof s); s.a = (int)j + 4; s.b = 1000000007LL * (long long)j; s.d[2] = 3;")
        post.append("s.a = -9; (void)s;")
        reads.append("(u64)(s.a + s.b + s.d[2])")
        fp_names.append("s")
        p.feat("task:firstprivate struct")
    if r.random() < 0.3:
        m = r.randint(1, 5)
        pre.append(f"int m = {m} + (int)(j % 2); long vla[m]; for (int q = 0; q < m; q++) vla[q] = (long)j * q + 1;")
        post.append("vla[m - 1] = -3; (void)vla;")
        reads.append("(u64)(vla[m - 1] + m)")
        fp_names += ["m", "vla"]
        p.feat("task:firstprivate vla")
    region_decls = []
    if ctx in ("single", "master", "task") and r.random() < 0.4:
        # a local of the region: private to each implicit task, so firstprivate in the task
        c = r.randint(1, 999)
        region_decls.append(f"long rl = {c} + omp_get_num_threads() * 0;")
        reads.append("(u64)rl")
        fp_names.append("rl")
        post.append("rl += 1;")
        p.feat("task:region local")
    ptr = r.random() < 0.3
    if ptr:
        pre.append(f"u64 *pp = &{out}[j];")
        fp_names.append("pp")
        p.feat("task:pointer to shared")
    if r.random() < 0.25:
        cl.append("private(t)")
        pre.append("long t = -7; (void)t;")
        tbody.append("t = (long)j * 11;")
        reads.append("(u64)t")
        p.feat("task:private")
    if outer_fp and r.random() < 0.5 and ctx not in ("for", "sections"):
        # one creator: it changes the array after creating each task, which reads its copy
        cl.append(f"firstprivate({outer_fp})")
        post.append(f"{outer_fp}[0] += 1;")
        reads.append(f"(u64)({outer_fp}[0] + {outer_fp}[3])")
        p.feat("task:explicit firstprivate of a shared array")
    elif outer_fp:
        reads.append(f"(u64){outer_fp}[j % 4]")
        sh_names.append(outer_fp)
    if st:
        reads.append(f"(u64){st}")
        sh_names.append(st)
    acc = r.random() < 0.25
    if acc:
        pre.append("u64 acc = 0;")
        cl.append("shared(acc)")
        tbody.append("#pragma omp atomic\nacc += (u64)j + 1u;")
        post.append("#pragma omp taskwait")
        post.append(f"{out}[j] ^= acc << 20;")   # the creator's write: after the taskwait
        p.feat("task:shared creator local + taskwait")
    val = f"(u64)j * {r.randint(3, 10**6)}u" + "".join(f" + {x}" for x in reads)
    wr = f"*pp = {val};" if ptr else f"{out}[j] = {val};"
    tbody.append(wr)
    if cnt:
        tbody.append(f"#pragma omp atomic\n{cnt} += (u64)j * 3u + 1u;")
        sh_names.append(cnt)
        p.feat("task:atomic")
    if crit:
        tbody.append(f"#pragma omp critical\n{{ {crit} = {crit} * 3u + 0u; {crit} -= {crit} / 3u * 2u; {crit} += (u64)j; }}")
        sh_names.append(crit)
        p.feat("task:critical")
    nested = r.random() < 0.25
    if nested:
        # a child reads its parent's copies (firstprivate again) and writes a shared slot; with
        # acc, the parent's shared variable is shared in the child too
        o2 = blk.declare("u64", "tout2", where=r.choice(["local", "global"]), dims=f"[{n}]")
        blk.setup.append(f"for (int q = 0; q < {n}; q++) {o2}[q] = 0;")
        sh_names.append(o2)
        # (acc is a local of the creator: firstprivate in the child unless listed shared, even
        # though the parent shares it)
        nb = [f"#pragma omp task " + " ".join(task_misc(p) + (["shared(acc)"] if acc else [])),
              "{",
              f"  {o2}[j] = (u64)j * 5u" + "".join(f" + {x}" for x in reads) + ";"]
        if acc:
            nb.append("#pragma omp atomic\n  acc += 1000u;")
            p.feat("task:shared in the parent, shared in the child")
        nb.append("}")
        # (outside a region nothing but the parent waits for the child: the creator's
        # taskwait waits for its own children only)
        if acc or ctx in ("serial", "orphan serial") or r.random() < 0.5:
            nb.append("#pragma omp taskwait")
        tbody.extend(nb)
        blk.check_array("tout2_" + o2, o2, n, elem="u64")
        p.feat("task:nested")
    if r.random() < 0.12:
        # a parallel region inside the task (inactive unless nesting is allowed)
        pr = blk.declare("u64", "tpr", where=r.choice(["local", "global"]), dims=f"[{n}]")
        blk.setup.append(f"for (int q = 0; q < {n}; q++) {pr}[q] = 0;")
        sh_names.append(pr)
        combined = r.random() < 0.5 and known_ok("parallel-for-in-task")
        tbody += ["{ u64 ps = 0;"]
        if combined:
            tbody.append(f"#pragma omp parallel for reduction(+: ps) {r.choice(['', 'num_threads(2)', 'schedule(dynamic)'])}")
        else:
            tbody.append(f"#pragma omp parallel reduction(+: ps) {r.choice(['', 'num_threads(2)'])}")
            tbody.append(f"#pragma omp for {r.choice(['', 'schedule(dynamic)'])}")
        tbody += [f"  for (int q = 0; q < {r.randint(0, 40)}; q++) ps += (u64)q * (u64)(j + 1);",
                  f"  {pr}[j] = ps; }}"]
        blk.check_array("tpr_" + pr, pr, n, elem="u64")
        p.feat("task:parallel region in a task")
    default = r.choice(["", "", "", "shared", "none", "firstprivate"])
    if default == "none":
        listed = clause_vars(cl)
        fps = [x for x in fp_names if x not in listed and x not in ("acc",)]
        shs = [x for x in sh_names if x not in listed and not x.startswith("acc")]
        cl += ["default(none)"] + ([f"firstprivate({', '.join(fps)})"] if fps else []) \
            + ([f"shared({', '.join(shs)})"] if shs else [])
        p.feat("task:default(none)")
    elif default == "shared":
        # the creator's locals are shared now: list them firstprivate
        fps = [x for x in fp_names if x not in clause_vars(cl)]
        cl += ["default(shared)"] + ([f"firstprivate({', '.join(fps)})"] if fps else [])
        p.feat("task:default(shared)")
    elif default == "firstprivate":
        shs = [x for x in sh_names if x not in clause_vars(cl)]
        cl += ["default(firstprivate)"] + ([f"shared({', '.join(shs)})"] if shs else [])
        p.feat("task:default(firstprivate)")
    misc = task_misc(p, reads_only=not writes_priv)
    if r.random() < 0.1 and not any(c.startswith("if") for c in misc):
        misc.append(r.choice(["if(0)", "if(j % 2)"]))   # undeferred: the same results
        p.feat("task:undeferred")
    cl += misc
    r.shuffle(cl)
    task = ["#pragma omp task " + " ".join(cl), "{"] + indent(tbody) + ["}"]
    per_j = pre + task + post
    if ctx == "for":
        pcl, team = par_clauses(p, blk)
        sched = r.choice(["", "schedule(dynamic)", "schedule(static, 1)", "schedule(adaptive)",
                          "schedule(guided, 2)", "nowait"])
        jdecl = "int "
        if r.random() < 0.4:
            blk.decls.append("int j;")
            jdecl = ""
            p.feat("task:loop variable declared before the region")
        if r.random() < 0.5:
            blk.setup.append(f"#pragma omp parallel for {' '.join(pcl)} {sched if sched != 'nowait' else ''}")
            blk.setup.append(f"for ({jdecl}j = 0; j < {n}; j++) {{")
            blk.setup.extend(indent(per_j))
            blk.setup.append("}")
        else:
            blk.setup.append("#pragma omp parallel " + " ".join(pcl))
            blk.setup.append("{")
            blk.setup.append(f"#pragma omp for {sched}")
            blk.setup.append(f"  for ({jdecl}j = 0; j < {n}; j++) {{")
            blk.setup.extend(indent(per_j, 4))
            blk.setup.append("  }")
            if r.random() < 0.5:
                blk.setup.append("#pragma omp taskwait")
            blk.setup.append("}")
        p.feat("task ctx:for")
    elif ctx == "sections":
        pcl, team = par_clauses(p, blk)
        cuts = sorted(r.sample(range(0, n + 1), min(n + 1, r.randint(1, 3))))
        bounds = [0] + [c for c in cuts if 0 < c < n] + [n]
        blk.setup.append("#pragma omp parallel sections " + " ".join(pcl))
        blk.setup.append("{")
        for a, b in zip(bounds, bounds[1:]):
            blk.setup.append("#pragma omp section")
            blk.setup.append(f"  for (int j = {a}; j < {b}; j++) {{")
            blk.setup.extend(indent(per_j, 4))
            blk.setup.append("  }")
        blk.setup.append("}")
    else:
        creator = [f"for (int j = 0; j < {n}; j++) {{"] + indent(per_j) + ["}"] + task_join(p, ctx)
        task_wrap(p, blk, ctx, creator, task_after(p, blk, out, n), region_decls)
    blk.check_array("tout_" + out, out, n, elem="u64")
    if outer_fp:
        blk.check_array("ofa_" + outer_fp, outer_fp, 4, elem="long")
    if cnt:
        blk.check("cnt_" + cnt, cnt)
    if crit:
        blk.check("crit_" + crit, crit)
    return blk


# --- dependences --------------------------------------------------------------------------------

def block_task_depend(p):
    """Sibling tasks ordered by dependences over scalars, array elements and array sections
    (cells: identical or disjoint storage only), depobj objects, a wavefront loop.  Updates do
    not commute (x = x * 3 + c) except under mutexinoutset (x += c), so the output shows the
    order the dependences enforce.  Readers (depend in) snapshot values; the creator reads after
    `taskwait depend` and after undeferred tasks (if(0)); detached tasks are fulfilled by the
    creator or by another task."""
    blk = Block(p)
    r = p.r
    p.no_repeat = False
    ctx = task_ctx(p, blk)
    units = []    # (name in C for reading/writing element q, depend item spellings, length)
    ns = r.randint(1, 4)
    for _ in range(ns):
        x = blk.declare("u64", "dx", where=r.choice(["local", "global", "static"]))
        blk.setup.append(f"{x} = {r.randint(1, 99)};")
        items = [x]
        if r.random() < 0.3:
            items += [f"*dp{len(units)}", f"dp{len(units)}[0]"]   # the same storage, through a pointer
            p.feat("depend:through a pointer")
        units.append({"name": x, "items": items, "len": 1, "elem": lambda q, x=x: x})
    arr = None
    if r.random() < 0.7:
        N = r.randint(2, 12)
        arr = blk.declare("u64", "da", where=r.choice(["local", "global", "static"]), dims=f"[{N}]")
        blk.setup.append(f"for (int q = 0; q < {N}; q++) {arr}[q] = (u64)q + 1u;")
        lo = 0
        while lo < N and len(units) < 8:
            ln = r.choice([1, 1, 2, 3])
            ln = min(ln, N - lo)
            if r.random() < 0.3:
                lo += ln   # a gap: a cell nobody names
                continue
            items = [f"{arr}[{lo}:{ln}]"]
            if ln == 1:
                items += [f"{arr}[{lo}]", f"{arr}[{lo}]"]
            if lo == 0:
                items.append(f"{arr}[:{ln}]")
            items.append(f"{arr}[{lo} + 0 * dq:{ln}]")
            items.append(f"dpa[{lo}:dl{ln}]")   # a pointer base, a variable length
            units.append({"name": f"{arr}[{lo}..{lo + ln})", "items": items, "len": ln,
                          "elem": (lambda q, a=arr, lo=lo: f"{a}[{lo} + {q}]"), "arr": True})
            lo += ln
        p.feat("depend:array sections")
    snapN = 0
    snap = blk.declare("u64", "snap", where=r.choice(["local", "global"]), dims="[64]")
    blk.setup.append(f"for (int q = 0; q < 64; q++) {snap}[q] = 0;")
    creator = ["int dq = 0; (void)dq;"]
    for i, u in enumerate(units):
        if any(it.startswith("*dp") for it in u["items"]):
            creator.append(f"u64 *dp{i} = &{u['name']};")
    if arr:
        creator.append(f"u64 *dpa = {arr}; (void)dpa;")
        creator.append("int dl1 = 1, dl2 = 2, dl3 = 3; (void)dl1; (void)dl2; (void)dl3;")
    depobjs = {}   # unit index -> (name, kind)
    events = []    # pending detach events (fulfilled by the creator)
    nt = r.randint(3, 22)
    ev_n = 0
    no_wait = False

    def upd(u, how, c):
        """Statements updating unit u: how = 'mul' (x = x * 3 + c), 'set' (x = c),
        'add' (x += c, commutative), 'mix' (x = x * 5 + c ^ ...)."""
        out = []
        for q in range(u["len"]):
            e = u["elem"](q)
            if how == "mul":
                out.append(f"{e} = {e} * 3u + {c + q}u;")
            elif how == "set":
                out.append(f"{e} = {c + q}u;")
            elif how == "add":
                out.append(f"{e} += {c + q}u;")
        return out

    def rd(u):
        return " ^ ".join(f"({u['elem'](q)} << {q})" for q in range(u["len"]))

    def item(u):
        return r.choice(u["items"])

    for t in range(nt):
        kind = p.pick(["mul", "set", "read", "diamond", "mutex", "depobj", "undeferred",
                       "twdep", "detach", "nest"], [24, 6, 14, 14, 8, 6, 5, 5, 4, 4])
        c = r.randint(1, 999)
        misc = task_misc(p)
        if kind == "detach" and not task_in_region(ctx):
            # libgomp 12 runs a task created outside any region at once, and waits there for
            # its event (a detached task never completes before the creator fulfils it)
            kind = "mul"
        if kind in ("undeferred", "twdep") and no_wait:
            kind = "mul"     # could wait for a task that only another task fulfils
        if kind in ("undeferred", "twdep") and events:
            for ev in events:
                creator.append(f"omp_fulfill_event({ev});")
            events = []
        if kind in ("mul", "set", "detach"):
            u = r.choice(units)
            dk = {"mul": "inout", "set": "out", "detach": "inout"}[kind]
            if kind == "set" and r.random() < 0.3:
                dk = "inout"
            cl = [f"depend({dk}: {item(u)})"] + misc
            body = upd(u, "set" if kind == "set" else "mul", c)
            if kind == "detach":
                cl = [x for x in cl if x != "mergeable"]
                ev = f"ev{ev_n}"
                ev_n += 1
                creator.append(f"omp_event_handle_t {ev};")
                cl.append(f"detach({ev})")
                p.feat("task:detach")
                if r.random() < 0.5:
                    events.append(ev)
                else:
                    # fulfilled by a task that depends on nothing
                    cl_f = ["#pragma omp task firstprivate(" + ev + ")", f"  omp_fulfill_event({ev});"]
                    creator.append("#pragma omp task " + " ".join(cl))
                    creator.append("{ " + " ".join(body) + " }")
                    creator.extend(cl_f)
                    no_wait = True
                    continue
            creator.append("#pragma omp task " + " ".join(cl))
            creator.append("{ " + " ".join(body) + " }")
            p.feat("depend:" + dk)
        elif kind in ("read", "diamond"):
            k = min(len(units), r.randint(1, 3))
            us = r.sample(units, k)
            h = " + ".join(f"mix({i + 1}u, {rd(u)})" for i, u in enumerate(us))
            if kind == "read" or len(units) == k:
                if snapN >= 64:
                    continue
                cl = [f"depend(in: {', '.join(item(u) for u in us)})"] if r.random() < 0.5 else \
                    [f"depend(in: {item(u)})" for u in us]
                creator.append("#pragma omp task " + " ".join(cl + misc))
                creator.append(f"{{ {snap}[{snapN}] = {h}; }}")
                snapN += 1
                p.feat("depend:in")
            else:
                v = r.choice([u for u in units if u not in us])
                cl = [f"depend(in: {', '.join(item(u) for u in us)})", f"depend(inout: {item(v)})"]
                r.shuffle(cl)
                body = [f"{v['elem'](q)} = {v['elem'](q)} * 5u + ({h});" for q in range(v["len"])]
                creator.append("#pragma omp task " + " ".join(cl + misc))
                creator.append("{ " + " ".join(body) + " }")
                p.feat("depend:diamond")
        elif kind == "mutex":
            u = r.choice(units)
            for _ in range(r.randint(1, 4)):
                creator.append(f"#pragma omp task depend(mutexinoutset: {item(u)}) " + " ".join(task_misc(p)))
                creator.append("{ " + " ".join(upd(u, "add", r.randint(1, 999))) + " }")
            p.feat("depend:mutexinoutset")
        elif kind == "depobj":
            i = r.randrange(len(units))
            u = units[i]
            if i not in depobjs:
                o = f"dob{i}"
                dk = r.choice(["inout", "in"])
                creator.append(f"omp_depend_t {o};")
                creator.append(f"#pragma omp depobj({o}) depend({dk}: {item(u)})")
                depobjs[i] = [o, dk]
            elif r.random() < 0.4:
                o = depobjs[i][0]
                dk = "in" if depobjs[i][1] == "inout" else "inout"
                creator.append(f"#pragma omp depobj({o}) update({dk})")
                depobjs[i][1] = dk
                p.feat("depobj:update")
            o, dk = depobjs[i]
            creator.append(f"#pragma omp task depend(depobj: {o}) " + " ".join(misc))
            if dk == "in":
                if snapN >= 64:
                    continue
                creator.append(f"{{ {snap}[{snapN}] = mix(9u, {rd(u)}); }}")
                snapN += 1
            else:
                creator.append("{ " + " ".join(upd(u, "mul", c)) + " }")
            p.feat("depobj:" + dk)
        elif kind in ("undeferred", "twdep"):
            u = r.choice(units)
            if snapN >= 64:
                continue
            if kind == "undeferred":
                creator.append(f"#pragma omp task if(0) depend(inout: {item(u)})")
                creator.append("{ " + " ".join(upd(u, "mul", c)) + " }")
                p.feat("depend:undeferred")
            else:
                dk = r.choice(["in", "inout", "out"])
                creator.append(f"#pragma omp taskwait depend({dk}: {item(u)})")
                if dk != "in":
                    creator.extend(upd(u, "mul", c))
                p.feat("taskwait depend")
            creator.append(f"{snap}[{snapN}] = mix(7u, {rd(u)});")
            snapN += 1
        else:  # nest: children with their own dependences on the task's locals
            u = r.choice(units)
            m = r.randint(2, 5)
            nb = [f"u64 l[{m}] = {{ 0 }};"]
            for q in range(m):
                dep = r.choice(["depend(inout: l[0], l[1])", "depend(inout: l[1]) depend(inout: l[0])",
                                "depend(in: l[0]) depend(inout: l[1])"])
                nb.append(f"#pragma omp task shared(l) {dep}")
                nb.append(f"{{ l[0] = l[0] * 3u + {q + 1}u; l[1] = l[1] * 7u + l[0]; }}" if "in:" not in dep else
                          f"{{ l[1] = l[1] * 7u + l[0] + {q}u; }}")
            nb.append("#pragma omp taskwait")
            nb += [f"{u['elem'](q)} = {u['elem'](q)} * 3u + l[0] + l[1];" for q in range(u["len"])]
            creator.append(f"#pragma omp task depend(inout: {item(u)}) " + " ".join(misc))
            creator.append("{")
            creator.extend(indent(nb))
            creator.append("}")
            p.feat("depend:nested domain")
    for ev in events:
        creator.append(f"omp_fulfill_event({ev});")
    # a wavefront over a 2-D array: each cell after its upper and left neighbours
    if r.random() < 0.35:
        R_, C_ = r.randint(1, 5), r.randint(1, 5)
        g = blk.declare("u64", "wave", where=r.choice(["local", "global"]), dims=f"[{R_}][{C_}]")
        blk.setup.append(f"for (int q = 0; q < {R_}; q++) for (int w = 0; w < {C_}; w++) {g}[q][w] = (u64)(q * 7 + w);")
        creator.append(f"for (int i = 0; i < {R_}; i++)")
        creator.append(f"  for (int j = 0; j < {C_}; j++) {{")
        creator.append(f"    if (i > 0 && j > 0) {{")
        creator.append(f"#pragma omp task depend(in: {g}[i - 1][j], {g}[i][j - 1]) depend(inout: {g}[i][j])")
        creator.append(f"      {g}[i][j] = {g}[i][j] * 3u + {g}[i - 1][j] + ({g}[i][j - 1] ^ 5u);")
        creator.append("    } else if (i > 0) {")
        creator.append(f"#pragma omp task depend(in: {g}[i - 1][j]) depend(inout: {g}[i][j])")
        creator.append(f"      {g}[i][j] = {g}[i][j] * 5u + {g}[i - 1][j];")
        creator.append("    } else if (j > 0) {")
        creator.append(f"#pragma omp task depend(in: {g}[i][j - 1]) depend(inout: {g}[i][j])")
        creator.append(f"      {g}[i][j] = {g}[i][j] * 7u + {g}[i][j - 1];")
        creator.append("    }")
        creator.append("  }")
        blk.checks.append(f"{{ u64 h_ = 0; for (int q = 0; q < {R_}; q++) for (int w = 0; w < {C_}; w++) h_ = mix(h_, {g}[q][w]);")
        blk.checks.append(f'  printf("{blk.fname}.wave %016llx\\n", h_); }}')
        p.feat("depend:wavefront")
    for i, (o, dk) in depobjs.items():
        if r.random() < 0.5:
            creator.append(f"#pragma omp depobj({o}) destroy")
    creator += task_join(p, ctx)
    task_wrap(p, blk, ctx, creator, task_after(p, blk, snap, 64))
    for u in units:
        if "arr" not in u:
            blk.check("dx_" + u["name"], u["name"])
    if arr:
        blk.check_array("da_" + arr, arr, N, elem="u64")
    blk.check_array("snap_" + snap, snap, max(snapN, 1), elem="u64")
    return blk


# --- taskloop -------------------------------------------------------------------------------------

def block_taskloop(p, combined=False):
    """A taskloop over a loop nest of gen_level's kinds (index types, steps, bounds), with
    grainsize or num_tasks (strict or not), collapse, firstprivate, lastprivate, private,
    reductions (+ * min max & | ^ && ||), nogroup (then a taskwait), if and final (the body
    asks omp_in_final()), inside a taskgroup with task_reduction and in_reduction, atomic and
    critical updates.  With p.omp5 also non-rectangular nests, `taskloop simd` and the combined
    forms of taskloop_combined (always where they fit with combined)."""
    blk = Block(p)
    r = p.r
    p.no_repeat = False
    blk.no_register = True
    ctx = task_ctx(p, blk, ["master", "masked", "serial"] if combined else None)
    S5 = LoopSpec()     # (non-rectangular nests: gen_nonrect's results)
    S5.nonrect, S5.nr_lastrow = None, True
    # (not outside any region: libgomp 12 then hangs in a later region, at 1 thread too)
    if p.omp5 and task_in_region(ctx) and r.random() < 0.15:
        levels, N = gen_nonrect(p, blk, S5)
        ns, pre = [levels[0].n, N], []
    else:
        levels, ns, N, pre = taskloop_levels(p, blk)
    collapse = len(levels)
    if any(L.gcc_unspecified for L in levels):
        blk.gcc_unspecified = True
    outN = max(N, 1)
    cl = []
    body = []
    if collapse == 1:
        body.append(f"long long k = {levels[0].slot};")
    elif S5.nonrect:
        body.append(f"long long k = {S5.nonrect}[{levels[0].slot}] + {levels[1].slot};")
        cl.append("collapse(2)")
    else:
        body.append(f"long long k = {levels[0].slot} * {ns[1]} + {levels[1].slot};")
        cl.append("collapse(2)")
        p.feat("taskloop:collapse")
    iv = " ^ ".join(f"({L.ival} << {3 * i})" for i, L in enumerate(levels))
    out = blk.declare("u64", "tlo", where=r.choice(["local", "global", "static"]), dims=f"[{outN}]")
    blk.setup.append(f"for (int q = 0; q < {outN}; q++) {out}[q] = 0;")
    extra = []
    g = r.random()
    if g < 0.35:
        cl.append(f"grainsize({r.choice(['', '', 'strict: '])}{r.choice([1, 2, 3, 5, 8, 17, 100])})")
        p.feat("taskloop:grainsize")
    elif g < 0.7:
        cl.append(f"num_tasks({r.choice(['', '', 'strict: '])}{r.choice([1, 2, 3, 4, 7, 16, 200])})")
        p.feat("taskloop:num_tasks")
    if r.random() < 0.3:
        f = blk.declare(r.choice(["int", "long", "u64"]), "tfp", where=r.choice(["local", "global"]))
        blk.setup.append(f"{f} = {r.randint(1, 999)};")
        cl.append(f"firstprivate({f})")
        extra.append(f"(u64){f}")
        p.feat("taskloop:firstprivate")
    if r.random() < 0.2:
        f = blk.declare("long", "tfa", where=r.choice(["local", "global"]), dims="[3]")
        blk.setup.append(f"{f}[0] = 5; {f}[1] = 6; {f}[2] = {r.randint(1, 99)};")
        cl.append(f"firstprivate({f})")
        extra.append(f"(u64){f}[k % 3]")
        p.feat("taskloop:firstprivate array")
    if r.random() < 0.2:
        t = blk.declare("long", "tpv", where=r.choice(["local", "global"]))
        cl.append(f"private({t})")
        body.append(f"{t} = (long)(k * 13);")
        extra.append(f"(u64){t}")
        p.feat("taskloop:private")
    nogroup = r.random() < 0.2
    fin = None
    if r.random() < 0.3:
        fin = r.choice(["final(1)", "final(0)", "if(0)", "if(1)", "fv"])
        if fin == "fv":
            fv = blk.declare("int", "fv")
            on = r.randint(0, 1)
            blk.setup.append(f"{fv} = {on};")
            fin = f"final({fv} > 0)"
            fe = str(on)
        else:
            fe = "1" if fin == "final(1)" else "0"
        cl.append(fin)
        extra.append(f"(u64)(DT_IN_FINAL({fe}) ? 1000u : 1u)")
        p.feat("taskloop:" + fin.split("(")[0])
    if r.random() < 0.2:
        cl.append(r.choice(["untied", f"priority({r.randint(0, 3)})"]))
    results = []
    if N > 0 and r.random() < 0.35:
        x = blk.declare(r.choice(["long", "u64", "int"]), "tlp", where=r.choice(["local", "global"]))
        blk.setup.append(f"{x} = -1;")
        body.append(f"{x} = ({p.vars[x].ctype})(k * 7 + 3);")
        cl.append(f"lastprivate({x})")
        blk.check("lp_" + x, x)
        p.feat("taskloop:lastprivate")
    lpv = [L for L in levels if L.decl is not None]
    if lpv and N > 0 and S5.nr_lastrow and r.random() < 0.5:
        cl.append("lastprivate(" + ", ".join(L.var for L in lpv) + ")")
        for L in lpv:
            blk.check("lpvar_" + L.var, L.term)
        p.feat("taskloop:lastprivate loopvar")
    ingroup = None
    reds = []
    if r.random() < 0.5:
        byop = {}
        for _ in range(r.randint(1, 3)):
            op = r.choice(["+", "*", "min", "max", "&", "|", "^", "&&", "||", "-"])
            T = r.choice(task_red_types(op))
            x = blk.declare(T, "tr", where=r.choice(["local", "global", "static"]))
            init, st = red_stmt(p, op, T, x, N)
            blk.setup.append(f"{x} = {init};")
            body.append(st)
            byop.setdefault(op, []).append(x)
            blk.check("red_" + x, x, kind_of(T))
            p.feat(f"taskloop reduction:{op}")
        if not task_in_region(ctx):
            nogroup = False     # (reductions with nogroup need a task_reduction: LIBGOMP_SERIAL_TRED)
        if nogroup or (r.random() < 0.3 and task_in_region(ctx)):
            ingroup = byop
            p.feat("taskloop:in_reduction")
        else:
            for op, xs in byop.items():
                cl.append(f"reduction({op}: {', '.join(xs)})")
    if nogroup:
        cl.append("nogroup")
        p.feat("taskloop:nogroup")
    if ingroup:
        for op, xs in ingroup.items():
            cl.append(f"in_reduction({op}: {', '.join(xs)})")
    if r.random() < 0.2:
        a = blk.declare("u64", "tat", where=r.choice(["local", "global"]))
        blk.setup.append(f"{a} = 0;")
        body.append(f"#pragma omp atomic\n{a} += (u64)k * 3u + 1u;")
        blk.check("at_" + a, a)
        p.feat("taskloop:atomic")
    if r.random() < 0.1:
        body.append("#pragma omp taskyield")
    if ctx not in ("serial", "orphan serial") and r.random() < 0.2:
        cl.append(f"shared({out})")
    c = r.randint(1, 10**6)
    ext = "".join(f" + {e}" for e in extra)
    body.append(f"{out}[k] = ((u64)k * {c}u + ({iv})){ext};")
    for L in levels:
        if L.pointer and collapse == 1:
            body.append(f"*{L.var} = ({L.itype[4:]})({L.var}[0] + (k & 7));")
            blk.check_array("pb_" + L.base, L.base, L.base_size,
                            elem="double" if L.itype == "ptr:double" else "int")
    r.shuffle(cl)
    loop = []
    for L in levels:
        if L.decl:
            if ctx in ("orphan", "orphan serial", "serial") or blk.force_global:
                p.globals.append("static " + L.decl)
            else:
                blk.decls.append(L.decl)
            p.vars[L.var] = Var(L.var, L.itype, "local")
    for i, L in enumerate(levels):
        loop.append("  " * i + L.header + (" {" if i == collapse - 1 else ""))
    for b in body:
        for x in b.split("\n"):
            loop.append("  " * collapse + x if not x.startswith("#pragma") else x)
    loop.append("  " * (collapse - 1) + "}")
    tl = "taskloop"
    if p.omp5 and "taskyield" not in "\n".join(body) and r.random() < 0.25:
        tl = "taskloop simd"
        p.feat("taskloop simd")
    creator = [f"#pragma omp {tl} " + " ".join(cl)] + loop
    if nogroup:
        creator.append("#pragma omp taskwait")
    if ingroup:
        tr = " ".join(f"task_reduction({op}: {', '.join(xs)})" for op, xs in ingroup.items())
        creator = ["#pragma omp taskgroup " + tr, "{"] + indent(creator) + ["}"]
    blk.setup.extend(pre)
    if p.omp5 and not nogroup and not ingroup and ctx in ("master", "masked", "serial") \
            and (combined or r.random() < 0.5):
        taskloop_combined(p, blk, ctx, tl, cl, loop, out, outN)
    else:
        task_wrap(p, blk, ctx, creator, task_after(p, blk, out, outN))
    blk.check_array("tlo_" + out, out, outN, elem="u64")
    return blk


def block_taskloop5(p):
    """block_taskloop in the contexts of its combined forms (master taskloop, ...)."""
    return block_taskloop(p, combined=True)


def taskloop_levels(p, blk):
    """block_taskloop's rectangular nest: (levels, trip counts, total, set-up statements)."""
    r = p.r
    collapse = 1 if r.random() < 0.75 else 2
    levels = []
    ns = []
    pre = []
    for lvl in range(collapse):
        x = r.random()
        n = 0 if x < 0.06 else r.randint(1, 12) if x < 0.5 else r.randint(13, 150 if collapse == 1 else 20)
        it = p.pick(["int", "long", "unsigned", "long long", "unsigned long", "short", "char",
                     "unsigned char", "size_t", "ptr:int", "ptr:double"], [30, 8, 6, 4, 4, 3, 3, 3, 3, 3, 2])
        decl_in = r.random() < 0.8
        vn = ["i", "j"][lvl] + ("" if decl_in else str(blk.id))
        L = gen_level(p, blk, n, it, vn, decl_in)
        levels.append(L)
        ns.append(L.n)
        pre.extend(L.pre)
        p.feat("taskloop index:" + it)
    N = 1
    for n in ns:
        N *= n
    return levels, ns, N, pre


def taskloop_combined(p, blk, ctx, tl, cl, loop, out, outN):
    """The combined forms of OpenMP 5.1 (p.omp5): `master taskloop [simd]` and `masked taskloop
    [simd] [filter(e)]` in a region, where every thread meets the construct and the filter's
    thread creates the tasks; outside any region (ctx serial) `parallel master taskloop` and
    `parallel masked taskloop` around them (an `if` of the taskloop's applies to both)."""
    r = p.r
    d = r.choice(["master", "masked", "masked", "masked"])
    if d == "masked":
        cl = cl + [r.choice(["", "filter(0)", "filter(omp_get_num_threads() - 1)"])]
    p.feat(f"{'parallel ' if ctx == 'serial' else ''}{d} {tl}")
    if ctx != "serial":
        task_wrap(p, blk, "team", [f"#pragma omp {d} {tl} " + " ".join(cl)] + loop,
                  task_after(p, blk, out, outN))
        return
    pcl, team = par_clauses(p, blk)
    if any(c.startswith("if(") for c in cl):
        pcl = [c for c in pcl if not c.startswith("if(")]
    blk.setup.extend([f"#pragma omp parallel {d} {tl} " + " ".join(pcl + cl)] + loop)


# --- task reductions ------------------------------------------------------------------------------

def block_task_reduction(p):
    """taskgroup task_reduction(op: ...) with tasks in_reduction(op: ...) created in a loop,
    children of those tasks also participating, and a taskloop in_reduction; the values come
    from red_stmt over distinct k, so that any order gives the same result."""
    blk = Block(p)
    r = p.r
    p.no_repeat = False
    ctx = task_ctx(p, blk, [c for c in TASK_CTX if task_in_region(c)])   # (LIBGOMP_SERIAL_TRED)
    n = r.randint(0, 12)
    nest = r.random() < 0.4 and known_ok("nested-in-reduction")
    m = r.randint(0, 30) if r.random() < 0.4 else 0
    N = n * (2 if nest else 1) + m
    byop = {}
    stmts = []
    for _ in range(r.randint(1, 3)):
        op = r.choice(["+", "*", "min", "max", "&", "|", "^", "&&", "||", "-"])
        T = r.choice(task_red_types(op))
        x = blk.declare(T, "trd", where=r.choice(["local", "global", "static"]))
        init, st = red_stmt(p, op, T, x, N)
        blk.setup.append(f"{x} = {init};")
        byop.setdefault(op, []).append(x)
        stmts.append((op, x, st))
        blk.check("red_" + x, x, kind_of(T))
        p.feat(f"task_reduction:{op}:{T}")
    inred = " ".join(f"in_reduction({op}: {', '.join(xs)})" for op, xs in byop.items())
    tred = " ".join(f"task_reduction({op}: {', '.join(xs)})" for op, xs in byop.items())
    body = [f"for (int t = 0; t < {n}; t++) {{"]
    tb = ["long long k = t;"] + [st for _, _, st in stmts]
    if nest:
        tb += [f"#pragma omp task {inred}", "{", f"  long long k = t + {n};"] + \
              ["  " + st for _, _, st in stmts] + ["}"]
        p.feat("in_reduction:nested task")
    body += [f"#pragma omp task {inred} " + " ".join(task_misc(p, reads_only=False)), "{"] + indent(tb, 4) + ["}"]
    body.append("}")
    if m:
        body.append(f"#pragma omp taskloop {inred} {r.choice(['', 'grainsize(3)', 'num_tasks(4)'])}")
        body.append(f"for (int i = 0; i < {m}; i++) {{")
        body.append(f"  long long k = i + {N - m};")
        body += ["  " + st for _, _, st in stmts]
        body.append("}")
        p.feat("in_reduction:taskloop")
    creator = [f"#pragma omp taskgroup {tred}", "{"] + indent(body) + ["}"]
    task_wrap(p, blk, ctx, creator)
    return blk


# ---------------------------------------------------------------------------------------------
# Device blocks (--kinds device): target, target data/update/enter/exit, teams, distribute and
# their combined forms, as gcc -fopenmp runs them without an offload device (the host is the
# device).  The serial build has no target data environment and no league: DT_DEV(o, s) is o
# with OpenMP and s in the serial build, where an assignment to a firstprivate scalar of a
# target region stays visible and a league has one team.
# ---------------------------------------------------------------------------------------------

DEV_PRELUDE = r"""/* device blocks: the serial build has one team and no firstprivate copies in target regions */
#ifdef _OPENMP
#define DT_DEV(o, s) (o)
#else
#define DT_DEV(o, s) (s)
static int omp_get_team_num(void) { return 0; }
static int omp_get_num_teams(void) { return 1; }
static int omp_get_level(void) { return 0; }
static int omp_is_initial_device(void) { return 1; }
static int omp_get_default_device(void) { return 0; }
#endif
"""


def dev_prelude(p):
    p.once("device", DEV_PRELUDE)


def dev_array(p, blk, ctype, what, n, init):
    """An array of n elements of ctype: local, static, file scope or heap.  Returns (name,
    map item for the whole array: a section for the heap one)."""
    r = p.r
    where = p.pick(["local", "static", "global", "heap"], [4, 2, 2, 2])
    if where == "heap":
        nm = blk.declare(f"{ctype} *", what)
        blk.setup.append(f"{nm} = malloc({n} * sizeof({ctype}));")
        blk.frees.append(nm)
        item = r.choice([f"{nm}[0:{n}]", f"{nm}[:{n}]"])
        p.feat("device:heap array mapped by section")
    else:
        nm = blk.declare(ctype, what, where, dims=f"[{n}]")
        item = r.choice([nm, nm, f"{nm}[0:{n}]", f"{nm}[:{n}]"])
    blk.setup.append(f"for (int q = 0; q < {n}; q++) {nm}[q] = ({ctype})({init});")
    return nm, item


def dev_map(p, kind, item, target=True):
    """A map clause (sometimes with the always modifier)."""
    if target and p.chance(0.15):
        return f"map(always, {kind}: {item})"
    return f"map({kind}: {item})"


DEV_REDS = [("+", "long long", "0"), ("+", "unsigned", "1"), ("^", "u64", "0"),
            ("max", "int", "-5"), ("min", "long", "100000"), ("|", "u64", "0"),
            ("+", "double", "0.5"), ("*", "u64", "1"), ("&", "unsigned", "~0u")]


def dev_red_update(op, x, e):
    if op in ("+", "^", "|", "&"):
        return f"{x} {op}= {e};"
    if op == "*":
        return f"{x} *= (u64)(({e}) | 1);"
    if op == "max":
        return f"if ({e} > {x}) {x} = {e};"
    return f"if ({e} < {x}) {x} = {e};"


class DevLoop:
    pass


def dev_loop(p, blk, cons, inside_target):
    """A loop nest (1 or 2 levels) for the loop construct cons (the directive's words, e.g.
    "target teams distribute parallel for simd") with the clauses it allows: collapse,
    dist_schedule, schedule, num_threads, num_teams, thread_limit, private, firstprivate,
    lastprivate (also of the loop variable), reduction.  The body writes out[] at the logical
    iteration.  Returns a DevLoop: clauses, code, the output array."""
    r = p.r
    S = DevLoop()
    words = cons.split()
    has = lambda w: w in words
    par_for = has("for")
    dist = has("distribute")
    simd = has("simd")
    teams = has("teams")
    target = has("target")
    levels = 2 if r.random() < 0.4 else 1
    n1 = r.randint(1, 23)
    n2 = r.randint(1, 9) if levels == 2 else 1
    total = n1 * n2
    itype = r.choice(["int", "long", "unsigned", "long long", "short"])
    lo1 = r.randint(-5, 5) if itype not in ("unsigned",) else r.randint(0, 5)
    st1 = r.choice([1, 1, 2, 3])
    down = r.random() < 0.25 and itype != "unsigned"
    cl = []
    code = []
    out, outitem = dev_array(p, blk, "long long", "out", total, "-1")
    inp, inpitem = dev_array(p, blk, "int", "in", total, "(q * 7) % 13 - 4")
    # the loop variables: in the for, or declared before it (then lastprivate sometimes)
    i_decl = r.random() < 0.7
    i = blk.name("i")
    j = blk.name("j")
    if not i_decl:
        blk.decls.append(f"{itype} {i};")
    if down:
        hi1 = lo1 + st1 * (n1 - 1)
        l1 = f"for ({itype + ' ' if i_decl else ''}{i} = {hi1}; {i} >= {lo1}; {i} -= {st1})"
        k1 = f"(({hi1} - (long long){i}) / {st1})"
        last_i = lo1 - st1
    else:
        l1 = f"for ({itype + ' ' if i_decl else ''}{i} = {lo1}; {i} < {lo1 + st1 * n1}; {i} += {st1})"
        k1 = f"(((long long){i} - {lo1}) / {st1})"
        last_i = lo1 + st1 * n1
    lines = [l1]
    if levels == 2:
        lines.append(f"  for (int {j} = 0; {j} < {n2}; {j}++)")
        kk = f"({k1} * {n2} + {j})"
    else:
        kk = k1
    if levels == 2:
        cl.append("collapse(2)")
        p.feat("device:collapse(2)")
    # data-sharing clauses
    fp = blk.name("fp")
    blk.decls.append(f"int {fp} = {r.randint(-9, 9)};")
    if r.random() < 0.5 and words not in (["simd"], ["for"]):  # (fp is private in the target)
        cl.append(f"firstprivate({fp})")
    body = []
    val = f"(long long){inp}[{kk}] * 3 + {fp} + {kk}"
    if r.random() < 0.4:
        pv = blk.name("pv")
        blk.decls.append(f"long long {pv} = 0;")
        cl.append(f"private({pv})")
        body.append(f"{pv} = {val};")
        val = f"{pv} * 2 - 1"
        p.feat("device:private")
    body.append(f"{out}[{kk}] = {val};")
    if not inside_target or target:
        pass
    # lastprivate: a scalar, or the loop variable itself
    lp_ok = par_for or dist or simd
    if lp_ok and r.random() < 0.5:
        lpv = blk.name("lp")
        blk.decls.append(f"long long {lpv} = -3;")
        cl.append(f"lastprivate({lpv})")
        body.append(f"{lpv} = {out}[{kk}] + {kk};")
        blk.check("lp_" + lpv, lpv)
        p.feat("device:lastprivate")
    if lp_ok and not i_decl and r.random() < 0.6:
        cl.append(f"lastprivate({i})")
        blk.check("lpi_" + i, i)
        p.feat("device:lastprivate loop variable")
    # reductions: on parallel, teams, simd (not on distribute or target alone)
    red_ok = par_for or teams or simd or has("parallel")
    if red_ok:
        for _ in range(r.choice([0, 1, 1, 2, 3])):
            op, T, init = r.choice(DEV_REDS)
            x = blk.name("red")
            blk.decls.append(f"{T} {x} = {init};")
            cl.append(f"reduction({op}: {x})")
            e = f"(({T}){out}[{kk}])" if T != "double" else f"({out}[{kk}] * 0.25)"
            body.append(dev_red_update(op, x, e))
            blk.check("red_" + x, x, "double" if T == "double" else "int")
            p.feat(f"device:reduction {op}")
    # schedules
    if dist:
        if par_for:
            if r.random() < 0.3:
                cl.append("dist_schedule(static)")
        else:
            ds = r.choice(["", "dist_schedule(static)", f"dist_schedule(static, {r.randint(1, 5)})"])
            if ds:
                cl.append(ds)
                p.feat("device:" + ds.split(",")[0])
    if par_for:
        sk = r.choice(["", "static", "dynamic", "guided"])
        if sk:
            ch = r.choice(["", f", {r.randint(1, 4)}"])
            cl.append(f"schedule({sk}{ch})")
        if r.random() < 0.5 and has("parallel"):
            cl.append(f"num_threads({r.randint(1, 4)})")
    elif has("parallel") and r.random() < 0.5:
        cl.append(f"num_threads({r.randint(1, 4)})")
    if teams:
        if r.random() < 0.6:
            nt = r.randint(1, 5)
            cl.append(r.choice([f"num_teams({nt})", f"num_teams({max(1, nt - 2)}:{nt})"]))
        if r.random() < 0.3:
            cl.append(f"thread_limit({r.randint(1, 4)})")
    if target:
        cl.append(dev_map(p, "tofrom" if r.random() < 0.5 else "from", outitem))
        if r.random() < 0.7:
            cl.append(dev_map(p, "to", inpitem))
    S.code = lines + ["  {"] + indent(body, 4) + ["  }"]
    S.clauses = cl
    S.inpitem = inpitem
    S.back = [mm.group(2) for c in cl
              for mm in [re.match(r"(reduction\([^:]*:|lastprivate\()\s*(\w+)\)", c)] if mm]
    S.out = out
    S.total = total
    blk.check_array("out_" + out, out, total)
    return S


def dev_loop_constructs(teams_ok=True):
    c = ["target parallel for", "target parallel for simd", "target simd",
         "target teams distribute", "target teams distribute simd",
         "target teams distribute parallel for", "target teams distribute parallel for simd",
         "teams distribute", "teams distribute simd", "teams distribute parallel for",
         "teams distribute parallel for simd"]
    return c


def block_dev_combined(p):
    """One combined device loop construct (target parallel for [simd], target simd, [target]
    teams distribute [simd | parallel for [simd]]) with its clauses; host teams outside any
    region, the target forms also in a parallel region's single or master."""
    blk = Block(p)
    r = p.r
    dev_prelude(p)
    p.no_repeat = True
    cons = r.choice(dev_loop_constructs())
    S = dev_loop(p, blk, cons, False)
    cl = list(S.clauses)
    if cons.startswith("target"):
        cl += dev_target_extras(p, blk)
    r.shuffle(cl)
    p.feat("device:" + cons)
    lines = [f"#pragma omp {cons} " + " ".join(cl)] + S.code
    if cons.startswith("target") and r.random() < 0.3:
        d = r.choice(["single", "master", "masked"])
        blk.setup.extend(region_lines([f"num_threads({r.randint(1, 4)})"],
                                      [f"#pragma omp {d}", "{"] + indent(lines) + ["}"]))
        p.feat("device:target in " + d)
    else:
        blk.setup.extend(wrap_region(p, blk, lines))
    return blk


def dev_target_extras(p, blk):
    """Clauses of target that change nothing on the host: if, device, thread_limit."""
    r = p.r
    cl = []
    if r.random() < 0.2:
        cl.append(r.choice(["if(1)", "if(target: 1)", "if(0)"]))
    if r.random() < 0.2:
        cl.append(r.choice(["device(omp_get_default_device())", "device(0)"]))
    return cl


def block_dev_target(p):
    """A target region: arrays mapped to/from/tofrom (whole, sections, a heap array by its
    section, a struct member), scalars firstprivate (implicitly or by the clause: an
    assignment stays in the region), map(tofrom:), defaultmap(tofrom: scalar), private,
    is_device_ptr, has_device_addr; in it sequential code and one of parallel for, teams
    distribute parallel for, teams with distribute, simd."""
    blk = Block(p)
    r = p.r
    dev_prelude(p)
    p.no_repeat = True
    cl = dev_target_extras(p, blk)
    if r.random() < 0.2:
        cl.append(f"thread_limit({r.randint(1, 4)})")
    pre = []
    # a firstprivate scalar assigned in the region
    k = blk.name("k")
    k0 = r.randint(-20, 20)
    blk.decls.append(f"int {k} = {k0};")
    if r.random() < 0.4:
        cl.append(f"firstprivate({k})")
    pre.append(f"{k} = {k} * 2 + 1;")
    blk.check("fp_" + k, f"{k} - DT_DEV({k0}, {k0 * 2 + 1})")
    p.feat("device:firstprivate scalar assigned")
    # a scalar that comes back: map(tofrom:) or defaultmap(tofrom: scalar)
    m = blk.name("m")
    blk.decls.append(f"long {m} = {r.randint(-20, 20)};")
    dm = r.random() < 0.3
    if dm:
        cl.append(r.choice(["defaultmap(tofrom: scalar)", "defaultmap(tofrom)"]))
        p.feat("device:defaultmap(tofrom)")
        if r.random() < 0.5:
            cl.append(f"firstprivate({k})") if f"firstprivate({k})" not in cl else None
    else:
        cl.append(dev_map(p, "tofrom", m))
        p.feat("device:map(tofrom: scalar)")
    pre.append(f"{m} = {m} * 3 - {k};")
    blk.check("map_" + m, m)
    if dm and f"firstprivate({k})" not in cl:
        # with defaultmap(tofrom) k is mapped as well: the assignment comes back
        blk.checks[-2] = blk.checks[-2].replace(f"DT_DEV({k0}, {k0 * 2 + 1})", f"{k0 * 2 + 1}")
    # private
    if r.random() < 0.4:
        t = blk.name("t")
        blk.decls.append(f"int {t} = 77;")
        cl.append(f"private({t})")
        pre.append(f"{t} = {k} + 1; {m} += {t};")
        p.feat("device:target private")
    # a struct member
    if r.random() < 0.4:
        st = blk.declare("struct dts", "st")
        blk.setup.append(f"{st}.a = 1; {st}.b = 2; {st}.c = 0.5; {st}.d[0] = 1; {st}.d[1] = 2; {st}.d[2] = 3;")
        item = r.choice([f"{st}.b", st, f"{st}.d[0:2]" ])
        cl.append(dev_map(p, "tofrom", item))
        if item == st:
            pre.append(f"{st}.a += {k}; {st}.b *= 3; {st}.d[1] += 5;")
        elif item.endswith(".b"):
            pre.append(f"{st}.b = {st}.b * 3 + {k};")
        else:
            pre.append(f"{st}.d[0] += 4; {st}.d[1] += (unsigned char){k};")
        blk.check("st_" + st, st, "struct")
        p.feat("device:map struct")
    # an unmapped local array: mapped tofrom implicitly; pointers: is_device_ptr, firstprivate
    ua = blk.declare("int", "ua", dims="[4]")
    blk.setup.append(f"for (int q = 0; q < 4; q++) {ua}[q] = q;")
    pre.append(f"{ua}[{r.randint(0, 3)}] += {k};")
    blk.check_array("ua_" + ua, ua, 4)
    if r.random() < 0.4:
        ptr = blk.name("ptr")
        blk.decls.append(f"int *{ptr} = {ua};")
        # (defaultmap(tofrom) without a category maps the pointer too: a clause keeps it
        # firstprivate)
        cl.append(r.choice([f"is_device_ptr({ptr})", f"firstprivate({ptr})"]
                           + ([""] if "defaultmap(tofrom)" not in cl else [])))
        pre.append(f"{ptr}[1] = {ptr}[1] * 5 + 2; {ptr} = 0;")
        blk.check("ptr_" + ptr, f"{ptr} == {ua}")  # a firstprivate pointer: stays
        blk.checks[-1] = blk.checks[-1].replace(f"{ptr} == {ua}", f"({ptr} == {ua}) - DT_DEV(1, 0)")
        p.feat("device:pointer in target")
    if r.random() < 0.2:
        cl.append(f"has_device_addr({ua})")
    # the level and the device inside
    lv = blk.name("lv")
    blk.decls.append(f"int {lv} = -1;")
    cl.append(dev_map(p, "from", lv))
    pre.append(f"{lv} = omp_get_level() * 10 + omp_is_initial_device();")
    blk.check("lv_" + lv, lv)
    # the construct in it
    inner = p.pick(["none", "parallel for", "teams distribute parallel for", "teams",
                    "simd", "parallel", "for"], [1, 3, 3, 2, 1, 1, 1])
    p.feat("device:target with " + inner)
    body = list(pre)
    if inner == "teams":
        # a target with teams has nothing else in it: the sequential part goes in the team 0
        tl = block_teams_body(p, blk, True)
        cl.append("map(tofrom: " + ", ".join(tl[2] + [tl[0].split("reduction(+: ")[1].split(")")[0]]) + ")")
        pre = [x for x in pre if not x.startswith(f"{lv} = ")]  # (no such calls in teams)
        body = ["#pragma omp teams " + tl[0]] + ["{"] + indent(["if (omp_get_team_num() == 0) {"]
                                                          + indent(pre) + ["}"] + tl[1]) + ["}"]
    elif inner in ("parallel for", "teams distribute parallel for", "simd", "for"):
        S = dev_loop(p, blk, inner, True)
        body.append(f"#pragma omp {inner} " + " ".join(S.clauses))
        body.extend(S.code)
        if inner == "teams distribute parallel for":
            # a target with teams has nothing else in it: the sequential part runs in a
            # target region of its own before it
            blk.setup.extend(["#pragma omp target " + " ".join(cl), "{"] + indent(pre) + ["}"])
            cl = [c for c in cl if "lv" not in c] + S_target_maps(S, blk)
            blk.setup.extend(["#pragma omp target " + " ".join(cl)] + S.code[:0]
                             + [f"#pragma omp teams distribute parallel for " + " ".join(S.clauses)]
                             + S.code)
            return blk
        # the reductions and lastprivates of the inner loop must come back: map them
        for v in S.back:
            cl.append(f"map(tofrom: {v})")
        cl.append(f"map(to: {S.inpitem})")
        cl.append(f"map(tofrom: {S.out}[0:{S.total}])")
    elif inner == "parallel":
        x = blk.name("px")
        blk.decls.append(f"long long {x} = 0;")
        cl.append(f"map(tofrom: {x})")
        nt = r.randint(1, 4)
        # (the team's size: thread_limit and the thread count may lower it)
        body += ["int nth = 0;",
                 f"#pragma omp parallel num_threads({nt}) reduction(+: {x})", "{",
                 f"  {x} += omp_get_thread_num() + 1;",
                 "  if (omp_get_thread_num() == 0) nth = omp_get_num_threads();", "}",
                 f"{x} -= nth * (nth + 1) / 2 + (nth > {nt});"]
        blk.check("px_" + x, x)
    r.shuffle(cl)
    blk.setup.extend(wrap_region(p, blk, ["#pragma omp target " + " ".join(cl), "{"]
                                 + indent(body) + ["}"]))
    return blk


def S_target_maps(S, blk):
    out = [f"map(tofrom: {v})" for v in S.back]
    out.append(f"map(to: {S.inpitem})")
    out.append(f"map(tofrom: {S.out}[0:{S.total}])")
    return out


def block_teams_body(p, blk, in_target):
    """The clauses and body of a teams construct: each team writes its slot of an array,
    private and firstprivate copies, a reduction, a distribute loop, a parallel region of the
    team.  Returns (clauses text, body lines)."""
    r = p.r
    cl = []
    K = None
    if r.random() < 0.7 or in_target:
        K = r.randint(1, 5)
        if r.random() < 0.3:
            lo = r.randint(1, K)
            cl.append(f"num_teams({lo}:{K})")
            K = (lo, K)
        else:
            cl.append(f"num_teams({K})")
            K = (K, K)
    if r.random() < 0.3:
        cl.append(f"thread_limit({r.randint(1, 4)})")
    ntv = blk.name("ntv")
    blk.decls.append(f"int {ntv} = 0;")
    slots = blk.declare("long long", "slot", dims="[8]")
    blk.setup.append(f"for (int q = 0; q < 8; q++) {slots}[q] = 0;")
    f = blk.name("f")
    blk.decls.append(f"int {f} = {r.randint(1, 9)};")
    cl.append(f"firstprivate({f})")
    pr = blk.name("pr")
    blk.decls.append(f"long long {pr} = 5;")
    cl.append(f"private({pr})")
    s = blk.name("ts")
    blk.decls.append(f"long long {s} = 3;")
    cl.append(f"reduction(+: {s})")
    if r.random() < 0.3:
        cl.append("default(shared)")
    if r.random() < 0.3:
        cl.append(f"shared({slots})")
    back = [ntv]
    body = [f"int tn = omp_get_team_num();",
            f"if (tn == 0) {ntv} = omp_get_num_teams();",
            f"{pr} = tn * 7 + {f};",
            f"{f} += tn;",
            f"if (tn < 8) {slots}[tn] = {pr} + {f};",
            f"{s} += tn + 1;"]
    # expected, from the league's size
    exp = f"(long long){ntv} * ({ntv} + 1) / 2 + 3"
    blk.check("ts_" + s, f"{s} - ({exp})")
    blk.checks.append(f"{{ long long bad = 0; for (int q = 0; q < 8; q++) "
                      f"bad += {slots}[q] != (q < {ntv} ? q * 7 + {f} + {f} + q : 0); "
                      f'printf("{blk.fname}.slots_{slots} %lld\\n", bad); }}')
    if K:
        blk.check("ntv_" + ntv, f"DT_DEV({ntv} >= {K[0]} && {ntv} <= {K[1]}, 1)")
        if in_target:
            blk.check("ntvt_" + ntv, f"{ntv} - DT_DEV({K[0]}, 1)")
    # a parallel region of the team
    if r.random() < 0.5:
        x = blk.name("tp")
        blk.decls.append(f"long long {x}[8] = {{0}};")
        nt = r.randint(1, 3)
        body += ["long long acc = 0;",
                 f"#pragma omp parallel for num_threads({nt}) reduction(+: acc)",
                 "for (int q = 0; q < 10; q++)", "  acc += q * (tn + 1);",
                 f"if (tn < 8) {x}[tn] = acc;"]
        blk.checks.append(f"{{ long long bad = 0; for (int q = 0; q < 8; q++) "
                          f"bad += {x}[q] != (q < {ntv} ? 45 * (q + 1) : 0); "
                          f'printf("{blk.fname}.tp_{x} %lld\\n", bad); }}')
        p.feat("device:parallel in teams")
    # a distribute loop
    if r.random() < 0.6:
        cons = r.choice(["distribute", "distribute simd", "distribute parallel for",
                         "distribute parallel for simd"])
        S = dev_loop(p, blk, cons, in_target)
        body += [f"#pragma omp {cons} " + " ".join(S.clauses)] + S.code
        p.feat("device:" + cons + " in teams")
        # the loop's reductions combine in the team's copies: no race between teams
        cl += [c for c in S.clauses if c.startswith("reduction(")]
        back += S.back + [f"{S.out}[0:{S.total}]"]
    return " ".join(cl), body, back


def block_dev_teams(p):
    """teams on the host (outside any region) or target teams: team slots, private,
    firstprivate, reduction, a parallel region of each team, a distribute loop."""
    blk = Block(p)
    r = p.r
    dev_prelude(p)
    p.no_repeat = True
    in_target = r.random() < 0.4
    cl, body, back = block_teams_body(p, blk, in_target)
    if in_target:
        # (the teams' reduction variables are mapped by the combined construct)
        back = [v for v in back if f": {v})" not in cl]
        cl += " map(tofrom: " + ", ".join(back) + ")"
    head = ("#pragma omp target teams " if in_target else "#pragma omp teams ") + cl
    p.feat("device:" + ("target teams" if in_target else "host teams"))
    blk.setup.extend(wrap_region(p, blk, [head, "{"] + indent(body) + ["}"]))
    return blk


def block_dev_data(p):
    """target data around target regions and target update; target enter/exit data; the
    regions run loops of dev_loop."""
    blk = Block(p)
    r = p.r
    dev_prelude(p)
    p.no_repeat = True
    cons = r.choice(["target teams distribute parallel for", "target parallel for",
                     "target teams distribute", "target parallel for simd", "target simd"])
    S = dev_loop(p, blk, cons, False)
    a, aitem = S.out, f"{S.out}[0:{S.total}]"
    inner = [f"#pragma omp {cons} " + " ".join(S.clauses)] + S.code
    upd = []
    if r.random() < 0.6:
        upd = [f"#pragma omp target update " + r.choice([f"to({aitem})", f"from({aitem})",
                                                         f"from({a}[0:1])"])]
    form = r.choice(["data", "enter/exit"])
    if form == "data":
        dcl = [dev_map(p, r.choice(["tofrom", "to", "alloc"]), aitem, False)]
        if r.random() < 0.3:
            dcl.append(r.choice(["if(1)", "device(omp_get_default_device())"]))
        lines = [f"#pragma omp target data " + " ".join(dcl), "{"] + indent(upd + inner + upd) + ["}"]
    else:
        lines = ["{", f"#pragma omp target enter data map(to: {aitem})"] + upd + inner + upd \
            + [f"#pragma omp target exit data map({r.choice(['from', 'release', 'delete'])}: {aitem})", "}"]
    p.feat("device:target " + form)
    blk.setup.extend(wrap_region(p, blk, lines))
    return blk


def block_dev_nowait(p):
    """target nowait depend(...) among sibling tasks: a chain of non-commuting updates of a
    scalar and of an array, in a parallel region's single or outside any region."""
    blk = Block(p)
    r = p.r
    dev_prelude(p)
    p.no_repeat = True
    x = blk.name("x")
    blk.decls.append(f"long long {x} = {r.randint(1, 9)};")
    n = r.randint(2, 12)
    a = blk.declare("long long", "a", dims=f"[{n}]")
    blk.setup.append(f"for (int q = 0; q < {n}; q++) {a}[q] = q;")
    snaps = blk.declare("long long", "snap", dims="[16]")
    blk.setup.append(f"for (int q = 0; q < 16; q++) {snaps}[q] = 0;")
    steps = []
    ns = 0
    for k in range(r.randint(2, 8)):
        c = r.randint(1, 9)
        kind = r.choice(["task", "target", "target", "read", "update"])
        if kind == "task":
            steps += [f"#pragma omp task depend(inout: {x}, {a}[0:{n}]) shared({x}, {a})",
                      f"{{ {x} = {x} * 3 + {c}; for (int q = 0; q < {n}; q++) {a}[q] += {x} + q; }}"]
        elif kind == "target":
            inner = r.choice(["serial", "parallel for"])
            dep = r.choice([f"depend(inout: {x}, {a}[0:{n}])", f"depend(inout: {x}) depend(out: {a})"])
            steps += [f"#pragma omp target nowait {dep} map(tofrom: {x}, {a}[0:{n}])", "{",
                      f"  {x} = {x} * 5 - {c};"]
            if inner == "parallel for":
                steps += [f"  #pragma omp parallel for num_threads({r.randint(1, 3)})"]
            steps += [f"  for (int q = 0; q < {n}; q++) {a}[q] = {a}[q] * 2 + {x};", "}"]
            p.feat("device:target nowait depend")
        elif kind == "read":
            if ns < 16:
                steps += [f"#pragma omp task depend(in: {x}) shared({x}, {snaps})",
                          f"{snaps}[{ns}] = {x};"]
                ns += 1
        else:
            steps += [f"#pragma omp target update to({a}[0:{n}]) depend(inout: {a}[0:{n}]) nowait"]
    steps.append("#pragma omp taskwait")
    blk.check("x_" + x, x)
    blk.check_array("a_" + a, a, n)
    blk.check_array("snap_" + snaps, snaps, 16)
    ctx = r.choice(["serial", "single", "master"])
    if ctx == "serial":
        blk.setup.extend(steps)
    else:
        blk.setup.extend(region_lines([f"num_threads({r.randint(1, 4)})"],
                                      [f"#pragma omp {ctx}", "{"] + indent(steps) + ["}"]))
    p.feat("device:nowait in " + ctx)
    return blk


def block_dev_nested(p):
    """A parallel for whose iterations each run a target region with a parallel for (with a
    reduction) in it: the target's parallel region is outermost and has its threads."""
    blk = Block(p)
    r = p.r
    dev_prelude(p)
    p.no_repeat = True
    rows, cols = r.randint(1, 6), r.randint(1, 12)
    a = blk.declare("long long", "a", dims=f"[{rows * cols}]")
    rs = blk.declare("long long", "rs", dims=f"[{rows}]")
    lv = blk.declare("int", "lv", dims=f"[{rows}]")
    c = r.randint(1, 7)
    ri = blk.name("r")
    tl = f" thread_limit({r.randint(1, 4)})" if r.random() < 0.3 else ""
    sched = r.choice(["", "schedule(dynamic)", "schedule(static, 1)"])
    lines = [f"#pragma omp parallel for num_threads({r.randint(1, 4)}) {sched}",
             f"for (int {ri} = 0; {ri} < {rows}; {ri}++) {{",
             f"  long long sum = 0;",
             f"  #pragma omp target map(tofrom: sum, {a}[{ri} * {cols}:{cols}]) map(from: {lv}[{ri}:1]){tl}",
             "  {",
             f"    {lv}[{ri}] = omp_get_level();",
             f"    #pragma omp parallel for num_threads({r.randint(1, 3)}) reduction(+: sum)",
             f"    for (int q = 0; q < {cols}; q++) {{",
             f"      {a}[{ri} * {cols} + q] = {ri} * {c} + q;",
             f"      sum += {a}[{ri} * {cols} + q] + omp_get_level() * 0;",
             "    }",
             "  }",
             f"  {rs}[{ri}] = sum;",
             "}"]
    blk.check_array("a_" + a, a, rows * cols)
    blk.check_array("rs_" + rs, rs, rows)
    blk.check_array("lv_" + lv, lv, rows)
    p.feat("device:target in parallel for")
    blk.setup.extend(lines)
    return blk


DEVICE_BLOCKS = [(block_dev_combined, 30), (block_dev_target, 20), (block_dev_teams, 15),
                 (block_dev_data, 10), (block_dev_nowait, 10), (block_dev_nested, 6)]


TASK_BLOCKS = [(block_task_tree, 12), (block_task_sharing, 14), (block_task_depend, 16),
               (block_taskloop, 14), (block_task_reduction, 8)]


BLOCKS = [(block_parallel_for, 30), (block_region, 30), (block_orphan, 14), (block_sections, 12),
          (block_threadprivate, 8), (block_vla_param, 5), (block_chain, 8)]
OMP5_BLOCKS = [(block_simd, 12), (block_loop_construct, 8), (block_scan, 10), (block_udr, 10),
               (block_taskloop5, 6)]
# Block kinds by family (gen.py and run.py --kinds): "classic" gives the programs of the
# generator before tasks (same seeds, same programs), "tasks" only task blocks (the programs of
# the generator before the OpenMP 5 blocks), "omp5" only the OpenMP 5 blocks, "all" every
# kind, with the OpenMP 5 features of gen_loop and block_taskloop (Prog.omp5).
KIND_SETS = {"classic": BLOCKS, "tasks": TASK_BLOCKS, "omp5": OMP5_BLOCKS, "device": DEVICE_BLOCKS,
             "all": BLOCKS + TASK_BLOCKS + OMP5_BLOCKS}
KINDS = "all"


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


def generate(seed, nblocks=None, kinds=None):
    p = Prog(seed)
    p.omp5 = (kinds or KINDS) in ("all", "omp5")
    blocks = KIND_SETS[kinds or KINDS]
    if nblocks is None:
        nblocks = p.r.randint(2, 6)
    for _ in range(nblocks):
        f = p.pick([b[0] for b in blocks], [b[1] for b in blocks])
        blk = f(p)
        if p.r.random() < 0.06:
            k = p.r.randint(1, 5)
            blk.decls.insert(0, "int saved_nt = omp_get_max_threads();")
            blk.setup.insert(0, f"omp_set_num_threads({k});")
            blk.checks.append("omp_set_num_threads(saved_nt);")
            p.feat("omp_set_num_threads")
        blk.emit()
    k = kinds or KINDS
    out = [f"/* omp2numa difftest program, seed {seed}" + (f", kinds {k}" if k != "all" else "") + " */"]
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
    dropped; the schedules of non-rectangular nests (macros B<n>_NRS<m>, which gcc 12 refuses)
    are defined empty."""
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
    s = re.sub(r"^(#define \w+_NRS\d+) .*$", r"\1", s, flags=re.M)
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
    ap.add_argument("--kinds", choices=sorted(KIND_SETS), default="all",
                    help="block kinds: classic (no tasks), tasks (only tasks), omp5 (only the "
                         "OpenMP 5 and simd blocks), device (only the device blocks: target, "
                         "teams, distribute), all (default; without the device blocks)")
    a = ap.parse_args()
    global INCLUDE_KNOWN
    INCLUDE_KNOWN = a.include_known
    src, p = generate(a.seed, a.blocks, a.kinds)
    if a.describe:
        print("\n".join(sorted(p.features)))
        return
    sys.stdout.write(to_gcc(src) if a.gcc else src)


if __name__ == "__main__":
    main()
