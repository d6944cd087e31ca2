// Flags roles whose pay total depends on a break the platform reports as 0 (platform-api.md
// §4.4 rule 7: roles created before the fix of 2026-09-21). Editing such a role recomputes its
// total without the break, so the view tells the model before it plans an edit.
import { type LegacyRoleInput, legacyBreak } from '../rules/pay.js';

export function legacyBreakInfo(
  role: Omit<LegacyRoleInput, 'createdAt'> & { createdAt?: string | null },
): string | undefined {
  // Only a role reporting no break can hide one: the others are not looked at further.
  if (!role.createdAt || role.breakPeriod !== 0) return undefined;
  const legacy = legacyBreak({ ...role, createdAt: role.createdAt });
  if (!legacy) return undefined;
  return `total ${legacy.totalBefore} includes a ${legacy.hiddenBreakMinutes}m break reported as 0 (created before 2026-09-21); any edit makes it ${legacy.totalNoBreak}`;
}
