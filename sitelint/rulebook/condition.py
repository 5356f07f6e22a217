"""A rule's condition: a small expression over the values a check measured and the rule's params.

    condition: "words < min and page_type not in exempt_types"

The grammar is a subset of Python expressions: numbers, text, true/false, lists; names; `and`, `or`, `not`;
comparisons (< <= > >= == != in, not in); + - * / and unary minus; and the functions len, min, max and abs.
Names with hyphens (params such as `nav-link-density`) are written with underscores. The text is parsed once into a
tree that is checked node by node and then walked; nothing is ever passed to eval or compiled to code.
"""

from __future__ import annotations

import ast
import difflib
import operator
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

_COMPARE: dict[type, Callable[[Any, Any], bool]] = {
    ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge,
    ast.Eq: operator.eq, ast.NotEq: operator.ne,
    ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b,
}
_ARITH: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
}
_FUNCTIONS: dict[str, Callable[..., Any]] = {"len": len, "min": min, "max": max, "abs": abs}
_CONSTANTS = {"true": True, "false": False, "none": None}


class ConditionError(Exception):
    """A condition that cannot be used: the message says which part and why."""


@dataclass(frozen=True)
class Condition:
    text: str
    tree: ast.expr
    names: frozenset[str]

    def __call__(self, scope: Mapping[str, Any]) -> bool:
        try:
            return bool(_eval(self.tree, scope))
        except (TypeError, ZeroDivisionError, ValueError):
            return False  # a value the check could not measure (None) never fires a rule

    def guards(self) -> Condition | None:
        """The conjuncts after the first, joined by `and`: by the rule files' convention the first conjunct is the
        signal (`words < min`) and the rest say which pages the rule judges at all (`page_type not in skip_types`,
        `not exempt`). None when the condition is its signal alone."""
        if not (isinstance(self.tree, ast.BoolOp) and isinstance(self.tree.op, ast.And)):
            return None
        rest = self.tree.values[1:]
        tree = rest[0] if len(rest) == 1 else ast.BoolOp(op=ast.And(), values=rest)
        names: set[str] = set()
        _check(tree, names, self.text)
        return Condition(ast.unparse(tree), tree, frozenset(names))

    def comparisons(self) -> list[tuple[str, str, str]]:
        """(value name, operator, param name) of the top-level comparisons joined by `and`: `words < min` gives
        ("words", "<", "min"). Rule health uses them to look for pages piled up just past a threshold."""
        parts = self.tree.values if isinstance(self.tree, ast.BoolOp) and isinstance(self.tree.op, ast.And) \
            else [self.tree]
        out = []
        for part in parts:
            if isinstance(part, ast.Compare) and len(part.ops) == 1 and isinstance(part.left, ast.Name) \
                    and isinstance(part.comparators[0], ast.Name):
                symbol = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}.get(type(part.ops[0]))
                if symbol:
                    out.append((part.left.id, symbol, part.comparators[0].id))
        return out


def compile_condition(text: str, known: Collection[str]) -> Condition:
    """Parse and check a condition; every name must be one of `known` (hyphens written as underscores)."""
    try:
        tree = ast.parse(text.strip(), mode="eval").body
    except SyntaxError as exc:
        raise ConditionError(f"condition {text!r} is not an expression: {exc.msg}") from None
    names: set[str] = set()
    _check(tree, names, text)
    allowed = {k.replace("-", "_") for k in known}
    for name in sorted(names):
        if name not in allowed:
            close = difflib.get_close_matches(name, sorted(allowed), n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise ConditionError(f"condition {text!r} names `{name}`, which is neither a value of the check nor a "
                                 f"param of the rule{hint}; known: {', '.join(sorted(allowed))}")
    return Condition(text, tree, frozenset(names))


_ALLOWED = (ast.BoolOp, ast.And, ast.Or, ast.UnaryOp, ast.Not, ast.USub, ast.UAdd, ast.Compare, ast.BinOp,
            ast.Name, ast.Load, ast.Constant, ast.List, ast.Tuple, ast.Set, ast.Call, *_COMPARE, *_ARITH)


def _check(node: ast.AST, names: set[str], text: str) -> None:
    if not isinstance(node, _ALLOWED):
        raise ConditionError(f"condition {text!r}: `{ast.unparse(node)}` is not allowed in a condition "
                             "(names, numbers, text, lists, and/or/not, comparisons, + - * /, len/min/max/abs)")
    if isinstance(node, ast.Call):
        if not isinstance(node.func, ast.Name) or node.func.id not in _FUNCTIONS or node.keywords:
            raise ConditionError(f"condition {text!r}: only len(), min(), max() and abs() may be called")
        for arg in node.args:
            _check(arg, names, text)
        return
    if isinstance(node, ast.Constant) and not isinstance(node.value, (int, float, str, bool, type(None))):
        raise ConditionError(f"condition {text!r}: {node.value!r} is not a number, text or true/false")
    if isinstance(node, ast.Name) and node.id.lower() not in _CONSTANTS:
        names.add(node.id)
    for child in ast.iter_child_nodes(node):
        _check(child, names, text)


def _eval(node: ast.AST, scope: Mapping[str, Any]) -> Any:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        if node.id.lower() in _CONSTANTS and node.id not in scope:
            return _CONSTANTS[node.id.lower()]
        return scope.get(node.id)
    if isinstance(node, ast.BoolOp):
        if isinstance(node.op, ast.And):
            return all(_eval(v, scope) for v in node.values)
        return any(_eval(v, scope) for v in node.values)
    if isinstance(node, ast.UnaryOp):
        value = _eval(node.operand, scope)
        if isinstance(node.op, ast.Not):
            return not value
        return -value if isinstance(node.op, ast.USub) else +value
    if isinstance(node, ast.Compare):
        left = _eval(node.left, scope)
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            right = _eval(right_node, scope)
            if left is None or right is None:
                return False
            if not _COMPARE[type(op)](left, right):
                return False
            left = right
        return True
    if isinstance(node, ast.BinOp):
        return _ARITH[type(node.op)](_eval(node.left, scope), _eval(node.right, scope))
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return [_eval(e, scope) for e in node.elts]
    if isinstance(node, ast.Call):
        return _FUNCTIONS[node.func.id](*(_eval(a, scope) for a in node.args))  # type: ignore[attr-defined]
    raise TypeError(type(node).__name__)
