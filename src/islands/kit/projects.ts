import { useStore } from "@nanostores/react";
import { $project } from "../../stores/project.ts";

export type ProjectRef = { id: number; name: string; color: string };

/** The brand project first, then its competitors, each with its chart colour. */
export function useBrandAndCompetitors(): ProjectRef[] {
  const project = useStore($project);
  if (!project) return [];
  return [
    { id: project.id, name: project.name, color: project.color },
    ...project.children_competitor.map((c) => ({ id: c.id, name: c.name, color: c.color })),
  ];
}
