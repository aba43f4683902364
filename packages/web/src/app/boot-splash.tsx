/**
 * The top bar of index.html (`.boot-bar`, styled there) as React renders it while the first screen's code is still
 * on its way: the page keeps what the visitor already sees instead of going blank between the two.
 */
export function BootSplash() {
  return (
    <>
      <div className="boot-bar" aria-busy="true">
        <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
          <rect width="32" height="32" rx="8" fill="#1971c2" />
          <path d="M9 26V12a5 5 0 0 1 5-5h8" stroke="#fff" strokeWidth="2.2" fill="none" strokeLinecap="round" />
          <rect x="17" y="5.5" width="9" height="3.6" rx="1.6" fill="#fff" />
          <path d="M18 9.4 L25 9.4 L28 19 L15 19 Z" fill="#ffd43b" opacity="0.85" />
        </svg>
        <span>Işık LED</span>
      </div>
      <div className="boot-page" />
    </>
  );
}
