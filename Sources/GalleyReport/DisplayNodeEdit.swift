import Galley

/// A node being modified and the build it belongs to (internal plumbing of the modifiers).
struct DisplayNodeEdit {
    let node: DisplayNode
    let context: ReportContext
}
