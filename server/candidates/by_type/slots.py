"""Arguments a call fills or calls back: ``char **`` text slots and struct arrays with their
counts (``struct_slots``), and function pointers (a function of the block that prints its
arguments).
"""

from __future__ import annotations

from server.analysis.kinds import BUFFER_SIZE, ParamKind
from server.analysis.types import (
    CType,
    declared_pointee,
    pointee,
    pointer_to_text,
    scalar,
    spelled,
    struct_fields,
    text_lengths,
    type_class,
)
from server.candidates.by_type.values import (
    Arg,
    Found,
    Provider,
)

#: How many slots an array the call fills gets (``char *parts[8]``, ``struct phr_header h[8]``).
SLOTS = 8


def _text_out(ptr: str, length: str) -> str:
    """A statement printing the text ``ptr`` points to, ``length`` characters (NULL: nothing),
    in brackets, so leading and trailing blanks show.
    """
    return _texts_out([(ptr, length)])


def _texts_out(texts: list[tuple[str, str]]) -> str:
    """One statement printing each ``(pointer, length)`` text as ``_text_out`` does, on one line
    (an element's name and value: ``[Host] [example.com]``).

    >>> print(_texts_out([("h.name", "h.name_len"), ("h.value", "h.value_len")]))
    fprintf(stdout, "[%.*s] [%.*s]\\n", (int)(h.name_len), h.name ? h.name : "", \
(int)(h.value_len), h.value ? h.value : "");
    """
    fmt = " ".join("[%.*s]" for _ in texts)
    args = ", ".join(f'(int)({n}), {p} ? {p} : ""' for p, n in texts)
    return f'fprintf(stdout, "{fmt}\\n", {args});'


def text_slots_provider(t: CType, length_follows: bool) -> Found:
    """A ``char **`` the call fills: with a count after it (``char **parts, int max_parts``) an
    array of ``SLOTS`` NULL pointers and its size, else one NULL pointer passed by address; the
    pointers the call set are printed after.
    """
    elem = declared_pointee(t).spelling
    if length_follows:

        def slots(k: int, tag: str) -> Arg:
            var = f"slots{tag}"
            shown = [f"{var}[{j}]" for j in range(4)]
            return Arg([f"{elem} {var}[{SLOTS}] = {{0}};"], f"{var}, {SLOTS}", shown)

        return Provider(slots, 1, "text slots+count"), 2

    def one(k: int, tag: str) -> Arg:
        var = f"txt{tag}"
        return Arg([f"{elem} {var} = 0;"], f"&{var}", [var])

    return Provider(one, 1, "text out"), 1


def filled_with_length(t: CType, length: CType, language: str) -> Found:
    """A pointer followed by ``length``, a pointer to an integer, both written by the call: a
    text and its length (``const char **method, size_t *method_len``: printed as ``%.*s``), or
    an array of structs and its count, in and out (``struct phr_header *headers, size_t
    *num_headers``: ``struct_slots``). None for other pointers.
    """
    count = spelled(declared_pointee(length))
    room = room_with_length(t, count, language)
    if room is not None:
        return room, 2
    if pointer_to_text(t) and pointee(t)[1]:

        def text(k: int, tag: str) -> Arg:
            var, n = f"txt{tag}", f"len{tag}"
            return Arg(
                [f"{declared_pointee(t).spelling} {var} = 0;", f"{count} {n} = 0;"],
                f"&{var}, &{n}",
                [_text_out(var, n)],
            )

        return Provider(text, 1, "text+length out"), 2
    slots = struct_slots(t, language, count)
    return (slots, 2) if slots is not None else None


#: Bytes of a written byte buffer printed after the call (in hex, on one line).
SHOWN_BYTES = 8


def room_with_length(t: CType, count: str, language: str) -> Provider | None:
    """A character or byte buffer the call writes, followed by a pointer to its room that the
    call sets to the length written (zlib's ``Bytef *dest, uLongf *destLen``): a zeroed buffer
    and its size exactly, one short of it, and a four-byte buffer with its size (too small for
    most results: the error path); never a room past what was allocated (a one-byte
    destination with a room of 64 let a compression write ten bytes into it and pass). After
    the call: the length, then the text (characters, as ``[%.*s]``) or the first
    ``SHOWN_BYTES`` bytes in hex. None for other pointers. ``count``: the room's type.
    """
    pc, mutable = pointee(t)
    s = scalar(pc, language)
    chars = s is not None and s.kind is ParamKind.CHAR
    if not mutable or not (chars or type_class(pc) == "VOID" or (s and s.kind is ParamKind.UCHAR)):
        return None
    elem = "unsigned char" if type_class(pc) == "VOID" else spelled(declared_pointee(t))
    rooms = [(BUFFER_SIZE, ""), (BUFFER_SIZE, " - 1"), (4, "")]

    def make(k: int, tag: str) -> Arg:
        var, n = f"buf{tag}", f"len{tag}"
        size, less = rooms[k % len(rooms)]
        setup = [f"{elem} {var}[{size}] = {{0}};", f"{count} {n} = sizeof {var}{less};"]
        shown = _text_out(var, n) if chars else bytes_out(var, min(size, SHOWN_BYTES))
        return Arg(setup, f"{var}, &{n}", [n, shown])

    return Provider(make, len(rooms), "buffer+room")


def bytes_out(var: str, n: int) -> str:
    """A statement printing the first ``n`` bytes of the array ``var`` in hex, on one line.

    >>> print(bytes_out("buf", 2))
    printf("%02x%02x\\n", buf[0], buf[1]);
    """
    items = ", ".join(f"{var}[{i}]" for i in range(n))
    return f'printf("{"%02x" * n}\\n", {items});'


def byte_buffer_provider(t: CType) -> Provider:
    """A writable byte pointer without a size (``unsigned char *digest``): a zeroed buffer of
    ``BUFFER_SIZE`` bytes, not one byte the call may write past; its first ``SHOWN_BYTES``
    bytes printed in hex after the call.
    """
    elem = spelled(declared_pointee(t))

    def make(k: int, tag: str) -> Arg:
        var = f"buf{tag}"
        return Arg([f"{elem} {var}[{BUFFER_SIZE}] = {{0}};"], var, [bytes_out(var, SHOWN_BYTES)])

    return Provider(make, 1, "byte buffer")


def struct_slots(t: CType, language: str, count: str = "") -> Provider | None:
    """A pointer to a struct followed by its count, an array the call fills (``struct
    yuarel_param *params, int max_params``): ``SLOTS`` zeroed elements and their number (with
    ``count``, the count's type, a variable passed by address that the call changes, printed
    after), then the first two elements' text and scalar fields (a text with a length field
    right after it as ``%.*s``). None for other pointers.
    """
    shown = struct_fields(declared_pointee(t), language, 6) if pointee(t)[1] else None
    if shown is None:
        return None
    lengths = text_lengths(declared_pointee(t))
    zeroed = "{0}" if language == "c" else "{}"

    def items(k: int, tag: str) -> Arg:
        var, n = f"arr{tag}", f"n{tag}"
        after = [n] if count else []
        for j in range(2):
            # An element's texts on one line (a header's name and value), its numbers after.
            texts = [
                (f"{var}[{j}].{f}", f"{var}[{j}].{lengths[f]}")
                for f in shown.fields
                if f in lengths
            ]
            if texts:
                after.append(_texts_out(texts))
            after += [
                f"{var}[{j}].{f}"
                for f in shown.fields
                if f not in lengths and f not in lengths.values()
            ]
        setup = [f"{shown.spelling} {var}[{SLOTS}] = {zeroed};"]
        if not count:
            return Arg(setup, f"{var}, {SLOTS}", after)
        return Arg([*setup, f"{count} {n} = {SLOTS};"], f"{var}, &{n}", after)

    return Provider(items, 1, "struct slots")


def callback_provider(result: CType, params: tuple[CType, ...], language: str) -> Provider | None:
    """A function pointer: a function defined in the block with the matching signature that
    prints its arguments (numbers, characters, texts; other pointers are not shown) on one line
    per call and returns 1, then (the second value) 0, or nothing; one taking a lone ``char``
    (an output sink) stores the characters in a buffer of the block, printed after the call on
    one line after their count. None for a result or argument it cannot write.
    """
    ret = type_class(result)
    if ret == "VOID":
        returns = [""]
    elif scalar(result, language) is not None:
        returns = [" return 1;", " return 0;"]
    elif ret == "POINTER":
        returns = [" return 0;"]
    else:
        return None
    names, formats, shown = [], [], []
    for j, a in enumerate(params):
        arg = f"a{j}"
        names.append(f"{a.spelling} {arg}")
        got = _printf(a, arg, language)
        if got is None:
            return None
        if got:
            formats.append(got[0])
            shown.append(got[1])
    if len(formats) == 1 and formats[0] == "%c":
        # An output sink (one character per call): the characters go into a buffer of the
        # block, printed after the call after their count (``2 [a]``).
        char = shown[0]

        def sink(k: int, tag: str) -> Arg:
            fn, buf, n = f"cb{tag}", f"sink{tag}", f"sinkn{tag}"
            store = f"if ({n} < {BUFFER_SIZE - 1}) {buf}[{n}++] = {char};"
            body = f"{store}{returns[k % len(returns)]}"
            line = f"{result.spelling} {fn}({', '.join(names)}) {{ {body} }}"
            setup = [f"char {buf}[{BUFFER_SIZE}] = {{0}};", f"int {n} = 0;", line]
            # One line, so that the count (a NUL written shows only there) stays with the text.
            return Arg(setup, fn, [f'fprintf(stdout, "%d [%s]\\n", {n}, {buf});'])

        return Provider(sink, len(returns), "callback")
    fmt = " ".join(formats) if formats else "called"
    body = f'fprintf(stdout, "{fmt}\\n"{"".join(", " + e for e in shown)});'

    def make(k: int, tag: str) -> Arg:
        fn = f"cb{tag}"
        signature = ", ".join(names) or ("void" if language == "c" else "")
        line = f"{result.spelling} {fn}({signature}) {{ {body}{returns[k % len(returns)]} }}"
        return Arg([line], fn, [])

    return Provider(make, len(returns), "callback")


def _printf(t: CType, arg: str, language: str) -> tuple[str, str] | tuple[()] | None:
    """How a callback prints its argument ``arg`` of type ``t``: ``(conversion, expression)``;
    ``()`` for a pointer it does not show (``void *user``); None for a type it cannot print.
    """
    s = scalar(t, language)
    if s is not None and s.kind is ParamKind.CHAR:
        return "%c", arg
    if s is not None and s.kind in (ParamKind.UINT, ParamKind.UCHAR):
        return "%llu", f"(unsigned long long){arg}"
    if s is not None and s.kind in (ParamKind.FLOAT, ParamKind.DOUBLE):
        return "%g", f"(double){arg}"
    if s is not None:
        return "%lld", f"(long long){arg}"
    if type_class(t) == "POINTER":
        ps = scalar(pointee(t)[0], language)
        if ps is not None and ps.kind is ParamKind.CHAR:
            return "%s", f'{arg} ? {arg} : "(null)"'
        return ()
    return None
