// The phone input mask of SPEC §2.8, '+1 (999) 999-9999 x99999': digits typed or pasted are placed
// into the pattern as they come. Validation stays with core's parsePhone.
const PATTERN = '+1 (999) 999-9999 x99999';

export function maskPhone(input: string): string {
  let rest = input.trim();
  if (rest.startsWith('+1')) rest = rest.slice(2);
  let digits = rest.replace(/\D/g, '');
  if (!input.trim().startsWith('+1') && digits.length >= 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits === '') return '';
  let out = '';
  let next = 0;
  for (const char of PATTERN) {
    if (next >= digits.length) break;
    if (char === '9') out += digits[next++];
    else out += char;
  }
  return out;
}
