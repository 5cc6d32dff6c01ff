// Adopting a signature: typed (shown in a script style) or drawn with a mouse, pen or finger on a canvas
// (pointer events), handed on as a PNG data URL.
import { useRef, useState, type PointerEvent } from 'react';

export type AdoptedSignature = { kind: 'typed'; text: string } | { kind: 'drawn'; image: string };

export function SignaturePad({ defaultName, onChange }: { defaultName: string; onChange: (signature: AdoptedSignature | null) => void }) {
  const [mode, setMode] = useState<'typed' | 'drawn'>('typed');
  const [text, setText] = useState(defaultName);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: ((event.clientX - box.left) * event.currentTarget.width) / box.width, y: ((event.clientY - box.top) * event.currentTarget.height) / box.height };
  };
  const choose = (next: 'typed' | 'drawn') => {
    setMode(next);
    onChange(next === 'typed' && text.trim() ? { kind: 'typed', text: text.trim() } : null);
  };
  return (
    <fieldset className="signature-pad">
      <legend>Adopt your signature</legend>
      <div className="signature-pad__modes" role="radiogroup" aria-label="Signature style">
        <label>
          <input type="radio" name="signature-mode" checked={mode === 'typed'} onChange={() => choose('typed')} /> Type
        </label>
        <label>
          <input type="radio" name="signature-mode" checked={mode === 'drawn'} onChange={() => choose('drawn')} /> Draw
        </label>
      </div>
      {mode === 'typed' ? (
        <label className="field">
          <span className="field__label">Your signature</span>
          <input
            className="field__input"
            value={text}
            maxLength={100}
            onChange={(event) => {
              setText(event.target.value);
              onChange(event.target.value.trim() ? { kind: 'typed', text: event.target.value.trim() } : null);
            }}
          />
          <span className="signature-pad__preview" aria-hidden="true">
            {text}
          </span>
        </label>
      ) : (
        <div>
          <canvas
            ref={canvas}
            className="signature-pad__canvas"
            width={500}
            height={150}
            aria-label="Draw your signature here"
            onPointerDown={(event) => {
              drawing.current = true;
              const ctx = event.currentTarget.getContext('2d');
              const { x, y } = point(event);
              ctx?.beginPath();
              ctx?.moveTo(x, y);
            }}
            onPointerMove={(event) => {
              if (!drawing.current) return;
              const ctx = event.currentTarget.getContext('2d');
              if (!ctx) return;
              const { x, y } = point(event);
              ctx.lineWidth = 2.5;
              ctx.lineCap = 'round';
              ctx.strokeStyle = '#102a72';
              ctx.lineTo(x, y);
              ctx.stroke();
            }}
            onPointerUp={(event) => {
              drawing.current = false;
              onChange({ kind: 'drawn', image: event.currentTarget.toDataURL('image/png') });
            }}
          />
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => {
              const c = canvas.current;
              c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
              onChange(null);
            }}
          >
            Clear
          </button>
        </div>
      )}
    </fieldset>
  );
}
