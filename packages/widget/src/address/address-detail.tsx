// The chosen address (SPEC §2.8 address detail view): address 1, city, state and zip read-only, the
// second line editable, and a 'Change address' link back to the search box.
import type { GeocodedAddress } from '@permitdesk/core';
import { TextField } from '../ui/text-field.js';
import { ADDRESS_MESSAGES } from './address-messages.js';

export interface AddressDetailProps {
  address: Pick<GeocodedAddress, 'streetAddress' | 'city' | 'state' | 'postalCode'>;
  line2: string;
  onLine2(value: string): void;
  onChange(): void;
  /** Label of the second line: the job site's optional line or the company's. */
  line2Label?: string;
}

export function AddressDetail({ address, line2, onLine2, onChange, line2Label = 'Address 2 (optional)' }: AddressDetailProps) {
  const readOnly = (label: string, value: string, className?: string) => (
    <TextField label={label} value={value} onValue={() => undefined} readOnly className={className} />
  );
  return (
    <div className="pd-detail">
      {readOnly('Address 1', address.streetAddress, 'pd-wide')}
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
    </div>
  );
}
