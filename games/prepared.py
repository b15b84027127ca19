"""Hot queries built and compiled once per process, then run with new parameters.

Profiled, most of the CPU of a hot query (a request's token and game, the after-move job's
seats) was the ORM building and compiling it, not PostgreSQL running it. A `Prepared` query
is an ORM queryset written once; its SQL is compiled the first time it runs on a database
alias and reused: each call only swaps in its parameters, then lets Django's own iterable
turn the rows into model instances (select_related, annotations and deferred fields as usual).

The parameters are found by value: the queryset is built with distinctive stand-in values
(`build(*markers, *variant)`), and each must appear at most once among the compiled
parameters (else the query is refused when it is compiled; none: that variant does not use
it). int, str and datetime parameters can be swapped (a datetime as the backend adapts it:
a string on SQLite).
"""

from __future__ import annotations

import copy
import secrets
import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import QuerySet

MARKER_INT = 2_000_000_000  # inside every integer column's range (the ORM drops larger ones)
MARKER_TIME = datetime(1901, 2, 3, 4, 5, 6, 700000, tzinfo=UTC)
KINDS = ("int", "str", "datetime")


@dataclass(frozen=True)
class _Compiled:
    queryset: QuerySet
    compiler: Any
    sql: str
    params: tuple
    slots: tuple[tuple[int, int], ...]  # (position in params, index of the argument)


class Prepared:
    """`Prepared(build, "int", "str")(5, "abc")`: the rows of `build(5, "abc")`, compiled once."""

    def __init__(self, build: Callable[..., QuerySet], *kinds: str) -> None:
        if any(kind not in KINDS for kind in kinds):
            raise ValueError("a prepared query takes int, str and datetime parameters only")
        self.build, self.kinds = build, kinds
        self._compiled: dict[Hashable, _Compiled] = {}
        self._lock = threading.Lock()
        self._local = threading.local()  # per thread: each column's converters

    def __call__(self, *args: Any, using: str = DEFAULT_DB_ALIAS, variant: tuple = ()) -> list:
        """The rows for `args`; `variant`, a tuple of further arguments of `build` that shape
        the SQL (each value compiles the query once)."""
        compiled = self._compiled.get((using, variant)) or self._compile(using, variant)
        params = list(compiled.params)
        connection = connections[using]
        for position, index in compiled.slots:
            value = args[index]
            if self.kinds[index] == "datetime":
                value = connection.ops.adapt_datetimefield_value(value)
            wrap = type(compiled.params[position])
            params[position] = value if isinstance(value, wrap) else wrap(value)
        compiler = copy.copy(compiled.compiler)
        compiler.connection = connection
        compiler.as_sql = lambda *a, **kw: (compiled.sql, tuple(params))
        compiler.get_converters = self._converters(compiler, (using, variant))
        queryset = compiled.queryset._chain()
        queryset.query.get_compiler = lambda *a, **kw: compiler
        return list(queryset)

    def first(self, *args: Any, using: str = DEFAULT_DB_ALIAS, variant: tuple = ()) -> Any:
        rows = self(*args, using=using, variant=variant)
        return rows[0] if rows else None

    def _converters(self, compiler: Any, key: tuple) -> Callable:
        """The compiler's get_converters, its answer kept (per thread: some converters are
        bound to the connection that asked); it was about a fifth of a wide query's cost."""
        known = self._local.__dict__.setdefault("converters", {})

        def converters(expressions: list) -> dict:
            if key not in known:
                known[key] = type(compiler).get_converters(compiler, expressions)
            return known[key]
        return converters

    def _compile(self, using: str, variant: tuple) -> _Compiled:
        salt = secrets.token_hex(6)
        markers = [{"int": MARKER_INT + i, "str": f"prepared-{salt}-{i}",
                    "datetime": MARKER_TIME + timedelta(microseconds=i)}[kind]
                   for i, kind in enumerate(self.kinds)]
        queryset = self.build(*markers, *variant).using(using)
        compiler = queryset.query.get_compiler(using=using)
        sql, params = compiler.as_sql()
        adapt = connections[using].ops.adapt_datetimefield_value
        slots = []
        for index, marker in enumerate(markers):
            sought = adapt(marker) if self.kinds[index] == "datetime" else marker
            # (isinstance: the backend may wrap a value, e.g. psycopg's Int4 for an int)
            found = [pos for pos, value in enumerate(params)
                     if isinstance(value, type(sought)) and value == sought]
            if len(found) > 1:
                raise ValueError(f"parameter {index} appears {len(found)} times in the SQL")
            slots.extend((position, index) for position in found)
        compiled = _Compiled(queryset, compiler, sql, tuple(params), tuple(slots))
        with self._lock:
            self._compiled[(using, variant)] = compiled
        return compiled


_WRITES: dict[tuple, str] = {}  # the SQL of insert, upsert and update, by shape


def insert(model: type, row: dict[str, Any], using: str = DEFAULT_DB_ALIAS,
           returning: bool = False) -> Any:
    """One INSERT of `row` (field names: values; defaults are not filled in), its SQL written
    once: `model.objects.create` for a hot row. No signals. With `returning`, the new pk."""
    return upsert(model, row, unique=(), using=using, returning=returning)


def upsert(model: type, row: dict[str, Any], unique: tuple[str, ...],
           using: str = DEFAULT_DB_ALIAS, returning: bool = False) -> Any:
    """One INSERT ... ON CONFLICT (unique) DO UPDATE of `row` (field names: values), its SQL
    written once per shape: what bulk_create(update_conflicts=True) does for one row, without
    compiling it every time (`unique` empty: a plain INSERT). No signals, like bulk_create.
    With `returning`, the row's pk (INSERT ... RETURNING), else None."""
    connection = connections[using]
    if connection.vendor not in ("postgresql", "sqlite"):
        conflicts = {"update_conflicts": True, "unique_fields": list(unique),
                     "update_fields": [name for name in row if name not in unique]}
        (made,) = model.objects.using(using).bulk_create(
            [model(**row)], **(conflicts if unique else {}))
        return made.pk if returning else None
    fields = [model._meta.get_field(name) for name in row]
    key = (model, tuple(row), unique, returning, using)
    sql = _WRITES.get(key)
    if sql is None:
        sql = _upsert_sql(connection, model, fields, unique)
        if returning:
            sql += f" RETURNING {connection.ops.quote_name(model._meta.pk.column)}"
        _WRITES[key] = sql
    params = [f.get_db_prep_save(value, connection)
              for f, value in zip(fields, row.values(), strict=True)]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()[0] if returning else None


def _upsert_sql(connection: Any, model: type, fields: list, unique: tuple[str, ...]) -> str:
    quote = connection.ops.quote_name
    columns = [quote(f.column) for f in fields]
    sql = (f"INSERT INTO {quote(model._meta.db_table)} ({', '.join(columns)}) "
           f"VALUES ({', '.join(['%s'] * len(columns))})")
    if not unique:
        return sql
    conflict = [quote(model._meta.get_field(name).column) for name in unique]
    updates = [f"{c} = EXCLUDED.{c}" for c, f in zip(columns, fields, strict=True)
               if f.name not in unique and f.attname not in unique]
    return f"{sql} ON CONFLICT ({', '.join(conflict)}) DO UPDATE SET {', '.join(updates)}"


def update(instance: Any, fields: list[str], using: str = DEFAULT_DB_ALIAS) -> None:
    """`instance.save(update_fields=fields)` for a row known to exist (locked), its UPDATE
    written once per shape. No signals, no pre_save (so no auto_now fields among `fields`)."""
    model, connection = type(instance), connections[using]
    meta = model._meta
    columns = [meta.get_field(name) for name in fields]
    key = (model, tuple(fields), "update", using)
    sql = _WRITES.get(key)
    if sql is None:
        quote = connection.ops.quote_name
        sets = ", ".join(f"{quote(f.column)} = %s" for f in columns)
        sql = f"UPDATE {quote(meta.db_table)} SET {sets} WHERE {quote(meta.pk.column)} = %s"
        _WRITES[key] = sql
    params = [f.get_db_prep_save(getattr(instance, f.attname), connection) for f in columns]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, instance.pk])


def update_where(model: type, values: dict[str, Any], where: dict[str, Any],
                 using: str = DEFAULT_DB_ALIAS) -> int:
    """`model.objects.filter(**where).update(**values)`, its SQL written once per shape: for
    the hot writes of a move (who waits, a token's last use). `where`: exact and `__in`
    lookups on the model's own columns. No signals, as update(); returns the rows changed."""
    connection = connections[using]
    if connection.vendor not in ("postgresql", "sqlite"):
        return model.objects.using(using).filter(**where).update(**values)
    meta = model._meta
    columns = [meta.get_field(name) for name in values]
    clause, params = _where(connection, meta, where)
    if clause is None:
        return 0  # an empty `__in`: no row (the ORM sends nothing either)
    key = (model, tuple(values), clause, "update_where", using)
    sql = _WRITES.get(key)
    if sql is None:
        quote = connection.ops.quote_name
        sets = ", ".join(f"{quote(f.column)} = %s" for f in columns)
        sql = _WRITES[key] = f"UPDATE {quote(meta.db_table)} SET {sets} WHERE {clause}"
    sets = [f.get_db_prep_save(value, connection)
            for f, value in zip(columns, values.values(), strict=True)]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*sets, *params])
        return cursor.rowcount


def delete_where(model: type, where: dict[str, Any], using: str = DEFAULT_DB_ALIAS) -> int:
    """`model.objects.filter(**where).delete()` as one DELETE written once per shape, for a
    model that no other row references and no delete signal watches (the ORM's collector
    then sends that one DELETE too, after working out that it may). Returns the rows gone."""
    connection = connections[using]
    if connection.vendor not in ("postgresql", "sqlite"):
        return model.objects.using(using).filter(**where).delete()[0]
    meta = model._meta
    clause, params = _where(connection, meta, where)
    if clause is None:
        return 0
    key = (model, clause, "delete_where", using)
    sql = _WRITES.get(key)
    if sql is None:
        sql = _WRITES[key] = f"DELETE FROM {connection.ops.quote_name(meta.db_table)} " \
                             f"WHERE {clause}"
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount


def _where(connection: Any, meta: Any, where: dict[str, Any]) -> tuple[str | None, list]:
    """The WHERE clause of exact (`= %s`, `IS NULL`) and `__in` lookups, and its parameters;
    (None, []) when an `__in` is empty. The clause is the shape: the same for the same
    lookups and list lengths."""
    quote, parts, params = connection.ops.quote_name, [], []
    for lookup, value in where.items():
        name, _, kind = lookup.partition("__")
        if kind not in ("", "in"):
            raise ValueError(f"only exact and __in lookups: {lookup}")
        field = meta.pk if name == "pk" else meta.get_field(name)
        column = quote(field.column)
        if kind == "in":
            values = list(value)
            if not values:
                return None, []
            parts.append(f"{column} IN ({', '.join(['%s'] * len(values))})")
            params.extend(field.get_db_prep_value(v, connection) for v in values)
        elif value is None:
            parts.append(f"{column} IS NULL")
        else:
            parts.append(f"{column} = %s")
            params.append(field.get_db_prep_value(value, connection))
    return " AND ".join(parts) or "1 = 1", params
