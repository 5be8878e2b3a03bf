import Foundation
import OursCLI

let code = OursCLI.run(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment, console: .standard())
exit(code)
