"""Plain value classes that cost nothing to define, for what every command loads.

A dataclass writes its ``__init__``, ``__repr__`` and ``__eq__`` (and, frozen, its
``__setattr__`` and ``__hash__``) as source text and compiles it when its module is
imported: about half a millisecond a class, paid again by every short command that loads
it (issue 13 item 7). The classes a replay loads whatever it replays (a save, a problem, a
command's outcome, a replay step) derive from :class:`Record` instead. Each names its
fields in ``__slots__``, in order, and writes its own ``__init__``; :class:`Record` reads
those fields to compare, show and copy an instance as a dataclass would, and
:class:`FrozenRecord` also refuses assignment after ``__init__`` and hashes by value.
"""

from __future__ import annotations

from typing import Any, NoReturn


class Record:
    """Equality, ``repr`` and pickling read from the fields listed in ``__slots__``."""

    __slots__: tuple[str, ...] = ()

    def field_values(self) -> tuple[Any, ...]:
        """The fields' values, in ``__slots__`` order."""
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Record)
        return self.field_values() == other.field_values()

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__qualname__}({fields})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuilt, (type(self), self.field_values()))


class FrozenRecord(Record):
    """A :class:`Record` whose fields are set once, in ``__init__``, and that hashes by value."""

    __slots__ = ()

    def set_fields(self, **values: Any) -> None:
        """Set fields from ``__init__`` (the only place a frozen record is written)."""
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        raise AttributeError(f"cannot assign to field {name!r} of a frozen {type(self).__qualname__}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"cannot delete field {name!r} of a frozen {type(self).__qualname__}")

    def __hash__(self) -> int:
        return hash(self.field_values())


def _rebuilt(cls: type[Record], values: tuple[Any, ...]) -> Record:
    """An instance of ``cls`` holding ``values`` as they are (not passed through ``__init__`` again)."""
    record = object.__new__(cls)
    for name, value in zip(cls.__slots__, values, strict=True):
        object.__setattr__(record, name, value)
    return record
