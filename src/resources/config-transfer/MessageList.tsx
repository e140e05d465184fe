import { Alert } from "antd";

/** Errors or warnings of an import, as a titled list. */
export function MessageList({ type, title, items }: { type: "error" | "warning"; title: string; items: string[] }) {
  return (
    <Alert
      className="ct-section"
      type={type}
      showIcon
      message={title}
      description={
        items.length > 0 ? (
          <ul className="ct-messages">
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}
