import { lazy } from "react";
import { Route, Routes } from "react-router-dom";
import { AdminLayout, NotFoundScreen } from "./admin-layout.tsx";
import { DashboardScreen } from "./screens/dashboard-screen.tsx";
import "./admin.css";

// The back office's first download is the layout and the dashboard, where staff land: every other
// screen loads when first opened (the layout's Suspense shows 'Loading…' meanwhile).
const accounts = () => import("./screens/accounts-screens.tsx");
const agentMoney = () => import("./screens/agent-money-screens.tsx");
const requests = () => import("./screens/requests-screens.tsx");
const ChangePasswordScreen = lazy(() =>
  accounts().then((module) => ({ default: module.ChangePasswordScreen })),
);
const PlayersScreen = lazy(() => accounts().then((module) => ({ default: module.PlayersScreen })));
const SubAdminsScreen = lazy(() =>
  accounts().then((module) => ({ default: module.SubAdminsScreen })),
);
const RequestChargeScreen = lazy(() =>
  agentMoney().then((module) => ({ default: module.RequestChargeScreen })),
);
const TransactionsScreen = lazy(() =>
  agentMoney().then((module) => ({ default: module.TransactionsScreen })),
);
const CatalogScreen = lazy(() =>
  import("./screens/catalog-screens.tsx").then((module) => ({ default: module.CatalogScreen })),
);
const GamesScreen = lazy(() =>
  import("./screens/games-screen.tsx").then((module) => ({ default: module.GamesScreen })),
);
const DepositRequestsScreen = lazy(() =>
  requests().then((module) => ({ default: module.DepositRequestsScreen })),
);
const WithdrawalRequestsScreen = lazy(() =>
  requests().then((module) => ({ default: module.WithdrawalRequestsScreen })),
);
const ResetPasswordsScreen = lazy(() =>
  import("./screens/reset-passwords-screen.tsx").then((module) => ({
    default: module.ResetPasswordsScreen,
  })),
);
const SettingsScreen = lazy(() =>
  import("./screens/settings-screen.tsx").then((module) => ({ default: module.SettingsScreen })),
);
const ReportsScreen = lazy(() => import("./reports/reports-screen.tsx"));
const ActivityScreen = lazy(() => import("./activity/activity-screen.tsx"));
const LedgerExplorerScreen = lazy(() => import("./ledger/ledger-explorer-screen.tsx"));
const AuditorsScreen = lazy(() => import("./ledger/auditors-screen.tsx"));
const LinkedAccountsScreen = lazy(() => import("./linked-accounts/linked-accounts-screen.tsx"));

/** The back office under /admin/dashboard, loaded only when an admin opens it. */
export default function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<DashboardScreen />} />
        <Route path="deposits" element={<DepositRequestsScreen />} />
        <Route path="withdrawals" element={<WithdrawalRequestsScreen />} />
        <Route path="transactions" element={<TransactionsScreen />} />
        <Route path="players" element={<PlayersScreen />} />
        <Route path="sub-admins" element={<SubAdminsScreen />} />
        <Route path="games" element={<GamesScreen />} />
        <Route path="banks" element={<CatalogScreen kind="bank" />} />
        <Route path="withdraw-methods" element={<CatalogScreen kind="method" />} />
        <Route path="social-links" element={<CatalogScreen kind="social" />} />
        <Route path="request-charge" element={<RequestChargeScreen />} />
        <Route path="settings" element={<SettingsScreen />} />
        <Route path="reset-passwords" element={<ResetPasswordsScreen />} />
        <Route path="reports" element={<ReportsScreen />} />
        <Route path="activity" element={<ActivityScreen />} />
        <Route path="ledger" element={<LedgerExplorerScreen />} />
        <Route path="auditors" element={<AuditorsScreen />} />
        <Route path="linked-accounts" element={<LinkedAccountsScreen />} />
        <Route path="change-password" element={<ChangePasswordScreen />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
