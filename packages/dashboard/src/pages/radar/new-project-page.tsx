// /new-project: a new project starts with the lookup widget (address, then type of work).
import { useState } from 'react';
import { WidgetHost } from '../../components/widget-host.js';

export default function NewProjectPage() {
  const [open, setOpen] = useState(false);
  return (
    <div className="container container--text">
      <h1 className="page-title">New project</h1>
      <p className="page-lead">Enter the job-site address and the type of work: we find the municipality and prepare the application.</p>
      <button type="button" className="btn" onClick={() => setOpen(true)}>
        Start with the job-site address
      </button>
      {open && <WidgetHost />}
    </div>
  );
}
