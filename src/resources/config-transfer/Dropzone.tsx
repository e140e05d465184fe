import { useId, useState, type ReactNode } from "react";

/** A file chosen by a click (or Enter/Space: it is a labelled file input) or dropped on the area. */
export function Dropzone({
  accept,
  disabled,
  onFile,
  children,
}: {
  accept: string;
  disabled?: boolean;
  onFile: (file: File) => void;
  children: ReactNode;
}) {
  const id = useId();
  const [over, setOver] = useState(false);
  return (
    <label
      htmlFor={id}
      className={["ct-dropzone", over && "ct-dropzone-over", disabled && "ct-dropzone-disabled"].filter(Boolean).join(" ")}
      onDragOver={(event) => {
        if (disabled) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const file = event.dataTransfer.files[0];
        if (!disabled && file) onFile(file);
      }}
    >
      <input
        id={id}
        type="file"
        className="ct-file-input"
        accept={accept}
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) onFile(file);
        }}
      />
      {children}
    </label>
  );
}
