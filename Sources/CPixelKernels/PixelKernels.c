#include "CPixelKernels.h"

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define WAVE_X86 1
#include <cpuid.h>
#include <immintrin.h>
#endif

/// -1 until the machine is asked; then 0 (portable) or 1 (AVX-512 VBMI).
static int chosen = -1;

/// Runs `wide` where the machine has the wide path (and it was not turned off), else
/// `portable`: every kernel below is one of each, with the same bytes.
#ifdef WAVE_X86
#define WAVE_DISPATCH(wide, portable) \
    do {                                \
        if (wave_kernels_level() > 0) { \
            wide;                       \
        } else {                        \
            portable;                   \
        }                               \
    } while (0)
#else
#define WAVE_DISPATCH(wide, portable) \
    do {                                \
        portable;                       \
    } while (0)
#endif

static int widest(void) {
#ifdef WAVE_X86
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 27))) return 0;   // OSXSAVE
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 0xE6) != 0xE6) return 0;   // the OS saves SSE, AVX and all AVX-512 state
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    int f = (b >> 16) & 1, bw = (b >> 30) & 1, vl = (b >> 31) & 1, vbmi = (c >> 1) & 1;
    return f && bw && vl && vbmi;
#else
    return 0;
#endif
}

int wave_kernels_level(void) {
    int level = __atomic_load_n(&chosen, __ATOMIC_RELAXED);
    if (level < 0) {
        const char *asked = getenv("WAVE_KERNELS");
        level = asked && strcmp(asked, "portable") == 0 ? 0 : widest();
        __atomic_store_n(&chosen, level, __ATOMIC_RELAXED);
    }
    return level;
}

int wave_kernels_use(int level) {
    int best = widest();
    int now = level > 0 ? best : 0;
    __atomic_store_n(&chosen, now, __ATOMIC_RELAXED);
    return now;
}

void wave_word_table_prepare(wave_word_table *table, const uint32_t *words) {
    memcpy(table->words, words, sizeof table->words);
    for (int i = 0; i < 256; i++) {
        uint32_t w = words[i];
        const uint8_t *bytes = (const uint8_t *)&w;   // memory order, as the words are stored
        for (int c = 0; c < 4; c++) table->planes[c][i] = bytes[c];
    }
    for (int c = 0; c < 4; c++) {
        int same = 1;
        for (int i = 1; i < 256; i++) same &= table->planes[c][i] == table->planes[c][0];
        table->flat[c] = (uint8_t)same;
    }
}

static void lookup_portable(const wave_word_table *table, const uint8_t *index, uint32_t *out, size_t count) {
    if (!index) {
        uint32_t w = table->words[0];
        for (size_t i = 0; i < count; i++) memcpy(out + i, &w, 4);
        return;
    }
    for (size_t i = 0; i < count; i++) {
        uint32_t w = table->words[index[i]];
        memcpy(out + i, &w, 4);
    }
}

/// A planned run's indices: null (zeros) for `WAVE_ZERO_INDICES`.
static const uint8_t *planned_index(const uint8_t *base, uint32_t offset) {
    return offset == WAVE_ZERO_INDICES ? NULL : base + offset;
}

#ifdef WAVE_X86
/// Word 16m + 4L + j of a step comes out of lane L at position 4m + j, so index byte
/// 16L + 4m + j must be input byte 16m + 4L + j.
static const uint8_t lane_order[64] = {
    0, 1, 2, 3, 16, 17, 18, 19, 32, 33, 34, 35, 48, 49, 50, 51,
    4, 5, 6, 7, 20, 21, 22, 23, 36, 37, 38, 39, 52, 53, 54, 55,
    8, 9, 10, 11, 24, 25, 26, 27, 40, 41, 42, 43, 56, 57, 58, 59,
    12, 13, 14, 15, 28, 29, 30, 31, 44, 45, 46, 47, 60, 61, 62, 63,
};

/// One run, 64 indices a step. Each byte plane is four registers (`t`): `vpermi2b` looks a
/// byte up among 128 (two registers) by the index's low seven bits, once in the low half of
/// the plane and once in the high half, and the index's top bit picks between them. The
/// four planes' bytes are then interleaved into words; `vpunpck` interleaves within 128-bit
/// lanes, so the indices are first permuted (`perm`) such that the interleaved words come
/// out in order. A null `index` fills the run with words[0].
__attribute__((target("avx512f,avx512bw,avx512vbmi"), always_inline))
static inline void lookup_run_vbmi(const wave_word_table *table, const __m512i t[16], __m512i perm, const uint8_t *index,
                                   uint32_t *out, size_t count) {
    size_t i = 0;
    if (!index) {
        const __m512i w = _mm512_set1_epi32((int)table->words[0]);
        for (; i + 16 <= count; i += 16) _mm512_storeu_si512(out + i, w);
        if (i < count) _mm512_mask_storeu_epi32(out + i, (__mmask16)((1u << (count - i)) - 1), w);
        return;
    }
    for (;;) {
        size_t n = count - i;
        if (n == 0) break;
        __mmask64 load = n >= 64 ? ~(__mmask64)0 : (((__mmask64)1 << n) - 1);
        __m512i v = _mm512_permutexvar_epi8(perm, _mm512_maskz_loadu_epi8(load, index + i));
        __mmask64 high = _mm512_movepi8_mask(v);
        __m512i r[4];
        for (int c = 0; c < 4; c++) {
            if (table->flat[c]) {
                r[c] = t[c * 4];
                continue;
            }
            __m512i lo = _mm512_permutex2var_epi8(t[c * 4], v, t[c * 4 + 1]);
            __m512i hi = _mm512_permutex2var_epi8(t[c * 4 + 2], v, t[c * 4 + 3]);
            r[c] = _mm512_mask_blend_epi8(high, lo, hi);
        }
        __m512i lo01 = _mm512_unpacklo_epi8(r[0], r[1]), hi01 = _mm512_unpackhi_epi8(r[0], r[1]);
        __m512i lo23 = _mm512_unpacklo_epi8(r[2], r[3]), hi23 = _mm512_unpackhi_epi8(r[2], r[3]);
        __m512i w[4] = {
            _mm512_unpacklo_epi16(lo01, lo23), _mm512_unpackhi_epi16(lo01, lo23),
            _mm512_unpacklo_epi16(hi01, hi23), _mm512_unpackhi_epi16(hi01, hi23),
        };
        if (n >= 64) {
            for (int m = 0; m < 4; m++) _mm512_storeu_si512(out + i + 16 * m, w[m]);
            i += 64;
        } else {
            for (int m = 0; m < 4 && 16 * (size_t)m < n; m++) {
                size_t left = n - 16 * (size_t)m;
                __mmask16 store = left >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << left) - 1);
                _mm512_mask_storeu_epi32(out + i + 16 * m, store, w[m]);
            }
            break;
        }
    }
}

/// The table's planes in registers, for `lookup_run_vbmi`.
__attribute__((target("avx512f,avx512bw,avx512vbmi"), always_inline))
static inline __m512i load_planes(const wave_word_table *table, __m512i t[16]) {
    for (int c = 0; c < 4; c++)
        for (int k = 0; k < 4; k++) t[c * 4 + k] = _mm512_loadu_si512(table->planes[c] + 64 * k);
    return _mm512_loadu_si512(lane_order);
}

__attribute__((target("avx512f,avx512bw,avx512vbmi")))
static void lookup_vbmi(const wave_word_table *table, const wave_lookup_job *jobs, size_t jobs_count) {
    __m512i t[16];
    const __m512i perm = load_planes(table, t);
    for (size_t job = 0; job < jobs_count; job++) lookup_run_vbmi(table, t, perm, jobs[job].index, jobs[job].out, jobs[job].count);
}

__attribute__((target("avx512f,avx512bw,avx512vbmi")))
static void lookup_planned_vbmi(const wave_word_table *table, const uint8_t *index_base, uint32_t *out_base,
                                const wave_planned_lookup *runs, size_t n) {
    __m512i t[16];
    const __m512i perm = load_planes(table, t);
    for (size_t r = 0; r < n; r++)
        lookup_run_vbmi(table, t, perm, planned_index(index_base, runs[r].index), out_base + runs[r].out, runs[r].count);
}

#endif

void wave_lookup_words(const wave_word_table *table, const uint8_t *index, uint32_t *out, size_t count) {
    wave_lookup_job job = {index, out, count};
    wave_lookup_jobs(table, &job, 1);
}

void wave_lookup_planned(const wave_word_table *table, const uint8_t *index_base, uint32_t *out_base,
                         const wave_planned_lookup *runs, size_t n) {
    WAVE_DISPATCH(lookup_planned_vbmi(table, index_base, out_base, runs, n),
                  for (size_t r = 0; r < n; r++)
                      lookup_portable(table, planned_index(index_base, runs[r].index), out_base + runs[r].out, runs[r].count));
}

void wave_lookup_jobs(const wave_word_table *table, const wave_lookup_job *jobs, size_t n) {
    WAVE_DISPATCH(lookup_vbmi(table, jobs, n),
                  for (size_t j = 0; j < n; j++) lookup_portable(table, jobs[j].index, jobs[j].out, jobs[j].count));
}

/// The bodies of the loops below are written once and compiled twice: for the portable
/// path, and with AVX-512 enabled (the compiler vectorizes them sixteen lanes wide, the
/// cell reads as gathers).
#define WAVE_ALWAYS_INLINE static inline __attribute__((always_inline))

static void interpolate_across_portable(const uint16_t *cells, const uint32_t *cell, const uint32_t *t,
                                        uint32_t *out, size_t count) {
    for (size_t p = 0; p < count; p++) {
        uint32_t a = cells[cell[p]], b = cells[cell[p] + 1], w = t[p];
        out[p] = a * (256 - w) + b * w;
    }
}

static void blend_band_portable(const uint32_t *top, const uint32_t *bottom, size_t count, const wave_band_row *rows,
                                size_t n) {
    for (size_t r = 0; r < n; r++) {
        const wave_band_row row = rows[r];
        for (size_t e = 0; e < count; e++) {
            if (e >= row.hide_start && e < row.hide_end) continue;
            uint32_t d = bottom[e] - top[e], sum = (top[e] << 8) + d * row.ty + (1u << 23);
            row.out[e < row.hide_start ? e : e - (row.hide_end - row.hide_start)] = (uint8_t)(sum >> 24);
        }
    }
}

#ifdef WAVE_X86
#define WAVE_WIDE __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi")))

/// 16 columns a step: their cells lie within 32 of the first one's (cells of two pixels or
/// more), so the 32 cells from there are one register and `vpermw` picks each column's two
/// cells into one 32-bit lane (a low, b high).
WAVE_WIDE static void interpolate_across_wide(const uint16_t *cells, size_t cells_count, const uint32_t *cell,
                                              const uint32_t *t, uint32_t *out, size_t count) {
    const __m512i low16 = _mm512_set1_epi32(0xFFFF), one = _mm512_set1_epi32(1 << 16);
    for (size_t p = 0; p < count; p += 16) {
        size_t n = count - p < 16 ? count - p : 16;
        __mmask16 lanes = (__mmask16)((1u << n) - 1);
        uint32_t base = cell[p];
        size_t avail = cells_count - base;
        __mmask32 load = avail >= 32 ? ~(__mmask32)0 : (__mmask32)((1u << avail) - 1);
        __m512i row = _mm512_maskz_loadu_epi16(load, cells + base);
        __m512i c = _mm512_sub_epi32(_mm512_maskz_loadu_epi32(lanes, cell + p), _mm512_set1_epi32((int)base));
        __m512i index = _mm512_add_epi32(_mm512_or_si512(c, _mm512_slli_epi32(c, 16)), one);
        __m512i pair = _mm512_permutexvar_epi16(index, row);
        __m512i a = _mm512_and_si512(pair, low16), b = _mm512_srli_epi32(pair, 16);
        __m512i w = _mm512_maskz_loadu_epi32(lanes, t + p);
        // a · (256 − w) + b · w = a · 256 + (b − a) · w, modulo 2³² (one multiply).
        __m512i v = _mm512_add_epi32(_mm512_slli_epi32(a, 8), _mm512_mullo_epi32(_mm512_sub_epi32(b, a), w));
        _mm512_mask_storeu_epi32(out + p, lanes, v);
    }
}

/// Byte 3 (the rounded result, sum >> 24) of every 32-bit lane of four registers, in order:
/// the first two through one `vpermi2b` into the low 32 bytes, the last two through another
/// into the high 32.
static const uint8_t top_bytes_low[64] = {
    3, 7, 11, 15, 19, 23, 27, 31, 35, 39, 43, 47, 51, 55, 59, 63,
    67, 71, 75, 79, 83, 87, 91, 95, 99, 103, 107, 111, 115, 119, 123, 127,
};
static const uint8_t top_bytes_high[64] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    3, 7, 11, 15, 19, 23, 27, 31, 35, 39, 43, 47, 51, 55, 59, 63,
    67, 71, 75, 79, 83, 87, 91, 95, 99, 103, 107, 111, 115, 119, 123, 127,
};

/// Sixty-four columns a step, through every row of the band: the two rows are read once,
/// and each row's sums come from the last row's by adding (bottom - top) times the change
/// of weight (a multiply only when that change changes); the four registers' top bytes are
/// gathered into one and stored at once.
WAVE_WIDE static void blend_band_wide(const uint32_t *top, const uint32_t *bottom, size_t count, const wave_band_row *rows,
                                      size_t n) {
    const __m512i half = _mm512_set1_epi32(1 << 23);
    const __m512i low = _mm512_loadu_si512(top_bytes_low), high = _mm512_loadu_si512(top_bytes_high);
    for (size_t e = 0; e < count; e += 64) {
        size_t left = count - e;
        __mmask64 lanes = left >= 64 ? ~(__mmask64)0 : (((__mmask64)1 << left) - 1);
        __m512i d[4], sum[4], step[4];
        const __m512i first = _mm512_set1_epi32((int)rows[0].ty);
        for (int q = 0; q < 4; q++) {
            __mmask16 part = (__mmask16)(lanes >> (16 * q));
            __m512i t = _mm512_maskz_loadu_epi32(part, top + e + 16 * q);
            __m512i b = _mm512_maskz_loadu_epi32(part, bottom + e + 16 * q);
            d[q] = _mm512_sub_epi32(b, t);
            sum[q] = _mm512_add_epi32(_mm512_add_epi32(_mm512_slli_epi32(t, 8), half), _mm512_mullo_epi32(d[q], first));
            step[q] = _mm512_setzero_si512();
        }
        uint32_t last = rows[0].ty, change = 0;
        for (size_t r = 0; r < n; r++) {
            const wave_band_row row = rows[r];
            if (r > 0) {
                if (row.ty - last != change) {
                    change = row.ty - last;
                    const __m512i c = _mm512_set1_epi32((int)change);
                    for (int q = 0; q < 4; q++) step[q] = _mm512_mullo_epi32(d[q], c);
                }
                for (int q = 0; q < 4; q++) sum[q] = _mm512_add_epi32(sum[q], step[q]);
                last = row.ty;
            }
            // Most steps lie wholly before the hidden stretch or after it; the others store
            // the lanes before it and those from its end on.
            size_t gap = row.hide_end - row.hide_start;
            int whole = e + 64 <= row.hide_start || e >= row.hide_end;
            __mmask64 before = 0, after = 0;
            if (!whole) {
                size_t lo = row.hide_start > e ? row.hide_start - e : 0, hi = row.hide_end - e;
                before = lanes & (((__mmask64)1 << lo) - 1);
                after = hi >= 64 ? 0 : lanes & ~(((__mmask64)1 << hi) - 1);
                if (!(before | after)) continue;
            }
            __m512i bytes = _mm512_mask_blend_epi8((__mmask64)0xFFFFFFFF00000000ull,
                                                   _mm512_permutex2var_epi8(sum[0], low, sum[1]),
                                                   _mm512_permutex2var_epi8(sum[2], high, sum[3]));
            if (whole) {
                _mm512_mask_storeu_epi8(row.out + (e < row.hide_start ? e : e - gap), lanes, bytes);
                continue;
            }
            if (before) _mm512_mask_storeu_epi8(row.out + e, before, bytes);
            if (after) _mm512_mask_storeu_epi8((void *)((uintptr_t)row.out + e - gap), after, bytes);
        }
    }
}
#endif

void wave_interpolate_across(const uint16_t *cells, size_t cells_count, const uint32_t *cell, const uint32_t *t,
                             uint32_t *out, size_t count) {
    WAVE_DISPATCH(interpolate_across_wide(cells, cells_count, cell, t, out, count),
                  interpolate_across_portable(cells, cell, t, out, count));
}

void wave_blend_band(const uint32_t *top, const uint32_t *bottom, size_t count, const wave_band_row *rows, size_t n) {
    if (n == 0) return;
    WAVE_DISPATCH(blend_band_wide(top, bottom, count, rows, n), blend_band_portable(top, bottom, count, rows, n));
}

static void opaque_run_portable(const uint32_t *pixels, size_t count, size_t *start, size_t *end) {
    size_t x = 0;
    while (x < count && pixels[x] < 0xFF000000u) x++;
    *start = x;
    while (x < count && pixels[x] >= 0xFF000000u) x++;
    *end = x;
}

#ifdef WAVE_X86
/// Sixteen pixels a compare.
WAVE_WIDE static void opaque_run_wide(const uint32_t *pixels, size_t count, size_t *start, size_t *end) {
    const __m512i opaque = _mm512_set1_epi32((int)0xFF000000u);
    size_t x = 0;
    int inside = 0;
    *start = count;
    while (x < count) {
        size_t n = count - x < 16 ? count - x : 16;
        __mmask16 lanes = (__mmask16)((1u << n) - 1);
        __m512i v = _mm512_maskz_loadu_epi32(lanes, pixels + x);
        unsigned hits = (unsigned)_mm512_mask_cmpge_epu32_mask(lanes, v, opaque);
        unsigned want = inside ? (~hits & lanes) : hits;
        if (want) {
            size_t at = x + (size_t)__builtin_ctz(want);
            if (inside) {
                *end = at;
                return;
            }
            *start = at;
            inside = 1;
            // Look again from `at` for the run's end.
            unsigned after = ~hits & lanes & ~((1u << (at - x)) - 1);
            if (after) {
                *end = x + (size_t)__builtin_ctz(after);
                return;
            }
        }
        x += n;
    }
    *end = count;
}
#endif

void wave_opaque_run(const uint32_t *pixels, size_t count, size_t *start, size_t *end) {
    WAVE_DISPATCH(opaque_run_wide(pixels, count, start, end), opaque_run_portable(pixels, count, start, end));
}

WAVE_ALWAYS_INLINE void add_channel_body(uint32_t *to, const uint32_t *pixels, uint32_t shift, size_t count) {
    for (size_t p = 0; p < count; p++) to[p] += (pixels[p] >> shift) & 0xFF;
}

#ifdef WAVE_X86
WAVE_WIDE static void add_channel_wide(uint32_t *to, const uint32_t *pixels, uint32_t shift, size_t count) {
    add_channel_body(to, pixels, shift, count);
}
#endif

void wave_add_channel(uint32_t *to, const uint32_t *pixels, uint32_t shift, size_t count) {
    WAVE_DISPATCH(add_channel_wide(to, pixels, shift, count), add_channel_body(to, pixels, shift, count));
}

void wave_sum_cells(uint32_t *cells, const uint32_t *columns, size_t count, uint32_t offset, uint32_t level) {
    size_t width = (size_t)1 << level, x = 0, j = 0;
    size_t first = width - offset;   // columns in cell 0
    while (x < count) {
        size_t stop = x + (j == 0 ? first : width);
        if (stop > count) stop = count;
        uint32_t total = 0;
        for (size_t p = x; p < stop; p++) total += columns[p];
        cells[j++] += total;
        x = stop;
    }
}

WAVE_ALWAYS_INLINE void pair_body(const uint16_t *a, const uint16_t *b, uint32_t *pairs, size_t count) {
    for (size_t e = 0; e < count; e++) pairs[e] = (uint32_t)(a[e] ^ 0x8000u) | (uint32_t)(b[e] ^ 0x8000u) << 16;
}

#ifdef WAVE_X86
WAVE_WIDE static void pair_wide(const uint16_t *a, const uint16_t *b, uint32_t *pairs, size_t count) {
    pair_body(a, b, pairs, count);
}
#endif

void wave_pair(const uint16_t *a, const uint16_t *b, uint32_t *pairs, size_t count) {
    WAVE_DISPATCH(pair_wide(a, b, pairs, count), pair_body(a, b, pairs, count));
}

static void weighted_pairs_portable(const uint32_t *const *rows, const uint32_t *w, size_t n, uint32_t start,
                                    uint16_t *out, size_t count) {
    for (size_t e = 0; e < count; e++) {
        uint32_t acc = start;
        for (size_t p = 0; p < n; p++) {
            uint32_t v = rows[p][e];
            int32_t lo = (int16_t)(uint16_t)v, hi = (int16_t)(uint16_t)(v >> 16);
            acc += (uint32_t)(lo * (int32_t)(w[p] & 0xFFFF)) + (uint32_t)(hi * (int32_t)(w[p] >> 16));
        }
        out[e] = (uint16_t)(acc >> 16);
    }
}

#ifdef WAVE_X86
/// 32 outputs a step in two registers that stay there across the pairs: `vpmaddwd` makes
/// both products of a pair and their sum in each 32-bit lane.
WAVE_WIDE static void weighted_pairs_wide(const uint32_t *const *rows, const uint32_t *w, size_t n, uint32_t start,
                                          uint16_t *out, size_t count) {
    const __m512i init = _mm512_set1_epi32((int)start);
    for (size_t e = 0; e < count; e += 32) {
        size_t left = count - e;
        __mmask16 first = left >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << left) - 1);
        __mmask16 second = left >= 32 ? (__mmask16)0xFFFF : left > 16 ? (__mmask16)((1u << (left - 16)) - 1) : 0;
        __m512i lo = init, hi = init;
        for (size_t p = 0; p < n; p++) {
            const __m512i weight = _mm512_set1_epi32((int)w[p]);
            lo = _mm512_add_epi32(lo, _mm512_madd_epi16(_mm512_maskz_loadu_epi32(first, rows[p] + e), weight));
            hi = _mm512_add_epi32(hi, _mm512_madd_epi16(_mm512_maskz_loadu_epi32(second, rows[p] + e + 16), weight));
        }
        _mm256_mask_storeu_epi16(out + e, first, _mm512_cvtepi32_epi16(_mm512_srli_epi32(lo, 16)));
        if (second) _mm256_mask_storeu_epi16(out + e + 16, second, _mm512_cvtepi32_epi16(_mm512_srli_epi32(hi, 16)));
    }
}
#endif

void wave_weighted_pairs(const uint32_t *const *rows, const uint32_t *w, size_t n, uint32_t start, uint16_t *out,
                         size_t count) {
    WAVE_DISPATCH(weighted_pairs_wide(rows, w, n, start, out, count),
                  weighted_pairs_portable(rows, w, n, start, out, count));
}

/// GradientBlitter's `color`: ramp entry k's (rb, ga) lanes plus the threshold d, >> 8.
WAVE_ALWAYS_INLINE uint32_t gradient_color(const uint32_t *ramp, int64_t k, uint32_t d) {
    uint32_t rb = ((ramp[2 * k] + d) >> 8) & 0x00FF00FFu, ga = ((ramp[2 * k + 1] + d) >> 8) & 0x00FF00FFu;
    return rb | ga << 8;
}

#ifdef WAVE_X86
/// The dithered colours of eight ramp entries k (int32 lanes): each entry's (rb, ga) pair is
/// read as one 64-bit word (rb low), the threshold added to its four 16-bit lanes (no carry
/// crosses a lane: each stays below 2^16), >> 8 and masked as `gradient_color` does, then
/// ga's bytes moved up by 8 beside rb's and the words narrowed to pixels.
WAVE_WIDE static inline __m256i gradient_colors8(const uint32_t *ramp, __m256i k, __m512i dither) {
    __m512i v = _mm512_i32gather_epi64(k, (const void *)ramp, 8);
    v = _mm512_and_si512(_mm512_srli_epi64(_mm512_add_epi64(v, dither), 8), _mm512_set1_epi64(0x00FF00FF00FF00FFll));
    __m512i c = _mm512_or_si512(_mm512_and_si512(v, _mm512_set1_epi64(0x00FF00FF)),
                                _mm512_and_si512(_mm512_srli_epi64(v, 24), _mm512_set1_epi64(0xFF00FF00ll)));
    return _mm512_cvtepi64_epi32(c);
}

/// The thresholds of pixels x ... x + 7 in both 32-bit halves of eight 64-bit lanes.
WAVE_WIDE static inline __m512i gradient_dither8(const uint32_t *dither_row, int64_t x) {
    uint64_t d[8];
    for (int j = 0; j < 8; j++) d[j] = (uint64_t)dither_row[(x + j) & 7] * 0x100000001ull;
    return _mm512_loadu_si512(d);
}

/// Sixteen pixels a step. f = whole·2^16 + frac splits the shift exactly:
/// (f + j·step) >> 16 = whole + (frac + j·step) >> 16, in 32 bits since |step| ≤ 2^27;
/// whole + offset is bounded to ±2^20 first, which changes no clamped entry. The ramp is read
/// with gathers, a pixel's two words as one.
WAVE_WIDE static void gradient_linear_wide(uint32_t *out, const uint32_t *ramp, const uint32_t *dither_row, int64_t f,
                                           int64_t step, int64_t offset, int64_t last, int64_t x, size_t count) {
    const __m512i lanes = _mm512_mullo_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                                             _mm512_set1_epi32((int32_t)step));
    const __m512i top = _mm512_set1_epi32((int32_t)last), dither = gradient_dither8(dither_row, x);
    size_t p = 0;
    for (; p + 16 <= count; p += 16) {
        int64_t whole = (f >> 16) + offset;
        whole = whole < -(1 << 20) ? -(1 << 20) : whole > (1 << 20) ? (1 << 20) : whole;
        __m512i frac = _mm512_set1_epi32((int32_t)(f & 0xFFFF));
        __m512i k = _mm512_srai_epi32(_mm512_add_epi32(frac, lanes), 16);
        k = _mm512_add_epi32(_mm512_set1_epi32((int32_t)whole), k);
        k = _mm512_min_epi32(_mm512_max_epi32(k, _mm512_setzero_si512()), top);
        _mm256_storeu_si256((__m256i *)(out + p), gradient_colors8(ramp, _mm512_castsi512_si256(k), dither));
        _mm256_storeu_si256((__m256i *)(out + p + 8), gradient_colors8(ramp, _mm512_extracti64x4_epi64(k, 1), dither));
        f = (int64_t)((uint64_t)f + ((uint64_t)step << 4));
    }
    for (; p < count; p++) {
        int64_t k = (f >> 16) + offset;
        out[p] = gradient_color(ramp, k < 0 ? 0 : k > last ? last : k, dither_row[(x + (int64_t)p) & 7]);
        f = (int64_t)((uint64_t)f + (uint64_t)step);
    }
}

/// Eight pixels a step, each lane computed as the scalar tail computes it (the products and
/// sums in separate statements: nothing is fused).
WAVE_WIDE static void gradient_radial_wide(uint32_t *out, const uint32_t *ramp, const uint32_t *dither_row, int64_t x,
                                           double cx, double ry2, double scale, double limit, int32_t offset,
                                           int32_t last, size_t count) {
    const __m512d half = _mm512_set1_pd(0.5), centre = _mm512_set1_pd(cx), r2 = _mm512_set1_pd(ry2);
    const __m512d s = _mm512_set1_pd(scale), lim = _mm512_set1_pd(limit);
    const __m256i first = _mm256_set1_epi32(offset), end = _mm256_set1_epi32(last);
    const __m512i dither = gradient_dither8(dither_row, x);
    __m512d column = _mm512_setr_pd(0, 1, 2, 3, 4, 5, 6, 7);
    column = _mm512_add_pd(column, _mm512_set1_pd((double)x));   // exact: whole numbers below 2^53
    size_t p = 0;
    for (; p + 8 <= count; p += 8) {
        __m512d rx = _mm512_sub_pd(_mm512_add_pd(column, half), centre);
        __m512d rx2 = _mm512_mul_pd(rx, rx);
        __m512d d2 = _mm512_add_pd(rx2, r2);
        __m512d fd = _mm512_mul_pd(_mm512_sqrt_pd(d2), s);
        __mmask8 inside = _mm512_cmp_pd_mask(fd, lim, _CMP_LT_OQ);
        __m256i k = _mm256_add_epi32(_mm512_cvttpd_epi32(_mm512_add_pd(fd, half)), first);
        k = _mm256_mask_blend_epi32(inside, end, k);
        _mm256_storeu_si256((__m256i *)(out + p), gradient_colors8(ramp, k, dither));
        column = _mm512_add_pd(column, _mm512_set1_pd(8));
    }
    for (; p < count; p++) {
        double rx = ((double)(x + (int64_t)p) + 0.5) - cx;
        double rx2 = rx * rx;
        double d2 = rx2 + ry2;
        double fd = __builtin_sqrt(d2) * scale;
        int64_t k = fd < limit ? (int64_t)(fd + 0.5) + offset : last;
        out[p] = gradient_color(ramp, k, dither_row[(x + (int64_t)p) & 7]);
    }
}
#endif

int wave_gradient_linear(uint32_t *out, const uint32_t *ramp, const uint32_t *dither_row, int64_t f, int64_t step,
                         int64_t offset, int64_t last, int64_t x, size_t count) {
#ifdef WAVE_X86
    if (wave_kernels_level() > 0) {
        gradient_linear_wide(out, ramp, dither_row, f, step, offset, last, x, count);
        return 1;
    }
#endif
    (void)out, (void)ramp, (void)dither_row, (void)f, (void)step, (void)offset, (void)last, (void)x, (void)count;
    return 0;
}

int wave_gradient_radial(uint32_t *out, const uint32_t *ramp, const uint32_t *dither_row, int64_t x, double cx,
                         double ry2, double scale, double limit, int32_t offset, int32_t last, size_t count) {
#ifdef WAVE_X86
    if (wave_kernels_level() > 0) {
        gradient_radial_wide(out, ramp, dither_row, x, cx, ry2, scale, limit, offset, last, count);
        return 1;
    }
#endif
    (void)out, (void)ramp, (void)dither_row, (void)x, (void)cx, (void)ry2, (void)scale, (void)limit, (void)offset,
        (void)last, (void)count;
    return 0;
}
