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
        .testTarget(name: "OursSyncTests", dependencies: ["OursSync"], swiftSettings: strict),
        .testTarget(
            name: "OursHouseholdTests", dependencies: ["OursHousehold"], swiftSettings: strict),
        .testTarget(name: "OursCLITests", dependencies: ["OursCLI"], swiftSettings: strict),
        .testTarget(
            name: "EndToEndTests", dependencies: ["OursSync"], swiftSettings: strict),
    ]
)
