import { ArrowLeft } from 'lucide-react'
import { useNavigate } from 'react-router-dom'

/** Goes back one step, or to /search when the detail page was the first page opened in the app. */
export function BackToResultsButton() {
  const navigate = useNavigate()
  const goBack = () => {
    const index: unknown = window.history.state?.idx
    if (typeof index === 'number' && index > 0) navigate(-1)
    else navigate('/search')
  }
  return (
    <button
      type="button"
      onClick={goBack}
      className="flex items-center gap-2 text-sm font-medium text-blue-700 hover:text-blue-800"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Back to Results
    </button>
  )
}
