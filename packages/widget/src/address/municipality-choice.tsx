// The address-ambiguity question under the address detail view (SPEC §2.8): when the job site is near city
// limits, or placed at the centre of a ZIP code that reaches into several counties, and the data cannot
// tell, the municipalities to choose from, under a line saying why. A chunk of its own, fetched only when
// the located municipality has alternatives, so it is not part of the widget's through-form budget
// (build/size-budget.mjs, ON_DEMAND).
import { useState } from 'react';
import type { LocatedMunicipality } from '@permitdesk/core';

export interface MunicipalityChoiceProps {
  /** Has alternatives: the component is drawn only then. */
  municipality: LocatedMunicipality;
  onChoose?(choice: { slug: string }): void;
}

export function MunicipalityChoice({ municipality: m, onChoose }: MunicipalityChoiceProps) {
  // Why, as the first answer said: once another is chosen, the first answer is offered back without a reason.
  const [zip] = useState(() => m.alternatives!.some((o) => o.reason === 'zip-county'));
  return (
    <fieldset className="pd-wide pd-choices">
      <legend className="pd-label">{zip ? 'This ZIP code reaches into several counties' : 'Near city limits'}: who issues permits?</legend>
      {/* The one chosen first (the widget size budget has no room for a stable order). */}
      {[m, ...m.alternatives!].map((o) => (
        // No key: a short list drawn whole each time (widget size budget).
        <label>
          <input type="radio" checked={o === m} onChange={() => onChoose!(o)} /> {o.name}
          {o.kind === 'county' && ' (unincorporated)'}
        </label>
      ))}
    </fieldset>
  );
}
