import type { Role } from "@igp/shared";

/** The back office menu (admin spec sections 2 and 6): each entry and the roles that see it. */
export const ADMIN_MENU: { path: string; label: string; roles: Role[] }[] = [
  { path: "", label: "admin.menu.dashboard", roles: ["admin", "superAdmin"] },
  { path: "deposits", label: "admin.menu.deposits", roles: ["admin", "superAdmin"] },
  { path: "withdrawals", label: "admin.menu.withdrawals", roles: ["admin", "superAdmin"] },
  { path: "players", label: "admin.menu.players", roles: ["superAdmin"] },
  { path: "sub-admins", label: "admin.menu.subAdmins", roles: ["superAdmin"] },
  { path: "change-password", label: "admin.menu.changePassword", roles: ["admin", "superAdmin"] },
];

export const menuFor = (role: Role) => ADMIN_MENU.filter((entry) => entry.roles.includes(role));
