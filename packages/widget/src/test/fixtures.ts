// One visit's data, shared by the fake server of the tests (fake-permitdesk.ts) and the widget stories
// (package export '@permitdesk/widget/test-fixtures'): a Pasadena job site as the address search
// returns it, its geocoding and municipality, the tasks, form 52 and its entry prefill.
import type { AddressSearchResult, FormDefinition, GeocodedAddress, Municipality, PermitFormEntry, Task } from '@permitdesk/core';

/** As the server's address search answers (names end in ', United States'; the runtime strips it). */
export const ADDRESSES: AddressSearchResult[] = [
  {
    id: 'address.4821',
    center: [-118.1445, 34.1478],
    place_name: '100 N Garfield Ave, Pasadena, CA 91101, United States',
    matching_place_name: '100 N Garfield Ave, Pasadena, CA 91101',
    street_line: '100 N Garfield Ave',
  },
  {
    id: 'address.77',
    center: [-118.25, 34.05],
    place_name: '1 Main St, Los Angeles, CA 90012, United States',
    matching_place_name: '1 Main St, Los Angeles, CA 90012',
    street_line: '1 Main St',
  },
];
export const GEOCODED: GeocodedAddress = {
  address: '100 N Garfield Ave',
  city: 'Pasadena',
  state: 'CA',
  zip: '91101',
  streetAddress: '100 N Garfield Ave',
  streetModifier: null,
  // ZIP+4: the detail view shows the first five digits.
  postalCode: '91101-1234',
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
export const TASKS: Task[] = [
  { id: 1, name: 'Building: addition' },
  { id: 3, name: 'Roofing: re-roof' },
  { id: 7, name: 'Electrical: EV charger' },
  { id: 9, name: 'Solar PV' },
  { id: 12, name: 'Plumbing: water heater' },
];
export const FORM_52: FormDefinition = {
  id: 52,
  title: 'Permit Request',
  submitLabel: 'Request Permit',
  fields: [
    { name: 'JobSiteAddress', label: 'Job Site Address', type: 'address', required: true, readOnly: true },
    { name: 'CustomerName', label: 'Customer Name', type: 'text', required: true, maxLength: 200, help: 'The property owner the permit is for.' },
    { name: 'ContactPhoneNumber', label: 'Contact Phone Number', type: 'phone', required: true },
    { name: 'DescriptionOfWork', label: 'Description of Work', type: 'textarea', required: true, maxLength: 2000 },
    { name: 'JobValue', label: 'Job Value', type: 'currency', required: true, help: 'Labor and materials, in dollars.' },
    { name: 'EstimatedStartDate', label: 'Estimated Start Date', type: 'date', required: false },
    { name: 'StateLicenseNumber', label: 'State License Number', type: 'text', required: false, maxLength: 100, applicants: ['Company'] },
  ],
};
/** Form 52's prefill for the first task at the first address (license lookup included). */
export const ENTRY: PermitFormEntry = {
  MunicipalityID: MUNICIPALITY.id,
  MunicipalityName: MUNICIPALITY.name,
  TaskID: 3,
  TaskName: 'Roofing: re-roof',
  DescriptionOfWork: '',
  JobSiteAddress: { Line1: '100 N Garfield Ave', Line2: '', City: 'Pasadena', State: 'CA', PostalCode: '91101', Country: 'US' },
  ContactPhoneNumber: '+16265550100',
  CustomerName: 'Pat Builder',
  ApplicantType: 'Individual',
  IsReadOnlyAddressPermit: false,
  StateLicenseNumber: 'C-39 1002003',
};
