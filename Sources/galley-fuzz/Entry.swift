import Foundation
import GalleyRender

/// `galley-fuzz TARGET …`: the fuzz targets of docs/security.md ("Fuzzing").
///
/// Built by `make fuzz` with libFuzzer (`-DGALLEY_LIBFUZZER`, coverage and AddressSanitizer
/// instrumentation, in `.build/fuzz`), the arguments after TARGET are libFuzzer's: corpus
/// folders and `-flag=value` options. In the normal build it replays inputs instead — each file
/// named, or every file in each folder named, through the same target — which is how a crash
/// file from a fuzz run is reproduced and debugged without the fuzz build.
@main
struct GalleyFuzz {
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        let target: FuzzTarget
        if let first = arguments.first, let named = FuzzTarget(rawValue: first) {
            target = named
            arguments.removeFirst()
            // libFuzzer runs itself again for some jobs (-minimize_crash, -fork, -merge) with its own
            // arguments only: the environment carries the target to those runs.
            setenv(environmentKey, named.rawValue, 1)
        } else if let name = ProcessInfo.processInfo.environment[environmentKey], let named = FuzzTarget(rawValue: name)
        {
            target = named
        } else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
            StandardStreams.writeError("usage: galley-fuzz \(names) [libFuzzer options | input files and folders]\n")
            exit(2)
        }
        exit(run(target, arguments: arguments))
    }

    /// Names the target when it is not the first argument.
    static let environmentKey = "GALLEY_FUZZ_TARGET"
}

#if GALLEY_LIBFUZZER
    /// libFuzzer's entry for a program with its own `main` (`libclang_rt.fuzzer_no_main`).
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// LeakSanitizer: what is allocated between these two calls is never reported as a leak.
    @_silgen_name("__lsan_disable") func disableLeakChecks()
    @_silgen_name("__lsan_enable") func enableLeakChecks()

    /// Hands the arguments to libFuzzer, which calls the target with each input it makes.
    ///
    /// First the target runs once over every input in the corpus folders with leak checks off:
    /// what a run allocates for the life of the process (fontconfig's configuration, the fonts it
    /// loads, Swift's lazily made globals, whose pointers LeakSanitizer cannot always see) is
    /// then in place before libFuzzer starts counting what each input leaves behind.
    func run(_ target: FuzzTarget, arguments: [String]) -> Int32 {
        disableLeakChecks()
        for folder in arguments where !folder.hasPrefix("-") {
            for file in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                if let data = FileManager.default.contents(atPath: folder + "/" + file) { target.run([UInt8](data)) }
            }
        }
        enableLeakChecks()
        // libFuzzer's own C callbacks capture nothing, so there is one per target.
        let callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt =
            switch target {
            case .templates: { data, count in FuzzTarget.templates.run(data, count) }
            case .data: { data, count in FuzzTarget.data.run(data, count) }
            case .images: { data, count in FuzzTarget.images.run(data, count) }
            case .svg: { data, count in FuzzTarget.svg.run(data, count) }
            }
        // argv without TARGET, as libFuzzer expects it: the program, then its own arguments.
        let strings = ([CommandLine.arguments[0]] + arguments).map { strdup($0) }
        var argv = strings + [nil]
        var argc = CInt(strings.count)
        return argv.withUnsafeMutableBufferPointer { buffer in
            guard var pointer = buffer.baseAddress else { return 2 }
            return runFuzzerDriver(&argc, &pointer, callback)
        }
    }

    extension FuzzTarget {
        /// Runs the target on libFuzzer's input (a null pointer for an empty one); 0 is what
        /// libFuzzer wants back from a target that ran.
        func run(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
            run(data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
            return 0
        }
    }
#else
    /// Replays each input file, and every file in each input folder, printing how long each took.
    func run(_ target: FuzzTarget, arguments: [String]) -> Int32 {
        var files: [String] = []
        for argument in arguments {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
                StandardStreams.writeError("galley-fuzz: no such file or folder: \(argument)\n")
                return 2
            }
            if isFolder.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
                files += names.sorted().map { argument + "/" + $0 }
            } else {
                files.append(argument)
            }
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            let start = ContinuousClock.now
            target.run([UInt8](data))
            let elapsed = ContinuousClock.now - start
            print("\(target.rawValue) \(file): done in \(elapsed)")
        }
        return 0
    }
#endif
