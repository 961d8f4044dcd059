import { type } from "arktype";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Project, ProjectForm } from "../../client/types.ts";
import { ProjectBody } from "../../shared/schemas/project.ts";
import { fieldMessages } from "../../shared/schemas/problems.ts";
import { translateFieldMessages } from "../../ui/field-errors.ts";

export const EMPTY_PROJECT_FORM: ProjectForm = {
  brand_id: null,
  name: "",
  keywords: [],
  exclude_keywords: [],
  query: null,
  competitors: [],
};

export function formFromProject(project: Project): ProjectForm {
  return {
    brand_id: project.brand_id,
    name: project.name,
    keywords: project.keywords.map((k) => k.name),
    exclude_keywords: project.exclude_keywords,
    query: project.query,
    competitors: project.children_competitor.map((c) => ({
      name: c.name,
      keywords: c.keywords.map((k) => k.name),
      exclude_keywords: c.exclude_keywords,
      query: c.query,
    })),
  };
}

/** Project form state: validated with the API's own schema, a field's error cleared as soon as it changes (spec §4). */
export function useProjectForm(initial: ProjectForm, onEdit?: () => void) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const change = (next: ProjectForm, field: string) => {
    setValues(next);
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => name !== field && !name.startsWith(`${field}.`))));
    onEdit?.();
  };

  const validate = (): boolean => {
    const result = ProjectBody({ ...values, brand_id: values.brand_id ?? undefined });
    if (!(result instanceof type.errors)) return true;
    setErrors(translateFieldMessages(t, fieldMessages(result)));
    return false;
  };

  const showServerErrors = (fields: Record<string, string[]>) =>
    setErrors(
      Object.fromEntries(
        Object.entries(fields)
          .filter(([name]) => name !== "message")
          .map(([name, list]) => [name, list[0]]),
      ),
    );

  return { values, setValues, errors, change, validate, showServerErrors };
}
