import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router-dom";
import { useSession } from "../../lib/session.tsx";

/** /process/{token}: where Google and Telegram sign-ins land; stores the token, loads the user, goes home. */
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
    adopt(token).finally(() => navigate("/", { replace: true }));
  }, [token, adopt, navigate]);
  return <main className="page">{t("common.loading")}</main>;
}
