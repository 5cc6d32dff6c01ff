// The support address on the deployment's own host (SPEC §8: 'at the support address on {host}').
export function supportEmail(): string {
  const host = typeof window === 'undefined' ? 'localhost' : window.location.hostname || 'localhost';
  return `support@${host.replace(/^www\./, '')}`;
}
