/*
 * The compiled matching kernel: declarations shared by its three sources.
 *
 *   _native_arith.c    multi-limb integers (weights and duals): the out-of-line operations;
 *                      the small ones are inline below, the solver's inner loops need them so
 *   _native_solver.c   the primal-dual blossom solver and the incremental computer
 *   _native_binding.c  the Python type MatchingComputer: argument checks and conversions only
 *                      (big weights are converted once per value: see WCACHE there)
 *
 * The kernel is a step-by-step port of the pure-Python BlossomEngine / _Stage /
 * MatchingComputer (blossom.py, computer.py): the same stored-dual convention, the same event
 * order, the same tie-breaking (lowest index or first-in-list, exactly where the Python code
 * uses min()/index() or a strict '<' loop), the same heap orders ((key, seq) pairs are unique,
 * so any binary heap pops them in the same order as heapq) and the same restart rule.  For
 * every sequence of calls it must return the same matching as the Python kernel;
 * tests/pairing/matching/test_native.py checks that.
 *
 * Numbers: fixed-width two's-complement integers of L 64-bit limbs (little-endian), L chosen
 * from the widest doubled weight stored so far (B bits) with at least 16 bits of headroom:
 * every value the algorithm forms (the sentinel inf = 2**(B+4), sums of two sentinels,
 * stored duals y +- D, ...) stays below 2**(B+6) in magnitude.  L grows (sign-extending
 * every stored number) when a wider weight arrives.
 *
 * Weights are stored once per distinct value: the matrix holds 4-byte indices into a table
 * of values (Engine.wi, vals), so a Dutch round of 3,000 players needs 36 MB for its matrix
 * instead of 360 MB (its 14.5 million weights have 10,002 distinct values of 5 limbs).
 *
 * A stage keeps three exact shortcuts of its own (they change no result and no counter):
 * the least slack from the trees to a free vertex is kept per block of 32 vertices (a block
 * is re-read only when its least entry was labelled); a rescan (an S vertex whose least
 * S-S key went stale when its partner joined its blossom) starts from the vertex's eight
 * least keys of its previous scan, the ones still outside its blossom, plus the S vertices
 * added since, instead of every S vertex outside its blossom; and a row entry that would
 * give bp[x] exactly the value it holds (the row of a vertex with the same dual as the row
 * that last lowered bp[x], and the same weight there) is skipped without arithmetic
 * (Stage.bpc / bpk: 4 entries in 10 at round 9 of 3,000 players).
 *
 * The engine keeps a fourth one across stages and solves (it changes no result and no counter
 * either, and the Python kernel keeps the same one, with the same counts): a blossom's
 * least-row vector (Blossom.m, built and used in _native_solver.c as
 * BlossomEngine.row_vector_ready describes), so a blossom of k vertices that becomes S lowers
 * the stage's bp in one pass instead of k row scans.
 *
 * Blossoms are records in a pool addressed by index; a blossom dissolved during a stage is
 * only recycled at the start of a later stage, because the Python code may still look at a
 * dissolved blossom (a stale heap entry, the stage's labelled list) until the stage ends.
 *
 * The arithmetic and the solver use no Python API: only the binding includes Python.h.
 */
#ifndef CHESSARBITER_NATIVE_H
#define CHESSARBITER_NATIVE_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Functions shared between the sources stay inside the extension. */
#if defined(__GNUC__) || defined(__clang__)
#define KERNEL_API __attribute__((visibility("hidden")))
#else
#define KERNEL_API
#endif

typedef uint64_t limb;
/* Bits kept free above the widest doubled weight: the largest magnitude a stage computes is
 * about inf + max y = 2^(wbits + 4) + 2^wbits, and numbers are two's complement. */
#define HEADROOM 8

enum { FREE_ = 0, S_ = 1, T_ = 2 };
enum {
    ST_STAGES, ST_GROW, ST_BLOSSOM, ST_EXPAND, ST_AUGMENT, ST_TO_SOURCE, ST_RESCAN,
    ST_PARITY, ST_RESET, ST_RESTART, ST_COUNT
};

/* ------------------------------------------------------------------ multi-limb integers */

static inline int clz64(limb x) /* x != 0 */
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_clzll(x);
#else
    int n = 0;
    while (!(x >> 63)) {
        x <<= 1;
        n++;
    }
    return n;
#endif
}

/* the usual widths get a copy of constant size (inlined moves, not a call) */
static inline void bi_copy(limb *d, const limb *a, int L)
{
    switch (L) {
    case 1: d[0] = a[0]; return;
    case 2: memcpy(d, a, 2 * sizeof(limb)); return;
    case 3: memcpy(d, a, 3 * sizeof(limb)); return;
    case 4: memcpy(d, a, 4 * sizeof(limb)); return;
    case 5: memcpy(d, a, 5 * sizeof(limb)); return;
    case 6: memcpy(d, a, 6 * sizeof(limb)); return;
    default: memcpy(d, a, (size_t)L * sizeof(limb)); return;
    }
}

static inline void bi_set_small(limb *d, int64_t v, int L)
{
    d[0] = (limb)v;
    limb ext = v < 0 ? ~(limb)0 : 0;
    for (int i = 1; i < L; i++) d[i] = ext;
}

static inline void bi_add(limb *d, const limb *a, const limb *b, int L)
{
    limb c = 0;
    for (int i = 0; i < L; i++) {
        limb s = a[i] + c;
        limb c1 = s < c;
        limb r = s + b[i];
        c = c1 | (r < s);
        d[i] = r;
    }
}

static inline void bi_sub(limb *d, const limb *a, const limb *b, int L)
{
    limb br = 0;
    for (int i = 0; i < L; i++) {
        limb ai = a[i], bi = b[i];
        limb r = ai - bi;
        limb b1 = ai < bi;
        limb r2 = r - br;
        limb b2 = r < br;
        d[i] = r2;
        br = b1 | b2;
    }
}

/* signed comparison: <0, 0, >0 */
static inline int bi_cmp(const limb *a, const limb *b, int L)
{
    int64_t ha = (int64_t)a[L - 1], hb = (int64_t)b[L - 1];
    if (ha != hb) return ha < hb ? -1 : 1;
    for (int i = L - 2; i >= 0; i--)
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
}

static inline int bi_lt(const limb *a, const limb *b, int L) { return bi_cmp(a, b, L) < 0; }

static inline int bi_is_zero(const limb *a, int L)
{
    for (int i = 0; i < L; i++)
        if (a[i]) return 0;
    return 1;
}

static inline int bi_is_neg(const limb *a, int L) { return (int64_t)a[L - 1] < 0; }

/* Fused forms for the hot loops: d = a - b (or a + b), and whether d < c, in one pass from
 * the lowest limb, without a branch: d - c is negative exactly when d < c, because every
 * number stays far below 2^(64 L - 2) in magnitude (see HEADROOM), so d - c cannot
 * overflow.  On x86-64 the carries are the processor's (one sbb/adc per limb). */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <x86intrin.h>
static inline int bi_sub_lt(limb *d, const limb *a, const limb *b, const limb *c, int L)
{
    unsigned char br = 0;
    unsigned long long r, t = 0;
    for (int i = 0; i < L; i++) {
        br = _subborrow_u64(br, a[i], b[i], &r);
        d[i] = r;
    }
    br = 0;
    for (int i = 0; i < L; i++) br = _subborrow_u64(br, d[i], c[i], &t);
    return (int64_t)t < 0;
}

static inline int bi_add_lt(limb *d, const limb *a, const limb *b, const limb *c, int L)
{
    unsigned char cr = 0, br = 0;
    unsigned long long r, t = 0;
    for (int i = 0; i < L; i++) {
        cr = _addcarry_u64(cr, a[i], b[i], &r);
        d[i] = r;
    }
    for (int i = 0; i < L; i++) br = _subborrow_u64(br, d[i], c[i], &t);
    return (int64_t)t < 0;
}
#else
static inline int bi_sub_lt(limb *d, const limb *a, const limb *b, const limb *c, int L)
{
    bi_sub(d, a, b, L);
    return bi_lt(d, c, L);
}

static inline int bi_add_lt(limb *d, const limb *a, const limb *b, const limb *c, int L)
{
    bi_add(d, a, b, L);
    return bi_lt(d, c, L);
}
#endif

/* arithmetic (floor) shift right by one */
static inline void bi_shr1(limb *d, const limb *a, int L)
{
    for (int i = 0; i < L - 1; i++) d[i] = (a[i] >> 1) | (a[i + 1] << 63);
    d[L - 1] = (limb)((int64_t)a[L - 1] >> 1);
}

static inline void bi_shl1(limb *d, const limb *a, int L)
{
    for (int i = L - 1; i > 0; i--) d[i] = (a[i] << 1) | (a[i - 1] >> 63);
    d[0] = a[0] << 1;
}

static inline void bi_add_small(limb *d, int64_t v, int L, limb *tmp)
{
    bi_set_small(tmp, v, L);
    bi_add(d, d, tmp, L);
}

/* 2**k (k < 64 L - 1) */
static inline void bi_pow2(limb *d, int k, int L)
{
    memset(d, 0, (size_t)L * sizeof(limb));
    d[k / 64] = (limb)1 << (k % 64);
}


/* bit length of a non-negative number */
static inline int bi_bitlen(const limb *a, int L)
{
    for (int i = L - 1; i >= 0; i--)
        if (a[i]) return i * 64 + 64 - clz64(a[i]);
    return 0;
}

/* re-layout count numbers from width L0 to L1 >= L0 (sign-extending), in place */
KERNEL_API void bi_widen(limb *buf, size_t count, int L0, int L1);
/* d = the non-negative number in nbytes little-endian bytes (nbytes <= 8 L) */
KERNEL_API void bi_from_bytes(limb *d, const unsigned char *bytes, size_t nbytes, int L);
/* the L * 8 little-endian bytes of a (two's complement), halved first when halve is set */
KERNEL_API void bi_to_bytes(unsigned char *bytes, const limb *a, int L, int halve);
/* d = 2 x for a non-negative x < 2^63 */
KERNEL_API void bi_set_doubled(limb *d, int64_t x, int L);
/* limbs needed for a doubled weight of bits bits, with the headroom */
static inline int bi_limbs_for(int bits) { return (bits + HEADROOM + 63) / 64; }

/* ------------------------------------------------------------------ engine state */

typedef struct {
    int base;
    int parent;  /* -1: top level */
    int label;
    int ts, tt;  /* tedge */
    uint64_t mark;
    int nchilds; /* 0: trivial */
    int *childs;
    int *edges;  /* 2 * nchilds: edges[2i], edges[2i+1] */
    int nleaves;
    int *leaves;
    int spos; /* scratch of a stage: position in the list of top-level S blossoms */
    /* The least-row vector of a non-trivial blossom (NULL: none), an exact shortcut of the
     * row scans (see mvec_* in _native_solver.c): m[x] = min over the leaves u of
     * (y[u] - W[u][x]) for x < n, at the time the duals of the leaves were those of m[n]
     * (the dual of leaves[0] then): the duals of all leaves of a blossom always change by the
     * same amount, so the current minimum is m[x] + y[leaves[0]] - m[n].  Column x is
     * current while no edge at x changed after mclock (colchg[x] <= mclock).  A vector goes
     * with its blossom (when it leaves the structure) and when a vertex is added. */
    limb *m;
    uint64_t mclock;
} Blossom;

typedef struct {
    int n;
    int cap;  /* row stride of w, capacity of the per-vertex arrays */
    int L;    /* limbs per number */
    int wbits; /* bit length of the largest doubled weight ever stored */
    /* The weights: W[u][v] is vals[wi[u * cap + v]] (a weight matrix of 4-byte indices into
     * the table of the distinct doubled weights stored so far: a Dutch round of 3,000 players
     * stores 14.5 million weights of 5 limbs but only about 10,000 distinct values, so the
     * matrix and the values fit in the cache, where a matrix of numbers did not).  vals[0] is
     * 0; vhash (hsize slots, a power of two: index + 1, 0 empty) finds a value's index. */
    uint32_t *wi;
    limb *vals;
    uint32_t nvals, capv;
    uint32_t *vhash;
    size_t hsize;
    limb *y;  /* cap * L */
    int *mate, *vb, *top;
    Blossom *bl;
    int nbl, capbl;
    limb *z;  /* capbl * L */
    int *freel;
    int nfree;
    int *pending;
    int npending, cappending;
    uint64_t mark;
    int multi_root_limit;
    long long stats[ST_COUNT];
    /* computer */
    int *dirty;
    char *isdirty;
    int ndirty;
    int unsolved; /* a freeze changed the matching: compute even with nothing dirty */
    /* frozen pairs (see freeze): left out of every scan; act lists the other vertices */
    char *frozen;
    int *act;
    int nact;
    int act_stale;
    int64_t restart_divisor;
    int broken;
    /* the blossoms' least-row vectors: wclock counts the weight changes, colchg[x] is the
     * count at the last change of an edge at x; mcount vectors exist (at most
     * max(16, n / 4)); mstats counts their uses, column updates and builds */
    uint64_t wclock;
    uint64_t *colchg;
    int mcount;
    long long mstats[3];
    /* scratch */
    limb *tmp; /* 8 * L */
    int *stack;
    int capstack;
    jmp_buf *oom;
} Engine;

/* the row u of the index matrix, a value of the table, and W[u][v] itself (read only) */
#define WROW(e, u) ((e)->wi + (size_t)(u) * (size_t)(e)->cap)
#define WV(vals, k, L) ((vals) + (size_t)(k) * (size_t)(L))
#define W(e, u, v) WV((e)->vals, WROW(e, u)[v], (e)->L)
#define Y(e, v) ((e)->y + (size_t)(v) * (size_t)(e)->L)
#define Z(e, b) ((e)->z + (size_t)(b) * (size_t)(e)->L)

/* ------------------------------------------------------------------ the solver
 * Functions returning int return -1 when memory ran out (the engine is then marked broken
 * where its state may be half-changed). */

KERNEL_API int eng_init(Engine *e, int size, int64_t restart_divisor);
KERNEL_API void eng_free(Engine *e);
KERNEL_API int eng_add_vertex(Engine *e);
KERNEL_API int eng_set_limbs(Engine *e, int L1);
/* set the doubled weight w2 of uv and mark the edge for repair (set_edge_weight); -1 when
 * memory ran out (nothing changed then) */
KERNEL_API int eng_store_weight(Engine *e, int u, int v, const limb *w2);
/* MatchingComputer.compute_matching: repair or restart, then solve */
KERNEL_API int eng_compute(Engine *e);
/* MatchingComputer.freeze: 1 frozen now, 0 the pair's other edges were set to 0 instead */
KERNEL_API int eng_freeze(Engine *e, int u, int v);
/* MatchingComputer.warm_start's checks: 0 when the start is feasible with tight matched edges,
 * else 1 (duals infeasible) or 2 (a matched edge not tight or of weight 0) on edge *eu-*ev */
KERNEL_API int eng_check_start(Engine *e, const int *mates, const limb *y, int *eu, int *ev);
/* MatchingComputer.warm_start itself, after eng_check_start accepted mates and y */
KERNEL_API int eng_warm_start(Engine *e, const int *mates, const limb *y);
/* push (a, b) on the engine's scratch stack (grows it; longjmp on e->oom when out of memory) */
KERNEL_API void push_stack2(Engine *e, int *sp, int a, int b);

#endif
