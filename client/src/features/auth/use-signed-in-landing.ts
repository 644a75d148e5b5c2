import { useNavigate } from "react-router-dom";
import { isAdminRole } from "../../lib/session.tsx";
import { takeReturnTo } from "./return-to.ts";

/**
 * After sign-in (player spec section 2): admins to the back office, players to their profile,
 * or to the game's page they opened before signing in (return-to.ts).
 */
export function useSignedInLanding() {
  const navigate = useNavigate();
  return (role: string) =>
    navigate(isAdminRole(role) ? "/admin/dashboard" : (takeReturnTo() ?? "/dashboard/profile"));
}
