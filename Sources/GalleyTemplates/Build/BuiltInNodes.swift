import Galley
/// Galley's built-in custom node classes (see docs/custom-nodes.md).
enum BuiltInNodes {
    static let factories: [String: NodeClassRegistry.Factory] = [:]
}
