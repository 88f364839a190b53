#ifndef GALLEY_IMAGECODECS_H
#define GALLEY_IMAGECODECS_H
#include <stddef.h>
#include <stdint.h>
#endif
