import { useId } from "react";

/** The product mark (same drawing as the public site's): a ticket with a check, in the brand gradient. */
export function LogoMark({ size = 28 }: { size?: number }) {
  const gradientId = `logo-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#14b8a6" />
        </linearGradient>
      </defs>
      <path
        d="M6 6h20a3 3 0 0 1 3 3v3.2a3.8 3.8 0 0 0 0 7.6V23a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3v-3.2a3.8 3.8 0 0 0 0-7.6V9a3 3 0 0 1 3-3z"
        fill={`url(#${gradientId})`}
      />
      <path d="m11 16.2 3.2 3.2 6.8-6.8" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
