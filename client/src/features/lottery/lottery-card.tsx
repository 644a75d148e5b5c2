import type { LotteryView } from "@igp/shared";
import { useTranslation } from "react-i18next";
import { Modal } from "../../components/ui/modal.tsx";
import { useMoney } from "../../lib/site-config.tsx";

/** One lottery: banner, title, price, win amount, out date, commitment; Buy Ticket and prizes. */
export function LotteryCard(props: { lottery: LotteryView; onBuy(): void; onPrizes(): void }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const { lottery } = props;
  return (
    <li className="card game-card lottery-card" data-lottery={lottery.code}>
      <img className="lottery-banner" src={lottery.image} alt="" loading="lazy" />
      <h2>{lottery.title}</h2>
      <dl className="lottery-figures">
        <dt>{t("lottery.price")}</dt>
        <dd>{money(lottery.betAmount)}</dd>
        <dt>{t("lottery.winAmount")}</dt>
        <dd>{money(lottery.winAmount)}</dd>
        <dt>{t("lottery.outDate")}</dt>
        <dd>{new Date(lottery.outDate).toLocaleString(i18n.language)}</dd>
        <dt>{t("lottery.commitment")}</dt>
        <dd>
          <code className="commitment">{lottery.commitment}</code>
        </dd>
      </dl>
      <div className="card-actions">
        <button type="button" className="button" onClick={props.onBuy}>
          {t("lottery.buyTicket")}
        </button>
        <button type="button" className="button button-secondary" onClick={props.onPrizes}>
          {t("lottery.listOfPrizes")}
        </button>
      </div>
    </li>
  );
}

/** 'Prize List': each place and what it wins, with Close. */
export function PrizeListDialog({ lottery, onClose }: { lottery: LotteryView; onClose(): void }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Modal title={t("lottery.prizeList")} onClose={onClose}>
      <ol className="prize-list">
        {lottery.prizeList.map((prize) => (
          <li key={prize.place}>{prize.amount === null ? prize.label : money(prize.amount)}</li>
        ))}
      </ol>
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose}>
          {t("lottery.close")}
        </button>
      </div>
    </Modal>
  );
}

/** 'Confirm Purchase' with Cancel and Confirm. */
export function ConfirmPurchaseDialog(props: {
  lottery: LotteryView;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Modal title={t("lottery.confirmPurchase")} onClose={props.onCancel}>
      <p>
        {t("lottery.confirmText", {
          title: props.lottery.title,
          price: money(props.lottery.betAmount),
        })}
      </p>
      <div className="modal-actions">
        <button type="button" className="button button-secondary" onClick={props.onCancel}>
          {t("common.cancel")}
        </button>
        <button type="button" className="button" disabled={props.busy} onClick={props.onConfirm}>
          {t("lottery.confirm")}
        </button>
      </div>
    </Modal>
  );
}
