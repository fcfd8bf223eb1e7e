import TipsJournal
import TipsTime

extension EffectivenessEvent {
    /// The event as one line of JSON, the documented form (Docs/events.md): the common
    /// fields in a fixed order, then the kind's own. Strings are escaped by the journal's
    /// JSON writer, instants written by `ISO8601`.
    public var json: String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        out.lit("{\"schema\":"); out.int(Int64(schemaVersion))
        out.lit(",\"event\":"); out.string(kindName)
        out.lit(",\"catalog\":"); out.string(catalog.name)
        out.lit(",\"catalogVersion\":"); out.uint(catalog.version)
        out.lit(",\"tip\":"); optionalString(tip, &out)
        out.lit(",\"instance\":"); optionalString(instance, &out)
        out.lit(",\"variant\":"); optionalString(variant, &out)
        out.lit(",\"at\":"); out.string(ISO8601.format(at))
        out.lit(",\"testing\":"); out.lit(testing ? "true" : "false")
        switch kind {
        case .becameEligible:
            break
        case .suppressed(let reason):
            out.lit(",\"reason\":"); out.string(reason.rawValue)
        case .shown(let p):
            out.lit(",\"presentation\":"); out.string(p)
        case .ended(let p, let ending):
            out.lit(",\"presentation\":"); out.string(p)
            out.lit(",\"ending\":"); out.string(ending.name)
            switch ending {
            case .action(let id): out.lit(",\"action\":"); out.string(id)
            case .invalidated(let reason): out.lit(",\"reason\":"); out.string(reason.rawValue)
            default: break
            }
        case .invalidated(let reason):
            out.lit(",\"reason\":"); out.string(reason.rawValue)
        case .converted(let p):
            out.lit(",\"presentation\":"); optionalString(p, &out)
        case .dropped(let count):
            out.lit(",\"count\":"); out.int(Int64(count))
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }

    /// The `event` field: the kind's name.
    public var kindName: String {
        switch kind {
        case .becameEligible: "becameEligible"
        case .suppressed: "suppressed"
        case .shown: "shown"
        case .ended: "ended"
        case .invalidated: "invalidated"
        case .converted: "converted"
        case .dropped: "dropped"
        }
    }

    private func optionalString(_ s: String?, _ out: inout [UInt8]) {
        if let s { out.string(s) } else { out.lit("null") }
    }
}

extension EffectivenessEvent.PresentationEnding {
    /// The `ending` field.
    public var name: String {
        switch self {
        case .closeButton: "closeButton"
        case .dismissed: "dismissed"
        case .action: "action"
        case .retracted: "retracted"
        case .displayDurationExceeded: "displayDurationExceeded"
        case .invalidated: "invalidated"
        case .appClosed: "appClosed"
        case .storeReset: "storeReset"
        }
    }
}
