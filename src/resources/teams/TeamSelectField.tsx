import { Select } from "antd";
import type { ReactNode } from "react";

export interface TeamSelectFieldProps {
  id: string;
  placeholder: string;
  options: { value: string; label: string }[];
  value: string | undefined;
  notFoundContent: ReactNode;
  onChange: (value: string | null) => void;
  /** Open and focused as it mounts (it replaced the light button the user just pressed). */
  autoOpen?: boolean;
}

/** antd's searchable select of the teams (loaded on first use, see TeamSelect). */
export default function TeamSelectField({ id, placeholder, options, value, notFoundContent, onChange, autoOpen }: TeamSelectFieldProps) {
  return (
    <Select
      id={id}
      className="teams-select"
      showSearch
      allowClear
      autoFocus={autoOpen}
      defaultOpen={autoOpen}
      placeholder={placeholder}
      options={options}
      value={value}
      optionFilterProp="label"
      filterOption={(input, option) =>
        String(option?.label ?? "")
          .toLowerCase()
          .includes(input.trim().toLowerCase())
      }
      notFoundContent={notFoundContent}
      onChange={(next: string | undefined) => onChange(next ?? null)}
    />
  );
}
