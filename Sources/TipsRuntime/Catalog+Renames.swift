extension Catalog {
    /// The case index that old case name `name` of enumeration `index` was renamed to
    /// (`pro renamedFrom premium`), if the bundle declares it.
    func renamedCase(_ name: String, ofEnum index: UInt16) -> Int? {
        for r in bundle.renames where r.kind == .enumCase && r.index == UInt32(index) && string(r.oldName) == name {
            return Int(r.caseIndex)
        }
        return nil
    }
}
