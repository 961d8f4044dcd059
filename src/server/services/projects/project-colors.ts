import colors from "../../../shared/colors.json" with { type: "json" };

/** The brand keeps the default light blue (spec §3); competitors take the next palette colours. */
export function projectColor(position: number): string {
  return position === 0 ? colors.project.default : colors.project.palette[(position - 1) % colors.project.palette.length];
}
