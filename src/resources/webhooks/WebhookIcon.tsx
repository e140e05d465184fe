import { type IconProps, Svg } from "../../ui/icons";

/** Three linked nodes (a hook out to other tools), drawn like the shell's line icons. */
export const WebhookIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="6" cy="17" r="2.5" />
    <circle cx="18" cy="17" r="2.5" />
    <circle cx="12" cy="6" r="2.5" />
    <path d="M10.8 8.2 7.2 14.8" />
    <path d="M8.5 17h7" />
    <path d="m13.2 8.2 3.6 6.6" />
  </Svg>
);
