/* Gregorian calendar rule: every 4th year, except centuries not divisible by 400. */
int is_leap_year(int year) {
    if (year % 400 == 0)
        return 1;
    if (year % 100 == 0)
        return 0;
    return year % 4 == 0;
}
