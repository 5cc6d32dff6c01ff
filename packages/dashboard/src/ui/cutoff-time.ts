// permitCutoffHour (0–23, local time of the municipality) as 'Cutoff Time 3:00 PM' text.
export function formatCutoffHour(hour: number): string {
  const suffix = hour < 12 ? 'AM' : 'PM';
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:00 ${suffix}`;
}
