import CCairo
import Foundation
import GalleyLayout

/// A drop shadow's blurred alpha, made the same way for every writer (cairo's painters and
/// Galley's own PDF writer).
///
/// The content's alpha is recorded, rasterized in device space (at `resolution` times device
/// units), blurred with three box passes approximating a Gaussian of σ = blurRadius / 2 (CSS's
/// convention), and placed at the shadow's offset. Offset and blur radius are in the group's
/// coordinate space; the content is clipped by the group's clip, not the shadow.
struct ShadowMask {
    /// The blurred alpha (`CAIRO_FORMAT_A8`).
    let surface: CairoSurface
    /// Where its top-left pixel goes, in device units times `resolution`.
    let x: Double
    let y: Double
    let resolution: Double

    var width: Int { Int(cairo_image_surface_get_width(surface.pointer)) }
    var height: Int { Int(cairo_image_surface_get_height(surface.pointer)) }

    /// The mask of `group`'s content drawn under `ctm` (the group's user space to device
    /// space) on a canvas of `canvasWidth` x `canvasHeight` device units; nil when nothing of
    /// it would show.
    static func make(
        _ shadow: Shadow, of group: DisplayGroup, ctm: cairo_matrix_t, resolution k: Double, canvasWidth: Double,
        canvasHeight: Double, images: ImageSurfaceCache
    ) throws(RenderError) -> ShadowMask? {
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
        guard inkWidth > 0, inkHeight > 0 else { return nil }

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
        guard x1 > x0, y1 > y0, area < Double(RasterRenderer.maxPixels) else { return nil }
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
        return ShadowMask(surface: mask, x: x0 + offsetX, y: y0 + offsetY, resolution: k)
    }

    /// The alpha values row after row, `width` bytes a row.
    func packedAlpha() -> [UInt8] {
        cairo_surface_flush(surface.pointer)
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        guard let data = cairo_image_surface_get_data(surface.pointer) else { return [] }
        var bytes = [UInt8](repeating: 0, count: width * height)
        bytes.withUnsafeMutableBufferPointer { target in
            for row in 0..<height {
                for column in 0..<width { target[row * width + column] = data[row * stride + column] }
            }
        }
        return bytes
    }
}
