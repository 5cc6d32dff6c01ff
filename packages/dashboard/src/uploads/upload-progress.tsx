// The progress of an upload: a bar with the percent and the time left, Cancel while it runs; the
// reason and Retry when it failed.
import './upload-progress.css';
import { timeLeft, type Upload } from './use-upload.js';

export function UploadProgress({ upload }: { upload: Upload }) {
  const { state } = upload;
  if (state.phase === 'idle') return null;
  if (state.phase === 'failed') {
    return (
      <div className="upload-progress upload-progress--failed" role="alert">
        <span>{state.message}</span>
        {state.retryable && (
          <button type="button" className="btn btn--sm btn--ghost" onClick={() => void upload.retry()}>
            Retry
          </button>
        )}
      </div>
    );
  }
  const percent = state.total > 0 ? Math.floor((state.loaded / state.total) * 100) : 0;
  const left = timeLeft(state.loaded, state.total, Date.now() - state.startedAt);
  return (
    <div className="upload-progress">
      <progress max={100} value={percent} aria-label={`Uploading ${state.file.name}`} />
      <span className="upload-progress__figures">
        {percent}%{left ? ` · ${left}` : ''}
      </span>
      <button type="button" className="btn btn--sm btn--ghost" onClick={upload.cancel}>
        Cancel
      </button>
    </div>
  );
}
