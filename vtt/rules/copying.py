"""How a search copy (``State.clone``) copies a position's environment: one small
function per game, set of options and number of seats, generated with its rules.

The position is the environment's zones and per-player vars (lists changed in place);
everything else in it (options, constants, numbers, the seat tuples) is a value that
is only ever replaced, so a new dict holds the same. The generated function copies
each zone by its shape, with no loop over the zones and no test of their depth:

- one stack: a slice, ``new['pool'] = env['pool'][:]``;
- one stack per seat: a list display of slices, ``[z[0][:], z[1][:]]`` for two seats
  (a per-player zone always holds one stack per seat: ``vtt.rules.starting``);
- a grid of at most ``WRITTEN_CELLS`` cells: its stacks sliced into one dict display
  keyed by its cells (made once, in grid order), which Python sizes once, put into a
  new ``Grid``; a larger grid: ``Grid.copy``;
- copies of a stack: ``list(map(list.copy, ...))``; anything deeper:
  ``vtt.rules.values.copy_zone``, level by level.

>>> from vtt.rules.model import ZoneDef
>>> print(copier_source((ZoneDef("hand", per_player=True),), ("wins",), 2, {}))
def _make(_cells):
    def _copy(env):
        new = _dict(env)
        _z = env['hand']
        new['hand'] = [_z[0][:], _z[1][:]]
        new['wins'] = env['wins'][:]
        new['_meter'] = _Meter()
        return new
    return _copy
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from vtt.rules.expr import METER_KEY, Meter
from vtt.rules.model import Env, ZoneDef
from vtt.rules.values import Cell, Grid, copy_zone

__all__ = ["WRITTEN_CELLS", "EnvCopier", "copier_source", "env_copier"]

#: ``copy(env)``: a new environment whose zones and per-player vars are new lists.
EnvCopier = Callable[[Env], Env]
#: The most cells of a grid whose copy is written out cell by cell: side by side
#: (``tools/paired_rates.py``, clones) JANTORI's 3x3 board copies 1.22 times as fast
#: so, Corner to Corner's 5x5 0.93 and Janken Go's 9x9 0.78 times.
WRITTEN_CELLS = 9


def copier_source(
    zones: Sequence[ZoneDef],
    per_player_vars: Sequence[str],
    seats: int,
    grids: Mapping[str, Sequence[Cell]],
) -> str:
    """The text of the copying function for these zones and vars with ``seats`` seats.
    ``grids`` gives the cells of the grids written out cell by cell; ``_make(cells)``
    makes the function, given those cells in the same order."""
    lines = ["def _make(_cells):"]
    for index, cells in enumerate(grids.values()):
        names = "".join(f"_c{index}_{k}, " for k in range(len(cells)))
        lines.append(f"    {names}= _cells[{index}]")
    lines += ["    def _copy(env):", "        new = _dict(env)"]
    written = list(grids)
    for zone in zones:
        key = repr(zone.name)
        if zone.name in grids:
            index, count = written.index(zone.name), len(grids[zone.name])
            stacks = "".join(f"_v{k}, " for k in range(count))
            items = ", ".join(f"_c{index}_{k}: _v{k}[:]" for k in range(count))
            lines += [
                f"        _z = env[{key}]",
                f"        {stacks}= _z.values()",
                "        _g = _new_grid(_Grid)",
                "        _g.cols = _z.cols",
                "        _g.rows = _z.rows",
                f"        _update(_g, {{{items}}})",
                f"        new[{key}] = _g",
            ]
        elif zone.depth == 0:
            lines.append(f"        new[{key}] = env[{key}][:]")
        elif zone.depth == 1 and zone.per_player:
            stacks = ", ".join(f"_z[{seat}][:]" for seat in range(seats))
            lines += [f"        _z = env[{key}]", f"        new[{key}] = [{stacks}]"]
        elif zone.depth == 1 and zone.grid is not None:
            lines.append(f"        new[{key}] = env[{key}].copy()")
        elif zone.depth == 1:
            lines.append(f"        new[{key}] = _list(_map(_copy_list, env[{key}]))")
        else:
            lines.append(f"        new[{key}] = _copy_zone(env[{key}], {zone.depth})")
    lines += [f"        new[{name!r}] = env[{name!r}][:]" for name in per_player_vars]
    lines += [f"        new[{METER_KEY!r}] = _Meter()", "        return new", "    return _copy"]
    return "\n".join(lines)


def env_copier(zones: Sequence[ZoneDef], per_player_vars: Sequence[str], env: Env) -> EnvCopier:
    """The copying function (see the module's doc) for games shaped like the started
    environment ``env``: its number of seats and its grids' cells. A copy gets a work
    meter of its own, since it may go to another thread."""
    grids = {
        zone.name: tuple(env[zone.name])
        for zone in zones
        if zone.depth == 1 and zone.grid is not None and not zone.per_player
        if len(env[zone.name]) <= WRITTEN_CELLS
    }
    namespace: dict[str, object] = {
        "_dict": dict,
        "_list": list,
        "_map": map,
        "_copy_list": list.copy,
        "_copy_zone": copy_zone,
        "_Meter": Meter,
        "_Grid": Grid,
        "_new_grid": Grid.__new__,
        "_update": dict.update,
    }
    source = copier_source(zones, per_player_vars, len(env["seats"]), grids)
    exec(compile(source, "<copy of a position>", "exec"), namespace)  # names only the above
    make: Callable[[list[tuple[Cell, ...]]], EnvCopier] = namespace["_make"]  # type: ignore[assignment]
    return make(list(grids.values()))
