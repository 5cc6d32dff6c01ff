// Apply contractor (SPEC §2.5, 'Tell us about your company'): Company Name, Company Address (the address
// search box) and its optional second line. Next shows only with a name (not known to be taken) and a
// selected address; a taken name's message shows at the name field (issue 18).
import type { AddressSearchResult } from '@permitdesk/core';
import { companyNameSchema } from '@permitdesk/core';
import { AddressSearchBox } from '../address/address-search-box.js';
import { ADDRESS_MESSAGES } from '../address/address-messages.js';
import type { AddressSearch } from '../address/use-address-search.js';
import { StepForm } from '../ui/step-form.js';
import { TextField } from '../ui/text-field.js';
import { useChecks } from '../ui/use-checks.js';

export interface CompanyStepProps {
  companyName: string;
  onCompanyName(value: string): void;
  search: AddressSearch;
  companyAddress: AddressSearchResult | null;
  onCompanyAddress(result: AddressSearchResult | null): void;
  line2: string;
  onLine2(value: string): void;
  showNext: boolean;
  /** The company name refused by the server ('Company name has already been taken...'): shown at the field. */
  error?: string | null;
  onBack(): void;
  onNext(): void;
}

export function CompanyStep(props: CompanyStepProps) {
  const checks = useChecks({ name: [companyNameSchema, props.companyName] });
  const name = checks.field('name');
  return (
    <StepForm onSubmit={() => props.showNext && props.onNext()} onBack={props.onBack} submit={props.showNext ? 'Next' : null}>
      <TextField label="Company Name" autoComplete="organization" value={props.companyName} onValue={props.onCompanyName} {...name} error={name.error ?? props.error} maxLength={200} />
      {props.companyAddress ? (
        <div className="pd-field">
          <span className="pd-label">Company Address</span>
          <p className="pd-sub">{props.companyAddress.place_name}</p>
          <div>
            <button type="button" className="pd-link" onClick={() => props.onCompanyAddress(null)}>
              {ADDRESS_MESSAGES.change}
            </button>
          </div>
        </div>
      ) : (
        <AddressSearchBox label="Company Address" search={props.search} onPick={props.onCompanyAddress} />
      )}
      <TextField
        label="Company Address 2 (optional)"
        placeholder={ADDRESS_MESSAGES.detailPlaceholder}
        autoComplete="address-line2"
        value={props.line2}
        onValue={props.onLine2}
        maxLength={100}
      />
    </StepForm>
  );
}
