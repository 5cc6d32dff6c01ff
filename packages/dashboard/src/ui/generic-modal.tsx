// The dialog of one generic modal request (see generic-modals.tsx), loaded when the first one opens.
import type { ModalRequest } from './generic-modals.js';
import { Modal } from './modal.js';

export default function GenericModal({ request, close }: { request: ModalRequest; close: (ok: boolean) => void }) {
  const Custom = request.component;
  return (
    <Modal
      open
      title={request.title}
      onClose={() => close(false)}
      footer={
        request.kind === 'custom' ? undefined : request.kind === 'confirm' ? (
          <>
            <button type="button" className="btn btn--ghost" onClick={() => close(false)}>
              Cancel
            </button>
            <button type="button" className="btn" onClick={() => close(true)}>
              OK
            </button>
          </>
        ) : (
          <button type="button" className={request.kind === 'error' ? 'btn btn--danger' : 'btn'} onClick={() => close(true)}>
            OK
          </button>
        )
      }
    >
      {Custom ? <Custom close={(result) => close(result ?? true)} /> : <div className={`alert alert--${request.kind === 'confirm' ? 'info' : request.kind}`}>{request.message}</div>}
    </Modal>
  );
}
