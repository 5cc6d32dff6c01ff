// The Sign In screen as a modal (SPEC §2.6) with its 'Close Window' link.
import { Modal } from '../ui/modal.js';
import { SignInForm } from './sign-in-form.js';

export function SignInModal({ open, onClose, email }: { open: boolean; onClose: () => void; email?: string }) {
  return (
    <Modal open={open} title="Sign In" onClose={onClose} closeLabel="Close Window">
      <SignInForm {...(email ? { email } : {})} onSignedIn={onClose} />
    </Modal>
  );
}
