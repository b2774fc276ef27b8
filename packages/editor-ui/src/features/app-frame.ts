/** The iframe the app is shown in (canvas/Canvas.tsx attaches it): its window for the handshake, its place on screen. */
export class AppFrame {
  #element: HTMLIFrameElement | null = null

  attach(element: HTMLIFrameElement | null): void {
    this.#element = element
  }

  get window(): Window | null {
    return this.#element?.contentWindow ?? null
  }

  /** Where the frame is, in editor coordinates; undefined before it is attached. */
  rect(): DOMRect | undefined {
    return this.#element?.getBoundingClientRect()
  }
}
