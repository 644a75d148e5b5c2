import { PAGE_DATA_ID, PAGE_KEPT_META } from "@igp/shared/page-reads";
import { createContext, type ReactNode, useContext } from "react";

/**
 * The API answers a page was rendered with by the server (game-server's page-render.ts): the
 * session's user, the site's configuration, the page's own reads (a lobby's list), by the address
 * they were read at. The server writes them beside its HTML as a data block
 * (`<script type="application/json" id="page-data">`: data, never run, so the CSP's "no inline
 * script" holds), and the hydrating render starts from them, so that it equals the server's HTML.
 * Empty for a page the server did not render (a build's page, the service worker's shell).
 */
export type PageAnswers = Record<string, unknown>;

const PageDataContext = createContext<PageAnswers>({});

export function PageDataProvider({
  answers,
  children,
}: {
  answers: PageAnswers;
  children: ReactNode;
}) {
  return <PageDataContext.Provider value={answers}>{children}</PageDataContext.Provider>;
}

/** The answer the page was rendered with for `GET path`, if any. */
export function usePageAnswer<T>(path: string): T | undefined {
  return useContext(PageDataContext)[path] as T | undefined;
}

/** The answers in this page's data block (none when it has none). */
export function readPageAnswers(): PageAnswers {
  const block = document.getElementById(PAGE_DATA_ID);
  return block?.textContent ? (JSON.parse(block.textContent) as PageAnswers) : {};
}

/**
 * Whether this page came from the service worker's keep (client/src/sw-pages.ts marks it): its
 * answers are as they were when it was kept, so a page that shows them reads them again at once
 * (rendering them meanwhile: the hydrating render must equal the HTML).
 */
export function pageAnswersKept(): boolean {
  return (
    typeof document !== "undefined" &&
    document.querySelector(`meta[name="${PAGE_KEPT_META}"]`) !== null
  );
}
