extension String {
    /// Every occurrence of `target` replaced (Foundation-free, for the few escapes here).
    func replacingAll(_ target: Character, _ replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
