import { Button, type ButtonProps } from "antd";
import { useNavigate } from "react-router";

/** A link that looks like a button: a real <a href> (open in a new tab works) navigating inside the app. */
export function RouterButton({ to, disabled, ...props }: Omit<ButtonProps, "href" | "onClick"> & { to: string }) {
  const navigate = useNavigate();
  if (disabled) return <Button {...props} disabled />;
  return (
    <Button
      {...props}
      href={to}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void navigate(to);
      }}
    />
  );
}
