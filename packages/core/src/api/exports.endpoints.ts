// CSV exports (issue 18): the radar's current view and a company's vault tables, streamed as CSV, and the
// signed, 60-second download link a browser opens without the bearer header.
import * as v from 'valibot';
import { idParamSchema } from '../schemas/common.js';
import {
  exportVaultFileSchema,
  exportDownloadQuerySchema,
  exportLinkRequestSchema,
  exportLinkSchema,
  radarExportQuerySchema,
  vaultExportQuerySchema,
} from '../schemas/exports.js';
import { endpoint } from './endpoint.js';

export const exportEndpoints = {
  radarCsv: endpoint({
    method: 'GET', path: '/v4/exports/radar.csv', auth: 'bearer',
    summary: "The radar's view as CSV: every permit of the search's filters, in its sort (the search's scope and access rules)",
    query: radarExportQuerySchema, response: v.string(),
  }),
  vaultCsv: endpoint({
    method: 'GET', path: '/v4/exports/companies/{id}/{file}', auth: 'bearer',
    summary: "One vault table of a company as CSV (licenses, insurances, certificates or documentations; the vault's readers)",
    params: v.object({ id: idParamSchema, file: exportVaultFileSchema }), query: vaultExportQuerySchema, response: v.string(),
  }),
  createLink: endpoint({
    method: 'POST', path: '/v4/exports/links', auth: 'bearer',
    summary: 'A signed download link for one export, bound to the caller, valid 60 seconds',
    body: exportLinkRequestSchema, response: exportLinkSchema,
  }),
  download: endpoint({
    method: 'GET', path: '/v4/exports/download', auth: 'none',
    summary: "A signed link's export, for its user's access at the time of the download",
    query: exportDownloadQuerySchema, response: v.string(),
  }),
} as const;
