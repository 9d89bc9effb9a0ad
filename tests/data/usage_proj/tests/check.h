/* A tiny assertion framework, as test suites of small C libraries have. */
#include <stdio.h>

#define CHECK(cond) do { if (!(cond)) printf("%s:%d: failed\n", __FILE__, __LINE__); } while (0)
#define CHECK_EQ(a, b) do { if ((a) != (b)) printf("%s:%d: %d\n", __FILE__, __LINE__, (int)(a)); } while (0)
