// /insurances: the company's insurances in the compliance layout (see vault-page.tsx).
import { VaultPage } from './vault-page.js';

export default function InsurancesPage() {
  return <VaultPage kind="insurance" />;
}
