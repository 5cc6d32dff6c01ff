// The generic modals of SPEC §2.8: Confirm (Cancel and OK), Info, Success, Error and Custom.
// Opened imperatively through useModals(); one at a time, each resolving a promise when closed.
import { createContext, useCallback, useContext, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Modal } from './modal.js';

export const CUSTOM_MODAL_ERROR = 'Please specify the react component when using custom modal!';

export type GenericModalKind = 'confirm' | 'info' | 'success' | 'error' | 'custom';
interface ModalRequest {
  kind: GenericModalKind;
  title: string;
  message?: ReactNode;
  component?: ComponentType<{ close: (result?: boolean) => void }>;
  resolve: (ok: boolean) => void;
}
type Options = { title: string; message?: ReactNode };

export interface ModalApi {
  confirm(options: Options): Promise<boolean>;
  info(options: Options): Promise<boolean>;
  success(options: Options): Promise<boolean>;
  error(options: Options): Promise<boolean>;
  custom(options: { title: string; component?: ComponentType<{ close: (result?: boolean) => void }> }): Promise<boolean>;
}

const ModalContext = createContext<ModalApi | null>(null);

export function useModals(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error('useModals() needs <GenericModalProvider>');
  return api;
}

const defaultTitles: Record<GenericModalKind, string> = { confirm: 'Please confirm', info: 'Information', success: 'Success', error: 'Error', custom: '' };

export function GenericModalProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ModalRequest | null>(null);
  const open = useCallback(
    (kind: GenericModalKind, options: Omit<ModalRequest, 'kind' | 'resolve'>) =>
      new Promise<boolean>((resolve) => setRequest({ kind, ...options, title: options.title || defaultTitles[kind], resolve })),
    [],
  );
  const api = useMemo<ModalApi>(
    () => ({
      confirm: (o) => open('confirm', o),
      info: (o) => open('info', o),
      success: (o) => open('success', o),
      error: (o) => open('error', o),
      custom: (o) => {
        if (!o.component) throw new Error(CUSTOM_MODAL_ERROR);
        return open('custom', { title: o.title, component: o.component });
      },
    }),
    [open],
  );
  const close = (ok: boolean) => {
    request?.resolve(ok);
    setRequest(null);
  };
  const Custom = request?.component;
  return (
    <ModalContext.Provider value={api}>
      {children}
      {request && (
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
      )}
    </ModalContext.Provider>
  );
}
