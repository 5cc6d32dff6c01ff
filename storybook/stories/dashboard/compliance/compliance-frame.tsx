// The frame of the compliance stories: the signed-in user in the story's role, the fake server answering
// every list in the story's data state, and the real pages (the dashboard's CompliancePreview) at a URL.
// A change of the story's controls starts over: a new session, new answers and a fresh query cache.
import './session-reset.js';
import '@permitdesk/dashboard/src/styles/tokens.css';
import '@permitdesk/dashboard/src/styles/base.css';
import '@permitdesk/dashboard/src/styles/components.css';
import { CompliancePreview } from '@permitdesk/dashboard/src/pages/compliance/compliance-preview';
import { sessionStore } from '@permitdesk/dashboard/src/session/session';
import type { CompanyRole, SessionTokens } from '@permitdesk/core';
import { useState } from 'react';
import { company, COMPANY_ID, complianceRoutes, profileFor, type DataState } from './compliance-data.js';
import { answerApiWith } from './fake-network.js';

export interface ComplianceArgs {
  /** The signed-in user's role in the company. */
  role: CompanyRole;
  /** What the page's list answers. */
  data: DataState;
  companyName: string;
}

function SignedIn({ url, role, data, companyName }: ComplianceArgs & { url: string }) {
  // Before the first render: the pages read the session and start their calls while rendering.
  useState(() => {
    const companies = [company(COMPANY_ID, companyName, role), company(12, 'Valley Electric', 'user')];
    answerApiWith({ ...complianceRoutes(companies, data), 'POST /auth/refresh': () => ({ body: { tokens: tokens(), profile: profileFor(companies) } }) });
    sessionStore.getState().login(tokens(), profileFor(companies));
    sessionStore.getState().stopAutoRefresh();
    sessionStore.getState().setCurrentCompanyId(String(COMPANY_ID));
    return true;
  });
  return (
    <div style={{ padding: 16, background: 'var(--pd-color-canvas)', minHeight: '100vh' }}>
      <CompliancePreview url={url} />
    </div>
  );
}

const tokens = (): SessionTokens => ({ accessToken: 'story-access-token', expiresAt: Date.now() + 3_600_000 });

export function ComplianceFrame(props: ComplianceArgs & { url: string }) {
  return <SignedIn key={JSON.stringify(props)} {...props} />;
}
