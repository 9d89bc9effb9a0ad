int match(const char *pattern, const char *text) {
    if (*pattern == '\0')
        return *text == '\0';
    if (*pattern == '*')
        return match(pattern + 1, text) || (*text != '\0' && match(pattern, text + 1));
    if (*text == '\0')
        return 0;
    if (*pattern == '?')
        return match(pattern + 1, text + 1);
    if (*pattern == '[') {
        const char *p = pattern + 1;
        int negate = *p == '!';
        int found = 0;
        if (negate)
            p++;
        while (*p != '\0' && *p != ']') {
            if (p[1] == '-' && p[2] != '\0' && p[2] != ']') {
                if (*text >= p[0] && *text <= p[2])
                    found = 1;
                p += 3;
            } else {
                if (*p == *text)
                    found = 1;
                p++;
            }
        }
        if (*p != ']' || found == negate)
            return 0;
        return match(p + 1, text + 1);
    }
    return *pattern == *text && match(pattern + 1, text + 1);
}
