import { useNavigate } from "react-router-dom";
import { isAdminRole } from "../../lib/session.tsx";

/** After sign-in (player spec section 2): admins to the back office, players to their profile. */
export function useSignedInLanding() {
  const navigate = useNavigate();
  return (role: string) => navigate(isAdminRole(role) ? "/admin/dashboard" : "/dashboard/profile");
}
