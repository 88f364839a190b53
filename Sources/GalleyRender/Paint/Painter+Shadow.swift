import CCairo
import Foundation
import GalleyLayout

extension Painter {
    /// Paints the drop shadow of `group`'s content (clipped by the group's clip, not by it).
    ///
    /// The content's alpha is recorded, rasterized in device space (at `shadowResolution` times
    /// device units), blurred with three box passes approximating a Gaussian of
    /// σ = blurRadius / 2 (CSS's convention), and painted in the shadow colour at the offset.
    /// Offset and blur radius are in the group's coordinate space. In a PDF the shadow becomes
    /// an image mask while the content stays vector.
    func drawShadow(_ shadow: Shadow, of group: DisplayGroup) throws(RenderError) {
        guard !shadow.color.isInvisible else { return }
        let k = shadowResolution
        var ctm = cairo_matrix_t()
        cairo_get_matrix(cr, &ctm)
        var device = ctm
        device.xx *= k
        device.yx *= k
        device.xy *= k
        device.yy *= k
        device.x0 *= k
        device.y0 *= k

        // 1. Record the content's alpha in (scaled) device space and measure its ink.
        let recording = try CairoSurface(
            owning: cairo_recording_surface_create(CAIRO_CONTENT_ALPHA, nil), operation: "shadow recording")
        let recorder = try Painter(
            context: CairoContext(surface: recording), mode: .raster, images: images,
            canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        cairo_set_matrix(recorder.cr, &device)
        if let clip = group.clip {
            recorder.appendPath(clip)
            cairo_clip(recorder.cr)
        }
        try recorder.paint(group.items, isCancelled: { false })
        var inkX = 0.0
        var inkY = 0.0
        var inkWidth = 0.0
        var inkHeight = 0.0
        cairo_recording_surface_ink_extents(recording.pointer, &inkX, &inkY, &inkWidth, &inkHeight)
        guard inkWidth > 0, inkHeight > 0 else { return }

        // 2. The bitmap: ink plus blur margin, limited to what can land on the canvas.
        let scale = sqrt(abs(ctm.xx * ctm.yy - ctm.xy * ctm.yx))
        let radius = max(0, shadow.blurRadius) * scale * k
        let pad = ceil(radius * 1.5) + 1
        let offsetX = (ctm.xx * shadow.offset.x + ctm.xy * shadow.offset.y) * k
        let offsetY = (ctm.yx * shadow.offset.x + ctm.yy * shadow.offset.y) * k
        let x0 = max(floor(inkX) - pad, -offsetX - pad)
        let y0 = max(floor(inkY) - pad, -offsetY - pad)
        let x1 = min(ceil(inkX + inkWidth) + pad, canvasWidth * k - offsetX + pad)
        let y1 = min(ceil(inkY + inkHeight) + pad, canvasHeight * k - offsetY + pad)
        let area: Double = (x1 - x0) * (y1 - y0)
        guard x1 > x0, y1 > y0, area < Double(RasterRenderer.maxPixels) else { return }
        let mask = try CairoSurface(
            owning: cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(x1 - x0), Int32(y1 - y0)),
            operation: "shadow mask")
        do {
            let maskContext = try CairoContext(surface: mask)
            cairo_set_source_surface(maskContext.pointer, recording.pointer, -x0, -y0)
            cairo_paint(maskContext.pointer)
            try maskContext.checkStatus("shadow mask")
        }
        cairo_surface_flush(mask.pointer)
        if radius > 0, let data = cairo_image_surface_get_data(mask.pointer) {
            BlurredMasks.shared.blurAlpha(
                data, width: Int(x1 - x0), height: Int(y1 - y0),
                stride: Int(cairo_image_surface_get_stride(mask.pointer)), sigma: radius / 2)
        }
        cairo_surface_mark_dirty(mask.pointer)

        // 3. Paint the shadow colour through the blurred mask, in device space.
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_scale(cr, 1 / k, 1 / k)
        setSource(shadow.color)
        cairo_mask_surface(cr, mask.pointer, x0 + offsetX, y0 + offsetY)
        cairo_restore(cr)
        fontMayHaveChanged()
    }
}
