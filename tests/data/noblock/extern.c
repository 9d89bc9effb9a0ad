int helper(int x);

/* One more than what helper() gives: helper is defined in no file, so no call links. */
int use(int x) { return helper(x) + 1; }
