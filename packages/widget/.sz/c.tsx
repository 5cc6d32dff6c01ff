import { render, useState, useEffect, useRef, useId, createPortal } from 'preact/compat';
function A() { const [s, set] = useState(0); const r = useRef(null); const id = useId(); useEffect(() => {}, []); return <div id={id} onClick={() => set(s + 1)}>{s}</div>; }
render(<A />, document.body);
(globalThis as any).p = createPortal;
