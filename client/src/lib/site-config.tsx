import { SITE_CONFIG } from "@igp/shared/page-reads";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "./api-client.ts";
import { formatMoney } from "./money.ts";
import { usePageAnswer } from "./page-data.tsx";
import { useOnline } from "./use-online.ts";

export interface SiteConfig {
  google: boolean;
  telegram: { botName: string; appName: string | null } | null;
  currency: string;
  minimumAge: number;
}

const DEFAULTS: SiteConfig = { google: false, telegram: null, currency: "ETB", minimumAge: 18 };
const SiteConfigContext = createContext<SiteConfig>(DEFAULTS);

/**
 * What the server is configured with: the currency, which external sign-ins exist. Read once
 * online (an offline demo keeps the defaults until the network is back), unless the server
 * rendered the page with it.
 */
export function SiteConfigProvider({ children }: { children: ReactNode }) {
  const rendered = usePageAnswer<SiteConfig>(SITE_CONFIG);
  const [config, setConfig] = useState(rendered ?? DEFAULTS);
  const [loaded, setLoaded] = useState(rendered !== undefined);
  const online = useOnline();
  useEffect(() => {
    if (!online || loaded) return;
    api<SiteConfig>(SITE_CONFIG).then(
      (answer) => {
        setConfig(answer);
        setLoaded(true);
      },
      () => {},
    );
  }, [online, loaded]);
  return <SiteConfigContext.Provider value={config}>{children}</SiteConfigContext.Provider>;
}

export const useSiteConfig = () => useContext(SiteConfigContext);

/** Formats a major-unit amount in the configured currency for the current language. */
export function useMoney() {
  const { i18n } = useTranslation();
  const { currency } = useSiteConfig();
  return (amount: number) => formatMoney(amount, i18n.language, currency);
}
