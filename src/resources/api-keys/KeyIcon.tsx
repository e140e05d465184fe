import { type IconProps, Svg } from "../../ui/icons";

/** A key, drawn like the shell's line icons. */
export const KeyIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="8" cy="15" r="4" />
    <path d="m11 12 9-9" />
    <path d="m17 6 3 3" />
    <path d="m14 9 2 2" />
  </Svg>
);
