import CCairo
import Foundation
import GalleyLayout

extension Painter {
    /// Paints the drop shadow of `group`'s content (`ShadowMask`) in the shadow colour. In a
    /// PDF the shadow becomes an image mask while the content stays vector.
    func drawShadow(_ shadow: Shadow, of group: DisplayGroup) throws(RenderError) {
        guard !shadow.color.isInvisible else { return }
        var ctm = cairo_matrix_t()
        cairo_get_matrix(cr, &ctm)
        guard
            let mask = try ShadowMask.make(
                shadow, of: group, ctm: ctm, resolution: shadowResolution, canvasWidth: canvasWidth,
                canvasHeight: canvasHeight, images: images)
        else { return }
        // Paint the shadow colour through the blurred mask, in device space.
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_scale(cr, 1 / mask.resolution, 1 / mask.resolution)
        setSource(shadow.color)
        cairo_mask_surface(cr, mask.surface.pointer, mask.x, mask.y)
        cairo_restore(cr)
        fontMayHaveChanged()
    }
}
