import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useSiteConfig } from "../../lib/site-config.tsx";

/** Google and Telegram buttons, shown only when the server has them configured. */
export function ExternalSignIn() {
  const { t } = useTranslation();
  const providers = useSiteConfig();
  const telegram = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    const bot = providers?.telegram?.botName;
    if (!bot || !telegram.current) return;
    const script = document.createElement("script");
    script.src = "https://telegram.org/js/telegram-widget.js?22";
    script.async = true;
    script.dataset.telegramLogin = bot;
    script.dataset.size = "large";
    script.dataset.authUrl = "/api/auth/telegram/callback";
    script.dataset.requestAccess = "write";
    telegram.current.replaceChildren(script);
  }, [providers]);
  if (!providers.google && !providers.telegram) return null;
  return (
    <div className="external-sign-in">
      {providers.google && (
        <a className="button button-secondary" href="/api/auth/google">
          {t("auth.google")}
        </a>
      )}
      {providers.telegram && (
        <fieldset ref={telegram} className="telegram-login" aria-label={t("auth.telegram")} />
      )}
    </div>
  );
}
