/* Code of n in FizzBuzz: 3 when n is a multiple of 15, 1 for other multiples of 3, 2 for other
 * multiples of 5, 0 otherwise. fizzbuzz(15) == 3, fizzbuzz(9) == 1, fizzbuzz(10) == 2,
 * fizzbuzz(7) == 0, fizzbuzz(0) == 3. */
int fizzbuzz(int n) {
    if (n % 15 == 0)
        return 3;
    if (n % 3 == 0)
        return 1;
    if (n % 5 == 0)
        return 2;
    return 0;
}
