// swift-tools-version:6.0
import PackageDescription

// The performance harness: its own package, so the main package keeps zero dependencies and
// its test run never builds this. `Benchmarks/run` builds it (and `ours`) in release mode.
let package = Package(
    name: "OursBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        // Named, because a path dependency's identity is its folder's name, which differs between clones.
        .package(name: "Ours", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "ours-bench",
            dependencies: [
                .product(name: "OursSync", package: "Ours"),
                .product(name: "OursHousehold", package: "Ours"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")])
    ]
)
