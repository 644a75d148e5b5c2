import type { ReactNode } from "react";
import { NoticeProvider } from "../components/ui/notice.tsx";
import { type PageAnswers, PageDataProvider } from "../lib/page-data.tsx";
import { SessionProvider } from "../lib/session.tsx";
import { SiteConfigProvider } from "../lib/site-config.tsx";

/**
 * What every screen reads: the answers the server rendered the page with (none for a build's
 * page), the server's configuration, the session, the notices.
 */
export function Providers({
  answers = {},
  children,
}: {
  answers?: PageAnswers;
  children: ReactNode;
}) {
  return (
    <PageDataProvider answers={answers}>
      <SiteConfigProvider>
        <SessionProvider>
          <NoticeProvider>{children}</NoticeProvider>
        </SessionProvider>
      </SiteConfigProvider>
    </PageDataProvider>
  );
}
