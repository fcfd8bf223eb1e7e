import Foundation
import TipsDriver
import TipsReplay
import TipsSource

// tips-fleet FOLDER [DEVICES] [SEED]: writes the journals of a simulated fleet (one real
// TipStore per device through a simulated week, TipsReplay's FleetSimulation) and the
// catalog they ran (catalog.tips) into FOLDER, for scripts/check-report-duckdb.sh.
let arguments = CommandLine.arguments.dropFirst()
guard let folder = arguments.first, arguments.count <= 3,
      let devices = Int(arguments.dropFirst().first ?? "1000"), devices >= 0,
      let seed = UInt64(arguments.dropFirst(2).first ?? "24") else {
    FileHandle.standardError.write(Data("usage: tips-fleet FOLDER [DEVICES] [SEED]\n".utf8))
    exit(2)
}
var sources = SourceSet()
sources.add(path: "catalog.tips", text: FleetSimulation.source)
guard let bundle = CheckedCatalog(sources).compile().bytes else {
    FileHandle.standardError.write(Data("tips-fleet: the fleet's catalog does not compile\n".utf8))
    exit(1)
}
do {
    let url = URL(fileURLWithPath: folder)
    try FleetSimulation(bundle: bundle, seed: seed).write(devices: devices, into: url.appendingPathComponent("journals"))
    try FleetSimulation.source.write(to: url.appendingPathComponent("catalog.tips"), atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("tips-fleet: \(error)\n".utf8))
    exit(1)
}
