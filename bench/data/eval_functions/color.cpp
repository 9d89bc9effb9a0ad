enum class Color { Red, Green, Blue };

// The next colour in the cycle Red -> Green -> Blue -> Red.
Color next_color(Color c) {
    switch (c) {
    case Color::Red:
        return Color::Green;
    case Color::Green:
        return Color::Blue;
    case Color::Blue:
        return Color::Red;
    }
    return Color::Red;
}
