/// The `explain` section: probe programs are verified as programs of the bundle (indices
/// after the rule programs), and every explanation refers only to what exists.
extension Verifier {
    /// Verifies the explanation table; returns the facts about each probe program.
    func checkExplain() throws(BundleError) -> [ProgramInfo] {
        let table = bundle.explain
        guard !table.isEmpty else { return [] }
        var extended = bundle
        extended.programs += table.programs
        let v = Verifier(bundle: extended)
        var infos: [ProgramInfo] = []
        infos.reserveCapacity(table.programs.count)
        for p in table.programs.indices { infos.append(try v.checkProgram(bundle.programs.count + p)) }
        guard table.tips.count == bundle.tips.count else {
            throw .invalidValue(.item(.explain, 0), rule: "one explanation list per tip")
        }
        for (t, rules) in table.tips.enumerated() {
            let site = ErrorSite.item(.explain, t)
            guard rules.count == bundle.tips[t].rules.count else {
                throw .invalidValue(site, rule: "one explanation per rule")
            }
            for rule in rules {
                if rule.location.file != noIndex { try index(rule.location.file, bundle.files.count, .file, site) }
                for probe in rule.probes {
                    try probeProgram(probe.program, bool: probe.kind != .term, site)
                    if probe.kind == .comparison {
                        guard let l = probe.left, let r = probe.right, !probe.relation.isFilterOnly else {
                            throw .invalidValue(site, rule: "a comparison probe has a relation and two operands")
                        }
                        try probeProgram(l.program, bool: false, site)
                        try probeProgram(r.program, bool: false, site)
                    }
                }
            }
        }
        return infos
    }

    private func probeProgram(_ p: UInt32, bool: Bool, _ site: ErrorSite) throws(BundleError) {
        let programs = bundle.explain.programs
        try index(p, programs.count, .program, site)
        if bool, programs[Int(p)].resultType != .bool {
            throw .resultTypeMismatch(site, expected: .bool, found: programs[Int(p)].resultType)
        }
    }
}

extension Relation {
    /// `isTrue`/`isFalse`: meaningful in filter terms only.
    var isFilterOnly: Bool { self == .isTrue || self == .isFalse }
}
