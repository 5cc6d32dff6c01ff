// The permit desk's panels (/ops/permits/{id}), each on its own with controls: the request, the
// company's compliance with expiry badges, the stage move with a template message, the permit number
// and fees, inspections, the conversation with attachments, documents and the stage history.
import '@permitdesk/dashboard/src/pages/ops/desk/desk.css';
import { CompliancePanel } from '@permitdesk/dashboard/src/pages/ops/desk/compliance-panel';
import { DeskConversationPanel } from '@permitdesk/dashboard/src/pages/ops/desk/conversation-panel';
import type { RunChange } from '@permitdesk/dashboard/src/pages/ops/desk/desk-action';
import { DeskDocumentsPanel } from '@permitdesk/dashboard/src/pages/ops/desk/documents-panel';
import { FeesPanel } from '@permitdesk/dashboard/src/pages/ops/desk/fees-panel';
import { HistoryPanel } from '@permitdesk/dashboard/src/pages/ops/desk/history-panel';
import { InspectionsPanel } from '@permitdesk/dashboard/src/pages/ops/desk/inspections-panel';
import { RequestPanel } from '@permitdesk/dashboard/src/pages/ops/desk/request-panel';
import { StagePanel } from '@permitdesk/dashboard/src/pages/ops/desk/stage-panel';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { StoryFrame } from '../story-frame';
import { STORY_TEMPLATES, STORY_TODAY, storyDesk } from './desk-data';

/** The stories change nothing: each action logs and answers as if it was saved. */
const run: RunChange = async (change) => {
  console.info('desk change (not sent in the story)', change);
  return null;
};

interface DeskArgs {
  withCompany: boolean;
  licenseExpiresInDays: number;
  stage: number;
  fees: number;
  messages: boolean;
  operatorName: string;
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card desk-section" aria-labelledby="story-panel">
      <h2 className="desk-section__title" id="story-panel">
        {title}
      </h2>
      {children}
    </section>
  );
}

const meta = {
  title: 'Dashboard/Ops/Desk panels',
  decorators: [(Story) => <StoryFrame width={640}><Story /></StoryFrame>],
  args: { withCompany: true, licenseExpiresInDays: 120, stage: 20, fees: 2, messages: true, operatorName: 'Olga Operator' },
  argTypes: {
    withCompany: { control: 'boolean', description: 'A company project (false: a personal one, no vault)' },
    licenseExpiresInDays: { control: { type: 'number', min: -60, max: 400 }, description: 'Days until the general contractor license expires' },
    stage: { control: 'select', options: [10, 20, 30, 40, 50, 52, 60], description: 'The stage the permit is at' },
    fees: { control: { type: 'range', min: 0, max: 3 }, description: 'How many fees are recorded' },
    messages: { control: 'boolean', description: 'Whether the conversation has messages' },
    operatorName: { control: 'text', description: 'The operator filling {operatorName}' },
  },
} satisfies Meta<DeskArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Request: Story = {
  render: (args) => (
    <Panel title="The request">
      <RequestPanel desk={storyDesk(args)} />
    </Panel>
  ),
};
export const Compliance: Story = {
  render: (args) => (
    <Panel title="Company compliance">
      <CompliancePanel compliance={storyDesk(args).compliance} company={storyDesk(args).company} today={STORY_TODAY} />
    </Panel>
  ),
};
export const ComplianceLicenseExpiring: Story = { ...Compliance, args: { licenseExpiresInDays: 9 } };
export const CompliancePersonalProject: Story = { ...Compliance, args: { withCompany: false } };
export const MoveStage: Story = {
  render: (args) => (
    <Panel title="Move stage">
      <StagePanel desk={storyDesk(args)} templates={STORY_TEMPLATES} operatorName={args.operatorName} run={run} />
    </Panel>
  ),
};
export const PermitNumberAndFees: Story = {
  render: (args) => (
    <Panel title="Permit number and fees">
      <FeesPanel desk={storyDesk(args)} run={run} />
    </Panel>
  ),
};
export const NoFeesYet: Story = { ...PermitNumberAndFees, args: { fees: 0 } };
export const Inspections: Story = {
  render: (args) => (
    <Panel title="Inspections">
      <InspectionsPanel permitId={1} inspections={storyDesk(args).permit.permitInspections} run={run} />
    </Panel>
  ),
};
export const Conversation: Story = {
  render: (args) => (
    <Panel title="Conversation">
      <DeskConversationPanel permitId={1} conversations={storyDesk(args).permit.conversations ?? []} run={run} />
    </Panel>
  ),
};
export const ConversationEmpty: Story = { ...Conversation, args: { messages: false } };
export const Documents: Story = {
  render: (args) => (
    <Panel title="Documents">
      <DeskDocumentsPanel permitId={1} documents={storyDesk(args).documents} onUploaded={() => console.info('uploaded')} />
    </Panel>
  ),
};
export const History: Story = {
  render: (args) => (
    <Panel title="Stage history">
      <HistoryPanel history={storyDesk(args).stageHistory} />
    </Panel>
  ),
};
