"""The index store (what `swift build --enable-index-store` and `swiftc -index-store-path`
write), read through the toolchain's libIndexStore with ctypes.

Only the parts the availability check needs: the units (one per compiled source file:
its main file, module, modification time, records and imported modules) and the
occurrences of a record (symbol USR, name, roles, line and column).
"""

import ctypes
import os
from ctypes import CFUNCTYPE, POINTER, Structure, c_bool, c_char_p, c_int, c_int64, c_size_t, c_uint, c_uint64, c_void_p

ROLE_DECLARATION = 1 << 0
ROLE_DEFINITION = 1 << 1
ROLE_REFERENCE = 1 << 2
ROLE_IMPLICIT = 1 << 8

DEP_UNIT = 1
DEP_RECORD = 2

KIND_MODULE = 1


class _StringRef(Structure):
    _fields_ = [("data", c_void_p), ("length", c_size_t)]


def _text(ref):
    return ctypes.string_at(ref.data, ref.length).decode("utf-8", "replace") if ref.length else ""


_UNIT_CB = CFUNCTYPE(c_bool, c_void_p, _StringRef)
_PTR_CB = CFUNCTYPE(c_bool, c_void_p, c_void_p)


class Unit:
    __slots__ = ("name", "main_file", "module", "is_system", "mtime", "records", "modules")

    def __init__(self, name):
        self.name = name
        self.main_file = ""
        self.module = ""
        self.is_system = False
        self.mtime = 0.0
        self.records = []   # (record name, source file path)
        self.modules = []   # (module name, is a system module) of the units it depends on


class Occurrence:
    __slots__ = ("line", "col", "roles", "usr", "name", "kind")

    def __init__(self, line, col, roles, usr, name, kind):
        self.line, self.col, self.roles, self.usr, self.name, self.kind = line, col, roles, usr, name, kind


class IndexStore:
    def __init__(self, path, library):
        lib = ctypes.CDLL(library)

        def fn(name, res, *args):
            f = getattr(lib, name)
            f.restype = res
            f.argtypes = list(args)
            return f

        self._store_create = fn("indexstore_store_create", c_void_p, c_char_p, POINTER(c_void_p))
        self._store_dispose = fn("indexstore_store_dispose", None, c_void_p)
        self._error_text = fn("indexstore_error_get_description", c_char_p, c_void_p)
        self._units_apply = fn("indexstore_store_units_apply_f", c_bool, c_void_p, c_uint, c_void_p, _UNIT_CB)
        self._unit_create = fn("indexstore_unit_reader_create", c_void_p, c_void_p, c_char_p, POINTER(c_void_p))
        self._unit_dispose = fn("indexstore_unit_reader_dispose", None, c_void_p)
        self._unit_is_system = fn("indexstore_unit_reader_is_system_unit", c_bool, c_void_p)
        self._unit_main = fn("indexstore_unit_reader_get_main_file", _StringRef, c_void_p)
        self._unit_module = fn("indexstore_unit_reader_get_module_name", _StringRef, c_void_p)
        self._unit_mtime = fn("indexstore_unit_reader_get_modification_time", None, c_void_p,
                              POINTER(c_int64), POINTER(c_int64))
        self._unit_deps = fn("indexstore_unit_reader_dependencies_apply_f", c_bool, c_void_p, c_void_p, _PTR_CB)
        self._dep_kind = fn("indexstore_unit_dependency_get_kind", c_int, c_void_p)
        self._dep_path = fn("indexstore_unit_dependency_get_filepath", _StringRef, c_void_p)
        self._dep_name = fn("indexstore_unit_dependency_get_name", _StringRef, c_void_p)
        self._dep_module = fn("indexstore_unit_dependency_get_modulename", _StringRef, c_void_p)
        self._dep_is_system = fn("indexstore_unit_dependency_is_system", c_bool, c_void_p)
        self._record_create = fn("indexstore_record_reader_create", c_void_p, c_void_p, c_char_p, POINTER(c_void_p))
        self._record_dispose = fn("indexstore_record_reader_dispose", None, c_void_p)
        self._occurrences_apply = fn("indexstore_record_reader_occurrences_apply_f", c_bool, c_void_p, c_void_p, _PTR_CB)
        self._occ_symbol = fn("indexstore_occurrence_get_symbol", c_void_p, c_void_p)
        self._occ_roles = fn("indexstore_occurrence_get_roles", c_uint64, c_void_p)
        self._occ_line_col = fn("indexstore_occurrence_get_line_col", None, c_void_p, POINTER(c_uint), POINTER(c_uint))
        self._sym_usr = fn("indexstore_symbol_get_usr", _StringRef, c_void_p)
        self._sym_name = fn("indexstore_symbol_get_name", _StringRef, c_void_p)
        self._sym_kind = fn("indexstore_symbol_get_kind", c_int, c_void_p)

        err = c_void_p()
        self._store = self._store_create(os.fsencode(path), ctypes.byref(err))
        if not self._store:
            raise OSError(f"cannot open index store {path}: {self._error(err)}")

    def _error(self, err):
        return self._error_text(err).decode() if err.value else "unknown error"

    def close(self):
        if self._store:
            self._store_dispose(self._store)
            self._store = None

    def units(self):
        names = []

        def collect(_ctx, name):
            names.append(_text(name))
            return True

        self._units_apply(self._store, 0, None, _UNIT_CB(collect))
        result = []
        for name in names:
            err = c_void_p()
            reader = self._unit_create(self._store, name.encode(), ctypes.byref(err))
            if not reader:
                continue
            unit = Unit(name)
            unit.is_system = self._unit_is_system(reader)
            unit.main_file = _text(self._unit_main(reader))
            unit.module = _text(self._unit_module(reader))
            sec, nsec = c_int64(), c_int64()
            self._unit_mtime(reader, ctypes.byref(sec), ctypes.byref(nsec))
            unit.mtime = sec.value + nsec.value / 1e9
            if not unit.is_system:
                def dependency(_ctx, dep):
                    kind = self._dep_kind(dep)
                    if kind == DEP_RECORD:
                        unit.records.append((_text(self._dep_name(dep)), _text(self._dep_path(dep))))
                    elif kind == DEP_UNIT:
                        module = _text(self._dep_module(dep))
                        if module:
                            unit.modules.append((module, bool(self._dep_is_system(dep))))
                    return True

                self._unit_deps(reader, None, _PTR_CB(dependency))
            self._unit_dispose(reader)
            result.append(unit)
        return result

    def occurrences(self, record_name):
        err = c_void_p()
        reader = self._record_create(self._store, record_name.encode(), ctypes.byref(err))
        if not reader:
            raise OSError(f"cannot read index record {record_name}: {self._error(err)}")
        result = []
        line, col = c_uint(), c_uint()
        usr_cache = {}

        def occurrence(_ctx, occ):
            symbol = self._occ_symbol(occ)
            self._occ_line_col(occ, ctypes.byref(line), ctypes.byref(col))
            info = usr_cache.get(symbol)
            if info is None:
                info = (_text(self._sym_usr(symbol)), _text(self._sym_name(symbol)), self._sym_kind(symbol))
                usr_cache[symbol] = info
            result.append(Occurrence(line.value, col.value, self._occ_roles(occ), *info))
            return True

        self._occurrences_apply(reader, None, _PTR_CB(occurrence))
        self._record_dispose(reader)
        return result
