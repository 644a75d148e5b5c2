import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api-client.ts";
import { ACTIVE_SOCIALS } from "./active-socials.ts";
import "./contact.css";

interface Social {
  id: string;
  socialName: string;
  socialLink: string;
  socialLinkLogo: string;
}

const LIST_PAINTED = "contact-list";

/** Contact & Community: the active social links (admins' links are http(s) only, text only). */
export function ContactPage() {
  const { t } = useTranslation();
  // null: asked for (the prerendered page shows 'Loading…'); "failed": not answered.
  const [socials, setSocials] = useState<Social[] | "failed" | null>(null);
  useEffect(() => {
    api<{ socials: Social[] }>(ACTIVE_SOCIALS).then(
      (response) => setSocials(response.socials),
      () => setSocials("failed"),
    );
  }, []);
  return (
    <main className="page">
      <h1>{t("contact.title")}</h1>
      {socials === null ? (
        <p>{t("common.loading")}</p>
      ) : socials === "failed" ? (
        <p className="text-danger" elementtiming={LIST_PAINTED}>
          {t("contact.failed")}
        </p>
      ) : socials.length === 0 ? (
        <p elementtiming={LIST_PAINTED}>{t("contact.empty")}</p>
      ) : (
        <ul className="social-list">
          {socials.map((social) => (
            <li key={social.id}>
              <a
                href={social.socialLink}
                target="_blank"
                rel="noopener noreferrer"
                elementtiming={LIST_PAINTED}
              >
                <img src={`/image/${social.socialLinkLogo}`} alt="" width={32} height={32} />
                {social.socialName}
              </a>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
