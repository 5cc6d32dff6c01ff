// Large uploads in parts (issue 18 item 6): the upload-document calls answer a multipart plan for a file
// above MULTIPART_THRESHOLD_BYTES; these finish or drop it. Only the user the upload was issued to may
// (anyone else: 404, as for an upload that does not exist).
import { okSchema } from '../schemas/common.js';
import {
  multipartCompleteSchema,
  multipartPartsSchema,
  multipartRefreshSchema,
  uploadedFileSchema,
  uploadIdParamsSchema,
} from '../schemas/permit.js';
import { endpoint } from './endpoint.js';

export const uploadEndpoints = {
  complete: endpoint({
    method: 'POST', path: '/v4/uploads/{uploadId}/complete', auth: 'bearer',
    summary: 'Assemble a multipart upload from its parts and check the file (announced size, accepted type); a refused file is removed',
    params: uploadIdParamsSchema, body: multipartCompleteSchema, response: uploadedFileSchema,
  }),
  refreshParts: endpoint({
    method: 'POST', path: '/v4/uploads/{uploadId}/parts', auth: 'bearer',
    summary: 'Fresh presigned URLs for parts of a multipart upload (their URLs expired)',
    params: uploadIdParamsSchema, body: multipartRefreshSchema, response: multipartPartsSchema,
  }),
  abort: endpoint({
    method: 'DELETE', path: '/v4/uploads/{uploadId}', auth: 'bearer',
    summary: 'Abort a multipart upload: its parts are dropped',
    params: uploadIdParamsSchema, response: okSchema,
  }),
} as const;
