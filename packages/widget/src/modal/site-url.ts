// Pages of the PermitDesk site (dashboard, support, success) live on the server's origin, not the partner's.
export const siteUrl = (apiBase: string, path: string): string => new URL(path, apiBase).href;
