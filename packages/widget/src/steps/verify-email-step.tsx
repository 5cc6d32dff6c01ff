// Verify email (SPEC §2.5, §4.1): 'Hang tight while we verify', shown on return from the mailed link.
// The success text appears after 3 s and the flow moves on after 5 s; a support link is offered.
import { Alert, type FlowMessage } from '../ui/alert.js';
import { Spinner } from '../ui/spinner.js';

export interface VerifyEmailStepProps {
  /** The success text once shown (3 s), or an error. */
  message?: FlowMessage | null;
  supportUrl: string;
}

export function VerifyEmailStep({ message, supportUrl }: VerifyEmailStepProps) {
  return (
    <div className="pd-center">
      {message?.kind === 'success' || message?.kind === 'error' ? null : <Spinner label="Verifying" />}
      {message ? <Alert kind={message.kind}>{message.text}</Alert> : null}
      <p className="pd-hint">
        Trouble verifying?{' '}
        <a className="pd-link" href={supportUrl} target="_blank" rel="noopener noreferrer">
          Contact support
        </a>
      </p>
    </div>
  );
}
