#include <math.h>

#include "geo.h"

/* The squared distance between two points. */
int dist2(int x1, int y1, int x2, int y2) { return sq(x2 - x1) + sq(y2 - y1); }

/* The length of the vector (x, y). */
double norm(int x, int y) { return sqrt((double)dist2(0, 0, x, y)); }
