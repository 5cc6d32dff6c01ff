// Wiring of the documents calls (core's documents group: list, presigned download, cloudfront) to
// their handlers; the group's compliance calls are wired by compliance/.
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import * as h from './documents.handlers.js';

export function registerDocumentRoutes(app: App): void {
  const api = endpoints.documents;
  registerEndpoint(app, api.list, h.listDocumentsHandler);
  registerEndpoint(app, api.presignedDownload, h.presignedDownloadHandler);
  registerEndpoint(app, api.cloudfrontPresigned, h.cloudfrontPresignedHandler);
}
