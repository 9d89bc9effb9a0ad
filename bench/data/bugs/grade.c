/* Letter grade of a score 0..100: 'A' for 90 and up, 'B' for 80..89, 'C' for 70..79, 'D' for
 * 60..69, 'F' below 60; a score outside 0..100 gives '?'. */
char grade(int score) {
    if (score < 0 || score > 100)
        return '?';
    if (score >= 90)
        return 'A';
    if (score >= 80)
        return 'B';
    if (score >= 70)
        return 'C';
    if (score >= 60)
        return 'D';
    return 'F';
}
