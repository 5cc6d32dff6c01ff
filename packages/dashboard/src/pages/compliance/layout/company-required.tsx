// A compliance page needs a company: while the companies load a spinner, without any an invitation to
// add one, in vendor mode without a vendor picked a hint; otherwise the page for the company in scope.
import type { ReactNode } from 'react';
import { Alert } from '../../../ui/alert.js';
import { Spinner } from '../../../ui/spinner.js';
import { COMPLIANCE_MESSAGES } from '../compliance-messages.js';
import { useComplianceScope, type ComplianceScope } from '../compliance-scope.js';

export function CompanyRequired({ children }: { children: (scope: ComplianceScope & { companyId: string }) => ReactNode }) {
  const scope = useComplianceScope();
  if (scope.companies.loading && !scope.companies.data) return <Spinner label="Loading companies" />;
  if (scope.companies.error !== undefined && !scope.companies.data) {
    return (
      <Alert kind="error" title="Unavailable">
        Your companies could not be loaded.
      </Alert>
    );
  }
  if (!scope.companyId) {
    return scope.vendorFor ? (
      <p className="card">Search for a vendor on the left and open one of its sections.</p>
    ) : (
      <div className="card">
        <p>{COMPLIANCE_MESSAGES.noCompanies}</p>
        <p className="muted">Add a company with the + button titled &lsquo;{COMPLIANCE_MESSAGES.addCompany}&rsquo; to keep its licenses, insurance, certificates and documentation.</p>
      </div>
    );
  }
  return <>{children(scope as ComplianceScope & { companyId: string })}</>;
}
