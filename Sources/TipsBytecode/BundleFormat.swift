/// Constants of the bundle encoding (Docs/bytecode.md, "Bundle format").
public enum BundleFormat {
    /// `TIPB`.
    public static let magic: [UInt8] = [0x54, 0x49, 0x50, 0x42]
    /// The format version this code writes. Version 2 added the `explain` section.
    public static let version: UInt16 = 2
    /// The version written for a bundle with declared renames (it adds the `renames`
    /// section); a bundle without renames is written as ``version``.
    public static let renamesVersion: UInt16 = 3
    /// The version written for a bundle that declares persistence keys or asset-catalog
    /// images, or whose rules read reusable tips' arguments. It adds the `keys`, `assets`
    /// and `arguments` sections after `renames`; all four are then present, any of them
    /// possibly empty. Other bundles keep version 2 or 3.
    public static let extendedVersion: UInt16 = 4
    /// The version written for a bundle where a message or an action has a `when`
    /// condition: it adds the `conditions` section after `arguments`. Bundles without
    /// conditions keep version 2, 3 or 4, byte for byte.
    public static let conditionsVersion: UInt16 = 5
    /// The versions this code reads: 1 (no `explain` section), 2, 3, 4 and 5.
    public static let readableVersions: ClosedRange<UInt16> = 1...5
    /// Header bytes: magic 4, version 2, flags 2, length 4, section count 4, checksum 8.
    public static let headerSize = 24
    /// Offset of the checksum field in the header.
    static let checksumOffset = 16

    /// The checksum of an encoded bundle: FNV-1a 64 over every byte except the 8 bytes of
    /// the checksum field itself.
    public static func checksum(_ bytes: [UInt8]) -> UInt64 {
        var h = FNV1a64()
        h.combine(bytes[0..<min(checksumOffset, bytes.count)])
        if bytes.count > headerSize { h.combine(bytes[headerSize...]) }
        return h.value
    }
}
