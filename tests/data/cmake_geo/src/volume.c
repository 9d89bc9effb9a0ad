#include "geo.h"

/* The volume of a cube of side x (cube() is defined nowhere: calls cannot link). */
int volume(int x) { return cube(x); }
