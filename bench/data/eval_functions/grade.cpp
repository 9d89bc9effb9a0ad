// Letter grade for a score out of 100: 'A' from 90, 'B' from 80, 'C' from 70, 'D' from 60, else 'F'.
char letter_grade(int score) {
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
