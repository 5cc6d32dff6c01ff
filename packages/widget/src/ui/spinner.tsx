// A small spinning ring; decorative, so screen readers hear the surrounding text instead.
export function Spinner({ label }: { label?: string }) {
  return label ? (
    <span role="status" className="pd-spin">
      <span className="pd-sr">{label}</span>
    </span>
  ) : (
    <span className="pd-spin" aria-hidden="true" />
  );
}
