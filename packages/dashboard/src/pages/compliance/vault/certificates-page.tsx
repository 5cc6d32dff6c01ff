// /certificates: the company's certificates in the compliance layout (see vault-page.tsx).
import { VaultPage } from './vault-page.js';

export default function CertificatesPage() {
  return <VaultPage kind="certificate" />;
}
