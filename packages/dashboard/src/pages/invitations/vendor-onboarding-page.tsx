// /vendor-onboarding/{id}: a vendor invitation (header and footer hidden on this path, SPEC §2.4).
import { Link, useParams } from 'react-router';
import { DataState } from '../../components/data-state.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';

export default function VendorOnboardingPage() {
  const { id = '' } = useParams();
  const invitation = useQuery(`invitation:vendor:${id}`, () => api.invitations.lookup({ query: { type: 'VENDOR_ONBOARDING', id } }));
  return (
    <div className="container container--narrow">
      <div className="card card--auth">
        <h1 className="page-title">Vendor onboarding</h1>
        <DataState query={invitation}>
          {(inv) => (
            <p>
              Invitation #{inv.invitationId}. Complete your company profile and share your compliance documents to finish onboarding.
            </p>
          )}
        </DataState>
        <Link to="/compliance-center">Open the Compliance Center</Link>
      </div>
    </div>
  );
}
