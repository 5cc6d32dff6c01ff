// The app's QueryClient (main.tsx hands it to the root provider). A read that got no answer at all
// (network down) is tried once more after a second; a server's answer, even an error, is final.
import { CLIENT_ERROR_CODES, isApiRequestError } from '@permitdesk/core/client';
import { QueryClient } from './query-client.js';

export const appQueryClient = new QueryClient({
  retry: (failures, error) => failures <= 1 && isApiRequestError(error) && error.code === CLIENT_ERROR_CODES.network,
  retryDelay: () => 1000,
});
