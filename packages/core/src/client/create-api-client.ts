// createApiClient: every endpoint of the catalogue as one typed function, grouped by area, all sent
// through one ky instance (extended per host with its prefix).
import { endpoints as catalogue } from '../api/index.js';
import { createEndpointClient } from './create-endpoint-client.js';
import type { ApiClient, ApiClientConfig, ApiClientOf, EndpointTree } from './types.js';

export function createApiClient(config: ApiClientConfig): ApiClient;
export function createApiClient<T extends EndpointTree>(config: ApiClientConfig, endpoints: T): ApiClientOf<T>;
export function createApiClient(config: ApiClientConfig, endpoints: EndpointTree = catalogue): unknown {
  return createEndpointClient(config, endpoints);
}
