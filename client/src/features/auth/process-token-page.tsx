import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router-dom";
import { useSession } from "../../lib/session.tsx";
import { takeReturnTo } from "./return-to.ts";

/**
 * /process/{token}: where Google and Telegram sign-ins land; stores the token, loads the user,
 * goes home (or to the game's page opened before signing in: return-to.ts).
 */
export function ProcessTokenPage() {
  const { token } = useParams();
  const { adopt } = useSession();
  const navigate = useNavigate();
  const { t } = useTranslation();
  useEffect(() => {
    if (!token) {
      navigate("/");
      return;
    }
    adopt(token).finally(() => navigate(takeReturnTo() ?? "/", { replace: true }));
  }, [token, adopt, navigate]);
  return <main className="page">{t("common.loading")}</main>;
}
