#ifndef WAVE_CZLIB_SHIM_H
#define WAVE_CZLIB_SHIM_H

#include <zlib.h>

/* deflateInit2 and inflateInit are function-like macros (they pass
   ZLIB_VERSION and sizeof(z_stream)), which Swift cannot import. */

static inline int czlib_deflateInit2(z_streamp strm, int level, int windowBits,
                                     int memLevel, int strategy) {
    return deflateInit2(strm, level, Z_DEFLATED, windowBits, memLevel, strategy);
}

static inline int czlib_inflateInit(z_streamp strm) {
    return inflateInit(strm);
}

#endif
