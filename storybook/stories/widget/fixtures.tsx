// Data the widget stories show: the visit the widget's tests use (a Pasadena job site, its
// municipality, tasks, form 52 and its prefill), the notice walls as the server seeds them (core's
// defaults), and the flow at each step.
import type { ReactNode } from 'react';
import { at, initialFlowState, type FlowContext, type FlowStep } from '@permitdesk/widget/components';
import { DEFAULT_SETTINGS, notificationWall, stripUnitedStates, type AddressSearchResult } from '@permitdesk/core';
import { ModalShell, screenOf } from '@permitdesk/widget/components';
import { ADDRESSES as FOUND, ENTRY, FORM_52, GEOCODED, MUNICIPALITY, TASKS } from '@permitdesk/widget/test-fixtures';

export { ENTRY, FORM_52, GEOCODED, MUNICIPALITY, TASKS };
/** The address search results as the modal shows them (the runtime strips ', United States'). */
export const ADDRESSES: AddressSearchResult[] = FOUND.map((found) => ({ ...found, place_name: stripUnitedStates(found.place_name) }));

export const COMPANY_WALL = notificationWall(DEFAULT_SETTINGS, 'company', MUNICIPALITY.name);
export const DIY_WALL = notificationWall(DEFAULT_SETTINGS, 'doItYourself', MUNICIPALITY.name);

/** The flow at a step, as core's machine holds it, with the settings the server seeds. */
export function flowAt(step: FlowStep, context: Partial<FlowContext> = {}) {
  const start = initialFlowState({
    settings: { diyAllowed: true, companyNoticeOn: true, diyNoticeOn: true, companyNotice: COMPANY_WALL, diyNotice: DIY_WALL },
  });
  return at(start, step, context);
}

/** After the address step: the chosen address, its municipality and the task. */
export const CHOSEN: Partial<FlowContext> = {
  address: ADDRESSES[0]!,
  geocodedAddress: GEOCODED,
  municipality: MUNICIPALITY,
  task: TASKS[1]!,
  fullName: 'Jordan Lee',
  phone: '+1 (626) 555-0123',
  email: 'jordan@leeroofing.example',
};

/** The modal frame for a step: title, progress and height from core's selectors. */
export function Frame({ step, context, aside, children }: { step: FlowStep; context?: Partial<FlowContext>; aside?: ReactNode; children: ReactNode }) {
  const flow = flowAt(step, context);
  const screen = screenOf(flow);
  return (
    <ModalShell
      inline
      title={screen.title}
      progress={screen.progress}
      height={screen.height}
      fadeMs={300}
      viewKey={flow.view}
      stepKey={flow.step}
      aside={aside}
      onClose={() => undefined}
    >
      {children}
    </ModalShell>
  );
}

/** An address search against the fixtures, answering after a short wait like the server. */
export const search = (text: string) =>
  new Promise<AddressSearchResult[]>((resolve) => {
    const words = text.toLowerCase().split(/\s+/).filter(Boolean);
    setTimeout(() => resolve(ADDRESSES.filter((a) => words.every((w) => a.place_name.toLowerCase().includes(w)))), 150);
  });
export const searchForever = () => new Promise<AddressSearchResult[]>(() => undefined);
export const searchFailing = () => Promise.reject(new Error('offline'));
