import GalleyLayout
import GalleyRender

extension CanvasTransition {
    /// Pairs entries by key into tracks — removed nodes first (under the others), then B's nodes in B's
    /// drawing order — and decides which are drawn inside their parent's layer (see ``CanvasTransition``).
    static func matchTracks(
        from: [Entry], to: [Entry], timing: (DisplayNode) -> AnimationTiming
    ) -> [AnimationTrack] {
        var fromByKey: [String: Entry] = [:]
        for entry in from { fromByKey[entry.key] = entry }
        var toByKey: [String: Entry] = [:]
        for entry in to { toByKey[entry.key] = entry }
        func role(_ key: String) -> AnimationTrack.Role? {
            switch (fromByKey[key] != nil, toByKey[key] != nil) {
            case (true, true): .matched
            case (false, true): .inserted
            case (true, false): .removed
            case (false, false): nil
            }
        }
        var tracks: [AnimationTrack] = []
        tracks.reserveCapacity(from.count + to.count)
        for entry in from where toByKey[entry.key] == nil {
            // Inside a parent still drawn at the end it fades out with it; inside a removed parent it goes
            // with that parent's fade.
            let parentRole = entry.parent.flatMap(role)
            let start = placed(entry, attached: parentRole != nil, relativeTo: entry.parent.flatMap { fromByKey[$0] })
            let end = parentRole == .removed ? start : start.withOpacity(0)
            tracks.append(track(entry, .removed, start, end, parentRole != nil, timing, from: entry.content))
        }
        for entry in to {
            let parent = entry.parent.flatMap { toByKey[$0] }
            if let old = fromByKey[entry.key] {
                // Drawn in its parent's layer only when that parent is the same node in both states.
                let attached = entry.parent != nil && old.parent == entry.parent && role(entry.parent ?? "") == .matched
                let start = placed(old, attached: attached, relativeTo: old.parent.flatMap { fromByKey[$0] })
                let end = placed(entry, attached: attached, relativeTo: parent)
                var matched = track(entry, .matched, start, end, attached, timing, from: old.content, to: entry.content)
                matched.border = entry.border ?? old.border
                tracks.append(matched)
            } else {
                let attached = parent != nil
                let end = placed(entry, attached: attached, relativeTo: parent)
                let start = entry.parent.flatMap(role) == .inserted ? end : end.withOpacity(0)
                tracks.append(track(entry, .inserted, start, end, attached, timing, to: entry.content))
            }
        }
        return tracks
    }

    /// An entry's state: relative to its parent's frame with its own opacity when drawn in the parent's layer,
    /// else absolute with its ancestors' opacity multiplied in.
    private static func placed(_ entry: Entry, attached: Bool, relativeTo parent: Entry?) -> AnimatableState {
        var state = entry.state
        if attached, let parent {
            state.frame.origin = Point(
                x: state.frame.minX - parent.state.frame.minX, y: state.frame.minY - parent.state.frame.minY)
        } else {
            state.opacity *= entry.inheritedOpacity
        }
        return state
    }

    private static func track(
        _ entry: Entry, _ role: AnimationTrack.Role, _ start: AnimatableState, _ end: AnimatableState,
        _ attached: Bool, _ timing: (DisplayNode) -> AnimationTiming, from: NodeContent? = nil, to: NodeContent? = nil
    ) -> AnimationTrack {
        AnimationTrack(
            key: entry.key, role: role, from: start, to: end, timing: timing(entry.node), fromContent: from,
            toContent: to, border: entry.border, clipsContent: entry.clipsContent,
            parent: attached ? entry.parent : nil)
    }
}
