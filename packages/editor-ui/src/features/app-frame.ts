/** The iframe the app is shown in (canvas/Canvas.tsx attaches it): its window for the handshake, its place on screen. */
export class AppFrame {
  #element: HTMLIFrameElement | null = null

  attach(element: HTMLIFrameElement | null): void {
    this.#element = element
  }

  get window(): Window | null {
    return this.#element?.contentWindow ?? null
  }

  /** Loads `url` in the frame (a full load: the handshake follows); false before the frame is attached. */
  navigate(url: string): boolean {
    if (!this.#element) return false
    this.#element.src = url
    return true
  }

  /** Where the frame is, in editor coordinates; undefined before it is attached. */
  rect(): DOMRect | undefined {
    return this.#element?.getBoundingClientRect()
  }
}
