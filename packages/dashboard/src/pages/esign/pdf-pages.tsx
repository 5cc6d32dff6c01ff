// The PDF a signer reads, drawn page by page into canvases with pdfjs-dist (Mozilla's PDF renderer: the
// same pages in every browser, no plug-in). pdfjs-dist and its worker are imported only here, and this
// module only from the signing page, so the dashboard's first load does not carry them.
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../../ui/spinner.js';

export function PdfPages({ bytes }: { bytes: Uint8Array }) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let cancelled = false;
    const target = host.current;
    void (async () => {
      try {
        const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
        pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
        const doc = await pdfjs.getDocument({ data: bytes.slice() }).promise;
        for (let n = 1; n <= doc.numPages && !cancelled; n++) {
          const page = await doc.getPage(n);
          const viewport = page.getViewport({ scale: 1.4 });
          const canvas = document.createElement('canvas');
          canvas.width = viewport.width;
          canvas.height = viewport.height;
          canvas.className = 'pdf-pages__page';
          canvas.setAttribute('aria-label', `Page ${n} of ${doc.numPages}`);
          canvas.setAttribute('role', 'img');
          target?.append(canvas);
          await page.render({ canvas, viewport }).promise;
        }
        if (!cancelled) setState('ready');
      } catch {
        if (!cancelled) setState('failed');
      }
    })();
    return () => {
      cancelled = true;
      target?.replaceChildren();
    };
  }, [bytes]);
  return (
    <div className="pdf-pages" data-state={state}>
      {state === 'loading' && <Spinner label="Loading the document" />}
      {state === 'failed' && <p className="field__error">The document could not be shown in this browser.</p>}
      <div ref={host} className="pdf-pages__list" />
    </div>
  );
}
