/** The longest side of a stored listing image, and the WebP quality it is written at. */
const MAX_SIDE_PX = 1600
const QUALITY = 0.82
/** The longest side of a card's thumbnail (a card is at most 400 css px wide, at 2x less 20%), and its quality. */
const THUMBNAIL_SIDE_PX = 640
const THUMBNAIL_QUALITY = 0.75

/**
 * A picked photo made fit to store: at most 1600 px on its longest side, as WebP (a 4 MB phone photo
 * becomes a few hundred KB). A GIF stays as it is (its animation is kept), as does an image already
 * small enough that re-encoding would not make it smaller.
 */
export async function downscaleImage(file: File): Promise<Blob> {
  if (file.type === 'image/gif') return file
  const bitmap = await createImageBitmap(file)
  try {
    const scale = Math.min(1, MAX_SIDE_PX / Math.max(bitmap.width, bitmap.height))
    if (scale === 1 && file.size < 300 * 1024) return file
    const canvas = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale))
    const context = canvas.getContext('2d')
    if (!context) throw new Error('This browser cannot draw the image to shrink it')
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
    const shrunk = await canvas.convertToBlob({ type: 'image/webp', quality: QUALITY })
    // A browser without a WebP encoder answers PNG: keep whichever is smaller.
    return shrunk.size < file.size ? shrunk : file
  } finally {
    bitmap.close()
  }
}

/**
 * The small copy of a picked photo that cards show: at most 640 px on its longest side, as WebP (a
 * GIF's first frame). Never larger than the photo's stored copy.
 */
export async function thumbnailImage(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file)
  try {
    const scale = Math.min(1, THUMBNAIL_SIDE_PX / Math.max(bitmap.width, bitmap.height))
    const canvas = new OffscreenCanvas(
      Math.max(1, Math.round(bitmap.width * scale)),
      Math.max(1, Math.round(bitmap.height * scale)),
    )
    const context = canvas.getContext('2d')
    if (!context) throw new Error('This browser cannot draw the image to make its thumbnail')
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
    const small = await canvas.convertToBlob({ type: 'image/webp', quality: THUMBNAIL_QUALITY })
    return small.size < file.size ? small : file
  } finally {
    bitmap.close()
  }
}
