/* Included through -I by sign.c (tests/runner/test_mutants_cli.py): the flag must reach the
   mutants' sessions too. */
#define NEGATIVE (-1)
