import { useTranslation } from "react-i18next";
import type { ProjectForm } from "../../client/types.ts";
import { MAX_COMPETITORS, MAX_EXCLUDE_KEYWORDS } from "../../shared/limits.ts";
import { brandOptions } from "../../ui/brand-options.ts";
import { Dropdown } from "../../ui/Dropdown.tsx";
import { KeywordInput } from "../../ui/KeywordInput.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { useItemKeys } from "../../ui/use-item-keys.ts";
import { QueryField } from "./QueryField.tsx";

type Props = {
  brands: Record<string, string>;
  values: ProjectForm;
  errors: Record<string, string>;
  onChange: (next: ProjectForm, changedField: string) => void;
};

/**
 * The project form of spec §2/§5: brand, name, keywords, and 0–2 competitors, each with a name and keywords; each brand
 * also with its excluded words (issue 38).
 */
export function ProjectFormFields({ brands, values, errors, onChange }: Props) {
  const { t } = useTranslation();
  const competitorKeys = useItemKeys(values.competitors.length);
  const set = (patch: Partial<ProjectForm>, field: string) => onChange({ ...values, ...patch }, field);
  const setCompetitor = (index: number, patch: Partial<ProjectForm["competitors"][number]>, field: string) =>
    set({ competitors: values.competitors.map((c, i) => (i === index ? { ...c, ...patch } : c)) }, `competitors.${index}.${field}`);

  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-4 desktop:grid-cols-2">
        <Dropdown
          label={t("field.brand_id")}
          name="brand_id"
          options={brandOptions(brands)}
          value={values.brand_id}
          placeholder={t("project.brand_placeholder")}
          onChange={(value) => set({ brand_id: Number(value) }, "brand_id")}
          error={errors.brand_id}
        />
        <TextField
          label={t("field.name")}
          name="name"
          value={values.name}
          maxLength={30}
          hint={t("project.name_hint")}
          onValue={(name) => set({ name }, "name")}
          error={errors.name}
        />
      </div>
      <KeywordInput
        label={t("field.keywords")}
        name="keywords"
        value={values.keywords}
        onChange={(keywords) => set({ keywords }, "keywords")}
        error={errors.keywords}
      />
      <KeywordInput
        label={t("field.exclude_keywords")}
        name="exclude_keywords"
        value={values.exclude_keywords}
        max={MAX_EXCLUDE_KEYWORDS}
        tone="excluded"
        hint={t("project.exclude_hint")}
        onChange={(exclude_keywords) => set({ exclude_keywords }, "exclude_keywords")}
        error={errors.exclude_keywords}
      />
      <QueryField name="query" value={values.query} onChange={(query) => set({ query }, "query")} error={errors.query} />

      <div className="flex flex-col gap-4">
        <div className="flex items-center justify-between">
          <h3 className="font-semibold">{t("field.competitors")}</h3>
          {values.competitors.length < MAX_COMPETITORS && (
            <button
              type="button"
              className="btn btn-outline btn-sm"
              data-testid="add-competitor"
              onClick={() =>
                set({ competitors: [...values.competitors, { name: "", keywords: [], exclude_keywords: [], query: null }] }, "competitors")
              }
            >
              + {t("project.add_competitor")}
            </button>
          )}
        </div>
        {errors.competitors && <p className="text-sm text-error">{errors.competitors}</p>}
        {values.competitors.map((competitor, index) => (
          <fieldset key={competitorKeys.keys[index]} className="rounded-box border border-base-300 p-4" data-testid={`competitor-${index}`}>
            <legend className="px-1 text-sm font-medium">{t("project.competitor_n", { n: index + 1 })}</legend>
            <div className="flex flex-col gap-4">
              <TextField
                label={t("field.competitors.name")}
                name={`competitors.${index}.name`}
                value={competitor.name}
                maxLength={30}
                onValue={(name) => setCompetitor(index, { name }, "name")}
                error={errors[`competitors.${index}.name`]}
              />
              <KeywordInput
                label={t("field.keywords")}
                name={`competitors.${index}.keywords`}
                value={competitor.keywords}
                onChange={(keywords) => setCompetitor(index, { keywords }, "keywords")}
                error={errors[`competitors.${index}.keywords`]}
              />
              <KeywordInput
                label={t("field.exclude_keywords")}
                name={`competitors.${index}.exclude_keywords`}
                value={competitor.exclude_keywords}
                max={MAX_EXCLUDE_KEYWORDS}
                tone="excluded"
                onChange={(exclude_keywords) => setCompetitor(index, { exclude_keywords }, "exclude_keywords")}
                error={errors[`competitors.${index}.exclude_keywords`]}
              />
              <QueryField
                name={`competitors.${index}.query`}
                value={competitor.query}
                onChange={(query) => setCompetitor(index, { query }, "query")}
                error={errors[`competitors.${index}.query`]}
              />
              <button
                type="button"
                className="btn btn-ghost btn-sm self-end text-error"
                onClick={() => {
                  competitorKeys.remove(index);
                  set({ competitors: values.competitors.filter((_, i) => i !== index) }, "competitors");
                }}
              >
                {t("project.remove_competitor")}
              </button>
            </div>
          </fieldset>
        ))}
      </div>
    </div>
  );
}
