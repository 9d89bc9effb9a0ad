#include <stdlib.h>
#include <string.h>

/* A history of the last lines entered, at most history_max of them (16 by default). */
static char *history[16];
static int history_len = 0;
static int history_max = 16;

/* Adds a copy of line; the oldest line goes when the history is full. Returns 1. */
int history_add(const char *line) {
    if (history_len == history_max) {
        free(history[0]);
        memmove(history, history + 1, sizeof(char *) * (history_max - 1));
        history_len--;
    }
    history[history_len++] = strdup(line);
    return 1;
}

/* Keeps at most len lines (1 to 16), dropping the oldest. Returns 0 for a length out of range. */
int history_set_max_len(int len) {
    if (len < 1 || len > 16)
        return 0;
    while (history_len > len) {
        free(history[0]);
        memmove(history, history + 1, sizeof(char *) * (history_len - 1));
        history_len--;
    }
    history_max = len;
    return 1;
}

/* The number of lines kept. */
int history_count(void) { return history_len; }

/* The i-th oldest line, or NULL. */
const char *history_get(int i) { return i >= 0 && i < history_len ? history[i] : NULL; }
