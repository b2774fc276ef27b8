/** The longest side of a stored listing image, and the WebP quality it is written at. */
const MAX_SIDE_PX = 1600
const QUALITY = 0.82
/** The longest side of a card's thumbnail (a card is at most 400 css px wide, at 2x less 20%), and its quality. */
const THUMBNAIL_SIDE_PX = 640
const THUMBNAIL_QUALITY = 0.75

/** The bitmap drawn at `scale` and written as WebP (or PNG where the browser has no WebP encoder). */
async function redraw(bitmap: ImageBitmap, scale: number, quality: number, purpose: string): Promise<Blob> {
  const canvas = new OffscreenCanvas(
    Math.max(1, Math.round(bitmap.width * scale)),
    Math.max(1, Math.round(bitmap.height * scale)),
  )
  const context = canvas.getContext('2d')
  if (!context) throw new Error(`This browser cannot draw the image to ${purpose}`)
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
  return canvas.convertToBlob({ type: 'image/webp', quality })
}

/** `file` decoded, then `work` on it; the bitmap is released either way. */
async function withBitmap<T>(file: Blob, work: (bitmap: ImageBitmap) => Promise<T>): Promise<T> {
  const bitmap = await createImageBitmap(file)
  try {
    return await work(bitmap)
  } finally {
    bitmap.close()
  }
}

const scaleFor = (bitmap: ImageBitmap, side: number) =>
  Math.min(1, side / Math.max(bitmap.width, bitmap.height))

/**
 * A picked photo made fit to store: at most 1600 px on its longest side, as WebP (a 4 MB phone photo
 * becomes a few hundred KB). A GIF stays as it is (its animation is kept), as does an image already
 * small enough that re-encoding would not make it smaller.
 */
export async function downscaleImage(file: File): Promise<Blob> {
  if (file.type === 'image/gif') return file
  return withBitmap(file, async (bitmap) => {
    const scale = scaleFor(bitmap, MAX_SIDE_PX)
    if (scale === 1 && file.size < 300 * 1024) return file
    const shrunk = await redraw(bitmap, scale, QUALITY, 'shrink it')
    // A browser without a WebP encoder answers PNG: keep whichever is smaller.
    return shrunk.size < file.size ? shrunk : file
  })
}

/**
 * The small copy of a picked photo that cards show: at most 640 px on its longest side, as WebP (a
 * GIF's first frame). Never larger than the photo's stored copy.
 */
export async function thumbnailImage(file: Blob): Promise<Blob> {
  return withBitmap(file, async (bitmap) => {
    const small = await redraw(
      bitmap,
      scaleFor(bitmap, THUMBNAIL_SIDE_PX),
      THUMBNAIL_QUALITY,
      'make its thumbnail',
    )
    return small.size < file.size ? small : file
  })
}
