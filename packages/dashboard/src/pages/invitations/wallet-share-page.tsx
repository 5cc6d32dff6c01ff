// /compliance-wallet-share/{id}/accept: accept a compliance wallet shared with you.
import { useParams } from 'react-router';
import { InvitationAction } from '../../components/invitation-action.js';
import { api } from '../../session/api.js';

export default function WalletSharePage() {
  const { id = '' } = useParams();
  return (
    <InvitationAction title="Shared compliance wallet" actionLabel="Accept the share" doneText="The wallet share has been accepted." run={() => api.invitations.acceptShareWallet({ params: { id }, body: {} })}>
      <p>A company shared its licenses, insurance and certificates with you.</p>
    </InvitationAction>
  );
}
