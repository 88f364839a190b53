/// The horizontal reading direction that `leading` and `trailing` follow.
///
/// Only the constraints spec reads it today (``ConstraintLayoutSpec``): the stack and the other specs place
/// children left to right whatever the script, as Texture's do.
public enum LayoutDirection: String, Sendable, CaseIterable {
    /// Leading is the left edge (Latin, Cyrillic, CJK…).
    case leftToRight
    /// Leading is the right edge (Arabic, Hebrew…): a layout built from leading/trailing constraints mirrors.
    case rightToLeft
}
