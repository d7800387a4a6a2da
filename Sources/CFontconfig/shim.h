#ifndef WAVE_CFONTCONFIG_SHIM_H
#define WAVE_CFONTCONFIG_SHIM_H

#include <fontconfig/fontconfig.h>

#endif
