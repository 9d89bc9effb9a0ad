// Not upstream: printf.c calls _putchar, which its users must define (printf.h).
// The benchmark passes this file with -include so printf_ writes to stdout.
#include <stdio.h>
void _putchar(char character) { putchar(character); }
