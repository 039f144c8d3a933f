/*
 * The Python binding of the compiled matching kernel: the type MatchingComputer (the methods
 * of chessarbiter.pairing.matching.MatchingComputer), argument checks and conversions between
 * Python ints and the kernel's multi-limb numbers.  Public C API only; the algorithm is in
 * _native_solver.c, the arithmetic in _native_arith.c.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "_native.h"

/* Converted weights, by value: a pairing engine stores a few thousand distinct big ints many
 * times over (as different objects), and converting one costs a method call (int.to_bytes)
 * before Python 3.13.  Slot hash(w) % WCACHE holds the last int seen there (a reference) and
 * its doubled weight at width wc_L (all slots are cleared when the width grows). */
#define WCACHE 4096

typedef struct {
    PyObject_HEAD
    Engine eng;
    PyObject **wc_obj; /* WCACHE references (NULL: empty), allocated at the first big weight */
    limb *wc_limbs;    /* WCACHE * wc_L */
    int wc_L;
} MatcherObject;

static void wcache_clear(MatcherObject *self)
{
    if (!self->wc_obj) return;
    for (int i = 0; i < WCACHE; i++) Py_CLEAR(self->wc_obj[i]);
}

static const char *const stat_names[ST_COUNT] = {
    "stages", "grow", "blossom", "expand", "augment", "to_source", "rescan",
    "parity", "reset", "restart"};

/* interned names for the int methods that convert big numbers (set at module init) */
static PyObject *str_bit_length, *str_to_bytes, *str_from_bytes, *str_little, *kw_signed;

static int check_usable(Engine *e)
{
    if (e->broken) {
        PyErr_SetString(PyExc_RuntimeError,
                        "native matching state is unusable after an out-of-memory failure");
        return -1;
    }
    return 0;
}

static void Matcher_dealloc(MatcherObject *self)
{
    wcache_clear(self);
    PyMem_Free(self->wc_obj);
    PyMem_Free(self->wc_limbs);
    eng_free(&self->eng);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Matcher_init(MatcherObject *self, PyObject *args, PyObject *kwds)
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
    if (self->eng.L) {
        PyErr_SetString(PyExc_RuntimeError, "already initialised");
        return -1;
    }
    if (eng_init(&self->eng, (int)size, (int64_t)rd) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static Py_ssize_t Matcher_len(MatcherObject *self) { return self->eng.n; }

static PyObject *Matcher_add_vertex(MatcherObject *self, PyObject *Py_UNUSED(ignored))
{
    Engine *e = &self->eng;
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


/* the bit length of a Python int (int.bit_length) */
static Py_ssize_t int_bit_length(PyObject *ow)
{
    PyObject *args[1] = {ow};
    PyObject *r = PyObject_VectorcallMethod(str_bit_length, args, 1, NULL);
    if (!r) return -1;
    Py_ssize_t nb = PyLong_AsSsize_t(r);
    Py_DECREF(r);
    return nb;
}

/* The non-negative int ow into the L limbs of d when it fits in nbytes <= 8 L bytes: 1; 0 when
 * it needs more bytes; -1 with an exception set.  scratch holds 8 L bytes.  Python 3.13 has
 * PyLong_AsNativeBytes; before it, the public way is int.to_bytes. */
static int int_to_limbs(PyObject *ow, limb *d, Py_ssize_t nbytes, int L, unsigned char *scratch)
{
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t need = PyLong_AsNativeBytes(
        ow, scratch, nbytes, Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER);
    if (need < 0) return -1;
    if (need > nbytes) return 0;
    bi_from_bytes(d, scratch, (size_t)nbytes, L);
    return 1;
#else
    (void)scratch;
    PyObject *length = PyLong_FromSsize_t(nbytes);
    if (!length) return -1;
    PyObject *args[3] = {ow, length, str_little};
    PyObject *bytes = PyObject_VectorcallMethod(str_to_bytes, args, 3, NULL);
    Py_DECREF(length);
    if (!bytes) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError)) return -1;
        PyErr_Clear();
        return 0;
    }
    bi_from_bytes(d, (const unsigned char *)PyBytes_AS_STRING(bytes),
                  (size_t)PyBytes_GET_SIZE(bytes), L);
    Py_DECREF(bytes);
    return 1;
#endif
}

static int load_weight_(Engine *e, PyObject *ow, limb **out);

/* the doubled weight of a non-negative Python int into e->tmp (width possibly grown);
 * 0, or -1 with an exception set.  Big ints go through the conversion cache (WCACHE). */
static int load_weight(MatcherObject *self, PyObject *ow, limb **out)
{
    Engine *e = &self->eng;
    int overflow = 0;
    long long small = PyLong_AsLongLongAndOverflow(ow, &overflow);
    if (small == -1 && PyErr_Occurred()) return -1;
    /* small or negative ints, and subclasses of int (their hash or == may be their own) */
    if (overflow <= 0 || !PyLong_CheckExact(ow)) return load_weight_(e, ow, out);
    Py_hash_t h = PyObject_Hash(ow);
    if (h == -1) return -1;
    size_t slot = (size_t)h & (WCACHE - 1);
    if (self->wc_obj && self->wc_L == e->L && self->wc_obj[slot]) {
        PyObject *c = self->wc_obj[slot];
        int same = c == ow ? 1 : PyObject_RichCompareBool(c, ow, Py_EQ);
        if (same < 0) return -1;
        if (same) {
            bi_copy(e->tmp, self->wc_limbs + slot * (size_t)e->L, e->L);
            *out = e->tmp;
            return 0;
        }
    }
    int r = load_weight_(e, ow, out);
    if (r < 0) return r;
    if (!self->wc_obj) {
        self->wc_obj = PyMem_Calloc(WCACHE, sizeof(PyObject *));
        if (!self->wc_obj) return r; /* no cache: converted each time */
    }
    if (self->wc_L != e->L) {
        limb *nl = PyMem_Realloc(self->wc_limbs, (size_t)WCACHE * (size_t)e->L * sizeof(limb));
        if (!nl) return r;
        self->wc_limbs = nl;
        wcache_clear(self);
        self->wc_L = e->L;
    }
    Py_INCREF(ow);
    Py_XSETREF(self->wc_obj[slot], ow);
    bi_copy(self->wc_limbs + slot * (size_t)e->L, *out, e->L);
    return r;
}

static int load_weight_(Engine *e, PyObject *ow, limb **out)
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
        int need = bi_limbs_for(bits);
        if (need > e->L && eng_set_limbs(e, need) < 0) {
            PyErr_NoMemory();
            return -1;
        }
        bi_set_doubled(e->tmp, (int64_t)small, e->L);
        *out = e->tmp;
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
    /* 8 L - 2 bytes hold every number that needs no wider limbs; a longer one is measured,
     * the width grown if it needs it, and converted into nb / 8 + 1 <= 8 L bytes */
    int L = e->L;
    limb *t = e->tmp + L;
    int fits = int_to_limbs(ow, t, (Py_ssize_t)L * 8 - 2, L, (unsigned char *)(e->tmp + 2 * L));
    if (fits < 0) return -1;
    if (!fits) {
        Py_ssize_t nb = int_bit_length(ow);
        if (nb < 0) return -1;
        if (nb > (Py_ssize_t)1 << 24) {
            PyErr_SetString(PyExc_OverflowError, "weight too large");
            return -1;
        }
        if (eng_set_limbs(e, bi_limbs_for((int)nb + 1)) < 0) {
            PyErr_NoMemory();
            return -1;
        }
        L = e->L;
        t = e->tmp + L;
        fits = int_to_limbs(ow, t, nb / 8 + 1, L, (unsigned char *)(e->tmp + 2 * L));
        if (fits <= 0) {
            if (!fits) PyErr_SetString(PyExc_OverflowError, "weight does not fit its bit length");
            return -1;
        }
    }
    bi_shl1(e->tmp, t, L);
    *out = e->tmp;
    return 0;
}

static PyObject *Matcher_set_edge_weight(MatcherObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Engine *e = &self->eng;
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
    if (load_weight(self, args[2], &w2) < 0) return NULL;
    if (eng_store_weight(e, u, v, w2) < 0) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

/* set_row(u, weights): set_edge_weight(u, v, weights[v]) for every v != u, in order */
static PyObject *Matcher_set_row(MatcherObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Engine *e = &self->eng;
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
            if (load_weight(self, ow, &w2) < 0) {
                Py_DECREF(seq);
                return NULL;
            }
            last = ow;
            last_L = e->L;
        }
        if (eng_store_weight(e, u, (int)v, w2) < 0) {
            Py_DECREF(seq);
            return PyErr_NoMemory();
        }
    }
    Py_DECREF(seq);
    Py_RETURN_NONE;
}

/* warm_start(mates, duals): see MatchingComputer.warm_start in computer.py */
static PyObject *Matcher_warm_start(MatcherObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Engine *e = &self->eng;
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
        if (load_weight_(e, d, &t) < 0) goto fail;
    }
    int L = e->L;
    y = malloc(((size_t)n + 1) * (size_t)L * sizeof(limb));
    if (!y) {
        PyErr_NoMemory();
        goto fail;
    }
    for (int v = 0; v < n; v++) {
        limb *t;
        if (load_weight_(e, PySequence_Fast_GET_ITEM(ds, v), &t) < 0) goto fail;
        bi_copy(y + (size_t)v * L, t, L);
    }
    /* dual feasibility, and tight matched edges */
    int eu, ev;
    int bad = eng_check_start(e, mates, y, &eu, &ev);
    if (bad) {
        PyErr_Format(PyExc_ValueError,
                     bad == 1 ? "duals infeasible on edge %d-%d"
                              : "matched edge %d-%d is not tight (or has weight 0)",
                     eu, ev);
        goto fail;
    }
    if (eng_warm_start(e, mates, y) < 0) {
        PyErr_NoMemory();
        goto fail;
    }
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
static PyObject *Matcher_freeze(MatcherObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Engine *e = &self->eng;
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
    int frozen = eng_freeze(e, u, v);
    if (frozen < 0) return PyErr_NoMemory();
    return PyBool_FromLong(frozen);
}

/* the number of L limbs at a as a Python int, halved first when halve is set (a doubled
 * weight) */
static PyObject *limbs_to_pylong(const limb *a, int L, int halve)
{
#if PY_VERSION_HEX >= 0x030D0000
    unsigned char *buf = PyMem_Malloc((size_t)L * 8);
    if (!buf) return PyErr_NoMemory();
    bi_to_bytes(buf, a, L, halve);
    PyObject *r = PyLong_FromNativeBytes(buf, (size_t)L * 8, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
    PyMem_Free(buf);
    return r;
#else
    PyObject *bytes = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)L * 8);
    if (!bytes) return NULL;
    bi_to_bytes((unsigned char *)PyBytes_AS_STRING(bytes), a, L, halve);
    /* int.from_bytes(bytes, "little", signed=True) */
    PyObject *args[4] = {(PyObject *)&PyLong_Type, bytes, str_little, Py_True};
    PyObject *r = PyObject_VectorcallMethod(str_from_bytes, args, 3, kw_signed);
    Py_DECREF(bytes);
    return r;
#endif
}

static PyObject *Matcher_edge_weight(MatcherObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Engine *e = &self->eng;
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

static PyObject *Matcher_compute_matching(MatcherObject *self, PyObject *Py_UNUSED(ignored))
{
    Engine *e = &self->eng;
    if (check_usable(e) < 0) return NULL;
    if (eng_compute(e) < 0) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

static PyObject *Matcher_matching(MatcherObject *self, PyObject *Py_UNUSED(ignored))
{
    Engine *e = &self->eng;
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

static PyObject *Matcher_matching_weight(MatcherObject *self, PyObject *Py_UNUSED(ignored))
{
    Engine *e = &self->eng;
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

static PyObject *Matcher_stats(MatcherObject *self, void *Py_UNUSED(closure))
{
    Engine *e = &self->eng;
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

/* the counters of the blossoms' least-row vectors (an exact shortcut: for tests) */
static PyObject *Matcher_row_vectors(MatcherObject *self, PyObject *Py_UNUSED(ignored))
{
    Engine *e = &self->eng;
    return Py_BuildValue("{sLsLsLsi}", "uses", e->mstats[0], "updates", e->mstats[1],
                         "builds", e->mstats[2], "held", e->mcount);
}

static PyObject *Matcher_get_rd(MatcherObject *self, void *Py_UNUSED(closure))
{
    Engine *e = &self->eng;
    return PyLong_FromSsize_t(e->restart_divisor);
}

static int Matcher_set_rd(MatcherObject *self, PyObject *value, void *Py_UNUSED(closure))
{
    Engine *e = &self->eng;
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
static PyObject *Matcher_export(MatcherObject *self, PyObject *Py_UNUSED(ignored))
{
    Engine *e = &self->eng;
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

static PyMethodDef Matcher_methods[] = {
    {"add_vertex", (PyCFunction)Matcher_add_vertex, METH_NOARGS,
     "Add a vertex without edges and return its index."},
    {"set_edge_weight", (PyCFunction)(void (*)(void))Matcher_set_edge_weight, METH_FASTCALL,
     "Set the weight of edge uv (0 removes the edge)."},
    {"edge_weight", (PyCFunction)(void (*)(void))Matcher_edge_weight, METH_FASTCALL,
     "The weight of edge uv (0 when absent or u == v)."},
    {"set_row", (PyCFunction)(void (*)(void))Matcher_set_row, METH_FASTCALL,
     "set_edge_weight(u, v, weights[v]) for every v != u (weights[u] must be 0)."},
    {"warm_start", (PyCFunction)(void (*)(void))Matcher_warm_start, METH_FASTCALL,
     "Replace the matching and the duals by a feasible start (every blossom dropped)."},
    {"freeze", (PyCFunction)(void (*)(void))Matcher_freeze, METH_FASTCALL,
     "Make the matched edge uv the only edge of u and v and leave the pair out of the search."},
    {"compute_matching", (PyCFunction)Matcher_compute_matching, METH_NOARGS,
     "Bring the matching back to maximum weight after the changes since the last call."},
    {"matching", (PyCFunction)Matcher_matching, METH_NOARGS,
     "The mate of each vertex; an unmatched vertex is its own mate."},
    {"matching_weight", (PyCFunction)Matcher_matching_weight, METH_NOARGS,
     "The total weight of matching()."},
    {"_row_vectors", (PyCFunction)Matcher_row_vectors, METH_NOARGS,
     "Counters of the blossoms' least-row vectors (uses, updates, builds, held), for tests."},
    {"_export", (PyCFunction)Matcher_export, METH_NOARGS,
     "(y, mate, top, vertex_blossom, blossoms, wbits, limbs): the solver state, for checks."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef Matcher_getset[] = {
    {"stats", (getter)Matcher_stats, NULL, "Event counters of the solver.", NULL},
    {"restart_divisor", (getter)Matcher_get_rd, (setter)Matcher_set_rd,
     "Start over when restart_divisor * (marked vertices) > len(self) (0: never).", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PySequenceMethods Matcher_as_sequence = {
    .sq_length = (lenfunc)Matcher_len,
};

static PyTypeObject MatcherType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "chessarbiter.pairing.matching._native.MatchingComputer",
    .tp_doc = PyDoc_STR("Compiled twin of chessarbiter.pairing.matching.MatchingComputer."),
    .tp_basicsize = sizeof(MatcherObject),
    .tp_itemsize = 0,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Matcher_init,
    .tp_dealloc = (destructor)Matcher_dealloc,
    .tp_methods = Matcher_methods,
    .tp_getset = Matcher_getset,
    .tp_as_sequence = &Matcher_as_sequence,
};

static struct PyModuleDef native_module = {
    PyModuleDef_HEAD_INIT, "_native",
    "Compiled maximum-weight matching kernel (same results as the pure-Python one).", -1,
    NULL, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__native(void)
{
    str_bit_length = PyUnicode_InternFromString("bit_length");
    str_to_bytes = PyUnicode_InternFromString("to_bytes");
    str_from_bytes = PyUnicode_InternFromString("from_bytes");
    str_little = PyUnicode_InternFromString("little");
    kw_signed = Py_BuildValue("(s)", "signed");
    if (!str_bit_length || !str_to_bytes || !str_from_bytes || !str_little || !kw_signed)
        return NULL;
    if (PyType_Ready(&MatcherType) < 0) return NULL;
    PyObject *m = PyModule_Create(&native_module);
    if (!m) return NULL;
    Py_INCREF(&MatcherType);
    if (PyModule_AddObject(m, "MatchingComputer", (PyObject *)&MatcherType) < 0) {
        Py_DECREF(&MatcherType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
