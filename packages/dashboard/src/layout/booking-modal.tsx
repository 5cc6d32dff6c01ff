// The booking modal (SPEC §2.8): the external scheduling page, with a 'Close Window' link. The page is
// configured by VITE_BOOKING_URL; without one, the team is reached by e-mail instead.
import { supportEmail } from '../ui/support-email.js';
import { Modal } from '../ui/modal.js';

const bookingUrl: string | undefined = import.meta.env.VITE_BOOKING_URL;

export function BookingModal({ open, onClose, title = 'Schedule a consultation' }: { open: boolean; onClose: () => void; title?: string }) {
  return (
    <Modal open={open} title={title} onClose={onClose} closeLabel="Close Window" wide={Boolean(bookingUrl)}>
      {bookingUrl ? (
        <iframe className="modal__frame" src={bookingUrl} title="Book a time with our team" />
      ) : (
        <div className="stack">
          <p>Tell us about your projects and we will set up a 30-minute call with a permit specialist.</p>
          <a className="btn" href={`mailto:${supportEmail()}?subject=${encodeURIComponent(title)}`}>
            Email {supportEmail()}
          </a>
        </div>
      )}
    </Modal>
  );
}
