import { useEffect, useRef, useState } from 'react'

/** A message above an auth form: an error, or a success. */
export interface AuthNotice {
  tone: 'error' | 'success'
  text: string
}

/**
 * The alert of an auth form. The form's controls are disabled while it is sent, which drops focus:
 * an error alert takes it (give `alertRef` to its AuthAlert).
 */
export function useFormAlert(initial?: AuthNotice) {
  const [alert, setAlert] = useState<AuthNotice | null>(initial ?? null)
  const alertRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (alert?.tone === 'error') alertRef.current?.focus()
  }, [alert])
  return { alert, setAlert, alertRef }
}
