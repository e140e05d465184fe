import { type IconProps, Svg } from "../../ui/icons";

/** Two opposite arrows (export / import), drawn like the shell's line icons. */
export const TransferIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M7 4v13" />
    <path d="m3 13 4 4 4-4" />
    <path d="M17 20V7" />
    <path d="m13 11 4-4 4 4" />
  </Svg>
);
