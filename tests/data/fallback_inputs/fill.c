/* Functions that fill what their callers give them. */
#include <stddef.h>
#include <string.h>

/* Splits text at spaces, in place: words[i] points into text; returns the number of words (at
   most max_words). */
int split_words(char *text, char **words, int max_words) {
    int n = 0;
    char *s = text;
    while (*s != '\0' && n < max_words) {
        while (*s == ' ') *s++ = '\0';
        if (*s == '\0') break;
        words[n++] = s;
        while (*s != '\0' && *s != ' ') s++;
    }
    return n;
}

/* Splits "key:value" (the first len bytes of buf): *key and *value point into buf, their lengths
   in *key_len and *value_len (no ':' gives the whole text as the key and an empty value). */
void split_pair(const char *buf, size_t len, const char **key, size_t *key_len, const char **value,
               size_t *value_len) {
    const char *colon = memchr(buf, ':', len);
    *key = buf;
    *key_len = colon ? (size_t)(colon - buf) : len;
    *value = colon ? colon + 1 : buf + len;
    *value_len = colon ? len - *key_len - 1 : 0;
}

/* The length of the first word of text (a text and one out-pointer: no pair). */
void first_word(const char *text, size_t *length) {
    *length = strcspn(text, " ");
}

/* A state a call updates. */
struct counter {
    int total;
    int calls;
};

/* Counts the call and adds the new count to the total. */
void counter_tick(struct counter *c) {
    c->calls++;
    c->total += c->calls;
}

/* A "name=value" field of a query text. */
struct field {
    const char *name;
    size_t name_len;
    const char *value;
    size_t value_len;
};

/* Splits "a=1&b=2" into at most *num_fields fields (the number found is put in *num_fields); a
   field without '=' has an empty value. Returns the number of fields. */
int split_fields(const char *text, struct field *fields, size_t *num_fields) {
    size_t n = 0;
    while (*text != '\0' && n < *num_fields) {
        size_t len = strcspn(text, "&");
        const char *eq = memchr(text, '=', len);
        fields[n].name = text;
        fields[n].name_len = eq ? (size_t)(eq - text) : len;
        fields[n].value = eq ? eq + 1 : text + len;
        fields[n].value_len = eq ? len - fields[n].name_len - 1 : 0;
        n++;
        text += len;
        if (*text == '&') text++;
    }
    *num_fields = n;
    return (int)n;
}
