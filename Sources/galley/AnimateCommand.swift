import Foundation
import Galley
import GalleyLayout
import GalleyRender
import GalleyTemplates

/// `galley animate`: one template bound to two records, animated from the first to the second.
enum AnimateCommand: Command {
    static let name = "animate"
    static let summary = "animate a template between two data states (animated PNG or PNG frames)"
    static let valuedOptions: Set<String> = [
        "from", "to", "data-format", "duration", "fps", "curve", "scale", "o", "output", "at", "page", "allow-dir",
        "max-pixels",
    ]
    static let flagOptions: Set<String> = []
    static let help = """
        USAGE: galley animate TEMPLATE --from A.json --to B.json -o OUT.png|DIR/ [options]

        Binds TEMPLATE to A and to B and animates between the two layouts offscreen: nodes are
        matched by their template `id` (unidentified ones by place under their nearest
        identified ancestor); matched nodes move and resize, nodes only in B fade in, nodes
        only in A fade out. The first frame equals `galley rasterize` with A, the last with B.
        A paged template animates one page (--page, default 1).

        OPTIONS:
          --from FILE       data of the initial state (a JSON object, or the first record of FILE)
          --to FILE         data of the final state (one of them may be -, standard input)
          --data-format F   json, ndjson or csv, when a file's extension does not say (needed for -)
          -o, --output OUT  OUT.png: an animated PNG (APNG, loops forever, each frame 1/fps s);
                            DIR/ (ends with / or is a folder): frame-0000.png, frame-0001.png, …
          --duration SEC    animation length in seconds (default 0.4)
          --fps N           frames per second (default 30); frames = round(duration × fps) + 1
          --curve CURVE     linear | easeIn | easeOut | easeInOut (default) | spring:DAMPING[,VELOCITY]
                            | cubic:x1,y1,x2,y2 (CSS cubic-bezier)
          --scale S         pixels per point (default 1)
          --at P            render only the frame at progress P in [0, 1] to OUT (a plain PNG)
          --page N          the page of a paged template to animate (1-based; default 1)
        \(CommandSupport.resourceOptionsHelp)

        EXAMPLES:
          galley animate Templates/transition.json --from Templates/transition.data.json \\
              --to Templates/data/transition-b.json -o out/transition.png
          galley animate Templates/transition.json --from Templates/transition.data.json \\
              --to Templates/data/transition-b.json --curve spring:0.6 --fps 60 -o out/frames/
          galley animate Templates/transition.json --from Templates/transition.data.json \\
              --to Templates/data/transition-b.json --at 0.5 -o out/middle.png
        """

    static func run(_ arguments: Arguments) throws -> Int32 {
        let template = try CommandSupport.template(arguments, command: name)
        guard let fromPath = arguments.value("from") else { throw UsageError("missing --from A.json") }
        guard let toPath = arguments.value("to") else { throw UsageError("missing --to B.json") }
        guard let output = arguments.value("o", "output") else { throw UsageError("missing -o OUT.png or -o DIR/") }
        let duration = try arguments.double("duration") ?? 0.4
        let fps = try arguments.double("fps") ?? 30
        let scale = try arguments.double("scale") ?? 1
        guard duration >= 0 else { throw UsageError("--duration must not be negative") }
        guard fps > 0, fps <= 240 else { throw UsageError("--fps must be in (0, 240]") }
        guard scale > 0 else { throw UsageError("--scale must be positive") }
        var curve = TimingCurve.easeInOut
        if let text = arguments.value("curve") {
            guard let parsed = TimingCurve(parsing: text) else {
                throw UsageError(
                    "unknown --curve '\(text)' (linear, easeIn, easeOut, easeInOut, spring:0.8, cubic:x1,y1,x2,y2)")
            }
            curve = parsed
        }
        let at = try arguments.double("at")
        if let at, !(0...1).contains(at) { throw UsageError("--at expects a progress in [0, 1]") }

        let page = try arguments.int("page") ?? 1
        guard page >= 1 else { throw UsageError("--page counts from 1") }
        let from = try CommandSupport.document(template, try record(fromPath, arguments, template: template))
        let to = try CommandSupport.document(template, try record(toPath, arguments, template: template))
        do {
            let animation = try CanvasTransition.animation(
                from: from, to: to, page: page - 1, timing: AnimationTiming(duration: duration, curve: curve))
            if let at {
                let image = try RasterRenderer.render(animation.frame(at: at), scale: scale)
                try FileOutput.writeAtomically(try PNGEncoder.encode(image), to: output)
                return ExitStatus.success
            }
            let count = animation.frameCount(fps: fps)
            var isDirectory: ObjCBool = false
            if output.hasSuffix("/")
                || (FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) && isDirectory.boolValue)
            {
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
                for index in 0..<count {
                    let page = animation.frame(at: LayoutAnimation.progress(ofFrame: index, count: count))
                    let bytes = try PNGEncoder.encode(try RasterRenderer.render(page, scale: scale))
                    let name =
                        "frame-" + String(repeating: "0", count: max(0, 4 - String(index).count)) + String(index)
                        + ".png"
                    try FileOutput.writeAtomically(bytes, to: (output as NSString).appendingPathComponent(name))
                }
            } else {
                var frames: [ImageBuffer] = []
                frames.reserveCapacity(count)
                for index in 0..<count {
                    let page = animation.frame(at: LayoutAnimation.progress(ofFrame: index, count: count))
                    frames.append(try RasterRenderer.render(page, scale: scale))
                }
                let bytes = try PNGEncoder.encodeAnimated(frames: frames, delays: [1 / fps], loops: 0)
                try FileOutput.writeAtomically(bytes, to: output)
            }
        } catch {
            throw CommandFailure(message: "galley: cannot write \(output): \(error)", status: ExitStatus.someFailed)
        }
        return ExitStatus.success
    }

    /// The first record of a data file.
    private static func record(_ path: String, _ arguments: Arguments, template: Template) throws
        -> (value: JSONValue, index: Int?)
    {
        let reader = try CommandSupport.reader(path, arguments, template: template)
        do {
            for result in reader { return (try result.get().value, nil) }
        } catch {
            throw CommandFailure(message: "\(path): \(error)")
        }
        throw CommandFailure(message: "\(path): the file holds no record")
    }
}
