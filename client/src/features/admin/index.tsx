import { Route, Routes } from "react-router-dom";
import { AdminLayout } from "./admin-layout.tsx";
import {
  ChangePasswordScreen,
  PlayersScreen,
  SubAdminsScreen,
} from "./screens/accounts-screens.tsx";
import { DashboardScreen } from "./screens/dashboard-screen.tsx";
import { DepositRequestsScreen, WithdrawalRequestsScreen } from "./screens/requests-screens.tsx";

/** The back office under /admin/dashboard, loaded only when an admin opens it. */
export default function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<DashboardScreen />} />
        <Route path="deposits" element={<DepositRequestsScreen />} />
        <Route path="withdrawals" element={<WithdrawalRequestsScreen />} />
        <Route path="players" element={<PlayersScreen />} />
        <Route path="sub-admins" element={<SubAdminsScreen />} />
        <Route path="change-password" element={<ChangePasswordScreen />} />
      </Route>
    </Routes>
  );
}
