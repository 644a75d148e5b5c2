import "./admin-texts.ts";
import type { Role } from "@igp/shared";

const SUPER: Role[] = ["superAdmin"];
/** The screens an auditor reads too (read-only: the server refuses its writes). */
const READ: Role[] = ["admin", "superAdmin", "auditor"];

/**
 * The back office menu (admin spec sections 2 and 6), in its order, with the roles that see each
 * entry.
 */
export const ADMIN_MENU: { path: string; label: string; roles: Role[] }[] = [
  { path: "", label: "admin.menu.dashboard", roles: READ },
  { path: "deposits", label: "admin.menu.deposits", roles: READ },
  { path: "withdrawals", label: "admin.menu.withdrawals", roles: READ },
  { path: "transactions", label: "admin.menu.transactions", roles: READ },
  { path: "players", label: "admin.menu.players", roles: SUPER },
  { path: "sub-admins", label: "admin.menu.subAdmins", roles: SUPER },
  { path: "games", label: "admin.menu.games", roles: SUPER },
  { path: "banks", label: "admin.menu.banks", roles: SUPER },
  { path: "withdraw-methods", label: "admin.menu.withdrawMethods", roles: SUPER },
  { path: "social-links", label: "admin.menu.socials", roles: SUPER },
  { path: "request-charge", label: "admin.menu.requestCharge", roles: ["admin"] },
  { path: "settings", label: "admin.menu.settings", roles: SUPER },
  { path: "reset-passwords", label: "admin.menu.resetPasswords", roles: SUPER },
  { path: "reports", label: "admin.menu.reports", roles: READ },
  { path: "activity", label: "admin.menu.activity", roles: SUPER },
  { path: "ledger", label: "admin.menu.ledger", roles: ["superAdmin", "auditor"] },
  { path: "auditors", label: "admin.menu.auditors", roles: SUPER },
  { path: "linked-accounts", label: "admin.menu.linkedAccounts", roles: ["superAdmin", "auditor"] },
  { path: "change-password", label: "admin.menu.changePassword", roles: READ },
];

export const menuFor = (role: Role) => ADMIN_MENU.filter((entry) => entry.roles.includes(role));

/** The menu entry's path of a back-office address: /admin/dashboard/<entry>. */
const entryPath = (pathname: string) =>
  pathname.replace(/^\/admin\/dashboard\/?/, "").replace(/\/$/, "");

/** Whether `pathname` is a back-office screen at all (for some role). */
export const isScreen = (pathname: string) =>
  ADMIN_MENU.some((entry) => entry.path === entryPath(pathname));

/** Whether `role` may open the back-office screen at `pathname`. */
export function screenAllowed(role: Role, pathname: string): boolean {
  return menuFor(role).some((entry) => entry.path === entryPath(pathname));
}
