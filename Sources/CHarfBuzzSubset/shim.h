#ifndef GALLEY_CHARFBUZZSUBSET_SHIM_H
#define GALLEY_CHARFBUZZSUBSET_SHIM_H
#include <hb.h>
#include <hb-ot.h>
#include <hb-subset.h>
#endif
