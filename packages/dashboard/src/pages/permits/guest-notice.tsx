// The line a guest company's member sees on a project shared with it (issue 13): read-only, and where
// to find everything shared with the company.
import { Link } from 'react-router';

export function GuestNotice() {
  return (
    <p className="alert alert--info" role="note">
      Shared with your company as a guest: you can read this project, its permits, documents and conversation, but not change them.{' '}
      <Link to="/access">Everything shared with you</Link>
    </p>
  );
}
