// Shared test data for the flow tests (test-only; not exported from the package).
import type { AddressSearchResult, GeocodedAddress, Municipality, NotificationWall } from '@permitdesk/core';

export const address: AddressSearchResult = {
  id: 'address.4821',
  center: [-118.1445, 34.1478],
  place_name: '100 N Garfield Ave, Pasadena, CA 91101',
  matching_place_name: '100 N Garfield Ave, Pasadena, CA 91101',
  street_line: '100 N Garfield Ave',
};
export const geocoded: GeocodedAddress = {
  address: '100 N Garfield Ave', city: 'Pasadena', state: 'CA', zip: '91101', streetAddress: '100 N Garfield Ave',
  streetModifier: null, postalCode: '91101', longitude: -118.1445, latitude: 34.1478,
};
export const companyAddress: AddressSearchResult = {
  id: 'address.77', center: [-118.25, 34.05], place_name: '1 Main St, Los Angeles, CA 90012',
  matching_place_name: '1 Main St, Los Angeles, CA 90012', street_line: '1 Main St',
};
export const municipality: Municipality = {
  id: 12, name: 'City of Pasadena', slug: 'ca/los-angeles-county/pasadena/city-of-pasadena', kind: 'city', stateCode: 'CA',
  countyName: 'Los Angeles County', latitude: 34.1478, longitude: -118.1445,
  phoneNumbers: [{ label: 'main', phoneNumber: '+16267444000' }], permitCutoffHour: 15, administrativeArea: null, administrativeAreas: [],
};
export const task = { id: 3, name: 'Roofing' };
export const wall = (who: string): NotificationWall => ({
  titleHeaderForm: `${who} notice for {municipalityName}`,
  descriptionsHeaderForm: 'We are not {municipalityName}.',
  textCheckBox: 'I understand',
  descriptionsFooterForm: 'Footer',
  titleFooterForm: 'Contact us',
});
