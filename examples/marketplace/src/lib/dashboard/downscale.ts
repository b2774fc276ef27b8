/** The longest side of a stored listing image, and the WebP quality it is written at. */
const MAX_SIDE_PX = 1600
const QUALITY = 0.82

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
