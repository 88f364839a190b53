#ifndef GALLEY_CHYPHEN_SHIM_H
#define GALLEY_CHYPHEN_SHIM_H
#include <hyphen.h>
#endif
