// Small helpers shared by the widget stories.
import { useState } from 'react';
import { within } from 'storybook/test';
import {
  ADDRESS_MESSAGES,
  AddressAside,
  AddressDetail,
  MunicipalityAside,
  UsMap,
  servedLine,
  type FlowContext,
  type FlowStep,
} from '@permitdesk/widget/components';
import { flowAt, MUNICIPALITY } from './fixtures.js';
import { screenOf } from '@permitdesk/widget/components';

/** Testing Library queries inside the story's shadow root (the decorator renders there). */
export function shadowCanvas(canvasElement: HTMLElement) {
  const host = canvasElement.querySelector<HTMLElement>('div');
  const root = host?.shadowRoot;
  const container = root ? Array.from(root.children).find((el): el is HTMLElement => el instanceof HTMLElement) : undefined;
  return within(container ?? canvasElement);
}

/**
 * A controlled value for a story's field: typing changes it, and a new value from the story's controls
 * replaces it (React's "adjust state when a prop changes", so the Controls panel drives the field).
 */
export function useValue<T>(initial: T) {
  const [value, setValue] = useState<T>(initial);
  const [given, setGiven] = useState<T>(initial);
  if (!Object.is(given, initial)) {
    setGiven(initial);
    setValue(initial);
  }
  return [value, setValue] as const;
}

/** The address step's side panel: the built-in map at the flow's view and the served count. */
export function AddressSide({ step = 'enter-address', context = {} }: { step?: FlowStep; context?: Partial<FlowContext> }) {
  return <AddressAside map={<UsMap view={screenOf(flowAt(step, context)).map} />} count={19655} />;
}

/** The side panel after the address step. */
export function MunicipalitySide({ context = {} }: { context?: Partial<FlowContext> }) {
  return (
    <>
      <UsMap view={screenOf(flowAt('select-task', context)).map} />
      <MunicipalityAside municipality={MUNICIPALITY} />
    </>
  );
}

export { AddressDetail, ADDRESS_MESSAGES, servedLine };
