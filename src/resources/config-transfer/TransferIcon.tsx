/** Two opposite arrows (export / import), drawn like the shell's line icons. */
export function TransferIcon({ size = 18, className }: { size?: number; className?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path d="M7 4v13" />
      <path d="m3 13 4 4 4-4" />
      <path d="M17 20V7" />
      <path d="m13 11 4-4 4 4" />
    </svg>
  );
}
