import { createApiClient, lookupEndpoints } from '@permitdesk/core';
(globalThis as any).c = createApiClient({ baseUrl: 'http://x' }, { lookups: { s: lookupEndpoints.searchAddresses } });
