"""How a search copy (``State.clone``) copies a position's environment: one small
function per game, set of options and number of seats, generated with its rules.

The position is the environment's zones and per-player vars (lists changed in place);
everything else in it (options, constants, numbers, the seat tuples) is a value that
is only ever replaced, so a new dict holds the same. The generated function copies
each zone by its shape, with no loop over the zones and no test of their depth:

- one stack: a slice, ``new['pool'] = env['pool'][:]``;
- one stack per seat: a list display of slices, ``[z[0][:], z[1][:]]`` for two seats
  (a per-player zone always holds one stack per seat: ``vtt.rules.starting``);
- a grid: ``Grid.copy``, the one way a grid is copied;
- copies of a stack: ``list(map(list.copy, ...))``; anything deeper:
  ``vtt.rules.values.copy_zone``, level by level.

>>> from vtt.rules.model import ZoneDef
>>> print(copier_source((ZoneDef("hand", per_player=True),), ("wins",), 2))
def _copy(env):
    new = _dict(env)
    _z = env['hand']
    new['hand'] = [_z[0][:], _z[1][:]]
    new['wins'] = env['wins'][:]
    new['_meter'] = _Meter()
    return new
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from vtt.rules.expr import METER_KEY, Meter
from vtt.rules.model import Env, ZoneDef
from vtt.rules.values import copy_zone

__all__ = ["EnvCopier", "copier_source", "env_copier"]

#: ``copy(env)``: a new environment whose zones and per-player vars are new lists.
EnvCopier = Callable[[Env], Env]


def copier_source(zones: Sequence[ZoneDef], per_player_vars: Sequence[str], seats: int) -> str:
    """The text of the copying function for these zones and vars with ``seats`` seats."""
    lines = ["def _copy(env):", "    new = _dict(env)"]
    for zone in zones:
        key = repr(zone.name)
        if zone.depth == 0:
            lines.append(f"    new[{key}] = env[{key}][:]")
        elif zone.depth == 1 and zone.per_player:
            stacks = ", ".join(f"_z[{seat}][:]" for seat in range(seats))
            lines += [f"    _z = env[{key}]", f"    new[{key}] = [{stacks}]"]
        elif zone.depth == 1 and zone.grid is not None:
            lines.append(f"    new[{key}] = env[{key}].copy()")
        elif zone.depth == 1:
            lines.append(f"    new[{key}] = _list(_map(_copy_list, env[{key}]))")
        else:
            lines.append(f"    new[{key}] = _copy_zone(env[{key}], {zone.depth})")
    lines += [f"    new[{name!r}] = env[{name!r}][:]" for name in per_player_vars]
    lines += [f"    new[{METER_KEY!r}] = _Meter()", "    return new"]
    return "\n".join(lines)


def env_copier(zones: Sequence[ZoneDef], per_player_vars: Sequence[str], env: Env) -> EnvCopier:
    """The copying function (see the module's doc) for games shaped like the started
    environment ``env`` (its number of seats). A copy gets a work meter of its own,
    since it may go to another thread."""
    namespace: dict[str, object] = {
        "_dict": dict,
        "_list": list,
        "_map": map,
        "_copy_list": list.copy,
        "_copy_zone": copy_zone,
        "_Meter": Meter,
    }
    source = copier_source(zones, per_player_vars, len(env["seats"]))
    exec(compile(source, "<copy of a position>", "exec"), namespace)  # names only the above
    copy: EnvCopier = namespace["_copy"]  # type: ignore[assignment]
    return copy
