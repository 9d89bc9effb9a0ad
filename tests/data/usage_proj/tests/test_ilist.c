#include <string.h>

#include "check.h"
#include "ilist.h"

static void test_sum(void) {
    const char *text = "4,5";
    int unrelated = 7;
    ilist *l = ilist_parse(text);
    CHECK_EQ(ilist_sum(l), 9);
    CHECK(unrelated == 7);
    ilist_free(l);
}

static void test_get(void) {
    ilist *l = ilist_parse("10,20,30");
    int v = 0;
    int rc;
    rc = ilist_get(l, 1, &v);
    CHECK(rc == 0);
    CHECK_EQ(v, 20);
    ilist_free(l);
}

static void test_format(void) {
    char buf[32];
    ilist *l = ilist_parse("1,2");
    int n = ilist_format(l, buf, sizeof buf);
    CHECK(n == 5);
    CHECK(strcmp(buf, "[1,2]") == 0);
    size_t len = ilist_len(l);
    CHECK(len == 2);
    ilist_free(l);
}

static void test_status(void) {
    CHECK(strcmp(ilist_status(-1), "range") == 0);
}

static void test_loop_and_condition(void) {
    ilist *l = ilist_parse("3,4");
    int got = 0;
    for (size_t i = 0; i < 2; i++) {
        CHECK(ilist_get(l, i, &got) == 0);
    }
    if (ilist_get(l, 1, &got) != 0)
        return;
    CHECK(ilist_status(got - 4) != NULL);
    ilist_free(l);
}

int main(void) {
    test_sum();
    test_get();
    test_format();
    test_status();
    test_loop_and_condition();
    return 0;
}
