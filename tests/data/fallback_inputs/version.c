/* Version numbers: major.minor.patch, an optional "-tag" after them. */
#include <stddef.h>

typedef struct {
    int major;
    int minor;
    int patch;
    const char *tag;
} version_t;

/* Reads "1.2.3" or "1.2.3-rc" into *v; 0 on success, -1 for a text that is not a version. */
int version_parse(const char *text, version_t *v) {
    int n[3] = {0, 0, 0}, i = 0;
    const char *s = text;
    if (s == NULL || *s == '\0') return -1;
    for (; *s != '\0' && *s != '-'; s++) {
        if (*s == '.') {
            if (++i > 2) return -1;
            continue;
        }
        if (*s < '0' || *s > '9') return -1;
        n[i] = n[i] * 10 + (*s - '0');
    }
    v->major = n[0];
    v->minor = n[1];
    v->patch = n[2];
    v->tag = *s == '-' ? s + 1 : NULL;
    return 0;
}

/* The version as one number: major * 10000 + minor * 100 + patch (taken by value). */
long version_number(version_t v) {
    return v.major * 10000L + v.minor * 100L + v.patch;
}

/* The next patch version (a pre-release tag is dropped). */
void version_bump(version_t *v) {
    v->patch++;
    v->tag = NULL;
}
