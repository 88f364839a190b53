#ifndef GALLEY_CFONTCONFIG_SHIM_H
#define GALLEY_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
