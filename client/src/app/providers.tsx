import type { ReactNode } from "react";
import { NoticeProvider } from "../components/ui/notice.tsx";
import { SessionProvider } from "../lib/session.tsx";
import { SiteConfigProvider } from "../lib/site-config.tsx";

/** What every screen reads: the server's configuration, the session, the notices. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <SiteConfigProvider>
      <SessionProvider>
        <NoticeProvider>{children}</NoticeProvider>
      </SessionProvider>
    </SiteConfigProvider>
  );
}
