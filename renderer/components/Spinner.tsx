// Waiting without a known end: a spinner, announced when it has a label (Progress is the bar with an end).

/** An indeterminate spinner; with `label` it is announced as a status, otherwise decorative. */
export function Spinner({ size = 16, label }: { size?: number; label?: string }) {
  const spinner = <span className="spinner" style={{ width: size, height: size }} aria-hidden="true" />;
  if (!label) return spinner;
  return (
    <span className="spinner-labelled" role="status">
      {spinner}
      <span>{label}</span>
    </span>
  );
}
