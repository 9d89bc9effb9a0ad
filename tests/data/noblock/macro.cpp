// Twice its argument.
int twice(int x) { return 2 * x; }

// From here on, a call of twice() names a function no file declares: no call compiles.
#define twice(x) twice_checked(x)
