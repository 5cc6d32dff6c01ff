// The multipart upload calls (core's uploads group): only the user an upload was issued to may complete,
// renew or abort it (multipart.ts answers 404 to anyone else).
import type { endpoints } from '@permitdesk/core';
import type { EndpointHandler } from '../http/register.js';
import { abortMultipartUpload, completeMultipartUpload, refreshMultipartParts } from './multipart.js';

type Uploads = typeof endpoints.uploads;

export const completeUpload: EndpointHandler<Uploads['complete']> = ({ services, user }, { params, body }) =>
  completeMultipartUpload(services, user.sub, params.uploadId, body.parts);

export const refreshUploadParts: EndpointHandler<Uploads['refreshParts']> = ({ services, user }, { params, body }) =>
  refreshMultipartParts(services, user.sub, params.uploadId, body.partNumbers);

export const abortUpload: EndpointHandler<Uploads['abort']> = ({ services, user }, { params }) => abortMultipartUpload(services, user.sub, params.uploadId);
