import { ImageOff } from 'lucide-react'
import { useState } from 'react'

interface ListingImageProps {
  src: string | undefined
  alt: string
  className?: string
  /** What a broken image turns into: the main image says 'Image Not Available', a thumbnail 'Thumbnail'. */
  fallbackText?: 'Image Not Available' | 'Thumbnail'
}

/** A listing photo with its fallbacks: no image at all shows 'No Image Available'. */
export function ListingImage({
  src,
  alt,
  className = '',
  fallbackText = 'Image Not Available',
}: ListingImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  if (!src || failedSrc === src) {
    const text = src ? fallbackText : 'No Image Available'
    const classes = `flex flex-col items-center justify-center gap-1 bg-gray-100 text-gray-400 ${className}`
    if (!alt) {
      return (
        <div aria-hidden="true" className={classes}>
          <ImageOff className="h-6 w-6" />
          <span className="text-xs font-medium">{text}</span>
        </div>
      )
    }
    return (
      <div role="img" aria-label={alt} className={classes}>
        <ImageOff className="h-6 w-6" aria-hidden="true" />
        <span className="text-xs font-medium">{text}</span>
      </div>
    )
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      onError={() => setFailedSrc(src)}
      className={`object-cover ${className}`}
    />
  )
}
