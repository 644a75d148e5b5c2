import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router-dom";
import { AdminLayout, NotFoundScreen } from "./admin-layout.tsx";
import {
  ChangePasswordScreen,
  PlayersScreen,
  SubAdminsScreen,
} from "./screens/accounts-screens.tsx";
import { RequestChargeScreen, TransactionsScreen } from "./screens/agent-money-screens.tsx";
import { CatalogScreen } from "./screens/catalog-screens.tsx";
import { DashboardScreen } from "./screens/dashboard-screen.tsx";
import { GamesScreen } from "./screens/games-screen.tsx";
import { DepositRequestsScreen, WithdrawalRequestsScreen } from "./screens/requests-screens.tsx";
import { ResetPasswordsScreen } from "./screens/reset-passwords-screen.tsx";
import { SettingsScreen } from "./screens/settings-screen.tsx";
import "./admin.css";

/** The reports: their own chunk, loaded when first opened. */
const ReportsScreen = lazy(() => import("./reports/reports-screen.tsx"));
/** The staff activity log (superAdmin): its own chunk too. */
const ActivityScreen = lazy(() => import("./activity/activity-screen.tsx"));
/** The ledger explorer (superAdmin, auditor) and the auditors' accounts: their own chunks. */
const LedgerExplorerScreen = lazy(() => import("./ledger/ledger-explorer-screen.tsx"));
const AuditorsScreen = lazy(() => import("./ledger/auditors-screen.tsx"));
/** Linked accounts (superAdmin, auditor): its own chunk. */
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
        <Route
          path="reports"
          element={
            <Suspense fallback={null}>
              <ReportsScreen />
            </Suspense>
          }
        />
        <Route
          path="activity"
          element={
            <Suspense fallback={null}>
              <ActivityScreen />
            </Suspense>
          }
        />
        <Route
          path="ledger"
          element={
            <Suspense fallback={null}>
              <LedgerExplorerScreen />
            </Suspense>
          }
        />
        <Route
          path="auditors"
          element={
            <Suspense fallback={null}>
              <AuditorsScreen />
            </Suspense>
          }
        />
        <Route
          path="linked-accounts"
          element={
            <Suspense fallback={null}>
              <LinkedAccountsScreen />
            </Suspense>
          }
        />
        <Route path="change-password" element={<ChangePasswordScreen />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
