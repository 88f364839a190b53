import Foundation
import GalleyAllocator

// galley-bench: the fixed workloads of `make bench` (release build). Each benchmark file
// registers one group; results are printed as a table and written as JSON.
// Usage: galley-bench [--only GROUP[,GROUP]] [--out bench/results.json] [--floor PATH] [--data DIR]
//        galley-bench --count KIND [--documents N] [--warmup M] [--data DIR]   (see CountMode)
let options = BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
// --count KIND: the process scripts/bench measures under callgrind and the allocation counter.
if let count = CountMode.parse(Array(CommandLine.arguments.dropFirst())) {
    do {
        try CountMode.run(count, bench: options)
        exit(0)
    } catch {
        print("galley-bench --count: \(error)")
        exit(1)
    }
}
// `workloads` first: its resident-memory figures are the process's, and a group run before it (the
// 10 MB text of `longtext`) left over a gigabyte mapped.
let groups: [BenchGroup] = [
    WorkloadBench.group, LayoutBench.group, TextBench.group, LongTextBench.group, PagedBench.group,
    RasterCacheBench.group, PDFStandardsBench.group, ContentBench.group, BindBench.group, AnimationBench.group,
    StartupBench.group, BatchCommandBench.group, PortableBench.group,
]
var report = BenchReport()
// The allocator is part of the result: mimalloc replaces glibc's malloc in both executables.
report.add("environment", "allocator", Allocator.description)
print("allocator: \(Allocator.description)")
for group in groups where options.only.isEmpty || options.only.contains(group.name) {
    print("== \(group.name)")
    do {
        try group.run(options, &report)
    } catch {
        print("  failed: \(error)")
        report.add(group.name, "error", "\(error)")
    }
}
BenchScratch.removeAll()
do {
    // With --only, the groups not run keep their figures from the file.
    try report.write(to: options.outputPath, keepingOthers: !options.only.isEmpty)
    print("wrote \(options.outputPath)")
} catch {
    print("cannot write \(options.outputPath): \(error)")
    exit(1)
}
