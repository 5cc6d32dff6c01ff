// /legal/terms-of-use.html
import { PolicyDocument } from '../../ui/policy-document.js';

export default function TermsPage() {
  return <PolicyDocument kind="terms-and-conditions" />;
}
