import { useTranslation } from "react-i18next";
import { Dropdown } from "../../ui/Dropdown.tsx";

const ALL = "all";

type Props = {
  label: string;
  options: { value: number; label: string }[];
  value: number | null;
  onChange: (value: number | null) => void;
  id: string;
  searchable?: boolean;
  disabled?: boolean;
};

/** One choice or "all" (no filter), as the spec's filters offer it. */
export function ChoiceFilter({ label, options, value, onChange, id, searchable = false, disabled = false }: Props) {
  const { t } = useTranslation();
  return (
    <Dropdown
      id={id}
      label={label}
      options={[{ value: ALL, label: t("filters.all") }, ...options]}
      value={value ?? ALL}
      onChange={(chosen) => onChange(chosen === ALL ? null : Number(chosen))}
      searchable={searchable}
      disabled={disabled}
    />
  );
}
