import { Button, type ButtonProps } from "antd";
import type { MouseEvent } from "react";
import { useHref, useNavigate } from "react-router";

/** A link that looks like an antd button: a real <a href> (opens in a new tab with a modifier), routed in place. */
export function LinkButton({ to, ...props }: Omit<ButtonProps, "href" | "onClick"> & { to: string }) {
  const navigate = useNavigate();
  const href = useHref(to);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  return <Button {...props} href={href} onClick={onClick} />;
}
