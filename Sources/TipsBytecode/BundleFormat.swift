/// Constants of the bundle encoding (Docs/bytecode.md, "Bundle format").
public enum BundleFormat {
    /// `TIPB`.
    public static let magic: [UInt8] = [0x54, 0x49, 0x50, 0x42]
    /// The lowest format version this code writes: every bundle has the sections of
    /// version 2 (which added `explain`). A bundle's version is the oldest reader that can
    /// read it (`TipsBundle.formatVersion`): the latest version that added a section the
    /// bundle has content in.
    public static let version: UInt16 = 2
    /// The version of a bundle with declared renames (and nothing of a later version).
    public static let renamesVersion: UInt16 = BundleSection.renames.since
    /// The version of a bundle that declares persistence keys or asset-catalog images, or
    /// whose rules read reusable tips' arguments (and has no `when` condition).
    public static let extendedVersion: UInt16 = BundleSection.keys.since
    /// The version of a bundle where a message or an action has a `when` condition.
    public static let conditionsVersion: UInt16 = BundleSection.conditions.since
    /// The last version whose layout is fixed: readers of versions 1 to 5 expect every
    /// section their version knows, empty ones included, so a section added by then is in
    /// every bundle whose version has it. A section added later is present only when it
    /// has content (`BundleSection.presence(since:version:)`).
    public static let lastFixedLayout: UInt16 = 5
    /// The version of a bundle whose programs test the platform (`platformIn`): it adds an
    /// opcode and no section, so its layout is version 5's.
    public static let platformVersion: UInt16 = Opcode.platformIn.since
    /// The version of a bundle where a tip declares a goal: it adds the `goals` section,
    /// present only when some tip has one.
    public static let goalsVersion: UInt16 = BundleSection.goals.since
    /// The version of a bundle where a tip declares an experiment: it adds the
    /// `experiments` section, present only when some tip has one.
    public static let experimentsVersion: UInt16 = BundleSection.experiments.since
    /// The version of a bundle whose programs read the local calendar (`localTime`,
    /// `lifetime`, `countDays`): it adds opcodes and no section.
    public static let calendarVersion: UInt16 = Opcode.localTime.since
    /// The version of a bundle where an action snoozes its tip (effect kind 3): it adds an
    /// effect kind and no section, so its layout is version 9's.
    public static let snoozeVersion: UInt16 = 10
    /// The version of a bundle that declares a display budget, a priority, a budget
    /// exemption or a group that flows as one unit: it adds the `budgets` section.
    public static let budgetsVersion: UInt16 = BundleSection.budgets.since
    /// The version of a bundle where a tip declares `resetEligibility after D`: it adds the
    /// `renewals` section.
    public static let renewalsVersion: UInt16 = BundleSection.renewals.since
    /// The version of a bundle where a tip chooses its message or image (several of them,
    /// a condition on an image, or an image named from an argument): it adds the `content`
    /// section, present only when some tip needs it.
    public static let contentVersion: UInt16 = BundleSection.content.since
    /// The versions this code reads: 1 (no `explain` section), 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 and 13.
    public static let readableVersions: ClosedRange<UInt16> = 1...13
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
