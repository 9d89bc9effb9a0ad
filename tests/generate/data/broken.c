#include "no_such_header.h"

int ok_inc(int x) { return x + 1; }

int broken(int x) { return x +; }

int ok_dec(int x) { return x - 1; }
