#!/usr/bin/env python3
"""An independent oracle for the SPRT's normalized-model fit on game pairs (pentanomials).

Usage: normalized_fit_oracle.py N0 N1 N2 N3 N4 elo0 elo1
(N0..N4: how many pairs scored 0, 1/2, 1, 3/2 and 2 points; a zero count stands for 1e-3,
as in the SPRT).
Prints the log-likelihood ratio that arena/stats/sprt.cpp should give; tests/arena_stats/
stats_test.cpp pins the values it printed (Sprt.NormalizedModelOnPairsMatchesAnIndependentSolver).

For each mean, the constraint (mean - 1/2) = t sd fixes the second moment; the distributions
with both moments form a 2-D polygon, parametrized here by (q1, q3); the concave likelihood over
it is maximized by nested scans and golden sections, the mean by a scan and a golden section.
No Lagrange multipliers and no Newton steps: nothing shared with the C++ code but the model.
Slow (seconds per fit), so it is not run by the tests.
"""
import math, sys
A = [0, .25, .5, .75, 1]
K = 173.71779276130073
GR = (math.sqrt(5) - 1) / 2
NEG = -float('inf')

def solve_rest(mu, m2, u, v):
    # q0 + q2 + q4 = 1 - u - v ; .5 q2 + q4 = mu - .25u - .75v ; .25 q2 + q4 = m2 - u/16 - 9v/16
    s0 = 1 - u - v; s1 = mu - .25 * u - .75 * v; s2 = m2 - u / 16 - 9 * v / 16
    q2 = 4 * (s1 - s2); q4 = s1 - .5 * q2; q0 = s0 - q2 - q4
    return [q0, u, q2, v, q4]

def like(f, q):
    if min(q) <= 0: return NEG
    return sum(fi * math.log(qi) for fi, qi in zip(f, q))

def maximize(fn, lo, hi, scan=60, iters=70):
    best_x, best = None, NEG
    xs = [lo + (hi - lo) * k / (scan + 1) for k in range(scan + 2)]
    vals = [fn(x) for x in xs]
    for k in range(1, scan + 1):
        if vals[k] > best: best, best_x = vals[k], k
    if best_x is None: return None, NEG
    a, b = xs[best_x - 1], xs[best_x + 1]
    x1 = b - GR * (b - a); x2 = a + GR * (b - a); f1 = fn(x1); f2 = fn(x2)
    for _ in range(iters):
        if f1 >= f2: b, x2, f2 = x2, x1, f1; x1 = b - GR * (b - a); f1 = fn(x1)
        else: a, x1, f1 = x1, x2, f2; x2 = a + GR * (b - a); f2 = fn(x2)
    x, v = (x1, f1) if f1 >= f2 else (x2, f2)
    return (x, v) if v >= best else (xs[best_x], best)

def affine(mu, m2):
    # each q_i = a + b u + c v
    base = solve_rest(mu, m2, 0, 0); du = solve_rest(mu, m2, 1, 0); dv = solve_rest(mu, m2, 0, 1)
    return [(base[i], du[i] - base[i], dv[i] - base[i]) for i in range(5)]

def v_range(lines, u):
    lo, hi = -1e9, 1e9
    for a, b, c in lines:
        r = a + b * u
        if abs(c) < 1e-300:
            if r < 0: return None
        elif c > 0: lo = max(lo, -r / c)
        else: hi = min(hi, -r / c)
    return (lo, hi) if lo < hi else None

def inner(f, mu, m2):
    lines = affine(mu, m2)
    us = []
    for i in range(5):
        for j in range(i + 1, 5):
            a1, b1, c1 = lines[i]; a2, b2, c2 = lines[j]
            det = b1 * c2 - b2 * c1
            if abs(det) < 1e-300: continue
            u = (-a1 * c2 + a2 * c1) / det; v = (-b1 * a2 + b2 * a1) / det
            if all(a + b * u + c * v >= -1e-15 for a, b, c in lines): us.append(u)
    if len(us) < 2 or max(us) - min(us) <= 0: return NEG
    def h(u):
        r = v_range(lines, u)
        if r is None: return NEG
        return maximize(lambda v: like(f, [a + b * u + c * v for a, b, c in lines]), r[0], r[1])[1]
    return maximize(h, min(us), max(us))[1]

def fit(f, t):
    if t == 0:  # mean 1/2 and any spread: scan the variance instead (at most 1/4 on [0, 1])
        return maximize(lambda s: inner(f, .5, .25 + .25 * s), 0, 1, scan=80)[1]
    reach = abs(t) / (2 * math.sqrt(1 + t * t)); sign = 1 if t > 0 else -1
    def prof(s):
        mu = .5 + sign * reach * s; sd = (mu - .5) / t
        return inner(f, mu, mu * mu + sd * sd)
    return maximize(prof, 0, 1, scan=80)[1]

counts = [float(x) for x in sys.argv[1:6]]
c = [x if x > 0 else 1e-3 for x in counts]
tot = sum(c); f = [x / tot for x in c]
e0, e1 = float(sys.argv[6]), float(sys.argv[7])
t = lambda e: e / (2 * K) * math.sqrt(2)
l0, l1 = fit(f, t(e0)), fit(f, t(e1))
print('LLR %.6f' % (tot * (l1 - l0)))
