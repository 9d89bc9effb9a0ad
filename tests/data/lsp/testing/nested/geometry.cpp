// Blocks for the Testing view tests (tests/lsp/test_testing_view.py): a namespace, a class,
// a labelled block, two overloads (names get :1 and :2) and a failing example.
namespace geo {

/**
>>> geo::area(2, 3)
6
*/
int area(int w, int h) { return w * h; }

struct Box {
    int w, h;
    /**
    >>> geo::Box{2, 5}.perimeter()
    14
    */
    int perimeter() const { return 2 * (w + h); }
};

/**
>>> // doubling
>>> geo::twice(4)
8
*/
int twice(int x) { return 2 * x; }

}  // namespace geo

/**
>>> half(8)
4
*/
int half(int x) { return x / 2; }

/**
>>> half(9.0)
4.5
>>> half(1.0)
0.25
*/
double half(double x) { return x / 2; }
