import { can, type Role } from '@insight/shared';
import { systemUniverses, type UniverseSummary } from '@insight/shared/market/schemas';

const builtInNames: ReadonlySet<string> = new Set(systemUniverses.map((universe) => universe.name));

/** Spec 002 §6, as the server enforces it: who may edit or delete which universe (to show the controls). */
export const universeRights = {
  create: (roles: readonly Role[]) => can(roles, 'universes.edit'),
  edit: (roles: readonly Role[], universe: Pick<UniverseSummary, 'name' | 'system'>) =>
    universe.system
      ? can(roles, 'universes.editSystem') && !builtInNames.has(universe.name)
      : can(roles, 'universes.edit'),
  remove: (roles: readonly Role[], universe: Pick<UniverseSummary, 'system'>) =>
    !universe.system && can(roles, 'universes.edit'),
};

/** MM/dd/yyyy (spec 002 §9's date shape). */
export function formatUniverseDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getMonth() + 1)}/${two(date.getDate())}/${date.getFullYear()}`;
}
