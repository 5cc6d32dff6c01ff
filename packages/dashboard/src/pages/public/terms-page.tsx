// /legal/terms-of-use.html
import { PolicyDocument } from '../../components/policy-document.js';

export default function TermsPage() {
  return <PolicyDocument kind="terms-and-conditions" />;
}
