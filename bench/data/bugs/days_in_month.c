/* Number of days in month (1..12) of year, Gregorian calendar; 0 for a month outside 1..12.
 * days_in_month(2024, 2) == 29, days_in_month(1900, 2) == 28, days_in_month(2023, 4) == 30. */
int days_in_month(int year, int month) {
    if (month < 1 || month > 12)
        return 0;
    if (month == 2) {
        int leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        return leap ? 29 : 28;
    }
    if (month == 4 || month == 6 || month == 9 || month == 11)
        return 30;
    return 31;
}
