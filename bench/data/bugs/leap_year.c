/* Gregorian leap year: divisible by 4, except centuries, which must be divisible by 400.
 * 2024 and 2000 are leap years; 1900 and 2023 are not. */
int is_leap_year(int year) {
    if (year % 400 == 0)
        return 1;
    if (year % 100 == 0)
        return 0;
    return year % 4 == 0;
}
