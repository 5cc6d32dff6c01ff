// Wiring of the e-signature calls (catalogue: esign.*). The signed PDF's download is SPEC's
// GET /v4/documents-esign/download/{id}, wired by integrations/.
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import * as h from './esign.handlers.js';

export function registerEsignRoutes(app: App): void {
  const api = endpoints.esign;
  registerEndpoint(app, api.send, h.sendEnvelopeHandler);
  registerEndpoint(app, api.list, h.listEnvelopesHandler);
  registerEndpoint(app, api.void, h.voidEnvelopeHandler);
  registerEndpoint(app, api.remind, h.remindEnvelopeHandler);
  registerEndpoint(app, api.view, h.signingViewHandler);
  registerEndpoint(app, api.sendPasscode, h.sendPasscodeHandler);
  registerEndpoint(app, api.verifyPasscode, h.verifyPasscodeHandler);
  registerEndpoint(app, api.document, h.signingDocumentHandler);
  registerEndpoint(app, api.sign, h.signHandler);
  registerEndpoint(app, api.decline, h.declineHandler);
  registerEndpoint(app, api.verify, h.verifyHashHandler);
}
