/* Convert a temperature from degrees Celsius to degrees Fahrenheit. */
double celsius_to_fahrenheit(double celsius) {
    return celsius * 9.0 / 5.0 + 32.0;
}
