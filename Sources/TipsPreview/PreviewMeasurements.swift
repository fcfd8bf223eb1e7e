import TipsJournal
import TipsText

/// What a browser measured on a ``PreviewPage``: for each card and each text on it, its box
/// (`clientWidth`, `clientHeight`) and what its content needs (`scrollWidth`,
/// `scrollHeight`), in CSS pixels, with the text's line height. The browser only measures;
/// ``PreviewLints`` decides what overflows.
///
/// The file is JSON: `{"measurements": [{"catalog": ..., "tip": ..., "locale": ...,
/// "width": "iPhone", "size": "large", "scheme": "light", "presentation": "popover",
/// "role": "title", "clientWidth": 297, "scrollWidth": 297, "clientHeight": 42,
/// "scrollHeight": 63, "lineHeight": 21.25}, ...]}`, the `data-` attributes of the page
/// copied as they are (`role` is `card` for the card itself).
public struct PreviewMeasurements: Sendable, Hashable {
    /// One measured element.
    public struct Measurement: Sendable, Hashable {
        public var catalog: String
        public var tip: String
        public var locale: String
        public var width: String
        public var size: String
        public var scheme: String
        public var presentation: String
        /// `card`, `title`, `message` or `action:ID`.
        public var role: String
        public var clientWidth: Double
        public var scrollWidth: Double
        public var clientHeight: Double
        public var scrollHeight: Double
        /// The computed line height (0 for the card).
        public var lineHeight: Double

        public init(catalog: String, tip: String, locale: String, width: String, size: String, scheme: String,
                    presentation: String, role: String, clientWidth: Double, scrollWidth: Double,
                    clientHeight: Double, scrollHeight: Double, lineHeight: Double) {
            self.catalog = catalog
            self.tip = tip
            self.locale = locale
            self.width = width
            self.size = size
            self.scheme = scheme
            self.presentation = presentation
            self.role = role
            self.clientWidth = clientWidth
            self.scrollWidth = scrollWidth
            self.clientHeight = clientHeight
            self.scrollHeight = scrollHeight
            self.lineHeight = lineHeight
        }
    }

    /// A file that is not a measurement file: where (the entry) and why.
    public struct Failure: Error, Sendable, Hashable {
        public var message: String
    }

    public var measurements: [Measurement]

    /// The largest measurement file read.
    public static let limit = InputFile.Limit(bytes: 64 << 20, what: "a measurement file")

    public init(_ measurements: [Measurement]) { self.measurements = measurements }

    static let textFields = ["catalog", "tip", "locale", "width", "size", "scheme", "presentation", "role"]
    static let numberFields = ["clientWidth", "scrollWidth", "clientHeight", "scrollHeight", "lineHeight"]

    /// Reads a measurement file.
    public static func parse(_ bytes: [UInt8]) throws(Failure) -> PreviewMeasurements {
        let json: JSON
        do throws(JSON.ParseError) {
            json = try JSON.parse(bytes)
        } catch {
            throw Failure(message: "not JSON: \(error)")
        }
        guard let entries = json["measurements"]?.array else {
            throw Failure(message: "expected an object with a 'measurements' array")
        }
        var out: [Measurement] = []
        for (i, entry) in entries.enumerated() {
            var texts: [String: String] = [:]
            for field in textFields {
                guard let value = entry[field]?.string else {
                    throw Failure(message: "measurement \(i + 1): '\(field)' must be a string")
                }
                texts[field] = value
            }
            var numbers: [String: Double] = [:]
            for field in numberFields {
                guard let value = entry[field]?.number, value.isFinite, value >= 0 else {
                    throw Failure(message: "measurement \(i + 1): '\(field)' must be a number, 0 or more")
                }
                numbers[field] = value
            }
            out.append(Measurement(catalog: texts["catalog"]!, tip: texts["tip"]!, locale: texts["locale"]!, width: texts["width"]!,
                                   size: texts["size"]!, scheme: texts["scheme"]!, presentation: texts["presentation"]!,
                                   role: texts["role"]!, clientWidth: numbers["clientWidth"]!, scrollWidth: numbers["scrollWidth"]!,
                                   clientHeight: numbers["clientHeight"]!, scrollHeight: numbers["scrollHeight"]!,
                                   lineHeight: numbers["lineHeight"]!))
        }
        return PreviewMeasurements(out)
    }
}
