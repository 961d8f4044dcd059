/** One date of a period (yyyy-mm-dd), up to `max`; clearing the field keeps the last date. */
export function DateInput({
  label,
  name,
  value,
  max,
  onValue,
}: {
  label: string;
  name: string;
  value: string;
  max: string;
  onValue: (value: string) => void;
}) {
  return (
    <label className="flex min-w-0 flex-col gap-1">
      <span className="text-sm font-medium">{label}</span>
      <input
        type="date"
        className="input w-full"
        name={name}
        value={value}
        max={max}
        required
        onChange={(e) => e.target.value && onValue(e.target.value)}
      />
    </label>
  );
}
