/*
 * Compiled twin of chessarbiter.pairing.matching (blossom.py + computer.py).
 *
 * This is a step-by-step port of the pure-Python BlossomEngine / _Stage / MatchingComputer:
 * the same stored-dual convention, the same event order, the same tie-breaking (lowest index
 * or first-in-list, exactly where the Python code uses min()/index() or a strict '<' loop),
 * the same heap orders ((key, seq) pairs are unique, so any binary heap pops them in the same
 * order as heapq) and the same restart rule.  For every sequence of calls it must return the
 * same matching as the Python kernel; tests/pairing/matching/test_native.py checks that.
 *
 * Numbers: fixed-width two's-complement integers of L 64-bit limbs (little-endian), L chosen
 * from the widest doubled weight stored so far (B bits) with at least 16 bits of headroom:
 * every value the algorithm forms (the sentinel inf = 2**(B+4), sums of two sentinels,
 * stored duals y +- D, ...) stays below 2**(B+6) in magnitude.  L grows (sign-extending
 * every stored number) when a wider weight arrives.
 *
 * Blossoms are records in a pool addressed by index; a blossom dissolved during a stage is
 * only recycled at the start of a later stage, because the Python code may still look at a
 * dissolved blossom (a stale heap entry, the stage's labelled list) until the stage ends.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t limb;
/* Bits kept free above the widest doubled weight: the largest magnitude a stage computes is
 * about inf + max y = 2^(wbits + 4) + 2^wbits, and numbers are two's complement. */
#define HEADROOM 8

enum { FREE_ = 0, S_ = 1, T_ = 2 };
enum {
    ST_STAGES, ST_GROW, ST_BLOSSOM, ST_EXPAND, ST_AUGMENT, ST_TO_SOURCE, ST_RESCAN,
    ST_PARITY, ST_RESET, ST_RESTART, ST_COUNT
};
static const char *const stat_names[ST_COUNT] = {
    "stages", "grow", "blossom", "expand", "augment", "to_source", "rescan",
    "parity", "reset", "restart"};

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

static inline void bi_copy(limb *d, const limb *a, int L) { memcpy(d, a, (size_t)L * sizeof(limb)); }

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
static int bi_bitlen(const limb *a, int L)
{
    for (int i = L - 1; i >= 0; i--)
        if (a[i]) return i * 64 + 64 - clz64(a[i]);
    return 0;
}

/* re-layout count numbers from width L0 to L1 >= L0 (sign-extending), in place */
static void bi_widen(limb *buf, size_t count, int L0, int L1)
{
    if (L1 == L0) return;
    for (size_t k = count; k-- > 0;) {
        limb *src = buf + k * (size_t)L0;
        limb *dst = buf + k * (size_t)L1;
        limb ext = (int64_t)src[L0 - 1] < 0 ? ~(limb)0 : 0;
        memmove(dst, src, (size_t)L0 * sizeof(limb));
        for (int i = L0; i < L1; i++) dst[i] = ext;
    }
}

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
} Blossom;

typedef struct {
    PyObject_HEAD
    int n;
    int cap;  /* row stride of w, capacity of the per-vertex arrays */
    int L;    /* limbs per number */
    int wbits; /* bit length of the largest doubled weight ever stored */
    limb *w;  /* cap * cap * L */
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
    Py_ssize_t restart_divisor;
    int broken;
    /* scratch */
    limb *tmp; /* 8 * L */
    int *stack;
    int capstack;
    jmp_buf *oom;
} Engine;

#define W(e, u, v) ((e)->w + ((size_t)(u) * (size_t)(e)->cap + (size_t)(v)) * (size_t)(e)->L)
#define Y(e, v) ((e)->y + (size_t)(v) * (size_t)(e)->L)
#define Z(e, b) ((e)->z + (size_t)(b) * (size_t)(e)->L)

static void *xrealloc(Engine *e, void *p, size_t size)
{
    void *q = realloc(p, size ? size : 1);
    if (!q) {
        if (e->oom) longjmp(*e->oom, 1);
    }
    return q;
}

static void *xmalloc(Engine *e, size_t size) { return xrealloc(e, NULL, size); }

static void push_stack2(Engine *e, int *sp, int a, int b)
{
    if (*sp + 2 > e->capstack) {
        int nc = e->capstack * 2 + 16;
        e->stack = xrealloc(e, e->stack, (size_t)nc * sizeof(int));
        e->capstack = nc;
    }
    e->stack[(*sp)++] = a;
    e->stack[(*sp)++] = b;
}

static int alloc_blossom(Engine *e)
{
    int id;
    if (e->nfree) {
        id = e->freel[--e->nfree];
    } else {
        if (e->nbl == e->capbl) {
            int nc = e->capbl * 2 + 16;
            e->bl = xrealloc(e, e->bl, (size_t)nc * sizeof(Blossom));
            e->z = xrealloc(e, e->z, (size_t)nc * (size_t)e->L * sizeof(limb));
            e->freel = xrealloc(e, e->freel, (size_t)nc * sizeof(int));
            e->capbl = nc;
        }
        id = e->nbl++;
    }
    Blossom *b = &e->bl[id];
    memset(b, 0, sizeof(*b));
    b->parent = -1;
    b->ts = b->tt = -1;
    bi_set_small(Z(e, id), 0, e->L);
    return id;
}

/* a non-trivial blossom left the structure: recycle it at the next flush */
static void retire_blossom(Engine *e, int id)
{
    if (e->npending == e->cappending) {
        int nc = e->cappending * 2 + 16;
        e->pending = xrealloc(e, e->pending, (size_t)nc * sizeof(int));
        e->cappending = nc;
    }
    e->pending[e->npending++] = id;
}

static void flush_pending(Engine *e)
{
    for (int i = 0; i < e->npending; i++) {
        Blossom *b = &e->bl[e->pending[i]];
        free(b->childs);
        free(b->edges);
        free(b->leaves);
        b->childs = b->edges = b->leaves = NULL;
        b->nchilds = b->nleaves = 0;
        e->freel[e->nfree++] = e->pending[i];
    }
    e->npending = 0;
}

/* ------------------------------------------------------------------ engine helpers */

static void eng_rotate(Engine *e, int b, int v)
{
    int *mate = e->mate;
    int sp = 0;
    push_stack2(e, &sp, b, v);
    while (sp) {
        v = e->stack[--sp];
        b = e->stack[--sp];
        int t = e->vb[v];
        int up = e->bl[t].parent;
        while (up != b) {
            t = up;
            up = e->bl[t].parent;
        }
        if (e->bl[t].nchilds) push_stack2(e, &sp, t, v);
        Blossom *B = &e->bl[b];
        int k = B->nchilds;
        int i = 0;
        while (B->childs[i] != t) i++;
        if (i) {
            int start = (i & 1) ? i + 1 : 0, stop = (i & 1) ? k : i;
            for (int m = start; m < stop; m += 2) {
                int a = B->edges[2 * m], c = B->edges[2 * m + 1];
                int ca = B->childs[m];
                int cc = m + 1 < k ? B->childs[m + 1] : B->childs[0];
                if (e->bl[ca].nchilds) push_stack2(e, &sp, ca, a);
                if (e->bl[cc].nchilds) push_stack2(e, &sp, cc, c);
                B = &e->bl[b];
                mate[a] = c;
                mate[c] = a;
            }
            /* rotate left by i */
            int *nc = xmalloc(e, (size_t)k * sizeof(int));
            int *ne = xmalloc(e, (size_t)k * 2 * sizeof(int));
            B = &e->bl[b];
            for (int q = 0; q < k; q++) {
                int s = (q + i) % k;
                nc[q] = B->childs[s];
                ne[2 * q] = B->edges[2 * s];
                ne[2 * q + 1] = B->edges[2 * s + 1];
            }
            free(B->childs);
            free(B->edges);
            B->childs = nc;
            B->edges = ne;
        }
        e->bl[b].base = v;
    }
}

static void eng_expand(Engine *e, int b, int recursive_zero)
{
    int sp = 0;
    push_stack2(e, &sp, b, 0);
    while (sp) {
        sp--;
        b = e->stack[--sp];
        retire_blossom(e, b);
        int k = e->bl[b].nchilds;
        for (int i = 0; i < k; i++) {
            int c = e->bl[b].childs[i];
            Blossom *C = &e->bl[c];
            C->parent = -1;
            if (recursive_zero && C->nchilds && bi_is_zero(Z(e, c), e->L)) {
                push_stack2(e, &sp, c, 0);
            } else {
                for (int j = 0; j < C->nleaves; j++) e->top[C->leaves[j]] = c;
            }
        }
    }
}

static void eng_make_even(Engine *e, int r)
{
    int L = e->L;
    e->stats[ST_PARITY]++;
    int b = e->top[r];
    while (e->bl[b].nchilds && bi_is_zero(Z(e, b), L)) {
        eng_expand(e, b, 0);
        b = e->top[r];
    }
    if (e->bl[b].nchilds) bi_add_small(Z(e, b), -2, L, e->tmp);
    Blossom *B = &e->bl[b];
    for (int j = 0; j < B->nleaves; j++) bi_add_small(Y(e, B->leaves[j]), 1, L, e->tmp);
}

/* y[v] = max(0, max_u(W[v][u] - y[u])) */
static void eng_lowest_dual(Engine *e, int v)
{
    int L = e->L;
    limb *best = e->tmp + L, *t = e->tmp + 2 * L;
    /* frozen vertices have W[v][u] = 0 and contribute -y[u] <= 0: skipping them is exact */
    bi_sub(best, W(e, v, v), Y(e, v), L);
    for (int i = 0; i < e->nact; i++) {
        int u = e->act[i];
        bi_sub(t, W(e, v, u), Y(e, u), L);
        if (bi_lt(best, t, L)) bi_copy(best, t, L);
    }
    if (bi_is_neg(best, L) || bi_is_zero(best, L))
        bi_set_small(Y(e, v), 0, L);
    else
        bi_copy(Y(e, v), best, L);
}

/* v becomes an exposed trivial blossom (see BlossomEngine._detach); returns the vertex that
 * lost its mate, or -1 */
static int eng_detach(Engine *e, int v)
{
    int L = e->L;
    int *mate = e->mate;
    int x;
    int b = e->top[v];
    if (e->bl[b].nchilds) {
        int base = e->bl[b].base;
        x = mate[base];
        if (x != -1) {
            mate[x] = -1;
            mate[base] = -1;
        }
        eng_rotate(e, b, v);
        mate[v] = -1;
        limb *half = e->tmp + 3 * L;
        while (e->bl[b].nchilds) {
            Blossom *B = &e->bl[b];
            bi_shr1(half, Z(e, b), L);
            if (!bi_is_zero(half, L))
                for (int j = 0; j < B->nleaves; j++) {
                    limb *yu = Y(e, B->leaves[j]);
                    bi_add(yu, yu, half, L);
                }
            for (int i = 0; i < B->nchilds; i++) {
                int c = B->childs[i];
                Blossom *C = &e->bl[c];
                C->parent = -1;
                for (int j = 0; j < C->nleaves; j++) e->top[C->leaves[j]] = c;
            }
            retire_blossom(e, b);
            b = B->childs[0];
        }
    } else {
        x = mate[v];
        if (x != -1) {
            mate[x] = -1;
            mate[v] = -1;
        }
    }
    return x;
}

static void eng_reset_vertex(Engine *e, int v)
{
    e->stats[ST_RESET]++;
    int x = eng_detach(e, v);
    eng_lowest_dual(e, v);
    if (x != -1 && !e->bl[e->top[x]].nchilds) eng_lowest_dual(e, x);
}

static void eng_drop_blossoms(Engine *e)
{
    /* every non-trivial blossom still in the structure is dropped */
    for (int v = 0; v < e->n; v++) {
        int b = e->top[v];
        if (e->bl[b].nchilds && e->bl[b].parent == -1) {
            /* retire the whole tree under b once (b is top: mark by parent = -2) */
            int sp = 0;
            e->bl[b].parent = -2;
            push_stack2(e, &sp, b, 0);
            while (sp) {
                sp--;
                int c = e->stack[--sp];
                retire_blossom(e, c);
                for (int i = 0; i < e->bl[c].nchilds; i++) {
                    int d = e->bl[c].childs[i];
                    if (e->bl[d].nchilds) push_stack2(e, &sp, d, 0);
                }
            }
        }
    }
    for (int v = 0; v < e->n; v++) {
        e->bl[e->vb[v]].parent = -1;
        e->top[v] = e->vb[v];
    }
}

static void eng_restart(Engine *e)
{
    int L = e->L;
    e->stats[ST_RESTART]++;
    eng_drop_blossoms(e);
    for (int v = 0; v < e->n; v++) {
        if (!e->frozen[v]) e->mate[v] = -1;
        limb *best = e->tmp;
        bi_copy(best, W(e, v, 0), L);
        for (int u = 1; u < e->n; u++)
            if (bi_lt(best, W(e, v, u), L)) bi_copy(best, W(e, v, u), L);
        bi_shr1(Y(e, v), best, L);
    }
    flush_pending(e);
}

/* ------------------------------------------------------------------ a stage */

typedef struct {
    size_t key; /* offset into keys */
    long long seq;
    int a, b;   /* heap3: u, x; heap4: blossom, unused */
} Entry;

typedef struct {
    Entry *ent;
    int nent, capent;
    int *heap;
    int nheap, capheap;
} Heap;

typedef struct {
    Engine *e;
    int n, L;
    limb *D, *inf, *half, *min_ys;
    limb *bp, *yfree, *ys; /* n * L */
    /* Exact shortcuts (they never change a result): bp[v] is only read for free v, a key
     * with ys = inf is never below half, so scans skip those entries.  is_s: v is (or is
     * becoming) an S vertex; vis: ys[v] is finite; is_free: yfree[v] is finite, and then
     * fsv[v] caches bp[v] + yfree[v]. */
    char *is_s, *vis, *is_free;
    limb *fsv;
    limb *t1, *t2, *t3, *t4;
    int *svert;
    int nsvert;
    int *svpos;  /* position of each S vertex in svert */
    int *sbl;    /* the top-level S blossoms */
    int nsbl, capsbl;
    int *labeled;
    int nlabeled, caplabeled;
    Heap h3, h4;
    limb *keys;
    size_t nkeys, capkeys; /* in numbers */
    long long seq;
    int arg_ys;
} Stage;

#define BP(s, v) ((s)->bp + (size_t)(v) * (size_t)(s)->L)
#define YF(s, v) ((s)->yfree + (size_t)(v) * (size_t)(s)->L)
#define YS(s, v) ((s)->ys + (size_t)(v) * (size_t)(s)->L)
#define FS(s, v) ((s)->fsv + (size_t)(v) * (size_t)(s)->L)

static inline void set_free(Stage *s, int v, int on)
{
    s->is_free[v] = (char)on;
    if (on) bi_add(FS(s, v), BP(s, v), YF(s, v), s->L);
}
#define KEY(s, en) ((s)->keys + (en)->key * (size_t)(s)->L)

static int entry_lt(Stage *s, Heap *h, int i, int j)
{
    Entry *a = &h->ent[i], *b = &h->ent[j];
    int c = bi_cmp(KEY(s, a), KEY(s, b), s->L);
    if (c) return c < 0;
    return a->seq < b->seq;
}

static void heap_push(Stage *s, Heap *h, const limb *key, int a, int b)
{
    Engine *e = s->e;
    if (s->nkeys == s->capkeys) {
        size_t nc = s->capkeys * 2 + 64;
        s->keys = xrealloc(e, s->keys, nc * (size_t)s->L * sizeof(limb));
        s->capkeys = nc;
    }
    size_t ko = s->nkeys++;
    bi_copy(s->keys + ko * (size_t)s->L, key, s->L);
    if (h->nent == h->capent) {
        int nc = h->capent * 2 + 64;
        h->ent = xrealloc(e, h->ent, (size_t)nc * sizeof(Entry));
        h->capent = nc;
    }
    int id = h->nent++;
    h->ent[id].key = ko;
    h->ent[id].seq = s->seq++;
    h->ent[id].a = a;
    h->ent[id].b = b;
    if (h->nheap == h->capheap) {
        int nc = h->capheap * 2 + 64;
        h->heap = xrealloc(e, h->heap, (size_t)nc * sizeof(int));
        h->capheap = nc;
    }
    int pos = h->nheap++;
    while (pos > 0) {
        int par = (pos - 1) / 2;
        if (!entry_lt(s, h, id, h->heap[par])) break;
        h->heap[pos] = h->heap[par];
        pos = par;
    }
    h->heap[pos] = id;
}

static int heap_pop(Stage *s, Heap *h)
{
    int top = h->heap[0];
    int last = h->heap[--h->nheap];
    int n = h->nheap, pos = 0;
    if (n) {
        while (1) {
            int c = 2 * pos + 1;
            if (c >= n) break;
            if (c + 1 < n && entry_lt(s, h, h->heap[c + 1], h->heap[c])) c++;
            if (!entry_lt(s, h, h->heap[c], last)) break;
            h->heap[pos] = h->heap[c];
            pos = c;
        }
        h->heap[pos] = last;
    }
    return top;
}

static void add_labeled(Stage *s, int b)
{
    if (s->nlabeled == s->caplabeled) {
        int nc = s->caplabeled * 2 + 64;
        s->labeled = xrealloc(s->e, s->labeled, (size_t)nc * sizeof(int));
        s->caplabeled = nc;
    }
    s->labeled[s->nlabeled++] = b;
}

/* the list of top-level S blossoms (rescan walks their leaves: the S vertices outside a
 * blossom, without visiting the others) */
static void sbl_add(Stage *s, int b)
{
    if (s->nsbl == s->capsbl) {
        int nc = s->capsbl * 2 + 64;
        s->sbl = xrealloc(s->e, s->sbl, (size_t)nc * sizeof(int));
        s->capsbl = nc;
    }
    s->e->bl[b].spos = s->nsbl;
    s->sbl[s->nsbl++] = b;
}

static void sbl_remove(Stage *s, int b)
{
    int i = s->e->bl[b].spos;
    if (i < 0 || i >= s->nsbl || s->sbl[i] != b) return;
    int last = s->sbl[--s->nsbl];
    s->sbl[i] = last;
    s->e->bl[last].spos = i;
    s->e->bl[b].spos = -1;
}

/* add_s's scan of the row of u: lowers bp (and fsv) of the non-S vertices; for the large
 * case, the least key to an S vertex (returned as its index, -1 if none) */
static inline __attribute__((always_inline)) int scan_row(
    Stage *s, const int *act, int nact, const char *is_s, const char *vis, const char *is_free,
    const limb *yu, const limb *wu, limb *row, limb *best, limb *k, int large, int L)
{
    int arg = -1;
    for (int i = 0; i < nact; i++) {
        int x = act[i];
        if (is_s[x]) {
            /* bp[x] is never read for an S vertex; keys with ys = inf never count */
            if (large && vis[x]) {
                bi_sub(k, s->ys + (size_t)x * L, wu + (size_t)x * L, L);
                if (arg < 0 || bi_lt(k, best, L)) {
                    bi_copy(best, k, L);
                    arg = x;
                }
            }
            continue;
        }
        bi_sub(row, yu, wu + (size_t)x * L, L);
        limb *bx = s->bp + (size_t)x * L;
        if (bi_lt(row, bx, L)) {
            bi_copy(bx, row, L);
            if (is_free[x]) bi_add(s->fsv + (size_t)x * L, row, s->yfree + (size_t)x * L, L);
        }
    }
    return arg;
}

static void add_s(Stage *s, int b, const int *newv, int nnew)
{
    Engine *e = s->e;
    int L = s->L;
    Blossom *B = &e->bl[b];
    const int *leaves = B->leaves;
    int nleaves = B->nleaves;
    if (nnew != nleaves)
        for (int i = 0; i < nleaves; i++) {
            bi_copy(YS(s, leaves[i]), s->inf, L);
            s->vis[leaves[i]] = 0;
        }
    for (int i = 0; i < nnew; i++) s->is_s[newv[i]] = 1;
    int nsv = s->nsvert;
    int small = 3 * nsv < s->e->nact;
    const int *act = e->act;
    int nact = e->nact;
    const char *is_s = s->is_s, *vis = s->vis, *is_free = s->is_free;
    limb *row = s->t1, *best = s->t2, *k = s->t3;
    for (int ii = 0; ii < nnew; ii++) {
        int u = newv[ii];
        const limb *yu = Y(e, u);
        const limb *wu = W(e, u, 0);
        int arg = -1;
        int large = nsv && !small;
        bi_copy(best, s->inf, L);
        /* the hot loop, specialised for the usual widths (2-6 words) so the limb loops unroll */
        if (L == 2)
            arg = scan_row(s, act, nact, is_s, vis, is_free, yu, wu, row, best, k, large, 2);
        else if (L == 3)
            arg = scan_row(s, act, nact, is_s, vis, is_free, yu, wu, row, best, k, large, 3);
        else if (L == 4)
            arg = scan_row(s, act, nact, is_s, vis, is_free, yu, wu, row, best, k, large, 4);
        else if (L == 5)
            arg = scan_row(s, act, nact, is_s, vis, is_free, yu, wu, row, best, k, large, 5);
        else if (L == 6)
            arg = scan_row(s, act, nact, is_s, vis, is_free, yu, wu, row, best, k, large, 6);
        else
            arg = scan_row(s, act, nact, is_s, vis, is_free, yu, wu, row, best, k, large, L);
        if (!nsv) continue;
        if (small) {
            for (int q = 0; q < nsv; q++) {
                int x = s->svert[q];
                if (!vis[x]) continue; /* ys = inf: its key is never pushed */
                bi_sub(k, YS(s, x), wu + (size_t)x * L, L);
                if (arg < 0 || bi_lt(k, best, L)) {
                    bi_copy(best, k, L);
                    arg = x;
                }
            }
        }
        if (arg < 0) continue; /* every key was infinite: nothing to push */
        bi_add(best, best, yu, L);
        if (bi_lt(best, s->half, L)) heap_push(s, &s->h3, best, u, arg);
    }
    for (int i = 0; i < nleaves; i++) {
        bi_copy(YS(s, leaves[i]), Y(e, leaves[i]), L);
        s->vis[leaves[i]] = 1;
    }
    for (int i = 0; i < nnew; i++) {
        int v = newv[i];
        if (bi_lt(Y(e, v), s->min_ys, L)) {
            bi_copy(s->min_ys, Y(e, v), L);
            s->arg_ys = v;
        }
    }
    for (int i = 0; i < nnew; i++) {
        s->svpos[newv[i]] = s->nsvert;
        s->svert[s->nsvert++] = newv[i];
    }
}

static void rescan(Stage *s, int u)
{
    Engine *e = s->e;
    int L = s->L;
    e->stats[ST_RESCAN]++;
    int b = e->top[u];
    const limb *wu = W(e, u, 0);
    limb *best = s->t2, *k = s->t3;
    int arg = -1;
    /* only finite keys (visible S vertices outside b) can be pushed; first minimum in svert
     * order (small) or in index order (large), as in blossom.py.  The candidates are the
     * leaves of the other top-level S blossoms (b may hold most S vertices: they are not
     * visited); ties are broken by svert position or index, whatever the walk's order. */
    int large = !(3 * s->nsvert < e->nact);
    for (int i = 0; i < s->nsbl; i++) {
        int c = s->sbl[i];
        if (c == b) continue;
        const Blossom *C = &e->bl[c];
        for (int j = 0; j < C->nleaves; j++) {
            int x = C->leaves[j];
            if (!s->vis[x]) continue;
            bi_sub(k, YS(s, x), wu + (size_t)x * L, L);
            int better = arg < 0;
            if (!better) {
                int cmp = bi_cmp(k, best, L);
                better = cmp < 0 ||
                         (cmp == 0 && (large ? x < arg : s->svpos[x] < s->svpos[arg]));
            }
            if (better) {
                bi_copy(best, k, L);
                arg = x;
            }
        }
    }
    if (arg < 0) return;
    bi_add(best, best, Y(e, u), L);
    if (bi_lt(best, s->half, L)) heap_push(s, &s->h3, best, u, arg);
}

static void make_s(Stage *s, int b, int old)
{
    Engine *e = s->e;
    int L = s->L;
    limb *shift = s->t4;
    if (old == FREE_)
        bi_copy(shift, s->D, L);
    else
        bi_add(shift, s->D, s->D, L);
    Blossom *B = &e->bl[b];
    for (int i = 0; i < B->nleaves; i++) {
        int v = B->leaves[i];
        bi_add(Y(e, v), Y(e, v), shift, L);
        bi_copy(YF(s, v), s->inf, L);
        s->is_free[v] = 0;
    }
    if (B->nchilds) {
        bi_sub(Z(e, b), Z(e, b), shift, L);
        bi_sub(Z(e, b), Z(e, b), shift, L);
    }
    B->label = S_;
    add_labeled(s, b);
    sbl_add(s, b);
    add_s(s, b, e->bl[b].leaves, e->bl[b].nleaves);
}

static void make_t(Stage *s, int b, int sv, int tv)
{
    Engine *e = s->e;
    int L = s->L;
    Blossom *B = &e->bl[b];
    for (int i = 0; i < B->nleaves; i++) {
        int v = B->leaves[i];
        bi_sub(Y(e, v), Y(e, v), s->D, L);
        bi_copy(YF(s, v), s->inf, L);
        s->is_free[v] = 0;
    }
    if (B->nchilds) {
        bi_add(Z(e, b), Z(e, b), s->D, L);
        bi_add(Z(e, b), Z(e, b), s->D, L);
        heap_push(s, &s->h4, Z(e, b), b, 0);
    }
    B = &e->bl[b];
    B->label = T_;
    B->ts = sv;
    B->tt = tv;
    add_labeled(s, b);
}

static int tree_parent(Stage *s, int b)
{
    Engine *e = s->e;
    int m = e->mate[e->bl[b].base];
    if (m == -1) return -1;
    return e->top[e->bl[e->top[m]].ts];
}

static void augment_path(Stage *s, int sv, int p)
{
    Engine *e = s->e;
    int *top = e->top, *mate = e->mate;
    while (1) {
        int bs = top[sv];
        int t = mate[e->bl[bs].base];
        if (e->bl[bs].nchilds) eng_rotate(e, bs, sv);
        mate[sv] = p;
        if (t == -1) return;
        int bt = top[t];
        sv = e->bl[bt].ts;
        p = e->bl[bt].tt;
        if (e->bl[bt].nchilds) eng_rotate(e, bt, p);
        mate[p] = sv;
    }
}

static void add_blossom(Stage *s, int bb, int u, int x)
{
    Engine *e = s->e;
    int L = s->L;
    int *top = e->top, *mate = e->mate;
    int big = alloc_blossom(e);
    /* childs_u / edges_u */
    int cap = 16, nu = 0;
    int *cu = xmalloc(e, (size_t)cap * sizeof(int));
    int *eu = xmalloc(e, (size_t)cap * 2 * sizeof(int));
    int c = top[u];
    while (c != bb) {
        int p, q;
        if (e->bl[c].label == S_) {
            p = mate[e->bl[c].base];
            q = e->bl[c].base;
        } else {
            p = e->bl[c].ts;
            q = e->bl[c].tt;
        }
        if (nu == cap) {
            cap *= 2;
            cu = xrealloc(e, cu, (size_t)cap * sizeof(int));
            eu = xrealloc(e, eu, (size_t)cap * 2 * sizeof(int));
        }
        cu[nu] = c;
        eu[2 * nu] = p;
        eu[2 * nu + 1] = q;
        nu++;
        c = top[p];
    }
    int capc = nu + 16, k = 0;
    int *childs = xmalloc(e, (size_t)capc * sizeof(int));
    int *edges = xmalloc(e, (size_t)capc * 2 * sizeof(int));
    childs[k++] = bb;
    for (int i = nu - 1; i >= 0; i--) childs[k++] = cu[i];
    int ke = 0;
    for (int i = nu - 1; i >= 0; i--) {
        edges[2 * ke] = eu[2 * i];
        edges[2 * ke + 1] = eu[2 * i + 1];
        ke++;
    }
    edges[2 * ke] = u;
    edges[2 * ke + 1] = x;
    ke++;
    free(cu);
    free(eu);
    c = top[x];
    while (c != bb) {
        int p, q;
        if (e->bl[c].label == S_) {
            p = mate[e->bl[c].base];
            q = e->bl[c].base;
        } else {
            p = e->bl[c].ts;
            q = e->bl[c].tt;
        }
        if (k == capc) {
            capc *= 2;
            childs = xrealloc(e, childs, (size_t)capc * sizeof(int));
            edges = xrealloc(e, edges, (size_t)capc * 2 * sizeof(int));
        }
        childs[k++] = c;
        edges[2 * ke] = q;
        edges[2 * ke + 1] = p;
        ke++;
        c = top[p];
    }
    int nleaves = 0;
    for (int i = 0; i < k; i++) nleaves += e->bl[childs[i]].nleaves;
    int *leaves = xmalloc(e, (size_t)nleaves * sizeof(int));
    int *newv = xmalloc(e, (size_t)nleaves * sizeof(int));
    int nnew = 0, nl = 0;
    limb *D2 = s->t4;
    bi_add(D2, s->D, s->D, L);
    for (int i = 0; i < k; i++) {
        int ci = childs[i];
        Blossom *C = &e->bl[ci];
        C->parent = big;
        if (C->label == S_) sbl_remove(s, ci);
        if (C->label == T_) {
            for (int j = 0; j < C->nleaves; j++) {
                int v = C->leaves[j];
                bi_add(Y(e, v), Y(e, v), D2, L);
                newv[nnew++] = v;
            }
            if (C->nchilds) bi_sub(Z(e, ci), Z(e, ci), D2, L);
        } else if (C->nchilds) {
            bi_add(Z(e, ci), Z(e, ci), D2, L);
        }
        for (int j = 0; j < C->nleaves; j++) leaves[nl++] = C->leaves[j];
    }
    for (int i = 0; i < nl; i++) top[leaves[i]] = big;
    Blossom *G = &e->bl[big];
    G->base = e->bl[bb].base;
    G->nchilds = k;
    G->childs = childs;
    G->edges = edges;
    G->nleaves = nl;
    G->leaves = leaves;
    bi_set_small(Z(e, big), 0, L);
    bi_sub(Z(e, big), Z(e, big), D2, L);
    G->label = S_;
    add_labeled(s, big);
    sbl_add(s, big);
    add_s(s, big, newv, nnew);
    free(newv);
}

static int s_s_edge(Stage *s, int u, int x)
{
    Engine *e = s->e;
    int bu = e->top[u], bx = e->top[x];
    e->mark++;
    uint64_t mark = e->mark;
    int walk = bu, other = bx;
    while (1) {
        if (walk != -1) {
            if (e->bl[walk].mark == mark) break;
            e->bl[walk].mark = mark;
            walk = tree_parent(s, walk);
        } else if (other == -1) {
            e->stats[ST_AUGMENT]++;
            augment_path(s, u, x);
            augment_path(s, x, u);
            return 1;
        }
        int t = walk;
        walk = other;
        other = t;
    }
    e->stats[ST_BLOSSOM]++;
    add_blossom(s, walk, u, x);
    return 0;
}

static void expand_t(Stage *s, int b)
{
    Engine *e = s->e;
    int L = s->L;
    int sv = e->bl[b].ts, tv = e->bl[b].tt;
    int entry = e->vb[tv];
    int up = e->bl[entry].parent;
    while (up != b) {
        entry = up;
        up = e->bl[entry].parent;
    }
    retire_blossom(e, b);
    Blossom *B = &e->bl[b];
    int k = B->nchilds;
    int j = 0;
    while (B->childs[j] != entry) j++;
    for (int i = 0; i < k; i++) {
        int c = B->childs[i];
        Blossom *C = &e->bl[c];
        C->parent = -1;
        for (int q = 0; q < C->nleaves; q++) {
            int v = C->leaves[q];
            bi_add(Y(e, v), Y(e, v), s->D, L);
            bi_copy(YF(s, v), Y(e, v), L);
            set_free(s, v, 1);
            e->top[v] = c;
        }
    }
    B->label = FREE_;
    make_t(s, entry, sv, tv);
    int *sch = xmalloc(e, (size_t)k * sizeof(int));
    int ns = 0;
    B = &e->bl[b];
    if (j & 1) {
        for (int m = j + 1; m < k; m += 2) {
            sch[ns++] = B->childs[m];
            int p = B->edges[2 * m], q = B->edges[2 * m + 1];
            make_t(s, m + 1 < k ? B->childs[m + 1] : B->childs[0], p, q);
            B = &e->bl[b];
        }
    } else {
        for (int m = j - 1; m > 0; m -= 2) {
            sch[ns++] = B->childs[m];
            int p = B->edges[2 * (m - 1)], q = B->edges[2 * (m - 1) + 1];
            make_t(s, B->childs[m - 1], q, p);
            B = &e->bl[b];
        }
    }
    for (int i = 0; i < ns; i++) make_s(s, sch[i], FREE_);
    free(sch);
}

static void finish(Stage *s)
{
    Engine *e = s->e;
    int L = s->L;
    for (int i = 0; i < s->nlabeled; i++) {
        int b = s->labeled[i];
        Blossom *B = &e->bl[b];
        if (B->label == FREE_) continue;
        if (B->parent == -1) {
            if (B->label == S_) {
                for (int q = 0; q < B->nleaves; q++) {
                    limb *yv = Y(e, B->leaves[q]);
                    bi_sub(yv, yv, s->D, L);
                }
                if (B->nchilds) {
                    bi_add(Z(e, b), Z(e, b), s->D, L);
                    bi_add(Z(e, b), Z(e, b), s->D, L);
                }
            } else {
                for (int q = 0; q < B->nleaves; q++) {
                    limb *yv = Y(e, B->leaves[q]);
                    bi_add(yv, yv, s->D, L);
                }
                if (B->nchilds) {
                    bi_sub(Z(e, b), Z(e, b), s->D, L);
                    bi_sub(Z(e, b), Z(e, b), s->D, L);
                }
            }
            if (B->nchilds && bi_is_zero(Z(e, b), L)) eng_expand(e, b, 1);
        }
        e->bl[b].label = FREE_;
    }
}

static void run(Stage *s)
{
    Engine *e = s->e;
    int L = s->L;
    /* own buffers: the stage temporaries t1..t4 are used by add_s / make_s */
    limb *buf = xmalloc(e, (size_t)4 * (size_t)L * sizeof(limb));
    limb *delta = buf;
    limb *twice = buf + L, *fmin = buf + 2 * L, *fs = buf + 3 * L;
    while (1) {
        int kind = 1;
        bi_sub(delta, s->min_ys, s->D, L);
        while (s->h3.nheap) {
            Entry *en = &s->h3.ent[s->h3.heap[0]];
            if (e->top[en->a] != e->top[en->b]) break;
            int id = heap_pop(s, &s->h3);
            rescan(s, s->h3.ent[id].a);
        }
        if (s->h3.nheap) {
            Entry *en = &s->h3.ent[s->h3.heap[0]];
            bi_sub(twice, KEY(s, en), s->D, L);
            bi_sub(twice, twice, s->D, L);
            bi_shr1(twice, twice, L);
            if (bi_lt(twice, delta, L)) {
                bi_copy(delta, twice, L);
                kind = 3;
            }
        }
        /* min of bp + yfree, first index; entries with yfree = inf are never below half */
        int fv = -1;
        const limb *fminp = NULL;
        for (int i = 0; i < e->nact; i++) {
            int v = e->act[i];
            if (!s->is_free[v]) continue;
            if (fv < 0 || bi_lt(FS(s, v), fminp, L)) {
                fminp = FS(s, v);
                fv = v;
            }
        }
        if (fv >= 0) bi_copy(fmin, fminp, L);
        if (fv >= 0 && bi_lt(fmin, s->half, L)) {
            bi_sub(fs, fmin, s->D, L);
            if (bi_lt(fs, delta, L)) {
                bi_copy(delta, fs, L);
                kind = 2;
            }
        }
        while (s->h4.nheap) {
            Entry *en = &s->h4.ent[s->h4.heap[0]];
            Blossom *B = &e->bl[en->a];
            if (B->label == T_ && B->parent == -1) break;
            heap_pop(s, &s->h4);
        }
        if (s->h4.nheap) {
            Entry *en = &s->h4.ent[s->h4.heap[0]];
            bi_sub(twice, KEY(s, en), s->D, L);
            bi_sub(twice, twice, s->D, L);
            bi_shr1(twice, twice, L);
            if (bi_lt(twice, delta, L)) {
                bi_copy(delta, twice, L);
                kind = 4;
            }
        }
        bi_add(s->D, s->D, delta, L);
        if (kind == 1) {
            e->stats[ST_TO_SOURCE]++;
            augment_path(s, s->arg_ys, -1);
            break;
        }
        if (kind == 3) {
            Entry *en = &s->h3.ent[s->h3.heap[0]];
            if (s_s_edge(s, en->a, en->b)) break;
        } else if (kind == 2) {
            int v = fv;
            /* s_partner(v) */
            int u = -1;
            const limb *target = BP(s, v);
            const limb *wv = W(e, v, 0);
            if (3 * s->nsvert < e->nact) {
                for (int q = 0; q < s->nsvert; q++) {
                    int c = s->svert[q];
                    bi_sub(fs, Y(e, c), wv + (size_t)c * L, L);
                    if (!bi_cmp(fs, target, L)) {
                        u = c;
                        break;
                    }
                }
            } else {
                for (int i = 0; i < e->nact; i++) {
                    int c = e->act[i];
                    if (!s->vis[c]) continue; /* ys = inf never equals a finite bp */
                    bi_sub(fs, YS(s, c), wv + (size_t)c * L, L);
                    if (!bi_cmp(fs, target, L)) {
                        u = c;
                        break;
                    }
                }
            }
            int bv = e->top[v];
            if (e->mate[e->bl[bv].base] == -1) {
                e->stats[ST_AUGMENT]++;
                augment_path(s, u, v);
                if (e->bl[bv].nchilds) eng_rotate(e, bv, v);
                e->mate[v] = u;
                break;
            }
            e->stats[ST_GROW]++;
            make_t(s, bv, u, v);
            make_s(s, e->top[e->mate[e->bl[bv].base]], FREE_);
        } else {
            e->stats[ST_EXPAND]++;
            int id = heap_pop(s, &s->h4);
            expand_t(s, s->h4.ent[id].a);
        }
    }
    free(buf);
    finish(s);
}

static void stage_free(Stage *s)
{
    free(s->D);
    free(s->bp);
    free(s->yfree);
    free(s->ys);
    free(s->svert);
    free(s->svpos);
    free(s->sbl);
    free(s->labeled);
    free(s->h3.ent);
    free(s->h3.heap);
    free(s->h4.ent);
    free(s->h4.heap);
    free(s->keys);
    free(s->is_s);
    free(s->fsv);
    memset(s, 0, sizeof(*s));
}

static void eng_solve(Engine *e)
{
    int n = e->n, L = e->L;
    if (!n) return;
    int limit = e->multi_root_limit;
    int *roots = xmalloc(e, (size_t)n * sizeof(int));
    while (1) {
        int nr = 0;
        for (int r = 0; r < n; r++)
            if (e->mate[r] == -1 && !bi_is_zero(Y(e, r), L)) roots[nr++] = r;
        if (!nr) break;
        if (nr > limit) {
            nr = 1;
        } else {
            for (int i = 0; i < nr; i++)
                if (Y(e, roots[i])[0] & 1) eng_make_even(e, roots[i]);
        }
        flush_pending(e);
        e->stats[ST_STAGES]++;
        Stage st;
        memset(&st, 0, sizeof(st));
        st.e = e;
        st.n = n;
        st.L = L;
        /* D, inf, half, min_ys, t1..t4 */
        st.D = xmalloc(e, (size_t)9 * (size_t)L * sizeof(limb));
        st.inf = st.D + L;
        st.half = st.D + 2 * L;
        st.min_ys = st.D + 3 * L;
        st.t1 = st.D + 4 * L;
        st.t2 = st.D + 5 * L;
        st.t3 = st.D + 6 * L;
        st.t4 = st.D + 7 * L;
        bi_set_small(st.D, 0, L);
        bi_pow2(st.inf, e->wbits + 4, L);
        bi_shr1(st.half, st.inf, L);
        bi_copy(st.min_ys, st.inf, L);
        st.arg_ys = -1;
        size_t bytes = (size_t)n * (size_t)L * sizeof(limb);
        st.bp = xmalloc(e, bytes);
        st.yfree = xmalloc(e, bytes);
        st.ys = xmalloc(e, bytes);
        for (int v = 0; v < n; v++) {
            bi_copy(BP(&st, v), st.inf, L);
            bi_copy(YS(&st, v), st.inf, L);
        }
        memcpy(st.yfree, e->y, bytes);
        st.is_s = xmalloc(e, (size_t)3 * (size_t)n);
        memset(st.is_s, 0, (size_t)3 * (size_t)n);
        st.vis = st.is_s + n;
        st.is_free = st.is_s + 2 * n;
        st.fsv = xmalloc(e, bytes);
        for (int v = 0; v < n; v++) set_free(&st, v, !e->frozen[v]);
        st.svert = xmalloc(e, (size_t)n * sizeof(int));
        st.svpos = xmalloc(e, (size_t)n * sizeof(int));
        for (int i = 0; i < nr; i++) make_s(&st, e->top[roots[i]], FREE_);
        run(&st);
        stage_free(&st);
    }
    free(roots);
    flush_pending(e);
}

/* ------------------------------------------------------------------ growth */

static int eng_set_limbs(Engine *e, int L1)
{
    int L0 = e->L;
    if (L1 <= L0) return 0;
    size_t cc = (size_t)e->cap * (size_t)e->cap;
    limb *w = realloc(e->w, (cc ? cc : 1) * (size_t)L1 * sizeof(limb));
    if (!w) return -1;
    e->w = w;
    bi_widen(e->w, cc, L0, L1);
    limb *y = realloc(e->y, ((size_t)e->cap + 1) * (size_t)L1 * sizeof(limb));
    if (!y) return -1;
    e->y = y;
    bi_widen(e->y, (size_t)e->cap, L0, L1);
    limb *z = realloc(e->z, ((size_t)e->capbl + 1) * (size_t)L1 * sizeof(limb));
    if (!z) return -1;
    e->z = z;
    bi_widen(e->z, (size_t)e->capbl, L0, L1);
    limb *tmp = realloc(e->tmp, (size_t)8 * (size_t)L1 * sizeof(limb));
    if (!tmp) return -1;
    e->tmp = tmp;
    e->L = L1;
    return 0;
}

static int eng_set_cap(Engine *e, int cap1)
{
    int cap0 = e->cap, L = e->L;
    if (cap1 <= cap0) return 0;
    limb *w = calloc((size_t)cap1 * (size_t)cap1 * (size_t)L, sizeof(limb));
    if (!w) return -1;
    for (int u = 0; u < e->n; u++)
        memcpy(w + (size_t)u * (size_t)cap1 * (size_t)L, e->w + (size_t)u * (size_t)cap0 * (size_t)L,
               (size_t)e->n * (size_t)L * sizeof(limb));
    free(e->w);
    e->w = w;
#define GROW(field, type, count)                                                         \
    do {                                                                                  \
        type *p_ = realloc(e->field, (size_t)(count) * sizeof(type));                     \
        if (!p_) return -1;                                                               \
        e->field = p_;                                                                    \
    } while (0)
    GROW(y, limb, (size_t)cap1 * (size_t)L);
    GROW(mate, int, cap1);
    GROW(vb, int, cap1);
    GROW(top, int, cap1);
    GROW(dirty, int, cap1);
    GROW(isdirty, char, cap1);
    GROW(frozen, char, cap1);
    GROW(act, int, cap1);
#undef GROW
    e->cap = cap1;
    return 0;
}

static int eng_add_vertex(Engine *e)
{
    if (e->n == e->cap && eng_set_cap(e, e->cap * 2 + 4) < 0) return -1;
    int v = e->n;
    /* row v and column v are zero (fresh calloc'd area or zeroed here) */
    for (int u = 0; u <= v; u++) {
        memset(W(e, u, v), 0, (size_t)e->L * sizeof(limb));
        memset(W(e, v, u), 0, (size_t)e->L * sizeof(limb));
    }
    bi_set_small(Y(e, v), 0, e->L);
    e->mate[v] = -1;
    e->isdirty[v] = 0;
    e->frozen[v] = 0;
    e->act_stale = 1;
    jmp_buf jb;
    e->oom = &jb;
    if (setjmp(jb)) {
        e->oom = NULL;
        return -1;
    }
    int b = alloc_blossom(e);
    e->oom = NULL;
    Blossom *B = &e->bl[b];
    B->base = v;
    B->leaves = malloc(sizeof(int));
    if (!B->leaves) return -1;
    B->leaves[0] = v;
    B->nleaves = 1;
    e->vb[v] = b;
    e->top[v] = b;
    e->n = v + 1;
    return v;
}

/* ------------------------------------------------------------------ Python type */

static int check_usable(Engine *e)
{
    if (e->broken) {
        PyErr_SetString(PyExc_RuntimeError,
                        "native matching state is unusable after an out-of-memory failure");
        return -1;
    }
    return 0;
}

static void Engine_dealloc(Engine *e)
{
    for (int i = 0; i < e->nbl; i++) {
        free(e->bl[i].childs);
        free(e->bl[i].edges);
        free(e->bl[i].leaves);
    }
    free(e->bl);
    free(e->w);
    free(e->y);
    free(e->z);
    free(e->mate);
    free(e->vb);
    free(e->top);
    free(e->freel);
    free(e->pending);
    free(e->dirty);
    free(e->isdirty);
    free(e->frozen);
    free(e->act);
    free(e->tmp);
    free(e->stack);
    Py_TYPE(e)->tp_free((PyObject *)e);
}

static int Engine_init(Engine *e, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"size", "restart_divisor", NULL};
    Py_ssize_t size = 0, rd = 8;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|n$n", kwlist, &size, &rd)) return -1;
    if (size < 0) {
        PyErr_Format(PyExc_ValueError, "size must be non-negative, not %zd", size);
        return -1;
    }
    if (size > 1000000) {
        PyErr_SetString(PyExc_ValueError, "size too large");
        return -1;
    }
    if (e->L) {
        PyErr_SetString(PyExc_RuntimeError, "already initialised");
        return -1;
    }
    e->L = 1;
    e->multi_root_limit = 2;
    e->restart_divisor = rd;
    e->tmp = calloc(8, sizeof(limb));
    e->y = calloc(1, sizeof(limb));
    e->z = calloc(1, sizeof(limb));
    if (!e->tmp || !e->y || !e->z) {
        PyErr_NoMemory();
        return -1;
    }
    if (eng_set_cap(e, (int)size) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < size; i++)
        if (eng_add_vertex(e) < 0) {
            PyErr_NoMemory();
            return -1;
        }
    return 0;
}

static Py_ssize_t Engine_len(Engine *e) { return e->n; }

static PyObject *Engine_add_vertex(Engine *e, PyObject *Py_UNUSED(ignored))
{
    if (check_usable(e) < 0) return NULL;
    int v = eng_add_vertex(e);
    if (v < 0) return PyErr_NoMemory();
    return PyLong_FromLong(v);
}

static int get_vertices(Engine *e, PyObject *ou, PyObject *ov, int *u, int *v)
{
    Py_ssize_t a = PyNumber_AsSsize_t(ou, PyExc_IndexError);
    if (a == -1 && PyErr_Occurred()) return -1;
    Py_ssize_t b = PyNumber_AsSsize_t(ov, PyExc_IndexError);
    if (b == -1 && PyErr_Occurred()) return -1;
    if (!(0 <= a && a < e->n && 0 <= b && b < e->n)) {
        PyErr_Format(PyExc_IndexError, "vertex out of range 0..%d: %zd, %zd", e->n - 1, a, b);
        return -1;
    }
    *u = (int)a;
    *v = (int)b;
    return 0;
}

/* the doubled weight of a non-negative Python int into e->tmp (width possibly grown) */
static int load_weight(Engine *e, PyObject *ow, limb **out)
{
    int overflow = 0;
    long long small = PyLong_AsLongLongAndOverflow(ow, &overflow);
    if (small == -1 && PyErr_Occurred()) return -1;
    if (!overflow) {
        if (small < 0) {
            PyErr_Format(PyExc_ValueError, "weight must be non-negative, not %lld", small);
            return -1;
        }
        int bits = small ? 64 - clz64((limb)small) + 1 : 0;
        int need = (bits + HEADROOM + 63) / 64;
        if (need > e->L && eng_set_limbs(e, need) < 0) {
            PyErr_NoMemory();
            return -1;
        }
        limb *t = e->tmp;
        bi_set_small(t, 0, e->L);
        t[0] = (limb)small << 1;
        t[1] |= (limb)small >> 63;
        *out = t;
        return bits;
    }
    if (overflow < 0) {
        PyObject *r = PyObject_Repr(ow);
        if (r) {
            PyErr_Format(PyExc_ValueError, "weight must be non-negative, not %U", r);
            Py_DECREF(r);
        }
        return -1;
    }
    size_t nb = _PyLong_NumBits(ow);
    if (nb == (size_t)-1 && PyErr_Occurred()) return -1;
    if (nb > (size_t)1 << 24) {
        PyErr_SetString(PyExc_OverflowError, "weight too large");
        return -1;
    }
    int bits = (int)nb + 1;
    int need = (bits + HEADROOM + 63) / 64;
    if (need > e->L && eng_set_limbs(e, need) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    int L = e->L;
    unsigned char *bytes = (unsigned char *)(e->tmp + 2 * L);
    /* tmp[2L .. 3L) as a byte buffer (L * 8 bytes >= nb / 8 + 1) */
#if PY_VERSION_HEX >= 0x030D0000
    if (_PyLong_AsByteArray((PyLongObject *)ow, bytes, (size_t)L * 8, 1, 0, 1) < 0) return -1;
#else
    if (_PyLong_AsByteArray((PyLongObject *)ow, bytes, (size_t)L * 8, 1, 0) < 0) return -1;
#endif
    limb *t = e->tmp + L;
    for (int i = 0; i < L; i++) {
        limb x = 0;
        for (int j = 7; j >= 0; j--) x = (x << 8) | bytes[8 * i + j];
        t[i] = x;
    }
    bi_shl1(e->tmp, t, L);
    *out = e->tmp;
    return bits;
}

static void unfreeze(Engine *e, int v)
{
    if (!e->frozen[v]) return;
    e->frozen[v] = 0;
    e->frozen[e->mate[v]] = 0;
    e->act_stale = 1;
}

/* set the doubled weight w2 of uv and mark the edge for repair (the body of set_edge_weight) */
static void store_weight(Engine *e, int u, int v, const limb *w2)
{
    int L = e->L;
    if (!memcmp(W(e, u, v), w2, (size_t)L * sizeof(limb))) return;
    unfreeze(e, u);
    unfreeze(e, v);
    bi_copy(W(e, u, v), w2, L);
    bi_copy(W(e, v, u), w2, L);
    int bl = bi_bitlen(w2, L);
    if (bl > e->wbits) e->wbits = bl;
    if (!e->isdirty[u] && !e->isdirty[v]) {
        e->isdirty[u] = 1;
        e->dirty[e->ndirty++] = u;
    }
}

static void rebuild_active(Engine *e)
{
    if (!e->act_stale) return;
    int k = 0;
    for (int v = 0; v < e->n; v++)
        if (!e->frozen[v]) e->act[k++] = v;
    e->nact = k;
    e->act_stale = 0;
}

static PyObject *Engine_set_edge_weight(Engine *e, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "set_edge_weight(u, v, weight) takes 3 arguments");
        return NULL;
    }
    if (check_usable(e) < 0) return NULL;
    int u, v;
    if (get_vertices(e, args[0], args[1], &u, &v) < 0) return NULL;
    if (u == v) {
        PyErr_Format(PyExc_ValueError, "no loops: %d-%d", u, v);
        return NULL;
    }
    if (!PyLong_Check(args[2])) {
        PyErr_Format(PyExc_TypeError, "weight must be an int, not %s", Py_TYPE(args[2])->tp_name);
        return NULL;
    }
    limb *w2;
    int bits = load_weight(e, args[2], &w2);
    if (bits < 0) return NULL;
    store_weight(e, u, v, w2);
    Py_RETURN_NONE;
}

/* set_row(u, weights): set_edge_weight(u, v, weights[v]) for every v != u, in order */
static PyObject *Engine_set_row(Engine *e, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "set_row(u, weights) takes 2 arguments");
        return NULL;
    }
    if (check_usable(e) < 0) return NULL;
    int u, unused;
    if (get_vertices(e, args[0], args[0], &u, &unused) < 0) return NULL;
    PyObject *seq = PySequence_Fast(args[1], "weights must be a sequence of ints");
    if (!seq) return NULL;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(seq);
    if (k > e->n) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_IndexError, "%zd weights for %d vertices", k, e->n);
        return NULL;
    }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    /* the same int object again (rows often repeat a few values): its limbs are still in
     * e->tmp, which store_weight does not touch */
    PyObject *last = NULL;
    int last_L = 0;
    limb *w2 = NULL;
    for (Py_ssize_t v = 0; v < k; v++) {
        PyObject *ow = items[v];
        if (!PyLong_Check(ow)) {
            PyErr_Format(PyExc_TypeError, "weight must be an int, not %s", Py_TYPE(ow)->tp_name);
            Py_DECREF(seq);
            return NULL;
        }
        if (v == u) {
            int zero = PyObject_Not(ow);
            if (zero != 1) {
                if (zero == 0)
                    PyErr_Format(PyExc_ValueError, "no loops: the weight of %d-%d must be 0", u, u);
                Py_DECREF(seq);
                return NULL;
            }
            continue;
        }
        if (ow != last || e->L != last_L) {
            if (load_weight(e, ow, &w2) < 0) {
                Py_DECREF(seq);
                return NULL;
            }
            last = ow;
            last_L = e->L;
        }
        store_weight(e, u, (int)v, w2);
    }
    Py_DECREF(seq);
    Py_RETURN_NONE;
}

/* warm_start(mates, duals): see MatchingComputer.warm_start in computer.py */
static PyObject *Engine_warm_start(Engine *e, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "warm_start(mates, duals) takes 2 arguments");
        return NULL;
    }
    if (check_usable(e) < 0) return NULL;
    int n = e->n;
    for (int v = 0; v < n; v++)
        if (e->frozen[v]) {
            PyErr_SetString(PyExc_ValueError, "warm_start with frozen pairs");
            return NULL;
        }
    PyObject *ms = PySequence_Fast(args[0], "mates must be a sequence of ints");
    if (!ms) return NULL;
    PyObject *ds = PySequence_Fast(args[1], "duals must be a sequence of ints");
    if (!ds) {
        Py_DECREF(ms);
        return NULL;
    }
    int *mates = NULL;
    limb *y = NULL;
    if (PySequence_Fast_GET_SIZE(ms) != n || PySequence_Fast_GET_SIZE(ds) != n) {
        PyErr_Format(PyExc_ValueError, "warm_start needs %d mates and %d duals", n, n);
        goto fail;
    }
    mates = malloc(((size_t)n + 1) * sizeof(int));
    if (!mates) {
        PyErr_NoMemory();
        goto fail;
    }
    for (int v = 0; v < n; v++) {
        long m = PyLong_AsLong(PySequence_Fast_GET_ITEM(ms, v));
        if (m == -1 && PyErr_Occurred()) goto fail;
        if (m < 0 || m >= n) {
            PyErr_Format(PyExc_ValueError, "mate of %d out of range: %ld", v, m);
            goto fail;
        }
        mates[v] = (int)m;
    }
    for (int v = 0; v < n; v++)
        if (mates[mates[v]] != v) {
            PyErr_Format(PyExc_ValueError, "mates are not symmetric at %d", v);
            goto fail;
        }
    /* the duals, doubled like the weights; widen the numbers first if needed */
    for (int v = 0; v < n; v++) {
        limb *t;
        PyObject *d = PySequence_Fast_GET_ITEM(ds, v);
        if (!PyLong_Check(d)) {
            PyErr_SetString(PyExc_TypeError, "duals must be ints");
            goto fail;
        }
        if (load_weight(e, d, &t) < 0) goto fail;
    }
    int L = e->L;
    y = malloc(((size_t)n + 1) * (size_t)L * sizeof(limb));
    if (!y) {
        PyErr_NoMemory();
        goto fail;
    }
    for (int v = 0; v < n; v++) {
        limb *t;
        if (load_weight(e, PySequence_Fast_GET_ITEM(ds, v), &t) < 0) goto fail;
        bi_copy(y + (size_t)v * L, t, L);
    }
    /* dual feasibility, and tight matched edges */
    limb *sum = e->tmp + 4 * L;
    for (int u = 0; u < n; u++)
        for (int v = u + 1; v < n; v++) {
            bi_add(sum, y + (size_t)u * L, y + (size_t)v * L, L);
            int c = bi_cmp(sum, W(e, u, v), L);
            if (c < 0 || (mates[u] == v && (c != 0 || bi_is_zero(W(e, u, v), L)))) {
                PyErr_Format(PyExc_ValueError,
                             c < 0 ? "duals infeasible on edge %d-%d"
                                   : "matched edge %d-%d is not tight (or has weight 0)",
                             u, v);
                goto fail;
            }
        }
    jmp_buf jb;
    e->oom = &jb;
    if (setjmp(jb)) {
        e->oom = NULL;
        e->broken = 1;
        PyErr_NoMemory();
        goto fail;
    }
    eng_drop_blossoms(e);
    flush_pending(e);
    e->oom = NULL;
    for (int v = 0; v < n; v++) {
        e->mate[v] = mates[v] == v ? -1 : mates[v];
        bi_copy(Y(e, v), y + (size_t)v * L, L);
        /* the stage's "infinity" must stay above every dual too */
        int bl = bi_bitlen(Y(e, v), L);
        if (bl > e->wbits) e->wbits = bl;
    }
    for (int i = 0; i < e->ndirty; i++) e->isdirty[e->dirty[i]] = 0;
    e->ndirty = 0;
    e->unsolved = 1;
    free(mates);
    free(y);
    Py_DECREF(ms);
    Py_DECREF(ds);
    Py_RETURN_NONE;
fail:
    free(mates);
    free(y);
    Py_DECREF(ms);
    Py_DECREF(ds);
    return NULL;
}

/* freeze(u, v): see MatchingComputer.freeze in computer.py */
static PyObject *Engine_freeze(Engine *e, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "freeze(u, v) takes 2 arguments");
        return NULL;
    }
    if (check_usable(e) < 0) return NULL;
    int u, v;
    if (get_vertices(e, args[0], args[1], &u, &v) < 0) return NULL;
    if (u == v) {
        PyErr_Format(PyExc_ValueError, "no loops: %d-%d", u, v);
        return NULL;
    }
    int L = e->L;
    if (bi_is_zero(W(e, u, v), L)) {
        PyErr_Format(PyExc_ValueError, "cannot freeze %d-%d: the edge has weight 0", u, v);
        return NULL;
    }
    if (e->frozen[u] && e->mate[u] == v) Py_RETURN_TRUE;
    if (!e->ndirty && !e->frozen[u] && !e->frozen[v]) {
        for (int x = 0; x < e->n; x++) {
            if (x == u || x == v) continue;
            memset(W(e, u, x), 0, (size_t)L * sizeof(limb));
            memset(W(e, x, u), 0, (size_t)L * sizeof(limb));
            memset(W(e, v, x), 0, (size_t)L * sizeof(limb));
            memset(W(e, x, v), 0, (size_t)L * sizeof(limb));
        }
        /* BlossomEngine.freeze */
        int unsettled = e->mate[u] != v || e->bl[e->top[u]].nchilds || e->bl[e->top[v]].nchilds;
        if (unsettled) {
            jmp_buf jb;
            e->oom = &jb;
            if (setjmp(jb)) {
                e->oom = NULL;
                e->broken = 1;
                return PyErr_NoMemory();
            }
            eng_detach(e, u);
            eng_detach(e, v);
            flush_pending(e);
            e->oom = NULL;
            e->mate[u] = v;
            e->mate[v] = u;
            e->unsolved = 1;
        }
        const limb *w = W(e, u, v);
        if (bi_lt(w, Y(e, v), L)) bi_copy(Y(e, v), w, L);
        bi_sub(Y(e, u), w, Y(e, v), L);
        e->frozen[u] = e->frozen[v] = 1;
        e->act_stale = 1;
        Py_RETURN_TRUE;
    }
    limb *zero = e->tmp;
    bi_set_small(zero, 0, L);
    for (int x = 0; x < e->n; x++) {
        if (x != u && x != v) store_weight(e, u, x, zero);
        if (x != v && x != u) store_weight(e, v, x, zero);
    }
    Py_RETURN_FALSE;
}

static PyObject *limbs_to_pylong(const limb *a, int L, int shift_right_one)
{
    unsigned char *bytes = PyMem_Malloc((size_t)L * 8);
    if (!bytes) return PyErr_NoMemory();
    for (int i = 0; i < L; i++) {
        limb x = a[i];
        if (shift_right_one) x = (x >> 1) | (i + 1 < L ? a[i + 1] << 63 : 0);
        for (int j = 0; j < 8; j++) bytes[8 * i + j] = (unsigned char)(x >> (8 * j));
    }
    PyObject *r = _PyLong_FromByteArray(bytes, (size_t)L * 8, 1, 1);
    PyMem_Free(bytes);
    return r;
}

static PyObject *Engine_edge_weight(Engine *e, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "edge_weight(u, v) takes 2 arguments");
        return NULL;
    }
    int u, v;
    if (get_vertices(e, args[0], args[1], &u, &v) < 0) return NULL;
    const limb *w = W(e, u, v);
    if (e->L == 1 || bi_bitlen(w, e->L) < 63) return PyLong_FromLongLong((long long)(w[0] >> 1));
    return limbs_to_pylong(w, e->L, 1);
}

static PyObject *Engine_compute_matching(Engine *e, PyObject *Py_UNUSED(ignored))
{
    if (check_usable(e) < 0) return NULL;
    if (!e->ndirty && !e->unsolved) Py_RETURN_NONE;
    jmp_buf jb;
    e->oom = &jb;
    if (setjmp(jb)) {
        e->oom = NULL;
        e->broken = 1;
        return PyErr_NoMemory();
    }
    rebuild_active(e);
    if (e->restart_divisor * (Py_ssize_t)e->ndirty > e->n) {
        eng_restart(e);
    } else {
        for (int i = 0; i < e->ndirty; i++) eng_reset_vertex(e, e->dirty[i]);
        flush_pending(e);
    }
    for (int i = 0; i < e->ndirty; i++) e->isdirty[e->dirty[i]] = 0;
    e->ndirty = 0;
    e->unsolved = 0;
    eng_solve(e);
    e->oom = NULL;
    Py_RETURN_NONE;
}

static PyObject *Engine_matching(Engine *e, PyObject *Py_UNUSED(ignored))
{
    if (e->ndirty || e->unsolved) {
        PyErr_SetString(PyExc_RuntimeError, "edge weights changed: call compute_matching() first");
        return NULL;
    }
    PyObject *list = PyList_New(e->n);
    if (!list) return NULL;
    for (int v = 0; v < e->n; v++) {
        int m = e->mate[v];
        PyObject *o = PyLong_FromLong(m >= 0 ? m : v);
        if (!o) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, v, o);
    }
    return list;
}

static PyObject *Engine_matching_weight(Engine *e, PyObject *Py_UNUSED(ignored))
{
    if (e->ndirty || e->unsolved) {
        PyErr_SetString(PyExc_RuntimeError, "edge weights changed: call compute_matching() first");
        return NULL;
    }
    PyObject *total = PyLong_FromLong(0);
    for (int v = 0; v < e->n && total; v++) {
        int m = e->mate[v];
        if (m > v) {
            PyObject *w = limbs_to_pylong(W(e, v, m), e->L, 1);
            if (!w) {
                Py_DECREF(total);
                return NULL;
            }
            PyObject *s = PyNumber_Add(total, w);
            Py_DECREF(w);
            Py_DECREF(total);
            total = s;
        }
    }
    return total;
}

static PyObject *Engine_stats(Engine *e, void *Py_UNUSED(closure))
{
    PyObject *d = PyDict_New();
    if (!d) return NULL;
    for (int i = 0; i < ST_COUNT; i++) {
        PyObject *o = PyLong_FromLongLong(e->stats[i]);
        if (!o || PyDict_SetItemString(d, stat_names[i], o) < 0) {
            Py_XDECREF(o);
            Py_DECREF(d);
            return NULL;
        }
        Py_DECREF(o);
    }
    return d;
}

static PyObject *Engine_get_rd(Engine *e, void *Py_UNUSED(closure))
{
    return PyLong_FromSsize_t(e->restart_divisor);
}

static int Engine_set_rd(Engine *e, PyObject *value, void *Py_UNUSED(closure))
{
    if (!value) {
        PyErr_SetString(PyExc_AttributeError, "cannot delete restart_divisor");
        return -1;
    }
    Py_ssize_t r = PyNumber_AsSsize_t(value, PyExc_OverflowError);
    if (r == -1 && PyErr_Occurred()) return -1;
    e->restart_divisor = r;
    return 0;
}

/* The whole state, for checking: (y, mate, top, blossoms, wbits, limbs) where blossoms maps
 * an id to (base, z, childs, edges, leaves, parent). Vertex blossoms are ids too. */
static PyObject *Engine_export(Engine *e, PyObject *Py_UNUSED(ignored))
{
    int L = e->L;
    PyObject *y = PyList_New(e->n), *mate = PyList_New(e->n), *top = PyList_New(e->n),
             *vb = PyList_New(e->n), *bls = PyDict_New();
    if (!y || !mate || !top || !vb || !bls) goto fail;
    for (int v = 0; v < e->n; v++) {
        PyObject *o = limbs_to_pylong(Y(e, v), L, 0);
        if (!o) goto fail;
        PyList_SET_ITEM(y, v, o);
        PyList_SET_ITEM(mate, v, PyLong_FromLong(e->mate[v]));
        PyList_SET_ITEM(top, v, PyLong_FromLong(e->top[v]));
        PyList_SET_ITEM(vb, v, PyLong_FromLong(e->vb[v]));
    }
    /* the blossoms reachable from the tops */
    for (int v = 0; v < e->n; v++) {
        int sp = 0;
        push_stack2(e, &sp, e->top[v], 0);
        while (sp) {
            sp--;
            int b = e->stack[--sp];
            PyObject *key = PyLong_FromLong(b);
            if (!key) goto fail;
            int has = PyDict_Contains(bls, key);
            if (has) {
                Py_DECREF(key);
                if (has < 0) goto fail;
                continue;
            }
            Blossom *B = &e->bl[b];
            PyObject *ch = PyList_New(B->nchilds), *ed = PyList_New(B->nchilds),
                     *lv = PyList_New(B->nleaves);
            for (int i = 0; i < B->nchilds; i++) {
                PyList_SET_ITEM(ch, i, PyLong_FromLong(B->childs[i]));
                PyList_SET_ITEM(ed, i, Py_BuildValue("(ii)", B->edges[2 * i], B->edges[2 * i + 1]));
                push_stack2(e, &sp, B->childs[i], 0);
                B = &e->bl[b];
            }
            for (int i = 0; i < B->nleaves; i++) PyList_SET_ITEM(lv, i, PyLong_FromLong(B->leaves[i]));
            PyObject *z = limbs_to_pylong(Z(e, b), L, 0);
            PyObject *t = Py_BuildValue("(iNNNNi)", B->base, z, ch, ed, lv, B->parent);
            if (!t || PyDict_SetItem(bls, key, t) < 0) {
                Py_XDECREF(t);
                Py_DECREF(key);
                goto fail;
            }
            Py_DECREF(t);
            Py_DECREF(key);
        }
    }
    return Py_BuildValue("(NNNNNii)", y, mate, top, vb, bls, e->wbits, L);
fail:
    Py_XDECREF(y);
    Py_XDECREF(mate);
    Py_XDECREF(top);
    Py_XDECREF(vb);
    Py_XDECREF(bls);
    return NULL;
}

static PyMethodDef Engine_methods[] = {
    {"add_vertex", (PyCFunction)Engine_add_vertex, METH_NOARGS,
     "Add a vertex without edges and return its index."},
    {"set_edge_weight", (PyCFunction)(void (*)(void))Engine_set_edge_weight, METH_FASTCALL,
     "Set the weight of edge uv (0 removes the edge)."},
    {"edge_weight", (PyCFunction)(void (*)(void))Engine_edge_weight, METH_FASTCALL,
     "The weight of edge uv (0 when absent or u == v)."},
    {"set_row", (PyCFunction)(void (*)(void))Engine_set_row, METH_FASTCALL,
     "set_edge_weight(u, v, weights[v]) for every v != u (weights[u] must be 0)."},
    {"warm_start", (PyCFunction)(void (*)(void))Engine_warm_start, METH_FASTCALL,
     "Replace the matching and the duals by a feasible start (every blossom dropped)."},
    {"freeze", (PyCFunction)(void (*)(void))Engine_freeze, METH_FASTCALL,
     "Make the matched edge uv the only edge of u and v and leave the pair out of the search."},
    {"compute_matching", (PyCFunction)Engine_compute_matching, METH_NOARGS,
     "Bring the matching back to maximum weight after the changes since the last call."},
    {"matching", (PyCFunction)Engine_matching, METH_NOARGS,
     "The mate of each vertex; an unmatched vertex is its own mate."},
    {"matching_weight", (PyCFunction)Engine_matching_weight, METH_NOARGS,
     "The total weight of matching()."},
    {"_export", (PyCFunction)Engine_export, METH_NOARGS,
     "(y, mate, top, vertex_blossom, blossoms, wbits, limbs): the solver state, for checks."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef Engine_getset[] = {
    {"stats", (getter)Engine_stats, NULL, "Event counters of the solver.", NULL},
    {"restart_divisor", (getter)Engine_get_rd, (setter)Engine_set_rd,
     "Start over when restart_divisor * (marked vertices) > len(self) (0: never).", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PySequenceMethods Engine_as_sequence = {
    .sq_length = (lenfunc)Engine_len,
};

static PyTypeObject EngineType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "chessarbiter.pairing.matching._native.MatchingComputer",
    .tp_doc = PyDoc_STR("Compiled twin of chessarbiter.pairing.matching.MatchingComputer."),
    .tp_basicsize = sizeof(Engine),
    .tp_itemsize = 0,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Engine_init,
    .tp_dealloc = (destructor)Engine_dealloc,
    .tp_methods = Engine_methods,
    .tp_getset = Engine_getset,
    .tp_as_sequence = &Engine_as_sequence,
};

static struct PyModuleDef native_module = {
    PyModuleDef_HEAD_INIT, "_native",
    "Compiled maximum-weight matching kernel (same results as the pure-Python one).", -1,
    NULL, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__native(void)
{
    if (PyType_Ready(&EngineType) < 0) return NULL;
    PyObject *m = PyModule_Create(&native_module);
    if (!m) return NULL;
    Py_INCREF(&EngineType);
    if (PyModule_AddObject(m, "MatchingComputer", (PyObject *)&EngineType) < 0) {
        Py_DECREF(&EngineType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
