// 'Export CSV': asks the server for a signed download link of one export (POST /v4/exports/links, valid
// 60 seconds, bound to the signed-in user) and opens it, so the browser downloads the streamed file
// itself (a download cannot send the bearer header). A refusal is shown by the global error handler.
import type { ExportLinkRequest } from '@permitdesk/core';
import { useState } from 'react';
import { api } from '../session/api.js';

export function ExportCsvButton({ request, label = 'Export CSV' }: { request: ExportLinkRequest; label?: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const link = await api.exports.createLink({ body: request });
      const anchor = document.createElement('a');
      anchor.href = link.url;
      anchor.download = '';
      anchor.rel = 'noopener';
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
    } catch {
      // Reported by the global error handler (SPEC §7.8).
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn--sm btn--ghost" onClick={() => void download()} disabled={busy} aria-busy={busy} data-testid="export-csv">
      {label}
    </button>
  );
}
