"""Context: what the model, the fallback and the input search need to know about one target.

``function_context(source, target) -> FunctionContext`` gathers ``server.analysis``'s facts
about a function of a parsed file: its signature (``analysis.signature``: parameters, result,
class and constructors, the types it uses that live in this file, the file's ``#include`` lines,
existing cdoctest blocks as style examples), the comment above it (``doc_comment``), the function
as called and its file's API (``analysis``, from the same translation unit, no new parse) and
that API as notes for the prompt (``api``). ``FunctionContext.prompt_target`` is the
``models.prompt.PromptTarget`` the prompt is built from. Pure reading; never runs anything.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from models.prompt import PromptTarget
from server.analysis import Analysis, analyse
from server.analysis.doc import doc_comment
from server.analysis.kinds import sample_value
from server.analysis.locate import Located, SourceFile
from server.analysis.signature import Signature, read_signature
from server.analysis.target import Target
from server.analysis.types import spelled


@dataclass(frozen=True)
class FunctionContext(Signature):
    """Everything known about one target: its ``Signature`` (plain data), the prompt's notes on
    the file's API, the comment above it, and ``analysis`` (type handles inside, read only
    through ``server.analysis.types``; None when libclang could not read the function).
    """

    api: tuple[str, ...] = ()  # "// make a sds with: ..." (server.generate.job.prompt_context)
    doc_comment: str = ""  # the comment just above the function (server.analysis.doc)
    analysis: Analysis | None = None

    @property
    def instance(self) -> Target | None:
        """A template's first instance that compiles (``FixedStack<int, 4>``,
        ``next_pow2<unsigned>``): a template itself cannot be called, so the hints name it.
        """
        if self.analysis is None or not self.analysis.target.templates:
            return None
        return self.analysis.target.templates[0]

    @property
    def call_hint(self) -> str:
        """One or two comment lines telling the model how to call the target."""
        inst = self.instance
        if inst is not None:
            args = ", ".join(sample_value(spelled(t)) for _, t in inst.params)
        else:
            args = ", ".join(sample_value(p.type) for p in self.parameters)
        class_name = inst.class_name if inst is not None and inst.class_name else self.class_name
        if self.is_method and self.declaration.kind == "constructor":
            return f"// construct it, e.g.: {class_name} obj({args});"
        if self.is_method and not self.is_static:
            return (
                f"// make an object first, e.g.: {self.object_setup}\n"
                f"// then call obj.{self.declaration.name}({args})"
            )
        call_name = inst.call_name if inst is not None else self.call_name
        return f"// call it as, e.g.: {call_name}({args})"

    @property
    def object_setup(self) -> str:
        """How a test makes the object a method is called on (``'shop::Bin obj(3);'``; a class
        template's first instance: ``'FixedStack<int, 4> obj;'``).
        """
        inst = self.instance
        if inst is not None and inst.class_name:
            if inst.ctor_params is None:
                return f"{inst.class_name} obj;"
            args = ", ".join(sample_value(spelled(t)) for _, t in inst.ctor_params)
            return f"{inst.class_name} obj({args});"
        if self.default_constructible or not self.constructors:
            return f"{self.class_name} obj;"
        args = ", ".join(sample_value(t) for t in self.constructor_params[0])
        return f"{self.class_name} obj({args});"

    @property
    def prompt_target(self) -> PromptTarget:
        """The prompt's view of the target: context lines, style examples, the call to test."""
        parts = [*self.includes]
        parts += list(self.types)
        if self.class_text and self.class_text not in self.types:
            parts.append(self.class_text)
        parts += list(self.api)
        parts.append(self.call_hint)
        setup, call = self.call_shape
        return PromptTarget(
            name=self.declaration.name,
            qualname=self.declaration.qualname,
            signature=self.declaration.signature,
            source=self.source,
            language=self.language,
            context="\n".join(p for p in parts if p),
            examples_style="\n\n".join(self.style_blocks[:2]),
            setup=setup,
            call=call,
        )

    @property
    def call_shape(self) -> tuple[str, str]:
        """``(setup, call)`` for the prompt's request line (see ``models.prompt.request_line``)."""
        name = self.declaration.name
        dots = "(...)" if self.parameters else "()"
        inst = self.instance
        if self.is_method and self.declaration.kind == "constructor":
            class_name = inst.class_name if inst is not None else self.class_name
            return "", f"{class_name} obj{dots};"
        if self.is_method and not self.is_static:
            return self.object_setup, f"obj.{name}{dots}"
        call_name = inst.call_name if inst is not None else self.call_name
        return "", f"{call_name}{dots}" if call_name != name else ""


def function_context(source: SourceFile, target: Located) -> FunctionContext:
    """Collect the context of ``target`` from ``source`` (its cursors must come from ``source``)."""
    signature = read_signature(source, target)
    analysis = _analysis(
        source,
        target,
        signature.call_name,
        signature.class_name,
        signature.default_constructible,
    )
    return FunctionContext(
        **{f.name: getattr(signature, f.name) for f in fields(signature)},
        doc_comment=doc_comment(source.text, target.start_line),
        analysis=analysis,
    )


def _analysis(
    source: SourceFile,
    target: Located,
    call_name: str,
    class_name: str,
    default_constructible: bool | None,
) -> Analysis | None:
    """``server.analysis``'s facts, with this context's call name, class and construction; None
    when libclang cannot read the function (the fallback then has nothing to build from).
    """
    try:
        return analyse(
            source,
            target,
            call_name=call_name,
            class_name=class_name,
            default_constructible=default_constructible,
        )
    except Exception:  # noqa: BLE001 - libclang raises plain errors on odd cursors
        return None
