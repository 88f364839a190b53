#include "imagecodecs.h"
