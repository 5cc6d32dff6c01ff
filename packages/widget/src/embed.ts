// widget.js: the script-tag entry. It defines <permit-lookup> and the PermitDesk global and replays the
// snippet's queue; the modal itself is an ES module chunk fetched from widget.js's own origin on demand.
import { bootEmbed } from './loader/boot.js';
import type { ModalModule } from './loader/modal-contract.js';

const scriptSrc = (document.currentScript as HTMLScriptElement | null)?.src ?? document.baseURI;
const modalUrl = new URL('esm/modal.js', scriptSrc).href;

bootEmbed({
  win: window,
  scriptSrc,
  load: () => import(/* @vite-ignore */ modalUrl) as Promise<ModalModule>,
});
