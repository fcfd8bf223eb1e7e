/// One payload key list seen during replay, with a template dictionary to copy for the
/// next payload that has exactly these keys (see `ReplayDecoder`).
struct PayloadShape {
    /// The keys' bytes, one after the other, in line order, and where each ends.
    let keyBytes: [UInt8]
    let keyEnds: [Int]
    /// Every key, each with a placeholder value, at exactly the capacity it needs.
    let template: [String: JournalValue]
    /// Each key's index in `template`, in line order. A copy of the dictionary keeps its
    /// buckets, so these stay valid for every copy.
    let indices: [Dictionary<String, JournalValue>.Index]

    /// The shape of keys `ranges` of `body` (plain ASCII, without quotes), or nil when they
    /// are not in strictly ascending byte order, which `LineDecoder` rejects.
    init?(keys ranges: UnsafeBufferPointer<Range<Int>>, in body: UnsafeRawBufferPointer) {
        for k in ranges.indices.dropFirst() {
            let previous = UnsafeRawBufferPointer(rebasing: body[ranges[k - 1]])
            guard RawBytes.precedes(previous, UnsafeRawBufferPointer(rebasing: body[ranges[k]])) else { return nil }
        }
        var bytes: [UInt8] = []
        var ends: [Int] = []
        var template = [String: JournalValue](minimumCapacity: ranges.count)
        for range in ranges {
            let key = UnsafeRawBufferPointer(rebasing: body[range])
            bytes.append(contentsOf: key)
            ends.append(bytes.count)
            template[String(decoding: key, as: UTF8.self)] = JournalValue.null
        }
        var indices: [Dictionary<String, JournalValue>.Index] = []
        for k in ranges.indices {
            let start = k == 0 ? 0 : ends[k - 1]
            let key = String(decoding: bytes[start..<ends[k]], as: UTF8.self)
            guard let index = template.index(forKey: key) else { return nil }
            indices.append(index)
        }
        keyBytes = bytes
        keyEnds = ends
        self.template = template
        self.indices = indices
    }

    /// True when the keys `ranges` of `body` are byte for byte this shape's.
    @inline(__always)
    func matches(_ ranges: UnsafeBufferPointer<Range<Int>>, in body: UnsafeRawBufferPointer) -> Bool {
        guard ranges.count == keyEnds.count else { return false }
        return keyBytes.withUnsafeBytes { mine in
            keyEnds.withUnsafeBufferPointer { keyEnds in
            var start = 0
            for k in ranges.indices {
                let end = keyEnds[k]
                let key = UnsafeRawBufferPointer(rebasing: body[ranges[k]])
                guard RawBytes.equal(UnsafeRawBufferPointer(rebasing: mine[start..<end]), key) else { return false }
                start = end
            }
            return true
            }
        }
    }

    /// A payload with this shape's keys and `values` (in key order).
    @inline(__always)
    func filled(with values: UnsafeBufferPointer<JournalValue>) -> [String: JournalValue] {
        var payload = template
        indices.withUnsafeBufferPointer { indices in
            for k in indices.indices {
                payload.values[indices[k]] = values[k]
            }
        }
        return payload
    }
}
