#include "geo.h"

static int counter = 5;

void inc(void) { counter++; }

static int get_s(void) { return counter; }

int get(void) { return get_s(); }
