#include "geo.h"

int sq(int x) { return x * x; }
