// The permit desk's quotes panel (issue 12) as the real component draws it, over a fake server: quotes in
// each status with their line items and the 'Issue a quote' form (issuing answers like the server), an
// empty permit, a slow load, and a failed one.
import '../compliance/session-reset.js';
import '@permitdesk/dashboard/src/styles/tokens.css';
import '@permitdesk/dashboard/src/styles/base.css';
import '@permitdesk/dashboard/src/styles/components.css';
import { quoteTotal, type PermitQuote, type SessionTokens } from '@permitdesk/core';
import { QueryClient } from '@permitdesk/dashboard/src/data/query-client';
import { QueryClientProvider } from '@permitdesk/dashboard/src/data/query-provider';
import { QuotesPanel } from '@permitdesk/dashboard/src/pages/ops/quotes/quotes-panel';
import { sessionStore } from '@permitdesk/dashboard/src/session/session';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { answerApiWith, type Answer } from '../compliance/fake-network.js';

const PERMIT_ID = 7;
const quote = (quoteId: string, status: string, lineItems: PermitQuote['lineItems'], extra: Partial<PermitQuote> = {}): PermitQuote => ({
  quoteId, permitId: PERMIT_ID, projectId: 3, customerName: 'Hannah Homeowner', taskName: 'Water heater', municipalityName: 'New York',
  status, total: quoteTotal(lineItems), lineItems, validUntil: '2026-12-10', orderId: null, answeredAt: null, declineReason: null,
  createdAt: '2026-11-20T15:00:00.000Z', ...extra,
});
const QUOTES: PermitQuote[] = [
  quote('Q-PENDING234', 'pending', [{ label: 'Permit filing service', amount: 350 }, { label: 'Municipal fee (estimate)', amount: 129.99 }]),
  quote('Q-ACCEPTED23', 'accepted', [{ label: 'Plan review', amount: 200 }], { orderId: 'ORD-7K2M9X4P3Q', answeredAt: '2026-11-21T10:00:00.000Z' }),
  quote('Q-DECLINED23', 'declined', [{ label: 'Expedited filing', amount: 900 }], { declineReason: 'Too expensive for us.', answeredAt: '2026-11-19T10:00:00.000Z' }),
  quote('Q-EXPIRED234', 'expired', [{ label: 'Permit filing service', amount: 300 }], { validUntil: '2026-11-01' }),
];

type Data = 'quotes' | 'empty' | 'loading' | 'error';
interface Args {
  data: Data;
}

function Frame({ data }: Args) {
  const [client] = useState(() => {
    const stored = data === 'quotes' ? [...QUOTES] : [];
    const list = (): Answer =>
      data === 'loading' ? 'pending' : data === 'error' ? { status: 500, body: { message: 'An error occurred', code: 'INTERNAL' } } : { body: stored };
    answerApiWith({
      [`GET /v4/operator/permits/${PERMIT_ID}/quotes`]: list,
      [`POST /v4/operator/permits/${PERMIT_ID}/quotes`]: () => {
        const issued = quote(`Q-NEW${String(stored.length).padStart(6, '0')}`, 'pending', [{ label: 'Permit filing service', amount: 350 }], { createdAt: new Date().toISOString() });
        stored.unshift(issued);
        return { body: issued };
      },
    });
    const tokens: SessionTokens = { accessToken: 'story-access-token', expiresAt: Date.now() + 3_600_000 };
    sessionStore.getState().login(tokens, {
      sub: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f', email: 'olga@permitdesk.test', email_verified: true, name: 'Olga Operator', given_name: 'Olga', family_name: 'Operator',
      phone_number: '+15552345678', 'custom:hasMigrated': 1, 'custom:setupCompanyName': null, 'custom:fromURL': null, permissions: {},
    });
    sessionStore.getState().stopAutoRefresh();
    return new QueryClient();
  });
  return (
    <QueryClientProvider client={client}>
      <div style={{ maxWidth: 720, padding: 16, background: 'var(--pd-color-canvas)' }}>
        <QuotesPanel permitId={PERMIT_ID} />
      </div>
    </QueryClientProvider>
  );
}

const meta = {
  title: 'Dashboard/Ops/Permit desk/Quotes',
  render: (args) => <Frame key={args.data} {...args} />,
  args: { data: 'quotes' },
  argTypes: { data: { control: 'select', options: ['quotes', 'empty', 'loading', 'error'], description: "What the permit's quote list answers" } },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const EveryStatus: Story = { name: 'Quotes in every status' };
export const NoQuoteYet: Story = { name: 'No quote yet', args: { data: 'empty' } };
export const Loading: Story = { args: { data: 'loading' } };
export const Unavailable: Story = { args: { data: 'error' } };
