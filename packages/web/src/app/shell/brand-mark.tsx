/** The app's mark: a street-light head with its beam, drawn inline so it follows the text colour. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-blue-filled)" />
      <path d="M9 26V12a5 5 0 0 1 5-5h8" stroke="#fff" strokeWidth="2.2" fill="none" strokeLinecap="round" />
      <rect x="17" y="5.5" width="9" height="3.6" rx="1.6" fill="#fff" />
      <path d="M18 9.4 L25 9.4 L28 19 L15 19 Z" fill="#ffd43b" opacity="0.85" />
    </svg>
  );
}
