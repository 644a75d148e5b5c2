import "../admin-texts.ts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";

/** Where an agent short of float tops it up. */
export function RequestChargeLink() {
  const { t } = useTranslation();
  return <Link to="/admin/dashboard/request-charge">{t("admin.menu.requestCharge")}</Link>;
}
