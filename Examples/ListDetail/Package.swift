// swift-tools-version: 6.0
// A small list/detail "app" that adopts Tips through the build plugin: its .tips files live
// in Sources/ListDetail/Tips, the plugin turns them into the typed API (`AppTips`, `.favoriteTip`,
// `.itemFavorited(source:)`, ...) at build time, and the app uses nothing else.
import PackageDescription

let package = Package(
    name: "ListDetail",
    // As the Tips package declares: where TipKit runs.
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        // `name:` fixes the identity the plugin and product are looked up by, whatever the
        // checkout's folder is called.
        .package(name: "Tips", path: "../.."),
    ],
    targets: [
        .target(
            name: "ListDetail",
            // TipsUI: the coordinator's turns are tested here; its SwiftUI and UIKit views
            // are compiled only where those toolkits exist (the files behind #if canImport).
            // TipsUpdater: the app downloads newer catalogs (LiveTips.swift, Docs/remote.md).
            dependencies: [.product(name: "TipsRuntime", package: "Tips"), .product(name: "TipsUI", package: "Tips"),
                           .product(name: "TipsUpdater", package: "Tips")],
            // LiveUpdate/ (beside Sources) is the changed catalog the tests download; it is
            // not part of the app.
            plugins: [.plugin(name: "TipsPlugin", package: "Tips")]),
        .testTarget(name: "ListDetailTests", dependencies: ["ListDetail"]),
    ]
)
