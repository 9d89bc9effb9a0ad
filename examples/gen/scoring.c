/* Small scoring helpers for a quiz app (demo input for cdoctest-gen, no tests yet). */
#include <stdio.h>
#include <string.h>

/* Points for one answer: full marks when right, a penalty when wrong, nothing when skipped. */
int answer_points(int correct, int skipped) {
    if (skipped)
        return 0;
    return correct ? 4 : -1;
}

/* Clamp a raw score into the 0..100 range shown to users. */
int clamp_score(int score) {
    if (score < 0)
        return 0;
    if (score > 100)
        return 100;
    return score;
}

/* Number of vowels in a player's name (used for a silly badge). */
int count_vowels(const char *name) {
    int n = 0;
    for (; *name; ++name)
        if (strchr("aeiouAEIOU", *name))
            ++n;
    return n;
}

/* Letter grade for a percentage. */
char grade(int percent) {
    if (percent >= 90)
        return 'A';
    if (percent >= 75)
        return 'B';
    if (percent >= 50)
        return 'C';
    return 'F';
}
