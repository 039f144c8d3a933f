/*
 * The solver of the compiled matching kernel: the primal-dual blossom algorithm of blossom.py
 * (BlossomEngine and _Stage) and the incremental computer of computer.py (MatchingComputer),
 * ported step by step (see _native.h).  No Python API here.
 */
#include <stdlib.h>

#include "_native.h"

static void *xrealloc(Engine *e, void *p, size_t size)
{
    void *q = realloc(p, size ? size : 1);
    if (!q) {
        if (e->oom) longjmp(*e->oom, 1);
    }
    return q;
}

static void *xmalloc(Engine *e, size_t size) { return xrealloc(e, NULL, size); }

/* a hash of a number of L limbs (the table of values, the dual classes of a stage) */
static uint64_t vals_hash(const limb *w, int L)
{
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < L; i++) {
        h ^= w[i];
        h *= 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    return h;
}

void push_stack2(Engine *e, int *sp, int a, int b)
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

/* a non-trivial blossom left the structure: recycle it at the next flush (its least-row
 * vector goes now) */
static void retire_blossom(Engine *e, int id)
{
    if (e->bl[id].m) {
        free(e->bl[id].m);
        e->bl[id].m = NULL;
        e->mcount--;
    }
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

/* reverse the children [lo, hi) of a blossom, and their edges with them */
static void reverse_cycle(int *childs, int *edges, int lo, int hi)
{
    for (int a = lo, z = hi - 1; a < z; a++, z--) {
        int t = childs[a];
        childs[a] = childs[z];
        childs[z] = t;
        t = edges[2 * a];
        edges[2 * a] = edges[2 * z];
        edges[2 * z] = t;
        t = edges[2 * a + 1];
        edges[2 * a + 1] = edges[2 * z + 1];
        edges[2 * z + 1] = t;
    }
}

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
            /* rotate left by i, in place: reverse [0, i), [i, k), then [0, k) */
            B = &e->bl[b];
            reverse_cycle(B->childs, B->edges, 0, i);
            reverse_cycle(B->childs, B->edges, i, k);
            reverse_cycle(B->childs, B->edges, 0, k);
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
static inline __attribute__((always_inline)) void lowest_dual_scan(Engine *e, int v,
                                                                    limb *best, limb *t, int L)
{
    const limb *vals = e->vals;
    const uint32_t *wv = WROW(e, v);
    /* frozen vertices have W[v][u] = 0 and contribute -y[u] <= 0: skipping them is exact */
    bi_sub(best, WV(vals, wv[v], L), Y(e, v), L);
    for (int i = 0; i < e->nact; i++) {
        int u = e->act[i];
        bi_sub(t, WV(vals, wv[u], L), Y(e, u), L);
        if (bi_lt(best, t, L)) bi_copy(best, t, L);
    }
}

static void eng_lowest_dual(Engine *e, int v)
{
    int L = e->L;
    limb *best = e->tmp + L, *t = e->tmp + 2 * L;
    /* specialised for the usual widths, as add_s */
    switch (L) {
    case 2: lowest_dual_scan(e, v, best, t, 2); break;
    case 3: lowest_dual_scan(e, v, best, t, 3); break;
    case 4: lowest_dual_scan(e, v, best, t, 4); break;
    case 5: lowest_dual_scan(e, v, best, t, 5); break;
    default: lowest_dual_scan(e, v, best, t, L); break;
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

/* ------------------------------------------------------------------ least-row vectors
 *
 * An exact shortcut of the row scans (it changes no result and no counter): when a blossom
 * of k vertices becomes S, its k rows y[u] - W[u][.] lower the stage's bp; their minimum over
 * the blossom's vertices (its least-row vector, see Blossom.m) lowers bp the same in one pass.
 * A vector is built from the vectors of its sub-blossoms (or their rows) the first time the
 * blossom needs it, kept while the blossom lives (across stages and solves: the duals of its
 * vertices all move together, so an offset read from one of them keeps it current), its
 * columns recomputed where an edge changed in between, and its memory bounded (a blossom
 * without room for a vector is scanned row by row, as before). */

static size_t mvec_size(const Engine *e) { return ((size_t)e->n + 1) * (size_t)e->L; }

/* drop every vector (before the number of vertices changes) */
static void mvec_drop_all(Engine *e)
{
    if (!e->mcount) return;
    for (int i = 0; i < e->nbl; i++) {
        free(e->bl[i].m);
        e->bl[i].m = NULL;
    }
    e->mcount = 0;
}

/* d = min(d, y[v] - W[v][.]) over the columns (first: d = the row) */
static inline __attribute__((always_inline)) void take_row(Engine *e, limb *d, int v, int first,
                                                            int L)
{
    int n = e->n;
    const limb *yv = Y(e, v), *vals = e->vals;
    const uint32_t *wv = WROW(e, v);
    limb *t = e->tmp + 5 * L;
    if (first) {
        for (int x = 0; x < n; x++) bi_sub(d + (size_t)x * L, yv, WV(vals, wv[x], L), L);
        return;
    }
    for (int x = 0; x < n; x++) {
        limb *dx = d + (size_t)x * L;
        if (bi_sub_lt(t, yv, WV(vals, wv[x], L), dx, L)) bi_copy(dx, t, L);
    }
}

static void mvec_take_row(Engine *e, limb *d, int v, int first)
{
    /* specialised for the usual widths, as add_s */
    switch (e->L) {
    case 2: take_row(e, d, v, first, 2); break;
    case 3: take_row(e, d, v, first, 3); break;
    case 4: take_row(e, d, v, first, 4); break;
    case 5: take_row(e, d, v, first, 5); break;
    default: take_row(e, d, v, first, e->L); break;
    }
}

static int mvec_ready(Engine *e, int b);

/* d = min(d, the current minimum of the rows of blossom c) (first: d = it) */
static void mvec_take(Engine *e, limb *d, int c, int first)
{
    int n = e->n, L = e->L;
    Blossom *C = &e->bl[c];
    if (!C->nchilds) {
        mvec_take_row(e, d, C->base, first);
        return;
    }
    if (!mvec_ready(e, c)) {
        for (int j = 0; j < C->nleaves; j++) mvec_take_row(e, d, e->bl[c].leaves[j], first && !j);
        return;
    }
    C = &e->bl[c];
    e->mstats[0]++;
    limb *off = e->tmp + 6 * L, *t = e->tmp + 5 * L;
    const limb *m = C->m;
    bi_sub(off, Y(e, C->leaves[0]), m + (size_t)n * L, L);
    for (int x = 0; x < n; x++) {
        limb *dx = d + (size_t)x * L;
        if (first) {
            bi_add(dx, m + (size_t)x * L, off, L);
        } else {
            bi_add(t, m + (size_t)x * L, off, L);
            if (bi_lt(t, dx, L)) bi_copy(dx, t, L);
        }
    }
}

/* make the vector of the non-trivial blossom b current; 0 when it has none (no room) */
static int mvec_ready(Engine *e, int b)
{
    int n = e->n, L = e->L;
    Blossom *B = &e->bl[b];
    size_t size = mvec_size(e);
    if (B->m) {
        if (B->mclock == e->wclock) return 1;
        int nst = 0;
        for (int x = 0; x < n; x++) nst += e->colchg[x] > B->mclock;
        if (4 * nst <= n) {
            /* recompute the changed columns from the rows of those vertices (W symmetric) */
            limb *off = e->tmp + 6 * L, *t = e->tmp + 5 * L, *best = e->tmp + 7 * L;
            limb *m = B->m;
            const limb *vals = e->vals;
            bi_sub(off, Y(e, B->leaves[0]), m + (size_t)n * L, L);
            for (int x = 0; x < n; x++) {
                if (e->colchg[x] <= B->mclock) continue;
                const uint32_t *wx = WROW(e, x);
                for (int j = 0; j < B->nleaves; j++) {
                    int u = B->leaves[j];
                    bi_sub(t, Y(e, u), WV(vals, wx[u], L), L);
                    if (!j || bi_lt(t, best, L)) bi_copy(best, t, L);
                }
                bi_sub(m + (size_t)x * L, best, off, L);
            }
            B->mclock = e->wclock;
            e->mstats[1]++;
            return 1;
        }
        free(B->m);
        B->m = NULL;
        e->mcount--;
    }
    /* room for at most max(16, n / 4) vectors */
    if (e->mcount >= (n / 4 > 16 ? n / 4 : 16)) return 0;
    limb *m = xmalloc(e, size * sizeof(limb));
    e->mcount++;
    e->mstats[2]++;
    int k = B->nchilds;
    for (int i = 0; i < k; i++) mvec_take(e, m, e->bl[b].childs[i], !i);
    B = &e->bl[b];
    bi_copy(m + (size_t)n * L, Y(e, B->leaves[0]), L);
    B->m = m;
    B->mclock = e->wclock;
    return 1;
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
    /* The least bp + yfree over the free vertices, first in act order, by blocks of
     * 1 << BSHIFT positions of act: bpos[k] is the position in act of block k's first least
     * free vertex (-1: the block has none) unless bdirty[k] (then it is recomputed when the
     * next event needs it).  A value that drops or a vertex that becomes free updates its
     * block's entry; the entry becoming non-free marks the block dirty. */
    int *actpos; /* position of each vertex in act (-1: frozen) */
    int *bpos;
    char *bdirty;
    int nblk;
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
    /* rescan's memory (allocated at the stage's first rescan): for each S vertex u, the
     * KBEST least keys ys[x] - W[u][x] (in the tie order of cl_large: index or svert
     * position) over the S vertices x outside top[u] when the list was made, and the length
     * of svert then (cl_upto).  S vertices stay S and keep ys within a stage and blossoms
     * only grow, so a later rescan needs the list (minus the vertices now inside top[u]) and
     * the S vertices added since, instead of every S vertex outside top[u]. */
    int *cl_n;       /* list length, -1: no list */
    char *cl_large;  /* tie order of the list */
    char *cl_full;   /* the list held every candidate (nothing dropped) */
    int *cl_upto;
    int *cl_x;       /* n * KBEST */
    limb *cl_key;    /* n * KBEST * L */
    limb *tk_key;    /* scratch: 2 * KBEST + 2 keys */
    /* A third shortcut of the row scans: bpc[x] and bpk[x] are the dual class and the weight
     * index (of the engine's table) of the row that last lowered bp[x] (bpc -1: not known,
     * e.g. lowered by a blossom's vector).  A later row whose vertex has an equal dual and an
     * equal weight at x gives exactly bp[x] again, which never lowers it: the scan skips the
     * arithmetic (at round 9 of 3,000 players, 4 entries in 10).  Dual classes are numbered
     * per stage (the S duals stay put during a stage): cls_hash maps a dual's value to its
     * class, cls_rep[c] is a vertex of class c. */
    int *bpc;
    uint32_t *bpk;
    int *cls_hash;   /* cls_size slots: class + 1, 0 empty */
    int *cls_rep;
    int ncls, cls_size;
} Stage;

#define BP(s, v) ((s)->bp + (size_t)(v) * (size_t)(s)->L)
#define YF(s, v) ((s)->yfree + (size_t)(v) * (size_t)(s)->L)
#define YS(s, v) ((s)->ys + (size_t)(v) * (size_t)(s)->L)
#define FS(s, v) ((s)->fsv + (size_t)(v) * (size_t)(s)->L)

#define BSHIFT 5

/* the free vertex at position pos of act has the value val (new or lowered) */
static inline __attribute__((always_inline)) void blk_offer(Stage *s, int pos, const limb *val,
                                                            int L)
{
    int blk = pos >> BSHIFT;
    if (s->bdirty[blk]) return;
    int cur = s->bpos[blk];
    if (cur == pos) return;
    if (cur >= 0) {
        int c = bi_cmp(val, s->fsv + (size_t)s->e->act[cur] * (size_t)L, L);
        if (c > 0 || (c == 0 && cur < pos)) return;
    }
    s->bpos[blk] = pos;
}

/* the free vertex v is labelled */
static inline void blk_remove(Stage *s, int v)
{
    int pos = s->actpos[v];
    if (pos < 0) return;
    int blk = pos >> BSHIFT;
    if (s->bpos[blk] == pos) s->bdirty[blk] = 1;
}

static inline void set_free(Stage *s, int v, int on)
{
    s->is_free[v] = (char)on;
    if (on) {
        bi_add(FS(s, v), BP(s, v), YF(s, v), s->L);
        if (s->actpos[v] >= 0) blk_offer(s, s->actpos[v], FS(s, v), s->L);
    }
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

/* the dual class of vertex u in this stage (numbered from 0 in order of first appearance) */
static int dual_class(Stage *s, int u)
{
    Engine *e = s->e;
    int L = s->L;
    const limb *yu = Y(e, u);
    if (2 * (s->ncls + 1) > s->cls_size) {
        int ns = s->cls_size ? 2 * s->cls_size : 64;
        int *h = xmalloc(e, (size_t)ns * sizeof(int));
        memset(h, 0, (size_t)ns * sizeof(int));
        s->cls_rep = xrealloc(e, s->cls_rep, (size_t)ns * sizeof(int));
        for (int c = 0; c < s->ncls; c++) {
            size_t i = (size_t)vals_hash(Y(e, s->cls_rep[c]), L) & (size_t)(ns - 1);
            while (h[i]) i = (i + 1) & (size_t)(ns - 1);
            h[i] = c + 1;
        }
        free(s->cls_hash);
        s->cls_hash = h;
        s->cls_size = ns;
    }
    size_t mask = (size_t)s->cls_size - 1;
    size_t i = (size_t)vals_hash(yu, L) & mask;
    int c;
    while ((c = s->cls_hash[i])) {
        if (!memcmp(Y(e, s->cls_rep[c - 1]), yu, (size_t)L * sizeof(limb))) return c - 1;
        i = (i + 1) & mask;
    }
    s->cls_rep[s->ncls] = u;
    s->cls_hash[i] = ++s->ncls;
    return s->ncls - 1;
}

/* add_s's scan of the row of u: lowers bp (and fsv) of the non-S vertices; for the large
 * case, the least key to an S vertex (returned as its index, -1 if none) */
static inline __attribute__((always_inline)) int scan_row(
    Stage *s, const int *act, int nact, const char *is_s, const char *vis, const char *is_free,
    const limb *yu, int cu, const uint32_t *wu, limb *row, limb *best, limb *k, int large,
    int L)
{
    const limb *vals = s->e->vals;
    int *bpc = s->bpc;
    uint32_t *bpk = s->bpk;
    int arg = -1;
    for (int i = 0; i < nact; i++) {
        int x = act[i];
        if (is_s[x]) {
            /* bp[x] is never read for an S vertex; keys with ys = inf never count */
            if (large && vis[x]) {
                if (bi_sub_lt(k, s->ys + (size_t)x * L, WV(vals, wu[x], L), best, L) || arg < 0) {
                    bi_copy(best, k, L);
                    arg = x;
                }
            }
            continue;
        }
        uint32_t wk = wu[x];
        if (bpc[x] == cu && bpk[x] == wk) continue; /* bp[x] itself: a tie */
        limb *bx = s->bp + (size_t)x * L;
        if (bi_sub_lt(row, yu, WV(vals, wk, L), bx, L)) {
            bpc[x] = cu;
            bpk[x] = wk;
            bi_copy(bx, row, L);
            if (is_free[x]) {
                limb *fx = s->fsv + (size_t)x * L;
                bi_add(fx, row, s->yfree + (size_t)x * L, L);
                blk_offer(s, i, fx, L);
            }
        }
    }
    return arg;
}

/* bp[x] = min(bp[x], val) for the non-S vertices x, val the current least row of a blossom
 * with a vector: the values scan_row would store, in one pass */
static inline __attribute__((always_inline)) void apply_mvec(
    Stage *s, const int *act, int nact, const char *is_s, const char *is_free, const limb *m,
    const limb *off, limb *val, int L)
{
    for (int i = 0; i < nact; i++) {
        int x = act[i];
        if (is_s[x]) continue;
        limb *bx = s->bp + (size_t)x * L;
        if (bi_add_lt(val, m + (size_t)x * L, off, bx, L)) {
            s->bpc[x] = -1;
            bi_copy(bx, val, L);
            if (is_free[x]) {
                limb *fx = s->fsv + (size_t)x * L;
                bi_add(fx, val, s->yfree + (size_t)x * L, L);
                blk_offer(s, i, fx, L);
            }
        }
    }
}

/* the least key ys[x] - W[u][x] over the visible S vertices outside b (the leaves of the
 * other top-level S blossoms), first in index order (large) or svert order, as the scans of
 * add_s; -1 when there is none */
static inline __attribute__((always_inline)) int ss_least(Stage *s, int b, const uint32_t *wu,
                                                          limb *best, limb *k, int large, int L)
{
    Engine *e = s->e;
    const limb *vals = e->vals;
    const char *vis = s->vis;
    int arg = -1;
    for (int i = 0; i < s->nsbl; i++) {
        int c = s->sbl[i];
        if (c == b) continue;
        const Blossom *C = &e->bl[c];
        const int *lv = C->leaves;
        int nl = C->nleaves;
        for (int j = 0; j < nl; j++) {
            int x = lv[j];
            if (!vis[x]) continue;
            bi_sub(k, s->ys + (size_t)x * L, WV(vals, wu[x], L), L);
            if (arg >= 0) {
                int c2 = bi_cmp(k, best, L);
                if (c2 > 0) continue;
                if (c2 == 0 && (large ? x > arg : s->svpos[x] > s->svpos[arg])) continue;
            }
            bi_copy(best, k, L);
            arg = x;
        }
    }
    return arg;
}

/* blossoms of at least this many vertices lower bp through their vector */
#define MVEC_MIN 4

/* b is a new top-level S blossom; its vertices not S before are the leaves of the blossoms
 * parts[0..nparts) in order (newv lists them) */
static void add_s(Stage *s, int b, const int *parts, int nparts, const int *newv, int nnew)
{
    Engine *e = s->e;
    int L = s->L;
    const limb *vals = e->vals;
    Blossom *B = &e->bl[b];
    const int *leaves = B->leaves;
    int nleaves = B->nleaves;
    /* hide the S vertices already inside b (their ys stays: it is only read where vis is set) */
    if (nnew != nleaves)
        for (int i = 0; i < nleaves; i++) s->vis[leaves[i]] = 0;
    for (int i = 0; i < nnew; i++) s->is_s[newv[i]] = 1;
    int nsv = s->nsvert;
    int small = 3 * nsv < s->e->nact;
    const int *act = e->act;
    int nact = e->nact;
    const char *is_s = s->is_s, *vis = s->vis, *is_free = s->is_free;
    limb *row = s->t1, *best = s->t2, *k = s->t3;
    for (int pi = 0; pi < nparts; pi++) {
        int c = parts[pi];
        Blossom *C = &e->bl[c];
        if (C->nchilds && C->nleaves >= MVEC_MIN && mvec_ready(e, c)) {
            /* bp from the vector, then each vertex's least S-S key on its own */
            C = &e->bl[c];
            limb *off = row;
            e->mstats[0]++;
            bi_sub(off, Y(e, C->leaves[0]), C->m + (size_t)e->n * L, L);
            const limb *m = C->m;
            if (L == 2)
                apply_mvec(s, act, nact, is_s, is_free, m, off, k, 2);
            else if (L == 3)
                apply_mvec(s, act, nact, is_s, is_free, m, off, k, 3);
            else if (L == 4)
                apply_mvec(s, act, nact, is_s, is_free, m, off, k, 4);
            else
                apply_mvec(s, act, nact, is_s, is_free, m, off, k, L);
            if (!nsv) continue;
            int large = !small;
            for (int j = 0; j < C->nleaves; j++) {
                int u = C->leaves[j];
                const uint32_t *wu = WROW(e, u);
                int arg;
                if (L == 2)
                    arg = ss_least(s, b, wu, best, k, large, 2);
                else if (L == 3)
                    arg = ss_least(s, b, wu, best, k, large, 3);
                else
                    arg = ss_least(s, b, wu, best, k, large, L);
                if (arg < 0) continue;
                bi_add(best, best, Y(e, u), L);
                if (bi_lt(best, s->half, L)) heap_push(s, &s->h3, best, u, arg);
            }
            continue;
        }
        for (int jj = 0; jj < C->nleaves; jj++) {
            int u = e->bl[c].leaves[jj];
            const limb *yu = Y(e, u);
            int cu = dual_class(s, u);
            const uint32_t *wu = WROW(e, u);
            int arg = -1;
            int large = nsv && !small;
            bi_copy(best, s->inf, L);
            /* the hot loop, specialised for the usual widths (2-6 words) so the limb loops
             * unroll */
            if (L == 2)
                arg = scan_row(s, act, nact, is_s, vis, is_free, yu, cu, wu, row, best, k, large, 2);
            else if (L == 3)
                arg = scan_row(s, act, nact, is_s, vis, is_free, yu, cu, wu, row, best, k, large, 3);
            else if (L == 4)
                arg = scan_row(s, act, nact, is_s, vis, is_free, yu, cu, wu, row, best, k, large, 4);
            else if (L == 5)
                arg = scan_row(s, act, nact, is_s, vis, is_free, yu, cu, wu, row, best, k, large, 5);
            else if (L == 6)
                arg = scan_row(s, act, nact, is_s, vis, is_free, yu, cu, wu, row, best, k, large, 6);
            else
                arg = scan_row(s, act, nact, is_s, vis, is_free, yu, cu, wu, row, best, k, large, L);
            if (!nsv) continue;
            if (small) {
                for (int q = 0; q < nsv; q++) {
                    int x = s->svert[q];
                    if (!vis[x]) continue; /* ys = inf: its key is never pushed */
                    bi_sub(k, YS(s, x), WV(vals, wu[x], L), L);
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
    }
    /* the S vertices of b were stored the S way when they became S: only the new ones change */
    for (int i = 0; i < nnew; i++) bi_copy(YS(s, newv[i]), Y(e, newv[i]), L);
    for (int i = 0; i < nleaves; i++) s->vis[leaves[i]] = 1;
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

#define KBEST 8

/* the order of rescan's candidates: key, then index (large) or svert position */
static inline __attribute__((always_inline)) int cand_lt(const Stage *s, const limb *k1, int x1,
                                                         const limb *k2, int x2, int large,
                                                         int L)
{
    int c = bi_cmp(k1, k2, L);
    if (c) return c < 0;
    return large ? x1 < x2 : s->svpos[x1] < s->svpos[x2];
}

/* a sorted list of at most KBEST candidates; full: no candidate was dropped */
typedef struct {
    int n, full;
    int x[KBEST];
    limb *key; /* KBEST * L */
} TopK;

static inline __attribute__((always_inline)) void topk_offer(const Stage *s, TopK *t,
                                                             const limb *k, int x, int large,
                                                             int L)
{
    int i = t->n;
    if (i == KBEST) {
        t->full = 0;
        if (!cand_lt(s, k, x, t->key + (size_t)(KBEST - 1) * L, t->x[KBEST - 1], large, L))
            return;
        i = KBEST - 1;
    } else {
        t->n++;
    }
    while (i > 0 && cand_lt(s, k, x, t->key + (size_t)(i - 1) * L, t->x[i - 1], large, L)) {
        bi_copy(t->key + (size_t)i * L, t->key + (size_t)(i - 1) * L, L);
        t->x[i] = t->x[i - 1];
        i--;
    }
    bi_copy(t->key + (size_t)i * L, k, L);
    t->x[i] = x;
}

/* offer every visible S vertex outside b to t: the leaves of the other top-level S blossoms
 * (all), or the S vertices from svert position from on (not all) */
static inline __attribute__((always_inline)) void rescan_collect(Stage *s, int b, const uint32_t *wu,
                                                                 TopK *t, limb *k, int all,
                                                                 int from, int large, int L)
{
    Engine *e = s->e;
    const limb *vals = e->vals;
    const char *vis = s->vis;
    const int *top = e->top;
    if (all) {
        for (int i = 0; i < s->nsbl; i++) {
            int c = s->sbl[i];
            if (c == b) continue;
            const Blossom *C = &e->bl[c];
            const int *lv = C->leaves;
            int nl = C->nleaves;
            for (int j = 0; j < nl; j++) {
                int x = lv[j];
                if (!vis[x]) continue;
                bi_sub(k, s->ys + (size_t)x * L, WV(vals, wu[x], L), L);
                if (t->n == KBEST &&
                    bi_cmp(k, t->key + (size_t)(KBEST - 1) * L, L) > 0) {
                    t->full = 0;
                    continue;
                }
                topk_offer(s, t, k, x, large, L);
            }
        }
    } else {
        const int *sv = s->svert;
        for (int q = from; q < s->nsvert; q++) {
            int x = sv[q];
            if (!vis[x] || top[x] == b) continue;
            bi_sub(k, s->ys + (size_t)x * L, WV(vals, wu[x], L), L);
            if (t->n == KBEST && bi_cmp(k, t->key + (size_t)(KBEST - 1) * L, L) > 0) {
                t->full = 0;
                continue;
            }
            topk_offer(s, t, k, x, large, L);
        }
    }
}

static void rescan_alloc(Stage *s)
{
    Engine *e = s->e;
    size_t n = (size_t)s->n, L = (size_t)s->L;
    s->cl_n = xmalloc(e, n * sizeof(int));
    for (size_t v = 0; v < n; v++) s->cl_n[v] = -1;
    s->cl_large = xmalloc(e, 2 * n);
    s->cl_full = s->cl_large + n;
    s->cl_upto = xmalloc(e, n * sizeof(int));
    s->cl_x = xmalloc(e, n * KBEST * sizeof(int));
    s->cl_key = xmalloc(e, n * KBEST * L * sizeof(limb));
    s->tk_key = xmalloc(e, (2 * KBEST + 2) * L * sizeof(limb));
}

static inline __attribute__((always_inline)) void rescan_body(Stage *s, int u, int L)
{
    Engine *e = s->e;
    int b = e->top[u];
    const uint32_t *wu = WROW(e, u);
    /* only finite keys (visible S vertices outside b) can be pushed; first minimum in svert
     * order (small) or in index order (large), as in blossom.py; two distinct vertices never
     * tie in that order, so the walk's own order does not matter. */
    int large = !(3 * s->nsvert < e->nact);
    limb *k = s->tk_key + (size_t)(2 * KBEST) * L;
    TopK nt;
    nt.n = 0;
    nt.full = 1;
    nt.key = s->tk_key;
    int all = s->cl_n[u] < 0 || s->cl_large[u] != large;
    int from = all ? 0 : s->cl_upto[u];
    rescan_collect(s, b, wu, &nt, k, all, from, large, L);
    int *ox = s->cl_x + (size_t)u * KBEST;
    limb *okey = s->cl_key + (size_t)u * KBEST * (size_t)L;
    if (!all) {
        /* merge the old list (the vertices still outside b) with the new candidates; the
         * result is exact up to the last old entry (unless the old list was full) and up to
         * the last new one (unless nothing new was dropped) */
        int on = s->cl_n[u], ofull = s->cl_full[u];
        const limb *olast = on ? okey + (size_t)(on - 1) * L : NULL;
        int olastx = on ? ox[on - 1] : -1;
        TopK m;
        m.n = 0;
        m.full = 1;
        m.key = s->tk_key + (size_t)KBEST * L;
        int i = 0, j = 0;
        while (m.n < KBEST) {
            while (i < on && e->top[ox[i]] == b) i++;
            int takeold;
            if (i < on && j < nt.n)
                takeold = cand_lt(s, okey + (size_t)i * L, ox[i], nt.key + (size_t)j * L,
                                  nt.x[j], large, L);
            else if (i < on)
                takeold = 1;
            else if (j < nt.n)
                takeold = 0;
            else
                break;
            if (takeold) {
                if (!nt.full) { /* beyond the last new entry: not known to be next */
                    const limb *nl = nt.key + (size_t)(nt.n - 1) * L;
                    if (cand_lt(s, nl, nt.x[nt.n - 1], okey + (size_t)i * L, ox[i], large, L))
                        break;
                }
                bi_copy(m.key + (size_t)m.n * L, okey + (size_t)i * L, L);
                m.x[m.n++] = ox[i++];
            } else {
                if (!ofull && on &&
                    cand_lt(s, olast, olastx, nt.key + (size_t)j * L, nt.x[j], large, L))
                    break; /* beyond the last old entry */
                if (!ofull && !on) break;
                bi_copy(m.key + (size_t)m.n * L, nt.key + (size_t)j * L, L);
                m.x[m.n++] = nt.x[j++];
            }
        }
        /* complete when both sources are exhausted and both were complete */
        while (i < on && e->top[ox[i]] == b) i++;
        m.full = ofull && nt.full && i == on && j == nt.n;
        if (!m.n && !m.full) {
            /* nothing is known: start over */
            nt.n = 0;
            nt.full = 1;
            rescan_collect(s, b, wu, &nt, k, 1, 0, large, L);
        } else {
            nt.n = m.n;
            nt.full = m.full;
            for (int q = 0; q < m.n; q++) {
                bi_copy(nt.key + (size_t)q * L, m.key + (size_t)q * L, L);
                nt.x[q] = m.x[q];
            }
        }
    }
    s->cl_n[u] = nt.n;
    s->cl_large[u] = (char)large;
    s->cl_full[u] = (char)nt.full;
    s->cl_upto[u] = s->nsvert;
    for (int q = 0; q < nt.n; q++) {
        bi_copy(okey + (size_t)q * L, nt.key + (size_t)q * L, L);
        ox[q] = nt.x[q];
    }
    if (!nt.n) return;
    limb *best = nt.key; /* the least key */
    bi_add(best, best, Y(e, u), L);
    if (bi_lt(best, s->half, L)) heap_push(s, &s->h3, best, u, nt.x[0]);
}

static void rescan(Stage *s, int u)
{
    s->e->stats[ST_RESCAN]++;
    if (!s->cl_n) rescan_alloc(s);
    /* specialised for the usual widths, as add_s */
    switch (s->L) {
    case 2: rescan_body(s, u, 2); break;
    case 3: rescan_body(s, u, 3); break;
    case 4: rescan_body(s, u, 4); break;
    case 5: rescan_body(s, u, 5); break;
    default: rescan_body(s, u, s->L); break;
    }
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
        if (s->is_free[v]) blk_remove(s, v);
        s->is_free[v] = 0;
    }
    if (B->nchilds) {
        bi_sub(Z(e, b), Z(e, b), shift, L);
        bi_sub(Z(e, b), Z(e, b), shift, L);
    }
    B->label = S_;
    add_labeled(s, b);
    sbl_add(s, b);
    add_s(s, b, &b, 1, e->bl[b].leaves, e->bl[b].nleaves);
}

static void make_t(Stage *s, int b, int sv, int tv)
{
    Engine *e = s->e;
    int L = s->L;
    Blossom *B = &e->bl[b];
    for (int i = 0; i < B->nleaves; i++) {
        int v = B->leaves[i];
        bi_sub(Y(e, v), Y(e, v), s->D, L);
        if (s->is_free[v]) blk_remove(s, v);
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
    int *newv = xmalloc(e, (size_t)(nleaves + k) * sizeof(int));
    int *parts = newv + nleaves;
    int nnew = 0, nl = 0, nparts = 0;
    limb *D2 = s->t4;
    bi_add(D2, s->D, s->D, L);
    for (int i = 0; i < k; i++) {
        int ci = childs[i];
        Blossom *C = &e->bl[ci];
        C->parent = big;
        if (C->label == S_) sbl_remove(s, ci);
        if (C->label == T_) {
            parts[nparts++] = ci;
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
    add_s(s, big, parts, nparts, newv, nnew);
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
    const limb *vals = e->vals;
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
        for (int k = 0; k < s->nblk; k++) {
            if (s->bdirty[k]) {
                int best = -1;
                int stop = (k + 1) << BSHIFT;
                if (stop > e->nact) stop = e->nact;
                for (int i = k << BSHIFT; i < stop; i++) {
                    int v = e->act[i];
                    if (!s->is_free[v]) continue;
                    if (best < 0 || bi_lt(FS(s, v), FS(s, e->act[best]), L)) best = i;
                }
                s->bpos[k] = best;
                s->bdirty[k] = 0;
            }
            int p = s->bpos[k];
            if (p < 0) continue;
            int v = e->act[p];
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
            const uint32_t *wv = WROW(e, v);
            if (3 * s->nsvert < e->nact) {
                for (int q = 0; q < s->nsvert; q++) {
                    int c = s->svert[q];
                    bi_sub(fs, Y(e, c), WV(vals, wv[c], L), L);
                    if (!bi_cmp(fs, target, L)) {
                        u = c;
                        break;
                    }
                }
            } else {
                for (int i = 0; i < e->nact; i++) {
                    int c = e->act[i];
                    if (!s->vis[c]) continue; /* ys = inf never equals a finite bp */
                    bi_sub(fs, YS(s, c), WV(vals, wv[c], L), L);
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
    free(s->bpc);
    free(s->bpk);
    free(s->cls_hash);
    free(s->cls_rep);
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
    free(s->actpos);
    free(s->bpos);
    free(s->bdirty);
    free(s->cl_n);
    free(s->cl_large);
    free(s->cl_upto);
    free(s->cl_x);
    free(s->cl_key);
    free(s->tk_key);
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
        st.bpc = xmalloc(e, (size_t)n * sizeof(int));
        st.bpk = xmalloc(e, (size_t)n * sizeof(uint32_t));
        for (int v = 0; v < n; v++) st.bpc[v] = -1;
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
        st.actpos = xmalloc(e, (size_t)n * sizeof(int));
        for (int v = 0; v < n; v++) st.actpos[v] = -1;
        for (int i = 0; i < e->nact; i++) st.actpos[e->act[i]] = i;
        st.nblk = (e->nact + (1 << BSHIFT) - 1) >> BSHIFT;
        st.bpos = xmalloc(e, (size_t)(st.nblk + 1) * sizeof(int));
        st.bdirty = xmalloc(e, (size_t)(st.nblk + 1));
        memset(st.bdirty, 1, (size_t)(st.nblk + 1)); /* computed at the first event */
        for (int k = 0; k <= st.nblk; k++) st.bpos[k] = -1;
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

/* ------------------------------------------------------------------ the table of values */

/* rebuild the hash of the values with hsize (a power of two) slots */
static int vals_rehash(Engine *e, size_t hsize)
{
    uint32_t *h = calloc(hsize, sizeof(uint32_t));
    if (!h) return -1;
    size_t mask = hsize - 1;
    for (uint32_t k = 0; k < e->nvals; k++) {
        size_t i = vals_hash(WV(e->vals, k, e->L), e->L) & mask;
        while (h[i]) i = (i + 1) & mask;
        h[i] = k + 1;
    }
    free(e->vhash);
    e->vhash = h;
    e->hsize = hsize;
    return 0;
}

/* the index of the doubled weight w2 in the table, added when new; -1 when memory ran out */
static int64_t vals_index(Engine *e, const limb *w2)
{
    int L = e->L;
    size_t mask = e->hsize - 1;
    size_t i = vals_hash(w2, L) & mask;
    uint32_t k;
    while ((k = e->vhash[i])) {
        if (!memcmp(WV(e->vals, k - 1, L), w2, (size_t)L * sizeof(limb))) return k - 1;
        i = (i + 1) & mask;
    }
    if (e->nvals == e->capv) {
        if (e->capv >= UINT32_MAX / 2) return -1;
        uint32_t nc = e->capv * 2;
        limb *v = realloc(e->vals, (size_t)nc * (size_t)L * sizeof(limb));
        if (!v) return -1;
        e->vals = v;
        e->capv = nc;
    }
    bi_copy(WV(e->vals, e->nvals, L), w2, L);
    e->vhash[i] = ++e->nvals;
    if (2 * (size_t)e->nvals > e->hsize && vals_rehash(e, e->hsize * 2) < 0) {
        e->vhash[i] = 0; /* keep the old hash consistent: the value is not in the table */
        e->nvals--;
        return -1;
    }
    return e->nvals - 1;
}

/* ------------------------------------------------------------------ growth */

int eng_set_limbs(Engine *e, int L1)
{
    int L0 = e->L;
    if (L1 <= L0) return 0;
    limb *vals = realloc(e->vals, (size_t)e->capv * (size_t)L1 * sizeof(limb));
    if (!vals) return -1;
    e->vals = vals;
    bi_widen(e->vals, e->nvals, L0, L1);
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
    /* the least-row vectors keep their values, sign-extended (one without room goes) */
    for (int i = 0; i < e->nbl; i++) {
        Blossom *B = &e->bl[i];
        if (!B->m) continue;
        size_t cnt = (size_t)e->n + 1;
        limb *m = realloc(B->m, cnt * (size_t)L1 * sizeof(limb));
        if (!m) {
            free(B->m);
            B->m = NULL;
            e->mcount--;
            continue;
        }
        B->m = m;
        bi_widen(B->m, cnt, L0, L1);
    }
    e->L = L1;
    /* the values' hashes depend on their width */
    return vals_rehash(e, e->hsize);
}

static int eng_set_cap(Engine *e, int cap1)
{
    int cap0 = e->cap, L = e->L;
    if (cap1 <= cap0) return 0;
    uint32_t *wi = calloc((size_t)cap1 * (size_t)cap1, sizeof(uint32_t));
    if (!wi) return -1;
    for (int u = 0; u < e->n; u++)
        memcpy(wi + (size_t)u * (size_t)cap1, WROW(e, u), (size_t)e->n * sizeof(uint32_t));
    free(e->wi);
    e->wi = wi;
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
    GROW(colchg, uint64_t, cap1);
#undef GROW
    e->cap = cap1;
    return 0;
}

int eng_add_vertex(Engine *e)
{
    mvec_drop_all(e);
    if (e->n == e->cap && eng_set_cap(e, e->cap * 2 + 4) < 0) return -1;
    int v = e->n;
    e->colchg[v] = 0;
    /* row v and column v are zero (fresh calloc'd area or zeroed here) */
    for (int u = 0; u <= v; u++) WROW(e, u)[v] = WROW(e, v)[u] = 0;
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


/* ------------------------------------------------------------------ the computer */

int eng_init(Engine *e, int size, int64_t restart_divisor)
{
    e->L = 1;
    e->multi_root_limit = 2;
    e->restart_divisor = restart_divisor;
    e->tmp = calloc(8, sizeof(limb));
    e->y = calloc(1, sizeof(limb));
    e->z = calloc(1, sizeof(limb));
    e->capv = 16;
    e->vals = calloc(e->capv, sizeof(limb));
    if (!e->tmp || !e->y || !e->z || !e->vals) return -1;
    e->nvals = 1; /* vals[0] = 0 */
    if (vals_rehash(e, 64) < 0) return -1;
    if (eng_set_cap(e, size) < 0) return -1;
    for (int i = 0; i < size; i++)
        if (eng_add_vertex(e) < 0) return -1;
    return 0;
}

void eng_free(Engine *e)
{
    for (int i = 0; i < e->nbl; i++) {
        free(e->bl[i].childs);
        free(e->bl[i].edges);
        free(e->bl[i].leaves);
        free(e->bl[i].m);
    }
    free(e->bl);
    free(e->colchg);
    free(e->wi);
    free(e->vals);
    free(e->vhash);
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
}

static void unfreeze(Engine *e, int v)
{
    if (!e->frozen[v]) return;
    e->frozen[v] = 0;
    e->frozen[e->mate[v]] = 0;
    e->act_stale = 1;
}

/* set the doubled weight w2 of uv and mark the edge for repair (the body of set_edge_weight) */
int eng_store_weight(Engine *e, int u, int v, const limb *w2)
{
    int L = e->L;
    int64_t k = vals_index(e, w2);
    if (k < 0) return -1;
    if (WROW(e, u)[v] == (uint32_t)k) return 0; /* unchanged */
    unfreeze(e, u);
    unfreeze(e, v);
    e->colchg[u] = e->colchg[v] = ++e->wclock;
    WROW(e, u)[v] = WROW(e, v)[u] = (uint32_t)k;
    int bl = bi_bitlen(w2, L);
    if (bl > e->wbits) e->wbits = bl;
    if (!e->isdirty[u] && !e->isdirty[v]) {
        e->isdirty[u] = 1;
        e->dirty[e->ndirty++] = u;
    }
    return 0;
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

int eng_compute(Engine *e)
{
    if (!e->ndirty && !e->unsolved) return 0;
    jmp_buf jb;
    e->oom = &jb;
    if (setjmp(jb)) {
        e->oom = NULL;
        e->broken = 1;
        return -1;
    }
    rebuild_active(e);
    if (e->restart_divisor * (int64_t)e->ndirty > e->n) {
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
    return 0;
}

int eng_freeze(Engine *e, int u, int v)
{
    int L = e->L;
    if (e->frozen[u] && e->mate[u] == v) return 1;
    if (!e->ndirty && !e->frozen[u] && !e->frozen[v]) {
        /* every edge of u and v but uv becomes 0: rows u and v whole (keeping uv; the loops
         * u-u and v-v are 0 anyway), then columns u and v */
        e->colchg[u] = e->colchg[v] = ++e->wclock;
        uint32_t keep = WROW(e, u)[v];
        memset(WROW(e, u), 0, (size_t)e->n * sizeof(uint32_t));
        memset(WROW(e, v), 0, (size_t)e->n * sizeof(uint32_t));
        WROW(e, u)[v] = WROW(e, v)[u] = keep;
        for (int x = 0; x < e->n; x++) {
            if (x == u || x == v) continue;
            WROW(e, x)[u] = WROW(e, x)[v] = 0;
        }
        /* BlossomEngine.freeze */
        int unsettled = e->mate[u] != v || e->bl[e->top[u]].nchilds || e->bl[e->top[v]].nchilds;
        if (unsettled) {
            jmp_buf jb;
            e->oom = &jb;
            if (setjmp(jb)) {
                e->oom = NULL;
                e->broken = 1;
                return -1;
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
        return 1;
    }
    limb *zero = e->tmp;
    bi_set_small(zero, 0, L);
    /* the zero value is vals[0]: storing it never allocates */
    for (int x = 0; x < e->n; x++) {
        if (x != u && x != v) eng_store_weight(e, u, x, zero);
        if (x != v && x != u) eng_store_weight(e, v, x, zero);
    }
    return 0;
}

int eng_check_start(Engine *e, const int *mates, const limb *y, int *eu, int *ev)
{
    int n = e->n, L = e->L;
    limb *sum = e->tmp + 4 * L;
    for (int u = 0; u < n; u++)
        for (int v = u + 1; v < n; v++) {
            bi_add(sum, y + (size_t)u * L, y + (size_t)v * L, L);
            int c = bi_cmp(sum, W(e, u, v), L);
            if (c < 0 || (mates[u] == v && (c != 0 || bi_is_zero(W(e, u, v), L)))) {
                *eu = u;
                *ev = v;
                return c < 0 ? 1 : 2;
            }
        }
    return 0;
}

int eng_warm_start(Engine *e, const int *mates, const limb *y)
{
    int n = e->n, L = e->L;
    jmp_buf jb;
    e->oom = &jb;
    if (setjmp(jb)) {
        e->oom = NULL;
        e->broken = 1;
        return -1;
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
    return 0;
}
