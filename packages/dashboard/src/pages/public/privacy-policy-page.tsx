// /legal/privacy-policy.html, /mobile/privacy-policy/, /m/privacy-policy/
import { PolicyDocument } from '../../ui/policy-document.js';

export default function PrivacyPolicyPage() {
  return <PolicyDocument kind="privacy-policy" />;
}
