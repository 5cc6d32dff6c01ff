// Data the widget stories show: a Pasadena job site, its municipality, tasks, the notice walls as the
// server seeds them (core's defaults), and form 52 with its prefill.
import type { ReactNode } from 'react';
import {
  at,
  DEFAULT_SETTINGS,
  initialFlowState,
  notificationWall,
  type AddressSearchResult,
  type FlowContext,
  type FlowStep,
  type FormDefinition,
  type GeocodedAddress,
  type Municipality,
  type PermitFormEntry,
} from '@permitdesk/core';
import { ModalShell, screenOf } from '@permitdesk/widget/components';

export const ADDRESSES: AddressSearchResult[] = [
  {
    id: 'address.4821',
    center: [-118.1445, 34.1478],
    place_name: '100 N Garfield Ave, Pasadena, CA 91101',
    matching_place_name: '100 N Garfield Ave, Pasadena, CA 91101',
    street_line: '100 N Garfield Ave',
  },
  {
    id: 'address.913',
    center: [-118.1405, 34.1456],
    place_name: '100 E Colorado Blvd, Pasadena, CA 91105',
    matching_place_name: '100 E Colorado Blvd, Pasadena, CA 91105',
    street_line: '100 E Colorado Blvd',
  },
];
export const GEOCODED: GeocodedAddress = {
  address: '100 N Garfield Ave',
  city: 'Pasadena',
  state: 'CA',
  zip: '91101',
  streetAddress: '100 N Garfield Ave',
  streetModifier: null,
  postalCode: '91101',
  longitude: -118.1445,
  latitude: 34.1478,
};
export const MUNICIPALITY: Municipality = {
  id: 12,
  name: 'City of Pasadena',
  slug: 'ca/los-angeles-county/pasadena/city-of-pasadena',
  kind: 'city',
  stateCode: 'CA',
  countyName: 'Los Angeles County',
  latitude: 34.1478,
  longitude: -118.1445,
  phoneNumbers: [{ label: 'main', phoneNumber: '+16267444000' }],
  permitCutoffHour: 15,
  administrativeArea: null,
  administrativeAreas: [],
};
export const TASKS = [
  { id: 1, name: 'Building: addition' },
  { id: 3, name: 'Roofing: re-roof' },
  { id: 7, name: 'Electrical: EV charger' },
  { id: 9, name: 'Solar PV' },
  { id: 12, name: 'Plumbing: water heater' },
];
export const COMPANY_WALL = notificationWall(DEFAULT_SETTINGS, 'company', MUNICIPALITY.name);
export const DIY_WALL = notificationWall(DEFAULT_SETTINGS, 'doItYourself', MUNICIPALITY.name);

export const FORM_52: FormDefinition = {
  id: 52,
  title: 'Permit Request',
  submitLabel: 'Request Permit',
  fields: [
    { name: 'JobSiteAddress', label: 'Job Site Address', type: 'address', required: true, readOnly: true },
    { name: 'CustomerName', label: 'Customer Name', type: 'text', required: true, maxLength: 200, help: 'The property owner the permit is for.' },
    { name: 'ContactEmail', label: 'Contact Email', type: 'email', required: true, maxLength: 100 },
    { name: 'ContactPhoneNumber', label: 'Contact Phone Number', type: 'phone', required: true },
    { name: 'DescriptionOfWork', label: 'Description of Work', type: 'textarea', required: true, maxLength: 2000 },
    { name: 'JobValue', label: 'Job Value', type: 'currency', required: true, help: 'Labor and materials, in dollars.' },
    { name: 'EstimatedStartDate', label: 'Estimated Start Date', type: 'date', required: false },
    { name: 'StateLicenseNumber', label: 'State License Number', type: 'text', required: false, maxLength: 100 },
  ],
};
export const ENTRY: PermitFormEntry = {
  MunicipalityID: 12,
  MunicipalityName: 'City of Pasadena',
  TaskID: 3,
  TaskName: 'Roofing: re-roof',
  DescriptionOfWork: '',
  JobSiteAddress: { Line1: '100 N Garfield Ave', Line2: '', City: 'Pasadena', State: 'CA', PostalCode: '91101', Country: 'US' },
  ContactEmail: 'jordan@leeroofing.example',
  ContactPhoneNumber: '+16265550123',
  CustomerName: 'Jordan Lee',
  ApplicantType: 'Company',
  IsReadOnlyAddressPermit: false,
  StateLicenseNumber: 'C-39 1002003',
};

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
