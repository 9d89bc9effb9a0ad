/* Does nothing with its argument: no call prints anything to check. */
void nothing(int x) { (void)x; }
