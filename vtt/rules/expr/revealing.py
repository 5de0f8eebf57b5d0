"""``revealed(zone)``: whether a ``reveal:`` step shows that zone instance now.

A zone reads as its list of components, which does not know which zone it is, so a
call is written, once checked, as a test of the instance's key against the engine's
``revealed_zones`` (the keys ``reveal:`` and ``hide:`` keep): ``revealed(hand[p])``
runs as ``('hand', p) in revealed_zones``. The argument must be a zone written out,
with all its indexes, which is told at load.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping

from vtt.rules.errors import Where
from vtt.rules.expr.errors import ExprError

#: The engine's name for the keys of the revealed zone instances.
REVEALED_ZONES = "revealed_zones"


class _Revealing(ast.NodeTransformer):
    def __init__(self, zones: Mapping[str, int], source: str, where: Where | None) -> None:
        self.zones, self.source, self.where = zones, source, where
        self.used = False

    def visit_Call(self, node: ast.Call) -> ast.expr:
        self.generic_visit(node)
        if not (isinstance(node.func, ast.Name) and node.func.id == "revealed"):
            return node
        indexes: list[ast.expr] = []
        target = node.args[0] if len(node.args) == 1 and not node.keywords else None
        while isinstance(target, ast.Subscript):
            indexes.insert(0, target.slice)
            target = target.value
        name = target.id if isinstance(target, ast.Name) else None
        if name not in self.zones:
            raise self._fail(node, "revealed() takes one zone as written, like revealed(hand[p])")
        assert name is not None
        if len(indexes) != self.zones[name]:
            wanted = self.zones[name]
            raise self._fail(
                node,
                f"revealed() takes one instance of zone '{name}', written with "
                f"{wanted} index{'' if wanted == 1 else 'es'} ({len(indexes)} given)",
            )
        self.used = True
        key = ast.Tuple(elts=[ast.Constant(name), *indexes], ctx=ast.Load())
        test = ast.Compare(
            left=key, ops=[ast.In()], comparators=[ast.Name(id=REVEALED_ZONES, ctx=ast.Load())]
        )
        return ast.copy_location(test, node)

    def _fail(self, node: ast.AST, reason: str) -> ExprError:
        line = getattr(node, "lineno", 0)
        column = getattr(node, "col_offset", -1) + 1
        end = getattr(node, "end_col_offset", -1) + 1
        return ExprError(
            reason, self.where, source=self.source, line=line, column=column, end_column=end
        )


def write_revealed(
    tree: ast.Expression, zones: Mapping[str, int], source: str, where: Where | None
) -> bool:
    """Write every ``revealed(zone)`` of the checked ``tree`` as a key test, in place
    (``zones``: each zone's number of indexes); True when there was one."""
    revealing = _Revealing(zones, source, where)
    tree.body = revealing.visit(tree.body)
    ast.fix_missing_locations(tree)
    return revealing.used
