// swift-tools-version:6.0
import PackageDescription

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Ours",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "OursSync", targets: ["OursSync"]),
        .library(name: "OursHousehold", targets: ["OursHousehold"]),
        .executable(name: "ours", targets: ["ours"]),
    ],
    targets: [
        .target(name: "OursSync", swiftSettings: strict),
        .target(name: "OursHousehold", dependencies: ["OursSync"], swiftSettings: strict),
        .target(name: "OursCLI", dependencies: ["OursSync", "OursHousehold"], swiftSettings: strict),
        .executableTarget(name: "ours", dependencies: ["OursCLI"], swiftSettings: strict),
        .executableTarget(
            name: "embedding-example", dependencies: ["OursSync", "OursHousehold"],
            path: "Examples/Embedding", swiftSettings: strict),
        // What every test target shares: temporary directories, the seeded generator, fixture
        // paths, the quick loop's `slow` tag, and the simulated sync tool of the simulators.
        .target(
            name: "OursTestSupport", dependencies: ["OursSync"], path: "Tests/OursTestSupport", swiftSettings: strict),
        .testTarget(
            name: "OursSyncTests", dependencies: ["OursSync", "OursTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "OursHouseholdTests", dependencies: ["OursHousehold", "OursTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "OursCLITests", dependencies: ["OursCLI", "OursTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "EndToEndTests", dependencies: ["OursSync", "OursTestSupport"], swiftSettings: strict),
    ]
)
