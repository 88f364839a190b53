import Foundation
import Galley
import GalleyLayout
import GalleyRender
import GalleyTemplates

/// `galley animate`: two data states of one template, or two templates as two scenes, animated offscreen.
enum AnimateCommand: Command {
    static let name = "animate"
    static let summary = "animate a template between two data states, or two templates as scenes (APNG, GIF, WebP)"
    static let valuedOptions: Set<String> = [
        "from", "to", "animator", "data-format", "duration", "fps", "curve", "scale", "o", "output", "format", "at",
        "interaction", "quality", "page", "allow-dir", "max-pixels",
    ]
    static let flagOptions: Set<String> = ["dither"]
    static let help = """
        USAGE: galley animate TEMPLATE --from A.json --to B.json -o OUT [options]
               galley animate --from A.json[:DATA] --to B.json[:DATA] [--animator NAME] -o OUT [options]

        Two data states (a TEMPLATE argument): binds TEMPLATE to the first record of A and of B
        and animates between the two layouts: nodes are matched by their template `id`
        (unidentified ones by place under their nearest identified node, or identified stack);
        matched nodes move and resize inside their parents, nodes only in B fade in, nodes only
        in A fade out. A constraints template animates from one solved layout to the other.

        Two scenes (no TEMPLATE argument): --from and --to name templates, each with an optional
        data file after a colon (else its sampleData), and --animator says how one replaces the
        other: fade, push, pop (push's mirror), cover (comes up from the bottom), uncover, or zoom
        (elements with the same `id` fly from one scene to the other; the rest cross-fades).

        The first frame equals `galley rasterize` of the start, the last of the end (of the start
        again when an interaction cancels). A paged template animates one page (--page).

        OPTIONS:
          --from, --to      the two data files (with TEMPLATE; one of them may be -, standard
                            input), or the two scenes (without)
          --data-format F   json, ndjson or csv, when a data file's extension does not say (needed for -)
          --animator NAME   fade (default) | push | pop | cover | uncover | zoom (scenes only)
          -o, --output OUT  OUT.png or .apng (APNG), OUT.gif, OUT.webp, or DIR/ (frame-0000.png …);
                            any other extension is an error
          --format F        apng | gif | webp | frames, when OUT has no extension (never against it)
          --duration SEC    animation length in seconds (default 0.4; scenes 0.35)
          --fps N           frames per second (default 30); frames = round(length × fps) + 1
          --curve CURVE     linear | easeIn | easeOut | easeInOut (default) | spring:DAMPING[,VELOCITY]
                            | cubic:x1,y1,x2,y2 (CSS cubic-bezier)
          --interaction S   drive the progress like a gesture: comma-separated TIME:PROGRESS updates,
                            then finish, cancel or release (progress > 0.3 or a forward flick
                            finishes), each with an optional :SPEED, e.g. "0.2s:0.3, 0.4s:0.6, finish"
          --at P            render only the frame at progress P in [0, 1] to OUT (a plain PNG)
          --scale S         pixels per point (default 1)
          --dither          GIF: Floyd–Steinberg dithering for frames with more than 256 colours
          --quality Q       WebP: lossy at quality 0–100 (default lossless)
          --page N          the page of a paged template to animate (1-based; default 1)
        \(CommandSupport.resourceOptionsHelp)

        EXAMPLES:
          galley animate Templates/transition.json --from Templates/transition.data.json \\
              --to Templates/data/transition-b.json -o out/transition.gif
          galley animate Templates/constraints-switch.json --from Templates/constraints-switch.data.json \\
              --to Templates/data/constraints-switch-on.json --duration 1 -o out/switch.webp
          galley animate --from Templates/scene-list.json --to Templates/scene-detail.json \\
              --animator zoom -o out/zoom.png
          galley animate --from Templates/scene-list.json --to Templates/scene-detail.json \\
              --animator push --interaction "0.2s:0.3, 0.4s:0.6, cancel" -o out/frames/
        """

    static func run(_ arguments: Arguments) throws -> Int32 {
        guard let output = arguments.value("o", "output") else { throw UsageError("missing -o OUT") }
        let options = try AnimateOptions(arguments)
        let source: AnimationSource
        switch arguments.positionals.count {
        case 0: source = try scenes(arguments, options)
        case 1:
            guard arguments.value("animator") == nil else {
                throw UsageError("--animator is for two scenes: give --from A.json --to B.json without TEMPLATE")
            }
            source = try dataStates(arguments, options)
        default: throw UsageError("unexpected argument '\(arguments.positionals[1])'")
        }
        do {
            if let at = options.at {
                guard output.lowercased().hasSuffix(".png") else {
                    throw UsageError("--at writes one PNG frame: give -o OUT.png")
                }
                let image = try RasterRenderer.render(source.animation.frame(at: at), scale: options.scale)
                try FileOutput.writeAtomically(try PNGEncoder.encode(image), to: output)
                return ExitStatus.success
            }
            let timeline = try options.timeline(duration: source.animation.duration)
            let pages = timeline.sampledProgress(fps: options.fps).map(source.animation.frame(at:))
            let format = try AnimationOutputFormat.resolve(path: output, name: options.format)
            let writer = AnimationWriter(
                format: format, scale: options.scale, frameDuration: 1 / options.fps, encoding: options.encoding)
            try writer.write(pages, to: output)
            try source.end?(timeline.outcome != .cancelled)
        } catch let error as UsageError {
            throw error
        } catch let error as AnimationOutputError {
            throw UsageError(error.description)
        } catch {
            throw CommandFailure(message: "galley: cannot write \(output): \(error)", status: ExitStatus.someFailed)
        }
        return ExitStatus.success
    }

    /// What is animated, and how its end is reported (a scene transition's animator completes it).
    struct AnimationSource {
        var animation: LayoutAnimation
        var end: ((Bool) throws -> Void)?
    }

    /// One template bound to two records.
    private static func dataStates(_ arguments: Arguments, _ options: AnimateOptions) throws -> AnimationSource {
        let template = try CommandSupport.template(arguments, command: name)
        guard let fromPath = arguments.value("from") else { throw UsageError("missing --from A.json") }
        guard let toPath = arguments.value("to") else { throw UsageError("missing --to B.json") }
        let from = try CommandSupport.document(template, try record(fromPath, arguments, template: template))
        let to = try CommandSupport.document(template, try record(toPath, arguments, template: template))
        do {
            let animation = try CanvasTransition.animation(
                from: from, to: to, page: options.page - 1,
                timing: AnimationTiming(duration: options.duration ?? 0.4, curve: options.curve))
            return AnimationSource(animation: animation, end: nil)
        } catch {
            throw CommandFailure(message: "galley: cannot animate \(template.file): \(error)")
        }
    }

    /// Two templates as two scenes, replaced by the animator `--animator` names.
    private static func scenes(_ arguments: Arguments, _ options: AnimateOptions) throws -> AnimationSource {
        guard let fromSpec = arguments.value("from"), let toSpec = arguments.value("to") else {
            throw UsageError("missing the TEMPLATE argument, or --from A.json --to B.json for two scenes")
        }
        let name = arguments.value("animator") ?? "fade"
        let chooser = StandardTransitions(duration: options.duration ?? 0.35, curve: options.curve)
        guard let animator = chooser.animator(named: name) else {
            throw UsageError(
                "unknown --animator '\(name)' (\(StandardTransitions.names.joined(separator: ", ")))")
        }
        let policy = try CommandSupport.resourcePolicy(arguments)
        let from = try scene(fromSpec, arguments, policy: policy, page: options.page)
        let to = try scene(toSpec, arguments, policy: policy, page: options.page)
        do {
            let transition = try SceneTransition(
                from: from, to: to, animator: animator, isInteractive: options.interaction != nil)
            return AnimationSource(animation: transition.animation, end: transition.end(finished:))
        } catch {
            throw CommandFailure(message: "galley: cannot animate \(from.name) → \(to.name): \(error)")
        }
    }

    /// `TEMPLATE.json[:DATA.json]`: a path that exists as written is a template alone; otherwise the part
    /// after the last colon is the data file.
    private static func scene(_ spec: String, _ arguments: Arguments, policy: ResourcePolicy, page: Int) throws
        -> Scene
    {
        var templatePath = spec
        var dataPath: String?
        if !FileManager.default.fileExists(atPath: spec), let colon = spec.lastIndex(of: ":") {
            templatePath = String(spec[..<colon])
            dataPath = String(spec[spec.index(after: colon)...])
        }
        let template: Template
        do {
            template = try Template.load(path: templatePath, policy: policy)
        } catch {
            throw CommandFailure(message: error.description)
        }
        let data =
            try dataPath.map { try record($0, arguments, template: template) }
            ?? (template.sampleData ?? .object(JSONObject()), nil)
        return Scene(document: try CommandSupport.document(template, data), page: page - 1, name: templatePath)
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

/// The options both forms share, checked once.
struct AnimateOptions {
    var duration: Double?
    var fps: Double
    var scale: Double
    var curve = TimingCurve.easeInOut
    var at: Double?
    var page: Int
    var format: String?
    var interaction: String?
    var encoding = AnimationEncodingOptions()

    init(_ arguments: Arguments) throws {
        duration = try arguments.double("duration")
        fps = try arguments.double("fps") ?? 30
        scale = try arguments.double("scale") ?? 1
        page = try arguments.int("page") ?? 1
        if let duration, !(0...3600).contains(duration) { throw UsageError("--duration must be 0 to 3600 seconds") }
        guard fps > 0, fps <= 240 else { throw UsageError("--fps must be in (0, 240]") }
        guard scale > 0, scale <= 16 else { throw UsageError("--scale must be above 0 and at most 16") }
        guard page >= 1 else { throw UsageError("--page counts from 1") }
        if let text = arguments.value("curve") {
            guard let parsed = TimingCurve(parsing: text) else {
                throw UsageError(
                    "unknown --curve '\(text)' (linear, easeIn, easeOut, easeInOut, spring:0.8, cubic:x1,y1,x2,y2)")
            }
            curve = parsed
        }
        at = try arguments.double("at")
        if let at, !(0...1).contains(at) { throw UsageError("--at expects a progress in [0, 1]") }
        format = arguments.value("format")
        interaction = arguments.value("interaction")
        if at != nil, interaction != nil { throw UsageError("--at renders one frame; it takes no --interaction") }
        encoding.gifDithering = arguments.flag("dither")
        if let quality = try arguments.double("quality") {
            guard (0...100).contains(quality) else { throw UsageError("--quality must be 0 to 100") }
            encoding.webpQuality = quality
        }
    }

    /// The timeline the frames are sampled from: the interaction's, or the animation simply played.
    func timeline(duration: Double) throws -> TransitionTimeline {
        guard let interaction else { return .playing(duration: duration) }
        do {
            return try TransitionTimeline(script: interaction, duration: duration)
        } catch {
            throw UsageError("--interaction: \(error)")
        }
    }
}
