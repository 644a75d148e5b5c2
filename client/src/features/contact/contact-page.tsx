import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api-client.ts";
import "./contact.css";

interface Social {
  id: string;
  socialName: string;
  socialLink: string;
  socialLinkLogo: string;
}

/** Contact & Community: the active social links (admins' links are http(s) only, text only). */
export function ContactPage() {
  const { t } = useTranslation();
  const [socials, setSocials] = useState<Social[] | null>(null);
  useEffect(() => {
    api<{ socials: Social[] }>("/api/social/get/active?page=1").then(
      (response) => setSocials(response.socials),
      () => setSocials([]),
    );
  }, []);
  return (
    <main className="page">
      <h1>{t("contact.title")}</h1>
      {socials === null ? (
        <p>{t("common.loading")}</p>
      ) : socials.length === 0 ? (
        <p>{t("contact.empty")}</p>
      ) : (
        <ul className="social-list">
          {socials.map((social) => (
            <li key={social.id}>
              <a href={social.socialLink} target="_blank" rel="noopener noreferrer">
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
