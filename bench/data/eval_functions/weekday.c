enum weekday { MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY, SATURDAY, SUNDAY };

/* 1 for Saturday and Sunday, 0 for working days. */
int is_weekend(enum weekday day) {
    switch (day) {
    case SATURDAY:
    case SUNDAY:
        return 1;
    default:
        return 0;
    }
}
