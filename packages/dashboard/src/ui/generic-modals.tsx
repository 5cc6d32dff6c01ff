// The generic modals of SPEC §2.8: Confirm (Cancel and OK), Info, Success, Error and Custom.
// Opened imperatively through useModals(); one at a time, each resolving a promise when closed.
// The dialog is fetched when the first one opens: the provider is in the first load, the dialog not.
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ComponentType, type ReactNode } from 'react';

const GenericModal = lazy(() => import('./generic-modal.js'));

export const CUSTOM_MODAL_ERROR = 'Please specify the react component when using custom modal!';

export type GenericModalKind = 'confirm' | 'info' | 'success' | 'error' | 'custom';
export interface ModalRequest {
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
  return (
    <ModalContext.Provider value={api}>
      {children}
      {request && (
        <Suspense fallback={null}>
          <GenericModal request={request} close={close} />
        </Suspense>
      )}
    </ModalContext.Provider>
  );
}
