// Loading indicator with an accessible name.
export function Spinner({ label = 'Loading', large = false }: { label?: string; large?: boolean }) {
  return (
    <span role="status" className="row">
      <span className={large ? 'spinner spinner--lg' : 'spinner'} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

export function PageSpinner() {
  return (
    <div className="route-loading">
      <Spinner large />
    </div>
  );
}
