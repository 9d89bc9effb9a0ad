int sum(const unsigned char *p, int n) {
    int s = 0;
    for (int i = 0; i < n; i++)
        s += p[i];
    return s;
}

void fill(unsigned char *p, int n, unsigned char v) {
    for (int i = 0; i < n; i++)
        p[i] = v;
}
