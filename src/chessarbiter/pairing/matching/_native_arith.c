/*
 * Multi-limb integers of the compiled matching kernel (weights and duals): the operations
 * kept out of line.  The small ones the solver's loops use are inline in _native.h.
 */
#include "_native.h"

/* re-layout count numbers from width L0 to L1 >= L0 (sign-extending), in place */
void bi_widen(limb *buf, size_t count, int L0, int L1)
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

void bi_from_bytes(limb *d, const unsigned char *bytes, size_t nbytes, int L)
{
    for (int i = 0; i < L; i++) {
        limb x = 0;
        for (int j = 7; j >= 0; j--) {
            size_t k = 8 * (size_t)i + (size_t)j;
            x = (x << 8) | (k < nbytes ? bytes[k] : 0);
        }
        d[i] = x;
    }
}

void bi_to_bytes(unsigned char *bytes, const limb *a, int L, int halve)
{
    for (int i = 0; i < L; i++) {
        limb x = a[i];
        if (halve) x = (x >> 1) | (i + 1 < L ? a[i + 1] << 63 : 0);
        for (int j = 0; j < 8; j++) bytes[8 * i + j] = (unsigned char)(x >> (8 * j));
    }
}

void bi_set_doubled(limb *d, int64_t x, int L)
{
    bi_set_small(d, 0, L);
    d[0] = (limb)x << 1;
    d[1] |= (limb)x >> 63;
}
