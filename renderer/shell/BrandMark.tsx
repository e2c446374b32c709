// The app's mark: a mortarboard on a rounded square, drawn inline.
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg className="brand-mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--accent)" />
      <path d="M6 13l10-5 10 5-10 5z" fill="var(--accent-contrast)" />
      <path d="M10 15.5v4.5c0 1.7 2.7 3.2 6 3.2s6-1.5 6-3.2v-4.5l-6 3z" fill="var(--accent-contrast)" opacity=".85" />
    </svg>
  );
}
