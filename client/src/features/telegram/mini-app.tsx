import "./telegram-locales.ts";
import "./telegram-theme.css";
import {
  GAME_NOT_FOUND,
  type LoginResponse,
  miniAppLink,
  parseStartParam,
  type RoundByCode,
  type StartTarget,
} from "@igp/shared";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type NavigateFunction, useLocation, useNavigate } from "react-router-dom";
import { useNotice } from "../../components/ui/notice.tsx";
import { ApiError, api } from "../../lib/api-client.ts";
import { useMessage } from "../../lib/messages.ts";
import { useSession } from "../../lib/session.tsx";
import { useSiteConfig } from "../../lib/site-config.tsx";
import { connectMiniApp } from "../../lib/telegram/mini-app-port.ts";
import { watchMoneyInFlight } from "./money-in-flight.ts";
import {
  confirmClosing,
  feel,
  type Launch,
  share,
  showBackButton,
  showMainButton,
  startTelegram,
} from "./telegram-sdk.ts";

const DepositDialog = lazy(() =>
  import("../wallet/deposit-dialog.tsx").then((module) => ({ default: module.DepositDialog })),
);

type SignIn =
  | { state: "signing-in" }
  | { state: "signed-in" }
  | { state: "refused"; message: string }
  | { state: "linked-elsewhere"; message: string };

/**
 * The site as Telegram's Mini App (docs/telegram.md), loaded only when Telegram opened the page:
 * starts the SDK, signs in with the launch's init data, opens the link's target (a private game,
 * a lottery, the deposit screen), drives the router with the Back Button, asks before closing
 * while money is on its way, and connects the Main Button, haptics and sharing to the screens.
 */
export default function MiniApp() {
  const [launch, setLaunch] = useState<Launch | null | "starting">("starting");
  useEffect(() => {
    let stop = () => {};
    let active = true;
    void startTelegram().then((started) => {
      if (!active) return started?.stop();
      stop = started?.stop ?? stop;
      setLaunch(started?.launch ?? null);
    });
    return () => {
      active = false;
      stop();
    };
  }, []);
  if (launch === "starting") return null;
  if (launch === null) return <PlainBrowser />;
  return <InsideTelegram launch={launch} />;
}

function InsideTelegram({ launch }: { launch: Launch }) {
  const signIn = useMiniAppSignIn(launch.initData);
  const { user } = useSession();
  const [depositOpen, setDepositOpen] = useState(false);
  usePortConnected();
  useBackButtonDrivesRouter();
  useEffect(() => watchMoneyInFlight(confirmClosing), []);
  // A new account answers the age question first (the layout shows only that): the link's
  // target opens once it has.
  useStartTarget(
    parseStartParam(launch.startParam),
    signIn.state !== "signing-in" && !user?.ageConfirmationDue,
    () => setDepositOpen(true),
  );
  return (
    <>
      <SignInStatus signIn={signIn} />
      <Suspense fallback={null}>
        {depositOpen && signIn.state === "signed-in" && (
          <DepositDialog onClose={() => setDepositOpen(false)} />
        )}
      </Suspense>
    </>
  );
}

/**
 * Signs in with the init data at launch, with the stored session if any (which links that
 * player's account to the Telegram user); refused, says why. A Telegram user linked to another
 * player than the stored session's may sign out and continue with the same launch.
 */
function useMiniAppSignIn(initData: string) {
  const session = useSession();
  const [signIn, setSignIn] = useState<SignIn & { retry?(): void }>({ state: "signing-in" });
  const started = useRef(false);
  const send = useCallback(
    async (anonymous: boolean) => {
      setSignIn({ state: "signing-in" });
      try {
        const answer = await api<LoginResponse>("/api/auth/telegram/mini-app", {
          body: { initData },
          anonymous,
        });
        session.signIn(answer);
        setSignIn({ state: "signed-in" });
      } catch (error) {
        const message = error instanceof ApiError ? error.message : String(error);
        feel("error");
        if (error instanceof ApiError && error.status === 409)
          setSignIn({
            state: "linked-elsewhere",
            message,
            retry: () => {
              session.signOut();
              void send(true);
            },
          });
        else setSignIn({ state: "refused", message });
      }
    },
    [initData, session],
  );
  useEffect(() => {
    if (started.current || session.loading) return;
    started.current = true;
    void send(false);
  }, [send, session.loading]);
  return signIn;
}

function SignInStatus({ signIn }: { signIn: SignIn & { retry?(): void } }) {
  const { t } = useTranslation();
  const message = useMessage();
  if (signIn.state === "signed-in") return null;
  if (signIn.state === "signing-in")
    return (
      <p className="mini-app-status" role="status" data-testid="mini-app-status">
        {t("telegram.signingIn")}
      </p>
    );
  return (
    <div className="mini-app-status is-refused" role="alert" data-testid="mini-app-status">
      <strong>{t("telegram.signInFailed")}</strong> <span>{message(signIn.message)}</span>
      {signIn.retry && (
        <button type="button" className="button button-small" onClick={signIn.retry}>
          {t("telegram.continueWithTelegram")}
        </button>
      )}
    </div>
  );
}

function PlainBrowser() {
  const { t } = useTranslation();
  return (
    <p className="mini-app-status" role="status" data-testid="mini-app-status">
      {t("telegram.plainBrowser")}
    </p>
  );
}

/** The screens' Main Button, haptics and sharing, through lib/telegram/mini-app-port.ts. */
function usePortConnected() {
  const { t } = useTranslation();
  const { telegram } = useSiteConfig();
  useEffect(() => {
    connectMiniApp({
      showMainButton,
      haptic: feel,
      shareGame: telegram
        ? (code) =>
            share(
              miniAppLink(
                { botName: telegram.botName, appName: telegram.appName },
                {
                  kind: "game",
                  code,
                },
              ),
              t("telegram.shareText", { code }),
            )
        : null,
    });
    return () => connectMiniApp(null);
  }, [telegram, t]);
}

/** Telegram's Back Button goes back in the router, shown anywhere but the home page. */
function useBackButtonDrivesRouter() {
  const navigate = useNavigate();
  const { pathname, key } = useLocation();
  useEffect(() => {
    const onHome = pathname === "/";
    // The first page of this visit has nothing behind it: back goes home.
    const first = key === "default" || (window.history.state?.idx ?? 0) === 0;
    return showBackButton(!onHome, () => (first ? navigate("/") : navigate(-1)));
  }, [pathname, key, navigate]);
}

/** Opens the launch link's target once the sign-in is settled (either way). */
function useStartTarget(target: StartTarget | null, settled: boolean, openDeposit: () => void) {
  const navigate = useNavigate();
  const notify = useNotice();
  const { t } = useTranslation();
  const opened = useRef(false);
  useEffect(() => {
    if (!target || !settled || opened.current) return;
    opened.current = true;
    void openTarget(target, navigate, openDeposit).catch(() =>
      notify({ type: "danger", title: t("telegram.linkFailed"), message: GAME_NOT_FOUND }),
    );
  }, [target, settled, navigate, openDeposit, notify, t]);
}

async function openTarget(
  target: StartTarget,
  navigate: NavigateFunction,
  openDeposit: () => void,
) {
  if (target.kind === "deposit") return openDeposit();
  if (target.kind === "lottery") return navigate(`/play/instant/lottery/${target.code}`);
  const { game } = await api<RoundByCode>(`/api/game/round/${target.code}`, { anonymous: true });
  navigate(`/play/instant/${game}/${target.code}`);
}
