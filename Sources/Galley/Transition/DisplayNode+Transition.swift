import GalleyLayout
import GalleyRender

extension DisplayNode {
    /// The layout last applied to this node.
    public var calculatedLayout: Layout? { layoutTransitionState.calculatedLayout }

    /// Texture's `defaultLayoutTransitionDuration` (seconds; 0.2 by default).
    public var defaultLayoutTransitionDuration: Double {
        get { layoutTransitionState.defaultTiming.duration }
        set { layoutTransitionState.defaultTiming.duration = max(0, newValue) }
    }

    /// Texture's `defaultLayoutTransitionDelay` (seconds; 0 by default).
    public var defaultLayoutTransitionDelay: Double {
        get { layoutTransitionState.defaultTiming.delay }
        set { layoutTransitionState.defaultTiming.delay = max(0, newValue) }
    }

    /// The default animation's curve (Texture's `defaultLayoutTransitionOptions`); ease in-out.
    public var defaultLayoutTransitionCurve: TimingCurve {
        get { layoutTransitionState.defaultTiming.curve }
        set { layoutTransitionState.defaultTiming.curve = newValue }
    }

    /// Texture's layout pass: measures the node in `constrainedSize` and applies the layout —
    /// every automatically managed node in the tree gets exactly the subnodes its spec placed.
    @discardableResult
    public func layout(in constrainedSize: SizeRange) -> Layout {
        let layout = layoutThatFits(constrainedSize)
        applyLayout(layout)
        layoutTransitionState.calculatedLayout = layout
        layoutTransitionState.constrainedSize = constrainedSize
        return layout
    }

    /// Sets managed subnodes from a layout, recursively.
    func applyLayout(_ layout: Layout) {
        if automaticallyManagesSubnodes {
            setManagedSubnodes(layout.sublayouts.compactMap { $0.element as? DisplayNode })
        }
        for sublayout in layout.sublayouts {
            (sublayout.element as? DisplayNode)?.applyLayout(sublayout)
        }
    }

    /// Texture's `transitionLayoutWithAnimation:measurementCompletion:`: re-measures the node in
    /// its current size range and transitions to the new layout (see
    /// ``transitionLayout(sizeRange:animated:measurementCompletion:)``).
    @discardableResult
    public func transitionLayout(
        animated: Bool = true, measurementCompletion: (() -> Void)? = nil
    ) throws(TransitionError) -> LayoutTransitionContext {
        guard let range = layoutTransitionState.constrainedSize else { throw .notMeasured }
        return try startTransition(range, animated: animated, measurementCompletion: measurementCompletion)
    }

    /// Texture's `transitionLayoutWithSizeRange:animated:`: a no-op (nil) when `sizeRange` equals
    /// the range of the calculated layout. Otherwise: invalidates the layout, gets a new
    /// transition ID (cancelling an older transition), measures the pending layout, calls
    /// `measurementCompletion`, diffs the previous and pending layouts, inserts new subnodes,
    /// then calls `animateLayoutTransition`. Removed subnodes leave when the context is completed.
    @discardableResult
    public func transitionLayout(
        sizeRange: SizeRange, animated: Bool = true, measurementCompletion: (() -> Void)? = nil
    ) throws(TransitionError) -> LayoutTransitionContext? {
        if let current = layoutTransitionState.constrainedSize, current == sizeRange, calculatedLayout != nil {
            return nil
        }
        return try startTransition(sizeRange, animated: animated, measurementCompletion: measurementCompletion)
    }

    /// Cancels the transition in flight (Texture: clears the transition ID). Safe from any thread
    /// through `layoutTransitionState.cancel()`.
    public func cancelLayoutTransition() {
        layoutTransitionState.cancel()
    }

    private func startTransition(
        _ range: SizeRange, animated: Bool, measurementCompletion: (() -> Void)?
    ) throws(TransitionError) -> LayoutTransitionContext {
        guard automaticallyManagesSubnodes else { throw .notAutomaticallyManaged }
        let state = layoutTransitionState
        let id = state.begin()
        let previous = state.calculatedLayout ?? Layout(element: self, size: .zero)
        invalidateCalculatedLayout()
        let pending = layoutThatFits(range)
        guard state.isCurrent(id) else { throw .cancelled }
        state.calculatedLayout = pending
        state.constrainedSize = range
        measurementCompletion?()
        let context = LayoutTransitionContext(
            node: self, id: id, previousLayout: previous, pendingLayout: pending, isAnimated: animated)
        // Insertions and moves before the animation; removed nodes stay until completion.
        setManagedSubnodes(context.subnodes(forKey: .to) + context.removedSubnodes)
        for sublayout in pending.sublayouts { (sublayout.element as? DisplayNode)?.applyLayout(sublayout) }
        animateLayoutTransition(context)
        return context
    }

    /// The default animation: inserted nodes fade in at their final frame, removed nodes fade
    /// out at their initial frame, the others move and resize; all with this node's default
    /// timing. Not animated: completes at once.
    public func defaultAnimateLayoutTransition(_ context: LayoutTransitionContext) {
        guard context.isAnimated else {
            try? context.completeTransition(true)
            return
        }
        let timing = layoutTransitionState.defaultTiming
        for node in context.removedSubnodes {
            guard let frame = context.initialFrame(for: node) else { continue }
            let start = AnimatableState(layer: node.layer, frame: frame)
            context.animate(node, from: start, to: start.withOpacity(0), timing: timing)
        }
        for node in context.subnodes(forKey: .to) {
            guard let final = context.finalFrame(for: node) else { continue }
            let end = AnimatableState(layer: node.layer, frame: final)
            let start = context.initialFrame(for: node).map { AnimatableState(layer: node.layer, frame: $0) }
            context.animate(node, from: start ?? end.withOpacity(0), to: end, timing: timing)
        }
        context.addCompletion { finished in try? context.completeTransition(finished) }
    }

    /// The default completion: a completed transition drops the removed subnodes; a cancelled
    /// one goes back to the previous layout and subnodes.
    public func defaultDidCompleteLayoutTransition(_ context: LayoutTransitionContext) {
        let layout = context.didComplete ? context.pendingLayout : context.previousLayout
        setManagedSubnodes(layout.sublayouts.compactMap { $0.element as? DisplayNode })
        layoutTransitionState.calculatedLayout = layout
        for sublayout in layout.sublayouts { (sublayout.element as? DisplayNode)?.applyLayout(sublayout) }
    }
}
