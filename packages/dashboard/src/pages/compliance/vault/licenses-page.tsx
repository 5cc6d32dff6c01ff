// /licenses: the company's licenses in the compliance layout (see vault-page.tsx).
import { VaultPage } from './vault-page.js';

export default function LicensesPage() {
  return <VaultPage kind="license" />;
}
