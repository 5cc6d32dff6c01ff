// The chosen address (SPEC §2.8 address detail view): address 1, city, state and zip read-only, the
// second line editable, and a 'Change address' link back to the search box. Below: 'street not verified'
// for the built-in gazetteer's answers, and, when the data cannot tell, the municipalities to choose from.
import { Suspense } from 'react';
import type { GeocodedAddress, LocatedMunicipality } from '@permitdesk/core';
import { eager } from '../modal/eager.js';
import { TextField } from '../ui/text-field.js';
import { ADDRESS_MESSAGES } from './address-messages.js';

const MunicipalityChoice = eager(() => import('./municipality-choice.js').then((m) => m.MunicipalityChoice));

export interface AddressDetailProps {
  address: Pick<GeocodedAddress, 'streetAddress' | 'city' | 'state' | 'postalCode' | 'verified'>;
  /** The job site's municipality: its alternatives, when any, are offered to choose from. */
  municipality?: LocatedMunicipality | null | undefined;
  onChoose?(choice: { slug: string }): void;
  line2: string;
  onLine2(value: string): void;
  onChange(): void;
  /** Label of the second line: the job site's optional line or the company's. */
  line2Label?: string;
}

export function AddressDetail({ address, line2, onLine2, onChange, line2Label = 'Address 2 (optional)', municipality: m, onChoose }: AddressDetailProps) {
  const readOnly = (label: string, value: string, className?: string, hint?: string | false) => (
    <TextField label={label} value={value} onValue={() => undefined} readOnly className={className} hint={hint} />
  );
  return (
    <div className="pd-detail">
      {/* Words here, not in ADDRESS_MESSAGES: the first view does not carry them (widget size budget). */}
      {readOnly('Address 1', address.streetAddress, 'pd-wide', address.verified === false && 'Street not verified: ZIP or city location.')}
      <TextField
        className="pd-wide"
        label={line2Label}
        placeholder={ADDRESS_MESSAGES.detailPlaceholder}
        value={line2}
        onValue={onLine2}
        maxLength={100}
        autoComplete="address-line2"
      />
      {readOnly('City', address.city)}
      {readOnly('State', address.state)}
      {readOnly('Zip', address.postalCode.slice(0, 5))}
      <div>
        <button type="button" className="pd-link" onClick={onChange}>
          {ADDRESS_MESSAGES.change}
        </button>
      </div>
      {m?.alternatives ? (
        // Its own chunk, fetched only now (widget size budget: not on the way to the form).
        <Suspense fallback={null}>
          <MunicipalityChoice municipality={m} onChoose={onChoose} />
        </Suspense>
      ) : null}
    </div>
  );
}
