import { DatePicker } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { isoDay } from "../engine/ticket-statistics-format";

/** The custom range of the Statistics screen: its own chunk, loaded when "Custom" is chosen. */
export default function RangePicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: { from: string; to: string };
  onChange: (range: { from: string; to: string }) => void;
}) {
  return (
    <DatePicker.RangePicker
      aria-label={label}
      allowClear={false}
      value={[dayjs(value.from), dayjs(value.to)]}
      onChange={(values) => {
        const [a, b] = (values ?? []) as [Dayjs | null, Dayjs | null];
        if (a && b) onChange({ from: isoDay(a.toDate()), to: isoDay(b.toDate()) });
      }}
    />
  );
}
