// The statement SPEC §1 requires in the copy: a professional service, not the municipality.
import { CoverageCount } from './coverage-count.js';

export function ServiceNotice() {
  return (
    <p className="notice">
      PermitDesk is a professional permit service. We are not the municipality and we are not affiliated with any county or
      municipality: we interact with the municipality on your behalf. Coverage today: <CoverageCount /> municipalities.
    </p>
  );
}
