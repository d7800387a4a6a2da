#ifndef CPIXELKERNELS_H
#define CPIXELKERNELS_H

#include <stddef.h>
#include <stdint.h>

/// Pixel loops that Swift cannot vectorize well on the baseline x86-64 it compiles for,
/// written in C with a wide path chosen at run time (AVX-512 with VBMI, where the CPU and
/// the OS support it) and a portable path. Both give the same bytes: the wide path is only
/// faster.

/// A 256-entry table of 32-bit words, also kept as four planes of bytes (byte c of every
/// word), the form the wide path looks bytes up in.
typedef struct {
    uint32_t words[256];
    uint8_t planes[4][256];
    /// Whether plane c holds one value throughout (an opaque result's alpha, say): it is
    /// then not looked up.
    uint8_t flat[4];
} wave_word_table;

/// Fills `table` from `words` (256 words).
void wave_word_table_prepare(wave_word_table *table, const uint32_t *words);

/// out[i] = table->words[index[i]] for i < count; `out` need not be aligned.
void wave_lookup_words(const wave_word_table *table, const uint8_t *index, uint32_t *out, size_t count);

/// One run for `wave_lookup_jobs`. A null `index` stands for `count` zero indices: the
/// run is filled with `words[0]` (a shadow's backdrop where its coverage is 0).
typedef struct {
    const uint8_t *index;
    uint32_t *out;
    size_t count;
} wave_lookup_job;

/// `wave_lookup_words` for each of `n` jobs, the table read once: cheaper than a call a run
/// when the runs are short (a shadow's rows). The jobs' outputs must not overlap.
void wave_lookup_jobs(const wave_word_table *table, const wave_lookup_job *jobs, size_t n);

/// A lookup run kept for later (`wave_lookup_planned`), in 12 bytes: its indices start
/// `index` bytes from a base (`WAVE_ZERO_INDICES` for zeros, as a null `index` above), its
/// words `out` words from another.
typedef struct {
    uint32_t index;
    uint32_t out;
    uint32_t count;
} wave_planned_lookup;

#define WAVE_ZERO_INDICES UINT32_MAX

/// `wave_lookup_jobs` for runs given as offsets from `index_base` and `out_base`.
void wave_lookup_planned(const wave_word_table *table, const uint8_t *index_base, uint32_t *out_base,
                         const wave_planned_lookup *runs, size_t n);

/// One row of `cells_count` cells interpolated across to output columns: for p < count,
/// out[p] = cells[cell[p]] * (256 - t[p]) + cells[cell[p] + 1] * t[p]. `cell` is
/// non-decreasing, with cell[p] + 1 < cells_count, and any 16 consecutive columns lie
/// within 31 cells of the first one's (true of cells two pixels wide or more).
void wave_interpolate_across(const uint16_t *cells, size_t cells_count, const uint32_t *cell, const uint32_t *t,
                             uint32_t *out, size_t count);

/// One output row of a band (`wave_blend_band`): its weight on the lower row, and where its
/// bytes go: columns [0, hide_start) from `out` on, then [hide_end, count) right after them;
/// the columns between are not written (0 <= hide_start <= hide_end <= count).
typedef struct {
    uint8_t *out;
    size_t hide_start;
    size_t hide_end;
    uint32_t ty;
} wave_band_row;

/// The rows of a band between the same two rows interpolated across, each rounded once: row
/// r's column e is (top[e] * (256 - ty) + bottom[e] * ty + 2^23) >> 24 with ty = rows[r].ty,
/// all arithmetic modulo 2^32, written as `wave_band_row` says. The rows' outputs must not
/// overlap the inputs.
void wave_blend_band(const uint32_t *top, const uint32_t *bottom, size_t count, const wave_band_row *rows, size_t n);

/// The first run of pixels whose alpha (the top byte of each 32-bit pixel) is 255 among
/// `count` pixels: sets *start and *end to its bounds, both `count` when there is none.
void wave_opaque_run(const uint32_t *pixels, size_t count, size_t *start, size_t *end);

/// to[p] += (pixels[p] >> shift) & 0xFF for p < count: one byte of each 32-bit pixel summed.
void wave_add_channel(uint32_t *to, const uint32_t *pixels, uint32_t shift, size_t count);

/// cells[j] += the sum of columns[p] over the p < count that fall in cell j, cells being
/// 2^level columns wide and column 0 lying `offset` columns into cell 0.
void wave_sum_cells(uint32_t *cells, const uint32_t *columns, size_t count, uint32_t offset, uint32_t level);

/// pairs[e] = (a[e] ^ 0x8000) | (b[e] ^ 0x8000) << 16 for e < count: two 16-bit values in
/// one 32-bit lane, each less 32768 (read as signed 16-bit), for wave_weighted_pairs.
void wave_pair(const uint16_t *a, const uint16_t *b, uint32_t *pairs, size_t count);

/// One row of a separable blur, output-stationary, two taps at a time: for e < count,
/// out[e] = (start + sum over p < n of lo * (w[p] & 0xFFFF) + hi * (w[p] >> 16)) >> 16, lo
/// and hi the signed 16-bit halves of rows[p][e] (from wave_pair), the sum modulo 2^32.
/// Every row must hold `count` values; each 16-bit weight must be under 32768.
void wave_weighted_pairs(const uint32_t *const *rows, const uint32_t *w, size_t n, uint32_t start, uint16_t *out,
                         size_t count);

/// The dithered colours of `count` pixels of a linear gradient row, from device column x:
/// pixel p takes ramp entry k = clamp(((f + p·step) >> 16) + offset, 0, last) (ramp holds
/// (rb, ga) pairs, entry k at ramp[2k]) plus dither_row[(x + p) & 7] in each 16-bit lane,
/// >> 8 (GradientBlitter's `color`). |step| must be at most 2^27. Returns 0, having written
/// nothing, unless the wide kernels are in use (the caller then shades the pixels itself).
int wave_gradient_linear(uint32_t *out, const uint32_t *ramp, const uint32_t *dither_row, int64_t f, int64_t step,
                         int64_t offset, int64_t last, int64_t x, size_t count);

/// The same for a radial gradient: pixel p at distance d = sqrt(rx² + ry2) from the centre,
/// rx = ((double)(x + p) + 0.5) − cx, takes entry (int)(d·scale + 0.5) + offset where
/// d·scale < limit, else entry `last`. Returns 0 unless the wide kernels are in use.
int wave_gradient_radial(uint32_t *out, const uint32_t *ramp, const uint32_t *dither_row, int64_t x, double cx,
                         double ry2, double scale, double limit, int32_t offset, int32_t last, size_t count);

/// Which path the kernels take: 1 the wide one (when the machine has it), 0 the portable
/// one. Returns the path now in use. For tests that compare the two; the default is the
/// widest the machine has, or the portable one when the environment variable
/// WAVE_KERNELS is "portable" (to check a machine's output against the portable path).
int wave_kernels_use(int level);

/// The path the kernels take now (0 portable, 1 wide).
int wave_kernels_level(void);

#endif
