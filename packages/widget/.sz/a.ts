import { createApiClient } from '@permitdesk/core';
(globalThis as any).c = createApiClient({ baseUrl: 'http://x' });
